"""The web edition, built in-process from the real content: ids, links, languages, accessibility."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import PurePosixPath
from urllib.parse import unquote, urlsplit

import pytest
from conftest import PROJECT, copy_project, run_sw28
from doctests import run_doctests

from sacredwire.colour import css_to_rgb
from sacredwire.load import load_rulebook
from sacredwire.model import Rulebook
from sacredwire.render import RenderContext, render
from sacredwire.render.pages import PageMap
from sacredwire.web import make_site
from sacredwire.web._fonts import with_fallbacks
from sacredwire.web._search import INDEX_VARIABLE


@dataclass
class Page:
    """What the tests need to know about one HTML file."""

    html_lang: str | None = None
    ids: list[str] = field(default_factory=list)
    links: list[tuple[str, str]] = field(default_factory=list)  # (tag.attribute, URL)
    headings: list[int] = field(default_factory=list)
    # (innermost element id that is a rule ID, href) for every a.xref
    xrefs: list[tuple[str | None, str]] = field(default_factory=list)
    tables: list[dict[str, int]] = field(default_factory=list)
    svgs: list[dict[str, str]] = field(default_factory=list)
    langs: list[str] = field(default_factory=list)
    landmarks: set[str] = field(default_factory=set)


RULE_ID = re.compile(r"^[CAIKM]\d+(\.\d+)?$")
VOID = {"meta", "link", "input", "br", "img", "hr", "source", "col", "wbr", "area", "base", "embed", "track"}


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._stack: list[tuple[str, str | None]] = []
        self._table: dict[str, int] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        page = self.page
        if tag == "html":
            page.html_lang = attributes.get("lang")
        if "lang" in attributes:
            page.langs.append(attributes["lang"])
        if "id" in attributes:
            page.ids.append(attributes["id"])
        for name in ("href", "src"):
            if name in attributes and tag != "svg":
                page.links.append((f"{tag}.{name}", attributes[name]))
        if tag == "meta" and attributes.get("http-equiv") == "refresh":
            page.links.append(("meta.refresh", attributes["content"].split("url=", 1)[1]))
        if re.fullmatch(r"h[1-6]", tag):
            page.headings.append(int(tag[1]))
        if tag in ("main", "nav", "header", "footer"):
            page.landmarks.add(tag)
        if tag == "a" and "xref" in attributes.get("class", "").split():
            section = next((element_id for _, element_id in reversed(self._stack)
                            if element_id and RULE_ID.match(element_id)), None)
            page.xrefs.append((section, attributes["href"]))
        if tag == "table":
            self._table = {"th": 0, "td": 0, "thead": 0, "caption": 0}
            page.tables.append(self._table)
        if tag in ("th", "td", "thead", "caption") and self._table is not None:
            self._table[tag] += 1
        if tag == "svg":
            page.svgs.append(attributes)
        if tag not in VOID:
            self._stack.append((tag, attributes.get("id")))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self._stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._table = None
        while self._stack:
            open_tag, _ = self._stack.pop()
            if open_tag == tag:
                break


def parse(html: bytes) -> Page:
    parser = _PageParser()
    parser.feed(html.decode("utf-8"))
    parser.close()
    return parser.page


@pytest.fixture(scope="module")
def rulebook() -> Rulebook:
    return load_rulebook(PROJECT)


@pytest.fixture(scope="module")
def site(web_site: Mapping[PurePosixPath, bytes]) -> Mapping[PurePosixPath, bytes]:
    return web_site


@pytest.fixture(scope="module")
def pages(site: Mapping[PurePosixPath, bytes]) -> dict[PurePosixPath, Page]:
    return {path: parse(data) for path, data in site.items() if path.suffix == ".html"}


def booklet_pages(rulebook: Rulebook) -> Iterator[tuple[str, str, PurePosixPath]]:
    for (key, lang) in rulebook.booklets:
        yield key, lang, PurePosixPath(lang, f"{key}.html")


def test_the_site_has_its_pages_in_both_languages(site):
    expected = {"index.html", "style.css", "tokens.css", "site.js", "search.js", "search-index.js", "fonts/OFL.txt"}
    for lang in ("en", "es"):
        expected |= {f"{lang}/{name}.html" for name in ("core-rules", "requisitions", "inhuman-resources",
                                                        "campaign", "missions", "quick-reference", "cards",
                                                        "search")}
    assert expected <= {str(path) for path in site}


def test_every_rule_id_has_an_element_and_a_short_link(rulebook, pages):
    checked = 0
    for key, lang, path in booklet_pages(rulebook):
        ids = pages[path].ids
        for section in rulebook.booklet(key, lang).all_sections():
            rule_id = str(section.id)
            assert ids.count(rule_id) == 1, f"{path}: id={rule_id!r} appears {ids.count(rule_id)} times"
            short = pages[PurePosixPath(lang, rule_id, "index.html")]
            assert ("meta.refresh", f"../{key}.html#{rule_id}") in short.links
            checked += 1
    assert checked == 2 * len(rulebook.sections("en")) > 200


def test_ids_are_unique_on_every_page(pages):
    assert pages
    for path, page in pages.items():
        repeated = sorted({element_id for element_id in page.ids if page.ids.count(element_id) > 1})
        assert not repeated, f"{path}: repeated ids {repeated[:5]}"


def _resolve(site: dict[PurePosixPath, bytes], pages: dict[PurePosixPath, Page], source: PurePosixPath,
             url: str) -> str | None:
    """Why ``url`` on page ``source`` does not resolve, or None when it does."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None if parts.scheme in ("http", "https") else f"unexpected scheme in {url}"
    if parts.path.startswith("/"):
        # Only the 404 page, which a host shows at any depth, links from the site's root.
        assert source == PurePosixPath("404.html"), f"{source}: {url} starts at the root"
        target = PurePosixPath(*_normalise(PurePosixPath(unquote(parts.path[1:]))))
    elif parts.path:
        target = PurePosixPath(*_normalise(source.parent / unquote(parts.path)))
    else:
        target = source
    if target not in site:
        return f"no file {target}"
    if parts.fragment:
        if target not in pages:
            return f"fragment into a non-page {target}"
        if unquote(parts.fragment) not in pages[target].ids:
            return f"no id {parts.fragment!r} in {target}"
    return None


