"""``sw28 build``: typeset the PDFs."""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path

from rich.console import Console

from ..changes import ChangeSet, GitError, changes_between
from ..cli import EXIT_FINDINGS, EXIT_OK, EXIT_UNLOADABLE, command
from ..model import Rulebook
from ..render.booklet import change_bars_option
from . import load_project


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("targets", nargs="*", metavar="TARGET",
                        help="core-rules, requisitions, inhuman-resources, campaign, missions, "
                             "quick-reference, cards (default: all), errata (with --from)")
    parser.add_argument("--lang", choices=["en", "es", "all"], default="en",
                        help="language to build (default: en)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="output folder (default: build/ in the project)")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="parallel layout processes (default: number of cores)")
    parser.add_argument("--paper", choices=["a4", "letter"], default="a4",
                        help="paper for the quick reference and the imposed card sheets (default: a4)")
    parser.add_argument("--from", dest="from_rev", metavar="REV",
                        help="with the target errata: the git revision of the previous version")
    parser.add_argument("--to", dest="to_rev", metavar="REV",
                        help="with errata: the revision being released; it must hold the content on disk, "
                             "whose pages the sheet cites (default: the content on disk)")
    parser.add_argument("--changes-since", metavar="REV",
                        help="mark sections changed since this git revision with a bar in the margin")


ERRATA_TARGET = "errata"


class _NotReleased(Exception):
    """The content on disk is not the revision the errata sheet is said to be for."""


def _changes(args: argparse.Namespace, root: Path, rulebook: Rulebook,
             langs: list[str]) -> tuple[ChangeSet | None, dict[str, str]]:
    """The errata's change set (target errata) and the change-bar options (--changes-since)."""
    errata = None
    if args.from_rev:
        if args.to_rev:
            # The sheet cites the pages of the booklets built from the content on
            # disk, so the revision being released must be that content.
            drift = changes_between(root, args.to_rev, None, langs, current=rulebook)
            if drift:
                raise _NotReleased(f"the content on disk differs from {args.to_rev!r}, whose pages the errata "
                               f"would cite: check out {args.to_rev} first (see 'sw28 changes {args.to_rev}')")
        errata = changes_between(root, args.from_rev, None, langs, current=rulebook)
        # Named as released: the tag, or else the version the content declares.
        errata = replace(errata, to_label=args.to_rev or rulebook.meta.version)
    options = {}
    if args.changes_since:
        since = changes_between(root, args.changes_since, None, langs, current=rulebook)
        options = {change_bars_option(lang): ",".join(sorted(map(str, since.changed_sections(lang))))
                   for lang in langs}
    return errata, options


@command(
    "build", help="typeset PDFs into build/<lang>/<target>.pdf",
    description="Typeset print-ready PDFs into <out>/<lang>/<target>.pdf. With no TARGET, builds every "
                "target. Booklets are laid out until their page references are stable, and every printed "
                "page reference is read back from the final PDFs before anything is written (temporary "
                "file, then rename: a failed build never replaces a good PDF). Unchanged documents come "
                "from the layout cache in <out>/.cache.",
    configure=_arguments,
)
def build_command(args: argparse.Namespace, console: Console) -> int:
    # Imported here: WeasyPrint takes a second to import, which the other
    # commands should not pay.
    from ..build import BuildError, BuildRefused, build
    from ..layout import LayoutError
    from ..layout.targets import all_targets, buildable

    root, rulebook = load_project()
    langs = list(rulebook.meta.languages) if args.lang == "all" else [args.lang]
    known = {target.name: target for target in all_targets(rulebook.meta)}
    unknown = [name for name in args.targets if name not in known and name != ERRATA_TARGET]
    if unknown:
        console.print(f"error: unknown target {unknown[0]!r} (targets: {', '.join(known)}, {ERRATA_TARGET})")
        return EXIT_UNLOADABLE
    if (ERRATA_TARGET in args.targets) != bool(args.from_rev) or (args.to_rev and not args.from_rev):
        console.print("error: the errata target needs --from REV, and --from/--to are only for errata")
        return EXIT_UNLOADABLE
    try:
        errata, options = _changes(args, root, rulebook, langs)
    except (GitError, _NotReleased) as error:
        console.print(f"error: {error}", markup=False)
        return EXIT_UNLOADABLE
    named = [known[name] for name in args.targets if name != ERRATA_TARGET]
    targets = named if errata is not None else named or list(known.values())
    for target in targets:
        for lang in langs:
            if not buildable(target, rulebook, lang):
                where = (f"content/{target.name}/{lang}/ is empty" if target.paginated
                         else f"it needs all five booklets in {lang!r}")
                console.print(f"error: {target.name} cannot be built in language {lang!r} ({where})")
                return EXIT_UNLOADABLE
    out_dir = args.out or root / "build"
    started = time.monotonic()
    try:
        with console.status("building…", spinner="dots") as status:
            def progress(message: str) -> None:
                status.update(message)
                if message.startswith("wrote"):
                    console.print(message, markup=False)

            written = build(rulebook, targets, langs, out_dir, progress=progress, workers=args.jobs,
                            options={"paper": args.paper, **options}, errata=errata)
    except BuildRefused as refused:
        for finding in refused.findings:
            console.print(str(finding), markup=False)
        console.print(f"build refused: {len(refused.findings)} error(s) in the content; nothing written "
                      f"(run 'sw28 check' for details)")
        return EXIT_UNLOADABLE
    except (BuildError, LayoutError) as error:
        console.print(f"build failed: {error}", markup=False)
        return EXIT_FINDINGS
    console.print(f"{len(written)} file(s) in {time.monotonic() - started:.1f} s")
    return EXIT_OK
