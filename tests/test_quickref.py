"""The quick reference, read back from its PDF and compared with the sections and tables it summarises."""

from __future__ import annotations

import re
import subprocess
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from conftest import PROJECT, copy_project
from doctests import run_doctests
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader
from qr_cards_build import CONTENT, MM, build_edited, pattern, pdf_pages, printed, smallest_type, table_homes, tables

from sacredwire.layout import LayoutError
from sacredwire.layout import quickref as quickref_layout
from sacredwire.layout.cache import LayoutCache
from sacredwire.load import load_rulebook
from sacredwire.render import PageMap, RenderContext, render
from sacredwire.render import quickref as quickref_render
from sacredwire.render._qrlayout import read_layout

A4_LANDSCAPE = (297 * MM, 210 * MM)
LETTER_LANDSCAPE = (792, 612)


@pytest.fixture(scope="session")
def out(build_dir: Path) -> Path:
    """The session's full build (tests/conftest.py)."""
    return build_dir


@cache
def layout() -> dict:
    return yaml.safe_load((CONTENT / "quick-reference.yaml").read_text(encoding="utf-8"))


def listed_sections() -> list[str]:
    return [section for page in layout()["pages"] for block in page["blocks"] for section in block.get("sections", [])]


def printed_tables() -> list[str]:
    """Tables the quick reference prints: the listed ones and those in listed summaries."""
    rulebook = load_rulebook(PROJECT)
    sections = {str(rule_id): section for rule_id, section in rulebook.sections("en").items()}
    in_summaries = [str(placement.table) for rule_id in listed_sections()
                    for placement in sections[rule_id].tables if placement.in_summary]
    listed = [table for page in layout()["pages"] for block in page["blocks"] for table in block.get("tables", [])]
    return in_summaries + listed


def row_pattern(table: dict, row: dict) -> str:
    columns = [column for column in table["columns"] if column.get("in_booklet", True)]
    return r"\s+".join(pattern(printed(column["kind"], row.get(column["key"]))) for column in columns)


def test_sides_are_landscape_and_fit_duplex(out: Path) -> None:
    reader = PdfReader(out / "en" / "screen" / "quick-reference.pdf")
    assert len(reader.pages) == len(layout()["pages"])
    assert 2 <= len(reader.pages) <= 4
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(A4_LANDSCAPE, abs=0.1)


def test_covers_everything_the_old_sheet_did() -> None:
    sections = set(listed_sections())
    # Dice, attributes, round, actions, movement, melee, casting, combat, damage, criticals, cover, grenades,
    # morale and leaving the board, blessings, search, interrogate.
    assert {"C1.9", "C1.10", "C2.1", "C2.2", "C4.1", "C4.2", "C4.3", "C4.5", "C4.6", "C4.7", "C4.13", "C4.15",
            "C4.16", "C4.17", "C4.18", "C4.19", "C4.20", "C5.1", "K2.1", "K2.2"} <= sections
    names = set(printed_tables())
    wanted = [table for table in tables() if re.match(r"^(critical-|fumble-|coworker-behaviour-)", table)
              or table.endswith("-behaviour")]
    assert set(wanted) <= names
    assert {"search-findings", "interrogate-results", "blessings"} <= names


def test_every_table_value_matches_its_source(out: Path) -> None:
    text = " ".join(pdf_pages(out / "en" / "screen" / "quick-reference.pdf"))
    table_ids = printed_tables()
    assert table_ids
    for table_id in table_ids:
        table = tables()[table_id]
        assert table["rows"], table_id
        for row in table["rows"]:
            assert re.search(row_pattern(table, row), text), f"{table_id} row {row['key']} not printed as stored"


