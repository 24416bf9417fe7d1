"""``sw28 build``: typeset the PDFs."""

from __future__ import annotations

import argparse
import re
import tempfile
import time
from concurrent.futures import BrokenExecutor
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console

from ..build_record import BUILD_FOLDER, BuildRecord, inputs_digest
from ..cli import (
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_UNLOADABLE,
    RegistryNames,
    add_lang_argument,
    chosen_languages,
    command,
    help_later,
    positive_int,
)
from ..project import find_project_root
from ..suggest import did_you_mean

# The rest is imported where it is used: a build with nothing to do (its record is current) loads no
# content and imports neither the typesetter nor the editions.
if TYPE_CHECKING:
    from ..changes import ChangeSet
    from ..model import Rulebook


def _target_help() -> str:
    """What TARGET may be, from the output-kind registry."""
    from ..outputs import KINDS

    return "; ".join(kind.target_help for kind in KINDS.values()) + " (default: all)"


def _edition_names() -> list[str]:
    from ..editions import EDITIONS

    return [*EDITIONS, "all"]


def _edition_help() -> str:
    from ..editions import EDITIONS

    return "; ".join(f"{name}: {edition.description}" for name, edition in EDITIONS.items()) + " (default: all)"


def _arguments(parser: argparse.ArgumentParser) -> None:
    help_later(parser, parser.add_argument("targets", nargs="*", metavar="TARGET"), _target_help)
    add_lang_argument(parser, "language to build")
    parser.add_argument("--out", type=_out_folder, default=None, metavar="DIR",
                        help="output folder (default: build/ in the project)")
    parser.add_argument("--jobs", type=positive_int, default=None, metavar="N",
                        help="parallel layout processes (default: number of cores)")
    parser.add_argument("--paper", choices=["a4", "letter"], default="a4",
                        help="paper for the quick reference and the imposed card sheets (default: a4)")
    help_later(parser, parser.add_argument("--edition", choices=RegistryNames(_edition_names), default="all",
                                           metavar="EDITION"), _edition_help)
    parser.add_argument("--gutter", type=_gutter, default=0.0, metavar="MM",
                        help="gap between print-and-play cards on a home sheet, in mm (default: 0)")
    parser.add_argument("--from", dest="from_rev", metavar="REV",
                        help="with the target errata: the git revision of the previous version")
    parser.add_argument("--to", dest="to_rev", metavar="REV",
                        help="with errata: the revision being released; it must hold the content on disk, "
                             "whose pages the sheet cites (default: the content on disk)")
    parser.add_argument("--changes-since", metavar="REV",
                        help="mark sections changed since this git revision with a bar in the margin; the "
                             "marked PDFs go to <out>/review/changes-since-REV/, never to the release paths")


def _out_folder(text: str) -> Path:
    """An output folder; an empty name would silently mean the current folder, so it is refused."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty folder name (it would mean the current folder)")
    return Path(text)


def _gutter(text: str) -> float:
    """A card gutter in millimetres, 0 to 5 (argparse reports anything else and exits 2)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of millimetres: {text!r}") from None
    if not 0 <= value <= 5:
        raise argparse.ArgumentTypeError(f"a gutter of 0 to 5 mm, not {value:g}")
    return value


