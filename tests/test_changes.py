"""``sw28 changes`` and the errata sheet, on a small project kept in a temporary git repository.

Each test commits a content tree, tags it ``v0.1``, edits it as a designer
would, and reads what the command reports.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project, run_sw28
from pypdf import PdfReader

from sacredwire.changes import word_edits
from sacredwire.load import load_rulebook
from sacredwire.render import RenderContext, render
from sacredwire.render.booklet import change_bars_option
from sacredwire.render.pages import PageMap

ROOTS = PROJECT / "tests" / "roots"
EN, ES = "content/core-rules/en/01-basics.md", "content/core-rules/es/01-basics.md"
TABLES, GLOSSARY = "content/tables/core.yaml", "content/glossary.yaml"


def git(cwd: Path, *args: str) -> str:
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True)
    return result.stdout


def _replace(project: Path, rel: str, old: str, new: str) -> None:
    path = project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _repository(tmp_path: Path, root: str, folder: str = "project") -> Path:
    """A project from ``tests/roots/<root>`` whose content is committed and tagged v0.1.

    ``folder`` is where the project sits: the repository is its first part.
    """
    project = copy_project(tmp_path / folder, ROOTS / root / "content")
    repository = tmp_path / Path(folder).parts[0]
    git(repository, "init", "-q", "-b", "main")
    git(repository, "config", "user.name", "Designer")
    git(repository, "config", "user.email", "designer@example.com")
    git(repository, "add", "--", str(project / "content"))
    git(repository, "commit", "-q", "-m", "Version 0.1")
    git(repository, "tag", "v0.1")
    return project


@pytest.fixture
def edited(tmp_path: Path) -> Path:
    """check-clean at v0.1, then: a table value, a sentence, a section ID, a Spanish section,
    a glossary term, and a paragraph re-wrapped without changing a word."""
    project = _repository(tmp_path, "check-clean")
    _replace(project, TABLES, "save: 2d6}", "save: 2d8}")
    _replace(project, EN, "Lower DT wins ties", "Higher DT wins ties")
    _replace(project, EN, "## C1.3 Cover", "## C1.4 Cover")
    _replace(project, ES, "Un modelo tras un muro", "Una miniatura tras un muro")
    _replace(project, GLOSSARY, "en: Heavy,", "en: Ponderous,")
    _replace(project, EN, "Roll 2d6 and add them. A model within 3\" of an enemy is Engaged;",
             "Roll 2d6 and add them.\nA model within 3\"   of an enemy\nis Engaged;")
    return project


def _changes(project: Path, *args: str) -> dict:
    result = run_sw28("changes", *args, "--format", "json", cwd=project)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_each_change_is_named_by_rule_id(edited: Path) -> None:
    report = _changes(edited, "v0.1")
    assert (report["from"], report["to"], report["langs"]) == ("v0.1", "working-tree", ["en", "es"])
    summary = [(c["type"], c.get("kind"), c["lang"], c["rule_id"]) for c in report["changes"]]
    # The re-wrapped paragraph (C1.1 en) is not a change; its table is.
    assert summary == [
        ("table", "changed", "en", "C1.1"),
        ("section", "changed", "en", "C1.2"),
        ("section", "moved", "en", "C1.4"),
        ("table", "changed", "es", "C1.1"),
        ("translation-pending", None, "es", "C1.2"),
        ("section", "changed", "es", "C1.3"),
        ("translation-pending", None, "es", "C1.4"),
    ]
    table_en, ties, cover, table_es, pending, cobertura, missing = report["changes"]
    # One row changed, named by its column, in each language's words; the renamed
    # term in the Tier column is reported once, as a term, not in every row.
    assert table_en["rows"] == [{"kind": "changed", "name": "Plate", "key": "plate",
                                 "cells": [{"column": "Save", "old": "2d6", "new": "2d8"}]}]
    assert table_es["rows"][0]["name"] == "Placas"
    assert table_es["rows"][0]["cells"] == [{"column": "Salvación", "old": "2d6", "new": "2d8"}]
    assert ties["title"] == "Ties"
    assert [(e["old"], e["new"]) for e in ties["edits"]] == [("Lower", "Higher")]
    assert (cover["old_id"], cover["title"], cover["edits"]) == ("C1.3", "Cover", [])
    assert (pending["title"], pending["missing"]) == ("Empates", False)
    assert [(e["old"], e["new"]) for e in cobertura["edits"]] == [("Un modelo", "Una miniatura")]
    assert missing["missing"] is True
    assert report["terms"] == [{"type": "term", "kind": "renamed", "lang": "en", "key": "heavy",
                                "old": "Heavy", "new": "Ponderous"}]


def test_one_language_and_text_output(edited: Path) -> None:
    assert {c["lang"] for c in _changes(edited, "v0.1", "--lang", "es")["changes"]} == {"es"}
    result = run_sw28("changes", cwd=edited)  # FROM defaults to the latest release tag
    assert result.returncode == 0, result.stderr
    assert "Changes from v0.1 to working-tree" in result.stdout
    assert "Plate (C1.1): Save 2d6 → 2d8" in result.stdout
    assert "C1.4 Cover: moved (was C1.3; same text)" in result.stdout
    assert "[-Lower-] {+Higher+} DT wins ties" in result.stdout
    assert "heavy: renamed Heavy → Ponderous" in result.stdout


def test_two_revisions_and_whitespace_only_commits(edited: Path) -> None:
    git(edited, "commit", "-q", "-a", "-m", "Version 0.2")
    git(edited, "tag", "v0.2")
    assert len(_changes(edited, "v0.1", "v0.2")["changes"]) == 7
    # Re-wrapping every paragraph of a file is not a change.
    path = edited / EN
    path.write_text(path.read_text(encoding="utf-8").replace(". ", ".\n"), encoding="utf-8")
    assert _changes(edited, "v0.2")["changes"] == []


def test_project_in_a_sub_folder_of_its_repository(tmp_path: Path) -> None:
    project = _repository(tmp_path, "check-clean", "repository/games/sw28")
    _replace(project, EN, "Lower DT wins ties", "Higher DT wins ties")
    report = _changes(project / "content" / "core-rules", "--lang", "en")
    assert [(c["kind"], c["rule_id"]) for c in report["changes"]] == [("changed", "C1.2")]
    git(project, "commit", "-q", "-a", "-m", "Version 0.2")
    assert _changes(project, "v0.1", "HEAD", "--lang", "en")["changes"] == report["changes"]


def test_word_edits_keep_context() -> None:
    assert [(e.before, e.old, e.new, e.after) for e in word_edits(
        "one two three four five six seven", "one two three FOUR five six seven")] == [
        ("one two three", "four", "FOUR", "five six seven")]
    assert word_edits("a  b\nc", "a b c") == ()
    long = word_edits("start end", "start " + "word " * 100 + "end")
    assert long[0].new == "word " * 29 + "…"


def test_unknown_revision_missing_git_and_no_repository(edited: Path, tmp_path: Path) -> None:
    result = run_sw28("changes", "v9.9", cwd=edited)
    assert result.returncode == 2
    assert "unknown revision 'v9.9'" in result.stderr and "git fetch --tags --unshallow" in result.stderr
    assert "Traceback" not in result.stderr
    # The interpreter by its full path, with a PATH that has no git on it.
    no_git = subprocess.run([sys.executable, "-m", "sacredwire", "changes", "v0.1"], cwd=edited,
                            capture_output=True, text=True,
                            env={**os.environ, "PATH": str(tmp_path / "empty"), "COLUMNS": "200"})
    assert no_git.returncode == 2 and "'git' command is not installed" in no_git.stderr
    shutil.rmtree(edited / ".git")
    result = run_sw28("changes", "v0.1", cwd=edited)
    assert result.returncode == 2 and "is not inside a git repository" in result.stderr
    assert "Traceback" not in result.stderr


def test_shallow_clone(edited: Path, tmp_path: Path) -> None:
    git(edited, "commit", "-q", "-a", "-m", "Version 0.2")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--depth", "1", f"file://{edited}", str(clone))
    shutil.copytree(edited / "templates", clone / "templates")
    result = run_sw28("changes", "v0.1", cwd=clone)
    assert result.returncode == 2 and "shallow clone" in result.stderr
    git(clone, "fetch", "-q", "--depth", "1", "origin", "tag", "v0.1")
    assert len(_changes(clone, "v0.1")["changes"]) == 7


def test_change_bars_mark_only_changed_sections(tmp_path: Path) -> None:
    rulebook = load_rulebook(copy_project(tmp_path, ROOTS / "minimal" / "content"))
    plain = render("booklet", RenderContext(rulebook, "en", PageMap()), booklet_key="core-rules")
    assert "changed" not in plain
    marked = render("booklet", RenderContext(rulebook, "en", PageMap(), {change_bars_option("en"): "C1.2"}),
                    booklet_key="core-rules")
    assert marked.count('<section class="rule changed">') == 1
    assert marked.index('<section class="rule changed">') < marked.index('id="sec-C1-2"')
    assert marked.index('<section class="rule">') < marked.index('id="sec-C1-1"')


def test_errata_sheet_cites_the_new_pages(tmp_path: Path) -> None:
    project = _repository(tmp_path, "minimal")
    # Enough new text in C1.1 to push C1.2 onto the next page, and a changed sentence in C1.2.
    _replace(project, EN, "Roll two dice. See {C1.2}.",
             "\n\n".join(["Roll two dice. See {C1.2}."] + ["Players take turns and roll again. " * 12] * 8))
    _replace(project, EN, "Lower DT wins ties", "Higher DT wins ties")
    _replace(project, TABLES, '- {key: two, roll: "2-4", tier: heavy}',
             '- {key: two, roll: "2-3", tier: heavy}\n      - {key: three, roll: 4, tier: heavy}')
    out = tmp_path / "out"
    result = run_sw28("build", "core-rules", "errata", "--from", "v0.1", "--changes-since", "v0.1",
                      "--out", str(out), cwd=project)
    assert result.returncode == 0, result.stderr
    # Change-barred files are for review, never in the release paths.
    assert not (out / "en").exists()
    out = out / "review" / "changes-since-v0.1"
    booklet = PdfReader(out / "en" / "screen" / "core-rules.pdf")
    page_of = {name: booklet.get_destination_page_number(dest) + 1
               for name, dest in booklet.named_destinations.items()}
    assert page_of["sec-C1-2"] > page_of["sec-C1-1"]
    sheet = out / "en" / "errata-v0.1-0.9.0-beta.pdf"
    reader = PdfReader(sheet)
    box = reader.pages[0].mediabox
    assert (round(float(box.width) * 25.4 / 72), round(float(box.height) * 25.4 / 72)) == (148, 210)
    text = subprocess.run(["pdftotext", "-layout", str(sheet), "-"], capture_output=True, text=True,
                          check=True).stdout
    lines = [" ".join(line.split()) for line in text.splitlines()]
    assert f"C1.1 Dice p. {page_of['sec-C1-1']}" in lines
    assert f"C1.2 Ties p. {page_of['sec-C1-2']}" in lines
    assert f"C1.1 Table: Armor p. {page_of['tbl-armor']}" in lines
    # A changed section is given whole, with its references rendered and no source markup.
    assert f"Higher DT wins ties, as Dice (C1.1, p. {page_of['sec-C1-1']}) says." in lines
    assert not any("{C1" in line or "###" in line for line in lines)
    assert "Heavy: d4 2-4 → 2-3" in lines and "Heavy: row added" in lines
    assert "Changes from v0.1 to 0.9.0-beta" in lines
    fonts = subprocess.run(["pdffonts", str(sheet)], capture_output=True, text=True, check=True).stdout
    assert all(f"SW-{family}" in fonts for family in ("Display", "Sans", "Serif"))
    notes = (out / "en" / "errata-v0.1-0.9.0-beta.md").read_text(encoding="utf-8")
    assert f"- **C1.2** Ties: Changed (p.\u00a0{page_of['sec-C1-2']})" in notes
    assert f"  > Higher DT wins ties, as Dice (C1.1, p. {page_of['sec-C1-1']}) says." in notes
    assert "{C1" not in notes and "###" not in notes


def test_the_spanish_errata_speak_spanish_and_keep_their_names(edited: Path, tmp_path: Path) -> None:
    for to in ((), ("--to", "HEAD")):
        if to:
            git(edited, "add", "-A")
            git(edited, "commit", "-q", "-m", "edits")
        out = tmp_path / ("out-to" if to else "out")
        result = run_sw28("build", "errata", "--from", "v0.1", *to, "--out", str(out), cwd=edited)
        assert result.returncode == 0, result.stderr
        # One name, with --to or without: the version the content declares.
        assert sorted(path.name for path in (out / "es").glob("errata-*")) == [
            "errata-v0.1-0.9.0-beta.md", "errata-v0.1-0.9.0-beta.pdf"]
    notes = (out / "es" / "errata-v0.1-0.9.0-beta.md").read_text(encoding="utf-8")
    assert "Fe de erratas" in notes and ": Cambiado" in notes, notes
    assert "changed" not in notes and "added" not in notes


def test_errata_needs_from_and_the_released_content(edited: Path) -> None:
    result = run_sw28("build", "errata", cwd=edited)
    assert result.returncode == 2 and "needs --from" in result.stderr
    result = run_sw28("build", "errata", "--from", "v0.1", "--to", "v0.1", cwd=edited)
    assert result.returncode == 2 and "differs from 'v0.1'" in result.stderr
    assert not (edited / "build").exists()


@pytest.mark.parametrize("target", ["/etc/hostname", "../../../outside", "01-basics.md"])
def test_a_symbolic_link_in_a_revision_is_named_not_followed(tmp_path: Path, target: str) -> None:
    project = _repository(tmp_path, "check-clean")
    link = project / "content" / "core-rules" / "en" / "99-link.md"
    link.symlink_to(target)
    git(project, "add", "--", str(link))
    git(project, "commit", "-q", "-m", "A link")
    git(project, "tag", "v0.2")
    link.unlink()
    result = run_sw28("changes", "v0.1", "v0.2", cwd=project)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("v0.2:content/core-rules/en/99-link.md:1: error: a symbolic link"), result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr
