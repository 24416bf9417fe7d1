"""Where the project is: the folder holding ``content/book.yaml``.

Its own module, light to import: a command finds its project before it
decides whether to load the content at all (a build whose record is current
never does).
"""

from __future__ import annotations

from pathlib import Path

from .diagnostics import ContentError, Location

CONTENT_DIR = "content"


def find_project_root(start: Path) -> Path:
    """The nearest folder at or above ``start`` holding ``content/book.yaml``."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / CONTENT_DIR / "book.yaml").is_file():
            return folder
    raise ContentError(Location(str(start), 0),
                       "not inside a Sacred Wire 28 project (no content/book.yaml here or above)")
