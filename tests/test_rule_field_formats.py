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
    ("rule.K1.1.covered_lanes", "fraction", "en", "half"),      # a share stored in percent
    ("rule.K1.1.covered_lanes", "fraction", "es", "mitad"),
    ("rule.K3.8.sell_share", "fraction", "en", "half"),
    ("rule.M2.1.carry_move", "fraction", "en", "half"),          # the same share stored as its divisor
    ("rule.M2.1.carry_move", "fraction", "es", "mitad"),
    ("table.injuries.terminated.roll", "top", "en", "3"),
    ("table.injuries.terminated.roll", "", "en", "2\u20133"),
])
def test_format_prints_the_stored_value(rulebook: Rulebook, path: str, fmt: str, lang: str, printed: str) -> None:
    assert show_rule_field(FieldRef(path, fmt), rulebook, lang) == printed


@pytest.mark.parametrize("path, fmt, says", [
    ("rule.C4.15.blast", "inches", "prints a parameter in feet"),      # already inches
    ("rule.C1.8.board_size", "share", "unknown format"),         # one format prints a share: fraction
    ("table.falling.4-to-6.damage", "inches", "prints a parameter in feet"),
    ("table.injuries.die", "top", "highest roll of a band"),          # 2d6 is dice, not a band
])
def test_format_that_does_not_fit_is_refused(rulebook: Rulebook, path: str, fmt: str, says: str) -> None:
    with pytest.raises(FieldError, match=says):
        show_rule_field(FieldRef(path, fmt), rulebook, "en")


@pytest.mark.parametrize("name, value, printed", [("sell_share", 25, "a quarter"), ("carry_move", 4, "a quarter"),
                                                  ("sell_share", 40, None), ("carry_move", 5, None)])
def test_a_share_prints_the_same_words_from_a_percent_or_a_divisor(
        rulebook: Rulebook, name: str, value: int, printed: str | None) -> None:
    parameters = dict(rulebook.parameters)
    key = next(key for key in parameters if key[1] == name)
    parameters[key] = dataclasses.replace(parameters[key], value=value)
    changed = dataclasses.replace(rulebook, parameters=parameters)
    ref = FieldRef(f"rule.{key[0]}.{name}", "fraction")
    if printed is None:
        with pytest.raises(FieldError, match="the fraction format prints a share with words"):
            show_rule_field(ref, changed, "en")
    else:
        assert show_rule_field(ref, changed, "en") == printed


def test_doctests() -> None:
    assert doctest.testmod(rule_fields).attempted > 0
    assert doctest.testmod(rule_fields).failed == 0
