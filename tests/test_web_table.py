"""The web edition at the game table, measured in headless Chromium over DevTools (tests/web_harness.py).

The site is served from localhost as a static host serves it (gzip for text);
the phone is 390×844 on a throttled network. Measured per page type: bytes
transferred and cumulative layout shift, with every font held back until its
page has painted (the race between a first paint and the fonts is the
network's to decide; held back, the fonts lose it every time, so the shift is
what late fonts move, the same on every run); the search query suite's hit
rate per language; the offline app with the server stopped; dark mode; tap
targets; zero-width characters. The figures are written to
``$SW28_TEST_ARTIFACTS/web/table.json`` (or pytest's temporary folder).
"""

from __future__ import annotations

import json
import os
import re
import urllib.request
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

import pytest
import yaml
from conftest import PROJECT
from web_harness import CHROMIUM, Browser, serve, stop

from sacredwire.web._fonts import WEB_FONTS

pytestmark = pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed (apt-get install chromium, "
                                                     "or name another Chromium-based browser in $SW28_CHROMIUM)")

# One page of each type, as a player opens it.
PAGE_TYPES = {
    "home": "index.html",
    "booklet": "en/core-rules.html",
    "permalink": "es/C4.7/",  # forwards to es/core-rules.html#C4.7, measured there
    "search": "en/search.html?q=grenades",
    "quick reference": "es/quick-reference.html",
    "cards": "en/cards.html",
    "squad builder": "en/squad.html",
    "mission generator": "es/mission.html?seed=7",  # a mission shared by its link
}
PERMALINK_TARGET = "/es/core-rules.html#C4.7"
CORE_RULES_BUDGET = 600_000
# Slow 4G as Lighthouse's mobile run throttles it: 150 ms, 1.6 Mbit/s down.
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
QUERIES = yaml.safe_load((PROJECT / "tests" / "data" / "search_queries.yaml").read_text(encoding="utf-8"))

# Layout shifts as the page reports them, from its first paint.
RECORD_SHIFTS = """
window.__shifts = [];
new PerformanceObserver(function (list) {
  list.getEntries().forEach(function (entry) { if (!entry.hadRecentInput) { window.__shifts.push(entry.value); } });
}).observe({ type: "layout-shift", buffered: true });
"""
# Two frames after the fonts: whatever the scripts and fonts change is laid out by then.
SETTLED = ("document.fonts.ready.then(() => new Promise(done => requestAnimationFrame(() => "
           "requestAnimationFrame(() => done(true)))))")
SHIFT = "window.__shifts.reduce((a, b) => a + b, 0)"
TRANSFERRED = """
performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
  .reduce((sum, entry) => sum + entry.transferSize, 0)
"""


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory: pytest.TempPathFactory, web_site: Mapping[PurePosixPath, bytes]) -> Path:
    root = tmp_path_factory.mktemp("site")
    for path, data in web_site.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    return root


@pytest.fixture(scope="module")
def host(site_dir: Path):
    with serve(site_dir) as (url, server):
        yield url, server


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    chromium = Browser(tmp_path_factory.mktemp("profile"))
    yield chromium
    chromium.close()


@pytest.fixture(scope="module")
def figures(tmp_path_factory: pytest.TempPathFactory):
    """What the tests measured, written out at the end of the module."""
    folder = os.environ.get("SW28_TEST_ARTIFACTS")
    path = Path(folder) / "web" if folder else tmp_path_factory.mktemp("web-figures")
    path.mkdir(parents=True, exist_ok=True)
    measured: dict[str, object] = {}
    yield measured
    (path / "table.json").write_text(json.dumps(measured, indent=1, sort_keys=True) + "\n")


def _open(browser: Browser, *, dark: bool = False, scripts: bool = True, network: dict | None = None,
          width: int = 390, height: int = 844) -> None:
    """A new tab for a first visit, recording layout shifts."""
    browser.open(width=width, height=height, dark=dark)
    browser.send("Network.enable")
    browser.send("Network.setCacheDisabled", cacheDisabled=True)
    # A first visit: neither the browser's cache nor the offline app's copies answer.
    browser.send("Network.setBypassServiceWorker", bypass=True)
    if network:
        browser.send("Network.emulateNetworkConditions", **network)
    if not scripts:
        browser.send("Emulation.setScriptExecutionDisabled", value=True)
    browser.send("Page.addScriptToEvaluateOnNewDocument", source=RECORD_SHIFTS)


