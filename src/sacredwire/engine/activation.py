"""The round (C4.1, C4.2): the activation bag and Corporate Blessings.

>>> bag = ActivationBag.for_round(player_models=10, hostile_groups=1, coworker_groups=1)
>>> bag.total, bag.draw_player().draw_group().player_out_of_action().total
(12, 9)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from .dice import Dice


@dataclass(frozen=True)
class ActivationBag:
    """Tokens still in the bag: one per player model, one per hostile or Coworker group (C4.1)."""

    player_tokens: int
    group_tokens: int

    @classmethod
    def for_round(cls, player_models: int, hostile_groups: int, coworker_groups: int) -> ActivationBag:
        """The bag at the start of a round (C4.1 step 2)."""
        return cls(player_models, hostile_groups + coworker_groups)

    @property
    def total(self) -> int:
        return self.player_tokens + self.group_tokens

    def draw_player(self) -> ActivationBag:
        """A player model's token comes out: that model activates."""
        if not self.player_tokens:
            raise ValueError("no player token left to draw")
        return replace(self, player_tokens=self.player_tokens - 1)

    def draw_group(self) -> ActivationBag:
        """A hostile or Coworker group's token comes out: one of its models activates."""
        if not self.group_tokens:
            raise ValueError("no group token left to draw")
        return replace(self, group_tokens=self.group_tokens - 1)

    def player_out_of_action(self, activated: bool = False) -> ActivationBag:
        """C4.1 step 4: an Out of Action player model's token is discarded at once, if still in the bag."""
        return self if activated else self.draw_player()

    def group_gone(self, activated: bool = False) -> ActivationBag:
        """C4.1 step 4: a group's token leaves only when its last model leaves play."""
        return self if activated else self.draw_group()


@dataclass(frozen=True)
class Blessing:
    """A Corporate Blessings row: its d8 face, the DT it grants (Boost), and whether it rolls twice (Surplus)."""

    key: str
    roll: int
    dt: int = 0
    roll_twice: bool = False
    # Wellness: the dice of Health it restores (None for every other blessing).
    heal: Dice | None = None


def wellness(blessing: Blessing, health: int, max_health: int, rolled: int) -> int:
    """C4.2: Health after a healing blessing: its dice as rolled, never above the model's Health."""
    if blessing.heal is None:
        raise ValueError(f"{blessing.key} restores no Health")
    if not blessing.heal.minimum <= rolled <= blessing.heal.maximum:
        raise ValueError(f"{blessing.heal} cannot roll {rolled}")
    return min(health + rolled, max_health)


def read_blessings(table: Sequence[Blessing], rolls: Sequence[int]) -> list[Blessing]:
    """The blessings a sequence of d8 rolls gives (C4.2).

    A roll-twice result (Surplus) is replaced by the next two rolls; rolls
    showing its own face are ignored, which is to say rolled again.
    """
    by_roll = {blessing.roll: blessing for blessing in table}

    def lookup(face: int) -> Blessing:
        if face not in by_roll:
            raise ValueError(f"no blessing on a roll of {face}")
        return by_roll[face]

    result: list[Blessing] = []
    stream = iter(rolls)
    for face in stream:
        blessing = lookup(face)
        if not blessing.roll_twice:
            result.append(blessing)
            continue
        extra = [lookup(roll) for roll in _take_two_other(stream, face)]
        if len(extra) < 2:
            raise ValueError(f"{blessing.key} needs two more rolls that are not {face}")
        result.extend(extra)
    return result


def _take_two_other(stream: Iterator[int], face: int) -> list[int]:
    kept: list[int] = []
    for roll in stream:
        if roll != face:
            kept.append(roll)
            if len(kept) == 2:
                break
    return kept


def blessings_allowed(recipients: Sequence[str], per_model: int) -> list[bool]:
    """For blessings handed out in order, whether each may go to its model: ``per_model`` a round (C4.2)."""
    received: dict[str, int] = {}
    allowed = []
    for model in recipients:
        allowed.append(received.get(model, 0) < per_model)
        received[model] = received.get(model, 0) + 1
    return allowed
