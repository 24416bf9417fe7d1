"""``sw28 preflight``: check any PDF against a print or screen edition's requirements."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console

from ..cli import EXIT_FINDINGS, EXIT_OK, EXIT_UNLOADABLE, command
from ..model.settings import Length
from ..preflight import AUTO_PRODUCT, EDITIONS, PRODUCTS, PreflightReport, UnreadablePdf
from ..preflight.hostile import inspect_within_budget, read_file
from ..preflight.profiles import INK_LIMIT
from ..preflight.report import FORMATS, as_json, as_text


def length(text: str) -> float:
    """``3mm``, ``0.125in``, ``9pt`` or a bare number of millimetres, in points."""
    parsed = Length.parse(text, units=("mm", "in", "pt"), bare="mm")
    if parsed is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a length such as 3mm, 0.125in or 9pt")
    return parsed.pt


# What the default profile leaves out: "0 error(s)" under it says nothing about printing.
UNCHECKED_BY_ANY = ("trim and bleed boxes", "crop marks", "colour spaces and total ink", "text inside the safe margin",
                    "page count", "PDF/X conformance", "screen tags and bookmarks")


def profile_statement(edition: str) -> str:
    """The last line of a text report: the profile checked against, and what it did not check."""
    if edition == "any":
        return ("profile: any (no print or screen profile given): only a sound file was checked (fonts embedded, "
                "what a file declaring PDF/X promises); NOT checked: " + ", ".join(UNCHECKED_BY_ANY)
                + ". Name the destination with --edition pod, press, screen or home.")
    return f"profile: {edition}: every requirement of the {edition} edition was checked (see --help)"


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="PDF files to check (any PDF, not only ours)")
    parser.add_argument("--edition", choices=EDITIONS, default="any",
                        help="the requirements to check against (default any: facts and sound-file checks only)")
    parser.add_argument("--product", choices=(AUTO_PRODUCT, *PRODUCTS), default=AUTO_PRODUCT,
                        help="what the file is (default auto: 1-2 pages a cover, card-sized pages a card deck, "
                             "else a booklet); decides the page-count and trim-size rules")
    parser.add_argument("--format", choices=FORMATS, default="text",
                        help="text (default): facts page by page, then 'file:pN: severity CODE: message'; "
                             "json: one object with every file's pages and findings")
    parser.add_argument("--ink-limit", type=float, default=INK_LIMIT, metavar="PERCENT",
                        help=f"the highest total ink in pod and press (default {INK_LIMIT:g})")
    parser.add_argument("--safe-margin", type=length, default=None, metavar="LENGTH",
                        help="keep text this far inside the trim, e.g. 3mm or 0.125in "
                             "(default 0.125in in pod and press, unchecked elsewhere)")


@command(
    "preflight", help="check PDFs for print or screen: boxes, bleed, colour, ink, fonts, marks, PDF/X",
    description="Read each PDF and report page by page its boxes and bleed, colour spaces, highest total ink, "
                "smallest text and fonts, then every finding against the chosen edition's requirements "
                "(codes PF001-PF804, listed in the README). Works on any PDF, inside a project or not. "
                "Exit 0 when no errors (warnings allowed), 1 when any error, 2 when a file cannot be read.",
    configure=_arguments,
)
def preflight_command(args: argparse.Namespace, console: Console) -> int:
    reports: list[PreflightReport] = []
    unreadable: dict[str, str] = {}
    for name in args.files:
        try:
            # Any file may be hostile: regular files only, bounded in size, and checked within a budget.
            data = read_file(Path(name))
            reports.append(inspect_within_budget(data, name, edition=args.edition, product=args.product,
                                                 ink_limit=args.ink_limit, safe_margin=args.safe_margin))
        except UnreadablePdf as error:
            unreadable[name] = error.reason
    if args.format == "json":
        print(as_json(reports, unreadable), end="")
    else:
        print("".join(as_text(report, with_facts=not args.quiet) for report in reports), end="")
        # Quiet keeps only what is wrong: under the default profile, that nothing print-specific was checked.
        if reports and (not args.quiet or args.edition == "any"):
            print(profile_statement(args.edition))
    for name, reason in unreadable.items():
        console.print(f"{name}: error: {reason}", markup=False)
    if unreadable:
        return EXIT_UNLOADABLE
    return EXIT_FINDINGS if any(report.errors for report in reports) else EXIT_OK
