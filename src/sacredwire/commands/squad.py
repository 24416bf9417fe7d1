"""``sw28 squad``: check a squad file against the rules and print what each model costs and rolls."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console

from ..cli import EXIT_FINDINGS, EXIT_OK, EXIT_UNLOADABLE, command
from ..engine_adapter import rules_from_tables
from ..kit.squad import SquadChecker, SquadReport, read_squad
from ..languages import language
from . import book_has_language, load_project


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE.yaml",
                        help="squad files (format: 'Squad files' in README.md)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default): findings as 'file:line: message; see Rule (ID, Vol., p.)', then "
                             "the summary of a valid squad; json: one object per file in a list")
    parser.add_argument("--lang", default="en", help="the language of names and rule titles (default: en)")
    parser.add_argument("--pdf", metavar="OUT.pdf", type=Path, default=None,
                        help="print a valid squad (one FILE): OUT.pdf is the roster sheet, OUT-cards.pdf the "
                             "model cards with bleed and crop marks for a print shop, OUT-sheets.pdf the same "
                             "cards 3 x 3 for a home printer")
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4",
                        help="the home card sheets' paper (default: a4)")


def summary_text(report: SquadReport, lang: str) -> str:
    """A valid squad as a player reads it: each model's cost, dice, Move and Health, then the total."""
    # The attributes' names in ``lang``: its language entry's ``attributes``.
    labels = language(lang).attributes
    lines = [f"{report.name or report.file}: {report.spent} of {report.budget} subs spent, {report.remaining} left"]
    for model in report.models:
        dice = ", ".join(f"{labels[key]} {value}" for key, value in model.dice.items())
        lines.append(f"  {model.name} ({model.contract_name}): {model.cost} subs, {model.remaining} left after; "
                     f"{dice}; Move {model.move}\", Health {model.health}")
        for weapon in model.weapons:
            lines.append(f"    {weapon.name}: {weapon.damage}" + (f" ({weapon.special})" if weapon.special else ""))
        carried = model.armor + model.consumables + model.gear + model.implants
        if carried:
            lines.append(f"    {', '.join(carried)}")
        if model.powers:
            lines.append(f"    Powers: {', '.join(model.powers)}")
    if report.campaign is not None:
        lines.append(f"  Evidence {report.campaign['evidence']}, Leads {report.campaign['leads']}")
    return "\n".join(lines)


@command(
    "squad", help="check a squad file against the squad rules and print its costs and stats",
    description="Check each squad file against the squad-building rules (C2), reading every cost and "
                "restriction from the tables: model count and one Boss, arrays, budget, weapon access, armor "
                "limits, contract limits, the free Power, campaign-only items, Merits, Promotions, Injuries "
                "and Evidence. Exit 0 when every squad is valid, 1 when one breaks a rule, 2 when a file "
                "cannot be read as a squad file.",
    configure=_arguments,
)
def squad_command(args: argparse.Namespace, console: Console) -> int:
    _, rulebook = load_project()
    if not book_has_language(rulebook, args.lang, console):
        return EXIT_UNLOADABLE
    checker = SquadChecker(rulebook, rules_from_tables(rulebook), args.lang)
    reports = [read_squad(Path(name), name, checker) for name in args.files]
    if args.pdf is not None and len(reports) != 1:
        console.print("error: --pdf prints one squad: give one FILE", markup=False)
        return EXIT_UNLOADABLE
    if args.format == "json":
        print(json.dumps([report.as_json() for report in reports], indent=2, ensure_ascii=False))
    else:
        for report in reports:
            for finding in report.findings:
                print(finding.text(checker.index))
            if not report.findings:
                print(summary_text(report, args.lang))
    if any(report.findings for report in reports):
        return EXIT_FINDINGS
    if args.pdf is not None:
        from ..kit.squad_pdf import squad_pdfs

        printed = squad_pdfs(checker, reports[0], args.paper)
        stem = args.pdf.with_suffix("")
        for path, data in ((args.pdf, printed.roster), (Path(f"{stem}-cards.pdf"), printed.cards),
                           (Path(f"{stem}-sheets.pdf"), printed.sheets)):
            path.write_bytes(data)
            console.print(f"wrote {path}", markup=False)
    return EXIT_OK
