"""Time preflight on built PDFs, as the build runs it on every file it writes.

    python scripts/bench_preflight.py PDF... [--edition pod] [--runs N]

Prints, per file, the pages and the minimum and median wall time of N runs,
and the time per 100 pages against the target of two seconds.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from sacredwire.preflight import inspect_pdf

TARGET_SECONDS_PER_100_PAGES = 2.0
MIN_PAGES_FOR_VERDICT = 20


def time_once(data: bytes, name: str, edition: str) -> tuple[float, int]:
    """Seconds for one preflight of ``data``, and its page count."""
    started = time.perf_counter()
    report = inspect_pdf(data, name, edition=edition)
    return time.perf_counter() - started, len(report.pages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path, metavar="PDF")
    parser.add_argument("--edition", default="pod", help="the profile to check against (default: pod)")
    parser.add_argument("--runs", type=int, default=3, help="number of timed runs (default: 3)")
    args = parser.parse_args()
    for path in args.files:
        data = path.read_bytes()
        results = [time_once(data, path.name, args.edition) for _ in range(args.runs)]
        times = [seconds for seconds, _ in results]
        pages = results[0][1]
        per_100 = 100 * min(times) / max(pages, 1)
        # A few pages are mostly the fixed cost of opening the file: no verdict for them.
        verdict = ("" if pages < MIN_PAGES_FOR_VERDICT else
                   f", {'within' if per_100 < TARGET_SECONDS_PER_100_PAGES else 'over'} the "
                   f"{TARGET_SECONDS_PER_100_PAGES:.0f} s target")
        print(f"{path.name}: {pages} pages, min {min(times):.2f} s, median {statistics.median(times):.2f} s; "
              f"{per_100:.2f} s per 100 pages{verdict}")


if __name__ == "__main__":
    main()
