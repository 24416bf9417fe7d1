"""The adapter reads the printed tables into engine values: no number is typed twice."""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import pkgutil

import pytest

import sacredwire.engine
from sacredwire.engine_adapter import RulesTableError, rules_from_tables
from sacredwire.engine import Rules
from sacredwire.engine.gear import WeaponClass
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
    for module in pkgutil.iter_modules(sacredwire.engine.__path__):
        result = doctest.testmod(importlib.import_module(f"sacredwire.engine.{module.name}"))
        assert result.failed == 0, module.name
