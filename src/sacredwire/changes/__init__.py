"""What changed in the content between two versions, by rule ID.

Both versions are loaded with the project's own loader (an old one from a
temporary copy of ``content/`` at a git revision) and their models compared:
sections by rule ID, tables by table, row and column, worked examples by ID,
glossary terms by key.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..load import load_rulebook
from ..model import Rulebook
from ._compare import compare, normalised, word_edits
from ._format import FORMATTERS, as_json, as_markdown, as_text, edit_text
from ._git import GitError, commits_touching, latest_release_tag, load_revision
from .model import ChangeSet, Kind

__all__ = ["ChangeSet", "GitError", "Kind", "FORMATTERS", "WORKING_TREE", "as_json", "as_markdown",
           "as_text", "changes_between", "commits_touching", "compare", "edit_text", "latest_release_tag",
           "load_revision", "normalised", "word_edits"]

# How the content on disk (not a commit) is named in reports and file names.
WORKING_TREE = "working-tree"


def changes_between(root: Path, from_rev: str, to_rev: str | None, langs: Sequence[str],
                    current: Rulebook | None = None) -> ChangeSet:
    """Changes from ``from_rev`` to ``to_rev`` (None: the content on disk, or ``current`` if loaded)."""
    old = load_revision(root, from_rev)
    if to_rev is None:
        new = current if current is not None else load_rulebook(root)
    else:
        new = load_revision(root, to_rev)
    return compare(old, new, langs, from_rev, to_rev or WORKING_TREE)
