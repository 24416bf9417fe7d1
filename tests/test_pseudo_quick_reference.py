"""The pseudo-language's quick reference, read back: every page on its side, nothing cut, overprinted or
left untranslated.

``pseudo_build_dir`` (tests/conftest.py) builds ``qps``'s quick reference in the screen edition; the home
edition finishes the same layout. Its pages do not fit their sides at English's type sizes, so the layout
sets them smaller (layout/quickref.py): these tests read what that gives.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import PROJECT
from pseudo import CODE, OPEN
from pypdf import PdfReader
from qr_cards_build import smallest_type
from test_pseudo_pdfs import _length, escaped, outside, overprinted, page_words, pdf_text, safe_areas, titles

# A home printer leaves this edge of the sheet unprinted (content/outputs.yaml): the quick reference is
# printed at home, so no text may come closer to the trim.
HOME_SAFE = _length(yaml.safe_load((PROJECT / "content" / "outputs.yaml").read_text(encoding="utf-8"))
                    ["print"]["booklets"]["home_printer_margin"])


@pytest.fixture(scope="module")
def pdf(pseudo_build_dir: Path) -> Path:
    built = pseudo_build_dir / CODE / "screen" / "quick-reference.pdf"
    assert built.is_file(), f"not built: {built}"
    return built


def _layout(project: Path) -> dict:
    return yaml.safe_load((project / "content" / "quick-reference.yaml").read_text(encoding="utf-8"))


def _sides(pdf: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    return text.split("\f")[:-1]


def test_each_page_is_exactly_one_side(pdf: Path, pseudo_project_dir: Path) -> None:
    pages = _layout(pseudo_project_dir)["pages"]
    sides = _sides(pdf)
    assert len(sides) == len(pages)
    for number, (page, side) in enumerate(zip(pages, sides, strict=True), start=1):
        # Each side's folio is its own page's, and its title heads it: no page ran over into the next side.
        assert re.search(rf"· {number}/{len(pages)}\b", side), f"side {number}: {side[:200]!r}"
        # (set in capitals)
        assert page["title"][CODE].casefold() in " ".join(side.split()).casefold(), f"side {number}"


def test_no_text_below_the_floor(pdf: Path, pseudo_project_dir: Path) -> None:
    # A page set smaller to fit goes no lower than the layout file's smallest_type.
    floor = _layout(pseudo_project_dir)["smallest_type"]
    pages = PdfReader(pdf).pages
    assert pages
    for page in pages:
        assert smallest_type(page) >= floor - 0.01


def test_no_text_past_the_safe_area(pdf: Path) -> None:
    assert page_words(pdf)
    assert outside(pdf, safe_areas(pdf, HOME_SAFE)) == []


def test_no_text_printed_over_other_text(pdf: Path) -> None:
    assert page_words(pdf)
    assert overprinted(pdf) == []


# A block's band names the rule IDs it covers, three or more in a row as a range ("C4.10–C4.14").
_ID_RANGE = re.compile(r"[CAIKM]\d+(?:\.\d+)*–[CAIKM]\d+(?:\.\d+)*")


def _escaped(text: str, project: Path) -> list[str]:
    """:func:`escaped`, knowing what else the quick reference prints in every language: rule-ID ranges,
    and the book's version in each side's folio (content/book.yaml, one value for all languages)."""
    version = str(yaml.safe_load((project / "content" / "book.yaml").read_text(encoding="utf-8"))["version"])
    return [word for word in escaped(text, titles(project)) if word != version and not _ID_RANGE.fullmatch(word)]


def test_no_string_escaped_translation(pdf: Path, pseudo_project_dir: Path) -> None:
    assert titles(pseudo_project_dir)
    text = pdf_text(pdf)
    assert OPEN in text
    assert _escaped(text, pseudo_project_dir) == []


def test_a_broken_mark_on_it_would_be_found(pdf: Path, pseudo_project_dir: Path) -> None:
    # The search above can fail on this very text: one string's opening mark lost, its words escape.
    text = pdf_text(pdf)
    assert _escaped(text.replace(OPEN, "", 1), pseudo_project_dir) != []
