"""Every place a multiple decides a result, tried on both sides of its edge (C4.16, C4.17, C5.1, M3.1).

The multiples come from the content: a total exactly that many times the other
crosses the edge, one less stays short of it. A rule that read a Double where
it says Triple (or the other way) fails here.
"""

from __future__ import annotations

from sacredwire.engine import Rules
from sacredwire.engine.campaign import examine
from sacredwire.engine.combat import Throw, cast, fumble_table, into_melee_critical, throw_grenade
from sacredwire.engine.dice import DiceTier
from sacredwire.engine.rolls import Outcome, resolve_attack

from ._content import MULTIPLES

D4, D12 = DiceTier.parse("2d4"), DiceTier.parse("2d12")
LOW = 3  # a total every tier can roll, small enough that its multiples fit on 2d12


def test_the_multiples_are_distinct():
    # The edges below only tell the multiples apart if the content keeps them apart.
    assert MULTIPLES.double < MULTIPLES.triple
    assert MULTIPLES.double < MULTIPLES.fumble


def test_broadcast_fumble_at_its_multiple(rules: Rules):
    power = next(power for power in rules.powers.values() if power.offensive)
    edge = MULTIPLES.fumble * LOW
    assert cast(power, D4, LOW, edge, rules.numbers, D12).fumble
    assert not cast(power, D4, LOW, edge - 1, rules.numbers, D12).fumble


def test_broadcast_area_at_the_triple(rules: Rules):
    power = next(power for power in rules.powers.values() if power.offensive and power.triple_area)
    edge = MULTIPLES.triple * LOW
    assert cast(power, D12, edge, LOW, rules.numbers, D4).area
    assert not cast(power, D12, edge - 1, LOW, rules.numbers, D4).area


def test_examine_critical_at_the_triple(rules: Rules):
    relay = LOW
    outcome, critical = examine(D12, MULTIPLES.triple * relay, relay, rules.numbers)
    assert outcome is Outcome.ATTACKER_WINS and critical
    outcome, critical = examine(D12, MULTIPLES.triple * relay - 1, relay, rules.numbers)
    assert outcome is Outcome.ATTACKER_WINS and not critical


def test_grenade_lands_at_feet_at_the_fumble_multiple(rules: Rules):
    fixed = rules.numbers.fixed_roll
    thrower = fixed.maximum // MULTIPLES.fumble
    assert throw_grenade(D4, thrower, MULTIPLES.fumble * thrower, rules.numbers) is Throw.AT_FEET
    assert throw_grenade(D4, thrower, MULTIPLES.fumble * thrower - 1, rules.numbers) is not Throw.AT_FEET


def test_attack_double_triple_and_fumble_edges():
    for times, name in ((MULTIPLES.double, "maximum_damage"), (MULTIPLES.triple, "critical")):
        assert getattr(resolve_attack(D12, times * LOW, D4, LOW, MULTIPLES), name)
        assert not getattr(resolve_attack(D12, times * LOW - 1, D4, LOW, MULTIPLES), name)
    assert resolve_attack(D4, LOW, D12, MULTIPLES.fumble * LOW, MULTIPLES).fumble
    assert not resolve_attack(D4, LOW, D12, MULTIPLES.fumble * LOW - 1, MULTIPLES).fumble


def test_each_step_past_the_edge_adds_the_step_bonus():
    steps = 2
    critical = resolve_attack(D12, (MULTIPLES.triple + steps) * LOW, D4, LOW, MULTIPLES)
    assert critical.critical_modifier == steps * MULTIPLES.step_bonus
    fumble = resolve_attack(D4, 2, D12, (MULTIPLES.fumble + steps) * 2, MULTIPLES)
    assert fumble.fumble_modifier == steps * MULTIPLES.step_bonus


def test_only_a_fumble_sends_the_attacker_to_its_weapons_fumble_table(rules: Rules):
    weapon = next(weapon for weapon in rules.weapons.values() if weapon.fumble_table)
    fumbled = resolve_attack(D4, LOW, D12, MULTIPLES.fumble * LOW, MULTIPLES)
    missed = resolve_attack(D4, LOW, D12, MULTIPLES.fumble * LOW - 1, MULTIPLES)
    assert fumble_table(fumbled, weapon) == weapon.fumble_table
    assert missed.outcome is Outcome.DEFENDER_WINS and fumble_table(missed, weapon) is None


def test_a_shot_into_melee_criticals_from_the_triple():
    assert into_melee_critical(resolve_attack(D12, MULTIPLES.triple * LOW, D4, LOW, MULTIPLES))
    assert not into_melee_critical(resolve_attack(D12, MULTIPLES.triple * LOW - 1, D4, LOW, MULTIPLES))
