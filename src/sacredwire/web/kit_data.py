"""The data the squad builder and the mission generator run on, generated from the tables at build time.

``kit-data.js`` assigns one object to ``window.SW28_KIT``: every cost,
restriction and table row the web pages need, read through the same catalogue,
engine and rule index as ``sw28 squad`` and ``sw28 mission``, so the browser
computes from the content, never from numbers typed into the scripts.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.dice import TIER_SIDES
from ..engine.gear import Armor, Weapon
from ..engine.squad import ATTRIBUTES, BOSS
from ..engine_adapter import RulesTableError, rules_from_tables
from ..ids import TableId
from ..kit.catalogue import Catalogue, Kind, cell_words, translated
from ..kit.findings import finding_templates, finding_words
from ..kit.mission import (
    ADVANTAGE_TABLES,
    ADVANTAGES_RULE,
    GENERATOR_RULE,
    MISSION_TABLE,
    SETUP_RULE,
    SPAWN_TABLE,
    TIMING_TABLE,
    generator_tables,
    spawn_rounds,
)
from ..kit.references import RuleIndex
from ..kit.squad import (
    ARMOR_RULE,
    CAMPAIGN_MODEL_KEYS,
    CHOICE_STATS,
    EQUIPMENT_RULE,
    ITEM_LISTS,
    MODEL_KEYS,
    SQUAD_RULE,
)
from ..kit.squad_pdf import LABELS
from ..model import Row, Rulebook, Table, Text
from ..render import is_drawing

KIT_DATA = "kit-data.js"
# The site cites no printed page, as its own cross-references do not (a rule's link is its place): it is
# made without laying the booklets out, and pages read from a build's record would make its files depend
# on a folder that is not among its sources, and could be another build's.
NO_PAGES: Mapping[str, Mapping[str, int]] = {}


def _words(value: Any, lang: str, rulebook: Rulebook, table: Table, row: Row | None = None,
           column: str | None = None) -> str:
    """A cell's words as the pages show them: rule fields printed from the content, as the booklets do.

    Never another language's words: a cell the language lacks is refused (TBL007), as the build does.
    """
    if isinstance(value, Text):
        return cell_words(value, rulebook, lang, table, row, column)
    return "" if value is None else str(value)


def _rule(index: RuleIndex, rule_id: str, href) -> dict[str, Any]:
    ref = index.rule(rule_id)
    return {"id": str(ref.id), "title": ref.title, "cite": index.cite(ref), "href": href(str(ref.id))}


def kit_available(rulebook: Rulebook) -> bool:
    """Whether the content holds every table the kit reads (a small project may have none of them)."""
    needed = ("contract-types", "stat-arrays", "broadcast-powers", "injuries", "promotion", "cybernetics",
              MISSION_TABLE, TIMING_TABLE, SPAWN_TABLE, *ADVANTAGE_TABLES.values())
    if not all(TableId(name) in rulebook.tables for name in needed):
        return False
    try:
        rules_from_tables(rulebook)
    except RulesTableError:
        return False
    return True


def kit_data(rulebook: Rulebook, langs: Sequence[str], rule_href) -> dict[str, Any]:
    """Everything both pages need, per language; ``rule_href(rule_id, lang)`` links a rule's section."""
    rules = rules_from_tables(rulebook)
    catalogue = Catalogue(rulebook)
    data: dict[str, Any] = {
        "attributes": list(ATTRIBUTES), "tiers": [f"2d{sides}" for sides in TIER_SIDES], "budget": rules.numbers.budget,
        "squadSize": rules.numbers.squad_size, "boss": BOSS, "modelKeys": list(MODEL_KEYS), "itemLists": {
            key: kind.noun for key, kind in ITEM_LISTS.items()},
        "campaignModelKeys": list(CAMPAIGN_MODEL_KEYS), "choiceStats": list(CHOICE_STATS),
        "kinds": [kind.noun for kind in Kind],
        "thresholds": list(rules.promotion_thresholds), "evidenceSides": rules.evidence_die.sides,
        "terminated": min(rules.injuries, key=lambda row: row.band.low).key,
        "rows": {}, "langs": {},
    }
    # Rows by kind: numbers once, names per language.
    for kind in Kind:
        rows = []
        for key, entry in catalogue.entries[kind].items():
            row: dict[str, Any] = {"key": key, "table": str(entry.table.id),
                                   "names": {lang: entry.name(lang) for lang in langs}}
            if kind is Kind.CONTRACT:
                contract = rules.contracts[key]
                row.update(health=contract.health, move=contract.move, weapons=contract.weapons.value,
                           maxArmor=contract.max_armor.key, maxArmorRank=contract.max_armor.rank,
                           maxPerSquad=contract.max_per_squad, attributeBonus=contract.attribute_bonus,
                           meleeDamageBonus=contract.melee_damage_bonus,
                           ignoresArmorMove=contract.ignores_armor_move_penalty,
                           freePowers=entry.row.cells.get("free_powers") or 0,
                           access={lang: entry.words("weapons", rulebook, lang) for lang in langs},
                           special={lang: entry.words("special", rulebook, lang) for lang in langs})
            elif kind is Kind.ARRAY:
                row["dice"] = [str(tier) for tier in rules.stat_arrays[key].dice]
            elif kind in (Kind.WEAPON, Kind.ARMOR, Kind.CONSUMABLE, Kind.GEAR, Kind.IMPLANT):
                item = rules.item(key)
                row["cost"] = item.cost
                if isinstance(item, Weapon):
                    row.update(weaponClass=item.weapon_class.value, damage=str(item.damage),
                               damageCount=item.damage.count, damageSides=item.damage.sides,
                               damageBonus=item.damage.bonus)
                if isinstance(item, Armor):
                    row.update(tier=item.tier.key, tierRank=item.tier.rank, move=item.move)
                if kind is Kind.IMPLANT:
                    row["repairs"] = entry.row.cells.get("repairs")
            elif kind in (Kind.INJURY, Kind.PROMOTION):
                results = rules.injuries if kind is Kind.INJURY else rules.promotions
                result = next(result for result in results if result.key == key)
                row["effects"] = [{"stat": effect.stat, "change": effect.change} for effect in result.effects]
            texts = {}
            for column in ("special", "effect"):
                if isinstance(entry.row.cells.get(column), Text):
                    texts[column] = {lang: entry.words(column, rulebook, lang) for lang in langs}
            row["texts"] = texts
            rows.append(row)
        data["rows"][kind.noun] = rows

    for lang in langs:
        index = RuleIndex(rulebook, lang, NO_PAGES)

        def href(rule_id: str, lang: str = lang) -> str:
            return rule_href(rule_id, lang) or ""

        kind_rules = {kind.noun: _rule(index, EQUIPMENT_RULE, href) if kind is Kind.WEAPON else
                      _rule(index, str(index.for_table(kind.tables[0]).id), href) for kind in Kind}
        tables = {name: _rule(index, str(index.for_table(name).id), href)
                  for name in ("contract-types", "stat-arrays", "broadcast-powers", "injuries", "promotion",
                               "promotion-thresholds", "cybernetics", "merit-sources", "evidence-types")}
        generator = generator_tables(rulebook, index)
        data["langs"][lang] = {
            "rules": {"squad": _rule(index, SQUAD_RULE, href), "equipment": _rule(index, EQUIPMENT_RULE, href),
                      "armor": _rule(index, ARMOR_RULE, href), "kinds": kind_rules, "tables": tables,
                      "setup": _rule(index, SETUP_RULE, href), "generator": _rule(index, GENERATOR_RULE, href),
                      "advantages": _rule(index, ADVANTAGES_RULE, href)},
            "missionTables": [_table(rulebook, index, table.id, lang, href)
                              for table in generator],
            "advantageTables": {column: _table(rulebook, index, TableId(table_id), lang, href)
                                for column, table_id in ADVANTAGE_TABLES.items()},
            "boards": _boards(rulebook, lang, href),
            "findings": finding_templates(rulebook, lang), "findingWords": finding_words(rulebook, lang),
            "labels": {key: translated(rulebook.tables[TableId(table)].column(column).title, lang,
                                       rulebook.tables[TableId(table)], column=column)
                       for key, (table, column) in LABELS.items()},
        }
    data["gap"] = [{"low": row.band.low, "high": row.band.high, "setup": row.setup, "tactical": row.tactical,
                    "either": row.either} for row in rules.evidence_gap]
    data["spawnTable"], data["timingTable"], data["missionTable"] = SPAWN_TABLE, TIMING_TABLE, MISSION_TABLE
    timing = rulebook.tables[TableId(TIMING_TABLE)]
    data["spawnRounds"] = {row.key: spawn_rounds(row.cells) for row in timing.rows}
    return data