def _load(browser: Browser, url: str, *, dark: bool = False, scripts: bool = True, network: dict | None = None,
          width: int = 390, height: int = 844) -> None:
    _open(browser, dark=dark, scripts=scripts, network=network, width=width, height=height)
    browser.go(url)
    if scripts:
        browser.evaluate(SETTLED)


def _arrive(browser: Browser, suffix: str) -> None:
    """Wait, load event by load event, until the page forwarded to the address ending in ``suffix``."""
    while not browser.evaluate("location.pathname + location.hash").endswith(suffix):
        browser.wait_for("Page.loadEventFired")
    browser.evaluate(SETTLED)


def _load_fonts_late(browser: Browser, url: str, suffix: str = "") -> int:
    """Load ``url`` on slow 4G, following it to the page whose address ends in ``suffix``, each font held
    back until that page has painted; the number of fonts held.

    The race between a page's first paint and its fonts is the network's to decide; held back, every font
    loses it, so the shift measured is what late fonts move, the same on every run.
    """
    _open(browser, network=SLOW_4G)
    browser.send("Page.setLifecycleEventsEnabled", enabled=True)
    browser.send("Fetch.enable", patterns=[{"urlPattern": "*.woff2", "requestStage": "Request"}])
    frame = browser.send("Page.navigate", url=url)["frameId"]
    held: list[str] = []
    painted, count, page = False, 0, None
    while True:
        event = browser.wait_for_any("Fetch.requestPaused", "Page.frameNavigated", "Page.lifecycleEvent")
        params = event["params"]
        if event["method"] == "Fetch.requestPaused":
            if painted:
                browser.send("Fetch.continueRequest", requestId=params["requestId"])
            else:
                held.append(params["requestId"])
                count += 1
        elif event["method"] == "Page.frameNavigated":
            navigated = params["frame"]
            if navigated["id"] == frame and (navigated["url"] + navigated.get("urlFragment", "")).endswith(suffix):
                page = navigated["loaderId"]
        elif params["frameId"] != frame or params["loaderId"] != page:
            continue  # the blank page the tab opened with, or a page that forwards
        elif params["name"] == "firstPaint":
            painted = True
            for request in held:
                browser.send("Fetch.continueRequest", requestId=request)
            held.clear()
        elif params["name"] == "load":
            break
    browser.send("Fetch.disable")
    browser.evaluate(SETTLED)
    return count


@pytest.mark.parametrize("kind", list(PAGE_TYPES))
def test_each_page_type_is_light_and_steady(browser, host, figures, kind):
    url, _ = host
    permalink = kind == "permalink"
    if permalink:
        # A permalink opens its booklet deep down. There, fonts arriving one by one while Chromium scrolls
        # to the rule may show, for a frame before it scrolls back, the lines a font adds above the rule:
        # Chromium's frame timing decides, not the page (README). What the forwarding, the scroll to the
        # rule and the scripts move is measured with no fonts to race against: they never arrive.
        _open(browser, network=SLOW_4G)
        browser.send("Network.setBlockedURLs", urls=["*.woff2"])
        browser.go(url + PAGE_TYPES[kind])
        _arrive(browser, PERMALINK_TARGET)
        still = browser.evaluate(SHIFT)
        figures.setdefault("permalink_without_fonts", round(still, 4))
        assert browser.console_errors() == []
        assert still < 0.1, f"permalink: layout shift {still} without fonts"
    held = _load_fonts_late(browser, url + PAGE_TYPES[kind], PERMALINK_TARGET if permalink else "")
    transferred = browser.evaluate(TRANSFERRED)
    shift = browser.evaluate(SHIFT)
    # The shipped faces the page loaded (the machine's faces standing in for them are not fetched).
    fonts = browser.evaluate("Array.from(document.fonts).filter(f => f.status === 'loaded' "
                             "&& !f.family.endsWith(' fallback')).length")
    figures.setdefault("pages", {})[kind] = {"url": PAGE_TYPES[kind], "transferred_bytes": transferred,
                                             "cls": round(shift, 4), "fonts_loaded": fonts}
    fetched = browser.evaluate("""performance.getEntriesByType("resource").filter(e => /\\.woff2$/.test(e.name))
        .map(e => [e.name.split("/").pop(), e.initiatorType])""")
    assert browser.console_errors() == []
    assert fonts >= 2, "the page's fonts did not load"
    # Every face the page shows is preloaded: one found only once the page is laid out arrives after
    # the first paint and re-flows its text, however fast the network. And each preload is used.
    assert [name for name, initiator in fetched if initiator != "link"] == [], f"{kind}: fonts found late"
    assert len(fetched) == fonts, f"{kind}: preloaded {sorted(name for name, _ in fetched)}, {fonts} used"
    # Each of them came after the page's first paint: the shift below is what late fonts move.
    assert held == fonts, f"{kind}: {held} of {fonts} fonts held back"
    # A page of text, its styles, script and fonts: never nothing.
    assert transferred > 20_000
    if not permalink:  # see above
        assert shift < 0.1, f"{kind}: layout shift {shift}"
    if kind == "booklet":
        assert transferred < CORE_RULES_BUDGET


