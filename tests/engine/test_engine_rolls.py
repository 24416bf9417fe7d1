"""Opposed rolls, multiples and exact odds (C1.9, C4.16, C4.17)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sacredwire.engine.dice import DiceTier, all_tiers, apply_modifiers
from sacredwire.engine.odds import opposed_odds, total_distribution
from sacredwire.engine.rolls import Outcome, multiple, opposed_outcome, resolve_attack

from ._content import MULTIPLES

D4, D6, D8, D12 = (DiceTier.parse(t) for t in ("2d4", "2d6", "2d8", "2d12"))
tiers = st.sampled_from(all_tiers())
mods = st.integers(min_value=-5, max_value=5)


def test_higher_total_wins():
    assert opposed_outcome(D8, 11, D6, 6) is Outcome.ATTACKER_WINS
    assert opposed_outcome(D8, 5, D6, 6) is Outcome.DEFENDER_WINS


def test_ties_example_lower_dt_wins_and_same_dt_rerolls():
    assert opposed_outcome(D6, 9, D8, 9) is Outcome.ATTACKER_WINS
    assert opposed_outcome(D8, 9, D6, 9) is Outcome.DEFENDER_WINS
    assert opposed_outcome(D8, 9, D8, 9) is Outcome.REROLL


def test_triple_example():
    result = resolve_attack(D6, 12, D8, 4, MULTIPLES)
    assert (result.times, result.maximum_damage, result.critical, result.critical_modifier) == (3, True, True, 0)
    assert not result.fumble


def test_quadruple_adds_one_to_the_critical_roll():
    assert resolve_attack(D6, 12, D8, 3, MULTIPLES).critical_modifier == 1
    assert resolve_attack(D12, 20, D4, 4, MULTIPLES).critical_modifier == 2


def test_double_is_maximum_damage_without_a_critical():
    result = resolve_attack(D6, 9, D6, 4, MULTIPLES)
    assert result.maximum_damage and not result.critical


def test_defender_tripling_the_attacker_is_a_fumble():
    result = resolve_attack(D6, 4, D8, 12, MULTIPLES)
    assert result.outcome is Outcome.DEFENDER_WINS and result.fumble and result.fumble_modifier == 0
    assert resolve_attack(D6, 3, D12, 15, MULTIPLES).fumble_modifier == 2


def test_totals_must_be_possible():
    with pytest.raises(ValueError, match="2d6 cannot total 16"):
        resolve_attack(D6, 16, D8, 4, MULTIPLES)
    with pytest.raises(ValueError):
        multiple(5, 0)


def test_distribution_of_2d6():
    distribution = total_distribution(D6)
    assert distribution[7] == Fraction(6, 36) and sum(distribution.values()) == 1


def test_same_tier_odds_are_even():
    tiers = all_tiers()
    assert tiers
    for tier in tiers:
        assert opposed_odds(tier, tier, MULTIPLES).win == Fraction(1, 2)


def test_exact_odds_of_2d8_plus_one_against_2d6():
    odds = opposed_odds(D8, D6, MULTIPLES, attacker_mod=1)
    assert (str(odds.attacker), str(odds.defender)) == ("2d10", "2d6")
    assert odds.win == Fraction(2741, 3600)


def test_odds_use_overflow():
    odds = opposed_odds(D12, D6, MULTIPLES, attacker_mod=1)
    assert (odds.attacker, odds.defender) == (D12, D4)
    assert odds.win == opposed_odds(D12, D4, MULTIPLES).win


@given(tiers, tiers, mods, mods)
def test_win_and_loss_sum_to_one(attacker, defender, attacker_mod, defender_mod):
    odds = opposed_odds(attacker, defender, MULTIPLES, attacker_mod, defender_mod)
    assert odds.win + odds.loss == 1
    assert 0 <= odds.triple <= odds.double <= odds.win <= 1
    assert 0 <= odds.fumble <= odds.loss


@given(tiers, tiers, mods, mods)
def test_plus_one_dt_never_lowers_the_odds_of_winning(attacker, defender, attacker_mod, defender_mod):
    before = opposed_odds(attacker, defender, MULTIPLES, attacker_mod, defender_mod).win
    assert opposed_odds(attacker, defender, MULTIPLES, attacker_mod + 1, defender_mod).win >= before
    assert opposed_odds(attacker, defender, MULTIPLES, attacker_mod, defender_mod - 1).win >= before


@given(tiers, tiers, mods, mods)
def test_odds_roll_the_tiers_the_modifiers_give(attacker, defender, attacker_mod, defender_mod):
    odds = opposed_odds(attacker, defender, MULTIPLES, attacker_mod, defender_mod)
    rolled = apply_modifiers(attacker, defender, attacker_mod, defender_mod)
    assert (odds.attacker, odds.defender) == (rolled.attacker, rolled.defender)
