"""Squad files: a squad as a player writes it, checked by the rules engine against the tables.

The format (documented for players in the README, "Squad files")::

    squad: Compliance Team          # a name
    models:
      - name: Ines Okafor
        contract: boss              # a row key or a name in any language: "Boss", "Jefe"
        array: technician
        dice: {combat: 2d8, defense: 2d6, wits: 2d4}
        raise: wits                 # the attribute a contract's attribute bonus raises (the Boss)
        weapons: [needle-gun, shiv]
        armor: flak-wrap
        consumables: []
        gear: []
        implants: []                # cybernetics: campaign squads only
        powers: []                  # the Broadcaster's free Power
        # campaign squads only:
        merits: 3
        promotions: [coverage, {result: promotion, stat: move, change: 1}]
        injuries: [hobbled]
    campaign:                       # makes it a campaign squad
      evidence: 2
      leads: 1
      subs: 10                      # subs earned in play, on top of the starting budget

Every number and restriction comes from the tables (through the rules engine)
or from the engine's own rule constants; this module only says which rule a
problem breaks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..diagnostics import Location
from ..engine import DiceTier, Rules
from ..engine.campaign import Effect, Result, thresholds_crossed
from ..engine.gear import Armor, Item, Weapon, WeaponClass
from ..engine.squad import ATTRIBUTES, BOSS, Contract, remaining_after
from ..load import Fields, parse_yaml, read_content_text
from ..model import Rulebook, Text
from .catalogue import Catalogue, Entry, Kind
from .findings import finding_line, finding_templates, finding_words
from .references import RuleIndex, RuleRef, last_build_pages

# The rules a squad can break that no table is printed under, by the rule that states them.
SQUAD_RULE = "C2"             # 5 models, 1 Boss and 4 Resources
EQUIPMENT_RULE = "C2.3"       # the budget, weapon access, the Broadcaster's free Power
ARMOR_RULE = "A3.5"           # one armor piece per model
# What a model's own lists hold, in the file's words, and the kind each entry must be.
ITEM_LISTS = {"weapons": Kind.WEAPON, "armor": Kind.ARMOR, "consumables": Kind.CONSUMABLE,
              "gear": Kind.GEAR, "implants": Kind.IMPLANT}
CAMPAIGN_MODEL_KEYS = ("merits", "promotions", "injuries")
MODEL_KEYS = ("name", "contract", "array", "dice", "raise", *ITEM_LISTS, "powers", *CAMPAIGN_MODEL_KEYS)
# A Promotion the table leaves to the player's choice records the stat and change chosen.
CHOICE_STATS = (*ATTRIBUTES, "move", "health", "power")


@dataclass(frozen=True)
class SquadFinding:
    """One broken rule: where, what, and the rule it breaks."""

    location: Location
    message: str
    rule: RuleRef

    def text(self, index: RuleIndex) -> str:
        """The finding as ``sw28 squad`` prints it, in the language of ``index``."""
        return finding_line(index.rulebook, index.lang) % {
            "where": self.location, "finding": self.message, "title": self.rule.title,
            "reference": index.cite(self.rule)}

    def as_json(self) -> dict[str, Any]:
        return {"file": self.location.file, "line": self.location.line, "message": self.message,
                "rule": self.rule.as_json()}


@dataclass(frozen=True)
class WeaponLine:
    """A weapon as its model uses it: damage after the contract's bonus."""

    key: str
    name: str
    damage: str
    special: str
    weapon_class: str


@dataclass
class ModelSheet:
    """One model as the summary and the cards print it."""

    name: str
    contract: str
    contract_name: str
    location: Location
    cost: int = 0
    remaining: int = 0
    dice: dict[str, str] = field(default_factory=dict)
    move: int | None = None
    health: int | None = None
    weapons: list[WeaponLine] = field(default_factory=list)
    armor: list[str] = field(default_factory=list)
    consumables: list[str] = field(default_factory=list)
    gear: list[str] = field(default_factory=list)
    implants: list[str] = field(default_factory=list)
    powers: list[str] = field(default_factory=list)
    special: str = ""
    merits: int = 0
    promotions: list[str] = field(default_factory=list)
    injuries: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "contract": self.contract, "contract_name": self.contract_name,
                "line": self.location.line, "cost": self.cost, "remaining": self.remaining, "dice": self.dice,
                "move": self.move, "health": self.health,
                "weapons": [vars(weapon) for weapon in self.weapons], "armor": self.armor,
                "consumables": self.consumables, "gear": self.gear, "implants": self.implants,
                "powers": self.powers, "special": self.special, "merits": self.merits,
                "promotions": self.promotions, "injuries": self.injuries, "rules": self.rules}


