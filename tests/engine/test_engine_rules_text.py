"""Mechanics as the rules text states them, each from its own sentence (A2, A3.3, A4.1, A5.1, A6.1, C1.10)."""

from __future__ import annotations

from sacredwire.engine import DiceTier, Rules, apply_modifiers, resolve_attack
from sacredwire.engine.combat import Throw, critical_roll_modifier, fumble_table, resolve_damage, throw_grenade
from sacredwire.engine.example_checks import run_example

from ._content import MULTIPLES, NUMBERS

D4, D6, D8, D12 = (DiceTier.parse(tier) for tier in ("2d4", "2d6", "2d8", "2d12"))


def test_plus_n_vs_armored_adds_before_the_reduction(rules: Rules):
    # A2: "a Chain Blade (+2 vs. armored) that rolls 5 against Medium armor deals 5 + 2 - 2 = 5."
    blade = rules.weapons["chain-blade"]
    assert blade.vs_armored == 2
    hit = resolve_damage(blade.damage, 14, maximum=False, rolled=5,
                         armor_reduction=rules.armor_tiers["medium"].reduction, vs_armored=blade.vs_armored,
                         out_of_action_at=rules.numbers.out_of_action_health)
    assert (hit.armor, hit.dealt) == (2, 5)
    # Against a model with no armor the bonus does not apply.
    assert resolve_damage(blade.damage, 14, maximum=False, rolled=5, vs_armored=2, out_of_action_at=NUMBERS.out_of_action_health).dealt == 5 - 0
    computed = run_example("hit_damage", rules, {"weapon": "chain-blade", "damage_roll": 5, "armor": "medium"})
    assert computed["dealt"] == 5


def test_the_arc_pistol_never_fumbles(rules: Rules):
    # A3.3 "No fumbles"; A6.1 "An Arc Pistol never fumbles."
    tripled = resolve_attack(D6, 3, D6, 9, MULTIPLES)
    assert tripled.fumble
    assert fumble_table(tripled, rules.weapons["arc-pistol"]) is None
    assert fumble_table(tripled, rules.weapons["pistol"]) == "ranged"
    computed = run_example("multiples", rules, {"attacker_dice": "2d6", "defender_dice": "2d6", "weapon": "arc-pistol",
                                                "attacker_total": 9, "defender_total": 3})
    assert (computed["swapped_fumble"], computed["swapped_fumble_table"]) == (False, None)


def test_a_fumbled_grenade_rolls_the_ranged_fumble_table(rules: Rules):
    # A6.1: "Ranged Fumble: shots and grenade throws. A fumbled grenade also lands at the thrower's feet."
    assert throw_grenade(D4, 3, 9, NUMBERS) is Throw.AT_FEET
    computed = run_example("grenade", rules, {"thrower_dice": "2d4", "grenade": "frag", "distance": 4,
                                              "thrower_total": 3, "fixed_total": 9})
    assert (computed["throw"], computed["fumble_table"]) == ("at_feet", "ranged")


def test_the_arc_claw_adds_one_to_the_critical_roll(rules: Rules):
    # A5.1 and the Arc Claw's special: "+1 to Critical roll".
    claw, saber = rules.weapons["arc-claw"], rules.weapons["saber"]
    triple, quadruple = resolve_attack(D8, 12, D8, 4, MULTIPLES), resolve_attack(D8, 12, D8, 3, MULTIPLES)
    assert (critical_roll_modifier(triple, claw), critical_roll_modifier(triple, saber)) == (1, 0)
    assert (critical_roll_modifier(quadruple, claw), critical_roll_modifier(quadruple, saber)) == (2, 1)


def test_net_modifiers_first_and_simultaneous_overflow():
    # C1.10: a side's modifiers are added up first; both sides overflowing each pass their excess.
    assert apply_modifiers(D12, D6, 1 - 1, 0) == apply_modifiers(D12, D6)
    both = apply_modifiers(D12, D12, 1, 1)
    assert (str(both.attacker), str(both.defender)) == ("2d10", "2d10")
    lost = apply_modifiers(D12, D4, 1, -1)
    assert (str(lost.attacker), str(lost.defender)) == ("2d12", "2d4")
