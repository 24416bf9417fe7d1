"""Worked examples, executed: every claim a prose example makes is recomputed.

The adapter half of this module reads the model's tables into the engine's
:class:`~sacredwire.engine.Rules` (the tables the booklets print, so no number
is typed twice). The runner half feeds each example's ``given`` to the engine
check it names and compares the result with its ``claims``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..diagnostics import Diagnostic, Location, Severity
from ..engine import Coworker, Dice, DiceTier, ExampleInputError, Rules, run_example
from ..engine.activation import Blessing
from ..engine.campaign import Band, Effect, ExplorationBand, Finding, GapAdvantages, MeritSource, Result
from ..engine.combat import FallBand, Power
from ..engine.gear import Armor, ArmorTier, Gear, Weapon, WeaponClass
from ..engine.squad import Contract, StatArray, WeaponAccess
from ..ids import ExampleId, RuleId, TableId
from ..model import Example, Row, Rulebook, Table, Text
from . import check, iter_sections

WEAPON_TABLES = {"improvised-combat": WeaponClass.IMPROVISED, "melee-weapons": WeaponClass.MELEE,
                 "ranged-weapons": WeaponClass.RANGED, "grenades": WeaponClass.GRENADE}
ARMOR_TABLES = {"light-armor": "light", "medium-armor": "medium", "heavy-armor": "heavy"}
GEAR_TABLES = ("consumables", "gear", "cybernetics")
CRITICAL_PREFIX = "critical-"

# Numbers that tables print inside their words (a weapon's special, a contract's special,
# an injury's effect) are read from the English wording, which is the source text.
_RIPOSTE_DT = re.compile(r"([+-]\d+) DT when Riposting")
_KNOCKBACK = re.compile(r'Knockback (\d+)"')
_ARMOR_PIERCING = re.compile(r"\bAP ?(\d+)\b")
_ATTRIBUTE_BONUS = re.compile(r"([+-]\d+) DT to one attribute")
_MELEE_DAMAGE = re.compile(r"([+-]\d+) melee damage")
_IGNORES_ARMOR_MOVE = "ignores armor move penalty"
_DT = re.compile(r"([+-]\d+) DT\b")
_ROLL_TWICE = re.compile(r"^Roll twice\b")
_EFFECTS = (
    (re.compile(r'^([+-]\d+) DT (Combat|Defense|Wits)$'), lambda match: match[2].lower()),
    (re.compile(r'^([+-]\d+)" Move$'), lambda match: "move"),
    (re.compile(r"^([+-]\d+) max Health$"), lambda match: "health"),
)


class RulesTableError(Exception):
    """A table the rules engine needs is missing or holds something it cannot read."""

    def __init__(self, location: Location | None, message: str):
        super().__init__(f"{location}: {message}" if location else message)


# --- adapter: model tables -> engine values -----------------------------------------------


@dataclass(frozen=True)
class _Tables:
    """Typed reads of the rulebook's tables, each failure naming its file and line."""

    tables: Mapping[TableId, Table]

    def table(self, name: str) -> Table:
        table = self.tables.get(TableId(name))
        if table is None:
            raise RulesTableError(None, f"the rules engine needs the table {name!r}, which is missing")
        return table

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

    def words(self, table: Table, row: Row, column: str) -> str:
        value = self.cell(table, row, column)
        if value is None:
            return ""
        if isinstance(value, Text):
            return value.get("en") or ""
        return str(value)

    def parsed(self, table: Table, row: Row, column: str, parse: Callable[[Any], Any]) -> Any:
        try:
            return parse(self.cell(table, row, column))
        except ValueError as error:
            raise RulesTableError(row.location, f"table {table.id}, row {row.key}: {column}: {error}") from None


def _found(pattern: re.Pattern[str], text: str) -> int:
    match = pattern.search(text)
    return int(match[1]) if match else 0


