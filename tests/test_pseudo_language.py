"""Pseudo-localization: the book in a language a third longer than English, accented, each string marked.

``tests/pseudo.py`` makes the language (``qps``) from the English content and
catalog. These tests check the generator and that the pseudo-language is a
language like any other: its entry, catalog, sections and texts load and pass
every check a build runs.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from conftest import run_sw28

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pseudo import CLOSE, CODE, OPEN, markdown, string, words  # noqa: E402


def test_a_string_is_accented_about_a_third_longer_and_marked_at_both_ends() -> None:
    english = "Roll two dice and keep the higher one"
    pseudo = string(english)
    assert pseudo.startswith(OPEN) and pseudo.endswith(CLOSE)
    inner = pseudo[len(OPEN):-len(CLOSE)]
    assert not re.search(r"[aeiouAEIOU]", inner)
    # Its words a third longer, the marks included: what the layout must hold.
    assert 1.3 <= len(pseudo) / len(english) <= 1.5


def test_fields_references_placeholders_and_markup_are_left_as_they_are() -> None:
    text = "**Move** {$claims.move}\" to {C4.7}, %(page)s <!-- note --> `code` {table:armor}"
    pseudo = words(text)
    for piece in ("**", "{$claims.move}", "{C4.7}", "%(page)s", "<!-- note -->", "`code`", "{table:armor}"):
        assert piece in pseudo


def test_a_section_keeps_its_ids_and_each_paragraph_is_marked_once() -> None:
    source = "## C1.1 Dice {from=1234abcd}\n\nRoll two dice,\nthen {=C1.2}.\n\n{table:armor}\n\n- One\n- Two\n"
    lines = markdown(source).split("\n")
    assert lines[0].startswith("## C1.1 ") and "{from=" not in lines[0] and OPEN not in lines[0]
    assert lines[2].startswith(OPEN) and not lines[2].endswith(CLOSE)
    assert lines[3] == "thééñ {=C1.2}." + CLOSE
    assert lines[5] == "{table:armor}"
    assert lines[7] == f"- {OPEN}ÓÓñé{CLOSE}" and lines[8].startswith(f"- {OPEN}")


def test_the_pseudo_language_passes_every_check_a_build_runs(pseudo_project_dir: Path) -> None:
    pseudo_project = pseudo_project_dir
    result = run_sw28("check", "--format", "json", cwd=pseudo_project)
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr, result.stderr
    import json

    findings = json.loads(result.stdout)["findings"]
    # A worked example ties each number to whom it belongs through the words that name them (EX007):
    # the pseudo-language marks a table's name and accents a person's, so its prose cannot name them
    # as its data does. That check is the one a pseudo-language cannot pass; every other must.
    # For the same reason a table row's words in the pseudo-language do not say what its structured cells
    # hold in the entry's patterns (EX005, "the qps ... does not say"): the marks stand inside the words.
    unnamed = [finding for finding in findings if finding["code"] == "EX007"]
    assert unnamed and all(finding["file"].split("/")[2] == CODE for finding in unnamed)
    unsaid = [finding for finding in findings if finding["code"] == "EX005" and f" {CODE} " in finding["message"]
              and ("not say" in finding["message"])]
    errors = [finding for finding in findings if finding["severity"] == "error"
              and finding not in unnamed and finding not in unsaid]
    assert not errors, errors[:10]
    # Every booklet has its pseudo text, and the language is the book's.
    for booklet in ("core-rules", "requisitions", "inhuman-resources", "campaign", "missions"):
        assert list((pseudo_project / "content" / booklet / CODE).glob("*.md"))
    assert CODE in (pseudo_project / "content" / "book.yaml").read_text(encoding="utf-8")
