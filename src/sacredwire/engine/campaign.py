"""Campaign arithmetic (K1-K3): the Evidence gap, Search, Interrogate and the post-game.

>>> Band.parse("4+").contains(9), Band.parse("2-3").contains(4), Band.parse(7).contains(7)
(True, False, True)
>>> thresholds_crossed((1, 2, 4, 7, 11, 16, 22), before=3, after=5)
[4]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from .dice import DiceTier, RolledTiers, against_fixed, apply_modifiers
from .numbers import RuleNumbers
from .rolls import Outcome, opposed_outcome

# K3.5: the post-game steps the engine computes, by the name examples claim them under, and the row of
# the Post-Game Sequence table that numbers each (the table holds the order).
POST_GAME_ROWS = {"merits": "log-merits", "exploration": "exploration", "injury": "injuries",
                  "promotion": "promotion", "trading": "trading-post"}

_BAND = re.compile(r"^(?P<low>\d+)(?:(?P<plus>\+)|-(?P<high>\d+))?$")


@dataclass(frozen=True)
class Band:
    """A table's roll cell: one face ``7``, a range ``2-3`` or an open top ``4+``."""

    low: int
    high: int | None

    @classmethod
    def parse(cls, cell: int | str) -> Band:
        match = _BAND.match(str(cell).strip())
        if not match:
            raise ValueError(f"{cell!r} is not a roll, a range or N+")
        low = int(match["low"])
        if match["plus"]:
            return cls(low, None)
        high = int(match["high"]) if match["high"] else low
        if high < low:
            raise ValueError(f"the range {cell!r} runs backwards")
        return cls(low, high)

    def contains(self, value: int) -> bool:
        return value >= self.low and (self.high is None or value <= self.high)

    def __str__(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        return str(self.low) if self.high == self.low else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class TableRow:
    """A row of a table read by its roll alone (criticals, fumbles): its key and band."""

    key: str
    band: Band


class Banded(Protocol):
    """A table row read by a band."""

    @property
    def band(self) -> Band: ...


RowT = TypeVar("RowT", bound=Banded)


def lookup(rows: Sequence[RowT], value: int) -> RowT:
    """The row whose band holds ``value``."""
    for row in rows:
        if row.band.contains(value):
            return row
    raise ValueError(f"no row for {value}")


# --- Evidence gap (K1.3, K1.4) ------------------------------------------------------


@dataclass(frozen=True)
class SquadProgress:
    """A squad's Evidence and Leads before a game."""

    evidence: int
    leads: int

    @property
    def total(self) -> int:
        return self.evidence + self.leads


@dataclass(frozen=True)
class GapAdvantages:
    """An Evidence Gap Advantages row: how many Setup, Tactical and either-table rolls the Defender makes."""

    band: Band
    setup: int
    tactical: int
    either: int


@dataclass(frozen=True)
class GapResult:
    """The gap, the Aggressor (0 or 1, None to decide at random) and the Defender's advantages."""

    gap: int
    aggressor: int | None
    advantages: GapAdvantages

    @property
    def defender(self) -> int | None:
        return None if self.aggressor is None else 1 - self.aggressor


def evidence_gap(first: SquadProgress, second: SquadProgress, rows: Sequence[GapAdvantages]) -> GapResult:
    """K1.3: Evidence + Leads each; the higher total is the Aggressor; ties go to more Evidence, then chance."""
    gap = abs(first.total - second.total)
    if first.total != second.total:
        aggressor: int | None = 0 if first.total > second.total else 1
    elif first.evidence != second.evidence:
        aggressor = 0 if first.evidence > second.evidence else 1
    else:
        aggressor = None
    return GapResult(gap, aggressor, lookup(rows, gap))


# --- Search and Interrogate (K2.1, K2.2) ---------------------------------------------


@dataclass(frozen=True)
class Finding:
    """A Search Findings or Interrogate Results row: what it gives the squad and the model."""

    key: str
    band: Band
    subs: int = 0
    evidence: int = 0
    leads: int = 0
    merits: int = 0


def search_allowed(distance: float, numbers: RuleNumbers, engaged: bool = False) -> bool:
    """C4.3, K2.1: within the Search reach of the Loot Marker and not Engaged."""
    return distance <= numbers.search_reach and not engaged


def search_roll(wits: DiceTier, total: int, marker_total: int, fixed: DiceTier, mod: int = 0) -> Outcome:
    """Wits against the marker's fixed 2d6, which ignores overflow (K2.1, C1.10)."""
    return _settle(against_fixed(wits, fixed, mod), total, marker_total)


def interrogate_tiers(wits: DiceTier, coworker_wits: DiceTier, numbers: RuleNumbers, wounded: bool = False,
                      mod: int = 0, coworker_mod: int = 0) -> RolledTiers:
    """Opposed Wits against the Coworker, a DT better if it is wounded (K2.2)."""
    bonus = numbers.wounded_coworker_dt if wounded else 0
    return apply_modifiers(wits, coworker_wits, mod + bonus, coworker_mod)


def interrogate_roll(wits: DiceTier, coworker_wits: DiceTier, total: int, coworker_total: int,
                     numbers: RuleNumbers, wounded: bool = False) -> Outcome:
    """Whether an Interrogate succeeds (K2.2)."""
    return _settle(interrogate_tiers(wits, coworker_wits, numbers, wounded), total, coworker_total)


def _settle(rolled: RolledTiers, total: int, other: int) -> Outcome:
    for tier, value in ((rolled.attacker, total), (rolled.defender, other)):
        if not tier.can_total(value):
            raise ValueError(f"{tier} cannot total {value}")
    return opposed_outcome(rolled.attacker, total, rolled.defender, other)


# --- Recording Evidence (K2.3) ------------------------------------------------------


@dataclass(frozen=True)
class EvidenceRecord:
    """One Evidence recorded after the game: the rolls made, the type recorded (None: a duplicate), Leads gained."""

    rolls: tuple[int, ...]
    recorded: int | None
    leads_gained: int


def record_evidence(recorded: Sequence[int], leads_spent: int, rolls: Sequence[int], die_sides: int,
                    numbers: RuleNumbers) -> EvidenceRecord:
    """K2.3: roll the type; a duplicate rolls again once per Lead spent; a final duplicate gives Leads instead.

    ``rolls`` are the dice as they came; only as many are used as the rules
    allow, and a roll that is not needed is an error.
    """
    if leads_spent < 0:
        raise ValueError("Leads spent cannot be negative")
    seen = set(recorded)
    used: list[int] = []
    for roll in rolls:
        if not 1 <= roll <= die_sides:
            raise ValueError(f"a d{die_sides} cannot roll {roll}")
        if len(used) > leads_spent:
            raise ValueError(f"{len(rolls)} rolls, but {leads_spent} Lead(s) spent allow {leads_spent + 1}")
        used.append(roll)
        if roll not in seen:
            if len(used) < len(rolls):
                raise ValueError(f"the roll {roll} is a new type: no roll after it")
            return EvidenceRecord(tuple(used), roll, 0)
    if len(used) < leads_spent + 1:
        raise ValueError(f"a duplicate with {leads_spent} Lead(s) spent rolls {leads_spent + 1} times in all")
    return EvidenceRecord(tuple(used), None, numbers.duplicate_leads)


# --- Examine in The Signal (M3.1) ----------------------------------------------------

def examine(wits: DiceTier, total: int, relay_total: int, numbers: RuleNumbers) -> tuple[Outcome, bool]:
    """Wits against the relay's fixed 2d6 (M3.1, C1.10); a success at least triple the 2d6 is critical."""
    outcome = _settle(against_fixed(wits, numbers.fixed_roll), total, relay_total)
    return outcome, outcome is Outcome.ATTACKER_WINS and total >= numbers.multiples.triple * relay_total


# --- post-game (K3) ----------------------------------------------------------------------


@dataclass(frozen=True)
class ExplorationBand:
    """An Exploration row: the band of summed Wits rolls and the subs it pays."""

    key: str
    band: Band
    subs: int


def exploration(total: int, rows: Sequence[ExplorationBand]) -> ExplorationBand:
    """K3.2: the row for the sum of every surviving model's Wits roll."""
    return lookup(rows, total)


@dataclass(frozen=True)
class Effect:
    """A lasting change: ``stat`` is an attribute (DT steps), ``move`` (inches) or ``health`` (max Health)."""

    stat: str
    change: int


@dataclass(frozen=True)
class Result:
    """An Injuries or Promotion row: its band on 2d6 and the changes it makes (none for a choice)."""

    key: str
    band: Band
    effects: tuple[Effect, ...] = ()


def terminated_at(rows: Sequence[Result]) -> int:
    """K3.3: the highest total, after modifiers, that reads the lowest row ("3 or less")."""
    lowest = min(rows, key=lambda row: row.band.low)
    if lowest.band.high is None:
        raise ValueError("the lowest Injuries row has no top")
    return lowest.band.high


def injury(roll: int, rows: Sequence[Result], modifier: int = 0) -> Result:
    """K3.3: the Injuries row for a 2d6 roll plus modifiers; any total below the table is its lowest row."""
    total = roll + modifier
    lowest = min(rows, key=lambda row: row.band.low)
    return lowest if total < lowest.band.low else lookup(rows, total)


def thresholds_crossed(thresholds: Sequence[int], before: int, after: int) -> list[int]:
    """K3.4: the Merit thresholds reached going from ``before`` to ``after`` Merits.

    Past the last printed threshold the step keeps growing by 1.
    """
    ladder = list(thresholds)
    while ladder[-1] < after:
        step = ladder[-1] - ladder[-2] + 1 if len(ladder) > 1 else 1
        ladder.append(ladder[-1] + step)
    return [threshold for threshold in ladder if before < threshold <= after]


@dataclass(frozen=True)
class MeritSource:
    """A Merit Sources row (K3.1)."""

    key: str
    merits: int


def merits_for(events: Sequence[str], sources: Sequence[MeritSource]) -> int:
    """The Merits a model logs for the events it scored, each named by a Merit Sources row key."""
    by_key = {source.key: source for source in sources}
    unknown = [event for event in events if event not in by_key]
    if unknown:
        raise ValueError(f"no Merit source {', '.join(unknown)} (sources: {', '.join(by_key)})")
    return sum(by_key[event].merits for event in events)
