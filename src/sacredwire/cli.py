"""``sw28``: argument parsing and exit codes only.

Exit codes, the same in every command: 0 success; 1 findings (the checker's,
a build refused for them or failing its own verification, stale
translations, preflight errors); 2 the content cannot be loaded, a file or
revision cannot be read, or the command line is wrong.

Every command takes ``-q`` (errors only) and ``-v`` (every file written, every
step), and ``--lang`` where it has one defaults to every language of the book.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version

from rich.console import Console

from .diagnostics import ContentError
from .suggest import did_you_mean

EXIT_OK, EXIT_FINDINGS, EXIT_UNLOADABLE = 0, 1, 2
# The value of --lang that means every language of the book (its default everywhere).
ALL_LANGUAGES = "all"


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


class RegistryNames(Sequence[str]):
    """The names of a registry as an argument's choices, read from it only when a value is checked.

    Parsing a command line that does not name the choice (or names a valid
    one) then costs no import of the registry's modules.
    """

    def __init__(self, names: Callable[[], Sequence[str]]):
        self._read = names
        self._names: Sequence[str] | None = None

    def _all(self) -> Sequence[str]:
        if self._names is None:
            self._names = tuple(self._read())
        return self._names

    def __contains__(self, value: object) -> bool:
        return value in self._all()

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __getitem__(self, index):
        # Untyped: a Sequence's item access has two signatures (an index, a slice).
        return self._all()[index]


def help_later(parser: argparse.ArgumentParser, action: argparse.Action, text: Callable[[], str]) -> None:
    """Give ``action`` its help from ``text()`` when the help is printed, not when the parser is made.

    For help read from a registry (the targets, the editions), whose modules a
    command that only parses its line should not import.
    """
    if isinstance(parser, _Parser):
        parser.help_texts.append((action, text))
    else:
        action.help = text()


class _Parser(argparse.ArgumentParser):
    """An argument parser whose wrong choices (command, edition, format…) get a "did you mean …?"."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.help_texts: list[tuple[argparse.Action, Callable[[], str]]] = []

    def format_help(self) -> str:
        for action, text in self.help_texts:
            action.help = text()
        return super().format_help()

    def _check_value(self, action: argparse.Action, value: object) -> None:
        if action.choices is not None and value not in action.choices:
            known = ", ".join(map(str, action.choices))
            raise argparse.ArgumentError(action, f"invalid choice: {value!r} (choose from {known})"
                                                 f"{did_you_mean(value, action.choices)}")


def _version() -> str:
    try:
        return package_version("sacredwire")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


def _verbosity() -> _Parser:
    """The options every command shares: how much it says."""
    common = _Parser(add_help=False)
    group = common.add_mutually_exclusive_group()
    group.add_argument("-q", "--quiet", action="store_true",
                       help="say only what is wrong: errors and findings, no progress or summary")
    group.add_argument("-v", "--verbose", action="store_true",
                       help="say more: every file written and every step of the work")
    return common


def add_lang_argument(parser: argparse.ArgumentParser, what: str) -> None:
    """``--lang`` as every command has it: one language, or ``all`` (the default), the book's languages.

    The languages are the content's (:func:`chosen_languages` checks the name once it is loaded).
    """
    parser.add_argument("--lang", default=ALL_LANGUAGES, metavar="LANG",
                        help=f"{what}: a language of content/book.yaml, or all (the default)")


def chosen_languages(value: str, book_languages: Sequence[str]) -> list[str]:
    """The languages ``--lang value`` names, given the book's; :class:`UsageError` if the book has not it."""
    if value == ALL_LANGUAGES:
        return list(book_languages)
    if value not in book_languages:
        from .languages import known_codes

        # Any language with an entry may be what was meant ("ES" for es), the book's first.
        candidates = [*book_languages, *(code for code in known_codes() if code not in book_languages)]
        raise UsageError(f"--lang {value!r} is not a language of content/book.yaml "
                         f"(languages: {', '.join(book_languages)}){did_you_mean(value, candidates)}")
    return [value]


class UsageError(Exception):
    """The command line asks for something the project does not have: exit 2 with the message."""


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="sw28",
        description="Build and check the Sacred Wire 28 rulebooks from the single source in content/. "
                    "Works on the project containing the current directory.",
        epilog="Exit codes: 0 success, 1 findings or a failed build, 2 content that cannot be loaded "
               "or a wrong command line. Run 'sw28 COMMAND --help' for each command.",
    )
    parser.add_argument("--version", action="version", version=f"sw28 {_version()}",
                        help="print the version of sw28 and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    common = _verbosity()
    for registered in COMMANDS.values():
        registered.configure(subparsers.add_parser(registered.name, help=registered.help, parents=[common],
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


def _chosen_command(argv: Sequence[str]) -> str | None:
    """The command an argument list names: its first word that is not an option.

    The only options before the command (``-h``, ``--version``) take no value,
    so that word is the command whenever there is one.
    """
    return next((word for word in argv if not word.startswith("-")), None)


def main(argv: Sequence[str] | None = None) -> int:
    from .commands import register

    argv = list(sys.argv[1:] if argv is None else argv)
    # Only the command being run is imported (each pulls in its own libraries: the typesetter, the
    # rules engine, the PDF readers); all of them when the line names none, to list them.
    register(_chosen_command(argv))
    args = _parser().parse_args(argv)
    # Not a terminal (CI logs, pipes): never wrap, so every error stays one
    # 'file:line: message' line that tools can parse.
    console = Console(stderr=True, highlight=False, soft_wrap=not _stderr_is_terminal())
    try:
        return COMMANDS[args.command].run(args, console)
    except ContentError as error:
        console.print(f"{error.location}: error: {error.message}", markup=False)
        return EXIT_UNLOADABLE
    except UsageError as error:
        console.print(f"error: {error}", markup=False)
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