def test_fonts_are_woff2_subsets_served_preloaded(browser, host):
    url, _ = host
    _load(browser, url + "en/core-rules.html")
    fonts = browser.evaluate("""performance.getEntriesByType("resource").filter(e => e.initiatorType === "link"
        || /\\.woff2$/.test(e.name)).map(e => [e.name.split("/").pop(), e.initiatorType, e.encodedBodySize])""")
    preloaded = {name for name, initiator, _ in fonts if initiator == "link"}
    assert {"NotoSerif-Regular.woff2", "BebasNeue-Regular.woff2"} <= preloaded
    # Each preload is used by the page: no font is fetched twice.
    names = [name for name, _, _ in fonts if name.endswith(".woff2")]
    assert names and len(names) == len(set(names)), names
    assert all(size < 40_000 for name, _, size in fonts if name.endswith(".woff2")), fonts


# The width of the rules' text (both languages' Core Rules) set in a face at 100 px, once in the face and once
# in its fallback face; the fallback's load status tells whether the machine has one of its faces.
WIDTHS = """(async () => {
  const text = (await Promise.all(["en", "es"].map(lang => fetch(`/${lang}/core-rules.html`).then(r => r.text()))))
    .map(page => new DOMParser().parseFromString(page, "text/html").querySelector("main").textContent)
    .join(" ").replace(/\\s+/g, " ");
  const width = (family, weight, style) => {
    const span = document.createElement("span");
    span.style.cssText = `position: absolute; white-space: pre; font: ${style} ${weight} 100px "${family}"`;
    span.textContent = text;
    document.body.append(span);
    const measured = span.getBoundingClientRect().width;
    span.remove();
    return measured;
  };
  const faces = %s;
  const found = [];
  for (const [family, weight, style] of faces) {
    await document.fonts.load(`${style} ${weight.split(" ")[0]} 100px "${family}"`, text).catch(() => null);
    await document.fonts.load(`${style} ${weight.split(" ")[0]} 100px "${family} fallback"`, text).catch(() => null);
    const stand_in = Array.from(document.fonts).find(face => face.family === `${family} fallback`
      && face.weight === weight && face.style === style);
    found.push([width(family, weight.split(" ")[0], style), width(`${family} fallback`, weight.split(" ")[0], style),
                stand_in ? stand_in.status : "missing"]);
  }
  return found;
})()"""


def test_each_fallback_sets_the_rules_as_wide_as_its_face(browser, host, figures):
    # Text shown before its face arrives is set in the fallback; as wide, it wraps where the face will
    # wrap it and nothing moves when the face comes.
    url, _ = host
    _load(browser, url + "en/core-rules.html")
    faces = [[face.family, face.weight, face.style] for face in WEB_FONTS]
    widths = browser.evaluate(WIDTHS % json.dumps(faces))
    ratios = {face.file: round(fallback / shipped, 4) for face, (shipped, fallback, _) in zip(WEB_FONTS, widths)}
    figures["fallback_width_ratios"] = ratios
    assert [status for *_, status in widths] == ["loaded"] * len(WEB_FONTS), widths
    assert all(abs(ratio - 1) < 0.02 for ratio in ratios.values()), ratios


def test_the_phone_layout_is_right_without_javascript(browser, host):
    url, _ = host
    first_h1 = None
    for scripts in (False, True):
        _load(browser, url + "en/core-rules.html", scripts=scripts)
        layout = browser.evaluate("""({contents: document.querySelector("details[data-contents]").open,
            contentsHeight: document.querySelector(".contents").getBoundingClientRect().height,
            header: document.querySelector(".site-head").getBoundingClientRect().height,
            h1: document.querySelector("main h1").getBoundingClientRect().top,
            wide: document.documentElement.scrollWidth > document.documentElement.clientWidth})""")
        # The contents are folded from the first paint, the header compact, nothing wider than the phone.
        assert layout["contents"] is False and layout["contentsHeight"] < 80, layout
        assert layout["header"] < 140 and not layout["wide"], layout
        if scripts:
            assert layout["h1"] == first_h1, "the scripts moved the page"
        first_h1 = layout["h1"]


