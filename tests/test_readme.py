"""The README's tables of targets and editions are the registries' own."""

from __future__ import annotations

import subprocess
import sys

from conftest import PROJECT


def test_readme_tables_come_from_the_registries() -> None:
    result = subprocess.run([sys.executable, str(PROJECT / "scripts" / "readme_tables.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
