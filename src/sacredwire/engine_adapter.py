"""The printed tables, read into the rules engine's :class:`~sacredwire.engine.Rules`.

The booklets print the tables; the engine computes with the same rows, so no
number is typed twice. Every number the engine needs is read from a typed
cell: a weapon's Knockback, its Riposte DT, "+N vs. armored" and so on live in
structured columns the booklets leave out (``in_booklet: false``), never in
the English words of a special. The words still print those numbers, so each
structured value is checked against them, in every language: a special that
no longer states its value, or states one the columns lack, is a
:class:`TableProblem` with the row's file and line, never a silent 0.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .diagnostics import Location
from .engine import Coworker, Dice, DiceTier, Rules
from .engine.activation import Blessing
from .engine.book import Book
from .engine.campaign import Band, Effect, ExplorationBand, Finding, GapAdvantages, MeritSource, Result, TableRow
from .engine.combat import FallBand, Power
from .engine.gear import Armor, ArmorTier, Gear, Weapon, WeaponClass
from .engine.numbers import CELL_SOURCES, SOURCES, Multiples, RuleNumbers
from .engine.rules import BehaviourRow
from .engine.squad import ATTRIBUTES, Contract, StatArray, WeaponAccess
from .ids import TableId
from .languages import codes, language
from .model import Row, Rulebook, Table, Text
from .rule_fields import table_words

WEAPON_TABLES = {"improvised-combat": WeaponClass.IMPROVISED, "melee-weapons": WeaponClass.MELEE,
                 "ranged-weapons": WeaponClass.RANGED, "grenades": WeaponClass.GRENADE}
ARMOR_TABLES = {"light-armor": "light", "medium-armor": "medium", "heavy-armor": "heavy"}
GEAR_TABLES = ("consumables", "gear", "cybernetics")
CRITICAL_PREFIX = "critical-"
FUMBLE_PREFIX = "fumble-"
BEHAVIOUR_SUFFIX = "-behaviour"
# A6.1: the Fumble tables a weapon can send its attacker to; an empty cell means it never fumbles.
FUMBLE_TABLES = ("melee", "ranged")
# C2.4: whether a contract's armor Move penalty applies.
ARMOR_MOVE_PENALTY = ("applies", "ignored")
# K3.3, K3.4: what an Injury or a Promotion can change for good.
CHANGEABLE_STATS = (*ATTRIBUTES, "move", "health")


class RulesTableError(Exception):
    """A table the rules engine needs is missing, or lacks a column it reads."""

    def __init__(self, location: Location | None, message: str):
        super().__init__(f"{location}: {message}" if location else message)
        self.location = location
        self.message = message


@dataclass(frozen=True)
class TableProblem:
    """A value the engine cannot read from a row, or one its printed words contradict."""

    location: Location
    message: str


# --- the words that print a structured value ------------------------------------------------


@dataclass(frozen=True)
class Stated:
    """How a structured column's value reads in a row's words, and the words that name it.

    ``shown`` formats the value as the words print it (``2"``, ``+1``). ``names``
    is the value's name in each language's entry (``stated`` in
    ``content/languages/<code>.yaml``), which holds a pattern for the words that name such a value: a value
    needs both its number and its name in the words (a reworded "Knocks back 2""
    is reported), and words that name one while the column is empty are a value
    the engine would miss.
    """

    column: str
    shown: Callable[[int], str]
    names: str = ""


def _inches(value: int) -> str:
    return f'{value}"'


def _signed(value: int) -> str:
    return f"{value:+d}"


WEAPON_STATED = (
    Stated("knockback", _inches, "knockback"),
    Stated("riposte_dt", _signed, "riposte_dt"),
    Stated("vs_armored", _signed, "vs_armored"),
    Stated("critical_bonus", _signed, "critical_bonus"),
    Stated("reach", _inches, "reach"),
    Stated("max_range", _inches, "max_range"),
)
# Words that say a weapon never fumbles, which its fumble_table cell must then leave empty.
NO_FUMBLES = "no_fumbles"
CONTRACT_STATED = (
    Stated("attribute_bonus", _signed, "attribute_bonus"),
    Stated("melee_damage", _signed, "melee_damage"),
    Stated("wounded_defense_dt", _signed, "wounded_defense_dt"),
    Stated("outnumbered_combat_dt", _signed, "outnumbered"),
    Stated("outnumbered_by", lambda value: f"{value}+", "outnumbered"),
    Stated("engaged_move", lambda value: f'{value:+d}"', "engaged_move"),
)
# Words that say a contract re-rolls its failed tests of an attribute (its rerolls_failed cell).
REROLLS_FAILED = "rerolls_failed"
# How a special names its re-roll ("Re-roll 1s and 2s", "Repite los 1 y 2"): the faces it re-rolls, the
# pattern's one group.
REROLLED_FACES = "rerolled_faces"
IGNORES_ARMOR_MOVE = "ignores_armor_move"
POWER_STATED = (Stated("dt", _signed),)
# How a blessing's words say it restores Health (``{dice}`` in the pattern: the dice).
HEALS = "heals"
BLESSING_STATED = (Stated("dt", _signed, "blessing_dt"),)


def _change_shown(stat: str) -> Callable[[int], str]:
    return (lambda value: f'{value:+d}"') if stat == "move" else _signed


# --- typed reads --------------------------------------------------------------------------------


@dataclass
class _Reader:
    """Typed reads of the rulebook's tables; collects what it cannot read, each with its file and line."""

    tables: Mapping[TableId, Table]
    problems: list[TableProblem] = field(default_factory=list)
    # The words of a cell are read as printed: their rule fields filled in from this rulebook.
    rulebook: Rulebook | None = None

    def table(self, name: str, needs: tuple[str, ...] = ()) -> Table:
        table = self.tables.get(TableId(name))
        if table is None:
            raise RulesTableError(None, f"the rules engine needs the table {name!r}, which is missing")
        keys = {column.key for column in table.columns}
        missing = [column for column in needs if column not in keys]
        if missing:
            raise RulesTableError(table.location, f"table {name} needs the column(s) {', '.join(missing)} "
                                                  "for the rules engine (structured, in_booklet: false)")
        return table

    def problem(self, table: Table, row: Row, message: str) -> None:
        self.problems.append(TableProblem(row.location, f"table {table.id}, row {row.key}: {message}"))

    def cell(self, table: Table, row: Row, column: str) -> Any:
        if column not in row.cells:
            raise RulesTableError(row.location, f"table {table.id}, row {row.key}: no {column!r} cell")
        return row.cells[column]

    def number(self, table: Table, row: Row, column: str, null: int | None = None) -> int:
        value = self.cell(table, row, column)
        if value is None and null is not None:
            return null
        if not isinstance(value, int):
            raise RulesTableError(row.location, f"table {table.id}, row {row.key}: {column} must be a number, "
                                                f"not {value!r}")
        return value

    def optional(self, table: Table, row: Row, column: str) -> int | None:
        value = self.cell(table, row, column)
        return None if value is None else self.number(table, row, column)

    def choice(self, table: Table, row: Row, column: str, allowed: tuple[str, ...],
               empty: bool = True) -> str | None:
        """A plain cell that must be one of ``allowed`` (or empty); anything else is a problem."""
        value = self.cell(table, row, column)
        if value is None and empty:
            return None
        if value not in allowed:
            self.problem(table, row, f"{column} must be {' or '.join(allowed)}"
                                     f"{' or empty' if empty else ''}, not {value!r}")
            return None
        return value

    def words(self, table: Table, row: Row, column: str) -> dict[str, str]:
        """A text cell's words in every language of the book (none when the cell is empty)."""
        value = self.cell(table, row, column)
        if value is None:
            return {}
        if isinstance(value, Text):
            # A language with an entry but not yet in the book is not read.
            return {lang: self._printed(value, lang) for lang in value.values if lang in codes()}
        return {"en": str(value)}

    def _printed(self, text: Text, lang: str) -> str:
        """Words as the tables print them; a field that names nothing (NUM002) is read as written."""
        if self.rulebook is None:
            return text.values[lang]
        return table_words(text, self.rulebook, lang, keep_unknown=True)

    def parsed(self, table: Table, row: Row, column: str, parse: Callable[[Any], Any]) -> Any:
        try:
            return parse(self.cell(table, row, column))
        except ValueError as error:
            raise RulesTableError(row.location, f"table {table.id}, row {row.key}: {column}: {error}") from None

    def stated(self, table: Table, row: Row, text_column: str, stated: tuple[Stated, ...]) -> dict[str, int]:
        """Read the structured columns of ``stated`` and check the row's words print each value."""
        values = {item.column: self.optional(table, row, item.column) for item in stated}
        words = self.words(table, row, text_column)
        for item in stated:
            value = values[item.column]
            for lang, text in sorted(words.items()):
                name = language(lang).stated[item.names] if item.names else None
                named = bool(name and re.search(name, text))
                if value is not None and (item.shown(value) not in text or name and not named):
                    self.problem(table, row, f"{item.column} is {item.shown(value)} but the {lang} "
                                             f"{text_column} does not say so: {text!r}")
                if value is None and named:
                    self.problem(table, row, f"the {lang} {text_column} {text!r} states a {item.column} "
                                             f"but the {item.column} cell is empty: the engine would read none")
        return {key: value for key, value in values.items() if value is not None}

    def says(self, table: Table, row: Row, text_column: str, stated: str) -> set[str]:
        """The languages whose words match their pattern for ``stated`` (a name in each language's entry)."""
        return {lang for lang, text in self.words(table, row, text_column).items()
                if re.search(language(lang).stated[stated], text)}


@dataclass(frozen=True)
class AdaptedRules:
    """The engine's rules, and every row value it could not read or that its words contradict."""

    rules: Rules
    problems: tuple[TableProblem, ...]


def _die(table: Table) -> Dice:
    if table.die is None:
        raise RulesTableError(table.location, f"table {table.id} needs its die")
    return Dice.parse(table.die)


def _action_key(name: str) -> str:
    """An AI action by its name in the table ("Mob Up" -> ``mob-up``): a name, not a number."""
    return "-".join(name.lower().split())


def _optional_dice(cell: Any) -> Dice | None:
    return None if cell is None else Dice.parse(cell)


def _offensive(kind: Text | None) -> bool:
    if kind is None or kind.get("en") not in ("Offensive", "Support"):
        raise ValueError("a Power is Offensive or Support")
    return kind["en"] == "Offensive"


def _weapons(reader: _Reader) -> dict[str, Weapon]:
    needs = ("damage", "type", "cost", "special", "fumble_table", "reroll", *(item.column for item in WEAPON_STATED))
    weapons: dict[str, Weapon] = {}
    for name, weapon_class in WEAPON_TABLES.items():
        table = reader.table(name, needs)
        for row in table.rows:
            values = reader.stated(table, row, "special", WEAPON_STATED)
            fumble_table = reader.choice(table, row, "fumble_table", FUMBLE_TABLES)
            never = reader.says(table, row, "special", NO_FUMBLES)
            if fumble_table is not None and never:
                reader.problem(table, row, f"the special says it never fumbles ({', '.join(sorted(never))}) "
                                           f"but its fumble_table is {fumble_table!r}")
            if fumble_table is None and not never and reader.cell(table, row, "fumble_table") is None:
                reader.problem(table, row, "an empty fumble_table means it never fumbles, which its special "
                                           "does not say")
            weapons[row.key] = Weapon(
                key=row.key, damage=reader.parsed(table, row, "damage", Dice.parse),
                type=reader.cell(table, row, "type"), cost=reader.number(table, row, "cost"),
                weapon_class=weapon_class, fumble_table=fumble_table, reroll=_reroll(reader, table, row, "reroll"),
                **values)
    return weapons


def _reroll(reader: _Reader, table: Table, row: Row, column: str) -> int:
    """A re-roll special's highest face (0: none), checked against the faces the words name in every language."""
    value = reader.optional(table, row, column) or 0
    for lang, text in sorted(reader.words(table, row, "special").items()):
        # The words that name the faces re-rolled, their list the pattern's one group: "Re-roll 1s and 2s".
        named = re.search(language(lang).stated[REROLLED_FACES], text)
        said = max(int(face) for face in re.findall(r"\d+", named.group(1))) if named else 0
        if said != value:
            reader.problem(table, row, f"{column} is {value or 'empty'} but the {lang} special {text!r} "
                                       f"re-rolls {said or 'nothing'}")
    return value


def _contracts(reader: _Reader, tiers: Mapping[str, ArmorTier]) -> dict[str, Contract]:
    table = reader.table("contract-types", ("special", "armor_move_penalty", "rerolls_failed",
                                            *(item.column for item in CONTRACT_STATED)))
    contracts = {}
    for row in table.rows:
        values = reader.stated(table, row, "special", CONTRACT_STATED)
        max_armor = reader.cell(table, row, "max_armor")
        if max_armor not in tiers:
            raise RulesTableError(row.location, f"table {table.id}, row {row.key}: no armor tier {max_armor!r}")
        penalty = reader.choice(table, row, "armor_move_penalty", ARMOR_MOVE_PENALTY, empty=False)
        said = reader.says(table, row, "special", IGNORES_ARMOR_MOVE)
        if said and penalty != "ignored" or penalty == "ignored" and not said:
            reader.problem(table, row, f"armor_move_penalty is {penalty!r} but the special "
                                       f"{'says' if said else 'does not say'} it ignores the penalty")
        rerolls = reader.choice(table, row, "rerolls_failed", ATTRIBUTES)
        if bool(rerolls) != bool(reader.says(table, row, "special", REROLLS_FAILED)):
            reader.problem(table, row, f"rerolls_failed is {rerolls!r} but the special "
                                       f"{'does not say' if rerolls else 'says'} it re-rolls failed tests")
        max_per_squad = reader.cell(table, row, "max")
        contracts[row.key] = Contract(
            key=row.key, health=reader.number(table, row, "health"), move=reader.number(table, row, "move"),
            weapons=reader.parsed(table, row, "weapons", lambda text: WeaponAccess(text["en"].lower())),
            max_armor=tiers[max_armor],
            max_per_squad=None if max_per_squad is None else reader.number(table, row, "max"),
            attribute_bonus=values.get("attribute_bonus", 0), melee_damage_bonus=values.get("melee_damage", 0),
            ignores_armor_move_penalty=penalty == "ignored",
            wounded_defense_dt=values.get("wounded_defense_dt", 0),
            outnumbered_combat_dt=values.get("outnumbered_combat_dt", 0),
            outnumbered_by=values.get("outnumbered_by"), engaged_move=values.get("engaged_move", 0),
            rerolls_failed=rerolls)
    return contracts


def _results(reader: _Reader, name: str) -> tuple[Result, ...]:
    table = reader.table(name, ("roll", "effect", "stat", "change"))
    results = []
    for row in table.rows:
        stat = reader.choice(table, row, "stat", CHANGEABLE_STATS)
        change = reader.optional(table, row, "change")
        effects: tuple[Effect, ...] = ()
        if (stat is None) != (change is None):
            reader.problem(table, row, "stat and change are both given or both empty")
        elif stat is not None and change is not None:
            effects = (Effect(stat, change),)
            for lang, text in sorted(reader.words(table, row, "effect").items()):
                if _change_shown(stat)(change) not in text:
                    reader.problem(table, row, f"change is {_change_shown(stat)(change)} {stat} but the {lang} "
                                               f"effect does not say so: {text!r}")
        results.append(Result(row.key, reader.parsed(table, row, "roll", Band.parse), effects))
    return tuple(results)


def adapt_rules(rulebook: Rulebook) -> AdaptedRules:
    """Read every table the engine uses.

    RulesTableError when a table or a column is missing or a cell has the wrong
    type; a value the engine cannot trust is collected in ``problems``.
    """
    reader = _Reader(rulebook.tables, rulebook=rulebook)
    weapons = _weapons(reader)

    tiers_table = reader.table("armor-tiers")
    tiers = {row.key: ArmorTier(row.key, reader.number(tiers_table, row, "reduction"), rank)
             for rank, row in enumerate(tiers_table.rows)}
    armor: dict[str, Armor] = {}
    for name, tier in ARMOR_TABLES.items():
        table = reader.table(name, ("special", "defense_reroll"))
        if tier not in tiers:
            raise RulesTableError(tiers_table.location, f"table armor-tiers has no {tier!r} row")
        for row in table.rows:
            armor[row.key] = Armor(row.key, tiers[tier], reader.number(table, row, "cost"),
                                   reader.number(table, row, "move", null=0),
                                   _reroll(reader, table, row, "defense_reroll"))

    gear: dict[str, Gear] = {}
    for name in GEAR_TABLES:
        table = reader.table(name)
        for row in table.rows:
            gear[row.key] = Gear(row.key, reader.number(table, row, "cost"))
    _no_shared_keys(weapons, armor, gear)

    contracts = _contracts(reader, tiers)

    table = reader.table("stat-arrays")
    stat_arrays = {row.key: StatArray(row.key, tuple(
        reader.parsed(table, row, column.key, DiceTier.parse) for column in table.columns if column.kind == "dice"))
        for row in table.rows}

    table = reader.table("blessings", ("effect", "dt", "rolls_instead", "heal"))
    blessings = []
    for row in table.rows:
        values = reader.stated(table, row, "effect", BLESSING_STATED)
        rolls_instead = reader.optional(table, row, "rolls_instead")
        if rolls_instead not in (None, 2):
            reader.problem(table, row, f"rolls_instead is 2 (roll twice) or empty, not {rolls_instead}")
        heal = reader.parsed(table, row, "heal", _optional_dice)
        for lang, text in sorted(reader.words(table, row, "effect").items()):
            said = re.search(language(lang).stated[HEALS].format(dice=r"\S+"), text)
            if (heal is None) != (said is None) or (said and str(heal) not in said.group(0)):
                reader.problem(table, row, f"heal is {heal} but the {lang} effect {text!r} does not say so")
        blessings.append(Blessing(row.key, reader.number(table, row, "roll"), dt=values.get("dt", 0),
                                  roll_twice=rolls_instead == 2, heal=heal))

    table = reader.table("falling")
    falling = tuple(FallBand(reader.number(table, row, "from"), reader.number(table, row, "to"),
                             reader.parsed(table, row, "damage", _optional_dice))
                    for row in table.rows)

    table = reader.table("broadcast-powers", ("type", "effect", "dt", "triple_area"))
    powers = {row.key: Power(row.key, offensive=reader.parsed(table, row, "type", _offensive),
                             dt=reader.stated(table, row, "effect", POWER_STATED).get("dt", 0),
                             triple_area=reader.optional(table, row, "triple_area"))
              for row in table.rows}

    table = reader.table("coworker-units")
    coworkers = {row.key: Coworker(row.key, combat=reader.parsed(table, row, "combat", DiceTier.parse),
                                   defense=reader.parsed(table, row, "defense", DiceTier.parse),
                                   wits=reader.parsed(table, row, "wits", DiceTier.parse),
                                   health=reader.number(table, row, "health"))
                 for row in table.rows}

    def findings(name: str) -> tuple[Dice, tuple[Finding, ...]]:
        table = reader.table(name)
        rows = tuple(Finding(row.key, reader.parsed(table, row, "roll", Band.parse),
                             *(reader.number(table, row, column, null=0)
                               for column in ("subs", "evidence", "leads", "merits")))
                     for row in table.rows)
        return _die(table), rows

    search_die, search_findings = findings("search-findings")
    interrogate_die, interrogate_results = findings("interrogate-results")

    table = reader.table("evidence-gap")
    gap = tuple(GapAdvantages(reader.parsed(table, row, "gap", Band.parse), reader.number(table, row, "setup"),
                              reader.number(table, row, "tactical"), reader.number(table, row, "either"))
                for row in table.rows)

    table = reader.table("exploration")
    exploration = tuple(ExplorationBand(row.key, reader.parsed(table, row, "total", Band.parse),
                                        reader.number(table, row, "subs"))
                        for row in table.rows)

    table = reader.table("promotion-thresholds")
    thresholds = tuple(reader.number(table, row, "merits") for row in table.rows)
    table = reader.table("merit-sources")
    merit_sources = tuple(MeritSource(row.key, reader.number(table, row, "merits")) for row in table.rows)
    injuries, promotions = _results(reader, "injuries"), _results(reader, "promotion")
    injury_die, promotion_die, blessing_die = (_die(reader.table(name)) for name in ("injuries", "promotion",
                                                                                     "blessings"))

    def by_roll(prefix: str) -> dict[str, tuple[TableRow, ...]]:
        return {str(table_id)[len(prefix):]: tuple(TableRow(row.key, reader.parsed(table, row, "roll", Band.parse))
                                                   for row in table.rows)
                for table_id, table in rulebook.tables.items() if str(table_id).startswith(prefix)}

    behaviours: dict[str, tuple[BehaviourRow, ...]] = {}
    behaviour_die = None
    for table_id, table in rulebook.tables.items():
        name = str(table_id)
        if not name.endswith(BEHAVIOUR_SUFFIX) or name.startswith("coworker-"):
            continue
        behaviour_die = _die(table)
        situations = [column.key for column in table.columns if column.kind == "text"]
        behaviours[name[:-len(BEHAVIOUR_SUFFIX)]] = tuple(
            BehaviourRow(reader.parsed(table, row, "roll", Band.parse),
                         {situation: _action_key(reader.words(table, row, situation).get("en", ""))
                          for situation in situations})
            for row in table.rows)
    if behaviour_die is None:
        raise RulesTableError(None, "the rules engine needs the hostile behavior tables (<faction>-behaviour)")

    numbers = rule_numbers(rulebook)
    rules = Rules(
        post_game_steps=_post_game_steps(reader),
        weapons=weapons, armor_tiers=tiers, armor=armor, gear=gear, contracts=contracts,
        stat_arrays=stat_arrays, blessings=tuple(blessings), falling=falling, powers=powers,
        critical_rows=by_roll(CRITICAL_PREFIX), fumble_rows=by_roll(FUMBLE_PREFIX), behaviours=behaviours,
        behaviour_die=behaviour_die, evidence_die=_die(reader.table("evidence-types")),
        critical_tables=frozenset(str(table_id)[len(CRITICAL_PREFIX):] for table_id in rulebook.tables
                                  if str(table_id).startswith(CRITICAL_PREFIX)),
        coworkers=coworkers, search_die=search_die, search_findings=search_findings,
        interrogate_die=interrogate_die, interrogate_results=interrogate_results, evidence_gap=gap,
        exploration=exploration, injuries=injuries, promotions=promotions,
        promotion_thresholds=thresholds, merit_sources=merit_sources, injury_die=injury_die,
        promotion_die=promotion_die, blessing_die=blessing_die, numbers=numbers,
        book=_book(reader, rulebook, {**weapons, **armor, **gear}, numbers),
    )
    return AdaptedRules(rules, tuple(reader.problems))


def _post_game_steps(reader: _Reader) -> dict[str, int]:
    """K3.5: the step number of each Post-Game Sequence row; the steps run 1, 2, 3... in the table's order."""
    table = reader.table("post-game-sequence", ("step",))
    steps = {row.key: reader.number(table, row, "step") for row in table.rows}
    for expected, (key, step) in enumerate(steps.items(), start=1):
        if step != expected:
            raise RulesTableError(table.location, f"table {table.id}, row {key}: step {step}, but it is step "
                                                  f"{expected} in the table's order")
    return steps


def _book(reader: _Reader, rulebook: Rulebook, items: Mapping[str, Any], numbers: RuleNumbers) -> Book:
    # Imported here: the book's adapter builds on this module's reader.
    from .engine_book_adapter import adapt_book
    return adapt_book(reader, rulebook, items, numbers)


def rule_numbers(rulebook: Rulebook) -> RuleNumbers:
    """The numbers the rules state in prose, read from ``content/rules.yaml`` (RulesTableError if one is missing).

    Each is the parameter the booklets print, so the engine never keeps a copy of its own.
    """
    values: dict[str, Any] = {}
    for name, (section, parameter_name) in SOURCES.items():
        try:
            parameter = rulebook.parameter(section, parameter_name)
        except KeyError:
            raise RulesTableError(None, f"content/rules.yaml has no parameter {parameter_name!r} under {section}, "
                                        f"which the rules engine reads") from None
        try:
            if parameter.unit == "dice":
                dice = str(parameter.value)
                values[name] = DiceTier.parse(dice) if name == "fixed_roll" else Dice.parse(dice)
            elif isinstance(parameter.value, int):
                values[name] = parameter.value
            else:
                raise ValueError(f"{parameter.value!r} is not a whole number")
        except ValueError as error:
            raise RulesTableError(parameter.location, f"{section} {parameter_name}: {error}") from None
    for name, (table_name, row_key, column) in CELL_SOURCES.items():
        table = rulebook.tables.get(TableId.parse(table_name))
        row = next((row for row in table.rows if str(row.key) == row_key), None) if table is not None else None
        value = row.cells.get(column) if row is not None else None
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesTableError(table.location if table is not None else None,
                                  f"table {table_name}: the {column} of row {row_key!r}, which the rules engine "
                                  f"reads, is no whole number ({value!r})")
        values[name] = value
    multiples = Multiples(*(values.pop(key) for key in ("double", "triple", "fumble", "step_bonus")))
    return RuleNumbers(multiples=multiples, **values)


def rules_from_tables(rulebook: Rulebook) -> Rules:
    """The engine's rules alone, for callers that do not report table problems (tests, tools)."""
    return adapt_rules(rulebook).rules


def _no_shared_keys(*catalogues: Mapping[str, Any]) -> None:
    # Examples name items by row key alone, so a key must not mean two items.
    seen: set[str] = set()
    for catalogue in catalogues:
        shared = seen & set(catalogue)
        if shared:
            raise RulesTableError(None, f"row key(s) {', '.join(sorted(shared))} name two requisitions; "
                                        "give each item its own key")
        seen |= set(catalogue)
