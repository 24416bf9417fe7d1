"""``sw28 catalogs``: extract the template strings and merge them into every language's catalog."""

from __future__ import annotations

import argparse

from rich.console import Console

from ..catalogs import update_catalogs
from ..check import run_checks
from ..cli import EXIT_FINDINGS, EXIT_OK, command
from . import load_project


@command(
    "catalogs", help="extract the template strings into locales/ and merge them into every catalog",
    description="Extract every string the templates and the renderer print into locales/messages.pot and "
                "merge it into locales/<lang>/LC_MESSAGES/messages.po for every translation language of "
                "content/book.yaml (new strings empty, changed ones marked fuzzy, obsolete ones dropped). "
                "The headers come from content/book.yaml (version, author, release date), so running it "
                "twice changes nothing. Then lists what is left to translate (exit 1 while anything is).",
)
def catalogs_command(args: argparse.Namespace, console: Console) -> int:
    root, rulebook = load_project()
    for written in update_catalogs(root, rulebook.meta):
        if written.changed and not args.quiet:
            console.print(f"updated {written.path}", markup=False)
    left = run_checks(rulebook, families=("catalogs",))
    for finding in left:
        print(f"{finding}")
    if not args.quiet:
        console.print(f"{len(left)} template string(s) to translate" if left
                      else "every template string is translated", markup=False)
    return EXIT_FINDINGS if left else EXIT_OK
