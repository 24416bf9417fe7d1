"""Exact odds of an opposed roll, by enumerating every pair of totals.

Same-tier ties re-roll (C1.9), so every probability is that of the roll that
settles the contest: a tie is never a Double, a Triple or a fumble, so each
is divided by the chance of not tying.

>>> from .numbers import Multiples
>>> odds = opposed_odds(DiceTier.parse("2d6"), DiceTier.parse("2d6"), Multiples(2, 3, 3, 1))
>>> odds.win, odds.win + odds.loss
(Fraction(1, 2), Fraction(1, 1))
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

from .dice import DICE_PER_ROLL, DiceTier, RolledTiers, all_tiers, apply_modifiers
from .numbers import Multiples
from .rolls import Outcome, opposed_outcome


@cache
def total_distribution(tier: DiceTier) -> dict[int, Fraction]:
    """The chance of each total of two dice of ``tier``."""
    faces = range(1, tier.sides + 1)
    counts = Counter(sum(roll) for roll in product(faces, repeat=DICE_PER_ROLL))
    outcomes = tier.sides ** DICE_PER_ROLL
    return {total: Fraction(count, outcomes) for total, count in sorted(counts.items())}


@dataclass(frozen=True)
class Odds:
    """The attacker's chances in one opposed roll, after modifiers."""

    attacker: DiceTier
    defender: DiceTier
    win: Fraction
    double: Fraction
    triple: Fraction
    fumble: Fraction

    @property
    def loss(self) -> Fraction:
        return 1 - self.win


def opposed_odds(attacker: DiceTier, defender: DiceTier, multiples: Multiples,
                 attacker_mod: int = 0, defender_mod: int = 0, fixed: bool = False) -> Odds:
    """Exact odds for ``attacker`` against ``defender`` with net DT modifiers (C1.9, C1.10, C4.16, C4.17).

    With ``fixed`` the defender's dice are a fixed roll (Search, grenades,
    Morale, a support Cast): each side is held at the caps and no overflow
    passes either way (C1.10).

    >>> opposed_odds(DiceTier.parse("2d12"), DiceTier.parse("2d6"), Multiples(2, 3, 3, 1), 1, fixed=True).defender
    DiceTier('2d6')
    """
    if fixed:
        rolled = RolledTiers(attacker.capped(attacker_mod), defender.capped(defender_mod))
    else:
        rolled = apply_modifiers(attacker, defender, attacker_mod, defender_mod)
    win = double = triple = fumble = reroll = Fraction(0)
    for a_total, a_chance in total_distribution(rolled.attacker).items():
        for d_total, d_chance in total_distribution(rolled.defender).items():
            chance = a_chance * d_chance
            outcome = opposed_outcome(rolled.attacker, a_total, rolled.defender, d_total)
            if outcome is Outcome.REROLL:
                reroll += chance
            elif outcome is Outcome.ATTACKER_WINS:
                win += chance
            if a_total >= multiples.double * d_total:
                double += chance
            if a_total >= multiples.triple * d_total:
                triple += chance
            if d_total >= multiples.fumble * a_total:
                fumble += chance
    settles = 1 - reroll
    return Odds(rolled.attacker, rolled.defender,
                win / settles, double / settles, triple / settles, fumble / settles)


# The charts the booklets print: what each one shows of an unmodified opposed roll.
CHARTS = ("win", "double", "triple")


# Exact, and costly to compute: one chart is worked out once per process.
@cache
def odds_chart(measure: str, multiples: Multiples) -> tuple[tuple[DiceTier, tuple[Fraction, ...]], ...]:
    """One row per attacker tier: the chance of ``measure`` against each defender tier, 2d4 to 2d12.

    >>> [f"{float(chance):.0%}" for chance in odds_chart("win", Multiples(2, 3, 3, 1))[0][1][:2]]
    ['50%', '31%']
    """
    if measure not in CHARTS:
        raise ValueError(f"no odds chart {measure!r} (charts: {', '.join(CHARTS)})")
    return tuple((attacker, tuple(getattr(opposed_odds(attacker, defender, multiples), measure)
                                  for defender in all_tiers()))
                 for attacker in all_tiers())