def _effects(text: str) -> tuple[Effect, ...]:
    """The fixed changes an effect states ("-1 DT Wits", '+2" Move'); none if it is a choice or no change."""
    effects = []
    for part in (piece.strip() for piece in text.split(",")):
        for pattern, stat in _EFFECTS:
            match = pattern.match(part)
            if match:
                effects.append(Effect(stat(match), int(match[1])))
                break
        else:
            return ()
    return tuple(effects)


def _optional_dice(cell: Any) -> Dice | None:
    return None if cell is None else Dice.parse(cell)


def _offensive(kind: Text | None) -> bool:
    if kind is None or kind.get("en") not in ("Offensive", "Support"):
        raise ValueError("a Power is Offensive or Support")
    return kind["en"] == "Offensive"


def rules_from_tables(rulebook: Rulebook) -> Rules:
    """Read every table the engine uses; RulesTableError names the first one it cannot read."""
    reader = _Tables(rulebook.tables)

    weapons: dict[str, Weapon] = {}
    for name, weapon_class in WEAPON_TABLES.items():
        table = reader.table(name)
        for row in table.rows:
            special = reader.words(table, row, "special")
            weapons[row.key] = Weapon(
                key=row.key, damage=reader.parsed(table, row, "damage", Dice.parse),
                type=reader.cell(table, row, "type"), cost=reader.number(table, row, "cost"),
                weapon_class=weapon_class, riposte_dt=_found(_RIPOSTE_DT, special),
                knockback=_found(_KNOCKBACK, special), armor_piercing=_found(_ARMOR_PIERCING, special))

    tiers_table = reader.table("armor-tiers")
    tiers = {row.key: ArmorTier(row.key, reader.number(tiers_table, row, "reduction"), rank)
             for rank, row in enumerate(tiers_table.rows)}
    armor: dict[str, Armor] = {}
    for name, tier in ARMOR_TABLES.items():
        table = reader.table(name)
        if tier not in tiers:
            raise RulesTableError(tiers_table.location, f"table armor-tiers has no {tier!r} row")
        for row in table.rows:
            armor[row.key] = Armor(row.key, tiers[tier], reader.number(table, row, "cost"),
                                   reader.number(table, row, "move", null=0))

    gear: dict[str, Gear] = {}
    for name in GEAR_TABLES:
        table = reader.table(name)
        for row in table.rows:
            gear[row.key] = Gear(row.key, reader.number(table, row, "cost"))
    _no_shared_keys(weapons, armor, gear)

    table = reader.table("contract-types")
    contracts = {}
    for row in table.rows:
        special = reader.words(table, row, "special")
        max_armor = reader.cell(table, row, "max_armor")
        if max_armor not in tiers:
            raise RulesTableError(row.location, f"table {table.id}, row {row.key}: no armor tier {max_armor!r}")
        max_per_squad = reader.cell(table, row, "max")
        contracts[row.key] = Contract(
            key=row.key, health=reader.number(table, row, "health"), move=reader.number(table, row, "move"),
            weapons=reader.parsed(table, row, "weapons", lambda text: WeaponAccess(text["en"].lower())),
            max_armor=tiers[max_armor],
            max_per_squad=None if max_per_squad is None else reader.number(table, row, "max"),
            attribute_bonus=_found(_ATTRIBUTE_BONUS, special), melee_damage_bonus=_found(_MELEE_DAMAGE, special),
            ignores_armor_move_penalty=_IGNORES_ARMOR_MOVE in special)

    table = reader.table("stat-arrays")
    stat_arrays = {row.key: StatArray(row.key, tuple(
        reader.parsed(table, row, column.key, DiceTier.parse) for column in table.columns if column.kind == "dice"))
        for row in table.rows}

    table = reader.table("blessings")
    blessings = tuple(
        Blessing(row.key, reader.number(table, row, "roll"), dt=_found(_DT, reader.words(table, row, "effect")),
                 roll_twice=bool(_ROLL_TWICE.search(reader.words(table, row, "effect"))))
        for row in table.rows)

    table = reader.table("falling")
    falling = tuple(FallBand(reader.number(table, row, "from"), reader.number(table, row, "to"),
                             reader.parsed(table, row, "damage", _optional_dice))
                    for row in table.rows)

    table = reader.table("broadcast-powers")
    powers = {row.key: Power(row.key, offensive=reader.parsed(table, row, "type", _offensive),
                             dt=_found(_DT, reader.words(table, row, "effect")))
              for row in table.rows}

    table = reader.table("coworker-units")
    coworkers = {row.key: Coworker(row.key, combat=reader.parsed(table, row, "combat", DiceTier.parse),
                                   defense=reader.parsed(table, row, "defense", DiceTier.parse),
                                   wits=reader.parsed(table, row, "wits", DiceTier.parse),
                                   health=reader.number(table, row, "health"))
                 for row in table.rows}

    def findings(name: str) -> tuple[Dice, tuple[Finding, ...]]:
        table = reader.table(name)
        if table.die is None:
            raise RulesTableError(table.location, f"table {name} needs its die")
        rows = tuple(Finding(row.key, reader.parsed(table, row, "roll", Band.parse),
                             *(reader.number(table, row, column, null=0)
                               for column in ("subs", "evidence", "leads", "merits")))
                     for row in table.rows)
        return Dice.parse(table.die), rows

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

    def results(name: str) -> tuple[Result, ...]:
        table = reader.table(name)
        return tuple(Result(row.key, reader.parsed(table, row, "roll", Band.parse),
                            _effects(reader.words(table, row, "effect")))
                     for row in table.rows)

    table = reader.table("promotion-thresholds")
    thresholds = tuple(reader.number(table, row, "merits") for row in table.rows)
    table = reader.table("merit-sources")
    merit_sources = tuple(MeritSource(row.key, reader.number(table, row, "merits")) for row in table.rows)

    return Rules(
        weapons=weapons, armor_tiers=tiers, armor=armor, gear=gear, contracts=contracts,
        stat_arrays=stat_arrays, blessings=blessings, falling=falling, powers=powers,
        critical_tables=frozenset(str(table_id)[len(CRITICAL_PREFIX):] for table_id in rulebook.tables
                                  if str(table_id).startswith(CRITICAL_PREFIX)),
        coworkers=coworkers, search_die=search_die, search_findings=search_findings,
        interrogate_die=interrogate_die, interrogate_results=interrogate_results, evidence_gap=gap,
        exploration=exploration, injuries=results("injuries"), promotions=results("promotion"),
        promotion_thresholds=thresholds, merit_sources=merit_sources,
    )


