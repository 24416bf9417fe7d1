"""The web edition in a real browser: headless Chromium loads the built pages.

The browser is Debian's ``chromium`` package, or the program that
``$SW28_CHROMIUM`` names (e.g. ``google-chrome`` where no Chromium package
exists). Screenshots are kept in ``$SW28_TEST_ARTIFACTS/web`` when that variable is
set (CI uploads them), else in pytest's temporary folder.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import struct
import subprocess
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

import pytest
from conftest import SAFETY_NET_S

CHROMIUM = shutil.which(os.environ.get("SW28_CHROMIUM", "chromium")) or ""
pytestmark = pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed (apt-get install chromium, "
                                                     "or name another Chromium-based browser in $SW28_CHROMIUM)")

PHONE = "390,844"
DESKTOP = "1366,900"

# Loads each page into a phone-wide frame, waits for its fonts, then records
# whether the page is wider than the frame and which in-page links have no
# target. The frame's console messages reach Chromium's log like the page's own.
PROBE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>probe</title></head><body>
<iframe id="frame" title="page" style="width:390px;height:844px;border:0"></iframe><pre id="result"></pre>
<script>
var pages = %(pages)s, results = [], frame = document.getElementById("frame");
function next() {
  if (!pages.length) { document.getElementById("result").textContent = JSON.stringify(results); return; }
  var page = pages.shift();
  frame.onload = function () {
    var doc = frame.contentDocument;
    doc.fonts.ready.then(function () {
      var missing = [];
      doc.querySelectorAll('a[href^="#"]').forEach(function (a) {
        var id = decodeURIComponent(a.getAttribute("href").slice(1));
        if (!doc.getElementById(id)) { missing.push(id); }
      });
      results.push({page: page, scrollWidth: doc.documentElement.scrollWidth,
                    clientWidth: doc.documentElement.clientWidth, missing: missing,
                    fonts: Array.from(doc.fonts).filter(function (f) { return f.status === "loaded"; }).length});
      next();
    });
  };
  frame.src = page;
}
next();
</script></body></html>
"""
PROBED = ["index.html", "en/core-rules.html", "es/core-rules.html", "en/requisitions.html", "es/inhuman-resources.html",
          "en/missions.html", "en/quick-reference.html", "es/cards.html", "en/search.html?q=riposte",
          "es/search.html?q=Contraataque", "wide.html"]


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory: pytest.TempPathFactory, web_site: Mapping[PurePosixPath, bytes]) -> Path:
    """The site on disk, with the probe page and a control page that is too wide on purpose."""
    root = tmp_path_factory.mktemp("site")
    for path, data in web_site.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    (root / "probe.html").write_text(PROBE % {"pages": json.dumps(PROBED)})
    (root / "wide.html").write_text('<!DOCTYPE html><html lang="en"><title>wide</title>'
                                    '<div style="width:600px">too wide</div></html>')
    return root


