"""Gear, implants and lasting effects, each with the rule parameter the booklets print (A2, A3, A5, C4.20)."""

from __future__ import annotations

import pytest

from sacredwire.engine import Rules
from sacredwire.engine.dice import Dice
from sacredwire.engine.specials import (
    MASK,
    PADDED_VEST,
    PISTOL,
    PROTECTIVE_LINING,
    SCOPE,
    TOXIC,
    bleed_damage,
    combat_dt,
    combat_with_targeting,
    critical_roll_against,
    criticals_left,
    defense_dt,
    defense_modifier,
    improvised_modifier,
    injury_modifier,
    knockback_taken,
    may_reroll,
    move_allowance,
    performance_review,
    rerolled,
    shot_modifier,
    stripped,
    targeting_fits,
)
from sacredwire.model import Rulebook, Text
from sacredwire.rule_fields import table_words


def test_every_special_reads_its_parameter(rulebook: Rulebook, rules: Rules):
    # The engine's value is the parameter the booklets print, under the section that states it.
    for field, section, name in (("padded_vest_knockback", "A3.6", "padded_vest_knockback"),
                                 ("lining_critical", "A3.6", "lining_critical"), ("mask_dt", "A3.10", "mask_dt"),
                                 ("scope_dt", "A3.10", "scope_dt"), ("scope_range", "A3.10", "scope_range"),
                                 ("pistol_far_dt", "A3.3", "pistol_far_dt"),
                                 ("pistol_far_range", "A3.3", "pistol_far_range"),
                                 ("improvised_dt", "A3.1", "improvised_dt"), ("targeting_dt", "A3.11", "targeting_dt"),
                                 ("targeting_needs", "A3.11", "targeting_needs"),
                                 ("bleed_damage", "A5.1", "bleed_damage"), ("injury_penalty", "A5.1", "injury_penalty"),
                                 ("trauma_kit_criticals", "A3.9", "trauma_kit_criticals"),
                                 ("slag_tiers", "A5.5", "slag_tiers")):
        assert getattr(rules.numbers, field) == rulebook.parameter(section, name).value, field
    assert rules.numbers.review_damage == Dice.parse(str(rulebook.parameter("C4.20", "review_damage").value))


def test_padded_vest_takes_knockback_off(rules: Rules):
    numbers = rules.numbers
    pushing = [weapon for weapon in rules.weapons.values() if weapon.knockback]
    assert pushing
    for weapon in pushing:
        assert weapon.knockback is not None
        assert knockback_taken(weapon.knockback, [], numbers) == weapon.knockback
        assert knockback_taken(weapon.knockback, [PADDED_VEST], numbers) == \
            max(weapon.knockback - numbers.padded_vest_knockback, 0)
    assert knockback_taken(numbers.padded_vest_knockback - 1, [PADDED_VEST], numbers) == 0


def test_protective_lining_on_critical_rolls_against_its_wearer(rules: Rules):
    numbers = rules.numbers
    assert PROTECTIVE_LINING in rules.armor
    for modifier in range(3):
        assert critical_roll_against(modifier, [PROTECTIVE_LINING], numbers) == modifier + numbers.lining_critical
        assert critical_roll_against(modifier, ["flak-wrap"], numbers) == modifier


def test_mask_against_toxic_only(rules: Rules):
    numbers = rules.numbers
    assert MASK in rules.gear and any(weapon.type == TOXIC for weapon in rules.weapons.values())
    assert defense_modifier([MASK], TOXIC, numbers) == numbers.mask_dt
    assert defense_modifier([MASK], "bladed", numbers) == 0
    assert defense_modifier([], TOXIC, numbers) == 0


