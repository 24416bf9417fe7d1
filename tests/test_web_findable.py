"""The web edition's files beside its pages: font subsets, the app's files, what makes it findable, search words."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from io import BytesIO
from pathlib import Path, PurePosixPath

import pytest
from conftest import PROJECT, copy_project, run_sw28
from doctests import run_doctests
from fontTools.ttLib import TTFont

from sacredwire.load import load_rulebook
from sacredwire.web import _fonts, make_site
from sacredwire.web._fonts import WEB_FONTS


@pytest.fixture(scope="module")
def rulebook():
    return load_rulebook(PROJECT)


@pytest.fixture(scope="module")
def site(web_site):
    return web_site


def test_fonts_are_woff2_subsets_of_the_characters_shown(site):
    shown = set("".join(data.decode("utf-8") for path, data in site.items() if path.suffix == ".html"))
    for face in WEB_FONTS:
        data = site[PurePosixPath("fonts", face.file)]
        assert data[:4] == b"wOF2" and len(data) < 40_000, face.file
        font = TTFont(BytesIO(data))
        cmap = set(map(chr, font.getBestCmap()))
        original = set(map(chr, TTFont(PROJECT / "templates" / "fonts" / face.source).getBestCmap()))
        # Every character a page shows that the font has, and little else.
        assert {char for char in shown if char in original} <= cmap, face.file
        assert len(cmap) < min(len(original), 300), face.file
    assert not any(path.suffix in (".ttf", ".otf") for path in site)
    style = site[PurePosixPath("style.css")].decode()
    assert style.count("font-display: swap") == len(WEB_FONTS)
    # Each face's stand-in covers exactly the characters the face's subset has: no more, so that once the
    # fonts are in a shipped font draws every character; no fewer, so that nothing shows in a third face.
    stand_ins = re.findall(r'font-family: "([^"]+) fallback"; src: ([^;]+); font-weight: ([^;]+); font-style: (\w+); '
                           r'size-adjust: [0-9.]+%; unicode-range: ([^;]+);', style)
    assert len(stand_ins) == len(WEB_FONTS)
    for face, (family, local, weight, style_name, ranges) in zip(WEB_FONTS, stand_ins):
        assert (family, weight, style_name) == (face.family, face.weight, face.style)
        assert local.startswith("local(")
        covered = set()
        for part in ranges.split(","):
            low, _, high = part.removeprefix("U+").partition("-")
            covered |= set(range(int(low, 16), int(high or low, 16) + 1))
        assert covered == set(TTFont(BytesIO(site[PurePosixPath("fonts", face.file)])).getBestCmap()), face.file
    page = site[PurePosixPath("en/core-rules.html")].decode()
    preloads = re.findall(r'<link rel="preload" href="\.\./fonts/([^"]+)" as="font" type="font/woff2" crossorigin>',
                          page)
    assert preloads == [face.file for face in WEB_FONTS if "booklet" in face.preload_on]


def test_subsets_are_made_once_and_give_the_same_bytes(rulebook, tmp_path, monkeypatch):
    made = []
    subset = _fonts.subset_woff2
    monkeypatch.setattr(_fonts, "subset_woff2", lambda font, text: made.append(1) or subset(font, text))
    monkeypatch.setattr(_fonts, "_MEMORY", {})
    first = make_site(rulebook, ["en"], tmp_path)
    assert len(made) == len(WEB_FONTS)
    cached = sorted((tmp_path / _fonts.CACHE_FOLDER).iterdir())
    assert len(cached) == len(WEB_FONTS)
    # A new process (empty memory) reads the cache folder; a damaged entry is made again.
    monkeypatch.setattr(_fonts, "_MEMORY", {})
    cached[0].write_bytes(b"not a font")
    second = make_site(rulebook, ["en"], tmp_path)
    assert len(made) == len(WEB_FONTS) + 1
    assert {path: data for path, data in first.items() if path.parts[0] == "fonts"} == \
        {path: data for path, data in second.items() if path.parts[0] == "fonts"}


def test_the_app_files(site):
    manifest = json.loads(site[PurePosixPath("manifest.webmanifest")])
    assert manifest["start_url"] == "index.html" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert PurePosixPath(icon["src"]) in site
    png = site[PurePosixPath("icons/icon-512.png")]
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == 512
    worker = site[PurePosixPath("sw.js")].decode()
    offline = json.loads(re.match(r"self\.SW28_OFFLINE = (.*);\n", worker).group(1))
    assert set(offline["files"]) == {str(path) for path in site if str(path) != "sw.js"}
    assert site[PurePosixPath("favicon.svg")].startswith(b"<svg")
    for path in ("en/core-rules.html", "index.html"):
        assert b'rel="icon" href="' in site[PurePosixPath(path)]


def test_sitemap_404_and_sharing_tags_without_a_site_url(site):
    sitemap = ElementTree.fromstring(site[PurePosixPath("sitemap.xml")])
    locations = [element.text for element in sitemap.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    # The index, then per language: five booklets, the quick reference, the cards, search, the squad builder
    # and the mission generator.
    assert "index.html" in locations and "es/core-rules.html" in locations and len(locations) == 1 + 2 * 10
    missing = site[PurePosixPath("404.html")].decode()
    assert 'href="/index.html"' in missing and 'action="/es/search.html"' in missing
    page = site[PurePosixPath("es/core-rules.html")].decode()
    assert '<meta property="og:title" content="Reglas básicas · Sacred Wire 28">' in page
    assert '<meta property="og:locale" content="es_ES">' in page
    # Without an address relative alternates would be invalid: none.
    assert "hreflang" not in page.split("</head>")[0] and "og:url" not in page


def test_a_site_url_makes_alternates_and_the_sitemap_absolute(tmp_path):
    project = copy_project(tmp_path)
    book = project / "content" / "book.yaml"
    book.write_text(book.read_text().replace("languages:", "site_url: https://rules.example.org/sw28\nlanguages:"))
    site = make_site(load_rulebook(project), ["en", "es"])
    page = site[PurePosixPath("en/core-rules.html")].decode()
    assert '<link rel="alternate" hreflang="es" href="https://rules.example.org/sw28/es/core-rules.html">' in page
    assert '<link rel="alternate" hreflang="en" href="https://rules.example.org/sw28/en/core-rules.html">' in page
    assert ('<link rel="alternate" hreflang="x-default" href="https://rules.example.org/sw28/en/core-rules.html">'
            in page)
    assert '<meta property="og:url" content="https://rules.example.org/sw28/en/core-rules.html">' in page
    assert '<meta property="og:image" content="https://rules.example.org/sw28/icons/icon-512.png">' in page
    sitemap = site[PurePosixPath("sitemap.xml")].decode()
    assert "<loc>https://rules.example.org/sw28/es/cards.html</loc>" in sitemap
    assert 'href="https://rules.example.org/sw28/index.html"' in site[PurePosixPath("404.html")].decode()


@pytest.mark.parametrize("text, message", [
    ("site_url: rules.example.org", "site_url 'rules.example.org' is not a web address"),
])
def test_a_bad_site_url_is_a_finding_with_its_line(tmp_path, text, message):
    project = copy_project(tmp_path)
    book = project / "content" / "book.yaml"
    lines = book.read_text().splitlines()
    book.write_text("\n".join([*lines[:1], text, *lines[1:]]) + "\n")
    result = run_sw28("build", "web", "--out", str(tmp_path / "out"), cwd=project)
    assert result.returncode == 2 and "content/book.yaml:" in result.stderr and message in result.stderr


@pytest.mark.parametrize("edit, message", [
    (("    - [armour, armor]", "    - [armour, Armor]"), "write 'Armor' as 'armor'"),
    (("    - [armour, armor]", "    - [armour]"), "needs two different members"),
    (("    - [defence, defense]", "    - [defence, armour]"), "'armour' is in synonym groups 1 and 2"),
    (("    C4.5: [engaged, melee]", "    C9.5: [engaged, melee]"), "'C9.5' is no rule ID of the en text"),
    (("  en: [a, an,", "  en: [armor, a, an,"), "'armor' is both a stop word and a synonym"),
    (("\nstop_words:\n", "\nstopwords:\n"), "unknown key 'stopwords'"),
])
def test_search_words_are_checked(tmp_path, edit, message):
    project = copy_project(tmp_path)
    path = project / "content" / "search.yaml"
    text = path.read_text(encoding="utf-8")
    assert edit[0] in text
    path.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    result = run_sw28("check", cwd=project)
    assert result.returncode == 2, result.stdout + result.stderr
    assert re.search(r"content/search\.yaml:\d+: ", result.stderr) and message in result.stderr, result.stderr


def test_the_search_words_reach_the_index(site):
    script = site[PurePosixPath("search-index.js")].decode()
    words = json.loads(script.splitlines()[1].split(" = ", 1)[1].rstrip(";"))
    english = words["en"]
    # The glossary's abbreviations join the groups of content/search.yaml.
    assert any({"los", "line of sight"} <= set(group) for group in english["synonyms"])
    assert any({"out of action", "ooa", "ko"} <= set(group) for group in english["synonyms"])
    assert any({"fdc", "fuera de combate"} <= set(group) for group in words["es"]["synonyms"])
    assert "los" in words["es"]["stop"] and "los" not in english["stop"]
    entries = json.loads(script.splitlines()[0].split(" = ", 1)[1].rstrip(";"))
    damage = next(entry for entry in entries if entry["lang"] == "en" and entry["id"] == "C4.18")
    assert damage["terms"] == ["out of action"]


def test_print_starts_a_booklet_on_its_content():
    style = (PROJECT / "templates" / "web" / "style.css").read_text(encoding="utf-8")
    printing = style[style.index("@media print"):]
    assert "section.chapter { break-before: page; }" in printing
    assert ".booklet-head + section.chapter { break-before: auto; }" in printing


def test_docstring_examples():
    from sacredwire.web import _app

    run_doctests(_fonts)
    run_doctests(_app)


def test_the_lighthouse_script_refuses_a_missing_site(tmp_path):
    import subprocess
    import sys

    result = subprocess.run([sys.executable, str(PROJECT / "scripts" / "lighthouse.py"), "--site", str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "no built site here" in result.stderr
    assert Path(PROJECT / "scripts" / "lighthouse.py").is_file()
