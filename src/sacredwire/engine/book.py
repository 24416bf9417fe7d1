"""The tables beyond combat and the post-game: actions, vertical movement, setup, hostiles, missions, samples.

One typed value the adapter fills from the tables, held by :class:`~.rules.Rules` as ``book``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .dice import Dice
from .effects import CriticalEffect, FumbleEffect
from .hostiles import CoworkerRow, HostileUnit, UnitTier
from .movement import Action, VerticalMove
from .samples import SampleModel
from .setup import Mission, RolledTable, SetupTables


@dataclass(frozen=True)
class Book:
    """The rest of the game's tables as engine values."""

    actions: Mapping[str, Action]
    vertical: Mapping[str, VerticalMove]
    setup: SetupTables
    evidence_types: RolledTable
    unit_tiers: tuple[UnitTier, ...]
    # Faction key -> its units, in table order.
    units: Mapping[str, tuple[HostileUnit, ...]]
    coworker_behaviour: Mapping[str, tuple[CoworkerRow, ...]]
    mission_die: Dice
    missions: tuple[Mission, ...]
    samples: tuple[SampleModel, ...]
    # Weapon type (or fumble table) -> its rows' effects.
    critical_effects: Mapping[str, tuple[CriticalEffect, ...]]
    fumble_effects: Mapping[str, tuple[FumbleEffect, ...]]

    def evidence_type(self, face: int) -> str:
        """The Evidence type a d10 names (K2.3)."""
        return self.evidence_types.roll(face)

