"""Squad building (C2) and the round (C4.1, C4.2), with the rulebook's numbers."""

from __future__ import annotations

import pytest

from sacredwire.engine import Rules
from sacredwire.engine.activation import ActivationBag, blessings_allowed, read_blessings
from sacredwire.engine.dice import DiceTier
from sacredwire.engine.squad import SquadModel, assign_attributes, remaining_after, squad_problems

from ._content import NUMBERS

D4, D6, D8 = (DiceTier.parse(t) for t in ("2d4", "2d6", "2d8"))


def model(rules: Rules, name: str, contract: str, *items: str) -> SquadModel:
    return SquadModel(name, rules.contracts[contract], tuple(rules.item(key) for key in items))


def test_stat_arrays(rules: Rules):
    assert rules.stat_arrays["technician"].dice == (D4, D6, D8)
    assert rules.stat_arrays["operative"].dice == (D6, D6, D6)


def test_boss_dice_example(rules: Rules):
    bonus = rules.contracts["boss"].attribute_bonus
    final = assign_attributes(rules.stat_arrays["technician"], {"combat": D8, "defense": D6, "wits": D4},
                              raised="wits", raise_by=bonus)
    assert (bonus, final) == (1, {"combat": D8, "defense": D6, "wits": D6})


def test_an_assignment_must_use_the_array(rules: Rules):
    with pytest.raises(ValueError, match="technician array"):
        assign_attributes(rules.stat_arrays["technician"], {"combat": D8, "defense": D8, "wits": D4})


def test_contract_rows(rules: Rules):
    brute = rules.contracts["brute"]
    assert (brute.health, brute.move, brute.weapons.value, brute.max_armor.key, brute.max_per_squad) == \
        (14, 3, "melee", "heavy", 2)
    assert brute.move_with(rules.armor["mesh-wrap"]) == 3
    assert rules.contracts["scout"].move_with(rules.armor["mesh-wrap"]) == 4
    assert rules.contracts["scout"].move_with(rules.armor["runners-harness"]) == 7
    assert rules.contracts["broadcaster"].max_per_squad == 1
    assert rules.contracts["boss"].max_per_squad is None


def test_budget_example(rules: Rules):
    bought = [model(rules, "Dmitri Osei", "gunner", "carbine", "pistol"),
              model(rules, "Tobias Valdez", "brute", "sword", "mesh-wrap"),
              model(rules, "Sunita Roche", "zealot", "injector", "knife")]
    assert [m.cost for m in bought] == [15, 12, 12]
    assert remaining_after(bought, NUMBERS.budget) == [45, 33, 21]
    assert squad_problems(budget=NUMBERS.budget, size=NUMBERS.squad_size, models=bought, complete=False) == []


def test_weapon_and_armor_limits(rules: Rules):
    problems = squad_problems(budget=NUMBERS.budget, size=NUMBERS.squad_size, models=[model(rules, "Tobias", "brute", "carbine"),
                               model(rules, "Dmitri", "gunner", "sword", "heavy-cuirass"),
                               model(rules, "Pike", "scout", "mesh-wrap", "flak-wrap")], complete=False)
    assert len(problems) == 4
    assert any("cannot take the carbine" in p for p in problems)
    assert any("heavy-cuirass" in p for p in problems)
    assert any("one armor piece" in p for p in problems)


def test_improvised_combat_and_grenades_are_for_everyone(rules: Rules):
    assert squad_problems(budget=NUMBERS.budget, size=NUMBERS.squad_size, models=[model(rules, "Dmitri", "gunner", "improvised", "frag")], complete=False) == []


def test_squad_size_boss_and_max_per_squad(rules: Rules):
    squad = [model(rules, "A", "boss"), model(rules, "B", "broadcaster"), model(rules, "C", "broadcaster"),
             model(rules, "D", "veteran"), model(rules, "E", "veteran")]
    assert squad_problems(budget=NUMBERS.budget, size=NUMBERS.squad_size, models=squad) == ["2 broadcaster contracts, at most 1 per squad"]
    assert any("exactly one Boss" in p for p in squad_problems(budget=NUMBERS.budget, size=NUMBERS.squad_size, models=squad[1:] + [model(rules, "F", "agent")]))
    assert any(f"{NUMBERS.squad_size} models" in p for p in squad_problems(budget=NUMBERS.budget, size=NUMBERS.squad_size, models=squad[:4]))


def test_over_budget(rules: Rules):
    rich = [model(rules, name, "veteran", "power-fist", "chain-blade", "rifle") for name in "AB"]
    assert any(f"over the {NUMBERS.budget}-sub budget" in p for p in squad_problems(budget=NUMBERS.budget, size=NUMBERS.squad_size, models=rich, complete=False))


def test_a_round_example():
    bag = ActivationBag.for_round(player_models=10, hostile_groups=1, coworker_groups=1)
    assert bag.total == 12
    assert bag.draw_player().draw_group().player_out_of_action().total == 9
    assert bag.draw_player().player_out_of_action(activated=True).total == 11
    assert bag.group_gone().total == 11


def test_blessings_example(rules: Rules):
    results = read_blessings(rules.blessings, [3, 3, 5])
    assert [b.key for b in results] == ["boost", "boost", "severance"]
    assert results[0].dt == 1
    assert blessings_allowed(["Ines", "Ines", "Tobias"], NUMBERS.blessings_per_model) == [True, False, True]


def test_surplus_rolls_twice_ignoring_its_own_face(rules: Rules):
    assert [b.key for b in read_blessings(rules.blessings, [8, 8, 2, 7, 1])] == ["reroll", "wellness", "denied"]
    with pytest.raises(ValueError):
        read_blessings(rules.blessings, [8, 1])


def test_a_squad_may_spend_its_whole_budget_and_no_more(rules: Rules):
    from sacredwire.engine.squad import spent
    bought = [model(rules, "A", "boss", "sword"), model(rules, "B", "brute", "sword")]
    whole = spent(bought)
    assert not any("budget" in problem for problem in squad_problems(bought, whole, NUMBERS.squad_size, False))
    assert any("budget" in problem for problem in squad_problems(bought, whole - 1, NUMBERS.squad_size, False))
