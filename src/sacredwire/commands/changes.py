"""``sw28 changes``: what changed between two versions, by rule ID."""

from __future__ import annotations

import argparse

from rich.console import Console

from ..changes import FORMATTERS, GitError, changes_between, latest_release_tag
from ..cli import EXIT_OK, EXIT_UNLOADABLE, add_lang_argument, chosen_languages, command
from . import load_project


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("from_rev", nargs="?", metavar="FROM",
                        help="git revision of the old version (default: the latest release tag, v*)")
    parser.add_argument("to_rev", nargs="?", metavar="TO",
                        help="git revision of the new version (default: the content on disk)")
    add_lang_argument(parser, "language to compare")
    parser.add_argument("--format", choices=list(FORMATTERS), default="text",
                        help="text (default), markdown (release notes) or json")


@command(
    "changes", help="list what changed between two versions, by rule ID",
    description="Compare the content at two git revisions (default: the latest release tag and the "
                "content on disk) and list, per booklet and rule ID, the sections added, removed, moved "
                "and changed (with a word-level diff), table rows added, removed and changed (old -> new "
                "value by column), worked examples changed, glossary terms renamed, and translated "
                "sections whose English changed but whose translation did not. Whitespace and "
                "line-wrapping are not changes. Needs the git command line.",
    configure=_arguments,
)
def changes_command(args: argparse.Namespace, console: Console) -> int:
    root, rulebook = load_project()
    langs = chosen_languages(args.lang, rulebook.meta.languages)
    try:
        from_rev = args.from_rev or latest_release_tag(root)
        change_set = changes_between(root, from_rev, args.to_rev, langs, current=rulebook)
    except GitError as error:
        console.print(f"error: {error}", markup=False)
        return EXIT_UNLOADABLE
    print(FORMATTERS[args.format](change_set, rulebook.meta), end="")
    return EXIT_OK