def test_every_block_names_its_rule_ids(out: Path) -> None:
    pages = pdf_pages(out / "en" / "screen" / "quick-reference.pdf")
    layout_pages = layout()["pages"]
    assert layout_pages
    for number, page in enumerate(layout_pages):
        assert page["blocks"], number
        for block in page["blocks"]:
            ids = block.get("sections", []) + [table_homes()[table] for table in block.get("tables", [])]
            assert ids, block
            for rule_id in ids:
                assert re.search(rf"(?<![\d.]){re.escape(rule_id)}(?![\d.])", pages[number]), rule_id


def test_summaries_are_printed_under_their_titles(out: Path) -> None:
    text = " ".join(pdf_pages(out / "en" / "screen" / "quick-reference.pdf"))
    sections = load_rulebook(PROJECT).sections("en")
    printed = 0
    for rule_id, section in sections.items():
        if str(rule_id) in listed_sections():
            printed += 1
            assert f"{rule_id} {section.title}" in text
    assert printed


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_text_below_minimum_size(out: Path, lang: str) -> None:
    # The quick reference is read at the table: every word, folios and rule-ID labels too. English and
    # Spanish fit at their typed sizes, never set smaller, so nothing is below what the default type sets
    # the tables at (7.5 pt), itself above the floor a page set smaller may reach.
    assert read_layout(PROJECT).smallest_type <= 7.5
    pages = PdfReader(out / lang / "screen" / "quick-reference.pdf").pages
    assert pages
    for page in pages:
        assert smallest_type(page) >= 7.5 - 0.01


# The page's margins and column gap (templates/quickref/quickref.css).
MARGIN_TOP_MM, MARGIN_SIDE_MM, MARGIN_BOTTOM_MM, COLUMN_GAP_MM = 6, 7, 6.5, 4.5
# How far above the foot a column may end, as a share of the text area's height.
COLUMN_SLACK = 0.13


def column_fills(path: Path, columns: list[int]) -> list[list[float]]:
    """For each page, how far down the text area each of its columns reaches (lowest word, poppler's
    ``pdftotext -bbox-layout``), as a share of the area's height. A word belongs to the column its
    middle stands in."""
    html = subprocess.run(["pdftotext", "-bbox-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    fills = []
    pages = re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', html, re.S)
    for count, page in zip(columns, pages, strict=True):
        width, height = float(page.group(1)), float(page.group(2))
        left, top, bottom = MARGIN_SIDE_MM * MM, MARGIN_TOP_MM * MM, height - MARGIN_BOTTOM_MM * MM
        pitch = (width - 2 * left + COLUMN_GAP_MM * MM) / count
        lowest = [top] * count
        for word in re.finditer(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)"',
                                page.group(3)):
            x0, x1, y1 = map(float, word.groups())
            column = int(((x0 + x1) / 2 - left) // pitch)
            if 0 <= column < count:
                lowest[column] = max(lowest[column], y1)
        fills.append([(y - top) / (bottom - top) for y in lowest])
    return fills


@pytest.mark.parametrize("lang", ["en", "es"])
def test_columns_reach_the_foot_of_the_page(out: Path, lang: str) -> None:
    # Type as small as 7.5 pt leaves no excuse for a column that stops short:
    # every column but a page's last, where its topic ends, reaches near the foot.
    # The last page may end where its last topic does.
    columns = [page.get("columns", 4) for page in layout()["pages"]]
    fills = column_fills(out / lang / "screen" / "quick-reference.pdf", columns)
    short = [f"p.{number} column {column}: {fill:.0%}"
             for number, page in enumerate(fills[:-1], start=1)
             for column, fill in enumerate(page[:-1], start=1) if fill < 1 - COLUMN_SLACK]
    assert not short, f"{lang}: " + ", ".join(short)
    # The measurement sees the columns: each page's first column holds text to at least half its height.
    assert all(page[0] > 0.5 and max(page) <= 1.01 for page in fills), fills


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_line_holds_only_a_broken_word(out: Path, lang: str) -> None:
    # A summary line holding one hyphenated fragment ("Contraata-") is a line
    # broken where more would have fitted: the layout engine goes back too far
    # when the words held at a paragraph's end do not fit. A page's type size
    # that shows it needs a nudge.
    text = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(out / lang / "screen" / "quick-reference.pdf"),
                           "-"], capture_output=True, text=True, check=True).stdout
    stranded = [line for line in text.splitlines() if re.fullmatch(r"\S+\u2010", line.strip())]
    assert not stranded, f"{lang}: {stranded}"


