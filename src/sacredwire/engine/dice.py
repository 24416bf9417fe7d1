"""Dice tiers, damage dice, and DT modifiers with caps and overflow.

A roll of the game is two dice of one tier, added (C1.9). A DT modifier moves
the tier up or down; what a cap swallows passes to the opponent, reversed,
once (C1.10).

>>> DiceTier.parse("2d8").shifted(1)
(DiceTier('2d10'), 0)
>>> DiceTier.parse("2d12").shifted(1)
(DiceTier('2d12'), 1)
>>> apply_modifiers(DiceTier.parse("2d12"), DiceTier.parse("2d6"), attacker_mod=1)
RolledTiers(attacker=DiceTier('2d12'), defender=DiceTier('2d4'))
>>> str(Dice.parse("1d6")), str(Dice.parse("d4+1")), Dice.parse("2").maximum
('d6', 'd4+1', 2)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

# C1.9 Dice Tiers: 2d4 → 2d6 → 2d8 → 2d10 → 2d12; the ends are the Attribute Caps.
TIER_SIDES = (4, 6, 8, 10, 12)
# C1.9: "Roll 2 dice and add the results."
DICE_PER_ROLL = 2

# ASCII digits only, and bounded: "2d٦" is not 2d6, and no roll has a hundred dice.
_TIER = re.compile(r"^2d(\d{1,2})$", re.ASCII)
_DICE = re.compile(r"^(?P<count>\d{0,2})d(?P<sides>\d{1,2})(?P<bonus>[+-]\d{1,3})?$", re.ASCII)


@dataclass(frozen=True, order=True)
class DiceTier:
    """One of the five dice tiers (two dice of ``sides`` faces), e.g. ``2d8``."""

    sides: int

    def __post_init__(self) -> None:
        if self.sides not in TIER_SIDES:
            raise ValueError(f"2d{self.sides} is not a dice tier (tiers: {tier_names()})")

    @classmethod
    def parse(cls, text: str) -> DiceTier:
        """``2d4`` to ``2d12``; anything else raises ValueError."""
        match = _TIER.match(str(text).strip())
        if not match:
            raise ValueError(f"{text!r} is not a dice tier (tiers: {tier_names()})")
        return cls(int(match[1]))

    @classmethod
    def lowest(cls) -> DiceTier:
        return cls(TIER_SIDES[0])

    @classmethod
    def highest(cls) -> DiceTier:
        return cls(TIER_SIDES[-1])

    @property
    def index(self) -> int:
        """Position on the ladder: 0 for 2d4, 4 for 2d12."""
        return TIER_SIDES.index(self.sides)

    def shifted(self, steps: int) -> tuple[DiceTier, int]:
        """The tier ``steps`` DT away, capped, and the signed part the cap swallowed.

        The excess is what C1.10 passes to the opponent (with its sign reversed).
        """
        target = self.index + steps
        capped = min(max(target, 0), len(TIER_SIDES) - 1)
        return DiceTier(TIER_SIDES[capped]), target - capped

    def capped(self, steps: int) -> DiceTier:
        """The tier ``steps`` DT away, held at the caps (attribute changes, fixed rolls)."""
        return self.shifted(steps)[0]

    @property
    def minimum(self) -> int:
        return DICE_PER_ROLL

    @property
    def maximum(self) -> int:
        return DICE_PER_ROLL * self.sides

    def can_total(self, total: int) -> bool:
        """Whether two dice of this tier can add up to ``total``."""
        return self.minimum <= total <= self.maximum

    def total_of(self, faces: Sequence[int]) -> int:
        """Add the two dice shown; raise ValueError for dice this tier cannot show."""
        if len(faces) != DICE_PER_ROLL:
            raise ValueError(f"{self} rolls {DICE_PER_ROLL} dice, not {len(faces)}")
        for face in faces:
            if not 1 <= face <= self.sides:
                raise ValueError(f"a d{self.sides} cannot show {face}")
        return sum(faces)

    def __str__(self) -> str:
        return f"{DICE_PER_ROLL}d{self.sides}"

    def __repr__(self) -> str:
        return f"DiceTier('{self}')"


def tier_names() -> str:
    return ", ".join(str(DiceTier(sides)) for sides in TIER_SIDES)


def all_tiers() -> tuple[DiceTier, ...]:
    """The five tiers, lowest first."""
    return tuple(DiceTier(sides) for sides in TIER_SIDES)


@dataclass(frozen=True)
class RolledTiers:
    """The tiers both sides of an opposed roll actually roll."""

    attacker: DiceTier
    defender: DiceTier


def apply_modifiers(attacker: DiceTier, defender: DiceTier,
                    attacker_mod: int = 0, defender_mod: int = 0) -> RolledTiers:
    """Apply each side's net DT modifier, with caps and overflow (C1.9, C1.10).

    Each side's modifiers are added up first: only the net change can pass a
    cap, so +1 and -1 on a 2d12 cancel out. What a cap swallows passes to the
    opponent with the opposite sign. It is applied once: if the opponent is at
    a cap too, the rest is lost, never passed back. When both sides overflow,
    each receives the other's excess, and what it cannot take is lost.

    >>> apply_modifiers(DiceTier.parse("2d12"), DiceTier.parse("2d12"), 1, 1)
    RolledTiers(attacker=DiceTier('2d10'), defender=DiceTier('2d10'))
    """
    attacker_tier, attacker_excess = attacker.shifted(attacker_mod)
    defender_tier, defender_excess = defender.shifted(defender_mod)
    # Both excesses come from the sides' own modifiers; a passed modifier's own
    # excess is dropped, which is what "never bounces back" means.
    return RolledTiers(attacker=attacker_tier.capped(-defender_excess),
                       defender=defender_tier.capped(-attacker_excess))


def against_fixed(model: DiceTier, fixed: DiceTier, mod: int = 0) -> RolledTiers:
    """A model's roll against a fixed roll (C1.10's 2d6: Search, grenades, Morale, support Cast):
    capped, and overflow is ignored."""
    return RolledTiers(attacker=model.capped(mod), defender=fixed)


@dataclass(frozen=True)
class Dice:
    """Damage dice: ``count`` dice of ``sides`` faces plus ``bonus`` (``d6``, ``2d6``, ``d4+1``, ``2``).

    ``d6`` and ``1d6`` are the same dice; a flat number has no dice.
    """

    count: int
    sides: int
    bonus: int = 0

    @classmethod
    def parse(cls, text: str | int) -> Dice:
        """Read ``d6``, ``1d6``, ``2d6``, ``d4+1`` or a flat ``2``."""
        raw = str(text).strip()
        if re.fullmatch(r"\d{1,3}", raw, re.ASCII):
            return cls(0, 0, int(raw))
        match = _DICE.match(raw)
        if not match or int(match["sides"]) < 2:
            raise ValueError(f"{text!r} is not a damage roll (e.g. d6, 2d6, d4+1, 2)")
        count = int(match["count"]) if match["count"] else 1
        if count < 1:
            raise ValueError(f"{text!r} rolls no dice")
        return cls(count, int(match["sides"]), int(match["bonus"] or 0))

    @property
    def minimum(self) -> int:
        return self.count + self.bonus

    @property
    def maximum(self) -> int:
        return self.count * self.sides + self.bonus

    def times(self, factor: int) -> Dice:
        """``factor`` times as many dice, same bonus (a failed Riposte doubles them, C4.7)."""
        return Dice(self.count * factor, self.sides, self.bonus)

    def plus(self, bonus: int) -> Dice:
        return Dice(self.count, self.sides, self.bonus + bonus)

    def total_of(self, faces: Sequence[int]) -> int:
        """The result of these dice showing ``faces``; ValueError if they cannot show them."""
        if len(faces) != self.count:
            raise ValueError(f"{self} rolls {self.count} dice, not {len(faces)}")
        for face in faces:
            if not 1 <= face <= self.sides:
                raise ValueError(f"a d{self.sides} cannot show {face}")
        return sum(faces) + self.bonus

    def __str__(self) -> str:
        if self.count == 0:
            return str(self.bonus)
        count = "" if self.count == 1 else str(self.count)
        bonus = f"{self.bonus:+d}" if self.bonus else ""
        return f"{count}d{self.sides}{bonus}"
