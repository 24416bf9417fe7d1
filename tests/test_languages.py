"""Languages are data: each language the book declares has a complete entry in content/languages/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project, run_sw28

from sacredwire.diagnostics import ContentError
from sacredwire.engine_adapter import adapt_rules
from sacredwire.load import load_rulebook
from sacredwire.load._languages import read_languages
from sacredwire.model.language import LINE_BREAK_NORMS
from sacredwire.render._typography import LINE_BREAK_RULES

ENTRY = "content/languages/es.yaml"


def _line_of(text: str, key: str) -> int:
    """The 1-based line where ``key:`` starts (at any indentation)."""
    lines = text.splitlines()
    found = [number for number, line in enumerate(lines, 1) if re.match(rf"\s*{key}:", line)]
    assert len(found) == 1, (key, found)
    return found[0]


def _first_key_line(text: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if re.match(r"[a-z_]+:", line))


def _drop(text: str, key: str) -> str:
    """``text`` without the line of ``key`` (and the lines indented under it)."""
    lines = text.splitlines(keepends=True)
    start = _line_of(text, key) - 1
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = start + 1
    while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > indent
                                or lines[end].lstrip().startswith("- ")):
        end += 1
    return "".join(lines[:start] + lines[end:])


@pytest.mark.parametrize("key, where", [
    ("quotes", "entry"),
    ("tag", "entry"),
    ("stated", "entry"),
    ("list_and", "numbers"),
    ("volume", "references"),
    ("pronouns", "numbers"),
    ("fractions", "numbers"),
    ("examples", "entry"),
    ("owner_after", "examples"),
    ("attributes", "entry"),
])
def test_a_missing_field_of_a_language_entry_is_a_load_error_naming_it(tmp_path: Path, key: str,
                                                                       where: str) -> None:
    project = copy_project(tmp_path)
    path = project / ENTRY
    text = path.read_text(encoding="utf-8")
    if key == "volume":  # a flow mapping: drop the one key from it
        edited = text.replace(', volume: "vol."', "")
        assert edited != text
    else:
        edited = _drop(text, key)
    path.write_text(edited, encoding="utf-8")
    # The line of the mapping the field is missing from: the entry's first key, or its block's.
    line = _first_key_line(edited) if where == "entry" else _line_of(edited, where) + (where in ("numbers", "examples"))

    result = run_sw28("check", cwd=project)

    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert f"{ENTRY}:{line}:" in result.stderr, result.stderr
    assert f"has no '{key}'" in result.stderr, result.stderr


def test_an_outcome_with_no_word_is_a_load_error_naming_the_file_and_the_outcome(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    path = project / ENTRY
    text = path.read_text(encoding="utf-8")
    edited = text.replace(", at_feet: pifia}", "}")
    assert edited != text
    path.write_text(edited, encoding="utf-8")

    result = run_sw28("check", cwd=project)

    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert f"{ENTRY}:{_line_of(edited, 'outcomes') + 1}:" in result.stderr, result.stderr
    assert f"outcomes throw of {ENTRY} has no word for 'at_feet'" in result.stderr, result.stderr


def test_a_declared_language_with_no_entry_is_an_error_at_the_book(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    (project / ENTRY).unlink()

    with pytest.raises(ContentError, match=r"language 'es' has no entry: write content/languages/es.yaml") as error:
        load_rulebook(project)
    assert error.value.location.file == "content/book.yaml"


def test_a_tag_that_picks_another_hyphenation_dictionary_is_refused(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    path = project / "content/languages/en.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("tag: en-US", "tag: en"), encoding="utf-8")

    with pytest.raises(ContentError, match=r"the tag 'en' selects the hyphenation dictionary 'en', not 'en_US'"):
        load_rulebook(project)


def test_the_project_entries_load_with_what_each_module_reads() -> None:
    entries = read_languages(PROJECT)
    assert list(entries) == ["en", "es"]
    english, spanish = entries["en"], entries["es"]
    assert (english.name, english.tag, english.hyphenation_dictionary) == ("English", "en-US", "en_US")
    assert spanish.quotes[0] == ("\u00ab", "\u00bb")
    assert spanish.references.page == "pág." and english.references.volume == "Vol."
    assert spanish.numbers.words[21 - 1] == "veinte" and spanish.numbers.before_feminine[1] == "una"
    assert "severance" in english.hyphenation.keep
    assert english.examples.outcomes["hits"][False] == "misses" and spanish.examples.outcomes["holds"]["flees"] == "falla"
    assert spanish.numbers.pronouns == ("cada uno", "cada una") and spanish.attributes["wits"] == "Astucia"
    assert spanish.references.pattern().fullmatch("(C4.7, vol. 2, pág. 14)")
    assert not english.references.pattern().search("(C4.7, pág. 14)")


def test_every_line_break_norm_an_entry_may_name_is_one_the_typesetter_has() -> None:
    assert set(LINE_BREAK_NORMS) == set(LINE_BREAK_RULES)


def test_the_faces_a_special_re_rolls_are_read_with_each_language_s_entry(tmp_path: Path) -> None:
    """"Repite los 1 y 3" typed by hand where the cell and the English say 1s and 2s: the Spanish entry's
    pattern reads it."""
    project = copy_project(tmp_path)
    path = project / "content/tables/requisitions-armor.yaml"
    text = path.read_text(encoding="utf-8")
    spanish = 'es: "Repite los {$rule.A2.reroll_low} y {$table.medium-armor.reinforced-plating.defense_reroll} en Defensa"'
    assert text.count(spanish) == 1
    path.write_text(text.replace(spanish, 'es: "Repite los {$rule.A2.reroll_low} y 3 en Defensa"'), encoding="utf-8")

    problems = adapt_rules(load_rulebook(project)).problems

    assert [problem.message for problem in problems] == [
        "table medium-armor, row reinforced-plating: defense_reroll is 2 but the es special "
        "'Repite los 1 y 3 en Defensa' re-rolls 3"]
