"""Every built booklet, in both languages, paginated as a layout artist would sign it.

The measures (tests/pagination.py) read the built PDFs' text with its fonts
and positions and the pages' pixels; each test names the pages at fault.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pagination import MAX_EMPTY, findings, read_pages

BOOKLETS = ["core-rules", "requisitions", "inhuman-resources", "campaign", "missions"]
LANGS = ["en", "es"]


@pytest.fixture(params=[(lang, name) for lang in LANGS for name in BOOKLETS],
                ids=[f"{lang}-{name}" for lang in LANGS for name in BOOKLETS])
def booklet_pdf(request: pytest.FixtureRequest, build_dir: Path) -> Path:
    lang, name = request.param
    path = build_dir / lang / "screen" / f"{name}.pdf"
    assert path.exists(), path
    return path


def _of_kind(path: Path, kind: str) -> list[str]:
    pages = read_pages(path)
    # The measures ran over real pages with text on them.
    assert len(pages) >= 8 and sum(1 for page in pages if page.lines) >= 4
    return [str(finding) for finding in findings(path) if finding.kind == kind]


def test_no_page_more_than_a_third_empty_mid_chapter(booklet_pdf: Path) -> None:
    assert _of_kind(booklet_pdf, "empty") == [], f"pages over {MAX_EMPTY:.0%} empty"


def test_no_blank_page(booklet_pdf: Path) -> None:
    assert _of_kind(booklet_pdf, "blank") == []


def test_headings_and_lead_ins_travel_with_what_follows(booklet_pdf: Path) -> None:
    assert _of_kind(booklet_pdf, "stranded") == []


def test_short_examples_never_split(booklet_pdf: Path) -> None:
    assert _of_kind(booklet_pdf, "split-example") == []


def test_no_hyphen_at_a_page_end(booklet_pdf: Path) -> None:
    assert _of_kind(booklet_pdf, "page-end-hyphen") == []


def test_no_straight_quote(booklet_pdf: Path) -> None:
    assert _of_kind(booklet_pdf, "straight-quote") == []


def test_each_faction_keeps_its_rules_units_and_behavior_on_one_page(build_dir: Path) -> None:
    """Inhuman Resources: a faction's heading, its units table and its behavior table share a page."""
    for lang, units, behaviour in (("en", "Units", "Behavior"), ("es", "Unidades", "Comportamiento")):
        pages = read_pages(build_dir / lang / "screen" / "inhuman-resources.pdf")
        headings = [(page, line) for page in pages for line in page.lines
                    if line.heading and line.text.strip().startswith("I3.")]
        assert len(headings) == 6, [line.text for _, line in headings]
        for page, heading in headings:
            captions = [line.text for line in page.lines if line.heading and line.top > heading.top]
            assert any(units in caption for caption in captions), (lang, page.number, heading.text)
            assert any(behaviour in caption for caption in captions), (lang, page.number, heading.text)


def test_measures_find_a_hole(tmp_path: Path) -> None:
    """The measures themselves: a page of rules a quarter full mid-book is found."""
    import weasyprint

    html = ("<style>@page { size: 148mm 210mm; margin: 17mm 13mm 16mm 16mm;"
            " @top-left { content: 'RUNNING HEAD' } }"
            " .next { break-before: page; } .blank { break-before: page; height: 1px; }</style>"
            + "<p>Rule text.</p>" * 8 + "<p class='next'>More</p>" * 1 + "<p class='next'>" + "Text. " * 900
            + "</p>")
    path = tmp_path / "holes.pdf"
    weasyprint.HTML(string=html).write_pdf(path)
    kinds = {(finding.kind, finding.page) for finding in findings(path)}
    assert ("empty", 1) in kinds
