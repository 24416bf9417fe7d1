"""Opposed rolls and multiples: who wins, Doubles, Triples and fumbles.

>>> opposed_outcome(DiceTier.parse("2d6"), 9, DiceTier.parse("2d8"), 9)
<Outcome.ATTACKER_WINS: 'attacker_wins'>
>>> from .numbers import Multiples
>>> resolve_attack(DiceTier.parse("2d6"), 12, DiceTier.parse("2d8"), 3, Multiples(2, 3, 3, 1)).critical_modifier
1

The multiples (Double, Triple, the fumble's and the bonus per step) are rule
parameters, read from the content by the caller.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .dice import DiceTier
from .numbers import Multiples


class Outcome(enum.Enum):
    """The result of one opposed roll (C1.9)."""

    ATTACKER_WINS = "attacker_wins"
    DEFENDER_WINS = "defender_wins"
    REROLL = "reroll"


def opposed_outcome(attacker: DiceTier, attacker_total: int,
                    defender: DiceTier, defender_total: int) -> Outcome:
    """Higher total wins; on a tie the lower DT wins; the same DT re-rolls (C1.9)."""
    if attacker_total != defender_total:
        return Outcome.ATTACKER_WINS if attacker_total > defender_total else Outcome.DEFENDER_WINS
    if attacker == defender:
        return Outcome.REROLL
    return Outcome.ATTACKER_WINS if attacker < defender else Outcome.DEFENDER_WINS


def multiple(total: int, other: int) -> int:
    """How many times ``other`` fits in ``total``: 12 against 3 is 4 (quadruple)."""
    if total < 1 or other < 1:
        raise ValueError(f"totals must be positive, not {total} and {other}")
    return total // other


@dataclass(frozen=True)
class AttackResult:
    """One opposed attack roll, read for damage, criticals and fumbles (C4.16, C4.17)."""

    outcome: Outcome
    times: int
    fumble_times: int
    multiples: Multiples

    @property
    def maximum_damage(self) -> bool:
        """Double or better: the weapon deals its maximum."""
        return self.times >= self.multiples.double

    @property
    def critical(self) -> bool:
        return self.times >= self.multiples.triple

    @property
    def critical_modifier(self) -> int:
        """Quadruple +1, quintuple +2 (C4.16)."""
        return self.multiples.bonus(self.times, self.multiples.triple) if self.critical else 0

    @property
    def fumble(self) -> bool:
        return self.fumble_times >= self.multiples.fumble

    @property
    def fumble_modifier(self) -> int:
        """Each step past the fumble's multiple adds to the fumble roll (C4.17)."""
        return self.multiples.bonus(self.fumble_times, self.multiples.fumble) if self.fumble else 0


def resolve_attack(attacker: DiceTier, attacker_total: int,
                   defender: DiceTier, defender_total: int, multiples: Multiples) -> AttackResult:
    """Compare totals, not dice: the winner and how many times each total holds the other."""
    for tier, total in ((attacker, attacker_total), (defender, defender_total)):
        if not tier.can_total(total):
            raise ValueError(f"{tier} cannot total {total}")
    return AttackResult(
        outcome=opposed_outcome(attacker, attacker_total, defender, defender_total),
        times=multiple(attacker_total, defender_total),
        fumble_times=multiple(defender_total, attacker_total),
        multiples=multiples,
    )
