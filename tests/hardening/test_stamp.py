"""``sw28 translations --stamp`` rewrites only translation files of the project, byte for byte otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import BOOK, PROSE, edit

ES = "content/core-rules/es/01-basics.md"


@pytest.fixture
def bilingual(project: Path) -> Path:
    edit(project, BOOK, "languages: [en]", "languages: [en, es]")
    (project / ES).parent.mkdir()
    (project / ES).write_bytes((project / PROSE).read_bytes().replace(b"\n", b"\r\n"))
    return project


def test_stamp_keeps_crlf_line_endings(bilingual: Path, sw28) -> None:
    before = (bilingual / ES).read_bytes()
    outcome = sw28("translations", "--stamp", "--whole-file", ES, cwd=bilingual)
    assert outcome.code == 0, outcome.lines
    after = (bilingual / ES).read_bytes()
    assert after != before and b"{from=" in after
    assert after.count(b"\r\n") == before.count(b"\r\n") and b"\n" not in after.replace(b"\r\n", b"")


def test_english_sources_are_never_stamped(bilingual: Path, sw28) -> None:
    english = (bilingual / PROSE).read_bytes()
    for args in (["--lang", "en", "--stamp"], ["--stamp", PROSE]):
        outcome = sw28("translations", *args, cwd=bilingual)
        assert outcome.code == 2 and outcome.err.startswith("error: "), outcome.lines
    assert (bilingual / PROSE).read_bytes() == english


def test_files_outside_the_project_are_never_stamped(bilingual: Path, sw28, tmp_path: Path) -> None:
    outside = tmp_path / "outside.md"
    outside.write_text("## C1.1 Dados\n")
    link = bilingual / "content/core-rules/es/02-link.md"
    for given in (str(outside), "../outside.md", "content/core-rules/es/missing.md"):
        outcome = sw28("translations", "--stamp", given, cwd=bilingual)
        assert outcome.code == 2 and "Traceback" not in outcome.err, outcome.lines
    link.symlink_to(outside)
    outcome = sw28("translations", "--stamp", cwd=bilingual)
    assert outcome.code == 2 and outcome.err.startswith("content/core-rules/es/02-link.md:1: error:")
    assert outside.read_text() == "## C1.1 Dados\n"
