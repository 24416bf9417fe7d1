"""``sw28 check``: every finding in the content, in text, JSON or GitHub form."""

from __future__ import annotations

import argparse

from rich.console import Console

from ..check import errors_in, run_checks
from ..cli import EXIT_FINDINGS, EXIT_OK, command
from ..report import report
from . import load_project


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=["text", "json", "github"], default="text",
                        help="text (default), json, or github (Actions annotations)")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")


@command(
    "check", help="check the content: references, IDs, tables, languages, worked examples",
    description="Check the whole content tree in both languages and report every finding as "
                "'file:line: CODE message'. Exit 0 when clean, 1 when an error is found (or any "
                "warning with --strict), 2 when the content cannot be loaded.",
    configure=_arguments,
)
def check_command(args: argparse.Namespace, console: Console) -> int:
    _, rulebook = load_project()
    findings = run_checks(rulebook)
    print(report(findings, args.format), end="")
    failing = findings if args.strict else errors_in(findings)
    return EXIT_FINDINGS if failing else EXIT_OK

