"""The tables beyond combat and the post-game, read into the engine's :class:`~sacredwire.engine.book.Book`.

Actions, vertical movement, the mission generator and the advantage tables,
Evidence types, hostile and Coworker units with their tiers, the Coworkers'
behavior, the mission table and the Sample Models. As in
:mod:`sacredwire.engine_adapter`, a number the engine computes with is a typed
cell (a structured column the booklets leave out where the words print it), and
the words are checked to print the same value in every language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from .engine.book import Book
from .engine.campaign import Band, Effect, TableRow
from .engine.dice import Dice, DiceTier
from .engine.effects import MAX_WEAPON_DAMAGE, WEAPON_DAMAGE, CriticalEffect, FumbleEffect
from .engine.gear import Item
from .engine.hostiles import NORMAL, Attack, CoworkerRow, HostileUnit, UnitTier, parse_groups
from .engine.movement import Action, VerticalMove
from .engine.numbers import RuleNumbers
from .engine.samples import SampleModel, sample_problems
from .engine.setup import SETUP_TABLES, SPAWN_COLUMNS, SPAWN_LOCATION, Mission, RolledTable, SetupTables, Spawn
from .engine_adapter import (
    BEHAVIOUR_SUFFIX,
    CRITICAL_PREFIX,
    FUMBLE_PREFIX,
    RulesTableError,
    Stated,
    _action_key,
    _die,
    _inches,
    _Reader,
    _signed,
)
from .languages import language
from .model import Row, Rulebook, Table

ACTION_STATED = (
    Stated("dt", _signed, "action_dt"),
    Stated("reach", _inches, "action_reach"),
)
CAMPAIGN_PREFIX = "campaign-"
UNITS_SUFFIX = "-units"
# The Coworkers' units table is read with the factions': the same tiers and spawns (I4.1).
COWORKERS = "coworker"
COWORKER_BEHAVIOUR = "coworker-behaviour-"
LOOT_MARKERS = (Stated("markers", lambda value: f"{value} ", "loot_markers"),)
LOOT_SEARCH_DT = (Stated("search_dt", _signed, "loot_search_dt"),)
# How a Hostile Timing row's words name a spawn's round and tier, per language ({round}, {tier}: its name).
ATTACKS = {"Melee": Attack.MELEE, "Ranged": Attack.RANGED, "Power": Attack.POWER}
# A Sample Models row's gear words print each item's price in parentheses, in the items' order.
PRICE = re.compile(r"\((\d+)\)")


def _rolled(reader: _Reader, name: str) -> RolledTable:
    table = reader.table(name)
    return RolledTable(_die(table), tuple(TableRow(row.key, reader.parsed(table, row, "roll", Band.parse))
                                          for row in table.rows))


def _actions(reader: _Reader) -> dict[str, Action]:
    table = reader.table("actions", ("effect", *(item.column for item in ACTION_STATED)))
    actions = {}
    for row in table.rows:
        values = reader.stated(table, row, "effect", ACTION_STATED)
        actions[row.key] = Action(row.key, dt=values.get("dt", 0), reach=values.get("reach"))
    return actions


def _vertical(reader: _Reader) -> dict[str, VerticalMove]:
    table = reader.table("vertical-movement", ("cost", "per", "max"))
    return {row.key: VerticalMove(row.key, reader.number(table, row, "cost"), reader.optional(table, row, "per"),
                                  reader.optional(table, row, "max"))
            for row in table.rows}


def _tiers(reader: _Reader) -> tuple[tuple[UnitTier, ...], dict[str, dict[str, str]]]:
    """The unit tiers, and each tier's name per language (how units and spawns name it)."""
    table = reader.table("unit-tiers", ("tier",))
    tiers = tuple(UnitTier(row.key, reader.parsed(table, row, "roll", Band.parse)) for row in table.rows)
    return tiers, {row.key: reader.words(table, row, "tier") for row in table.rows}