@dataclass
class SquadReport:
    """A checked squad: its findings and, model by model, what it costs and rolls."""

    file: str
    name: str
    budget: int
    campaign: dict[str, int] | None
    models: list[ModelSheet]
    findings: list[SquadFinding]

    @property
    def spent(self) -> int:
        return sum(model.cost for model in self.models)

    @property
    def remaining(self) -> int:
        return self.budget - self.spent

    def as_json(self) -> dict[str, Any]:
        return {"file": self.file, "squad": self.name, "valid": not self.findings, "budget": self.budget,
                "spent": self.spent, "remaining": self.remaining, "campaign": self.campaign,
                "models": [model.as_json() for model in self.models],
                "findings": [finding.as_json() for finding in self.findings]}


class SquadChecker:
    """Checks squad files against one language's rules; reusable for many files."""

    def __init__(self, rulebook: Rulebook, rules: Rules, lang: str):
        self.rulebook = rulebook
        self.rules = rules
        self.lang = lang
        self.catalogue = Catalogue(rulebook)
        self.index = RuleIndex(rulebook, lang, last_build_pages(rulebook, lang))
        self.templates = finding_templates(rulebook, lang)
        self.words = finding_words(rulebook, lang)

    # -- reading ----------------------------------------------------------------------

    def check_text(self, text: str, rel: str) -> SquadReport:
        """Check the squad file ``text`` read from ``rel``; ContentError when it is not a squad file at all."""
        data = parse_yaml(text, rel)
        top = Fields(data, rel, "a squad file").only("squad", "models", "campaign")
        models = top.require("models", list)
        campaign = self._campaign(top, rel)
        budget = self.rules.numbers.budget + (campaign or {}).get("subs", 0)
        report = SquadReport(rel, str(top.get("squad", (str, int), default="")), budget, campaign, [], [])
        for number, raw in enumerate(models, start=1):
            fields = Fields(raw, rel, f"model {number}", line=top.location.line).only(*MODEL_KEYS)
            report.models.append(self._model(fields, report, campaign is not None))
        left = remaining_after([_Costed(model.cost) for model in report.models], budget)
        for model, remaining in zip(report.models, left):
            model.remaining = remaining
        self._squad_rules(report, top.location)
        report.findings.sort(key=lambda finding: (finding.location.line, finding.message))
        return report

    def _campaign(self, top: Fields, rel: str) -> dict[str, int] | None:
        raw = top.get("campaign", dict)
        if raw is None:
            return None
        fields = Fields(raw, rel, "campaign").only("evidence", "leads", "subs")
        values = {key: fields.get(key, int, default=0) for key in ("evidence", "leads", "subs")}
        for key, value in values.items():
            if value < 0:
                raise fields.error(f"campaign {key} cannot be negative, not {value}")
        return values

    # -- one model ------------------------------------------------------------------------

    def _model(self, fields: Fields, report: SquadReport, campaign: bool) -> ModelSheet:
        name = str(fields.require("name", (str, int)))
        where = fields.location
        find = self._finder(report, where, name)
        contract_entry = find(Kind.CONTRACT, fields.require("contract", str), self.index.for_table("contract-types"))
        sheet = ModelSheet(name, contract_entry.key if contract_entry else "",
                           contract_entry.name(self.lang) if contract_entry else "", where)
        contract = self.rules.contracts[contract_entry.key] if contract_entry else None
        if contract_entry:
            sheet.special = contract_entry.words("special", self.rulebook, self.lang)

        items: dict[str, list[tuple[Entry, Item]]] = {}
        for key, kind in ITEM_LISTS.items():
            written = fields.get(key, (list, str), default=[])
            entries = []
            for text in [written] if isinstance(written, str) else written:
                entry = find(kind, str(text), self._list_rule(kind))
                if entry is not None:
                    entries.append((entry, self.rules.item(entry.key)))
            items[key] = entries
        sheet.cost = sum(item.cost for entries in items.values() for _, item in entries)
        sheet.armor = [entry.name(self.lang) for entry, _ in items["armor"]]
        sheet.consumables = [entry.name(self.lang) for entry, _ in items["consumables"]]
        sheet.gear = [entry.name(self.lang) for entry, _ in items["gear"]]
        sheet.implants = [entry.name(self.lang) for entry, _ in items["implants"]]

        powers = [entry for text in fields.get("powers", list, default=[])
                  if (entry := find(Kind.POWER, str(text), self.index.for_table("broadcast-powers")))]
        sheet.powers = [entry.name(self.lang) for entry in powers]

        injuries = [entry for text in fields.get("injuries", list, default=[])
                    if (entry := find(Kind.INJURY, str(text), self.index.for_table("injuries")))]
        promotions = self._promotions(fields, report, where, name)
        sheet.merits = fields.get("merits", int, default=0)
        sheet.injuries = [entry.name(self.lang) for entry in injuries]
        sheet.promotions = [promotion.entry.name(self.lang) for promotion in promotions]
        if not campaign:
            for key in CAMPAIGN_MODEL_KEYS:
                if fields.get(key) not in (None, 0, []):
                    self._finding(report, where, "campaign-key", self.index.for_table("promotion"), name=name,
                                  key=key)
            for entry, _ in items["implants"]:
                self._finding(report, where, "implant-outside-campaign", self.index.for_table("cybernetics"),
                              name=name, implant=entry.name(self.lang))
        if contract is None:
            return sheet

        dice = self._dice(fields, report, where, name, contract)
        self._equipment(report, where, name, contract, contract_entry, items)
        self._powers(report, where, name, contract_entry, powers, promotions)
        if campaign:
            self._campaign_model(report, where, name, sheet.merits, promotions, injuries, items["implants"])

        effects = [effect for promotion in promotions for effect in promotion.result.effects]
        repaired = Counter(str(entry.row.cells.get("repairs")) for entry, _ in items["implants"])
        for entry in injuries:
            if repaired[entry.key]:
                repaired[entry.key] -= 1
                continue
            effects.extend(self._result(self.rules.injuries, entry.key).effects)
        if dice is not None:
            for effect in effects:
                if effect.stat in dice:
                    dice[effect.stat] = dice[effect.stat].capped(effect.change)
            sheet.dice = {attribute: str(dice[attribute]) for attribute in ATTRIBUTES}
        armor = [item for _, item in items["armor"] if isinstance(item, Armor)]
        sheet.move = contract.move_with(armor[0] if armor else None) + sum(
            effect.change for effect in effects if effect.stat == "move")
        sheet.health = contract.health + sum(effect.change for effect in effects if effect.stat == "health")
        for entry, item in items["weapons"]:
            if isinstance(item, Weapon):
                damage = item.damage.plus(contract.melee_damage_bonus) if item.weapon_class is WeaponClass.MELEE \
                    else item.damage
                sheet.weapons.append(WeaponLine(entry.key, entry.name(self.lang), str(damage),
                                                entry.words("special", self.rulebook, self.lang),
                                                item.weapon_class.value))
        sheet.rules = sorted({str(self.index.for_table(table).id) for table in
                              ("contract-types", *(entry.table.id.name for entries in items.values()
                                                   for entry, _ in entries),
                               *(["broadcast-powers"] if powers else []))})
        return sheet

    def _finder(self, report: SquadReport, where: Location, name: str):
        def find(kind: Kind, written: str, rule: RuleRef) -> Entry | None:
            entry = self.catalogue.find(kind, written)
            if entry is None:
                other = self.catalogue.kind_of(written)
                if other:
                    self._finding(report, where, "other-kind", rule, name=name, written=repr(written),
                                  other=self.words[other.noun], kind=self.words[kind.noun])
                else:
                    self._finding(report, where, "unknown", rule, name=name, kind=self.words[kind.noun],
                                  written=repr(written))
            return entry
        return find

    def _list_rule(self, kind: Kind) -> RuleRef:
        return self.index.rule(EQUIPMENT_RULE) if kind is Kind.WEAPON else self.index.for_table(kind.tables[0])

    def _dice(self, fields: Fields, report: SquadReport, where: Location, name: str,
              contract: Contract) -> dict[str, DiceTier] | None:
        arrays_rule = self.index.for_table("stat-arrays")
        array_entry = self._finder(report, where, name)(Kind.ARRAY, str(fields.require("array", str)), arrays_rule)
        raw = fields.require("dice", dict)
        dice = {}
        for attribute, text in raw.items():
            try:
                dice[str(attribute)] = DiceTier.parse(str(text))
            except ValueError as error:
                self._finding(report, where, "bad-die", arrays_rule, name=name, attribute=attribute, error=error)
        if set(raw) != set(ATTRIBUTES):
            self._finding(report, where, "dice-keys", arrays_rule, name=name, attributes=", ".join(ATTRIBUTES),
                          given=", ".join(map(str, raw)) or self.templates["none"])
            return None
        raised = fields.get("raise", str)
        bonus_rule = self.index.for_table("contract-types")
        if contract.attribute_bonus and raised not in ATTRIBUTES:
            self._finding(report, where, "raise-missing", bonus_rule, name=name,
                          contract=self._contract_name(contract), bonus=f"{contract.attribute_bonus:+d}",
                          attributes=", ".join(ATTRIBUTES))
            raised = None
        elif raised is not None and not contract.attribute_bonus:
            self._finding(report, where, "raise-unwanted", bonus_rule, name=name,
                          contract=self._contract_name(contract), raised=raised)
            raised = None
        if array_entry is None or len(dice) != len(ATTRIBUTES):
            return None
        array = self.rules.stat_arrays[array_entry.key]
        if Counter(dice.values()) != Counter(array.dice):
            given = ", ".join(str(dice[attribute]) for attribute in ATTRIBUTES)
            self._finding(report, where, "array-dice", arrays_rule, name=name, array=array_entry.name(self.lang),
                          dice=", ".join(map(str, array.dice)), given=given)
            return None
        if raised is not None:
            dice[raised] = dice[raised].capped(contract.attribute_bonus)
        return dice

    def _equipment(self, report: SquadReport, where: Location, name: str, contract: Contract,
                   contract_entry: Entry, items: dict[str, list[tuple[Entry, Item]]]) -> None:
        who = self._contract_name(contract)
        access = contract_entry.row.cells.get("weapons")
        access_words = contract_entry.words("weapons", self.rulebook, self.lang) if isinstance(access, Text) \
            else str(access)
        for entry, item in items["weapons"]:
            if isinstance(item, Weapon) and not contract.weapons.allows(item):
                wanted = contract.weapons.value
                self._finding(report, where, "weapon-access", self.index.rule(EQUIPMENT_RULE), name=name,
                              weapon=entry.name(self.lang), weapon_class=self.words[item.weapon_class.value],
                              contract=who, access=access_words, wanted=self.words[wanted])
        armor = items["armor"]
        if len(armor) > 1:
            self._finding(report, where, "armor-count", self.index.rule(ARMOR_RULE), name=name, count=len(armor),
                          armor=", ".join(entry.name(self.lang) for entry, _ in armor))
        for entry, item in armor:
            if isinstance(item, Armor) and not contract.allows_armor(item):
                self._finding(report, where, "armor-tier", self.index.for_table("contract-types"), name=name,
                              armor=entry.name(self.lang), tier=self.words[item.tier.key], contract=who,
                              max_tier=self.words[contract.max_armor.key])

    def _powers(self, report: SquadReport, where: Location, name: str, contract_entry: Entry,
                powers: Sequence[Entry], promotions: Sequence[Promotion]) -> None:
        free = contract_entry.row.cells.get("free_powers") or 0
        assert isinstance(free, int)
        rule = self.index.rule(EQUIPMENT_RULE)
        who = contract_entry.name(self.lang)
        earned = sum(1 for promotion in promotions if promotion.power)
        if not free and not earned and powers:
            self._finding(report, where, "no-cast", rule, name=name, contract=who,
                          powers=", ".join(entry.name(self.lang) for entry in powers))
        elif free and len(powers) < free:
            self._finding(report, where, "too-few-powers", rule, name=name, contract=who, free=free,
                          count=len(powers))
        elif len(powers) > free + earned:
            self._finding(report, where, "too-many-powers", rule, name=name, count=len(powers), contract=who,
                          free=free, earned=earned)
        counts = Counter(entry.key for entry in powers)
        duplicates = sorted({entry.name(self.lang) for entry in powers if counts[entry.key] > 1})
        if duplicates:
            self._finding(report, where, "power-twice", rule, name=name, powers=", ".join(duplicates))

    def _promotions(self, fields: Fields, report: SquadReport, where: Location,
                    name: str) -> list[Promotion]:
        rule = self.index.for_table("promotion")
        found = []
        for raw in fields.get("promotions", list, default=[]):
            written = raw.get("result") if isinstance(raw, dict) else raw
            entry = self._finder(report, where, name)(Kind.PROMOTION, str(written), rule)
            if entry is None:
                continue
            result = self._result(self.rules.promotions, entry.key)
            if result.effects:
                if isinstance(raw, dict):
                    self._finding(report, where, "not-a-choice", rule, name=name, promotion=entry.name(self.lang))
                found.append(Promotion(entry, result))
                continue
            choice = Fields(raw, where.file, f"{name}'s {entry.name(self.lang)}", line=where.line) \
                if isinstance(raw, dict) else None
            stat = choice.get("stat", str) if choice else None
            change = choice.get("change", int, default=0) if choice else 0
            if stat not in CHOICE_STATS:
                self._finding(report, where, "record-choice", rule, name=name, promotion=entry.name(self.lang),
                              key=entry.key, stats=", ".join(CHOICE_STATS))
                continue
            if stat == "power":
                found.append(Promotion(entry, Result(result.key, result.band), power=True))
            else:
                found.append(Promotion(entry, Result(result.key, result.band, (Effect(stat, change),))))
        return found

    def _campaign_model(self, report: SquadReport, where: Location, name: str, merits: int,
                        promotions: Sequence[Promotion], injuries: Sequence[Entry],
                        implants: Sequence[tuple[Entry, Item]]) -> None:
        if merits < 0:
            self._finding(report, where, "negative-merits", self.index.for_table("merit-sources"), name=name)
        reached = len(thresholds_crossed(self.rules.promotion_thresholds, 0, max(merits, 0)))
        if len(promotions) > reached:
            self._finding(report, where, "promotions-merits", self.index.for_table("promotion-thresholds"),
                          name=name, count=len(promotions), merits=merits, reached=reached)
        lowest = min(self.rules.injuries, key=lambda row: row.band.low)
        for entry in injuries:
            if entry.key == lowest.key:
                self._finding(report, where, "terminated", self.index.for_table("injuries"), name=name,
                              injury=entry.name(self.lang))
        injured = Counter(entry.key for entry in injuries)
        for entry, _ in implants:
            repairs = entry.row.cells.get("repairs")
            if injured[str(repairs)] > 0:
                injured[str(repairs)] -= 1
                continue
            needs = self.catalogue.entries[Kind.INJURY].get(str(repairs))
            self._finding(report, where, "implant-unneeded", self.index.for_table("cybernetics"), name=name,
                          implant=entry.name(self.lang), injury=needs.name(self.lang) if needs else repairs)

    # -- the whole squad ---------------------------------------------------------------------

    def _squad_rules(self, report: SquadReport, where: Location) -> None:
        rule = self.index.rule(SQUAD_RULE)
        size = self.rules.numbers.squad_size
        if len(report.models) != size:
            self._finding(report, where, "squad-size", rule, size=size, count=len(report.models))
        counts = Counter(model.contract for model in report.models if model.contract)
        if counts[BOSS] != 1:
            self._finding(report, where, "one-boss", rule, boss=self._contract_name(self.rules.contracts[BOSS]),
                          count=counts[BOSS])
        for key, count in sorted(counts.items()):
            limit = self.rules.contracts[key].max_per_squad
            if key != BOSS and limit is not None and count > limit:
                first = next(model for model in report.models if model.contract == key)
                self._finding(report, first.location, "contract-limit", self.index.for_table("contract-types"),
                              count=count, contract=self._contract_name(self.rules.contracts[key]), limit=limit)
        if report.spent > report.budget:
            costs = ", ".join(f"{model.name} {model.cost}" for model in report.models)
            self._finding(report, where, "over-budget", self.index.rule(EQUIPMENT_RULE), spent=report.spent,
                          costs=costs, budget=report.budget)
        if report.campaign is not None:
            sides = self.rules.evidence_die.sides
            if report.campaign["evidence"] > sides:
                self._finding(report, where, "evidence", self.index.for_table("evidence-types"),
                              evidence=report.campaign["evidence"], sides=sides)

    # -- helpers -------------------------------------------------------------------------------

    def _contract_name(self, contract: Contract) -> str:
        return self.catalogue.entries[Kind.CONTRACT][contract.key].name(self.lang)

    @staticmethod
    def _result(rows: Sequence[Result], key: str) -> Result:
        return next(row for row in rows if row.key == key)

    def _finding(self, report: SquadReport, where: Location, template: str, rule: RuleRef, /,
                 **values: object) -> None:
        """Record the finding ``template`` (a key of :data:`.findings.FINDINGS`) in the checker's language."""
        report.findings.append(SquadFinding(where, self.templates[template] % values, rule))


@dataclass(frozen=True)
class _Costed:
    """Anything with a cost, for the engine's running budget."""

    cost: int


@dataclass(frozen=True)
class Promotion:
    """A Promotion a model took: its row, the changes it made, and whether its choice was a Power."""

    entry: Entry
    result: Result
    power: bool = False


def read_squad(path: Path, rel: str, checker: SquadChecker) -> SquadReport:
    """Read and check the squad file at ``path`` (shown as ``rel``); ContentError when unreadable."""
    return checker.check_text(read_content_text(path, rel), rel)