def test_range_modifiers_of_the_pistol_and_the_scope(rules: Rules):
    numbers, pistol = rules.numbers, rules.weapons[PISTOL]
    assert SCOPE in rules.gear
    assert shot_modifier(pistol, [], numbers.pistol_far_range, numbers) == 0
    assert shot_modifier(pistol, [], numbers.pistol_far_range + 1, numbers) == numbers.pistol_far_dt
    rifle = next(weapon for weapon in rules.weapons.values()
                 if weapon.weapon_class.value == "ranged" and weapon.key != PISTOL)
    assert shot_modifier(rifle, [SCOPE], numbers.scope_range, numbers) == 0
    assert shot_modifier(rifle, [SCOPE], numbers.scope_range + 1, numbers) == numbers.scope_dt
    far = max(numbers.scope_range, numbers.pistol_far_range) + 1
    assert shot_modifier(pistol, [SCOPE], far, numbers) == numbers.scope_dt + numbers.pistol_far_dt
    sword = next(weapon for weapon in rules.weapons.values() if weapon.weapon_class.value == "melee")
    assert shot_modifier(sword, [SCOPE], far, numbers) == 0


def test_improvised_and_unarmed_combat(rules: Rules):
    numbers = rules.numbers
    improvised = [weapon for weapon in rules.weapons.values() if weapon.weapon_class.value == "improvised"]
    assert improvised
    for weapon in improvised:
        assert improvised_modifier(weapon, numbers) == numbers.improvised_dt
    assert improvised_modifier(None, numbers) == numbers.improvised_dt
    assert improvised_modifier(rules.weapons[PISTOL], numbers) == 0


def test_targeting_repairs_only_its_penalty(rules: Rules):
    numbers = rules.numbers
    assert targeting_fits(numbers.targeting_needs, numbers)
    assert not targeting_fits(numbers.targeting_needs - 1, numbers)
    assert combat_with_targeting(numbers.targeting_needs, numbers) == numbers.targeting_needs + numbers.targeting_dt
    with pytest.raises(ValueError):
        combat_with_targeting(numbers.targeting_needs - 1, numbers)


def test_lasting_critical_damage_and_the_injury_penalty(rules: Rules):
    numbers = rules.numbers
    assert [bleed_damage(activations, 1, numbers) for activations in range(4)] == \
        [numbers.bleed_damage * activations for activations in range(4)]
    assert bleed_damage(3, 2, numbers) == bleed_damage(3, 1, numbers)
    assert bleed_damage(3, 0, numbers) == 0
    assert injury_modifier(1, numbers) == numbers.injury_penalty


def test_trauma_kit_cancels_criticals(rules: Rules):
    numbers = rules.numbers
    assert criticals_left(numbers.trauma_kit_criticals, 1, numbers) == 0
    assert criticals_left(numbers.trauma_kit_criticals + 1, 1, numbers) == 1
    assert criticals_left(2, 0, numbers) == 2


def test_slag_armor_strips_tiers(rules: Rules):
    tiers = sorted(rules.armor_tiers.values(), key=lambda tier: tier.rank)
    numbers = rules.numbers
    stripped_to = [stripped(tier, tiers, numbers) for tier in tiers]
    assert stripped_to[:numbers.slag_tiers] == [None] * numbers.slag_tiers
    assert stripped_to[numbers.slag_tiers:] == tiers[:len(tiers) - numbers.slag_tiers]


def test_reroll_specials_pick_the_low_dice(rulebook: Rulebook):
    low = rulebook.parameter("A2", "reroll_low").value
    high = rulebook.parameter("A2", "reroll_high").value
    assert isinstance(low, int) and isinstance(high, int)
    assert rerolled([low, low + 1, high, high + 1], low) == [True, False, high == low, False]
    assert rerolled([low, high, high + 1], high) == [True, True, False]


def test_performance_review(rules: Rules):
    numbers = rules.numbers
    dice = numbers.review_damage
    assert dice.maximum > dice.minimum
    for rolled in range(dice.minimum, dice.maximum + 1):
        assert performance_review(True, False, rolled, numbers) == rolled
        assert performance_review(True, True, rolled, numbers) == 0
        assert performance_review(False, False, rolled, numbers) == 0
    with pytest.raises(ValueError):
        performance_review(True, False, dice.maximum + 1, numbers)


# --- contract specials (C2.4): every contract row, its numbers from its cells ----------------------------


def _contract_cells(rulebook: Rulebook) -> dict[str, dict[str, object]]:
    from sacredwire.ids import TableId
    return {row.key: dict(row.cells) for row in rulebook.tables[TableId("contract-types")].rows}


