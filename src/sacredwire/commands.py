"""What each ``sw28`` command does, between parsed arguments and an exit code."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from rich.console import Console

from .build import BuildError, BuildRefused, build
from .check import errors_in, run_checks
from .cli import EXIT_FINDINGS, EXIT_OK, EXIT_UNLOADABLE, command
from .layout import LayoutError
from .layout.targets import all_targets, buildable
from .load import find_project_root, load_rulebook
from .report import report


def _load(console: Console):
    root = find_project_root(Path.cwd())
    return root, load_rulebook(root)


@command("build")
def build_command(args: argparse.Namespace, console: Console) -> int:
    root, rulebook = _load(console)
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
                console.print(f"error: {target.name} has no content in language {lang!r} "
                              f"(content/{target.name}/{lang}/ is empty)")
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
                            options={"paper": args.paper})
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


@command("check")
def check_command(args: argparse.Namespace, console: Console) -> int:
    _, rulebook = _load(console)
    findings = run_checks(rulebook)
    print(report(findings, args.format), end="")
    failing = findings if args.strict else errors_in(findings)
    return EXIT_FINDINGS if failing else EXIT_OK

