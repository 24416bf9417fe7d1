"""Combat and actions (C4, C5.1): damage, Riposte, falls, grenades, morale, sight, casting.

>>> resolve_damage(Dice.parse("d6"), health=14, maximum=True, armor_reduction=2, out_of_action_at=0).health_after
10
>>> str(fall_damage(8, (FallBand(0, 3, None), FallBand(4, 6, Dice.parse("1d6"))), step=3))
'2d6'

Every number the rules state in prose comes in as a :class:`~.numbers.RuleNumbers`
(or one of its values), read from the content by the caller.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .campaign import TableRow
from .dice import Dice, DiceTier, RolledTiers, against_fixed, apply_modifiers
from .gear import Weapon, WeaponClass
from .numbers import RuleNumbers
from .rolls import AttackResult, Outcome, opposed_outcome

# A5.1, A6.1: critical and fumble tables are rolled on a d6.
CRITICAL_DIE = Dice(1, 6)
# C4.9: the body parts that give line of sight; arms and weapons do not count.
TARGETABLE_PARTS = ("legs", "torso", "head")
NON_TARGETABLE_PARTS = ("arms", "weapons")


# --- damage (C4.18) ------------------------------------------------------------


@dataclass(frozen=True)
class DamageResult:
    """What one hit does: weapon damage, the armor it loses, the Health left."""

    weapon_damage: int
    armor: int
    dealt: int
    health_after: int
    out_of_action_at: int

    @property
    def out_of_action(self) -> bool:
        """Health at the rules' threshold or below: Out of Action (C4.18)."""
        return self.health_after <= self.out_of_action_at


def resolve_damage(dice: Dice, health: int, *, maximum: bool, out_of_action_at: int, rolled: int | None = None,
                   critical_bonus: int = 0, armor_reduction: int = 0,
                   armor_piercing: int = 0, vs_armored: int = 0) -> DamageResult:
    """C4.18: weapon damage (its maximum on a Double or better), plus critical damage, less armor.

    ``dice`` already includes any flat bonus (a Brute's Sword is ``d6+1``);
    ``rolled`` is what they showed, and is not needed when ``maximum`` is set.
    AP N ignores N points of armor reduction (C4.6). A weapon with "+N vs.
    armored" adds N against a model wearing armor, before the reduction (A2):

    >>> resolve_damage(Dice.parse("d12"), 14, maximum=False, rolled=5, armor_reduction=2, vs_armored=2,
    ...                out_of_action_at=0).dealt
    5
    """
    if maximum:
        weapon_damage = dice.maximum
    elif rolled is None:
        raise ValueError(f"roll {dice} or use its maximum")
    elif not dice.minimum <= rolled <= dice.maximum:
        raise ValueError(f"{dice} cannot roll {rolled}")
    else:
        weapon_damage = rolled
    armor = max(armor_reduction - armor_piercing, 0)
    extra = vs_armored if armor_reduction > 0 else 0
    dealt = max(weapon_damage + extra + critical_bonus - armor, 0)
    return DamageResult(weapon_damage, armor, dealt, health - dealt, out_of_action_at)


def melee_dice(weapon: Weapon, melee_damage_bonus: int) -> Dice:
    """A weapon's damage with a contract's melee bonus (the Brute's Sword deals d6+1)."""
    if weapon.weapon_class in (WeaponClass.MELEE, WeaponClass.IMPROVISED):
        return weapon.damage.plus(melee_damage_bonus)
    return weapon.damage


# --- criticals and fumbles with a weapon (A5.1, A6.1) -----------------------------


def critical_roll_modifier(result: AttackResult, weapon: Weapon) -> int:
    """What is added to the critical table's d6: a step per multiple past Triple, plus the weapon's own (A5.1).

    The Arc Claw adds +1 to the critical roll; a result of 6 or more reads the 6+ row.
    """
    if not result.critical:
        raise ValueError("only a Triple or better rolls a critical table")
    return result.critical_modifier + weapon.critical_bonus


def fumble_table(result: AttackResult, weapon: Weapon) -> str | None:
    """The Fumble table an attacker rolls (A6.1): the weapon's, if the defender tripled it; None otherwise.

    A weapon without a Fumble table (the Arc Pistol) never fumbles (A3.3);
    a fumbled grenade rolls the Ranged Fumble table as well as landing at the thrower's feet.
    """
    return weapon.fumble_table if result.fumble else None