def _table(rulebook: Rulebook, index: RuleIndex, table_id: TableId, lang: str, href) -> dict[str, Any]:
    from ..engine import Dice
    from ..engine.campaign import Band

    table = rulebook.tables[table_id]
    die = Dice.parse(str(table.die))
    rows = []
    for row in table.rows:
        band = Band.parse(row["roll"])  # type: ignore[arg-type]
        words = [_words(row.cells.get(column.key), lang, rulebook, table, row, column.key)
                 for column in table.booklet_columns
                 if column.kind == "text" and isinstance(row.cells.get(column.key), Text)]
        rows.append({"key": row.key, "low": band.low, "high": band.high, "words": words,
                     "section": row.cells.get("section") if isinstance(row.cells.get("section"), str) else None})
    return {"id": str(table.id), "title": _words(table.title, lang, rulebook, table), "die": str(table.die),
            "count": die.count, "sides": die.sides, "bonus": die.bonus, "rows": rows,
            "rule": _rule(index, str(index.for_table(str(table.id)).id), href)}


def _boards(rulebook: Rulebook, lang: str, href) -> dict[str, dict[str, Any]]:
    """Each mission's rules and its board as the Missions booklet draws it."""
    sections = rulebook.sections(lang)
    index = RuleIndex(rulebook, lang, NO_PAGES)
    boards = {}
    for row in rulebook.tables[TableId(MISSION_TABLE)].rows:
        section_id = str(row["section"])
        section = next(section for rule_id, section in sections.items() if str(rule_id) == section_id)
        boards[row.key] = {"rule": _rule(index, section_id, href),
                           "svg": "".join(token.content for token in section.tokens if is_drawing(token))}
    return boards


def kit_script(rulebook: Rulebook, langs: Sequence[str], rule_href) -> bytes:
    """``kit-data.js``: the data as one assignment, so the pages work from ``file://`` too."""
    payload = json.dumps(kit_data(rulebook, langs, rule_href), ensure_ascii=False, sort_keys=True,
                         separators=(",", ":"))
    # "</" would end a script element if the data were ever inlined; escaped, it reads the same.
    return ("window.SW28_KIT = " + payload.replace("</", "<\\/") + ";\n").encode("utf-8")
