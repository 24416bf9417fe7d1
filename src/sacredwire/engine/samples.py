"""The Sample Models (A7.1): each model's cost computed from the Requisitions prices of its items.

The table prints a cost and, in its gear words, each item's price; the engine
computes both from the items' rows, so a price change in the Requisitions
tables that the Sample Models do not follow is a finding, not a silent typo.

>>> from .gear import Gear
>>> sample_cost((Gear("shiv", 4), Gear("pistol", 2)))
6
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .gear import Item


@dataclass(frozen=True)
class SampleModel:
    """A Sample Models row: its contract, the items it carries and the cost the table prints."""

    key: str
    contract: str
    items: tuple[str, ...]
    printed_cost: int


def sample_cost(items: Sequence[Item]) -> int:
    """A model's cost: the subs its items cost (A7.1; contracts are free, C2.3)."""
    return sum(item.cost for item in items)


def sample_problems(sample: SampleModel, items: Sequence[Item], max_cost: int) -> list[str]:
    """What is wrong with a Sample Models row: a printed cost that is not the computed one, or over the cap (A7)."""
    cost = sample_cost(items)
    problems = []
    if cost != sample.printed_cost:
        problems.append(f"cost is {sample.printed_cost}, but its items cost {cost} "
                        f"({', '.join(f'{item.key} {item.cost}' for item in items)})")
    if cost > max_cost:
        problems.append(f"its items cost {cost}, more than the {max_cost} a sample model may cost")
    return problems
