"""Gear, implants and lasting effects that change a roll or a result (A2, A3, A5, C4.20).

Each number is a rule parameter of ``content/rules.yaml`` (a
:class:`~.numbers.RuleNumbers` field), the value the booklets print through
its field; the items are named by their Requisitions row keys.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .dice import Dice
from .gear import Armor, ArmorTier, Weapon, WeaponClass
from .numbers import RuleNumbers
from .squad import Contract

# The Requisitions rows whose effect the rules text gives as a rule parameter.
PADDED_VEST = "padded-vest"
PROTECTIVE_LINING = "protective-lining"
MASK = "mask"
SCOPE = "scope"
PISTOL = "pistol"
# A3.10: the Mask protects against the Toxic weapon type.
TOXIC = "toxic"


def knockback_taken(knockback: int, worn: Collection[str], numbers: RuleNumbers) -> int:
    """A2, A3.6: the inches a model is pushed; a Padded Vest takes some off, never below none."""
    if PADDED_VEST in worn:
        return max(knockback - numbers.padded_vest_knockback, 0)
    return knockback


def critical_roll_against(modifier: int, worn: Collection[str], numbers: RuleNumbers) -> int:
    """A5.1, A3.6: the modifier to a critical roll against a model; Protective Lining adds its own."""
    return modifier + (numbers.lining_critical if PROTECTIVE_LINING in worn else 0)


def defense_modifier(carried: Collection[str], weapon_type: str | None, numbers: RuleNumbers) -> int:
    """A3.10: the Mask's DT to Defense against a Toxic attack."""
    return numbers.mask_dt if MASK in carried and weapon_type == TOXIC else 0


def shot_modifier(weapon: Weapon, carried: Collection[str], distance: float, numbers: RuleNumbers) -> int:
    """A3.3, A3.10: the Combat DT a shot takes from its range: the Pistol beyond its range, a Scope beyond its own."""
    if weapon.weapon_class is not WeaponClass.RANGED:
        return 0
    mod = numbers.pistol_far_dt if weapon.key == PISTOL and distance > numbers.pistol_far_range else 0
    if SCOPE in carried and distance > numbers.scope_range:
        mod += numbers.scope_dt
    return mod


def improvised_modifier(weapon: Weapon | None, numbers: RuleNumbers) -> int:
    """A3.1: Combat DT fighting Unarmed (no weapon) or with an Improvised weapon."""
    return numbers.improvised_dt if weapon is None or weapon.weapon_class is WeaponClass.IMPROVISED else 0


def targeting_fits(combat_penalty: int, numbers: RuleNumbers) -> bool:
    """A3.11: a Targeting implant can be taken only by a model with the Combat penalty it repairs."""
    return combat_penalty == numbers.targeting_needs


def combat_with_targeting(combat_penalty: int, numbers: RuleNumbers) -> int:
    """A3.11: a lasting Combat penalty after a Targeting implant repairs it."""
    if not targeting_fits(combat_penalty, numbers):
        raise ValueError(f"a Targeting implant repairs a {numbers.targeting_needs:+d} DT Combat penalty, "
                         f"not {combat_penalty:+d}")
    return combat_penalty + numbers.targeting_dt


def bleed_damage(activations: int, bleeds: int, numbers: RuleNumbers) -> int:
    """A5.1: a lasting critical deals its damage at each activation; a second one does not stack."""
    if activations < 0 or bleeds < 0:
        raise ValueError("activations and bleeds cannot be negative")
    return numbers.bleed_damage * activations if bleeds else 0


def injury_modifier(out_of_action_criticals: int, numbers: RuleNumbers) -> int:
    """A5.1: the post-game Injury roll's modifier after critical results that put the model Out of Action."""
    return numbers.injury_penalty * out_of_action_criticals


def criticals_left(criticals: int, trauma_kits: int, numbers: RuleNumbers) -> int:
    """A3.9: each Trauma Kit used cancels every effect of so many Criticals."""
    return max(criticals - trauma_kits * numbers.trauma_kit_criticals, 0)


def stripped(tier: ArmorTier, tiers: Sequence[ArmorTier], numbers: RuleNumbers) -> ArmorTier | None:
    """A5.5: Slag Armor lowers the armor by so many tiers for good; below the lowest tier it is destroyed (None)."""
    rank = tier.rank - numbers.slag_tiers
    by_rank = {each.rank: each for each in tiers}
    return by_rank.get(rank) if rank >= min(by_rank) else None


def damage_rerolls(weapon: Weapon, faces: Sequence[int]) -> list[bool]:
    """A2: the damage dice a weapon's re-roll special re-rolls (none without one)."""
    return rerolled(faces, weapon.reroll)


def defense_rerolls(armor: Armor | None, faces: Sequence[int]) -> list[bool]:
    """A3.5: the Defense dice an armor's re-roll special re-rolls for its wearer (none unarmored)."""
    return rerolled(faces, armor.defense_reroll if armor else 0)


def rerolled(faces: Sequence[int], up_to: int) -> list[bool]:
    """A2: the dice a "Re-roll 1s" ("1s and 2s"…) special re-rolls (damage or Defense): each at most ``up_to``."""
    return [face <= up_to for face in faces]


def performance_review(left_board: bool, for_objective: bool, rolled: int, numbers: RuleNumbers) -> int:
    """C4.20: a model that left the board, unless for a mission objective, takes the review's damage post-game."""
    if not left_board or for_objective:
        return 0
    dice: Dice = numbers.review_damage
    if not dice.minimum <= rolled <= dice.maximum:
        raise ValueError(f"{dice} cannot roll {rolled}")
    return rolled


# --- contract specials (C2.4) -------------------------------------------------------------


def defense_dt(contract: Contract, health: int) -> int:
    """The Veteran's Defense DT while below half its Health (C2.4)."""
    return contract.wounded_defense_dt if health * 2 < contract.health else 0


def combat_dt(contract: Contract, engaged_enemies: int) -> int:
    """The Zealot's Combat DT against so many enemies or more (C2.4)."""
    if contract.outnumbered_by is None or engaged_enemies < contract.outnumbered_by:
        return 0
    return contract.outnumbered_combat_dt


def move_allowance(contract: Contract, move: int, ends_engaged: bool) -> int:
    """The inches a move may cover: the Zealot moves further when the move ends Engaged (C2.4)."""
    return move + (contract.engaged_move if ends_engaged else 0)


def may_reroll(contract: Contract, attribute: str, failed: bool) -> bool:
    """The Agent re-rolls a failed test of its attribute (C2.4)."""
    return failed and contract.rerolls_failed == attribute


# --- fleeing and recruitment (C4.19, C4.20, K3.6) ---------------------------------------------


def flee(distance_to_edge: float, move: int) -> tuple[float, bool]:
    """C4.19: a Fleeing model moves its full Move toward the nearest edge; the distance left, and whether it left.

    A model that leaves the board this way takes the Performance Review (:func:`performance_review`).
    """
    if distance_to_edge < 0 or move < 0:
        raise ValueError("a distance and a Move cannot be negative")
    left = max(distance_to_edge - move, 0)
    return left, left == 0


def recruits(alive: int, numbers: RuleNumbers) -> int:
    """K3.6: a squad always has ``squad_size`` models; the new Resources it takes on after a game to be whole."""
    if not 0 <= alive <= numbers.squad_size:
        raise ValueError(f"a squad has 0 to {numbers.squad_size} models, not {alive}")
    return numbers.squad_size - alive
