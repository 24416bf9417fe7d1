"""A minimal project: it builds reproducibly, and bad input stops the build cleanly.

Bad input stops with ``file:line: message``, no traceback, no output touched: exit code 2 when
the content cannot be loaded, 1 when it loads but has findings (as ``sw28 check`` exits).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import PROJECT, copy_project, run_sw28

MINIMAL = PROJECT / "tests" / "roots" / "minimal" / "content"
PROSE = "content/core-rules/en/01-basics.md"
TABLES = "content/tables/core.yaml"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path, MINIMAL)


def _replace(project: Path, rel: str, old: str, new: str) -> None:
    path = project / rel
    text = path.read_text()
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1))


def test_minimal_project_builds(project: Path) -> None:
    result = run_sw28("build", "core-rules", cwd=project)
    assert result.returncode == 0, result.stderr
    assert (project / "build" / "en" / "press" / "core-rules.pdf").stat().st_size > 10_000


# (what, file, old text, new text, expected "file:line: message" prefix)
FAULTS = [
    ("malformed YAML", TABLES, "title: {en: Armor, es: Armadura}", "title: {en: Armor, es: Armadura",
     f"{TABLES}:4: error: malformed YAML"),
    ("unclosed block", PROSE, '"Ties go down."\n:::\n', '"Ties go down."\n\n## C1.2 Ties\n',
     f"{PROSE}:9: error: '::: quote' block is not closed"),
    ("unknown block", PROSE, "::: quote A Monk", "::: sidebar A Monk",
     f"{PROSE}:9: error: unknown or malformed block"),
    ("section without ID", PROSE, "## C1.2 Ties", "## Ties",
     f"{PROSE}:13: error: section heading without ID"),
    ("unknown table", PROSE, "{table:armor}", "{table:armour}",
     f"{PROSE}:7: error: unknown table armour"),
    ("duplicate table ID", TABLES, "tables:\n", "tables:\n  - id: armor\n    title: {en: A, es: A}\n"
     "    columns: []\n    rows: []\n", f"{TABLES}:6: error: duplicate table ID armor (other instance at {TABLES}:2)"),
    ("duplicate section ID", PROSE, "## C1.2 Ties", "## C1.1 Ties",
     f"{PROSE}:13: ID001 duplicate section ID C1.1 (other instance at {PROSE}:3)"),
    ("unknown key", TABLES, "    die: d4\n", "    die: d4\n    colour: red\n",
     f"{TABLES}:2: error: unknown key 'colour' in table"),
]


@pytest.mark.parametrize("what, rel, old, new, expected", FAULTS, ids=[f[0] for f in FAULTS])
def test_bad_input_stops_the_build(project: Path, what: str, rel: str, old: str, new: str,
                                   expected: str) -> None:
    # The last good PDF (any bytes will do) must survive the failed build.
    pdf = project / "build" / "en" / "press" / "core-rules.pdf"
    pdf.parent.mkdir(parents=True)
    good = b"%PDF-1.7 last good build"
    pdf.write_bytes(good)
    _replace(project, rel, old, new)
    result = run_sw28("build", "core-rules", cwd=project)
    # A finding has a code (ID001), an unloadable file says "error:".
    assert result.returncode == (2 if ": error: " in expected else 1), result.stderr
    assert expected in result.stderr
    assert "Traceback" not in result.stderr
    assert pdf.read_bytes() == good
    assert not list(pdf.parent.glob(".*.tmp"))


def test_same_sources_give_the_same_bytes(project: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    for out in (first, second):
        assert run_sw28("build", "core-rules", "--out", str(out), cwd=project).returncode == 0
    press = Path("en") / "press" / "core-rules.pdf"
    assert (first / press).read_bytes() == (second / press).read_bytes()


def test_text_past_the_margin_fails_the_build(project: Path) -> None:
    _replace(project, PROSE, "Roll two dice.", "Roll two dice: " + "0123456789" * 12 + ".")
    result = run_sw28("build", "core-rules", cwd=project)
    assert result.returncode == 1
    assert "en/core-rules: text runs past the page margin: p. 4:" in result.stderr
    assert not (project / "build" / "en" / "press" / "core-rules.pdf").exists()
