#!/usr/bin/env python3
"""Time a cold build and a cached rebuild of every target.

Usage: python scripts/bench_build.py [--lang en|es|all] [TARGET...]

The cold build starts from an empty output folder (no layout cache); the
rebuild runs again on the same folder, where nothing changed, so every
document should come from the cache.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pypdf import PdfReader

PROJECT = Path(__file__).resolve().parent.parent


def timed_build(out: Path, lang: str, targets: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "sacredwire", "build", *targets, "--lang", lang, "--out", str(out)],
                   cwd=PROJECT, check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="all")
    parser.add_argument("targets", nargs="*")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        cold = timed_build(out, args.lang, args.targets)
        cached = timed_build(out, args.lang, args.targets)
        pdfs = sorted(pdf for pdf in out.glob("*/*.pdf") if not pdf.parent.name.startswith("."))
        pages = sum(len(PdfReader(pdf).pages) for pdf in pdfs)
    print(f"{len(pdfs)} PDFs, {pages} pages")
    print(f"cold build:     {cold:6.1f} s")
    print(f"cached rebuild: {cached:6.1f} s")


if __name__ == "__main__":
    main()
