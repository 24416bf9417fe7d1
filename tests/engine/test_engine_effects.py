"""Every row of every critical and fumble table, its effect computed from its cells (A5, A6)."""

from __future__ import annotations

import dataclasses

import pytest

from sacredwire.engine import Rules
from sacredwire.engine.campaign import Band, lookup
from sacredwire.engine.dice import Dice, DiceTier
from sacredwire.engine.effects import (
    after_lasting,
    critical_bonus_damage,
    critical_damage_per_activation,
    critical_injury_modifier,
    fumble_self_damage,
)
from sacredwire.engine_adapter import adapt_rules
from sacredwire.ids import TableId
from sacredwire.model import Rulebook, Table, Text
from sacredwire.rule_fields import table_words

D6 = DiceTier.parse("2d6")
START = {"combat": D6, "defense": D6, "wits": D6}


def _tables(rulebook: Rulebook, prefix: str) -> dict[str, Table]:
    return {str(key)[len(prefix):]: table for key, table in rulebook.tables.items() if str(key).startswith(prefix)}


def test_every_critical_row_does_what_its_cells_say(rulebook: Rulebook, rules: Rules):
    rows = 0
    for kind, table in _tables(rulebook, "critical-").items():
        effects = rules.book.critical_effects[kind]
        assert [effect.key for effect in effects] == [row.key for row in table.rows]
        for effect, row in zip(effects, table.rows):
            rows += 1
            assert lookup(effects, Band.parse(row.cells["roll"]).low) == effect
            bonus = row.cells["bonus_damage"]
            if bonus is None:
                assert critical_bonus_damage(effect, None) == 0
            else:
                dice = Dice.parse(bonus)
                assert [critical_bonus_damage(effect, face) for face in range(dice.minimum, dice.maximum + 1)] == \
                    list(range(dice.minimum, dice.maximum + 1))
                with pytest.raises(ValueError):
                    critical_bonus_damage(effect, dice.maximum + 1)
            dice_after, move_after = after_lasting(effect, START, 5)
            stat, change = row.cells["stat"], row.cells["change"]
            assert isinstance(change, int) or change is None
            for attribute, tier in START.items():
                hit = stat == attribute or stat == "attributes"
                assert dice_after[attribute] == (tier.capped(change) if hit and change else tier)
            assert move_after == 5 + (change if stat == "move" and change else 0)
            outcome = row.cells["outcome"]
            assert critical_injury_modifier(effect, rules.numbers) == \
                (rules.numbers.injury_penalty if outcome == "out-of-action" else 0)
            assert critical_damage_per_activation(effect, rules.numbers) == \
                (rules.numbers.bleed_damage if outcome == "bleed" else 0)
    assert rows == sum(len(table.rows) for table in _tables(rulebook, "critical-").values())


def test_every_fumble_row_harms_its_attacker_as_its_cells_say(rulebook: Rulebook, rules: Rules):
    weapon = Dice.parse("d8")
    rows = 0
    for kind, table in _tables(rulebook, "fumble-").items():
        effects = rules.book.fumble_effects[kind]
        assert [effect.key for effect in effects] == [row.key for row in table.rows]
        for effect, row in zip(effects, table.rows):
            rows += 1
            cell = row.cells["self_damage"]
            if cell is None:
                assert fumble_self_damage(effect, weapon) == 0
            elif cell == "max":
                assert fumble_self_damage(effect, weapon) == weapon.maximum
            else:
                dice = weapon if cell == "weapon" else Dice.parse(str(cell))
                assert fumble_self_damage(effect, weapon, dice.maximum) == dice.maximum
                with pytest.raises(ValueError):
                    fumble_self_damage(effect, weapon, dice.maximum + 1)
    assert rows == sum(len(table.rows) for table in _tables(rulebook, "fumble-").values())


def test_a_critical_cell_its_words_contradict_is_a_problem(rulebook: Rulebook):
    table = rulebook.tables[TableId("critical-bladed")]
    first = table.rows[0]
    # The words typed by hand, as printed: the changed cell under them is then contradicted.
    typed = Text({lang: table_words(first.text("effect"), rulebook, lang) for lang in first.text("effect").values})
    rows = (dataclasses.replace(first, cells={**first.cells, "effect": typed, "bonus_damage": "d8"}), *table.rows[1:])
    changed = dataclasses.replace(rulebook, tables={**rulebook.tables, table.id: dataclasses.replace(table, rows=rows)})
    problems = [problem.message for problem in adapt_rules(changed).problems]
    assert any(f"row {first.key}: the en effect" in problem and "+d8" in problem for problem in problems), problems
