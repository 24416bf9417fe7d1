"""``sw28 build``: typeset the PDFs."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from rich.console import Console

from ..cli import EXIT_FINDINGS, EXIT_OK, EXIT_UNLOADABLE, command
from ..model import Rulebook
from . import load_project


# The web edition, built by default with the PDFs (``sw28 build web`` alone).
WEB_TARGET = "web"


def _write_site(rulebook: Rulebook, langs: list[str], out_dir: Path, checked: bool) -> int:
    """Write the web edition under ``<out>/web/``; the number of files written.

    ``checked``: the PDF build has already refused content with errors; the
    site alone passes the same gate first.
    """
    from ..build import BUILD_CHECKS, BuildRefused
    from ..check import errors_in, run_checks
    from ..layout import write_atomically
    from ..web import make_site

    if not checked:
        errors = errors_in(run_checks(rulebook, families=BUILD_CHECKS))
        if errors:
            raise BuildRefused(errors)
    files = make_site(rulebook, langs)
    site_dir = out_dir / WEB_TARGET
    for path, data in files.items():
        write_atomically(site_dir / path, data)
    # The site is one piece: a page of a renamed rule ID must not linger.
    written = {site_dir / path for path in files}
    for stale in sorted(site_dir.rglob("*"), reverse=True):
        if stale.is_file() and stale not in written:
            stale.unlink()
        elif stale.is_dir() and not any(stale.iterdir()):
            stale.rmdir()
    return len(files)


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("targets", nargs="*", metavar="TARGET",
                        help="core-rules, requisitions, inhuman-resources, campaign, missions, "
                             "quick-reference, cards, web (default: all)")
    parser.add_argument("--lang", choices=["en", "es", "all"], default="en",
                        help="language to build (default: en)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="output folder (default: build/ in the project)")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="parallel layout processes (default: number of cores)")
    parser.add_argument("--paper", choices=["a4", "letter"], default="a4",
                        help="paper for the quick reference and the imposed card sheets (default: a4)")


@command(
    "build", help="typeset PDFs into build/<lang>/<target>.pdf and the site into build/web/",
    description="Typeset print-ready PDFs into <out>/<lang>/<target>.pdf and the web edition into "
                "<out>/web/ (target 'web'). With no TARGET, builds every target. Booklets are laid out "
                "until their page references are stable, and every printed "
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
    with_site = not args.targets or WEB_TARGET in args.targets
    pdf_names = [name for name in args.targets if name != WEB_TARGET]
    unknown = [name for name in pdf_names if name not in known]
    if unknown:
        console.print(f"error: unknown target {unknown[0]!r} (targets: {', '.join([*known, WEB_TARGET])})")
        return EXIT_UNLOADABLE
    targets = [known[name] for name in pdf_names] if args.targets else list(known.values())
    for target in targets:
        for lang in langs:
            if not buildable(target, rulebook, lang):
                where = (f"content/{target.name}/{lang}/ is empty" if target.paginated
                         else f"it needs all five booklets in {lang!r}")
                console.print(f"error: {target.name} cannot be built in language {lang!r} ({where})")
                return EXIT_UNLOADABLE
    for lang in langs if with_site else []:
        if not any(key_lang == lang for _, key_lang in rulebook.booklets):
            console.print(f"error: {WEB_TARGET} cannot be built in language {lang!r} (no booklet has {lang} text)")
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
                            options={"paper": args.paper}) if targets else []
            if with_site:
                status.update("writing the web edition…")
                site_files = _write_site(rulebook, langs, out_dir, checked=bool(targets))
                console.print(f"wrote {out_dir / WEB_TARGET} ({site_files} files)", markup=False)
    except BuildRefused as refused:
        for finding in refused.findings:
            console.print(str(finding), markup=False)
        console.print(f"build refused: {len(refused.findings)} error(s) in the content; nothing written "
                      f"(run 'sw28 check' for details)")
        return EXIT_UNLOADABLE
    except (BuildError, LayoutError) as error:
        console.print(f"build failed: {error}", markup=False)
        return EXIT_FINDINGS
    made = ([f"{len(written)} PDF(s)"] if targets else []) + (["the web edition"] if with_site else [])
    console.print(f"{' and '.join(made)} in {time.monotonic() - started:.1f} s")
    return EXIT_OK
