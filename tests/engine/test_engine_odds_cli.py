"""``sw28 odds``: exact odds on the command line."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from sacredwire.cli import main


def test_json_odds(capsys):
    assert main(["odds", "2d8", "2d6", "--att-mod", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"attacker_dice", "defender_dice", "fixed", "p_win", "p_double", "p_triple", "p_fumble",
                         "exact"}
    assert (data["attacker_dice"], data["defender_dice"]) == ("2d10", "2d6")
    assert Fraction(data["exact"]["p_win"]) == Fraction(2741, 3600)
    assert data["p_win"] == pytest.approx(2741 / 3600)
    for key in ("p_double", "p_triple", "p_fumble"):
        assert data[key] == pytest.approx(float(Fraction(data["exact"][key])))


def test_overflow_shows_in_the_dice_rolled(capsys):
    assert main(["odds", "2d12", "2d6", "--att-mod", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["attacker_dice"], data["defender_dice"]) == ("2d12", "2d4")


def test_a_fixed_roll_takes_no_overflow(capsys):
    # C1.10: fixed 2d6 rolls (Search, grenades, Morale, support Cast) ignore overflow.
    assert main(["odds", "2d12", "2d6", "--att-mod", "1", "--fixed", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["attacker_dice"], data["defender_dice"], data["fixed"]) == ("2d12", "2d6", True)
    assert main(["odds", "2d4", "2d6", "--att-mod", "-1", "--fixed", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["defender_dice"] == "2d6"


def test_same_tiers_are_even_after_rerolls(capsys):
    assert main(["odds", "2d6", "2d6", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["exact"]["p_win"] == "1/2"


def test_plain_table(capsys):
    assert main(["odds", "2d8", "2d6", "--def-mod", "-1"]) == 0
    out = capsys.readouterr().out
    assert "the attacker rolls 2d8, the defender 2d4" in out
    assert "wins" in out and "fumbles" in out


@pytest.mark.parametrize("dice", [["2d7", "2d6"], ["2d6", "d6"], ["3d6", "2d6"]])
def test_bad_dice_exit_2_without_a_traceback(capsys, dice):
    assert main(["odds", *dice]) == 2
    captured = capsys.readouterr()
    assert "is not a dice tier" in captured.err and "Traceback" not in captured.err
