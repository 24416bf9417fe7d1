"""``sw28 build``: typeset the PDFs."""

from __future__ import annotations

import argparse
import tempfile
import time
from concurrent.futures import BrokenExecutor
from pathlib import Path

from rich.console import Console

from ..cli import EXIT_FINDINGS, EXIT_OK, EXIT_UNLOADABLE, command, positive_int
from ..fontsetup import isolate_fonts
from . import load_project


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("targets", nargs="*", metavar="TARGET",
                        help="core-rules, requisitions, inhuman-resources, campaign, missions, "
                             "quick-reference, cards (default: all)")
    parser.add_argument("--lang", choices=["en", "es", "all"], default="en",
                        help="language to build (default: en)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="output folder (default: build/ in the project)")
    parser.add_argument("--jobs", type=positive_int, default=None, metavar="N",
                        help="parallel layout processes (default: number of cores)")
    parser.add_argument("--paper", choices=["a4", "letter"], default="a4",
                        help="paper for the quick reference and the imposed card sheets (default: a4)")


def _unusable_folder(folder: Path) -> str | None:
    """Why PDFs cannot be written under ``folder`` (None when they can), found before any layout."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except FileExistsError:
        return "it is a file, not a folder"
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


@command(
    "build", help="typeset PDFs into build/<lang>/<target>.pdf",
    description="Typeset print-ready PDFs into <out>/<lang>/<target>.pdf. With no TARGET, builds every "
                "target. Booklets are laid out until their page references are stable, and every printed "
                "page reference is read back from the final PDFs before anything is written (every file "
                "is staged, then all are renamed into place: a failed build replaces no PDF). Unchanged "
                "documents come from the layout cache in <out>/.cache.",
    configure=_arguments,
)
def build_command(args: argparse.Namespace, console: Console) -> int:
    root, rulebook = load_project()
    out_dir = args.out or root / "build"
    unusable = _unusable_folder(out_dir)
    if unusable:
        console.print(f"error: cannot write to {out_dir}: {unusable}", markup=False)
        return EXIT_UNLOADABLE
    # Before WeasyPrint is imported (it reads the font configuration then).
    isolate_fonts(root, out_dir / ".cache")
    # Imported here: WeasyPrint takes a second to import, which the other
    # commands should not pay.
    from ..build import BuildError, BuildRefused, build
    from ..layout import LayoutError
    from ..layout.targets import all_targets, buildable
    from ..publish import PublishError

    langs = list(rulebook.meta.languages) if args.lang == "all" else [args.lang]
    known = {target.name: target for target in all_targets(rulebook.meta)}
    unknown = [name for name in args.targets if name not in known]
    if unknown:
        console.print(f"error: unknown target {unknown[0]!r} (targets: {', '.join(known)})")
        return EXIT_UNLOADABLE
    targets = [known[name] for name in args.targets] or list(known.values())
    for target in targets:
        for lang in langs:
            if not buildable(target, rulebook, lang):
                where = (f"content/{target.name}/{lang}/ is empty" if target.paginated
                         else f"it needs all five booklets in {lang!r}")
                console.print(f"error: {target.name} cannot be built in language {lang!r} ({where})")
                return EXIT_UNLOADABLE
    started = time.monotonic()
    try:
        with console.status("building…", spinner="dots") as status:
            def progress(message: str) -> None:
                status.update(message)
                if message.startswith("wrote"):
                    console.print(message, markup=False)

            written = build(rulebook, targets, langs, out_dir, progress=progress, workers=args.jobs,
                            options={"paper": args.paper})
    except BuildRefused as refused:
        for finding in refused.findings:
            console.print(str(finding), markup=False)
        console.print(f"build refused: {len(refused.findings)} error(s) in the content; nothing written "
                      f"(run 'sw28 check' for details)")
        return EXIT_UNLOADABLE
    except PublishError as error:
        console.print(f"error: {error}; no PDF was replaced", markup=False)
        return EXIT_UNLOADABLE
    except (BuildError, LayoutError) as error:
        console.print(f"build failed: {error}", markup=False)
        return EXIT_FINDINGS
    except RecursionError:
        # The checker refuses deep nesting (SAFE005); this guards what it cannot foresee.
        console.print("build failed: the document nests too deeply to lay out", markup=False)
        return EXIT_FINDINGS
    except BrokenExecutor:
        console.print("build failed: a layout process died (out of memory, or killed)", markup=False)
        return EXIT_FINDINGS
    console.print(f"{len(written)} PDF(s) in {time.monotonic() - started:.1f} s")
    return EXIT_OK