def test_a_page_type_size_is_read_and_bounded(tmp_path: Path) -> None:
    text = ("pages:\n  - type: {en: 9.5}\n    blocks: [{sections: [C4.7]}]\n  - blocks: [{tables: [falling]}]\n"
            "smallest_type: 6.5\n")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "quick-reference.yaml").write_text(text, encoding="utf-8")
    pages = read_layout(tmp_path).pages
    assert (pages[0].type_size("en"), pages[0].type_size("es"), pages[1].type_size("en")) == (9.5, 8.8, 8.8)
    (tmp_path / "content" / "quick-reference.yaml").write_text(text.replace("9.5", "7"), encoding="utf-8")
    with pytest.raises(Exception, match="page 1: type must be 8.8 to 11.0 pt, not 7") as raised:
        read_layout(tmp_path)
    assert "content/quick-reference.yaml:2" in str(raised.value)


def test_text_set_below_the_minimum_fails_the_layout(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    css = project / "templates" / "quickref" / "quickref.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n.qr-folio { font-size: 6pt; }\n", encoding="utf-8")
    context = RenderContext(load_rulebook(project), "en", PageMap(), {"paper": "a4"})
    with pytest.raises(LayoutError, match=r"set at 6\.00 pt, below the 6\.5 pt minimum"):
        quickref_layout.make_quickref(context, LayoutCache(tmp_path / "cache", project / "templates"))


class _SummaryChildren(HTMLParser):
    """The elements directly inside each summary item of the rendered quick reference, by rule ID."""

    def __init__(self) -> None:
        super().__init__()
        self.children: dict[str, list[str]] = {}
        self._depth = 0
        self._item_depth: int | None = None
        self._current: str | None = None
        self._in_rule_id = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        self._depth += 1
        if tag == "div" and "qr-item-summary" in classes:
            self._item_depth, self._current = self._depth, ""
        elif self._item_depth is not None and self._depth == self._item_depth + 1:
            self.children.setdefault(self._current or "", []).append(
                f"{tag}.{classes[0]}" if tag == "div" and classes else tag)
        self._in_rule_id = self._item_depth is not None and "rule-id" in classes

    def handle_data(self, data: str) -> None:
        if self._in_rule_id and self._current == "":
            self._current = data.strip()
            self.children[self._current] = self.children.pop("", [])

    def handle_endtag(self, tag: str) -> None:
        if self._item_depth is not None and self._depth == self._item_depth:
            self._item_depth = self._current = None
        self._in_rule_id = False
        self._depth -= 1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_summaries_print_as_bullet_lines(lang: str) -> None:
    context = RenderContext(load_rulebook(PROJECT), lang, PageMap(), {"paper": "a4"})
    parser = _SummaryChildren()
    parser.feed(render("quick-reference", context))
    assert set(parser.children) == set(listed_sections())
    for rule_id, children in parser.children.items():
        prose = [child for child in children if child not in ("h3", "div.table-block")]
        # Each fact on its own bullet line: no paragraphs; a summary that is only a table has no list.
        assert prose in ([], ["ul"]), f"{lang} {rule_id}: {children}"
        if not prose:
            assert "div.table-block" in children, f"{lang} {rule_id} prints nothing"



