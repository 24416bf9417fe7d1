"""Loading and checking stay linear in the size of the content: a long hostile
line costs proportionally more time, never quadratically more."""

from __future__ import annotations

import time
from pathlib import Path

from conftest import copy_project

from sacredwire.check import run_checks
from sacredwire.load import load_rulebook

from .conftest import MINIMAL, PROSE, edit

# References, typos, image alt text and raw HTML on one line: each check's worst case.
UNIT = "![a {C1.1} b](#x) {c1.1} {C1.1} <b>x</b> *y* "


def _seconds(tmp_path: Path, repeats: int) -> float:
    project = copy_project(tmp_path / str(repeats), MINIMAL)
    edit(project, PROSE, "Roll two dice.", "Roll " + UNIT * repeats)
    started = time.perf_counter()
    findings = run_checks(load_rulebook(project))
    elapsed = time.perf_counter() - started
    assert len(findings) >= repeats  # every typo is found
    return elapsed


def test_a_long_line_costs_linear_time(tmp_path: Path) -> None:
    _seconds(tmp_path, 100)  # warm up: parser, fonts
    small, large = _seconds(tmp_path, 1000), _seconds(tmp_path, 8000)
    # Linear would be 8 times; quadratic 64. The margin absorbs a busy machine.
    assert large < 24 * small + 0.5, (small, large)