def _normalise(path: PurePosixPath) -> list[str]:
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            assert parts, f"{path} leaves the site"
            parts.pop()
        elif part != ".":
            parts.append(part)
    return parts


def test_every_link_inside_the_site_resolves(site, pages):
    broken = []
    count = 0
    for path, page in pages.items():
        for kind, url in page.links:
            count += 1
            problem = _resolve(site, pages, path, url)
            if problem:
                broken.append(f"{path}: {kind} {url}: {problem}")
    assert not broken, "\n".join(broken[:20])
    assert count > 2000


def test_every_page_declares_its_language(pages):
    assert pages
    for path, page in pages.items():
        lang = path.parts[0] if len(path.parts) > 1 else "en"
        assert page.html_lang == lang, path
    index = pages[PurePosixPath("index.html")]
    assert {"en", "es"} <= set(index.langs)


def test_one_h1_per_page_and_no_skipped_heading_level(pages):
    assert pages
    for path, page in pages.items():
        assert page.headings.count(1) == 1, f"{path}: {page.headings.count(1)} h1"
        assert page.headings[0] == 1, path
        for before, after in zip(page.headings, page.headings[1:]):
            assert after <= before + 1, f"{path}: h{before} followed by h{after}"


def test_pages_have_landmarks(pages):
    assert pages
    for path, page in pages.items():
        assert "main" in page.landmarks, path
        if path.parts[-1] not in ("index.html", "404.html"):
            assert {"header", "nav", "footer"} <= page.landmarks, path


def test_tables_have_header_cells_and_captions(pages):
    tables = [table for page in pages.values() for table in page.tables]
    assert len(tables) > 100
    for table in tables:
        assert table["thead"] == 1 and table["th"] >= 1 and table["caption"] == 1, table


def test_diagrams_have_text_alternatives(pages):
    svgs = [svg for page in pages.values() for svg in page.svgs]
    assert len(svgs) >= 6
    for svg in svgs:
        assert svg.get("role") == "img" and svg.get("aria-label"), svg


