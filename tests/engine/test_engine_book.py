"""Actions, vertical movement, setup, hostiles, missions and Sample Models, read from their tables.

Every expected value is a cell of the project's tables, read here straight from
the loaded content: the engine must compute what the table prints, row by row.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from sacredwire.engine import Rules
from sacredwire.engine.campaign import Band, TableRow, lookup
from sacredwire.engine.dice import Dice, DiceTier, apply_modifiers
from sacredwire.engine.hostiles import Attack, coworker_action, spawn, spawn_roll, tier_for, unit_attack
from sacredwire.engine.movement import AIM, CLIMB, JUMP_DOWN, JUMP_GAP, aimed_shot, can_climb, vertical_cost
from sacredwire.engine.rolls import resolve_attack
from sacredwire.engine.samples import sample_cost
from sacredwire.engine.setup import SETUP_TABLES, SPAWN_LOCATION, defender_advantages, game_setup, roll_mission
from sacredwire.engine_adapter import adapt_rules
from sacredwire.ids import TableId
from sacredwire.model import Row, Rulebook, Table, Text
from sacredwire.rule_fields import table_words

D6 = DiceTier.parse("2d6")


def _table(rulebook: Rulebook, name: str) -> Table:
    return rulebook.tables[TableId(name)]


def _faces(table: Table, row: Row) -> list[int]:
    """Every face of the table's die that lands on ``row``."""
    assert table.die is not None
    die = Dice.parse(table.die)
    band = Band.parse(row.cells["roll"])
    return [face for face in range(die.minimum, die.maximum + 1) if band.contains(face)]


def _changed(rulebook: Rulebook, name: str, key: str, **cells: Any) -> Rulebook:
    """A copy of the rulebook with some cells of one row changed."""
    table = _table(rulebook, name)
    rows = tuple(dataclasses.replace(row, cells={**row.cells, **cells}) if row.key == key else row
                 for row in table.rows)
    return dataclasses.replace(rulebook, tables={**rulebook.tables, table.id: dataclasses.replace(table, rows=rows)})


def _problems(rulebook: Rulebook) -> list[str]:
    return [problem.message for problem in adapt_rules(rulebook).problems]


# --- actions and vertical movement (C4.3, C4.6) --------------------------------------------


def test_aim_adds_its_rows_dt_to_the_shot(rulebook: Rulebook, rules: Rules):
    dt = _table(rulebook, "actions").row(AIM).cells["dt"]
    assert isinstance(dt, int) and dt > 0
    assert rules.book.actions[AIM].dt == dt
    assert aimed_shot(D6, D6, rules.book.actions, aimed=True) == apply_modifiers(D6, D6, dt)
    assert aimed_shot(D6, D6, rules.book.actions, aimed=True).attacker.index == D6.index + dt
    assert aimed_shot(D6, D6, rules.book.actions, aimed=False) == apply_modifiers(D6, D6)
    moved = rules.numbers.moving_dt
    assert aimed_shot(D6, D6, rules.book.actions, aimed=True, penalties=moved) == apply_modifiers(D6, D6, dt + moved)


def test_every_action_reads_its_dt_and_reach(rulebook: Rulebook, rules: Rules):
    table = _table(rulebook, "actions")
    reaches = 0
    for row in table.rows:
        action = rules.book.actions[row.key]
        assert action.dt == (row.cells["dt"] or 0)
        assert action.reach == row.cells["reach"]
        if action.reach is not None:
            reaches += 1
            assert action.in_reach(action.reach) and not action.in_reach(action.reach + 0.5)
        else:
            assert action.in_reach(100)
    assert reaches and len(rules.book.actions) == len(table.rows)


def test_an_action_dt_its_words_do_not_print_is_a_problem(rulebook: Rulebook):
    dt = _table(rulebook, "actions").row(AIM).cells["dt"]
    assert isinstance(dt, int)
    # The words print the row's dt: a changed dt changes them, and words typed by hand contradict it.
    assert not any("row aim:" in problem for problem in _problems(_changed(rulebook, "actions", AIM, dt=dt + 1)))
    row = _table(rulebook, "actions").row(AIM)
    typed = Text({lang: table_words(row.text("effect"), rulebook, lang) for lang in row.text("effect").values})
    problems = _problems(_changed(rulebook, "actions", AIM, dt=dt + 1, effect=typed))
    assert any("row aim: dt is" in problem for problem in problems), problems


