"""The adapter reads the printed tables into engine values: no number is typed twice."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil

import pytest
from doctests import run_doctests

import sacredwire.engine
from sacredwire.check.examples import unreadable_tables
from sacredwire.engine import Rules
from sacredwire.engine.gear import WeaponClass
from sacredwire.engine_adapter import RulesTableError, adapt_rules, rules_from_tables
from sacredwire.ids import TableId
from sacredwire.model import Rulebook, Text


def test_weapons_come_from_their_tables(rules: Rules):
    sword, carbine = rules.weapons["sword"], rules.weapons["carbine"]
    assert (str(sword.damage), sword.type, sword.cost, sword.weapon_class, sword.riposte_dt) == \
        ("d6", "bladed", 10, WeaponClass.MELEE, 1)
    assert (str(carbine.damage), carbine.cost, carbine.weapon_class) == ("d8", 13, WeaponClass.RANGED)
    assert rules.weapons["improvised"].weapon_class is WeaponClass.IMPROVISED
    assert rules.weapons["frag"].weapon_class is WeaponClass.GRENADE
    assert str(rules.weapons["unarmed"].damage) == "1"


def test_armor_and_gear(rules: Rules):
    mesh = rules.armor["mesh-wrap"]
    assert (mesh.tier.key, mesh.cost, mesh.move) == ("light", 2, -1)
    assert rules.armor["heavy-cuirass"].move == 0
    assert rules.armor_tiers["light"].rank < rules.armor_tiers["medium"].rank < rules.armor_tiers["heavy"].rank
    assert all(item.cost >= 0 for item in rules.gear.values()) and rules.gear


def test_contract_specials_are_read_from_the_table(rules: Rules):
    assert rules.contracts["boss"].attribute_bonus == 1
    brute = rules.contracts["brute"]
    assert (brute.melee_damage_bonus, brute.ignores_armor_move_penalty) == (1, True)
    assert rules.contracts["veteran"].attribute_bonus == 0


def test_campaign_tables(rules: Rules):
    assert [str(row.band) for row in rules.evidence_gap] == ["0-1", "2-3", "4+"]
    assert rules.critical_tables >= {"bladed", "blunt", "projectile", "energy", "explosive", "toxic", "static"}
    assert [blessing.key for blessing in rules.blessings if blessing.roll_twice] == ["surplus"]


def test_an_unreadable_cell_names_its_place(rulebook: Rulebook):
    table = rulebook.tables[TableId("contract-types")]
    row = table.rows[1]
    broken_row = dataclasses.replace(row, cells={**row.cells, "weapons": Text({"en": "Blades", "es": "Hojas"})})
    broken = dataclasses.replace(table, rows=(table.rows[0], broken_row, *table.rows[2:]))
    with pytest.raises(RulesTableError, match=rf"{row.location}: table contract-types, row brute: weapons"):
        rules_from_tables(dataclasses.replace(rulebook, tables={**rulebook.tables, table.id: broken}))


def test_engine_docstring_examples():
    modules = [importlib.import_module(f"sacredwire.engine.{module.name}")
               for module in pkgutil.iter_modules(sacredwire.engine.__path__)]
    # The modules whose docstrings show examples; each must run some.
    documented = [module for module in modules if ">>> " in inspect.getsource(module)]
    assert len(documented) >= 6, [module.__name__ for module in documented]
    for module in documented:
        run_doctests(module)


def _with_cells(rulebook: Rulebook, table_name: str, row_key: str, **cells) -> Rulebook:
    table = rulebook.tables[TableId(table_name)]
    rows = tuple(dataclasses.replace(row, cells={**row.cells, **cells}) if row.key == row_key else row
                 for row in table.rows)
    return dataclasses.replace(rulebook, tables={**rulebook.tables, table.id: dataclasses.replace(table, rows=rows)})


def test_numbers_come_from_structured_columns(rules: Rules):
    assert rules.weapons["shock-maul"].knockback == 2 and rules.weapons["mace"].knockback == 1
    assert rules.weapons["cable-whip"].reach == 2 and rules.weapons["stapler"].max_range == 6
    assert (rules.weapons["chain-blade"].vs_armored, rules.weapons["arc-claw"].critical_bonus) == (2, 1)
    assert rules.weapons["arc-pistol"].fumble_table is None and rules.weapons["frag"].fumble_table == "ranged"
    assert rules.powers["focus"].triple_area is None and rules.powers["signal-jam"].triple_area == 3
    assert [(effect.stat, effect.change) for effect in next(
        row for row in rules.injuries if row.key == "hobbled").effects] == [("move", -1)]


def test_a_reworded_special_is_reported_not_read_as_zero(rulebook: Rulebook):
    row = rulebook.tables[TableId("melee-weapons")].row("shock-maul")
    for words in ('Re-roll 1s, Knocks back 2"', 'Re-roll 1s, Knockback 3"'):
        reworded = _with_cells(rulebook, "melee-weapons", "shock-maul",
                               special=Text({"en": words, "es": 'Repite 1s, Empuje 2"'}))
        adapted = adapt_rules(reworded)
        assert adapted.rules.weapons["shock-maul"].knockback == 2
        assert [(problem.location, problem.message) for problem in adapted.problems] == [
            (row.location, f"table melee-weapons, row shock-maul: knockback is 2\" but the en special does not "
                           f"say so: {words!r}")]
    # A special that states a value the structured column lacks: the engine would read none.
    emptied = adapt_rules(_with_cells(rulebook, "melee-weapons", "shock-maul", knockback=None))
    assert emptied.rules.weapons["shock-maul"].knockback == 0
    assert [problem.location for problem in emptied.problems] == [row.location, row.location]
    assert "states a knockback but the knockback cell is empty" in emptied.problems[0].message


def test_an_unreadable_value_is_a_finding_with_its_line(rulebook: Rulebook):
    row = rulebook.tables[TableId("ranged-weapons")].row("arc-pistol")
    adapted = adapt_rules(_with_cells(rulebook, "ranged-weapons", "arc-pistol", fumble_table="ranged"))
    assert adapted.rules.weapons["arc-pistol"].fumble_table == "ranged"
    assert [(p.location, "never fumbles" in p.message) for p in adapted.problems] == [(row.location, True)]
    broken = _with_cells(rulebook, "ranged-weapons", "arc-pistol", fumble_table="sometimes")
    findings = [finding for finding in unreadable_tables(broken) if finding.code == "EX005"]
    assert [finding.location for finding in findings] == [row.location]
    assert "fumble_table must be melee or ranged or empty, not 'sometimes'" in findings[0].message
