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


@dataclass(frozen=True)
class Weapon:
    """A weapon row: damage, type (a weapon-type key, or None), cost, class and the numbers of its special.

    ``fumble_table`` is the Fumble table an attack with it rolls (A6.1): ``melee`` for close combat,
    ``ranged`` for shots and grenade throws, None for a weapon that never fumbles (the Arc Pistol, A3.3).
    ``reach`` and ``max_range`` are in inches, None when the weapon has no such limit.
    """

    key: str
    damage: Dice
    type: str | None
    cost: int
    weapon_class: WeaponClass
    fumble_table: str | None
    riposte_dt: int = 0
    knockback: int = 0
    armor_piercing: int = 0
    vs_armored: int = 0
    critical_bonus: int = 0
    reach: int | None = None
    max_range: int | None = None
    # A2 "Re-roll 1s" (2: "1s and 2s"): damage dice showing this or less are re-rolled; 0 for none.
    reroll: int = 0


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
    # "Re-roll 1s on Defense" (2: "1s and 2s"…): the wearer's Defense dice showing this or less; 0 for none.
    defense_reroll: int = 0


@dataclass(frozen=True)
class Gear:
    """Anything else a squad buys (consumables, gear, cybernetics): only its cost matters here."""

    key: str
    cost: int


Item = Weapon | Armor | Gear