def table_row(rows: Sequence[TableRow], total: int) -> TableRow:
    """The row of a critical or fumble table a d6 plus its modifiers reads: 6 or more is the 6+ row (A5.1)."""
    for row in rows:
        if row.band.contains(total):
            return row
    raise ValueError(f"no row for {total}")


def shot_strays(result: AttackResult) -> bool:
    """C4.11: a shot into melee that misses hits a random model within 1" of the target instead."""
    return result.outcome is Outcome.DEFENDER_WINS


def into_melee_critical(result: AttackResult) -> bool:
    """C4.11, A6.1: a fumble shooting into melee rolls only the Ranged Fumble table, no Critical on anyone."""
    return result.critical and not result.fumble


# --- Riposte (C4.7) -------------------------------------------------------------


def riposte_tiers(attacker_combat: DiceTier, defender_combat: DiceTier, defender_weapon: Weapon,
                  numbers: RuleNumbers, attacker_mod: int = 0, defender_mod: int = 0) -> RolledTiers:
    """The dice of a Riposte: the defender's Combat at -1 DT, plus its weapon's Riposte DT.

    Only a melee weapon can Riposte: Improvised Combat cannot (A3.1) and
    there is no Riposte against a shot (C4.8).
    """
    if defender_weapon.weapon_class is not WeaponClass.MELEE:
        raise ValueError(f"the {defender_weapon.key} cannot Riposte")
    net = numbers.riposte_dt + defender_weapon.riposte_dt + defender_mod
    return apply_modifiers(attacker_combat, defender_combat, attacker_mod, net)


@dataclass(frozen=True)
class RiposteDamage:
    """Who takes damage after a Riposte, and how many times its weapon's dice are rolled."""

    target: str
    dice_factor: int

    def dice(self, weapon: Dice) -> Dice:
        return weapon.times(self.dice_factor)


def riposte_damage(outcome: Outcome, numbers: RuleNumbers) -> RiposteDamage | None:
    """C4.7: a failed Riposte multiplies the attacker's damage dice; a successful one hits back."""
    if outcome is Outcome.ATTACKER_WINS:
        return RiposteDamage("defender", numbers.riposte_damage_dice)
    if outcome is Outcome.DEFENDER_WINS:
        return RiposteDamage("attacker", 1)
    return None


# --- movement, falls and engagement (C4.4-C4.6, C4.9) ---------------------------


@dataclass(frozen=True)
class FallBand:
    """A row of the Falling table: heights ``low``-``high`` inches deal ``dice`` (None: no damage)."""

    low: int
    high: int
    dice: Dice | None


def fall_damage(height: int, bands: Sequence[FallBand], step: int) -> Dice | None:
    """The damage of a fall of ``height`` inches; past the last band, one more die per ``step`` inches (C4.6)."""
    if height < 0:
        raise ValueError(f"a fall of {height}\" is not a fall")
    for band in bands:
        if band.low <= height <= band.high:
            return band.dice
    last = bands[-1]
    if height < last.low or last.dice is None:
        raise ValueError(f"the Falling table has no row for {height}\"")
    extra = math.ceil((height - last.high) / step)
    return Dice(last.dice.count + extra, last.dice.sides, last.dice.bonus)


def free_attacks(engaged_enemies: int, disengaged: bool, numbers: RuleNumbers) -> int:
    """Free attacks a model takes for leaving engagement (C4.5): so many per enemy, none with Disengage."""
    return 0 if disengaged else engaged_enemies * numbers.free_attacks_per_enemy


def has_line_of_sight(visible: Iterable[str]) -> bool:
    """Whether the visible parts of a model let it be targeted (C4.9)."""
    parts = set(visible)
    unknown = parts - set(TARGETABLE_PARTS) - set(NON_TARGETABLE_PARTS)
    if unknown:
        raise ValueError(f"unknown body part(s) {', '.join(sorted(unknown))} "
                         f"(parts: {', '.join(TARGETABLE_PARTS + NON_TARGETABLE_PARTS)})")
    return bool(parts & set(TARGETABLE_PARTS))


# --- grenades (C4.15) -------------------------------------------------------------


class Throw(enum.Enum):
    """Where a thrown grenade goes."""

    ON_TARGET = "on_target"
    SCATTERS = "scatters"
    AT_FEET = "at_feet"
    REROLL = "reroll"


