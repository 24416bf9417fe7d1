"""Helpers for the hardening tests: a tmp copy of the minimal project, and sw28 run in-process."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project

from sacredwire.cli import main

MINIMAL = PROJECT / "tests" / "roots" / "minimal" / "content"
PROSE = "content/core-rules/en/01-basics.md"
BOOK = "content/book.yaml"
TABLES = "content/tables/core.yaml"
GLOSSARY = "content/glossary.yaml"
# Every line sw28 writes about content starts with where: "path:line: ".
LOCATED = re.compile(r"^[^\s:][^:]*:\d+: ")


@dataclass
class Outcome:
    code: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return [line for line in (self.out + self.err).splitlines() if line.strip()]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "project", MINIMAL)


@pytest.fixture
def sw28(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture):
    """Run ``sw28 ARGS`` in-process in ``cwd``; no traceback may escape."""

    def run(*args: str, cwd: Path) -> Outcome:
        monkeypatch.chdir(cwd)
        try:
            code = main(list(args))
        except SystemExit as exit_:  # argparse
            code = exit_.code
        captured = capsys.readouterr()
        assert "Traceback" not in captured.err + captured.out
        return Outcome(code, captured.out, captured.err)

    return run


def edit(project: Path, rel: str, old: str, new: str) -> None:
    """Replace ``old`` (which must be there) by ``new`` in one file of ``project``."""
    path = project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
