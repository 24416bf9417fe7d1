"""The Missions booklet states its rule numbers once: changed in content/, they reach both languages.

A copy of the content gets a new zone radius for Control (a parameter of
``content/rules.yaml``) and a fourth signal marker for Triangulation (a cell of
the mission table), in the copy the other rule-number tests change too
(tests/changed_numbers.py); it still checks clean, and the Missions booklet, English
and Spanish, prints the new values wherever the prose states them. A number
typed back by hand into the Missions prose is a NUM001 finding at its file and
line, in each language.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import PROJECT, copy_content, pdf_words, replace_once

from sacredwire.check import run_checks
from sacredwire.example_text import FieldRef
from sacredwire.load import load_rulebook
from sacredwire.rule_fields import show_rule_field

LANGS = ("en", "es")




@pytest.fixture(scope="module")
def changed(changed_numbers_build: Path) -> Path:
    """The session's build of the changed copy (tests/changed_numbers.py)."""
    return changed_numbers_build


# What each language's Control and Triangulation say, with the value in its place.
CONTROL = {"en": ["The zone is everything within {}″ of the board center",
                  "The zone is fixed: a {}″ radius around the board center",
                  "count each side’s models within {}″ of the center"],
           "es": ["La zona es todo lo que está a {}″ del centro del tablero",
                  "La zona es fija: un radio de {}″ alrededor del centro del tablero",
                  "cuenta las miniaturas de cada bando a {}″ del centro"]}
TRIANGULATION = {"en": ["{} signal markers.", "if the winner holds all {} markers"],
                 "es": ["{} marcadores de señal.", "si el vencedor tiene los {} marcadores"]}


@pytest.mark.parametrize("lang", LANGS)
def test_a_changed_parameter_reaches_the_missions_prose(changed: Path, lang: str) -> None:
    booklet = pdf_words(changed / lang / "screen/missions.pdf")
    assert CONTROL[lang]
    for sentence in CONTROL[lang]:
        assert sentence.format(5) in booklet and sentence.format(3) not in booklet, sentence


@pytest.mark.parametrize("lang", LANGS)
def test_a_changed_table_cell_reaches_the_missions_prose_and_the_table(changed: Path, lang: str) -> None:
    booklet = pdf_words(changed / lang / "screen/missions.pdf")
    assert TRIANGULATION[lang]
    for sentence in TRIANGULATION[lang]:
        assert sentence.format(4) in booklet and sentence.format(3) not in booklet, sentence
    # The mission table's row prints the cell too: roll 7, the name, the goal, then the markers and the rules ID.
    assert re.search(r"\b4 M2\.7\b", booklet) and not re.search(r"\b3 M2\.7\b", booklet)


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_size_in_feet_prints_in_inches_with_an_inch_mark(changed: Path, lang: str) -> None:
    booklet = pdf_words(changed / lang / "screen/missions.pdf")
    assert {"en": "The diagrams show the 24″ board", "es": "el tablero de 24″ visto desde arriba"}[lang] in booklet


# A hand-typed number planted in each language's Missions prose: (file, field it replaces, what replaces it).
PLANTED = [
    ("content/missions/en/02-the-missions.md", 'everything within {$rule.M2.4.zone_radius}" of it.',
     'everything within 3" of it.', "M2.4 (en): '3' is typed by hand"),
    ("content/missions/es/02-the-missions.md", 'todo lo que está a {$rule.M2.4.zone_radius}" de ella.',
     'todo lo que está a 3" de ella.', "M2.4 (es): '3' is typed by hand"),
    ("content/missions/en/03-finale.md", "The Extractor picks {$rule.M3.2.carriers:word} of its models",
     "The Extractor picks one of its models", "M3.2 (en): 'one' is typed by hand"),
    ("content/missions/es/03-finale.md", "El Extractor elige {$rule.M3.2.carriers:wordf} de sus miniaturas",
     "El Extractor elige dos de sus miniaturas", "M3.2 (es): 'dos' is typed by hand"),
]


@pytest.mark.parametrize("rel, field, typed, message", PLANTED, ids=[f"{p[0].split('/')[2]}-{p[3][:4]}" for p in PLANTED])
def test_a_number_typed_in_missions_prose_is_a_finding_at_its_line(tmp_path: Path, rel: str, field: str,
                                                                   typed: str, message: str) -> None:
    copy_content(tmp_path)
    path = tmp_path / rel
    text = path.read_text(encoding="utf-8")
    assert text.count(field) == 1, f"{field!r} is no longer once in {rel}: update this planted number"
    line = text[:text.index(field)].count("\n") + 1
    path.write_text(text.replace(field, typed), encoding="utf-8")
    found = [finding for finding in run_checks(load_rulebook(tmp_path)) if finding.code == "NUM001"]
    assert [(f.location.file, f.location.line) for f in found if message in f.message] == [(rel, line)], \
        [str(finding) for finding in found]


def test_half_a_move_prints_from_its_divisor_and_a_divisor_with_no_word_is_a_finding(tmp_path: Path) -> None:
    rulebook = load_rulebook(PROJECT)
    carry = FieldRef("rule.M2.1.carry_move", "fraction")
    assert (show_rule_field(carry, rulebook, "en"), show_rule_field(carry, rulebook, "es")) == ("half", "mitad")
    copy_content(tmp_path)
    replace_once(tmp_path / "content/rules.yaml", "    carry_move: {value: 2,", "    carry_move: {value: 5,")
    found = [finding for finding in run_checks(load_rulebook(tmp_path)) if finding.code == "NUM002"]
    # The field stands twice in each language's Extraction: in the Carry action and in the summary.
    assert len(found) == 4 and all("the fraction format prints a share with words" in f.message for f in found), \
        [str(finding) for finding in found]
    assert {f.location.file for f in found} == {"content/missions/en/02-the-missions.md",
                                                "content/missions/es/02-the-missions.md"}


def test_the_board_in_inches_prints_from_its_size_in_feet_and_only_a_length_in_feet_takes_inches(
        tmp_path: Path) -> None:
    board = FieldRef("rule.C1.8.board_size", "inches")
    assert show_rule_field(board, load_rulebook(PROJECT), "en") == "24"
    copy_content(tmp_path)
    replace_once(tmp_path / "content/missions/es/01-playing-a-mission.md", "{$rule.C1.8.board_size:inches}",
             "{$rule.K1.2.objective_clearance:inches}")
    replace_once(tmp_path / "content/rules.yaml", "    board_size: {value: 2,", "    board_size: {value: 3,")
    rulebook = load_rulebook(tmp_path)
    assert show_rule_field(board, rulebook, "es") == "36"
    found = [finding for finding in run_checks(rulebook) if finding.code == "NUM002"]
    assert [(f.location.file, "inches format" in f.message) for f in found] == [
        ("content/missions/es/01-playing-a-mission.md", True)], [str(finding) for finding in found]
