"""Lighthouse (mobile) on every page type of the built web edition, against the system Chromium.

Lighthouse is not a project dependency: install it once into a folder outside
the project (its node_modules are never committed), then point this script at it::

    npm install --prefix /tmp/lighthouse lighthouse
    sw28 build web --lang all --out /tmp/site
    python scripts/lighthouse.py --site /tmp/site/web --lighthouse /tmp/lighthouse/node_modules/.bin/lighthouse

The site is served from localhost as a static host serves it (gzip for text,
tests/web_harness.py); Lighthouse runs its default mobile profile (a mid-range
phone on slow 4G, simulated) in headless Chromium (``$CHROME_PATH``, default
``/usr/bin/chromium``). It prints a Markdown table of the four category scores
per page type (the README keeps the latest) and exits 1 when performance is
under 90 on any page, 2 when Lighthouse cannot run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from web_harness import serve  # noqa: E402 - tests/ holds the localhost host the tests use too

# One page of each type; the squad and mission pages join when the site has them.
PAGE_TYPES = {
    "home": "index.html",
    "booklet (core rules)": "en/core-rules.html",
    "permalink (its section)": "es/core-rules.html#C4.7",
    "search": "en/search.html?q=grenades",
    "quick reference": "es/quick-reference.html",
    "cards": "en/cards.html",
    "squad builder": "en/squad.html",
    "mission generator": "es/mission.html?seed=7",  # a mission shared by its link: rolled on arrival
}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
PERFORMANCE_FLOOR = 90


def run(lighthouse: str, url: str, chrome: str) -> dict[str, int]:
    """The category scores (0-100) of one page."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        subprocess.run([lighthouse, url, "--quiet", "--output=json", f"--output-path={report}",
                        f"--only-categories={','.join(CATEGORIES)}",
                        "--chrome-flags=--headless --no-sandbox --disable-gpu"],
                       check=True, env={**os.environ, "CHROME_PATH": chrome}, capture_output=True)
        data = json.loads(report.read_text(encoding="utf-8"))
    return {name: round(data["categories"][name]["score"] * 100) for name in CATEGORIES}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, required=True, help="the built site (the web folder of a build)")
    parser.add_argument("--lighthouse", default="lighthouse", help="the lighthouse program")
    parser.add_argument("--chrome", default=os.environ.get("CHROME_PATH", "/usr/bin/chromium"))
    options = parser.parse_args()
    if not (options.site / "index.html").is_file():
        print(f"{options.site}: no built site here (sw28 build web --out …)", file=sys.stderr)
        return 2
    rows = []
    failed = False
    with serve(options.site) as (url, _):
        for kind, page in PAGE_TYPES.items():
            if not (options.site / page.split("#")[0].split("?")[0]).is_file():
                continue
            try:
                scores = run(options.lighthouse, url + page, options.chrome)
            except (OSError, subprocess.CalledProcessError) as error:
                print(f"lighthouse could not run on {page}: {error}", file=sys.stderr)
                return 2
            failed |= scores["performance"] < PERFORMANCE_FLOOR
            rows.append(f"| {kind} | `{page}` | " + " | ".join(str(scores[name]) for name in CATEGORIES) + " |")
            print(rows[-1], file=sys.stderr)
    print("| page type | page | " + " | ".join(CATEGORIES) + " |")
    print("| --- | --- | " + " | ".join("---:" for _ in CATEGORIES) + " |")
    print("\n".join(rows))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
