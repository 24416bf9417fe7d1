"""``sw28 release VERSION``: one command from a clean tree to a release folder with a manifest.

The version is typed once, on this command line: it is written into
``content/book.yaml`` (with the release date) and, in its PEP 440 form, into
``pyproject.toml``, so the book and the package always agree (META001). Then
the content must pass ``sw28 check --strict``; every target is built in every
language and edition, with the errata since the previous release tag; the
version change is committed and tagged ``v<VERSION>``; and the files are
copied into ``<out>/release/v<VERSION>/`` with ``MANIFEST.txt`` and
``manifest.json`` (file, edition, purpose, size, SHA-256). Anything that
fails leaves the tree as it was: nothing is committed or tagged.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path, PurePosixPath

from rich.console import Console

from ..build_record import BUILD_FOLDER, PAGE_MAP
from ..changes import GitError, changes_between, latest_release_tag
from ..check import run_checks
from ..check.examples import verify_examples
from ..check.metadata import package_version_of
from ..cli import EXIT_FINDINGS, EXIT_OK, EXIT_UNLOADABLE, UsageError, command, positive_int
from ..editions import EDITIONS
from ..fontsetup import isolate_fonts
from ..handoff import purpose_of
from ..load import find_project_root, load_rulebook
from ._progress import BuildDisplay

BOOK = "content/book.yaml"
PYPROJECT = "pyproject.toml"
_VERSION = re.compile(r"^\d+\.\d+\.\d+(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?$")


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("version", metavar="VERSION", help="the new version, e.g. 0.9.1 or 1.0.0-rc.1 (no 'v')")
    parser.add_argument("--since", metavar="TAG",
                        help="the previous release, for the errata (default: the newest v* tag reachable from HEAD)")
    parser.add_argument("--date", type=datetime.date.fromisoformat, default=None, metavar="YYYY-MM-DD",
                        help="the release date printed in the books (default: today, UTC)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="build folder (default: build/ in the project); the release goes to DIR/release/")
    parser.add_argument("--jobs", type=positive_int, default=None, metavar="N",
                        help="parallel layout processes (default: number of cores)")


def _git(root: Path, *args: str) -> str:
    result = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise GitError((result.stderr.strip().splitlines() or [f"git {args[0]} failed"])[-1])
    return result.stdout


def _set_line(path: Path, pattern: str, line: str) -> None:
    """Replace the first line matching ``pattern`` in ``path`` with ``line``, every other byte kept."""
    text = path.read_text(encoding="utf-8")
    new, count = re.subn(pattern, line.replace("\\", r"\\"), text, count=1, flags=re.MULTILINE)
    if count != 1:
        raise UsageError(f"{path.name}: no line to set the version in (expected one matching {pattern!r})")
    path.write_text(new, encoding="utf-8")


@command(
    "release", help="release VERSION: strict check, every target and edition, errata, manifest, tag",
    description="From a clean git tree: write VERSION (and the date) into content/book.yaml and, in PEP 440 "
                "form, pyproject.toml; check the content with --strict; build every target in every language "
                "and edition, and the errata since the previous release tag; commit and tag v<VERSION>; and "
                "copy the files into <out>/release/v<VERSION>/ with MANIFEST.txt and manifest.json (file, "
                "edition, purpose, size, SHA-256). On any failure the tree is left as it was. Exit 1 for "
                "findings or a failed build, 2 for a dirty tree, an existing tag or a wrong command line.",
    configure=_arguments,
)
def release_command(args: argparse.Namespace, console: Console) -> int:
    if not _VERSION.match(args.version):
        raise UsageError(f"{args.version!r} is not a version such as 0.9.1 or 1.0.0-rc.1 (no leading 'v')")
    root = find_project_root(Path.cwd())
    tag = f"v{args.version}"
    try:
        if _git(root, "status", "--porcelain", "--", "."):
            console.print("error: the working tree has uncommitted changes: commit or stash them first "
                          "(see 'git status'); a release is made from committed content only", markup=False)
            return EXIT_UNLOADABLE
        if _git(root, "tag", "--list", tag).strip():
            raise UsageError(f"tag {tag} already exists: choose another version")
        try:
            previous = args.since or latest_release_tag(root)
        except GitError:
            previous = None
    except GitError as error:
        console.print(f"error: {error}", markup=False)
        return EXIT_UNLOADABLE
    saved = {rel: (root / rel).read_bytes() for rel in (BOOK, PYPROJECT, PAGE_MAP) if (root / rel).is_file()}
    try:
        code = _release(args, console, root, tag, previous)
    except BaseException:
        _restore(root, saved)
        raise
    if code != EXIT_OK:
        _restore(root, saved)
    return code


def _restore(root: Path, saved: dict[str, bytes]) -> None:
    for rel, data in saved.items():
        (root / rel).write_bytes(data)


def _release(args: argparse.Namespace, console: Console, root: Path, tag: str, previous: str | None) -> int:
    say = (lambda line: None) if args.quiet else (lambda line: console.print(line, markup=False))
    date = args.date or datetime.datetime.now(datetime.UTC).date()
    _set_line(root / BOOK, r"^version:.*$", f"version: {args.version}")
    _set_line(root / BOOK, r"^date:.*$", f"date: {date.isoformat()}")
    package = package_version_of(args.version)
    if (root / PYPROJECT).is_file() and package:
        _set_line(root / PYPROJECT, r'^version\s*=.*$', f'version = "{package}"')
    say(f"version {args.version} (package {package}), dated {date.isoformat()}")

    rulebook = load_rulebook(root)
    # The new version and date are content, so the page map's digest no longer matches: the build below
    # measures the pages and rewrites the map, and the release commits it with them.
    findings = [finding for finding in run_checks(rulebook) if finding.code != "PAGE001"]
    failed = [outcome for outcome in verify_examples(rulebook) if not outcome.passed]
    if findings or failed:
        for finding in findings:
            console.print(f"{finding}", markup=False)
        console.print(f"release refused: {len(findings)} finding(s) and {len(failed)} failing worked example(s) "
                      f"under 'sw28 check --strict'; nothing was committed", markup=False)
        return EXIT_FINDINGS
    say("check --strict: clean")

    from ..outputs import KINDS, BuildOptions, all_targets

    langs = list(rulebook.meta.languages)
    targets = [target for target in all_targets(rulebook.meta) if KINDS[target.kind].default
               and not any(KINDS[target.kind].missing(rulebook, target.name, lang) for lang in langs)]
    errata = None
    if previous:
        errata = replace(changes_between(root, previous, None, langs, current=rulebook), to_label=args.version)
        targets += [target for target in all_targets(rulebook.meta) if target.name == "errata"]
        say(f"errata since {previous}")
    else:
        say("no earlier release tag (v*): no errata")
    out_dir = (args.out or root / BUILD_FOLDER).resolve()
    isolate_fonts(root, out_dir / ".cache")
    from ..build import BuildError, BuildRefused, build
    from ..layout import LayoutError

    try:
        with BuildDisplay(console, quiet=args.quiet, verbose=args.verbose) as display:
            written = build(rulebook, targets, langs, out_dir, progress=display.progress, workers=args.jobs,
                            options=BuildOptions(editions=tuple(EDITIONS), errata=errata), tally=display.tally)
    except BuildRefused as refused:
        for finding in refused.findings:
            console.print(str(finding), markup=False)
        console.print("release refused: the build found errors; nothing was committed", markup=False)
        return EXIT_FINDINGS
    except (BuildError, LayoutError) as error:
        console.print(f"release failed: {error}; nothing was committed", markup=False)
        return EXIT_FINDINGS

    changed = [rel for rel in (BOOK, PYPROJECT, PAGE_MAP) if (root / rel).is_file()]
    _git(root, "add", "--", *changed)
    _git(root, "commit", "-q", "-m", f"Release {args.version}", "--", *changed)
    _git(root, "tag", tag)
    say(f"committed and tagged {tag}")

    folder = out_dir / "release" / tag
    if folder.exists():
        shutil.rmtree(folder)
    entries = []
    for path in sorted(written):
        relative = PurePosixPath(path.relative_to(out_dir).as_posix())
        target = folder / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        data = target.read_bytes()
        edition = relative.parts[1] if len(relative.parts) == 3 and relative.parts[1] in EDITIONS else (
            "web" if relative.parts[0] == "web" else "")
        entries.append({"file": relative.as_posix(), "edition": edition,
                        "purpose": purpose_of(relative, rulebook), "size": len(data),
                        "sha256": hashlib.sha256(data).hexdigest()})
    manifest = {"version": args.version, "tag": tag, "date": date.isoformat(), "previous": previous,
                "files": entries}
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n",
                                          encoding="utf-8")
    lines = ["file\tedition\tpurpose\tsize\tsha256"]
    lines += [f"{e['file']}\t{e['edition']}\t{e['purpose']}\t{e['size']}\t{e['sha256']}" for e in entries]
    (folder / "MANIFEST.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    say(f"release {tag}: {len(entries)} file(s) in {folder} (MANIFEST.txt, manifest.json)")
    return EXIT_OK