def throw_grenade(thrower: DiceTier, thrower_total: int, fixed_total: int, numbers: RuleNumbers,
                  mod: int = 0) -> Throw:
    """Combat against the fixed 2d6, which ignores overflow (C4.15, C1.10).

    A fail scatters; a fumble (the 2d6 at least three times the thrower's
    total) lands at the thrower's feet.
    """
    rolled = against_fixed(thrower, numbers.fixed_roll, mod)
    _check_totals(rolled, thrower_total, fixed_total)
    if fixed_total >= numbers.multiples.fumble * thrower_total:
        return Throw.AT_FEET
    outcome = opposed_outcome(rolled.attacker, thrower_total, rolled.defender, fixed_total)
    return {Outcome.ATTACKER_WINS: Throw.ON_TARGET, Outcome.DEFENDER_WINS: Throw.SCATTERS,
            Outcome.REROLL: Throw.REROLL}[outcome]


# --- morale (C4.19) ------------------------------------------------------------------


class Morale(enum.Enum):
    HOLDS = "holds"
    FLEES = "flees"
    REROLL = "reroll"


def morale_dice(wits: DiceTier, friend_within: bool, numbers: RuleNumbers) -> DiceTier:
    """The Wits dice of a morale test: better with a friend close by, capped, no overflow."""
    return against_fixed(wits, numbers.fixed_roll, numbers.morale_friend_dt if friend_within else 0).attacker


def morale_test(wits: DiceTier, friend_within: bool, total: int, fixed_total: int, numbers: RuleNumbers) -> Morale:
    """Wits against the fixed 2d6 when the Boss goes Out of Action; a fail Flees (C4.19)."""
    rolled = against_fixed(wits, numbers.fixed_roll, numbers.morale_friend_dt if friend_within else 0)
    _check_totals(rolled, total, fixed_total)
    outcome = opposed_outcome(rolled.attacker, total, rolled.defender, fixed_total)
    return {Outcome.ATTACKER_WINS: Morale.HOLDS, Outcome.DEFENDER_WINS: Morale.FLEES,
            Outcome.REROLL: Morale.REROLL}[outcome]


# --- casting (C5.1) ---------------------------------------------------------------------


@dataclass(frozen=True)
class Power:
    """A Broadcast Power: offensive (against the target's Wits) or support (against 2d6), and its DT change.

    ``triple_area`` is the radius in inches a Triple spreads it to (C5.1, A4.1);
    None for a Power that only ever affects the chosen target (Focus, Swap).
    """

    key: str
    offensive: bool
    dt: int = 0
    triple_area: int | None = None


@dataclass(frozen=True)
class CastResult:
    """An offensive or support Cast: whether it lands, spreads to an area, or fumbles."""

    outcome: Outcome
    area: bool
    fumble: bool


def cast(power: Power, caster_wits: DiceTier, caster_total: int, opposing_total: int, numbers: RuleNumbers,
         target_wits: DiceTier | None = None, caster_mod: int = 0, target_mod: int = 0) -> CastResult:
    """Wits against the target's Wits (an offensive Power) or the fixed 2d6 (a support Power).

    A Triple or more also hits every valid target within the Power's
    ``triple_area``, unless it has none (Focus and Swap affect only the chosen
    target, A4.1); the opposing total at least three times the caster's is a
    Broadcast fumble.
    """
    if power.offensive != (target_wits is not None):
        raise ValueError(f"{power.key} is {'an offensive' if power.offensive else 'a support'} Power: "
                         f"{'give' if power.offensive else 'it rolls against 2d6, not'} the target's Wits")
    if target_wits is None:
        rolled = against_fixed(caster_wits, numbers.fixed_roll, caster_mod)
    else:
        rolled = apply_modifiers(caster_wits, target_wits, caster_mod, target_mod)
    _check_totals(rolled, caster_total, opposing_total)
    outcome = opposed_outcome(rolled.attacker, caster_total, rolled.defender, opposing_total)
    triple = outcome is Outcome.ATTACKER_WINS and caster_total >= numbers.multiples.triple * opposing_total
    return CastResult(outcome=outcome, area=triple and power.triple_area is not None,
                      fumble=opposing_total >= numbers.multiples.fumble * caster_total)


def _check_totals(rolled: RolledTiers, first: int, second: int) -> None:
    for tier, total in ((rolled.attacker, first), (rolled.defender, second)):
        if not tier.can_total(total):
            raise ValueError(f"{tier} cannot total {total}")
