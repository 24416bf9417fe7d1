"""The formats only rule fields have: a parameter printed in another unit, the top of a table's band."""

from __future__ import annotations

import dataclasses
import doctest

import pytest
from conftest import PROJECT

from sacredwire import rule_fields
from sacredwire.example_text import FieldError, FieldRef
from sacredwire.load import load_rulebook
from sacredwire.model import Rulebook
from sacredwire.rule_fields import show_rule_field


@pytest.fixture(scope="module")
def rulebook() -> Rulebook:
    return load_rulebook(PROJECT)


@pytest.mark.parametrize("path, fmt, lang, printed", [
    ("rule.C1.8.board_size", "", "en", "2"),
    ("rule.C1.8.board_size", "inches", "en", "24"),
    ("rule.C1.8.board_size", "half-inches", "es", "12"),
    ("rule.K1.1.covered_lanes", "share", "en", "half"),
    ("rule.K1.1.covered_lanes", "share", "es", "mitad"),
    ("rule.K3.8.sell_share", "share", "en", "half"),
    ("table.injuries.terminated.roll", "top", "en", "3"),
    ("table.injuries.terminated.roll", "", "en", "2\u20133"),
])
def test_format_prints_the_stored_value(rulebook: Rulebook, path: str, fmt: str, lang: str, printed: str) -> None:
    assert show_rule_field(FieldRef(path, fmt), rulebook, lang) == printed


@pytest.mark.parametrize("path, fmt, says", [
    ("rule.C4.15.blast", "inches", "prints a parameter in feet"),      # already inches
    ("rule.C1.8.board_size", "share", "prints a parameter in percent"),
    ("table.falling.4-to-6.damage", "inches", "prints a parameter in feet"),
    ("table.injuries.die", "top", "highest roll of a band"),          # 2d6 is dice, not a band
])
def test_format_that_does_not_fit_is_refused(rulebook: Rulebook, path: str, fmt: str, says: str) -> None:
    with pytest.raises(FieldError, match=says):
        show_rule_field(FieldRef(path, fmt), rulebook, "en")


def test_a_share_without_words_is_refused(rulebook: Rulebook) -> None:
    parameters = dict(rulebook.parameters)
    key = next(key for key in parameters if key[1] == "sell_share")
    parameters[key] = dataclasses.replace(parameters[key], value=40)
    changed = dataclasses.replace(rulebook, parameters=parameters)
    with pytest.raises(FieldError, match="no words for 40%"):
        show_rule_field(FieldRef("rule.K3.8.sell_share", "share"), changed, "en")


def test_doctests() -> None:
    assert doctest.testmod(rule_fields).attempted > 0
    assert doctest.testmod(rule_fields).failed == 0
