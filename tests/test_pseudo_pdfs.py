"""The pseudo-language's PDFs, read back: what the next translation will do to the layout.

``tests/pseudo.py`` makes ``qps`` (accented, about a third longer, each string
marked ``[!!`` … ``!!]``) from the English; the ``pseudo_build_dir`` fixture
builds it. These tests read the built pages as a reader sees them and find:

- text outside its page's safe area (cut at the trim) or printed over other
  text (a table header run into the next one);
- a string that escaped translation: words on a page outside every marked
  string that no translator could have translated;
- a page reference that does not point where its rule is.
"""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import pytest
import yaml
from conftest import PROJECT

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pseudo import CLOSE, CODE, OPEN, words  # noqa: E402

MM = 72 / 25.4
BOOKLETS = ("core-rules", "requisitions", "inhuman-resources", "campaign", "missions")
# A rule ID's volume letter and the booklet it is in (content/book.yaml).
VOLUMES = {"C": "core-rules", "A": "requisitions", "I": "inhuman-resources", "K": "campaign", "M": "missions"}
# Two words overlap when they share this much of the smaller one's height and more than this width (pt):
# glyphs of neighbouring words touch at most by a kerning pair.
OVERLAP_HEIGHT = 0.5
OVERLAP_WIDTH_PT = 1.0


def _length(text: str) -> float:
    """A length of content/outputs.yaml (``5mm``, ``0.125in``) in points."""
    number, unit = re.fullmatch(r"([0-9.]+)(mm|in)", text).groups()  # type: ignore[union-attr]
    return float(number) * (MM if unit == "mm" else 72)


BOOKLET_SAFE = _length(yaml.safe_load((PROJECT / "content" / "outputs.yaml").read_text(encoding="utf-8"))
                       ["print"]["booklets"]["safe_margin"])


@dataclass(frozen=True)
class Word:
    page: int
    text: str
    x0: float
    y0: float
    x1: float
    y1: float