def _spawns(reader: _Reader, names: Mapping[str, Mapping[str, str]]) -> dict[str, tuple[Spawn, ...]]:
    table = reader.table(f"{CAMPAIGN_PREFIX}hostile-timing", ("spawns", *SPAWN_COLUMNS))
    spawns = {}
    for row in table.rows:
        spawns[row.key] = tuple(Spawn(reader.number(table, row, at), str(reader.cell(table, row, tier)))
                                for at, tier in (SPAWN_COLUMNS[:2], SPAWN_COLUMNS[2:]))
        if spawns[row.key][1].round < spawns[row.key][0].round:
            reader.problem(table, row, "later_round comes before round")
        for spawn in spawns[row.key]:
            if spawn.tier not in names:
                reader.problem(table, row, f"the spawns name the tier {spawn.tier!r}, which unit-tiers lacks")
                continue
            for lang, text in sorted(reader.words(table, row, "spawns").items()):
                if lang not in names[spawn.tier]:
                    continue
                round_words, tier_words = language(lang).stated["spawn_round"], language(lang).stated["spawn_tier"]
                tier = re.escape(names[spawn.tier][lang])
                if not (re.search(round_words.format(round=spawn.round), text)
                        and re.search(tier_words.format(tier=tier), text)):
                    reader.problem(table, row, f"a spawn at round {spawn.round} ({spawn.tier}) but the {lang} "
                                               f"spawns do not say so: {text!r}")
    return spawns


def _setup(reader: _Reader, names: Mapping[str, Mapping[str, str]], numbers: RuleNumbers) -> SetupTables:
    tables = {name: _rolled(reader, CAMPAIGN_PREFIX + name) for name in (*SETUP_TABLES, SPAWN_LOCATION)}
    table = reader.table(f"{CAMPAIGN_PREFIX}loot-layout", ("rule", "markers"))
    markers = {row.key: reader.stated(table, row, "rule", LOOT_MARKERS).get("markers", 0) for row in table.rows}
    table = reader.table(f"{CAMPAIGN_PREFIX}loot-modifiers", ("effect", "search_dt"))
    search_dt = {row.key: reader.stated(table, row, "effect", LOOT_SEARCH_DT).get("search_dt", 0)
                 for row in table.rows}
    return SetupTables(tables, _spawns(reader, names), markers, search_dt,
                       _rolled(reader, "setup-advantages"), _rolled(reader, "tactical-advantages"),
                       numbers.spawn_delay)


def _unit(reader: _Reader, table: Table, row: Row, faction: str, tiers: tuple[UnitTier, ...],
          names: Mapping[str, Mapping[str, str]]) -> HostileUnit:
    band = reader.parsed(table, row, "roll", Band.parse)
    tier = next((tier.key for tier in tiers if tier.band.contains(band.low)), None)
    if tier is None:
        raise RulesTableError(row.location, f"table {table.id}, row {row.key}: no unit tier holds roll {band}")
    printed = reader.words(table, row, "tier")
    if any(names[tier].get(lang) != text for lang, text in printed.items()):
        reader.problem(table, row, f"unit-tiers puts roll {band} in {tier}, but the row prints "
                                   f"{' / '.join(sorted(printed.values()))}")
    attack = ATTACKS.get(reader.words(table, row, "attack").get("en", ""))
    if attack is None:
        raise RulesTableError(row.location, f"table {table.id}, row {row.key}: attack is Melee, Ranged or Power")
    return HostileUnit(
        key=row.key, faction=faction, band=band, tier=tier, groups=reader.parsed(table, row, "spawn", parse_groups),
        combat=reader.parsed(table, row, "combat", DiceTier.parse),
        defense=reader.parsed(table, row, "defense", DiceTier.parse),
        wits=reader.parsed(table, row, "wits", DiceTier.parse), health=reader.number(table, row, "health"),
        move=reader.number(table, row, "move"), weapon_type=str(reader.cell(table, row, "type")), attack=attack,
        damage=reader.parsed(table, row, "damage", Dice.parse))


def _units(reader: _Reader, rulebook: Rulebook, tiers: tuple[UnitTier, ...],
           names: Mapping[str, Mapping[str, str]]) -> dict[str, tuple[HostileUnit, ...]]:
    units = {}
    for table_id in rulebook.tables:
        name = str(table_id)
        if not name.endswith(UNITS_SUFFIX):
            continue
        faction = name[:-len(UNITS_SUFFIX)]
        table = reader.table(name, ("roll", "tier", "spawn", "combat", "defense", "wits", "health", "move", "type",
                                    "attack", "damage"))
        units[faction] = tuple(_unit(reader, table, row, faction, tiers, names) for row in table.rows)
    return units