def _no_shared_keys(*catalogues: Mapping[str, Any]) -> None:
    # Examples name items by row key alone, so a key must not mean two items.
    seen: set[str] = set()
    for catalogue in catalogues:
        shared = seen & set(catalogue)
        if shared:
            raise RulesTableError(None, f"row key(s) {', '.join(sorted(shared))} name two requisitions; "
                                        "give each item its own key")
        seen |= set(catalogue)


# --- runner: examples -> outcomes ---------------------------------------------------------


@dataclass(frozen=True)
class ExampleOutcome:
    """One example's verdict: what the text claims and what the engine computes."""

    example: Example
    passed: bool
    claimed: str
    computed: str


_MISSING = object()
_cache: list[tuple[Rulebook, list[ExampleOutcome]]] = []


def verify_examples(rulebook: Rulebook) -> list[ExampleOutcome]:
    """Run every example of ``rulebook`` through the engine, in file and line order.

    The result is kept for the last rulebook asked about, so the check and
    the summary line share one run.
    """
    if _cache and _cache[0][0] is rulebook:
        return _cache[0][1]
    examples = sorted(rulebook.examples.values(), key=lambda example: example.location)
    outcomes: list[ExampleOutcome] = []
    if examples:
        try:
            rules: Rules | None = rules_from_tables(rulebook)
            problem = ""
        except RulesTableError as error:
            rules, problem = None, f"nothing (cannot read the tables: {error})"
        outcomes = [_verify(example, rules, problem) for example in examples]
    _cache[:] = [(rulebook, outcomes)]
    return outcomes