def test_references_are_links_to_the_sections_the_checker_resolves(rulebook, site, pages):
    """Every reference the checker sees in a section's text is a link in that section, to the right page."""
    booklets = list(booklet_pages(rulebook))
    assert booklets
    for key, lang, path in booklets:
        linked: dict[str | None, set[str]] = {}
        for section, href in pages[path].xrefs:
            linked.setdefault(section, set()).add(href)
        for section in rulebook.booklet(key, lang).all_sections():
            expected = set()
            for xref in section.xrefs:
                assert xref.target is not None, f"{xref.location}: unresolved reference"
                booklet = rulebook.meta.booklet_for_letter(xref.target.letter)
                expected.add(f"#{xref.target}" if booklet.key == key else f"{booklet.key}.html#{xref.target}")
            here = linked.get(str(section.id), set())
            # Summaries are not printed in the booklet text; every other reference is.
            in_summary = {href for href in expected - here if _summary_mentions(section, href)}
            assert expected - in_summary <= here, f"{path} {section.id}: missing {expected - in_summary - here}"
        for section, href in pages[path].xrefs:
            assert _resolve(site, pages, path, href) is None, f"{path} {section}: {href}"


def _summary_mentions(section, href: str) -> bool:
    target = href.rsplit("#", 1)[1]
    return any(token.content and f"{target}}}" in token.content for token in section.summary)


def test_references_print_title_and_id_without_page_numbers(site):
    html = site[PurePosixPath("en/core-rules.html")].decode()
    links = re.findall(r'<a class="xref" href="([^"]+)" data-target="([^"]+)">([^<]+)</a>', html)
    assert links
    for href, target, text in links:
        assert href.endswith(f"#{target}")
        assert text.endswith(f"({target})"), text
        assert "p.\u00a0" not in text and "Vol." not in text
    assert re.search(r'href="requisitions\.html#A3\.\d+"', html), "no reference across volumes"
    assert 'data-page' not in html


def test_the_language_switch_points_at_the_same_page(pages):
    page = pages[PurePosixPath("en/core-rules.html")]
    assert ("a.href", "../es/core-rules.html") in page.links
    assert ("a.href", "../en/cards.html") in pages[PurePosixPath("es/cards.html")].links


def test_a_single_language_site_has_no_switch(rulebook):
    site = make_site(rulebook, ["es"])
    assert not any(path.parts[0] == "en" for path in site if len(path.parts) > 1)
    assert b"../en/" not in site[PurePosixPath("es/core-rules.html")]


def test_search_index_covers_every_section_of_both_languages(rulebook, site):
    script = site[PurePosixPath("search-index.js")].decode()
    prefix = f"window.{INDEX_VARIABLE} = "
    assert script.startswith(prefix)
    entries = json.loads(script.splitlines()[0][len(prefix):].rstrip().rstrip(";"))
    for lang in ("en", "es"):
        indexed = {entry["id"] for entry in entries if entry["lang"] == lang}
        assert indexed == {str(rule_id) for rule_id in rulebook.sections(lang)}
    riposte = next(entry for entry in entries if entry["lang"] == "es" and entry["id"] == "C4.7")
    assert "Contraataque" in riposte["text"] and "<" not in riposte["text"]
    assert riposte["url"] == "es/core-rules.html#C4.7"


def test_fonts_and_tokens_are_the_print_editions(site):
    # The same tokens, each ink as the screen colour derived from it, each family followed by the face
    # that stands in for it until it arrives.
    print_tokens = (PROJECT / "templates/base/tokens.css").read_text(encoding="utf-8")
    assert site[PurePosixPath("tokens.css")].decode() == with_fallbacks(css_to_rgb(print_tokens))
    assert '--font-body: "SW Serif", "SW Serif fallback", "SW Sans", "SW Sans fallback";' in \
        site[PurePosixPath("tokens.css")].decode()
    assert "device-cmyk" in print_tokens and "device-cmyk" not in site[PurePosixPath("tokens.css")].decode()
    style = site[PurePosixPath("style.css")].decode()
    for font in re.findall(r"url\(([^)]+)\)", style):
        assert PurePosixPath(font) in site, font
    # Colours come from the tokens only.
    assert not re.search(r"#[0-9a-fA-F]{3,6}\b", style)


def _luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("text, background", [
    ("ink", "paper"), ("muted", "paper"), ("accent", "paper"), ("accent", "zebra"), ("ink", "accent-soft"),
    ("muted", "zebra"), ("paper", "ink"), ("ink", "zebra"),
])
def test_the_colour_pairs_the_site_uses_meet_wcag_aa(site, text, background):
    tokens = dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-f]{6})", site[PurePosixPath("tokens.css")].decode()))
    lighter, darker = sorted((_luminance(tokens[text]), _luminance(tokens[background])), reverse=True)
    assert (lighter + 0.05) / (darker + 0.05) >= 4.5