def page_words(pdf: Path) -> list[Word]:
    """Every word poppler reads on the PDF's pages, with its box in points from the page's top left."""
    xhtml = subprocess.run(["pdftotext", "-bbox", "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout
    root = ET.fromstring(re.sub(r"<!DOCTYPE[^>]*>", "", xhtml).replace('xmlns="http://www.w3.org/1999/xhtml"', ""))
    found = []
    for number, page in enumerate(root.iter("page"), start=1):
        for word in page.iter("word"):
            found.append(Word(number, word.text or "", *(float(word.get(key, 0)) for key in
                                                        ("xMin", "yMin", "xMax", "yMax"))))
    return found


def safe_areas(pdf: Path, margin: float) -> list[tuple[float, float, float, float]]:
    """Each page's trim box less ``margin``, in pdftotext's coordinates (from the crop box's top left)."""
    areas = []
    with pikepdf.open(pdf) as document:
        for page in document.pages:
            crop = [float(value) for value in page.obj.get("/CropBox", page.mediabox)]
            trim = [float(value) for value in page.obj.get("/TrimBox", crop)]
            left, top = trim[0] - crop[0], crop[3] - trim[3]
            areas.append((left + margin, top + margin, left + trim[2] - trim[0] - margin,
                          top + trim[3] - trim[1] - margin))
    return areas


def outside(pdf: Path, areas: list[tuple[float, float, float, float]]) -> list[str]:
    """Words printed past their page's area, as "p. N: word"."""
    found = []
    for word in page_words(pdf):
        left, top, right, bottom = areas[word.page - 1]
        if word.x0 < left - 0.5 or word.x1 > right + 0.5 or word.y0 < top - 0.5 or word.y1 > bottom + 0.5:
            found.append(f"p. {word.page}: {word.text!r}")
    return found


def overprinted(pdf: Path) -> list[str]:
    """Pairs of words printed over each other, as "p. N: 'a' over 'b'"."""
    found = []
    by_page: dict[int, list[Word]] = {}
    for word in page_words(pdf):
        by_page.setdefault(word.page, []).append(word)
    for number, on_page in by_page.items():
        on_page.sort(key=lambda word: word.x0)
        for index, word in enumerate(on_page):
            for other in on_page[index + 1:]:
                if other.x0 >= word.x1 - OVERLAP_WIDTH_PT:
                    break
                shared = min(word.y1, other.y1) - max(word.y0, other.y0)
                if shared > OVERLAP_HEIGHT * min(word.y1 - word.y0, other.y1 - other.y0):
                    found.append(f"p. {number}: {word.text!r} over {other.text!r}")
    return found


# --- strings that escaped translation ------------------------------------------------------------------

# A mark may be broken over two lines where a cell breaks a word (table.tight).
_OPEN, _CLOSE = (r"\s*".join(map(re.escape, mark)) for mark in (OPEN, CLOSE))
_MARKED = re.compile(_OPEN + r"(?:(?!" + _OPEN + r").)*?" + _CLOSE, re.DOTALL)
# What no translator translates: numbers, dice, sums, ranges and measures (12, 2d6, D6, 4+4, 2–3, 3″, +1,
# 24×24), rule IDs (C4.7, K2.1.3), addresses (the licence's), punctuation and symbols.
_NUMBER = r"[+\u2212\u2013-]?\d*(?:[dD]\d+|\d+)(?:[.,/:×x+\u2013-]\d+)*[″\"'%]?"
_UNTRANSLATED = re.compile(rf"[^\w]*(?:{_NUMBER}|[CAIKM]\d+(?:\.\d+)*|https?://\S+)?[^\w]*")
# The game's name, which every language prints as it is (content/book.yaml gives it once, not per language).
NAMES = frozenset({"Sacred", "Wire"})


def escaped(text: str, titles: frozenset[str]) -> list[str]:
    """The words of ``text`` outside every marked string that are neither untranslatable nor a title.

    Titles (section and chapter headings) are the one text the pseudo-language
    prints unmarked (see tests/pseudo.py): their words count as translated.

    >>> escaped("[!!Róóll [!!twííçéé!!]!!] 2d6 C4.7 Dice (p. 12)", frozenset())
    ['Dice', '(p.']
    """
    # A word hyphenated at a line's end is one word.
    text = text.replace("-\n", "").replace("\u2010\n", "")
    while True:
        unmarked = _MARKED.sub(" ", text)
        if unmarked == text:
            break
        text = unmarked
    folded = {_folded(title) for title in titles}
    return [word for word in text.split() if _folded(word) not in folded
            and word not in NAMES and not _UNTRANSLATED.fullmatch(word)]


def _folded(word: str) -> str:
    """A word as a title's: its case (a running head is set in capitals), its quotes (typeset curly) and
    the punctuation around it aside."""
    return word.replace("\u2019", "'").strip(",.;:()·!?\"'").casefold()


def titles(project: Path) -> frozenset[str]:
    """Every word of the pseudo-language's headings (they stand unmarked in its sections)."""
    found: set[str] = set()
    for section in (project / "content").glob(f"*/{CODE}/*.md"):
        for line in section.read_text(encoding="utf-8").splitlines():
            heading = re.match(r"#{1,6}\s+(?:[A-Z]\d+(?:\.\d+)*\s+)?(.+?)\s*(?:\{[^}]*\}\s*)*$", line)
            if heading:
                found.update(re.sub(r"\{[^}]*\}", " ", heading.group(1)).split())
    return frozenset(found)


def pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout


def test_a_string_left_unmarked_is_found() -> None:
    # The search itself: a plain English word, in or out of a page's words, is found; marked,
    # nested or numeric text is not.
    assert escaped("[!!Róóll twííçéé!!] (C4.7) 12 +1 2d6 3″", frozenset()) == []
    assert escaped(f"[!!Róóll!!] Roll {words('Dice')} {OPEN}x{CLOSE}", frozenset()) == ["Roll", words("Dice")]
    assert escaped(f"{words('Dice')} 4", frozenset({words("Dice")})) == []
    assert escaped("[!!Spans a\npage [!!and!!] more!!] Escaped", frozenset()) == ["Escaped"]


# --- the built PDFs ------------------------------------------------------------------------------------


def test_every_booklet_is_built_and_core_rules_in_every_edition(pseudo_build_dir: Path) -> None:
    built = {path.relative_to(pseudo_build_dir).as_posix() for path in pseudo_build_dir.rglob("*")}
    for booklet in BOOKLETS:
        assert f"{CODE}/screen/{booklet}.pdf" in built
    for edition in ("home", "pod", "press"):
        assert f"{CODE}/{edition}/core-rules.pdf" in built


def test_the_web_edition_is_built_in_the_language_its_entry_names(pseudo_build_dir: Path) -> None:
    """The site takes the language's locale and name from its entry, not from Babel's idea of its code."""
    pages = sorted((pseudo_build_dir / "web" / CODE).rglob("*.html"))
    assert len(pages) > 20
    for page in pages:
        assert f'<html lang="{CODE}">' in page.read_text(encoding="utf-8"), page


# What the tests below read: every booklet as the screen edition prints it (one layout serves every
# edition).
PAGES = [f"screen/{booklet}.pdf" for booklet in BOOKLETS]


def _built(build: Path, name: str) -> Path:
    pdf = build / CODE / name
    assert pdf.is_file(), f"not built: {pdf}"
    return pdf


@pytest.mark.parametrize("name", PAGES)
def test_no_text_past_the_safe_area_of_a_page(pseudo_build_dir: Path, name: str) -> None:
    # Text past a booklet's margin fails its layout (layout/_boxes.py, overflowing_text): the build passed.
    # Read back here, no text is where the trim cuts it: within the safe margin the print settings give.
    pdf = _built(pseudo_build_dir, name)
    assert page_words(pdf)
    assert outside(pdf, safe_areas(pdf, BOOKLET_SAFE)) == []


@pytest.mark.parametrize("name", PAGES)
def test_no_text_printed_over_other_text(pseudo_build_dir: Path, name: str) -> None:
    pdf = _built(pseudo_build_dir, name)
    assert page_words(pdf)
    assert overprinted(pdf) == []


@pytest.mark.parametrize("name", PAGES)
def test_no_string_escaped_translation(pseudo_build_dir: Path, pseudo_project_dir: Path, name: str) -> None:
    headings = titles(pseudo_project_dir)
    assert headings
    text = pdf_text(_built(pseudo_build_dir, name))
    assert OPEN in text
    assert escaped(text, headings) == []


# A printed reference: its rule ID, the volume when it is another booklet's, and the page.
_REFERENCE = re.compile(r"\b([CAIKM]\d+(?:\.\d+)*),\s+(?:\S+\s+(\d),\s+)?\S+\s+(\d+)\)")


def test_every_page_reference_points_at_its_rule(pseudo_build_dir: Path) -> None:
    pages = {booklet: [page for page in pdf_text(pseudo_build_dir / CODE / "screen" / f"{booklet}.pdf").split("\f")]
             for booklet in BOOKLETS}
    read = 0
    for booklet, texts in pages.items():
        for reference in _REFERENCE.finditer("\n".join(texts)):
            rule, volume, page = reference.groups()
            target = VOLUMES[rule[0]]
            if volume is not None:
                assert BOOKLETS[int(volume) - 1] == target, reference.group()
            printed = pages[target][int(page) - 1]
            assert re.search(rf"(?m)^{re.escape(rule)}\b", printed), f"{booklet}: {reference.group()}"
            read += 1
    assert read > 100


# --- the layout's last resort for a table ---------------------------------------------------------------

_TABLE_PAGE = """<html><head><link rel="stylesheet" href="base/tokens.css"><link rel="stylesheet"
href="base/print-base.css"><style>@page {{ size: 60mm 80mm; margin: 5mm; }}</style></head><body>
<table><thead><tr><th>{head}</th><th class="numeric">{head}</th></tr></thead>
<tbody><tr><td>{cell}</td><td class="numeric">12</td></tr></tbody></table></body></html>"""


def _set_table(head: str, cell: str) -> tuple[str, list[str]]:
    from sacredwire.layout import lay_out
    from sacredwire.layout._boxes import overflowing_text

    html = _TABLE_PAGE.format(head=head, cell=cell)
    document = lay_out(html, PROJECT / "templates", PROJECT, "test table")
    tables = [box.element for page in document.pages for box in _all_boxes(page._page_box)
              if getattr(box, "element", None) is not None and box.element.tag == "table"]
    assert tables
    return tables[0].get("class") or "", overflowing_text(document)


def _all_boxes(box):  # type: ignore[no-untyped-def]
    yield box
    for child in getattr(box, "children", ()):
        yield from _all_boxes(child)


def test_only_a_table_wider_than_the_page_breaks_its_words() -> None:
    # Words that fit: the table is set as it always was.
    assert _set_table("Move", "Roll two dice") == ("", [])
    # Words longer than the page allows: set again, tight, and nothing runs past the margin.
    long_word = words("Incomprehensibilities") * 2
    classes, overflowing = _set_table(long_word, long_word)
    assert "tight" in classes.split() and overflowing == []
