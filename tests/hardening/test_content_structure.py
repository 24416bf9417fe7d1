"""Content whose structure would silently lose text: a block never closed, summaries with no layout."""

from __future__ import annotations

from pathlib import Path

from .conftest import PROSE, edit


def test_an_unclosed_block_is_a_finding_at_its_line(project: Path, sw28) -> None:
    # The quote's closing line moved down past a sub-heading: the quote swallows the heading and its text.
    edit(project, PROSE, '"Ties go down."\n:::\n', '"Ties go down."\n\n### Aside\n\nMore text.\n\n:::\n')
    outcome = sw28("check", cwd=project)
    assert outcome.code == 1, outcome.lines
    assert any(line.startswith(f"{PROSE}:9: SAFE009 '::: quote' block is not closed") for line in outcome.lines), \
        outcome.lines


def test_summaries_without_the_quick_reference_layout_are_a_finding(project: Path, sw28) -> None:
    assert not (project / "content" / "quick-reference.yaml").exists()
    assert sw28("check", cwd=project).code == 0  # no summary: no quick reference wanted
    edit(project, PROSE, "Lower DT wins ties", "::: summary\nLower DT wins.\n:::\n\nLower DT wins ties")
    outcome = sw28("check", cwd=project)
    assert outcome.code == 1, outcome.lines
    assert any(line.startswith("content/quick-reference.yaml:1: QREF002 missing: 1 section(s) have a "
                               "'::: summary' block") for line in outcome.lines), outcome.lines
