"""What each ``sw28`` command does, between parsed arguments and an exit code.

One module per command; importing this package registers them all.
"""

from __future__ import annotations

from pathlib import Path

from ..load import find_project_root, load_rulebook
from ..model import Rulebook


def load_project() -> tuple[Path, Rulebook]:
    """The project containing the current directory, loaded."""
    root = find_project_root(Path.cwd())
    return root, load_rulebook(root)


from . import build, catalogs, changes, check, mission, odds, preflight, release, serve, squad, translations  # noqa: E402,F401