@pytest.fixture(scope="module")
def artifacts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = os.environ.get("SW28_TEST_ARTIFACTS")
    path = Path(folder) / "web" if folder else tmp_path_factory.mktemp("web-artifacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


def chromium(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess:
    """Headless Chromium with a throw-away profile and no network."""
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={tmp_path / 'profile'}", "--enable-logging=stderr", "--v=0", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=SAFETY_NET_S)


def dom(tmp_path: Path, url: str, size: str = DESKTOP, *extra: str, check_console: bool = True) -> str:
    result = chromium(tmp_path, f"--window-size={size}", *extra, "--dump-dom", url)
    assert result.returncode == 0, result.stderr[-2000:]
    assert not check_console or not _console(result.stderr), _console(result.stderr)
    return result.stdout


def _console(log: str) -> str:
    return "\n".join(line for line in log.splitlines() if "CONSOLE" in line and not _file_preload_notice(line))


def _file_preload_notice(line: str) -> bool:
    """Chromium's notice that a font preload cannot work on ``file://``.

    The preloads ask for fonts as a web host serves them (CORS, ``crossorigin``);
    from a folder on disk Chromium refuses CORS requests (or, allowed files,
    notes that the preloaded copy does not match), and the @font-face rules
    load the fonts as before. Over http(s) the preloads serve (test_web_table.py).
    """
    font = re.search(r"file://\S*/fonts/[\w-]+\.woff2", line)
    return bool(font) and ("preload" in line or "blocked by CORS policy" in line)


@pytest.fixture(scope="module")
def probe(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, dict], str]:
    """Every probed page, by page; and Chromium's log."""
    result = chromium(tmp_path_factory.mktemp("chromium"), "--allow-file-access-from-files",
                      "--virtual-time-budget=60000", "--dump-dom", (site_dir / "probe.html").as_uri())
    found = re.search(r'<pre id="result">(.*)</pre>', result.stdout)
    assert found and found.group(1), result.stderr[-2000:]
    return {entry["page"]: entry for entry in json.loads(html.unescape(found.group(1)))}, result.stderr


def test_pages_load_without_console_errors(probe):
    results, log = probe
    assert set(results) == set(PROBED)
    assert not _console(log), _console(log)


def test_no_page_scrolls_sideways_on_a_phone(probe):
    results, _ = probe
    # The control proves the measurement can fail.
    assert results["wide.html"]["scrollWidth"] > results["wide.html"]["clientWidth"]
    assert PROBED[:-1]
    for page in PROBED[:-1]:
        entry = results[page]
        assert entry["scrollWidth"] <= entry["clientWidth"], entry


def test_in_page_links_resolve_and_fonts_load(probe):
    results, _ = probe
    assert PROBED[:-1]
    for page in PROBED[:-1]:
        assert results[page]["missing"] == [], page
        assert results[page]["fonts"] >= 2, page


def _search_hits(page: str) -> list[str]:
    results = re.search(r'<ol id="search-results"[^>]*>(.*?)</ol>', page, re.S)
    assert results, "no results list"
    return re.findall(r'<a href="([^"]+)" class="search-hit">', results.group(1))


def test_search_finds_a_rule_id(site_dir, tmp_path):
    # An exact rule ID goes straight to the rule, in the page's language.
    page = dom(tmp_path, (site_dir / "es/search.html").as_uri() + "?q=c4.7", DESKTOP, "--virtual-time-budget=5000")
    assert '<section class="rule" id="C4.7"' in page and '<html lang="es">' in page
    hits = _search_hits(dom(tmp_path, (site_dir / "en/search.html").as_uri() + "?q=C4.7 riposte"))
    assert hits[0] == "../en/core-rules.html#C4.7"


def test_search_finds_words_in_both_languages(site_dir, tmp_path):
    english = _search_hits(dom(tmp_path, (site_dir / "en/search.html").as_uri() + "?q=Riposte"))
    assert "../en/core-rules.html#C4.7" in english
    assert all(hit.startswith("../en/") for hit in english)
    spanish = dom(tmp_path, (site_dir / "es/search.html").as_uri() + "?q=contraataque", PHONE)
    assert "../es/core-rules.html#C4.7" in _search_hits(spanish)
    assert re.search(r'role="status"[^>]*>\d+ reglas coinciden con «contraataque»\.<', spanish)


def test_search_says_when_nothing_matches(site_dir, tmp_path):
    page = dom(tmp_path, (site_dir / "en/search.html").as_uri() + "?q=xyzzy")
    assert _search_hits(page) == []
    assert "No rule matches “xyzzy”." in page


def test_the_language_switch_keeps_the_rule_id(site_dir, tmp_path):
    page = dom(tmp_path, (site_dir / "en/core-rules.html").as_uri() + "#C4.7")
    assert re.search(r'<a class="lang-switch" href="\.\./es/core-rules\.html#C4\.7"', page)
    search = dom(tmp_path, (site_dir / "es/search.html").as_uri() + "?q=contraataque")
    assert re.search(r'<a class="lang-switch" href="\.\./en/search\.html\?q=contraataque"', search)


def test_a_short_link_opens_the_section(site_dir, tmp_path):
    # Virtual time lets the page's refresh happen before the DOM is read.
    page = dom(tmp_path, (site_dir / "es/C4.7/index.html").as_uri(), DESKTOP, "--virtual-time-budget=5000")
    assert '<section class="rule" id="C4.7"' in page and '<html lang="es">' in page


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("name, page, size", [
    ("phone-core-rules", "en/core-rules.html", PHONE),
    ("phone-search-es", "es/search.html?q=Contraataque", PHONE),
    ("desktop-core-rules", "en/core-rules.html", DESKTOP),
])
def test_screenshots(site_dir, artifacts, tmp_path, name, page, size):
    shot = artifacts / f"{name}.png"
    path, _, query = page.partition("?")
    url = (site_dir / path).as_uri() + (f"?{query}" if query else "")
    result = chromium(tmp_path, f"--window-size={size}", "--hide-scrollbars", f"--screenshot={shot}", url)
    assert result.returncode == 0 and shot.is_file(), result.stderr[-2000:]
    assert _png_size(shot) == tuple(int(number) for number in size.split(","))
    # A blank page compresses to almost nothing; a page of text does not.
    assert shot.stat().st_size > 20_000
