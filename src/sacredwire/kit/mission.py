"""The Mission Generator (K1.3), rolled: every table in the order the rules print them, then the mission.

Which tables are rolled, in which order, comes from the rules themselves: the
rolled tables (those with a die) that the Mission Generator section prints,
in the order it prints them, then the table of Rolling the Mission (M1.1).
Every roll comes from one ``random.Random(seed)``, so a seed is a mission.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..engine import Dice, Rules
from ..engine.campaign import Band, SquadProgress, evidence_gap
from ..ids import RuleId, TableId
from ..model import Rulebook, Table, Text
from ..render import is_drawing
from .catalogue import cell_words, translated
from .references import RuleIndex, RuleRef, last_build_pages

# K1.3 names the tables to roll; M1.1 the mission table rolled after them.
GENERATOR_RULE = "K1.3"
SETUP_RULE = "K1.2"
ADVANTAGES_RULE = "K1.4"
MISSION_TABLE = "mission-table"
# K1.3: Spawn Location is rolled at every spawn, not once: once per spawn the Hostile Timing row lists.
SPAWN_TABLE = "campaign-spawn-location"
TIMING_TABLE = "campaign-hostile-timing"
# A Hostile Timing row's spawn rounds: two tiers that spawn in one round spawn at one location.
SPAWN_ROUND_COLUMNS = ("round", "later_round")
# K1.4: the Defender's advantage tables, by the Evidence Gap Advantages column that counts its rolls.
ADVANTAGE_TABLES = {"setup": "setup-advantages", "tactical": "tactical-advantages"}


@dataclass(frozen=True)
class Roll:
    """One roll on one table: the die, the faces, the total and the row it reads."""

    table: str
    title: str
    die: str
    faces: tuple[int, ...]
    row: str
    words: tuple[str, ...]
    rule: RuleRef
    note: str = ""

    @property
    def total(self) -> int:
        return sum(self.faces)

    def as_json(self) -> dict[str, Any]:
        return {"table": self.table, "title": self.title, "die": self.die, "faces": list(self.faces),
                "total": self.total, "row": self.row, "words": list(self.words), "note": self.note,
                "rule": self.rule.as_json()}


@dataclass
class Mission:
    """A rolled mission: every roll, the Evidence gap when two squads were given, the rules and the board."""

    seed: int
    lang: str
    rolls: list[Roll] = field(default_factory=list)
    gap: dict[str, Any] | None = None
    rules: list[RuleRef] = field(default_factory=list)
    board: str = ""

    @property
    def mission(self) -> Roll:
        return next(roll for roll in self.rolls if roll.table == MISSION_TABLE)

    def as_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "lang": self.lang, "rolls": [roll.as_json() for roll in self.rolls],
                "gap": self.gap, "rules": [rule.as_json() for rule in self.rules]}


def generator_tables(rulebook: Rulebook, index: RuleIndex) -> list[Table]:
    """The rolled tables of the Mission Generator in the order its section prints them, then the mission table."""
    section = index.rule(GENERATOR_RULE)
    placed = rulebook.sections(index.lang)[section.id].tables
    tables = [rulebook.tables[placement.table] for placement in placed
              if not placement.in_summary and rulebook.tables[placement.table].die]
    return [*tables, rulebook.tables[TableId(MISSION_TABLE)]]


def row_chances(table: Table) -> dict[str, float]:
    """Each row's chance on the table's die, from the die and the rows' bands alone."""
    die = Dice.parse(str(table.die))
    totals: dict[int, int] = {0: 1}
    for _ in range(die.count):
        totals = _add_die(totals, die.sides)
    outcomes = sum(totals.values())
    chances = {}
    for row in table.rows:
        band = Band.parse(row["roll"])  # type: ignore[arg-type]
        chances[row.key] = sum(ways for total, ways in totals.items() if band.contains(total + die.bonus)) / outcomes
    return chances


def _add_die(totals: dict[int, int], sides: int) -> dict[int, int]:
    result: dict[int, int] = {}
    for total, ways in totals.items():
        for face in range(1, sides + 1):
            result[total + face] = result.get(total + face, 0) + ways
    return result


