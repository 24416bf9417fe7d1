#!/usr/bin/env python3
"""Print the README's tables of targets and editions, made from the registries.

Usage: python scripts/readme_tables.py [--check]

The README holds each table between ``<!-- targets -->``/``<!-- /targets -->``
and ``<!-- editions -->``/``<!-- /editions -->``. Without ``--check`` this
rewrites them in README.md; with it, it exits 1 when they are out of date
(the tests run it).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT / "src"))

from sacredwire.editions import EDITIONS  # noqa: E402
from sacredwire.load import load_rulebook  # noqa: E402
from sacredwire.outputs import KINDS, all_targets  # noqa: E402


def targets_table() -> str:
    """Every target of every output kind, as ``sw28 build`` lists them."""
    meta = load_rulebook(PROJECT).meta
    rows = ["| target | kind | what |", "| --- | --- | --- |"]
    for target in all_targets(meta):
        note = "" if KINDS[target.kind].default else " (only when named)"
        rows.append(f"| `{target.name}` | {target.kind} | {target.description}{note} |")
    return "\n".join(rows)


def editions_table() -> str:
    """Every edition: what it is for and the kinds of document it finishes."""
    rows = ["| edition | for | documents |", "| --- | --- | --- |"]
    for name, edition in EDITIONS.items():
        kinds = ", ".join(sorted(edition.applies_to))
        rows.append(f"| `{name}` | {edition.description} | {kinds} |")
    return "\n".join(rows)


TABLES = {"targets": targets_table, "editions": editions_table}


def updated(readme: str) -> str:
    for name, make in TABLES.items():
        pattern = re.compile(rf"(<!-- {name} -->\n).*?(<!-- /{name} -->)", re.S)
        if not pattern.search(readme):
            raise SystemExit(f"README.md has no <!-- {name} --> table")
        readme = pattern.sub(lambda match, make=make: match[1] + make() + "\n" + match[2], readme)
    return readme


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if README.md is out of date")
    args = parser.parse_args()
    path = PROJECT / "README.md"
    readme = path.read_text(encoding="utf-8")
    fresh = updated(readme)
    if args.check:
        if fresh != readme:
            print("README.md tables are out of date: run python scripts/readme_tables.py")
            return 1
        return 0
    path.write_text(fresh, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
