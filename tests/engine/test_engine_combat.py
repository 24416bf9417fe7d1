"""Damage, Riposte, falls, grenades, morale, sight, engagement and casting, with the rulebook's numbers."""

from __future__ import annotations

import pytest

from sacredwire.engine import Rules
from sacredwire.engine.combat import (
    Morale,
    Throw,
    cast,
    fall_damage,
    free_attacks,
    has_line_of_sight,
    melee_dice,
    morale_dice,
    morale_test,
    resolve_damage,
    riposte_damage,
    riposte_tiers,
    throw_grenade,
)
from sacredwire.engine.dice import Dice, DiceTier
from sacredwire.engine.rolls import Outcome

D4, D6, D8, D10, D12 = (DiceTier.parse(t) for t in ("2d4", "2d6", "2d8", "2d10", "2d12"))


def test_damage_example_sword_double_through_medium_armor(rules: Rules):
    sword, medium = rules.weapons["sword"], rules.armor_tiers["medium"]
    hit = resolve_damage(sword.damage, rules.contracts["gunner"].health, maximum=True,
                         armor_reduction=medium.reduction, out_of_action_at=rules.numbers.out_of_action_health)
    assert (hit.weapon_damage, hit.armor, hit.dealt, hit.health_after) == (6, 2, 4, 10)
    assert not hit.out_of_action


def test_armor_reduction_by_tier(rules: Rules):
    assert {key: tier.reduction for key, tier in rules.armor_tiers.items()} == {"light": 1, "medium": 2, "heavy": 3}


def test_rolled_damage_critical_bonus_and_out_of_action(rules: Rules):
    hit = resolve_damage(Dice.parse("d8"), 5, maximum=False, rolled=6, critical_bonus=2, armor_reduction=3,
                         out_of_action_at=rules.numbers.out_of_action_health)
    assert (hit.dealt, hit.health_after, hit.out_of_action) == (5, 0, True)


def test_armor_piercing_ignores_reduction_and_damage_never_heals():
    assert resolve_damage(Dice.parse("d6"), 10, maximum=False, rolled=3, armor_reduction=3,
                          armor_piercing=2, out_of_action_at=0).dealt == 2
    assert resolve_damage(Dice.parse("2"), 10, maximum=True, armor_reduction=3, out_of_action_at=0).dealt == 0


def test_damage_needs_a_possible_roll():
    with pytest.raises(ValueError):
        resolve_damage(Dice.parse("d6"), 10, maximum=False, rolled=7, out_of_action_at=0)
    with pytest.raises(ValueError):
        resolve_damage(Dice.parse("d6"), 10, maximum=False, out_of_action_at=0)


def test_brute_adds_its_melee_bonus(rules: Rules):
    brute = rules.contracts["brute"]
    assert str(melee_dice(rules.weapons["sword"], brute.melee_damage_bonus)) == "d6+1"
    assert str(melee_dice(rules.weapons["carbine"], brute.melee_damage_bonus)) == "d8"


def test_riposte_example_sword_gives_the_dt_back(rules: Rules):
    rolled = riposte_tiers(D8, D6, rules.weapons["sword"], rules.numbers)
    assert (rolled.attacker, rolled.defender) == (D8, D6)
    assert riposte_tiers(D8, D6, rules.weapons["mace"], rules.numbers).defender == D4


def test_riposte_outcomes(rules: Rules):
    assert rules.numbers.riposte_damage_dice == 2
    assert riposte_damage(Outcome.ATTACKER_WINS, rules.numbers).dice(Dice.parse("d6")) == Dice.parse("2d6")
    back = riposte_damage(Outcome.DEFENDER_WINS, rules.numbers)
    assert (back.target, back.dice_factor) == ("attacker", 1)
    assert riposte_damage(Outcome.REROLL, rules.numbers) is None


def test_no_riposte_without_a_melee_weapon(rules: Rules):
    for key in ("improvised", "unarmed", "carbine"):
        with pytest.raises(ValueError, match="cannot Riposte"):
            riposte_tiers(D8, D6, rules.weapons[key], rules.numbers)


@pytest.mark.parametrize("height, dice", [(0, None), (3, None), (4, "d6"), (6, "d6"), (7, "2d6"), (8, "2d6"),
                                          (12, "3d6"), (13, "4d6"), (15, "4d6"), (16, "5d6")])
def test_falling_bands(rules: Rules, height, dice):
    result = fall_damage(height, rules.falling, rules.numbers.fall_step)
    assert (str(result) if result else None) == dice


def test_knockback_of_the_mace(rules: Rules):
    assert rules.weapons["mace"].knockback == 1 and rules.weapons["hammer"].knockback == 1
    assert rules.weapons["sword"].knockback == 0


def test_frag_grenade_example(rules: Rules):
    assert str(rules.weapons["frag"].damage) == "d8" and rules.weapons["frag"].type == "explosive"
    assert throw_grenade(D6, 8, 10, rules.numbers) is Throw.SCATTERS
    assert (rules.numbers.grenade_range, rules.numbers.grenade_blast) == (6, 3)


def test_grenade_throws(rules: Rules):
    numbers = rules.numbers
    assert throw_grenade(D6, 11, 10, numbers) is Throw.ON_TARGET
    assert throw_grenade(D6, 3, 9, numbers) is Throw.AT_FEET
    assert throw_grenade(D4, 7, 7, numbers) is Throw.ON_TARGET
    assert throw_grenade(D6, 7, 7, numbers) is Throw.REROLL
    # The fixed 2d6 ignores overflow: a +1 at 2d12 is simply lost.
    assert throw_grenade(D12, 7, 7, numbers, mod=1) is Throw.SCATTERS


def test_morale_example(rules: Rules):
    numbers = rules.numbers
    assert morale_dice(D8, True, numbers) == D10
    assert morale_test(D8, True, 14, 8, numbers) is Morale.HOLDS
    assert morale_test(D4, False, 5, 9, numbers) is Morale.FLEES
    assert morale_dice(D12, True, numbers) == D12


def test_disengage_example(rules: Rules):
    assert free_attacks(2, False, rules.numbers) == 2 and free_attacks(2, True, rules.numbers) == 0


def test_line_of_sight_example():
    assert not has_line_of_sight(["arms", "weapons"])
    assert has_line_of_sight(["torso", "head"])
    with pytest.raises(ValueError, match="unknown body part"):
        has_line_of_sight(["tail"])


def test_area_cast_example(rules: Rules):
    signal_jam = rules.powers["signal-jam"]
    assert signal_jam.offensive and signal_jam.dt == -1
    assert cast(signal_jam, D8, 15, 5, rules.numbers, D4).area
    assert not cast(signal_jam, D8, 14, 5, rules.numbers, D4).area
    assert cast(signal_jam, D4, 3, 9, rules.numbers, D8).fumble


def test_support_cast_rolls_against_2d6(rules: Rules):
    result = cast(rules.powers["ping"], D12, 12, 4, rules.numbers, None, caster_mod=1)
    assert result.outcome is Outcome.ATTACKER_WINS and result.area


def test_a_triple_with_focus_or_swap_affects_only_the_chosen_target(rules: Rules):
    # A4.1: "Focus and Swap are the exceptions and only ever affect the chosen target."
    for key in ("focus", "swap"):
        result = cast(rules.powers[key], D12, 12, 4, rules.numbers, None)
        assert result.outcome is Outcome.ATTACKER_WINS and not result.area, key
    assert rules.powers["ping"].triple_area == 3