def review_folder(out_dir: Path, rev: str) -> Path:
    """Where a build with ``--changes-since rev`` writes: ``<out>/review/changes-since-<rev>/``."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", rev).strip(".-") or "revision"
    return out_dir / "review" / f"changes-since-{name}"


class _NotReleased(Exception):
    """The content on disk is not the revision the errata sheet is said to be for."""


def _changes(args: argparse.Namespace, root: Path, rulebook: Rulebook,
             langs: list[str]) -> tuple[ChangeSet | None, dict[str, tuple[str, ...]]]:
    """The errata's change set (target errata) and the sections to mark (--changes-since)."""
    from ..changes import changes_between

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
        # Named after the version the content declares, with --to or without: one name per release.
        errata = replace(errata, to_label=rulebook.meta.version)
    bars: dict[str, tuple[str, ...]] = {}
    if args.changes_since:
        since = changes_between(root, args.changes_since, None, langs, current=rulebook)
        bars = {lang: tuple(sorted(map(str, since.changed_sections(lang)))) for lang in langs}
    return errata, bars


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
    "build", help="typeset PDFs into build/<lang>/<edition>/ and the site into build/web/",
    description="Typeset the PDFs into <out>/<lang>/<edition>/<file> and the web edition into <out>/web/. "
                "With no TARGET, builds every target (errata only when named, with --from). Every document "
                "is laid out once and finished for each edition, and every finished file passes 'sw28 "
                "preflight' for its edition. Booklets are laid out until their page references are stable, "
                "and every printed page reference is read back from the final PDFs before anything is "
                "written (every file is staged, then all are renamed into place: a failed build replaces "
                "nothing). Unchanged documents come from the layout cache in <out>/.cache; a build whose "
                "inputs and outputs did not change does nothing.",
    configure=_arguments,
)
def build_command(args: argparse.Namespace, console: Console) -> int:
    started = time.monotonic()
    root = find_project_root(Path.cwd())
    out_dir = args.out or root / BUILD_FOLDER
    if out_dir.resolve() == root.resolve() or root.resolve().is_relative_to(out_dir.resolve()):
        # A build removes files it wrote before there; the project's own files must never be in reach.
        console.print(f"error: refusing to build into {out_dir}: it is the project folder or holds it "
                      "(use a folder inside it, such as build/)", markup=False)
        return EXIT_UNLOADABLE
    if args.changes_since:
        # Change-barred PDFs are for review: never where a release's files are taken from.
        out_dir = review_folder(out_dir, args.changes_since)
    # Everything the command line chooses that shapes the files.
    choices = {"targets": sorted(args.targets), "lang": args.lang, "edition": args.edition, "paper": args.paper,
               "gutter": args.gutter}
    inputs = None
    if not (args.from_rev or args.changes_since):  # what git holds is not an input the record can see
        inputs = inputs_digest(root, choices)
        record = BuildRecord.read(out_dir.resolve())
        if record is not None and record.is_current(out_dir.resolve(), inputs):
            if not args.quiet:
                console.print(f"up to date: nothing changed since the last build into {out_dir} "
                              f"({len(record.files)} file(s))", markup=False)
            return EXIT_OK

    from ..changes import GitError
    from ..editions import EDITIONS
    from ..fontsetup import isolate_fonts
    from ..load import load_rulebook
    from ..locks import building_into
    from ..outputs import KINDS, BuildOptions, all_targets
    from ._progress import BuildDisplay

    rulebook = load_rulebook(root)
    langs = chosen_languages(args.lang, rulebook.meta.languages)
    known = {target.name: target for target in all_targets(rulebook.meta)}
    unknown = [name for name in args.targets if name not in known]
    if unknown:
        console.print(f"error: unknown target {unknown[0]!r} (targets: {', '.join(known)})"
                      f"{did_you_mean(unknown[0], known)}", markup=False)
        return EXIT_UNLOADABLE
    if ("errata" in args.targets) != bool(args.from_rev) or (args.to_rev and not args.from_rev):
        console.print("error: the errata target needs --from REV, and --from/--to are only for errata")
        return EXIT_UNLOADABLE
    try:
        errata, change_bars = _changes(args, root, rulebook, langs)
    except (GitError, _NotReleased) as error:
        console.print(f"error: {error}", markup=False)
        return EXIT_UNLOADABLE
    targets = ([known[name] for name in args.targets]
               or [target for target in known.values() if KINDS[target.kind].default])
    for target in targets:
        for lang in langs:
            why = KINDS[target.kind].missing(rulebook, target.name, lang)
            if why:
                console.print(f"error: {target.name} cannot be built in language {lang!r} ({why})")
                return EXIT_UNLOADABLE
    editions = tuple(EDITIONS) if args.edition == "all" else (args.edition,)
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
    from ..publish import PublishError

    try:
        # A second build into the same folder waits for this one (the layout cache is safe to share, the
        # published files and their record are not).
        with building_into(out_dir, waiting=lambda: console.print(
                f"waiting: another sw28 build is writing to {out_dir}", markup=False)), \
                BuildDisplay(console, quiet=args.quiet, verbose=args.verbose) as display:
            written = build(rulebook, targets, langs, out_dir, progress=display.progress, workers=args.jobs,
                            options=BuildOptions(paper=args.paper, editions=editions, card_gutter_mm=args.gutter,
                                                 errata=errata, change_bars=change_bars),
                            inputs=inputs, tally=display.tally, note=display.note)
    except BuildRefused as refused:
        for finding in refused.findings:
            console.print(str(finding), markup=False)
        console.print(f"build refused: {len(refused.findings)} error(s) in the content; nothing written "
                      f"(run 'sw28 check' for details)")
        # A finding, as 'sw28 check' reports it: the content loads, it is wrong.
        return EXIT_FINDINGS
    except PublishError as error:
        console.print(f"error: {error}; no file was replaced", markup=False)
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
    if not args.quiet:
        console.print(f"{len(written)} file(s) in {time.monotonic() - started:.1f} s")
    return EXIT_OK