class MissionRoller:
    """Rolls missions in one language; the tables and rules are read once."""

    def __init__(self, rulebook: Rulebook, rules: Rules, lang: str):
        self.rulebook = rulebook
        self.rules = rules
        self.lang = lang
        self.index = RuleIndex(rulebook, lang, last_build_pages(rulebook, lang))
        self.tables = generator_tables(rulebook, self.index)

    def roll(self, seed: int, squads: tuple[SquadProgress, SquadProgress] | None = None) -> Mission:
        """The mission of ``seed``; with two squads' Evidence and Leads, the gap and the Defender's advantages."""
        rng = random.Random(seed)
        mission = Mission(seed, self.lang)
        for table in self.tables:
            if str(table.id) == SPAWN_TABLE:
                timing = next(roll for roll in mission.rolls if roll.table == TIMING_TABLE)
                timing_row = self.rulebook.tables[TableId(TIMING_TABLE)].row(timing.row)
                for spawn_round in spawn_rounds(timing_row.cells):
                    mission.rolls.append(self._roll(rng, table, note=f"round {spawn_round}"))
            else:
                mission.rolls.append(self._roll(rng, table))
        if squads is not None:
            # Rolled after the mission, so a seed rolls the same mission with or without squads.
            self._gap(rng, mission, squads)
        section = RuleId.parse(str(self.rulebook.tables[TableId(MISSION_TABLE)].row(mission.mission.row)["section"]))
        ids = [SETUP_RULE, GENERATOR_RULE, *([ADVANTAGES_RULE] if squads else []), str(section)]
        mission.rules = [self.index.rule(rule_id) for rule_id in dict.fromkeys(ids)]
        drawings = [token.content for token in self.rulebook.sections(self.lang)[section].tokens if is_drawing(token)]
        mission.board = "".join(drawings)
        return mission

    def _roll(self, rng: random.Random, table: Table, note: str = "") -> Roll:
        die = Dice.parse(str(table.die))
        faces = tuple(rng.randint(1, die.sides) for _ in range(die.count))
        total = sum(faces) + die.bonus
        row = next(row for row in table.rows if Band.parse(row["roll"]).contains(total))  # type: ignore[arg-type]
        words = tuple(cell_words(value, self.rulebook, self.lang, table, row, column.key)
                      for column in table.booklet_columns
                      if column.kind == "text" and isinstance(value := row.cells.get(column.key), Text))
        return Roll(str(table.id), translated(table.title, self.lang, table), str(table.die), faces,
                    row.key, words, self.index.for_table(str(table.id)), note)

    def _gap(self, rng: random.Random, mission: Mission, squads: tuple[SquadProgress, SquadProgress]) -> None:
        result = evidence_gap(squads[0], squads[1], self.rules.evidence_gap)
        aggressor = result.aggressor
        decided_at_random = aggressor is None
        if aggressor is None:
            # K1.3: equal totals and equal Evidence: decide at random.
            aggressor = rng.randrange(len(squads))
        mission.gap = {"gap": result.gap, "aggressor": "AB"[aggressor], "defender": "AB"[1 - aggressor],
                       "random": decided_at_random, "setup": result.advantages.setup,
                       "tactical": result.advantages.tactical, "either": result.advantages.either}
        for column, table_id in ADVANTAGE_TABLES.items():
            for _ in range(getattr(result.advantages, column)):
                mission.rolls.append(self._roll(rng, self.rulebook.tables[TableId(table_id)]))


def spawn_rounds(cells: Any) -> list[int]:
    """The distinct rounds a Hostile Timing row spawns in, in order: one Spawn Location roll each."""
    return sorted({int(cells[column]) for column in SPAWN_ROUND_COLUMNS if cells.get(column) is not None})


def mission_text(mission: Mission, index: RuleIndex) -> str:
    """Each roll as a player checks it against the tables: table, die, faces, total, row."""
    generator = index.rule(GENERATOR_RULE)
    lines = [f"Mission roll, seed {mission.seed} ({generator.title} {index.cite(generator)})"]
    if mission.gap is not None:
        gap = mission.gap
        lines.append(f"Evidence gap {gap['gap']}: squad {gap['aggressor']} is the Aggressor, squad {gap['defender']} "
                     f"the Defender{' (decided at random)' if gap['random'] else ''}; the Defender rolls "
                     f"{gap['setup']} Setup, {gap['tactical']} Tactical and {gap['either']} more from either table")
    for roll in mission.rolls:
        faces = "+".join(map(str, roll.faces))
        shown = f"{faces}={roll.total}" if len(roll.faces) > 1 else faces
        note = f" ({roll.note})" if roll.note else ""
        lines.append(f"{roll.title}{note}: {roll.die} rolled {shown}, row {roll.row}: {' - '.join(roll.words)} "
                     f"{index.cite(roll.rule)}")
    lines.append("Rules: " + "; ".join(f"{rule.title} {index.cite(rule)}" for rule in mission.rules))
    return "\n".join(lines)
