"""``sw28 check``: every finding in the content, in text, JSON or GitHub form."""

from __future__ import annotations

import argparse

from rich.console import Console

from ..check import errors_in, run_checks
from ..check.examples import verify_examples
from ..check.numbers import number_tally
from ..cli import EXIT_FINDINGS, EXIT_OK, command
from ..report import FORMATS, ExampleTally, report, summary
from . import load_project


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=FORMATS, default="text",
                        help="text (default): 'file:line: CODE message' and a summary; json: one object "
                             "with 'findings' and 'examples'; github: Actions annotations")
    parser.add_argument("--strict", action="store_true", help="fail on warnings (stale translations) too")


@command(
    "check", help="check the content: references, IDs, tables, languages, worked examples",
    description="Check the whole content tree in both languages and report every finding as "
                "'file:line: CODE message', sorted by place (the codes are listed in content/README.md). "
                "Exit 0 when clean, 1 when an error is found (or any warning with --strict), 2 when the "
                "content cannot be loaded.",
    configure=_arguments,
)
def check_command(args: argparse.Namespace, console: Console) -> int:
    _, rulebook = load_project()
    findings = run_checks(rulebook)
    outcomes = verify_examples(rulebook)
    passed = sum(1 for outcome in outcomes if outcome.passed)
    examples = ExampleTally(passed=passed, failed=len(outcomes) - passed)
    numbers = number_tally(rulebook)
    print(report(findings, args.format, examples, numbers), end="")
    if args.format == "github":
        # Annotations carry no totals; the log still shows them.
        console.print(summary(findings, examples, numbers), markup=False)
    failing = findings if args.strict else errors_in(findings)
    return EXIT_FINDINGS if failing else EXIT_OK
