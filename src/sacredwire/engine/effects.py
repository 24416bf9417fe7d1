"""What a critical or fumble result does (A5, A6): bonus damage, lasting changes, bleeding, Out of Action, self-harm.

Each row's effect is typed in structured columns of its table (the adapter
checks them against the row's words); the numbers the rules state for every
table at once (the bleeding damage, the Injury penalty) are rule parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .campaign import Band, Effect
from .dice import Dice, DiceTier
from .numbers import RuleNumbers
from .squad import ATTRIBUTES

# A fumble's harm to the attacker: its weapon's damage rolled, or its maximum (A6).
WEAPON_DAMAGE, MAX_WEAPON_DAMAGE = "weapon", "max"


@dataclass(frozen=True)
class CriticalEffect:
    """A critical table row: its band and what it does (A5.1)."""

    key: str
    band: Band
    bonus_damage: Dice | None = None
    lasting: tuple[Effect, ...] = ()
    bleeds: bool = False
    out_of_action: bool = False


@dataclass(frozen=True)
class FumbleEffect:
    """A fumble table row: its band and the damage the attacker takes (``weapon``, ``max``, or dice)."""

    key: str
    band: Band
    self_damage: str | Dice | None = None


def critical_bonus_damage(effect: CriticalEffect, rolled: int | None) -> int:
    """The extra damage a critical adds to the attack's: its bonus dice as rolled (0 without them)."""
    if effect.bonus_damage is None:
        return 0
    if rolled is None or not effect.bonus_damage.minimum <= rolled <= effect.bonus_damage.maximum:
        raise ValueError(f"{effect.key} adds {effect.bonus_damage}: roll it")
    return rolled


def after_lasting(effect: CriticalEffect, dice: Mapping[str, DiceTier], move: int) -> tuple[dict[str, DiceTier], int]:
    """A model's attributes and Move after a critical's permanent changes (attributes held at the caps)."""
    changed = dict(dice)
    for change in effect.lasting:
        if change.stat == "move":
            move += change.change
        elif change.stat in ATTRIBUTES:
            changed[change.stat] = changed[change.stat].capped(change.change)
        else:
            raise ValueError(f"a critical cannot change {change.stat!r} for good")
    return changed, move


def critical_injury_modifier(effect: CriticalEffect, numbers: RuleNumbers) -> int:
    """A5.1: a critical that puts the model Out of Action at once takes the Injury penalty post-game."""
    return numbers.injury_penalty if effect.out_of_action else 0


def critical_damage_per_activation(effect: CriticalEffect, numbers: RuleNumbers) -> int:
    """A5.1: the damage a lasting critical deals at each of the model's activations."""
    return numbers.bleed_damage if effect.bleeds else 0


def fumble_self_damage(effect: FumbleEffect, weapon: Dice, rolled: int | None = None) -> int:
    """A6: the damage a fumble does to the attacker: its weapon's roll, its maximum, or the row's own dice."""
    if effect.self_damage is None:
        return 0
    if effect.self_damage == MAX_WEAPON_DAMAGE:
        return weapon.maximum
    dice = weapon if effect.self_damage == WEAPON_DAMAGE else effect.self_damage
    if not isinstance(dice, Dice):
        raise ValueError(f"{effect.key}: no damage {effect.self_damage!r}")
    if rolled is None or not dice.minimum <= rolled <= dice.maximum:
        raise ValueError(f"{effect.key} deals {dice}: roll it")
    return rolled