def _coworker_behaviour(reader: _Reader, rulebook: Rulebook) -> dict[str, tuple[CoworkerRow, ...]]:
    behaviour = {}
    for table_id in rulebook.tables:
        name = str(table_id)
        if not name.startswith(COWORKER_BEHAVIOUR):
            continue
        table = reader.table(name)
        situations = [column.key for column in table.columns if column.kind == "text"]
        behaviour[name[len(COWORKER_BEHAVIOUR):]] = tuple(
            CoworkerRow(reader.parsed(table, row, "roll", Band.parse),
                        {situation: _action_key(reader.words(table, row, situation).get("en", ""))
                         for situation in situations})
            for row in table.rows)
    if NORMAL not in behaviour:
        raise RulesTableError(None, f"the rules engine needs the table {COWORKER_BEHAVIOUR}{NORMAL}")
    return behaviour


def _samples(reader: _Reader, items: Mapping[str, Item], numbers: RuleNumbers) -> tuple[SampleModel, ...]:
    table = reader.table("sample-models", ("items", "gear", "cost"))
    samples = []
    for row in table.rows:
        keys = tuple(str(reader.cell(table, row, "items") or "").split())
        unknown = [key for key in keys if key not in items]
        if unknown or not keys:
            reader.problem(table, row, f"items names no weapon, armor or gear {', '.join(unknown) or '(empty)'}")
            continue
        sample = SampleModel(row.key, str(reader.words(table, row, "contract").get("en", "")), keys,
                             reader.number(table, row, "cost"))
        carried = [items[key] for key in keys]
        for problem in sample_problems(sample, carried, numbers.sample_max_cost):
            reader.problem(table, row, problem)
        prices = [item.cost for item in carried]
        for lang, text in sorted(reader.words(table, row, "gear").items()):
            printed = [int(price) for price in PRICE.findall(text)]
            if printed != prices:
                reader.problem(table, row, f"the {lang} gear prints the prices {printed}, but its items cost "
                                           f"{prices} in the Requisitions tables: {text!r}")
        samples.append(sample)
    return tuple(samples)


# A5.1: the stats a critical changes for good ("attributes": all three), and how its words print the change.
CRITICAL_STATS = ("move", "combat", "defense", "wits", "attributes")
CRITICAL_OUTCOMES = ("bleed", "out-of-action")
# The names, in each language entry's ``stated``, of the words that say a critical result bleeds or takes
# the target Out of Action, and that a fumble damages its attacker.
BLEEDS, OUT_OF_ACTION = "bleeds", "out_of_action"
# A6: how a fumble's words name the damage its attacker takes.
SELF_DAMAGE = {WEAPON_DAMAGE: "takes_weapon_damage", MAX_WEAPON_DAMAGE: "takes_max_weapon_damage"}


def _shown(stat: str, change: int) -> str:
    return f'{change:+d}"' if stat == "move" else f"{change:+d}"


def _critical(reader: _Reader, table: Table, row: Row, numbers: RuleNumbers) -> CriticalEffect:
    words = reader.words(table, row, "effect")
    bonus = reader.parsed(table, row, "bonus_damage", lambda cell: None if cell is None else Dice.parse(cell))
    stat = reader.choice(table, row, "stat", CRITICAL_STATS)
    change = reader.optional(table, row, "change")
    outcome = reader.choice(table, row, "outcome", CRITICAL_OUTCOMES)
    expected: list[str] = []
    if bonus is not None:
        expected.append(f"+{bonus}")
    lasting: tuple[Effect, ...] = ()
    if (stat is None) != (change is None):
        reader.problem(table, row, "stat and change are both given or both empty")
    elif stat is not None and change is not None:
        expected.append(_shown(stat, change))
        stats = ("combat", "defense", "wits") if stat == "attributes" else (stat,)
        lasting = tuple(Effect(each, change) for each in stats)
    if outcome == "bleed":
        expected.append(str(numbers.bleed_damage))
    if outcome == "out-of-action":
        expected.append(f"{numbers.injury_penalty:+d}")
    for lang, text in sorted(words.items()):
        missing = [shown for shown in expected if shown not in text]
        if missing:
            reader.problem(table, row, f"the {lang} effect {text!r} does not print {', '.join(missing)}")
        for name, stated, value in (("bleed", BLEEDS, outcome == "bleed"),
                                    ("out-of-action", OUT_OF_ACTION, outcome == "out-of-action")):
            if bool(re.search(language(lang).stated[stated], text)) != value:
                reader.problem(table, row, f"outcome is {outcome!r} but the {lang} effect {text!r} "
                                           f"{'does not say' if value else 'says'} {name}")
    return CriticalEffect(row.key, reader.parsed(table, row, "roll", Band.parse), bonus, lasting,
                          bleeds=outcome == "bleed", out_of_action=outcome == "out-of-action")