def test_every_contract_reads_its_specials(rulebook: Rulebook, rules: Rules):
    cells = _contract_cells(rulebook)
    specials = 0
    for key, row in cells.items():
        contract = rules.contracts[key]
        half = contract.health // 2
        below = (contract.health - 1) // 2
        assert defense_dt(contract, below) == (row["wounded_defense_dt"] or 0)
        assert defense_dt(contract, contract.health - half) == 0
        many = row["outnumbered_by"]
        if many is None:
            assert combat_dt(contract, 5) == 0
        else:
            assert isinstance(many, int)
            specials += 1
            assert combat_dt(contract, many) == row["outnumbered_combat_dt"]
            assert combat_dt(contract, many - 1) == 0
        assert move_allowance(contract, contract.move, True) == contract.move + (row["engaged_move"] or 0)
        assert move_allowance(contract, contract.move, False) == contract.move
        for attribute in ("combat", "defense", "wits"):
            assert may_reroll(contract, attribute, True) == (row["rerolls_failed"] == attribute)
            assert not may_reroll(contract, attribute, False)
    assert specials and any(row["wounded_defense_dt"] for row in cells.values())


def test_a_contract_special_its_words_do_not_print_is_a_problem(rulebook: Rulebook):
    import dataclasses

    from sacredwire.engine_adapter import adapt_rules
    from sacredwire.ids import TableId
    table = rulebook.tables[TableId("contract-types")]
    for key, cells, expected in (("veteran", {"wounded_defense_dt": 2}, "row veteran: wounded_defense_dt is +2"),
                                 ("zealot", {"outnumbered_by": 3}, "row zealot: outnumbered_by is 3+"),
                                 ("boss", {"rerolls_failed": "wits"}, "row boss: rerolls_failed is 'wits'")):
        rows = tuple(dataclasses.replace(row, cells={**row.cells, "special": _typed(row, "special", rulebook), **cells})
                     if row.key == key else row for row in table.rows)
        changed = dataclasses.replace(rulebook, tables={**rulebook.tables,
                                                        table.id: dataclasses.replace(table, rows=rows)})
        problems = [problem.message for problem in adapt_rules(changed).problems]
        assert any(expected in problem for problem in problems), (expected, problems)


# --- Wellness (C4.2) and Random Direction (C4.12) ---------------------------------------------------


def test_wellness_restores_its_dice_up_to_health(rulebook: Rulebook, rules: Rules):
    from sacredwire.engine.activation import wellness
    from sacredwire.ids import TableId
    cells = {row.key: row.cells["heal"] for row in rulebook.tables[TableId("blessings")].rows}
    healing = [blessing for blessing in rules.blessings if blessing.heal is not None]
    assert healing and [blessing.key for blessing in healing] == [key for key, heal in cells.items() if heal]
    for blessing in healing:
        assert blessing.heal == Dice.parse(str(cells[blessing.key]))
        for rolled in range(blessing.heal.minimum, blessing.heal.maximum + 1):
            assert wellness(blessing, 5, 14, rolled) == 5 + rolled
            assert wellness(blessing, 13, 14, rolled) == 14
        with pytest.raises(ValueError):
            wellness(blessing, 5, 14, blessing.heal.maximum + 1)
    with pytest.raises(ValueError):
        wellness(next(blessing for blessing in rules.blessings if blessing.heal is None), 5, 14, 1)


def test_a_heal_its_words_do_not_print_is_a_problem(rulebook: Rulebook):
    import dataclasses

    from sacredwire.engine_adapter import adapt_rules
    from sacredwire.ids import TableId
    table = rulebook.tables[TableId("blessings")]
    key = next(row.key for row in table.rows if row.cells["heal"])
    rows = tuple(dataclasses.replace(row, cells={**row.cells, "effect": _typed(row, "effect", rulebook), "heal": "d6"})
                 if row.key == key else row for row in table.rows)
    changed = dataclasses.replace(rulebook, tables={**rulebook.tables, table.id: dataclasses.replace(table, rows=rows)})
    problems = [problem.message for problem in adapt_rules(changed).problems]
    assert any(f"row {key}: heal is d6" in problem for problem in problems), problems