def test_letter_paper(tmp_path: Path, out: Path) -> None:
    # The file read: the English screen edition (the paper is laid out per document, not per edition).
    result, letter = build_edited(tmp_path, out, lambda content: None, "quick-reference", "--paper", "letter",
                                  "--lang", "en", "--edition", "screen")
    assert result.returncode == 0, result.stdout + result.stderr
    reader = PdfReader(letter / "en" / "screen" / "quick-reference.pdf")
    assert len(reader.pages) == len(layout()["pages"])
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(LETTER_LANDSCAPE, abs=0.1)


def test_a_page_that_does_not_fit_fails(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    path = project / "content" / "core-rules" / "en" / "04-combat.md"
    source = path.read_text(encoding="utf-8")
    at = source.index("::: summary\n", source.index("## C4.1 "))
    page = next(number for number, page in enumerate(layout()["pages"], start=1)
                if any("C4.1" in block.get("sections", []) for block in page["blocks"]))
    path.write_text(source[:at] + "::: summary\n" + "Draw a token and activate a model. " * 150
                    + source[at + len("::: summary\n"):], encoding="utf-8")
    context = RenderContext(load_rulebook(project), "en", PageMap(), {"paper": "a4"})
    with pytest.raises(LayoutError, match=rf"page {page} of content/quick-reference.yaml does not fit .*"
                                          rf"\(tried down to \d\.\d pt, where its smallest text reaches "
                                          rf"smallest_type"):
        quickref_layout.make_quickref(context, LayoutCache(tmp_path / "cache", project / "templates"))


def test_a_page_typed_too_large_is_set_at_the_largest_size_that_fits(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # English fits at its typed sizes; at 11 pt its second page does not, so the layout sets it smaller:
    # at the largest size in tenths that fits, and no larger than typed.
    project = copy_project(tmp_path / "project")
    path = project / "content" / "quick-reference.yaml"
    source = path.read_text(encoding="utf-8")
    typed = layout()["pages"][1]["type"]["en"]
    path.write_text(source.replace(f"type: {{en: {typed}, ", "type: {en: 11, ", 1), encoding="utf-8")
    context = RenderContext(load_rulebook(project), "en", PageMap(), {"paper": "a4"})
    cache = LayoutCache(tmp_path / "cache", project / "templates")
    made = quickref_layout.set_quickref(context, cache)
    assert [(page.number, page.typed_pt) for page in made.smaller] == [(2, 11.0)]
    size = made.smaller[0].set_pt
    # It fitted at its own size before, so the size found is no smaller.
    assert typed <= size < 11
    assert made.note("en/quick-reference") == f"en/quick-reference: set smaller to fit its side: page 2 at {size:.1f} " \
                                              f"pt (typed 11.0)"
    fitting = quickref_layout._Fitting(context, project, "test")
    tenths = round(size * 10)
    assert fitting.fits(2, tenths) and not fitting.fits(2, tenths + 1)
    assert made.laid_out.page_count == len(layout()["pages"])
    # The sheet is put together from page 2 as it fitted alone and the others as typed: the bytes a layout
    # of the whole sheet at the sizes found writes.
    html = render("quick-reference", context, type_pt={2: size})
    key = cache.key("quick-reference", "en", html)
    whole = quickref_layout.lay_out(html, project / "templates", project, "en/quick-reference")
    assert made.laid_out.pdf == quickref_layout.pdf_bytes(whole, key, "en/quick-reference")
    # A build after it finds the same sizes in the cache, laying out nothing.
    def no_layout(*args: object) -> None:
        raise AssertionError("laid out again")

    monkeypatch.setattr(quickref_layout, "lay_out", no_layout)
    again = quickref_layout.set_quickref(context, cache)
    assert again.smaller == made.smaller and again.laid_out.pdf == made.laid_out.pdf


class _Threshold(quickref_layout._Fitting):
    """A page that fits at ``largest`` tenths and below, counting the sizes tried."""

    def __init__(self, largest: int):
        self.what, self.largest_fitting, self.tried = "test", largest, []

    def fits(self, number: int, tenths: int) -> bool:
        self.tried.append(tenths)
        return tenths <= self.largest_fitting


@given(floor=st.integers(60, 90), span=st.integers(1, 40), threshold=st.integers(50, 140), first=st.integers(0, 1000))
def test_the_search_finds_the_largest_size_that_fits_from_any_first_try(floor: int, span: int, threshold: int,
                                                                       first: int) -> None:
    too_big = floor + span
    start = floor + first % span  # the first try is always one of the sizes searched
    page = _Threshold(threshold)
    if threshold < floor:
        with pytest.raises(LayoutError, match="does not fit"):
            page.largest(1, floor, too_big, start)
    else:
        assert page.largest(1, floor, too_big, start) == min(threshold, too_big - 1)
    assert page.tried and set(page.tried) <= set(range(floor, too_big))
    assert len(page.tried) == len(set(page.tried))  # no size tried twice
    # From the size found, or one tenth above it, two tries; from anywhere, no more than twice a bisection's.
    if 0 <= start - threshold <= 1 and floor < threshold < too_big - 1:
        assert len(page.tried) == 2
    assert len(page.tried) <= 2 * span.bit_length() + 1


@pytest.mark.parametrize(("yaml_text", "message"), [
    ("pages:\n  - blocks: [{sections: [C4.7]}]\n", "2 to 4 pages"),
    ("pages:\n" + "  - blocks: [{sections: [C4.7]}]\n" * 2, "C4.7 is listed twice"),
    ("pages:\n  - blocks: [{sections: [C4.7], colour: red}]\n  - blocks: [{tables: [falling]}]\n", "unknown key"),
    ("pages:\n  - blocks: [{title: {en: A}}]\n  - blocks: [{tables: [falling]}]\n", "no sections and no tables"),
    # The floor of a page set smaller to fit: required, and a legible size.
    ("pages:\n  - blocks: [{sections: [C4.7]}]\n  - blocks: [{tables: [falling]}]\n",
     "quick reference layout has no 'smallest_type'"),
    ("pages:\n  - blocks: [{sections: [C4.7]}]\n  - blocks: [{tables: [falling]}]\nsmallest_type: 5\n",
     r"smallest_type must be 6\.0 to 7\.5 pt .*not 5$"),
    ("pages:\n  - blocks: [{sections: [C4.7]}]\n  - blocks: [{tables: [falling]}]\nsmallest_type: small\n",
     "smallest_type must be 6.0 to 7.5 pt .*not 'small'"),
])
def test_layout_file_errors_name_the_place(tmp_path: Path, yaml_text: str, message: str) -> None:
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "quick-reference.yaml").write_text(yaml_text, encoding="utf-8")
    with pytest.raises(Exception, match=message) as raised:
        read_layout(tmp_path)
    assert "content/quick-reference.yaml:" in str(raised.value)


def test_a_listed_section_needs_a_summary(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    (project / "content" / "quick-reference.yaml").write_text(
        "pages:\n  - blocks: [{sections: [C0.2]}]\n  - blocks: [{tables: [falling]}]\nsmallest_type: 6.5\n",
        encoding="utf-8")
    context = RenderContext(load_rulebook(project), "en", PageMap(), {"paper": "a4"})
    with pytest.raises(LayoutError, match=r"C0.2 has no '::: summary' block"):
        quickref_layout.make_quickref(context, LayoutCache(tmp_path / "cache", project / "templates"))


def test_spanish_quick_reference_lays_out(tmp_path: Path) -> None:
    rulebook = load_rulebook(PROJECT)
    if not any(lang == "es" for _, lang in rulebook.booklets):
        pytest.skip("no Spanish sections yet")
    context = RenderContext(rulebook, "es", PageMap(), {"paper": "a4"})
    laid_out = quickref_layout.make_quickref(context, LayoutCache(tmp_path, PROJECT / "templates"))
    assert laid_out.page_count == len(layout()["pages"])


def test_docstring_examples() -> None:
    run_doctests(quickref_render)
