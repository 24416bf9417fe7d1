"""Weapons, armor and other requisitions, as the rules use them (A3).

Every value here is read from the Requisitions tables by the adapter; the
engine only names what a rule needs.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .dice import Dice


class WeaponClass(enum.Enum):
    """Which list a weapon comes from; contracts and fumble tables depend on it."""

    MELEE = "melee"
    RANGED = "ranged"
    IMPROVISED = "improvised"
    GRENADE = "grenade"

    @property
    def fumble_table(self) -> str | None:
        """The Fumble table an attack with it rolls (C4.17); a grenade fumbles at the thrower's feet (C4.15)."""
        if self is WeaponClass.RANGED:
            return "ranged"
        if self is WeaponClass.GRENADE:
            return None
        # A2/C4.5: Improvised Combat is fought in melee.
        return "melee"


@dataclass(frozen=True)
class Weapon:
    """A weapon row: damage, type (a weapon-type key, or None), cost, class and the numbers of its special."""

    key: str
    damage: Dice
    type: str | None
    cost: int
    weapon_class: WeaponClass
    riposte_dt: int = 0
    knockback: int = 0
    armor_piercing: int = 0


@dataclass(frozen=True)
class ArmorTier:
    """Light, Medium or Heavy: the reduction every hit loses, and the tier's rank (Light lowest)."""

    key: str
    reduction: int
    rank: int


@dataclass(frozen=True)
class Armor:
    """An armor piece: its tier, cost and change to the wearer's Move in inches."""

    key: str
    tier: ArmorTier
    cost: int
    move: int = 0


@dataclass(frozen=True)
class Gear:
    """Anything else a squad buys (consumables, gear, cybernetics): only its cost matters here."""

    key: str
    cost: int


Item = Weapon | Armor | Gear