def test_vertical_movement_costs_from_its_rows(rulebook: Rulebook, rules: Rules):
    table = _table(rulebook, "vertical-movement")
    climb, gap, down = (table.row(key).cells for key in (CLIMB, JUMP_GAP, JUMP_DOWN))
    moves = rules.book.vertical
    for height in range(0, 7):
        assert vertical_cost(moves, CLIMB, height) == -(-height // climb["per"]) * climb["cost"]
        assert vertical_cost(moves, JUMP_DOWN, height) == down["cost"]
    assert vertical_cost(moves, JUMP_GAP, gap["max"]) == gap["max"] // gap["per"] * gap["cost"]
    assert vertical_cost(moves, JUMP_GAP, gap["max"] + 1) is None


def test_a_climb_fits_in_the_moves_the_rules_allow(rules: Rules):
    cost = rules.book.vertical[CLIMB].cost
    move = cost * 2
    allowed = rules.numbers.climb_moves
    highest = move * allowed // cost
    assert can_climb(rules.book.vertical, highest, move, allowed)
    assert not can_climb(rules.book.vertical, highest + 1, move, allowed)


# --- the mission generator and the advantages (K1.2, K1.4) ------------------------------------------


@pytest.mark.parametrize("name", [*SETUP_TABLES, SPAWN_LOCATION])
def test_every_row_of_the_mission_generator_is_rolled(rulebook: Rulebook, rules: Rules, name: str):
    table = _table(rulebook, f"campaign-{name}")
    rolled = rules.book.setup.tables[name]
    faces = 0
    for row in table.rows:
        for face in _faces(table, row):
            faces += 1
            assert rolled.roll(face) == row.key
    assert faces == rolled.die.maximum - rolled.die.minimum + 1
    with pytest.raises(ValueError):
        rolled.roll(rolled.die.maximum + 1)


def test_setup_reads_spawns_markers_and_search_dt(rulebook: Rulebook, rules: Rules):
    layout, modifiers = _table(rulebook, "campaign-loot-layout"), _table(rulebook, "campaign-loot-modifiers")
    timing = _table(rulebook, "campaign-hostile-timing")
    games = 0
    for index, (markers_row, modifier_row, timing_row) in enumerate(zip(layout.rows, modifiers.rows, timing.rows)):
        faces = {name: _faces(_table(rulebook, f"campaign-{name}"), _table(rulebook, f"campaign-{name}").rows[index])[0]
                 for name in SETUP_TABLES}
        setup = game_setup(rules.book.setup, faces)
        games += 1
        assert setup.loot_markers == (markers_row.cells["markers"] or 0)
        assert setup.search_dt == (modifier_row.cells["search_dt"] or 0)
        assert [(spawn.round, spawn.tier) for spawn in setup.spawns] == \
            [(timing_row.cells["round"], timing_row.cells["tier"]),
             (timing_row.cells["later_round"], timing_row.cells["later_tier"])]
        assert setup.faction == _table(rulebook, "campaign-hostile-type").rows[index].key
        delayed = game_setup(rules.book.setup, faces, delayed=True)
        assert delayed.spawns[0].round == setup.spawns[0].round + rules.numbers.spawn_delay
        assert delayed.spawns[1:] == setup.spawns[1:]
    assert games == len(layout.rows)


def test_every_generated_faction_has_units_and_behaviour(rulebook: Rulebook, rules: Rules):
    factions = [row.key for row in _table(rulebook, "campaign-hostile-type").rows]
    assert factions
    for faction in factions:
        assert rules.book.units[faction] and faction in rules.behaviours


def test_the_defender_rolls_the_advantages_the_gap_grants(rulebook: Rulebook, rules: Rules):
    setup_table, tactical_table = _table(rulebook, "setup-advantages"), _table(rulebook, "tactical-advantages")
    rows = 0
    for granted in rules.evidence_gap:
        rows += 1
        either = ["setup"] * granted.either
        setup_faces = [1 + index % 6 for index in range(granted.setup + granted.either)]
        tactical_faces = [6 - index % 6 for index in range(granted.tactical)]
        advantages = defender_advantages(granted, rules.book.setup, setup_faces, tactical_faces, either)
        assert advantages.setup == tuple(lookup(_bands(setup_table), face).key for face in setup_faces)
        assert advantages.tactical == tuple(lookup(_bands(tactical_table), face).key for face in tactical_faces)
        with pytest.raises(ValueError):
            defender_advantages(granted, rules.book.setup, [*setup_faces, 1], tactical_faces, either)
    assert rows == len(_table(rulebook, "evidence-gap").rows)


def test_every_advantage_row_is_rolled(rulebook: Rulebook, rules: Rules):
    for name, rolled in (("setup-advantages", rules.book.setup.setup_advantages),
                         ("tactical-advantages", rules.book.setup.tactical_advantages)):
        table = _table(rulebook, name)
        assert [rolled.roll(_faces(table, row)[0]) for row in table.rows] == [row.key for row in table.rows]


def _bands(table: Table) -> list[TableRow]:
    return [TableRow(row.key, Band.parse(row.cells["roll"])) for row in table.rows]


def test_every_evidence_type_is_rolled(rulebook: Rulebook, rules: Rules):
    table = _table(rulebook, "evidence-types")
    assert [rules.book.evidence_type(face) for row in table.rows for face in _faces(table, row)] == \
        [row.key for row in table.rows for _ in _faces(table, row)]
    assert len(table.rows) == rules.evidence_die.sides


# --- hostiles and Coworkers (I2-I4) ------------------------------------------------------------


def test_every_unit_profile_is_read(rulebook: Rulebook, rules: Rules):
    count = 0
    for faction, units in rules.book.units.items():
        table = _table(rulebook, f"{faction}-units")
        assert [unit.key for unit in units] == [row.key for row in table.rows]
        for unit, row in zip(units, table.rows):
            count += 1
            assert (str(unit.combat), str(unit.defense), str(unit.wits)) == \
                (row.cells["combat"], row.cells["defense"], row.cells["wits"])
            assert (unit.health, unit.move, unit.damage) == \
                (row.cells["health"], row.cells["move"], Dice.parse(row.cells["damage"]))
            assert unit.models == sum(int(part) for part in str(row.cells["spawn"]).split("+"))
            assert unit.attack.value == row.text("attack")["en"].lower()
            assert unit.tier == tier_for(rules.book.unit_tiers, unit.band.low).key
    assert count == sum(len(_table(rulebook, f"{faction}-units").rows) for faction in rules.book.units)


def test_a_spawn_picks_the_lower_or_higher_unit_of_its_tier(rulebook: Rulebook, rules: Rules):
    tiers = _table(rulebook, "unit-tiers")
    spawns = 0
    for units in rules.book.units.values():
        for tier_row in tiers.rows:
            in_tier = sorted((unit for unit in units if unit.tier == tier_row.key), key=lambda unit: unit.band.low)
            for unit_roll, unit in enumerate(in_tier, start=1):
                spawns += 1
                assert spawn(units, tier_row.key, unit_roll) == unit
                for face in _faces(tiers, tier_row):
                    assert spawn_roll(units, rules.book.unit_tiers, face, unit_roll) == unit
            with pytest.raises(ValueError):
                spawn(units, tier_row.key, len(in_tier) + 1)
    assert spawns == sum(len(units) for units in rules.book.units.values())


def test_a_unit_attacks_with_its_combat_and_its_weapon_types_critical_table(rules: Rules):
    attacked = 0
    for units in rules.book.units.values():
        for unit in units:
            top = unit.combat.maximum
            result = unit_attack(unit, D6, top, D6.minimum, rules.numbers.multiples)
            assert result == resolve_attack(unit.combat, top, D6, D6.minimum, rules.numbers.multiples)
            assert unit.attack.needs_line_of_sight == (unit.attack is not Attack.MELEE)
            if unit.attack is not Attack.POWER and result.critical:
                attacked += 1
                assert unit.weapon_type in rules.critical_tables
    assert attacked


def test_every_coworker_behaviour_cell_is_read(rulebook: Rulebook, rules: Rules):
    cells = 0
    for hostile, name in ((False, "coworker-behaviour-normal"), (True, "coworker-behaviour-attacked")):
        table = _table(rulebook, name)
        situations = [column.key for column in table.columns if column.kind == "text"]
        for row in table.rows:
            for face in _faces(table, row):
                for situation in situations:
                    cells += 1
                    expected = "-".join(row.text(situation)["en"].lower().split())
                    assert coworker_action(rules.book.coworker_behaviour, hostile, face, situation) == expected
    assert cells


# --- the mission table (M1) and the Sample Models (A7.1) ---------------------------------------------


def test_every_mission_is_rolled(rulebook: Rulebook, rules: Rules):
    table = _table(rulebook, "mission-table")
    rolled = [(roll_mission(rules.book.mission_die, rules.book.missions, face).key,
               roll_mission(rules.book.mission_die, rules.book.missions, face).markers)
              for row in table.rows for face in _faces(table, row)]
    assert rolled == [(row.key, row.cells["markers"]) for row in table.rows for _ in _faces(table, row)]
    with pytest.raises(ValueError):
        roll_mission(rules.book.mission_die, rules.book.missions, rules.book.mission_die.maximum + 1)


def test_sample_model_costs_are_computed_from_the_requisitions(rulebook: Rulebook, rules: Rules):
    table = _table(rulebook, "sample-models")
    assert len(rules.book.samples) == len(table.rows)
    for sample, row in zip(rules.book.samples, table.rows):
        items = [rules.item(key) for key in sample.items]
        assert sample_cost(items) == row.cells["cost"] == sample.printed_cost
        assert sample_cost(items) <= rules.numbers.sample_max_cost


def test_a_typed_sample_cost_that_differs_is_a_problem(rulebook: Rulebook):
    row = _table(rulebook, "sample-models").rows[0]
    problems = _problems(_changed(rulebook, "sample-models", row.key, cost=row.cells["cost"] - 1))
    assert any(f"row {row.key}: cost is" in problem for problem in problems), problems


def test_a_changed_requisitions_price_reaches_the_samples(rulebook: Rulebook):
    sample = _table(rulebook, "sample-models").rows[0]
    item = str(sample.cells["items"]).split()[0]
    weapons = _table(rulebook, "ranged-weapons")
    if item not in {row.key for row in weapons.rows}:
        weapons = _table(rulebook, "melee-weapons")
    price = weapons.row(item).cells["cost"]
    changed = _changed(rulebook, str(weapons.id), item, cost=price + 1)
    problems = _problems(changed)
    assert any(f"row {sample.key}: cost is" in problem for problem in problems), problems
    # The gear prints each price from its item's cell, so it follows the change.
    assert not any(f"row {sample.key}: the en gear prints the prices" in problem for problem in problems), problems
    gear = _table(changed, "sample-models").rows[0].text("gear")
    assert f"({price + 1})" in table_words(gear, changed, "en")


def test_hostile_timing_words_must_print_its_spawns(rulebook: Rulebook):
    # The words print each round from its cell, so a changed tier is what they can contradict.
    problems = _problems(_changed(rulebook, "campaign-hostile-timing", "early", later_tier="elite"))
    assert any("row early: a spawn at round 2 (elite)" in problem for problem in problems), problems


def test_loot_numbers_must_match_their_words(rulebook: Rulebook):
    # The words print the row's cell: a changed cell changes them, and words typed by hand contradict it.
    assert not _problems(_changed(rulebook, "campaign-loot-layout", "scattered", markers=6))
    problems = []
    for name, key, column, cells in (("campaign-loot-layout", "scattered", "rule", {"markers": 6}),
                                     ("campaign-loot-modifiers", "decoys", "effect", {"search_dt": 2})):
        words = _table(rulebook, name).row(key).text(column)
        typed = Text({lang: table_words(words, rulebook, lang) for lang in words.values})
        problems += _problems(_changed(rulebook, name, key, **cells, **{column: typed}))
    assert any("row scattered: markers is" in problem for problem in problems), problems
    assert any("row decoys: search_dt is" in problem for problem in problems), problems