def test_random_direction_spreads_every_face_evenly(rules: Rules):
    from sacredwire.engine.movement import random_direction
    for dice in (rules.numbers.compass_die, rules.numbers.clock_die):
        bearings = sorted(random_direction(dice, face) for face in range(dice.minimum, dice.maximum + 1))
        assert len(bearings) == dice.sides
        assert bearings == [step * 360 / dice.sides for step in range(dice.sides)]
        assert random_direction(dice, dice.maximum) == 0
        with pytest.raises(ValueError):
            random_direction(dice, dice.maximum + 1)


def test_a_fleeing_model_moves_its_full_move_to_the_edge(rules: Rules):
    from sacredwire.engine.specials import flee
    moves = 0
    for contract in rules.contracts.values():
        moves += 1
        assert flee(contract.move + 1, contract.move) == (1, False)
        assert flee(contract.move, contract.move) == (0, True)
        assert flee(contract.move - 1, contract.move) == (0, True)
    assert moves == len(rules.contracts)


def test_dead_models_are_replaced_back_to_the_squad_size(rules: Rules):
    from sacredwire.engine.specials import recruits
    size = rules.numbers.squad_size
    assert [recruits(size - dead, rules.numbers) for dead in range(size + 1)] == list(range(size + 1))
    with pytest.raises(ValueError):
        recruits(size + 1, rules.numbers)


def test_every_re_roll_special_re_rolls_its_faces(rulebook: Rulebook, rules: Rules):
    from sacredwire.engine.specials import damage_rerolls, defense_rerolls
    from sacredwire.ids import TableId
    rows = 0
    for name, column in (("melee-weapons", "reroll"), ("ranged-weapons", "reroll"), ("improvised-combat", "reroll"),
                         ("grenades", "reroll"), ("light-armor", "defense_reroll"),
                         ("medium-armor", "defense_reroll"), ("heavy-armor", "defense_reroll")):
        for row in rulebook.tables[TableId(name)].rows:
            up_to = row.cells[column] or 0
            assert isinstance(up_to, int)
            faces = list(range(1, 13))
            if column == "reroll":
                picked = damage_rerolls(rules.weapons[row.key], faces)
            else:
                picked = defense_rerolls(rules.armor[row.key], faces)
            rows += bool(up_to)
            assert picked == [face <= up_to for face in faces]
    assert rows
    assert defense_rerolls(None, [1, 2]) == [False, False]


def test_a_re_roll_its_words_do_not_name_is_a_problem(rulebook: Rulebook):
    import dataclasses

    from sacredwire.engine_adapter import adapt_rules
    from sacredwire.ids import TableId
    table = rulebook.tables[TableId("heavy-armor")]
    row = next(row for row in table.rows if row.cells["defense_reroll"])
    rows = tuple(dataclasses.replace(each, cells={**each.cells, "special": _typed(each, "special", rulebook),
                                                  "defense_reroll": 4}) if each is row else each
                 for each in table.rows)
    changed = dataclasses.replace(rulebook, tables={**rulebook.tables, table.id: dataclasses.replace(table, rows=rows)})
    problems = [problem.message for problem in adapt_rules(changed).problems]
    assert any(f"row {row.key}: defense_reroll is 4 but the en special" in problem for problem in problems), problems


def test_exactly_half_health_is_not_below_half(rules: Rules):
    import dataclasses
    veteran = next(contract for contract in rules.contracts.values() if contract.wounded_defense_dt)
    # An even Health has an exact half: the bonus starts below it.
    even = dataclasses.replace(veteran, health=veteran.health * 2)
    assert defense_dt(even, veteran.health) == 0
    assert defense_dt(even, veteran.health - 1) == veteran.wounded_defense_dt


def _typed(row, column: str, rulebook: Rulebook) -> Text:
    """A row's words as printed, typed by hand (no field): a structured cell changed under them is then
    contradicted by the words, as when a designer edits one and not the other."""
    words = row.cells[column]
    return Text({lang: table_words(words, rulebook, lang) for lang in words.values})
