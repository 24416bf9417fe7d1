"""What each ``sw28`` command does, between parsed arguments and an exit code.

One module per command, named after it; :func:`register` imports the one
being run, or all of them.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console

if TYPE_CHECKING:
    from ..model import Rulebook

# The modules of the commands, each named after the one command it registers.
MODULES = ("build", "catalogs", "changes", "check", "mission", "odds", "preflight", "release", "serve", "squad",
           "translations")


def register(name: str | None) -> None:
    """Register the command ``name`` (importing its module alone), or every command when it names none.

    A command's module imports what it needs: registering only the one being
    run keeps the others' libraries out of its start-up.
    """
    for module in (name,) if name in MODULES else MODULES:
        importlib.import_module(f"{__name__}.{module}")


def load_project() -> tuple[Path, Rulebook]:
    """The project containing the current directory, loaded."""
    from ..load import find_project_root, load_rulebook

    root = find_project_root(Path.cwd())
    return root, load_rulebook(root)


def book_has_language(rulebook: Rulebook, lang: str, console: Console) -> bool:
    """Whether the book is written in ``lang``, for a command that works in one language; says so when not."""
    if lang in rulebook.meta.languages:
        return True
    console.print(f"error: no language {lang!r} (languages: {', '.join(rulebook.meta.languages)})", markup=False)
    return False
