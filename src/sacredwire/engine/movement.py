"""Actions and vertical movement (C4.3, C4.6): what an action adds to a roll, how far it reaches, what a climb costs.

Every number comes from a row of the ``actions`` or ``vertical-movement`` table.

>>> climb = VerticalMove("climb", cost=2, per=1, max=None)
>>> climb.move_cost(3)
6
>>> VerticalMove("jump-gap", cost=1, per=1, max=2).move_cost(3) is None
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from .dice import Dice, DiceTier, RolledTiers, apply_modifiers

# The rows the rules name: Aim's bonus to the next shot, Interrogate's against a wounded Coworker.
AIM = "aim"
INTERROGATE = "interrogate"
SEARCH = "search"
INTERACT = "interact"
CLIMB = "climb"
JUMP_GAP = "jump-gap"
JUMP_DOWN = "jump-down"


@dataclass(frozen=True)
class Action:
    """An Actions row (C4.3): the DT it adds to its roll (0: none) and how near it must be taken (None: anywhere)."""

    key: str
    dt: int = 0
    reach: int | None = None

    def in_reach(self, distance: float) -> bool:
        """Whether a model ``distance`` inches away may take the action."""
        return self.reach is None or distance <= self.reach


def action(actions: Mapping[str, Action], key: str) -> Action:
    """An action by its row key (ValueError naming the rows when there is none)."""
    if key not in actions:
        raise ValueError(f"no action {key!r} (actions: {', '.join(actions)})")
    return actions[key]


def aimed_shot(combat: DiceTier, defense: DiceTier, actions: Mapping[str, Action], aimed: bool,
               penalties: int = 0, defender_mod: int = 0) -> RolledTiers:
    """C4.3: a shot after Aim adds the Aim row's DT to the shooter's Combat, with the shot's other modifiers."""
    bonus = action(actions, AIM).dt if aimed else 0
    return apply_modifiers(combat, defense, penalties + bonus, defender_mod)


@dataclass(frozen=True)
class VerticalMove:
    """A Vertical Movement row (C4.6): ``cost`` inches of Move per ``per`` inches covered, at most ``max``.

    ``per`` is None for a move that costs nothing however far it goes (jumping down).
    """

    key: str
    cost: int
    per: int | None
    max: int | None

    def move_cost(self, distance: int) -> int | None:
        """The inches of Move ``distance`` inches cost, rounding a part step up; None when beyond ``max``."""
        if distance < 0:
            raise ValueError("a distance cannot be negative")
        if self.max is not None and distance > self.max:
            return None
        if self.per is None:
            return self.cost
        return math.ceil(distance / self.per) * self.cost


def vertical_cost(moves: Mapping[str, VerticalMove], key: str, distance: int) -> int | None:
    """The Move a climb, a jump across a gap or a jump down of ``distance`` inches costs (None: not allowed)."""
    if key not in moves:
        raise ValueError(f"no vertical movement {key!r} (rows: {', '.join(moves)})")
    return moves[key].move_cost(distance)


def can_climb(moves: Mapping[str, VerticalMove], height: int, move: int, climb_moves: int) -> bool:
    """C4.6: a climb must be completed within ``climb_moves`` moves: its cost fits that many Moves."""
    cost = vertical_cost(moves, CLIMB, height)
    return cost is not None and cost <= move * climb_moves


def random_direction(die: Dice, face: int) -> float:
    """C4.12: the bearing a compass or clock roll gives, in degrees clockwise from its top face (12 on a clock)."""
    if die.count != 1 or not die.minimum <= face <= die.maximum:
        raise ValueError(f"a {die} cannot roll {face}")
    return face % die.sides * 360 / die.sides