def _fumble(reader: _Reader, table: Table, row: Row) -> FumbleEffect:
    cell = reader.cell(table, row, "self_damage")
    damage: str | Dice | None = None
    if cell in SELF_DAMAGE:
        damage = str(cell)
    elif cell is not None:
        damage = reader.parsed(table, row, "self_damage", Dice.parse)
    for lang, text in sorted(reader.words(table, row, "effect").items()):
        said = (re.search(language(lang).stated[SELF_DAMAGE[damage]], text) if isinstance(damage, str)
                else str(damage) in text if damage is not None else True)
        if not said:
            reader.problem(table, row, f"self_damage is {cell!r} but the {lang} effect does not say so: {text!r}")
    return FumbleEffect(row.key, reader.parsed(table, row, "roll", Band.parse), damage)


def _effects(reader: _Reader, rulebook: Rulebook, numbers: RuleNumbers
             ) -> tuple[dict[str, tuple[CriticalEffect, ...]], dict[str, tuple[FumbleEffect, ...]]]:
    criticals, fumbles = {}, {}
    for table_id in rulebook.tables:
        name = str(table_id)
        if name.startswith(CRITICAL_PREFIX):
            table = reader.table(name, ("effect", "bonus_damage", "stat", "change", "outcome"))
            criticals[name[len(CRITICAL_PREFIX):]] = tuple(_critical(reader, table, row, numbers)
                                                           for row in table.rows)
        elif name.startswith(FUMBLE_PREFIX):
            table = reader.table(name, ("effect", "self_damage"))
            fumbles[name[len(FUMBLE_PREFIX):]] = tuple(_fumble(reader, table, row) for row in table.rows)
    return criticals, fumbles


def adapt_book(reader: _Reader, rulebook: Rulebook, items: Mapping[str, Item], numbers: RuleNumbers) -> Book:
    """Read the rest of the tables the engine models; what it cannot trust goes to ``reader.problems``."""
    tiers, names = _tiers(reader)
    setup = _setup(reader, names, numbers)
    units = _units(reader, rulebook, tiers, names)
    behaviours = {str(table_id)[:-len(BEHAVIOUR_SUFFIX)] for table_id in rulebook.tables
                  if str(table_id).endswith(BEHAVIOUR_SUFFIX)}
    hostile_type = reader.table(f"{CAMPAIGN_PREFIX}hostile-type")
    for row in hostile_type.rows:
        if row.key not in units or row.key not in behaviours:
            reader.problem(hostile_type, row, f"the faction {row.key} needs the tables {row.key}{UNITS_SUFFIX} "
                                              f"and {row.key}{BEHAVIOUR_SUFFIX}")
    missions = reader.table("mission-table", ("markers", "section"))
    criticals, fumbles = _effects(reader, rulebook, numbers)
    return Book(
        actions=_actions(reader), vertical=_vertical(reader), setup=setup,
        evidence_types=_rolled(reader, "evidence-types"), unit_tiers=tiers, units=units,
        coworker_behaviour=_coworker_behaviour(reader, rulebook), mission_die=_die(missions),
        missions=tuple(Mission(row.key, reader.parsed(missions, row, "roll", Band.parse),
                               reader.number(missions, row, "markers"), str(reader.cell(missions, row, "section")))
                       for row in missions.rows),
        samples=_samples(reader, items, numbers), critical_effects=criticals, fumble_effects=fumbles)
