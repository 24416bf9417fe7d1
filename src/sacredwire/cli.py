"""``sw28``: argument parsing and exit codes only.

Exit codes: 0 success; 1 the content has findings (``check``) or the build
failed its own verification; 2 the content cannot be loaded or the command
line is wrong.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console

from .diagnostics import ContentError

EXIT_OK, EXIT_FINDINGS, EXIT_UNLOADABLE = 0, 1, 2



@dataclass(frozen=True)
class Command:
    name: str
    help: str
    description: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Console], int]


COMMANDS: dict[str, Command] = {}


def command(name: str, help: str, description: str,
            configure: Callable[[argparse.ArgumentParser], None] = lambda parser: None):
    """Register ``run(args, console) -> exit code`` as the sub-command ``name``."""

    def register(run):
        COMMANDS[name] = Command(name, help, description, configure, run)
        return run

    return register


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sw28",
        description="Build and check the Sacred Wire 28 rulebooks from the single source in content/. "
                    "Works on the project containing the current directory.",
        epilog="Exit codes: 0 success, 1 findings or a failed build, 2 content that cannot be loaded "
               "or a wrong command line. Run 'sw28 COMMAND --help' for each command.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for registered in COMMANDS.values():
        registered.configure(subparsers.add_parser(registered.name, help=registered.help,
                                                   description=registered.description))
    return parser


def _stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    from . import commands  # noqa: F401  (registers the commands)

    args = _parser().parse_args(argv)
    # Not a terminal (CI logs, pipes): never wrap, so every error stays one
    # 'file:line: message' line that tools can parse.
    console = Console(stderr=True, highlight=False, soft_wrap=not _stderr_is_terminal())
    try:
        return COMMANDS[args.command].run(args, console)
    except ContentError as error:
        console.print(f"{error.location}: error: {error.message}", markup=False)
        return EXIT_UNLOADABLE
    except OSError as error:
        # The machine, not the content: a full disk, a folder that vanished mid-build.
        console.print(f"error: {error.strerror or error}"
                      + (f": {error.filename}" if error.filename else ""), markup=False)
        return EXIT_UNLOADABLE
    except KeyboardInterrupt:
        console.print("interrupted")
        return 130
    except Exception as error:  # noqa: BLE001  (a fault of sw28 itself: one line, never a traceback)
        if os.environ.get("SW28_TRACEBACK"):
            raise
        console.print(f"internal error: {type(error).__name__}: {error} "
                      f"(a fault in sw28, not in the content; SW28_TRACEBACK=1 shows where)", markup=False)
        return EXIT_FINDINGS

