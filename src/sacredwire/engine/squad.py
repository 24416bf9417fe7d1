"""Personnel allocation (C2): arrays, contracts, equipment limits and the budget.

>>> array = StatArray("technician", tuple(DiceTier.parse(d) for d in ("2d4", "2d6", "2d8")))
>>> dice = {"combat": DiceTier.parse("2d8"), "defense": DiceTier.parse("2d6"), "wits": DiceTier.parse("2d4")}
>>> str(assign_attributes(array, dice, raised="wits", raise_by=1)["wits"])
'2d6'
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from .dice import DiceTier
from .gear import Armor, ArmorTier, Item, Weapon, WeaponClass

# C2.1: the three attributes, one die from the array each.
ATTRIBUTES = ("combat", "defense", "wits")
# C2: the Boss contract, of which a squad has exactly one.
BOSS = "boss"


class WeaponAccess(enum.Enum):
    """The Weapons column of a contract (C2.3)."""

    MELEE = "melee"
    RANGED = "ranged"
    BOTH = "both"

    def allows(self, weapon: Weapon) -> bool:
        """Melee contracts take melee weapons only, Ranged ranged only, Both anything.

        Improvised Combat is always available and grenades carry no contract
        restriction (A1), so both are allowed to every contract.
        """
        if weapon.weapon_class in (WeaponClass.IMPROVISED, WeaponClass.GRENADE):
            return True
        if self is WeaponAccess.BOTH:
            return True
        wanted = WeaponClass.MELEE if self is WeaponAccess.MELEE else WeaponClass.RANGED
        return weapon.weapon_class is wanted


@dataclass(frozen=True)
class Contract:
    """A Contract Types row (C2.4) with the numbers of its special."""

    key: str
    health: int
    move: int
    weapons: WeaponAccess
    max_armor: ArmorTier
    max_per_squad: int | None
    attribute_bonus: int = 0
    melee_damage_bonus: int = 0
    ignores_armor_move_penalty: bool = False
    # The Veteran's Defense below half Health, the Zealot's Combat against so many enemies and Move into
    # an engagement, the Agent's re-roll of a failed attribute test (C2.4).
    wounded_defense_dt: int = 0
    outnumbered_combat_dt: int = 0
    outnumbered_by: int | None = None
    engaged_move: int = 0
    rerolls_failed: str | None = None

    def allows_armor(self, armor: Armor) -> bool:
        return armor.tier.rank <= self.max_armor.rank

    def move_with(self, armor: Armor | None) -> int:
        """Move in inches wearing ``armor``; a contract may ignore an armor's penalty."""
        change = armor.move if armor else 0
        if change < 0 and self.ignores_armor_move_penalty:
            change = 0
        return self.move + change


@dataclass(frozen=True)
class StatArray:
    """An attribute array (C2.1): the dice to hand out, one per attribute."""

    key: str
    dice: tuple[DiceTier, ...]


def assign_attributes(array: StatArray, assignment: Mapping[str, DiceTier],
                      raised: str | None = None, raise_by: int = 0) -> dict[str, DiceTier]:
    """Check that ``assignment`` hands out exactly the array's dice, then raise one attribute.

    The raise is the Boss bonus (C2.4): a lasting change held at the caps,
    with no overflow since no opponent is rolling.
    """
    if set(assignment) != set(ATTRIBUTES):
        raise ValueError(f"assign exactly {', '.join(ATTRIBUTES)}, not {', '.join(sorted(assignment))}")
    if Counter(assignment.values()) != Counter(array.dice):
        given = ", ".join(str(d) for d in sorted(assignment.values()))
        raise ValueError(f"the {array.key} array hands out {', '.join(map(str, array.dice))}, not {given}")
    final = {name: assignment[name] for name in ATTRIBUTES}
    if raised is not None:
        if raised not in final:
            raise ValueError(f"no attribute {raised!r}")
        final[raised] = final[raised].capped(raise_by)
    return final


@dataclass(frozen=True)
class SquadModel:
    """A model as it is bought: name, contract and everything it carries."""

    name: str
    contract: Contract
    items: tuple[Item, ...] = ()

    @property
    def cost(self) -> int:
        return sum(item.cost for item in self.items)

    def problems(self) -> list[str]:
        """Every way this model breaks its contract's equipment limits (C2.3, C2.4)."""
        found = []
        armor = [item for item in self.items if isinstance(item, Armor)]
        for item in self.items:
            if isinstance(item, Weapon) and not self.contract.weapons.allows(item):
                found.append(f"{self.name}: a {self.contract.key} cannot take the {item.key} "
                             f"({item.weapon_class.value})")
        if len(armor) > 1:
            # A3.5 note: one armor piece per model.
            found.append(f"{self.name}: one armor piece per model, not {len(armor)}")
        for piece in armor:
            if not self.contract.allows_armor(piece):
                found.append(f"{self.name}: a {self.contract.key} wears {self.contract.max_armor.key} "
                             f"armor at most, not the {piece.key} ({piece.tier.key})")
        return found


def spent(models: Sequence[SquadModel]) -> int:
    """Subs the models' equipment costs in all."""
    return sum(model.cost for model in models)


class Costed(Protocol):
    """Anything with a cost in subs: a model, or a builder's line for one."""

    @property
    def cost(self) -> int: ...


def remaining_after(models: Sequence[Costed], budget: int) -> list[int]:
    """The budget left after each model in turn has bought its equipment."""
    left, remaining = budget, []
    for model in models:
        left -= model.cost
        remaining.append(left)
    return remaining


def squad_problems(models: Sequence[SquadModel], budget: int, size: int, complete: bool = True) -> list[str]:
    """Every broken squad-building rule (C2, C2.3, C2.4).

    With ``complete`` false the squad is still being bought: too few models
    and a missing Boss are not problems yet.
    """
    found = [problem for model in models for problem in model.problems()]
    if spent(models) > budget:
        found.append(f"the squad spends {spent(models)} subs, over the {budget}-sub budget")
    counts = Counter(model.contract.key for model in models)
    contracts = {model.contract.key: model.contract for model in models}
    for key, count in counts.items():
        limit = 1 if key == BOSS else contracts[key].max_per_squad
        if limit is not None and count > limit:
            found.append(f"{count} {key} contracts, at most {limit} per squad")
    if len(models) > size or (complete and len(models) < size):
        found.append(f"a squad has {size} models, not {len(models)}")
    if complete and counts[BOSS] != 1:
        found.append(f"a squad has exactly one Boss, not {counts[BOSS]}")
    return found

