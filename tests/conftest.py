"""Shared fixtures: the project, and one full build per test session."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parent.parent


def run_sw28(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """Run the ``sw28`` command as a user would, capturing its output."""
    return subprocess.run([sys.executable, "-m", "sacredwire", *args], cwd=cwd,
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "200"})


def copy_project(destination: Path, content: Path | None = None) -> Path:
    """A copy of the project's content and templates (or of another content tree)."""
    shutil.copytree(content or PROJECT / "content", destination / "content")
    shutil.copytree(PROJECT / "templates", destination / "templates")
    shutil.copytree(PROJECT / "locales", destination / "locales")
    return destination


@pytest.fixture(scope="session")
def build_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every target in every language, built once for all the PDF tests."""
    out = tmp_path_factory.mktemp("build")
    result = run_sw28("build", "--lang", "all", "--out", str(out), cwd=PROJECT)
    assert result.returncode == 0, result.stdout + result.stderr
    return out