def test_the_print_html_is_unchanged_by_the_web_references(rulebook):
    context = RenderContext(rulebook, "en", PageMap({"requisitions": {"sec-A3-1": 12}}))
    html = render("booklet", context, booklet_key="core-rules")
    assert ('<a class="xref" href="requisitions.pdf#sec-A3-1" data-target="A3.1" data-booklet="requisitions" '
            'data-page="12">Improvised Combat (A3.1,\u00a0Vol.\u00a02,\u00a0p.\u00a012)</a>') in html
    assert 'id="C4.7"' not in html


def test_sw28_build_web_writes_the_site(tmp_path):
    out = tmp_path / "out"
    result = run_sw28("build", "web", "--lang", "all", "--out", str(out), cwd=PROJECT)
    assert result.returncode == 0, result.stderr
    assert (out / "web" / "index.html").is_file()
    assert (out / "web" / "es" / "C4.7" / "index.html").is_file()
    assert not list(out.glob("*/*/*.pdf"))


def test_the_default_build_includes_the_site(build_dir):
    for lang in ("en", "es"):
        assert (build_dir / "web" / lang / "core-rules.html").is_file()
        assert (build_dir / lang / "press" / "core-rules.pdf").is_file()


def test_a_small_project_gets_the_pages_it_has_content_for(tmp_path):
    project = copy_project(tmp_path, PROJECT / "tests" / "roots" / "minimal" / "content")
    result = run_sw28("build", "web", "--lang", "all", "--out", str(tmp_path / "out"), cwd=project)
    assert result.returncode == 0, result.stderr
    site = tmp_path / "out" / "web"
    assert (site / "en" / "core-rules.html").is_file() and (site / "en" / "search.html").is_file()
    assert not (site / "en" / "quick-reference.html").exists() and not (site / "es").exists()
    assert b"quick-reference.html" not in (site / "index.html").read_bytes()
    spanish = run_sw28("build", "web", "--lang", "es", "--out", str(tmp_path / "out"), cwd=project)
    assert spanish.returncode == 2 and "--lang 'es' is not a language of content/book.yaml" in spanish.stderr


def test_sw28_build_web_refuses_content_with_errors(tmp_path):
    project = copy_project(tmp_path)
    combat = project / "content/core-rules/en/04-combat.md"
    lines = combat.read_text().splitlines()
    number = next(index for index, line in enumerate(lines, start=1) if "{I1}" in line)
    combat.write_text(combat.read_text().replace("{I1}", "{I99}", 1))
    result = run_sw28("build", "web", "--out", str(tmp_path / "out"), cwd=project)
    assert result.returncode == 1  # a finding, as 'sw28 check' exits for it
    assert f"content/core-rules/en/04-combat.md:{number}:" in result.stderr
    assert not (tmp_path / "out" / "web").exists()


def test_docstring_examples():
    from sacredwire.web import _search

    run_doctests(_search)


def test_the_kit_data_cites_no_printed_page_whatever_was_built_in_the_project(tmp_path) -> None:
    """The site is made from its sources alone: a build's record in the project's build folder (another build's
    pages, perhaps of other sources) changes no byte of it, and the squad builder and mission generator cite
    a rule as the site's cross-references do, without a printed page."""
    from sacredwire.build_record import BUILD_FOLDER, BuildRecord
    from sacredwire.web.kit_data import kit_script

    project = copy_project(tmp_path / "project")
    rulebook = load_rulebook(project)

    def href(rule_id: str, lang: str) -> str:
        return f"{lang}/{rule_id}.html"

    before = kit_script(rulebook, ["en"], href).decode("utf-8")
    pages: dict[str, dict[str, int]] = {}
    for rule_id in rulebook.sections("en"):
        booklet = rulebook.meta.booklet_for_letter(rule_id.letter)
        pages.setdefault(booklet.key if booklet else "", {})[rule_id.anchor] = 99
    # Every rule of every booklet, each in its own booklet.
    assert "" not in pages and sum(map(len, pages.values())) == len(rulebook.sections("en")) > 0
    BuildRecord("inputs", {}, {"en": pages}).write(project / BUILD_FOLDER)
    after = kit_script(load_rulebook(project), ["en"], href).decode("utf-8")
    assert re.search(r'"cite": ?"\(C2, Vol\. 1\)"', after)
    assert after == before and "p. 99" not in after