def test_the_header_stays_within_reach(browser, host):
    url, _ = host
    _load(browser, url + "en/core-rules.html#C4.18")
    place = browser.evaluate("""(() => {
        const search = document.querySelector(".site-head input").getBoundingClientRect(),
        target = document.getElementById("C4.18-title").getBoundingClientRect(),
        head = document.querySelector(".site-head").getBoundingClientRect();
        return {scrolled: window.scrollY, searchTop: search.top, searchBottom: search.bottom,
                headBottom: head.bottom, target: target.top}; })()""")
    assert place["scrolled"] > 5000, place
    # Far down the page the search box is still on screen, and the rule's heading is not under the header.
    assert 0 <= place["searchTop"] and place["searchBottom"] <= 80, place
    assert place["target"] >= place["headBottom"], place


def test_the_current_section_is_marked_in_the_contents(browser, host):
    url, _ = host
    _load(browser, url + "en/core-rules.html#C4.7", width=1366, height=900)
    browser.evaluate(SETTLED)
    assert browser.evaluate("document.querySelector('.contents a.current').getAttribute('href')") == "#C4.7"
    assert browser.evaluate("document.querySelector('.contents a.current').getAttribute('aria-current')") == "location"


def test_tap_targets_are_44_pixels(browser, host):
    url, _ = host
    _load(browser, url + "en/core-rules.html")
    browser.evaluate("document.querySelector('details[data-contents]').open = true")
    small = browser.evaluate("""Array.from(document.querySelectorAll(
        ".site-head a, .site-head input, .contents summary, .contents a, .copy-link"))
        .map(e => [e.className || e.tagName, e.getBoundingClientRect()])
        .filter(([, box]) => box.width > 0 && (box.width < 44 || box.height < 44))
        .map(([name, box]) => name + " " + Math.round(box.width) + "x" + Math.round(box.height))""")
    count = browser.evaluate("document.querySelectorAll('.contents a, .copy-link').length")
    assert count > 60
    assert small == [], small[:10]


def test_wide_tables_show_that_they_scroll(browser, host):
    url, _ = host
    _load(browser, url + "en/requisitions.html")
    frames = browser.evaluate("""Array.from(document.querySelectorAll(".table-frame")).map(frame => {
        const scroller = frame.querySelector(".table-scroll");
        return [scroller.scrollWidth > scroller.clientWidth, frame.getAttribute("data-more") || ""]; })""")
    wide = [more for overflows, more in frames if overflows]
    assert wide, "no table is wider than a phone"
    assert all(more == "right" for more in wide), wide
    assert all(more == "" for overflows, more in frames if not overflows)


def test_every_rule_heading_has_a_copy_link(site_dir):
    page = (site_dir / "en" / "core-rules.html").read_text(encoding="utf-8")
    headings = re.findall(r'<h[23] class="(?:chapter|rule)-title" id="([^"]+)-title">(.*?)</h[23]>', page)
    assert len(headings) > 40
    for rule_id, heading in headings:
        assert f'<a class="copy-link" href="#{rule_id}" data-copy-link' in heading, rule_id


def test_dark_mode_follows_the_system(browser, host):
    url, _ = host
    colours = {}
    for dark in (False, True):
        _load(browser, url + "en/core-rules.html", dark=dark)
        colours[dark] = browser.evaluate("""(() => {
            // rgb(0-255) or, for a colour mixed in CSS, color(srgb 0-1).
            const rgb = c => c.match(/[\\d.]+/g).slice(0, 3).map(Number).map(v => c.startsWith("color(") ? v * 255 : v);
            const style = s => getComputedStyle(document.querySelector(s));
            return {page: rgb(style("body").backgroundColor), text: rgb(style("main p").color),
                    accent: rgb(style("main .rule-id").color), muted: rgb(style(".booklet-subtitle").color),
                    head: rgb(style(".site-head").backgroundColor), headText: rgb(style(".brand").color),
                    th: rgb(style("th").backgroundColor), thText: rgb(style("th").color)}; })()""")
    light, dark = colours[False], colours[True]
    assert _luminance(light["page"]) > 0.8 and _luminance(dark["page"]) < 0.05
    for text, background in (("text", "page"), ("accent", "page"), ("muted", "page"), ("headText", "head"),
                             ("thText", "th")):
        assert _contrast(dark[text], dark[background]) >= 4.5, (text, dark[text], dark[background])


