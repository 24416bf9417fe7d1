"""``sw28 build``: typeset the PDFs."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from rich.console import Console

from ..cli import EXIT_FINDINGS, EXIT_OK, EXIT_UNLOADABLE, command
from . import load_project


def _target_help() -> str:
    """What TARGET may be, from the output-kind registry."""
    from ..outputs import KINDS

    return "; ".join(kind.target_help for kind in KINDS.values()) + " (default: all)"


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("targets", nargs="*", metavar="TARGET",
                        help=_target_help())
    parser.add_argument("--lang", choices=["en", "es", "all"], default="en",
                        help="language to build (default: en)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="output folder (default: build/ in the project)")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="parallel layout processes (default: number of cores)")
    parser.add_argument("--paper", choices=["a4", "letter"], default="a4",
                        help="paper for the quick reference and the imposed card sheets (default: a4)")


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
    from ..outputs import KINDS, BuildOptions, all_targets

    root, rulebook = load_project()
    langs = list(rulebook.meta.languages) if args.lang == "all" else [args.lang]
    known = {target.name: target for target in all_targets(rulebook.meta)}
    unknown = [name for name in args.targets if name not in known]
    if unknown:
        console.print(f"error: unknown target {unknown[0]!r} (targets: {', '.join(known)})")
        return EXIT_UNLOADABLE
    targets = [known[name] for name in args.targets] or list(known.values())
    for target in targets:
        for lang in langs:
            why = KINDS[target.kind].missing(rulebook, target.name, lang)
            if why:
                console.print(f"error: {target.name} cannot be built in language {lang!r} ({why})")
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
                            options=BuildOptions(paper=args.paper))
    except BuildRefused as refused:
        for finding in refused.findings:
            console.print(str(finding), markup=False)
        console.print(f"build refused: {len(refused.findings)} error(s) in the content; nothing written "
                      f"(run 'sw28 check' for details)")
        return EXIT_UNLOADABLE
    except (BuildError, LayoutError) as error:
        console.print(f"build failed: {error}", markup=False)
        return EXIT_FINDINGS
    console.print(f"{len(written)} PDF(s) in {time.monotonic() - started:.1f} s")
    return EXIT_OK