def _verify(example: Example, rules: Rules | None, problem: str) -> ExampleOutcome:
    claims = example.claims
    everything = ", ".join(f"{key}={_show(value)}" for key, value in claims.items())
    if rules is None:
        return ExampleOutcome(example, False, everything, problem)
    try:
        computed = run_example(example.check, rules, example.given)
    except ExampleInputError as error:
        return ExampleOutcome(example, False, everything, f"nothing ({error})")
    wrong = [key for key in claims if not _same(claims[key], computed.get(key, _MISSING))]
    shown = wrong or list(claims)
    return ExampleOutcome(
        example, passed=not wrong,
        claimed=", ".join(f"{key}={_show(claims[key])}" for key in shown),
        computed=", ".join(f"{key}={_show(computed.get(key, _MISSING), example.check)}" for key in shown),
    )


def _same(claim: Any, value: Any) -> bool:
    """Whether a claim matches a computed value; a mapping claim may name only some keys."""
    if isinstance(claim, Mapping):
        return isinstance(value, Mapping) and all(
            key in value and _same(item, value[key]) for key, item in claim.items())
    if isinstance(claim, list):
        return isinstance(value, list) and len(claim) == len(value) and all(map(_same, claim, value))
    if isinstance(claim, bool) or isinstance(value, bool):
        return claim is value
    if isinstance(claim, str) and isinstance(value, str) and claim != value:
        # d6 and 1d6 are the same dice.
        try:
            return Dice.parse(claim) == Dice.parse(value)
        except ValueError:
            return False
    return claim == value


def _show(value: Any, check_name: str = "") -> str:
    if value is _MISSING:
        return f"(not computed by {check_name})"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{key}: {_show(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_show(item) for item in value) + "]"
    return str(value)


# --- registered checks ----------------------------------------------------------------------


@check("examples")
def failing_examples(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """EX001: an example whose claims the engine does not reproduce."""
    for outcome in verify_examples(rulebook):
        if not outcome.passed:
            example = outcome.example
            yield Diagnostic("EX001", Severity.ERROR, example.location,
                             f"example {example.id}: text claims {outcome.claimed}, "
                             f"engine computes {outcome.computed}",
                             "fix the example's prose and its claims, or the table it reads")


@check("examples")
def example_placement(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """EX002: an example placed in prose with no YAML entry, placed nowhere, or in the wrong section."""
    placed: set[ExampleId] = set()
    misplaced: set[tuple[ExampleId, RuleId]] = set()
    for _, section in iter_sections(rulebook):
        for placement in section.examples:
            placed.add(placement.example)
            example = rulebook.examples.get(placement.example)
            if example is None:
                yield Diagnostic("EX002", Severity.ERROR, placement.location,
                                 f"example {placement.example} is placed in {section.id} but has no entry "
                                 "in content/examples/*.yaml",
                                 "add its given and claims to content/examples/<booklet>.yaml")
            elif example.section != section.id and (example.id, section.id) not in misplaced:
                misplaced.add((example.id, section.id))
                yield Diagnostic("EX002", Severity.ERROR, example.location,
                                 f"example {example.id} has section {example.section} but is placed in "
                                 f"{section.id} ({placement.location})",
                                 "make the example's section the one it stands in")
    for example in rulebook.examples.values():
        if example.id not in placed:
            yield Diagnostic("EX002", Severity.ERROR, example.location,
                             f"example {example.id} is not placed in any section",
                             f"add a '::: example {example.id} <Title>' block to section {example.section}, "
                             "or remove the entry")
