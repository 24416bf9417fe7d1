"""What each ``sw28`` command does, between parsed arguments and an exit code.

One module per command; importing this package registers them all.
"""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from ..load import find_project_root, load_rulebook
from ..model import Rulebook


def load_project() -> tuple[Path, Rulebook]:
    """The project containing the current directory, loaded."""
    root = find_project_root(Path.cwd())
    return root, load_rulebook(root)


def book_has_language(rulebook: Rulebook, lang: str, console: Console) -> bool:
    """Whether the book is written in ``lang``, for a command that works in one language; says so when not."""
    if lang in rulebook.meta.languages:
        return True
    console.print(f"error: no language {lang!r} (languages: {', '.join(rulebook.meta.languages)})", markup=False)
    return False


from . import build, catalogs, changes, check, mission, odds, preflight, release, serve, squad, translations  # noqa: E402,F401
