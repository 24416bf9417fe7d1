"""Everything the rules read from the tables, in one typed value.

The booklets print the tables; an adapter outside the engine reads the same
tables into a :class:`Rules`, so no number is typed twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .activation import Blessing
from .book import Book
from .campaign import Band, ExplorationBand, Finding, GapAdvantages, MeritSource, Result, TableRow
from .combat import FallBand, Power
from .dice import Dice, DiceTier
from .gear import Armor, ArmorTier, Gear, Item, Weapon
from .numbers import RuleNumbers
from .squad import Contract, StatArray


@dataclass(frozen=True)
class Coworker:
    """A Coworker unit's profile (I4): what Interrogate rolls against."""

    key: str
    combat: DiceTier
    defense: DiceTier
    wits: DiceTier
    health: int


@dataclass(frozen=True)
class BehaviourRow:
    """A row of a faction's behavior table (I1.4): its d6 band and the action for each situation."""

    band: Band
    actions: Mapping[str, str]


@dataclass(frozen=True)
class Rules:
    """The game's tables as engine values, each mapping keyed by its table's row keys."""

    weapons: Mapping[str, Weapon]
    armor_tiers: Mapping[str, ArmorTier]
    armor: Mapping[str, Armor]
    gear: Mapping[str, Gear]
    contracts: Mapping[str, Contract]
    stat_arrays: Mapping[str, StatArray]
    blessings: tuple[Blessing, ...]
    falling: tuple[FallBand, ...]
    powers: Mapping[str, Power]
    critical_tables: frozenset[str]
    critical_rows: Mapping[str, tuple[TableRow, ...]]
    fumble_rows: Mapping[str, tuple[TableRow, ...]]
    behaviours: Mapping[str, tuple[BehaviourRow, ...]]
    behaviour_die: Dice
    evidence_die: Dice
    coworkers: Mapping[str, Coworker]
    search_die: Dice
    search_findings: tuple[Finding, ...]
    interrogate_die: Dice
    interrogate_results: tuple[Finding, ...]
    evidence_gap: tuple[GapAdvantages, ...]
    exploration: tuple[ExplorationBand, ...]
    injuries: tuple[Result, ...]
    promotions: tuple[Result, ...]
    promotion_thresholds: tuple[int, ...]
    merit_sources: tuple[MeritSource, ...]
    # K3.5: each Post-Game Sequence row's step number, by row key.
    post_game_steps: Mapping[str, int]
    injury_die: Dice
    promotion_die: Dice
    blessing_die: Dice
    # The numbers the rules state in prose (content/rules.yaml).
    numbers: RuleNumbers
    # Actions, vertical movement, setup, hostiles, missions and samples.
    book: Book

    def item(self, key: str) -> Item:
        """A weapon, armor piece or piece of gear by its row key."""
        for catalogue in (self.weapons, self.armor, self.gear):
            if key in catalogue:
                return catalogue[key]
        raise ValueError(f"no weapon, armor or gear {key!r} in the Requisitions tables")
