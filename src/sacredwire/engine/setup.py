"""Setting up a campaign game (K1.2, K1.4) and rolling its mission (M1): each a roll on a table.

The mission generator rolls one d6 on each of its tables; the Defender rolls
the advantages the Evidence gap grants; the mission table's d12 names the
mission. Each result is the row the roll lands on, read by its key; the rows
that carry a number (markers, a Search DT, the rounds hostiles spawn in) keep
it in a typed field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .campaign import Band, GapAdvantages, TableRow, lookup
from .dice import Dice

# K1.2: the mission generator's tables, in the order setup rolls them.
SETUP_TABLES = ("deployment", "coworker-setup", "coworker-modifiers", "hostile-type", "hostile-timing",
                "loot-layout", "loot-modifiers")
# Rolled each time hostiles spawn (K1.2), not once at setup.
SPAWN_LOCATION = "spawn-location"
# A Hostile Timing row's two spawns: the round and the tier of each, in order.
SPAWN_COLUMNS = ("round", "tier", "later_round", "later_tier")


@dataclass(frozen=True)
class RolledTable:
    """A table read by one die roll: its die and its rows' bands."""

    die: Dice
    rows: tuple[TableRow, ...]

    def roll(self, face: int) -> str:
        """The key of the row ``face`` lands on (ValueError for a face the die cannot show)."""
        if not self.die.minimum <= face <= self.die.maximum:
            raise ValueError(f"a {self.die} cannot roll {face}")
        return lookup(self.rows, face).key


@dataclass(frozen=True)
class Spawn:
    """One spawn of a Hostile Timing row: the round it happens in and the tier it calls for."""

    round: int
    tier: str


@dataclass(frozen=True)
class SetupTables:
    """The mission generator (K1.2) and the advantage tables (K1.4), with the numbers their rows carry."""

    tables: Mapping[str, RolledTable]
    spawns: Mapping[str, tuple[Spawn, ...]]
    loot_markers: Mapping[str, int]
    loot_search_dt: Mapping[str, int]
    setup_advantages: RolledTable
    tactical_advantages: RolledTable
    # Rounds a Tactical Advantage pushes the first spawn back (K1.4).
    spawn_delay: int


@dataclass(frozen=True)
class GameSetup:
    """What setup rolled: the row key of each mission generator table, and what those rows set."""

    rows: Mapping[str, str]
    spawns: tuple[Spawn, ...]
    loot_markers: int
    search_dt: int

    @property
    def faction(self) -> str:
        """The hostile faction every spawn of the game uses (I2.1)."""
        return self.rows["hostile-type"]


def game_setup(setup: SetupTables, faces: Mapping[str, int], delayed: bool = False) -> GameSetup:
    """K1.2: one d6 on each mission generator table; when ``delayed`` (the Tactical Advantage that delays
    the first spawn, K1.4), the first spawn comes the tables' ``spawn_delay`` rounds later."""
    missing = [name for name in SETUP_TABLES if name not in faces]
    if missing:
        raise ValueError(f"setup rolls on {', '.join(missing)} too")
    rows = {name: setup.tables[name].roll(faces[name]) for name in SETUP_TABLES}
    spawns = setup.spawns[rows["hostile-timing"]]
    if delayed:
        first, *rest = spawns
        spawns = (Spawn(first.round + setup.spawn_delay, first.tier), *rest)
    return GameSetup(rows, spawns, setup.loot_markers.get(rows["loot-layout"], 0),
                     setup.loot_search_dt.get(rows["loot-modifiers"], 0))


def spawn_location(setup: SetupTables, face: int) -> str:
    """Where one spawn arrives (K1.2): rolled again for every spawn."""
    return setup.tables[SPAWN_LOCATION].roll(face)


@dataclass(frozen=True)
class Advantages:
    """The Defender's advantages (K1.4): the Setup and Tactical rows its rolls landed on."""

    setup: tuple[str, ...]
    tactical: tuple[str, ...]


def defender_advantages(granted: GapAdvantages, setup: SetupTables, setup_faces: Sequence[int],
                        tactical_faces: Sequence[int], either: Sequence[str] = ()) -> Advantages:
    """K1.4: the Defender rolls as many Setup and Tactical d6s as the gap grants, and picks a table per free roll.

    ``either`` names the table (``setup`` or ``tactical``) of each roll from either table; its faces follow
    that table's own rolls in ``setup_faces`` or ``tactical_faces``.
    """
    if len(either) != granted.either or any(table not in ("setup", "tactical") for table in either):
        raise ValueError(f"the gap grants {granted.either} roll(s) from either table, named setup or tactical")
    wanted = {"setup": granted.setup + list(either).count("setup"),
              "tactical": granted.tactical + list(either).count("tactical")}
    for name, faces in (("setup", setup_faces), ("tactical", tactical_faces)):
        if len(faces) != wanted[name]:
            raise ValueError(f"the gap grants {wanted[name]} {name} roll(s), not {len(faces)}")
    return Advantages(tuple(setup.setup_advantages.roll(face) for face in setup_faces),
                      tuple(setup.tactical_advantages.roll(face) for face in tactical_faces))


@dataclass(frozen=True)
class Mission:
    """A Missions row (M1): the markers it places and the section holding its rules."""

    key: str
    band: Band
    markers: int
    section: str


def roll_mission(die: Dice, missions: Sequence[Mission], face: int) -> Mission:
    """M1: the mission a d12 names."""
    if not die.minimum <= face <= die.maximum:
        raise ValueError(f"a {die} cannot roll {face}")
    return lookup(missions, face)