def _luminance(rgb: list[float]) -> float:
    linear = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: list[float], b: list[float]) -> float:
    lighter, darker = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_query_suite_finds_the_right_rule_first(browser, host, figures, lang):
    url, _ = host
    queries = QUERIES[lang]
    assert len(queries) >= 40
    _load(browser, url + f"{lang}/search.html")
    firsts = browser.evaluate(f"""(() => {{ const found = {{}};
        {json.dumps(list(queries))}.forEach(q => {{ const hits = SW28Search.rank(q, "{lang}");
            found[q] = hits.length ? hits[0].lang + " " + hits[0].id : null; }});
        return found; }})()""")
    wrong = {query: firsts[query] for query, expected in queries.items()
             if firsts[query] not in {f"{lang} {rule}" for rule in
                                      ([expected] if isinstance(expected, str) else expected)}}
    rate = 1 - len(wrong) / len(queries)
    figures.setdefault("search", {})[lang] = {"queries": len(queries), "right_first": len(queries) - len(wrong),
                                              "rate": round(rate, 3), "missed": wrong}
    assert rate >= 0.95, wrong


def test_the_results_page_marks_the_words_found(browser, host):
    url, _ = host
    _load(browser, url + "es/search.html?q=granadas")
    first = browser.evaluate("document.querySelector('.search-hit').getAttribute('href')")
    marks = browser.evaluate("Array.from(document.querySelectorAll('#search-results mark')).map(m => m.textContent)")
    assert first == "../es/core-rules.html#C4.15"
    assert marks and all(mark.lower().startswith("granad") for mark in marks), marks[:10]


def test_an_exact_rule_id_opens_the_rule(browser, host):
    url, _ = host
    _load(browser, url + "en/search.html?q=a3.5")
    _arrive(browser, "/en/requisitions.html#A3.5")
    assert browser.evaluate("document.querySelector(':target').id") == "A3.5"


def test_no_zero_width_characters_reach_the_reader(browser, host, site_dir):
    pages = sorted(site_dir.rglob("*.html"))
    assert len(pages) > 250
    for page in pages:
        assert not re.search("[\u00ad\u200b\u200c\u2060\ufeff]", page.read_text(encoding="utf-8")), page
    url, _ = host
    _load(browser, url + "es/core-rules.html")
    text = browser.evaluate("document.body.innerText")
    assert len(text) > 20_000 and not re.search("[\u00ad\u200b\u200c\u2060\ufeff]", text)


def test_the_offline_app_opens_without_a_network(site_dir, tmp_path):
    chromium = Browser(tmp_path / "profile")
    try:
        with serve(site_dir) as (url, server):
            chromium.open()
            chromium.go(url + "en/core-rules.html")
            # The worker is active once it has kept every file of the site.
            kept = chromium.evaluate("""navigator.serviceWorker.ready.then(() => caches.keys())
                .then(names => caches.open(names[0])).then(cache => cache.keys()).then(keys => keys.length)""")
            files = json.loads(re.match(r"self\.SW28_OFFLINE = (.*);\n", (site_dir / "sw.js").read_text()).group(1))
            assert kept == len(files["files"]) > 250
            manifest = chromium.evaluate("document.querySelector('link[rel=manifest]').href")
            assert manifest == url + "manifest.webmanifest"
            stop(server)
            with pytest.raises(OSError):
                urllib.request.urlopen(url + "index.html")
            chromium.reload()
            assert chromium.evaluate("document.getElementById('C4.18').tagName + ' ' + document.fonts.status") \
                == "SECTION loaded"
            # A page not opened before, and a short link, open too.
            chromium.go(url + "es/cards.html")
            cards = chromium.evaluate("document.documentElement.lang + ' ' + document.querySelectorAll('.card').length")
            assert cards.startswith("es ") and int(cards.split()[1]) > 50
            chromium.go(url + "es/C4.7/")
            _arrive(chromium, PERMALINK_TARGET)
            assert chromium.evaluate("document.documentElement.lang") == "es"
    finally:
        chromium.close()
