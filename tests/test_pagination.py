"""Every built booklet, in both languages, paginated as a layout artist would sign it.

The measures (tests/pagination.py) read the built PDFs' text with its fonts
and positions and the pages' pixels; each test names the pages at fault.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pagination import LOOSE_SPACE, MAX_EMPTY, findings, natural_spaces, read_pages, text_lines

BOOKLETS = ["core-rules", "requisitions", "inhuman-resources", "campaign", "missions"]
LANGS = ["en", "es"]
# Justified lines a booklet may leave loose (spaces past LOOSE_SPACE times the
# font's own). Hyphenation (templates/booklet/booklet.css) tightens the rest;
# what is left is mostly a line ending just before a reference, whose
# parenthesis never breaks ("(K1.3, Vol. 4, p. 5)"), or a term kept whole.
MAX_LOOSE_LINES = 13
# Lines broken short inside a paragraph: the last words of a paragraph are
# held together with a reference that ends it ("feet (C4.15, Vol. 1,
# p. 17)."), and a line that cannot take the whole unit ends early. Left:
# English requisitions p7 and p21, core rules p17 ("Fail:"), Spanish inhuman
# resources p17.
MAX_FORCED_BREAKS = 2


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


def test_justified_lines_are_not_loose(booklet_pdf: Path) -> None:
    lines = text_lines(booklet_pdf)
    # The measure ran: prose lines, and the natural space of the body face read from them.
    assert len(lines) >= 100 and natural_spaces(lines)
    loose = _of_kind(booklet_pdf, "loose-line")
    assert len(loose) <= MAX_LOOSE_LINES, f"{len(loose)} lines with spaces over {LOOSE_SPACE}x: {loose}"


def test_few_forced_breaks_inside_a_paragraph(booklet_pdf: Path) -> None:
    forced = _of_kind(booklet_pdf, "forced-break")
    assert len(forced) <= MAX_FORCED_BREAKS, forced


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


def test_measures_find_a_loose_line_and_a_forced_break(tmp_path: Path) -> None:
    """The spacing measures themselves: a justified line stretched by an unbreakable run, and a
    paragraph broken by force mid-sentence, are found; plain paragraphs are not."""
    import weasyprint

    plain = "<p>Rules are read in order, each one said aloud.</p>" * 12
    stretched = ("<p>Every model in the blast takes the damage, friend or foe, before "
                 "<span style='white-space: nowrap'>Consolidated-Maintenance-Authority-Override</span> "
                 "applies and the round ends.</p>")
    forced = "<p>The roll decides the outcome of the whole<br>exchange, as the table below shows in full detail.</p>"
    html = ("<style>@page { size: 148mm 210mm; margin: 17mm 13mm 16mm 16mm; @top-left { content: 'HEAD' } }"
            " p { text-align: justify; font-size: 10pt; hyphens: none; }</style>" + plain + stretched + forced)
    path = tmp_path / "spacing.pdf"
    weasyprint.HTML(string=html).write_pdf(path)
    kinds = [finding.kind for finding in findings(path)]
    # The stretched line and the one the unbreakable run starts; none of the plain paragraphs.
    assert 1 <= kinds.count("loose-line") <= 2 and kinds.count("forced-break") == 1, kinds
