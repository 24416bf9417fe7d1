"""Time a full load and check of the real content, as ``sw28 check`` does it.

    python scripts/bench_check.py [--runs N]

Prints the minimum and median wall time of N runs (imports not included) and
whether they meet the target of one second.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from sacredwire.check import run_checks
from sacredwire.load import load_rulebook

PROJECT = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 1.0


def time_once(root: Path) -> tuple[float, int]:
    """Seconds for one load + check of ``root``, and the number of findings."""
    started = time.perf_counter()
    findings = run_checks(load_rulebook(root))
    return time.perf_counter() - started, len(findings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="number of timed runs (default: 7)")
    args = parser.parse_args()
    results = [time_once(PROJECT) for _ in range(args.runs)]
    times = [seconds for seconds, _ in results]
    fastest, median = min(times), statistics.median(times)
    verdict = "within" if median < TARGET_SECONDS else "over"
    print(f"load + check, {args.runs} runs: min {fastest:.3f} s, median {median:.3f} s "
          f"({results[-1][1]} findings); {verdict} the {TARGET_SECONDS:.0f} s target")


if __name__ == "__main__":
    main()
