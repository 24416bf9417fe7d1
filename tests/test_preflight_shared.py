"""The preflight interprets a page stream once for all the files of a document, with the same verdicts.

Inside ``shared_analysis()`` (as the build finishes a document's editions),
every file's facts and findings must be exactly those the file gets on its
own, and the press file must reuse what the print-on-demand file's preflight
interpreted.
"""

from __future__ import annotations

import io

import pikepdf
import pytest
import weasyprint
from test_editions import BOOKLET_HTML, DATES, PAGES, _section

from sacredwire.editions import EDITIONS, EditionSettings, LaidOutDocument
from sacredwire.preflight import inspect_pdf
from sacredwire.preflight.analysis import active, shared_analysis
from sacredwire.preflight.document import Document
from sacredwire.preflight.geometry import Rect


@pytest.fixture(scope="module")
def booklet(tmp_path_factory: pytest.TempPathFactory) -> LaidOutDocument:
    folder = tmp_path_factory.mktemp("booklet")
    html = BOOKLET_HTML.replace("{sections}", "".join(_section(n) for n in range(1, PAGES + 1)))
    pdf = weasyprint.HTML(string=html.replace("{dates}", DATES), base_url=str(folder) + "/").write_pdf(pdf_tags=True)
    return LaidOutDocument("booklet", "core-rules", "en", "Test Rules", pdf)


def _report(edition: str, name: str, data: bytes) -> tuple[list[str], list[dict]]:
    report = inspect_pdf(data, name, edition=edition)
    return [str(finding) for finding in report.findings], [page.as_dict() for page in report.pages]


def test_shared_interpretations_give_every_file_its_own_verdicts(booklet: LaidOutDocument) -> None:
    settings = EditionSettings()
    files = [(name, f"{name}/{artifact.path}", artifact.data)
             for name in ("pod", "press", "home", "screen")
             for artifact in EDITIONS[name].finish(booklet, settings)]
    assert len(files) >= 5
    with shared_analysis():
        store = active()
        assert store is not None
        shared = []
        for edition, name, data in files:
            before = len(store)
            shared.append(_report(edition, name, data))
            if name == "pod/core-rules.pdf":
                assert len(store) - before >= PAGES - 4  # every interior page interpreted
            if name == "press/core-rules.pdf":
                # The laid-out streams were interpreted for the interior already: only the press file's
                # clip and marks are new (and the four cover pages the interior leaves out).
                assert len(store) - before <= 4 + 2
    assert active() is None
    alone = [_report(edition, name, data) for edition, name, data in files]
    assert shared == alone


def _paints(content: bytes, forms: dict[str, bytes] | None = None) -> list:
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(100, 100)).obj
    resources = pikepdf.Dictionary()
    if forms:
        resources["/XObject"] = pikepdf.Dictionary({f"/{name}": pdf.make_indirect(pikepdf.Stream(pdf, data, {
            "/Type": pikepdf.Name.XObject, "/Subtype": pikepdf.Name.Form, "/BBox": [0, 0, 50, 50]}))
            for name, data in forms.items()})
    page["/Resources"] = resources
    page["/Contents"] = pikepdf.Stream(pdf, content)
    written = io.BytesIO()
    pdf.save(written)
    return Document(written.getvalue(), "test.pdf").pages[0].paints


def test_a_clip_that_leaves_nothing_shrinks_to_its_corner() -> None:
    # The second clip misses the first: what follows is clipped to the first clip's lower left corner.
    paints = _paints(b"0 0 0 1 k 5 5 10 10 re W n 40 40 5 5 re W n 0 0 100 100 re f")
    assert [paint.box for paint in paints] == [Rect(5, 5, 5, 5)]


def test_a_form_is_clipped_by_its_bbox_and_then_by_the_page() -> None:
    # The form paints 0..80; its BBox keeps 0..50, placed at 60 the page keeps 60..100.
    paints = _paints(b"q 1 0 0 1 60 60 cm /F Do Q", {"F": b"0 0 0 1 k 0 0 80 80 re f"})
    assert [paint.box for paint in paints] == [Rect(60, 60, 100, 100)]


def test_text_keeps_its_whole_box_when_any_of_it_shows() -> None:
    shown = _paints(b"BT /F1 10 Tf 90 50 Td (WWWWWW) Tj ET")
    hidden = _paints(b"BT /F1 10 Tf 120 50 Td (WWWWWW) Tj ET")
    assert len(shown) == 1 and shown[0].box.x1 > 100
    assert hidden == []
