"""``sw28``: argument parsing and exit codes only.

Exit codes: 0 success; 1 the content has findings (``check``) or the build
failed its own verification; 2 the content cannot be loaded or the command
line is wrong.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console

from .diagnostics import ContentError

EXIT_OK, EXIT_FINDINGS, EXIT_UNLOADABLE = 0, 1, 2

COMMANDS: dict[str, Callable[[argparse.Namespace, Console], int]] = {}


def command(name: str):
    def register(function):
        COMMANDS[name] = function
        return function

    return register


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sw28",
        description="Build and check the Sacred Wire 28 rulebooks from the single source in content/. "
                    "Works on the project containing the current directory.",
        epilog="Exit codes: 0 success, 1 findings or a failed build, 2 content that cannot be loaded "
               "or a wrong command line. Run 'sw28 COMMAND --help' for each command.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    build = commands.add_parser(
        "build", help="typeset PDFs into build/<lang>/<target>.pdf",
        description="Typeset print-ready PDFs. With no TARGET, builds every target. Booklets are laid "
                    "out until their page references are stable, and every printed page reference is "
                    "read back from the final PDFs before anything is written (temporary file, then "
                    "rename: a failed build never replaces a good PDF).",
    )
    build.add_argument("targets", nargs="*", metavar="TARGET",
                       help="core-rules, requisitions, inhuman-resources, campaign, missions, "
                            "quick-reference, cards (default: all)")
    build.add_argument("--lang", choices=["en", "es", "all"], default="en",
                       help="language to build (default: en)")
    build.add_argument("--out", type=Path, default=None, metavar="DIR",
                       help="output folder (default: build/ in the project)")
    build.add_argument("--jobs", type=int, default=None, metavar="N",
                       help="parallel layout processes (default: number of cores)")
    build.add_argument("--paper", choices=["a4", "letter"], default="a4",
                       help="paper for the quick reference and the imposed card sheets (default: a4)")

    check = commands.add_parser(
        "check", help="check the content: references, IDs, tables, languages, worked examples",
        description="Check the whole content tree in both languages and report every finding as "
                    "'file:line: CODE message'. Exit 0 when clean, 1 when an error is found (or any "
                    "warning with --strict), 2 when the content cannot be loaded.",
    )
    check.add_argument("--format", choices=["text", "json", "github"], default="text",
                       help="text (default), json, or github (Actions annotations)")
    check.add_argument("--strict", action="store_true", help="treat warnings as errors")

    for name, (help_text, configure) in sorted(EXTRA_COMMANDS.items()):
        configure(commands.add_parser(name, help=help_text, description=help_text))
    return parser


# name -> (help, function that adds the command's arguments); the command's
# behaviour registers itself with @command.
EXTRA_COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None]]] = {}


def main(argv: Sequence[str] | None = None) -> int:
    from . import commands  # noqa: F401  (registers the commands)

    args = _parser().parse_args(argv)
    console = Console(stderr=True, highlight=False)
    try:
        return COMMANDS[args.command](args, console)
    except ContentError as error:
        console.print(f"{error.location}: error: {error.message}", markup=False)
        return EXIT_UNLOADABLE
    except KeyboardInterrupt:
        console.print("interrupted")
        return 130


if __name__ == "__main__":
    sys.exit(main())
