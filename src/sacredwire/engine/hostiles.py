"""Hostiles and Coworkers (I2-I4): unit profiles, spawning by tier, and the Coworkers' behavior tables.

A faction's units table gives each unit's profile; the ``unit-tiers`` d6
names the tier, and a d2 picks the lower- (1) or higher-numbered (2) unit of
that tier. The profiles carry dice tiers and damage dice the combat functions
take as they are.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .campaign import Band, lookup
from .dice import Dice, DiceTier, apply_modifiers
from .numbers import Multiples
from .rolls import AttackResult, resolve_attack


class Attack(enum.Enum):
    """How a unit attacks (I3): a melee or ranged weapon, or a Power made like a ranged attack."""

    MELEE = "melee"
    RANGED = "ranged"
    POWER = "power"

    @property
    def needs_line_of_sight(self) -> bool:
        """A ranged weapon and a Power shoot: they need Line of Sight (I3)."""
        return self is not Attack.MELEE


@dataclass(frozen=True)
class UnitTier:
    """A Unit Tiers row (I2): the tier's key and its band on the spawn d6."""

    key: str
    band: Band


@dataclass(frozen=True)
class HostileUnit:
    """A unit's profile (I3, I4): dice, Health, Move, weapon, and the groups one spawn places."""

    key: str
    faction: str
    band: Band
    tier: str
    groups: tuple[int, ...]
    combat: DiceTier
    defense: DiceTier
    wits: DiceTier
    health: int
    move: int
    weapon_type: str
    attack: Attack
    damage: Dice

    @property
    def models(self) -> int:
        """How many models one spawn places, over all its groups."""
        return sum(self.groups)


def unit_attack(unit: HostileUnit, defense: DiceTier, total: int, defense_total: int, multiples: Multiples,
                mod: int = 0, defender_mod: int = 0) -> AttackResult:
    """A unit's attack (I3): its Combat against the target's Defense, read for damage, criticals and fumbles.

    The critical table is the one for the unit's weapon type, as for a squad's weapon (C4.16).
    """
    rolled = apply_modifiers(unit.combat, defense, mod, defender_mod)
    return resolve_attack(rolled.attacker, total, rolled.defender, defense_total, multiples)


def parse_groups(cell: str) -> tuple[int, ...]:
    """A Spawn cell: ``"4"`` is one group of four, ``"2+2"`` two groups of two (one token each).

    >>> parse_groups("4+4"), parse_groups("3")
    ((4, 4), (3,))
    """
    parts = str(cell).split("+")
    if not all(part.strip().isdigit() and int(part) > 0 for part in parts):
        raise ValueError(f"{cell!r} is not a spawn (N or N+N)")
    return tuple(int(part) for part in parts)


def tier_for(tiers: Sequence[UnitTier], roll: int) -> UnitTier:
    """The tier a spawn d6 names (I2)."""
    return lookup(tiers, roll)


def spawn(units: Sequence[HostileUnit], tier: str, unit_roll: int) -> HostileUnit:
    """The unit a spawn of ``tier`` places: the d2 picks the lower- (1) or higher-numbered (2) unit (I2)."""
    in_tier = sorted((unit for unit in units if unit.tier == tier), key=lambda unit: unit.band.low)
    if not in_tier:
        raise ValueError(f"no unit of tier {tier!r}")
    if not 1 <= unit_roll <= len(in_tier):
        raise ValueError(f"a d{len(in_tier)} cannot roll {unit_roll}")
    return in_tier[unit_roll - 1]


def spawn_roll(units: Sequence[HostileUnit], tiers: Sequence[UnitTier], tier_roll: int,
               unit_roll: int) -> HostileUnit:
    """A spawn that rolls its tier too: the d6 on Unit Tiers, then the d2."""
    return spawn(units, tier_for(tiers, tier_roll).key, unit_roll)


@dataclass(frozen=True)
class CoworkerRow:
    """A row of a Coworker behavior table (I4.1): its d6 band and the action per situation."""

    band: Band
    actions: Mapping[str, str]


# I4.3: a Coworker marked Hostile (attacked, or made so by a modifier) reads the Attacked table, else Normal.
NORMAL, ATTACKED = "normal", "attacked"


def coworker_action(tables: Mapping[str, Sequence[CoworkerRow]], hostile: bool, roll: int, situation: str) -> str:
    """What a Coworker does: the table by whether it is marked Hostile, the row by the d6, then its situation."""
    row = lookup(tables[ATTACKED if hostile else NORMAL], roll)
    if situation not in row.actions:
        raise ValueError(f"no situation {situation!r} (situations: {', '.join(row.actions)})")
    return row.actions[situation]
