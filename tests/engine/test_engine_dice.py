"""Dice tiers, damage dice, caps and overflow (C1.9, C1.10)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sacredwire.engine.dice import Dice, DiceTier, against_fixed, all_tiers, apply_modifiers

from ._content import NUMBERS

tiers = st.sampled_from(all_tiers())
mods = st.integers(min_value=-8, max_value=8)


FIXED_ROLL = NUMBERS.fixed_roll

def tier(text: str) -> DiceTier:
    return DiceTier.parse(text)


def test_the_ladder_runs_2d4_to_2d12():
    assert [str(t) for t in all_tiers()] == ["2d4", "2d6", "2d8", "2d10", "2d12"]
    assert tier("2d8").shifted(1) == (tier("2d10"), 0)
    assert tier("2d6").shifted(-1) == (tier("2d4"), 0)


@pytest.mark.parametrize("text", ["2d7", "3d6", "d6", "2d14", "", "2d"])
def test_a_tier_is_one_of_the_five(text):
    with pytest.raises(ValueError):
        DiceTier.parse(text)


def test_caps_hold_and_report_what_they_swallow():
    assert tier("2d12").shifted(1) == (tier("2d12"), 1)
    assert tier("2d4").shifted(-2) == (tier("2d4"), -2)
    assert tier("2d10").shifted(3) == (tier("2d12"), 2)


def test_overflow_example_boss_at_2d12_pushes_the_veteran_to_2d4():
    rolled = apply_modifiers(tier("2d12"), tier("2d6"), attacker_mod=1)
    assert (rolled.attacker, rolled.defender) == (tier("2d12"), tier("2d4"))


def test_stacking_example_second_penalty_passes_to_the_target():
    rolled = apply_modifiers(tier("2d6"), tier("2d6"), attacker_mod=-2)
    assert (rolled.attacker, rolled.defender) == (tier("2d4"), tier("2d8"))


def test_a_passed_modifier_never_bounces_back():
    # The Veteran at 2d4 cannot go lower; the -1 passed to it is lost, not returned to the Boss.
    rolled = apply_modifiers(tier("2d12"), tier("2d4"), attacker_mod=1)
    assert (rolled.attacker, rolled.defender) == (tier("2d12"), tier("2d4"))


def test_fixed_2d6_rolls_ignore_overflow():
    rolled = against_fixed(tier("2d12"), FIXED_ROLL, 1)
    assert (rolled.attacker, rolled.defender) == (tier("2d12"), FIXED_ROLL)
    assert against_fixed(tier("2d4"), FIXED_ROLL, -3).defender == FIXED_ROLL


def test_a_tier_knows_its_totals():
    assert tier("2d4").total_of([3, 4]) == 7
    assert tier("2d6").can_total(12) and not tier("2d6").can_total(16)
    with pytest.raises(ValueError, match="d4 cannot show 5"):
        tier("2d4").total_of([5, 1])


@pytest.mark.parametrize("text, count, sides, bonus", [
    ("d6", 1, 6, 0), ("1d6", 1, 6, 0), ("2d6", 2, 6, 0), ("d4+1", 1, 4, 1), ("1", 0, 0, 1), ("2", 0, 0, 2),
])
def test_damage_dice_notations(text, count, sides, bonus):
    assert Dice.parse(text) == Dice(count, sides, bonus)


def test_d6_and_1d6_are_the_same_dice():
    assert Dice.parse("1d6") == Dice.parse("d6")
    assert str(Dice.parse("1d6")) == "d6"


def test_damage_dice_extremes_and_doubling():
    assert (Dice.parse("d8").maximum, Dice.parse("d4+1").maximum, Dice.parse("2").maximum) == (8, 5, 2)
    assert str(Dice.parse("d6+1").times(2)) == "2d6+1"


@pytest.mark.parametrize("text", ["d1", "0d6", "x", "d", "2d6x"])
def test_bad_damage_dice(text):
    with pytest.raises(ValueError):
        Dice.parse(text)


@given(tiers, tiers, mods, mods)
def test_tiers_never_leave_2d4_to_2d12(attacker, defender, attacker_mod, defender_mod):
    rolled = apply_modifiers(attacker, defender, attacker_mod, defender_mod)
    for result in (rolled.attacker, rolled.defender):
        assert DiceTier.lowest() <= result <= DiceTier.highest()


@given(tiers, tiers, mods, mods)
def test_overflow_is_applied_once(attacker, defender, attacker_mod, defender_mod):
    own_attacker, attacker_excess = attacker.shifted(attacker_mod)
    own_defender, defender_excess = defender.shifted(defender_mod)
    rolled = apply_modifiers(attacker, defender, attacker_mod, defender_mod)
    # Each side gets its own capped modifier, then the other side's excess reversed, capped once.
    assert rolled.attacker == own_attacker.capped(-defender_excess)
    assert rolled.defender == own_defender.capped(-attacker_excess)
    if not defender_excess:
        assert rolled.attacker == own_attacker


@given(tiers, mods)
def test_fixed_rolls_stay_2d6(model, mod):
    rolled = against_fixed(model, FIXED_ROLL, mod)
    assert rolled.defender == FIXED_ROLL
    assert rolled.attacker == model.capped(mod)
