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


def _form_file(form_content: bytes, form_spaces: dict[str, object], group: bool) -> bytes:
    """One page that draws form /F0; the form has resources of its own (and a transparency group)."""
    pdf = pikepdf.new()
    page = pdf.add_blank_page(page_size=(100, 100)).obj
    spaces = pikepdf.Dictionary({f"/{name}": space for name, space in form_spaces.items()})
    form = pikepdf.Stream(pdf, form_content, {"/Type": pikepdf.Name.XObject, "/Subtype": pikepdf.Name.Form,
                                              "/BBox": [0, 0, 50, 50],
                                              "/Resources": pikepdf.Dictionary({"/ColorSpace": spaces})})
    if group:
        form["/Group"] = pikepdf.Dictionary({"/Type": pikepdf.Name.Group, "/S": pikepdf.Name.Transparency,
                                             "/CS": pikepdf.Name.DeviceRGB})
    page["/Resources"] = pikepdf.Dictionary({"/XObject": pikepdf.Dictionary({"/F0": pdf.make_indirect(form)})})
    page["/Contents"] = pikepdf.Stream(pdf, b"q 1 0 0 1 10 10 cm /F0 Do Q")
    written = io.BytesIO()
    pdf.save(written)
    return written.getvalue()


_REGISTRATION = pikepdf.Array([pikepdf.Name.Separation, pikepdf.Name.All, pikepdf.Name.DeviceCMYK,
                               pikepdf.Dictionary({"/FunctionType": 2, "/Domain": [0, 1], "/N": 1,
                                                   "/C0": [0, 0, 0, 0], "/C1": [1, 1, 1, 1]})])
_SPOT = pikepdf.Array([pikepdf.Name.Separation, pikepdf.Name("/Gold"), pikepdf.Name.DeviceCMYK,
                       pikepdf.Dictionary({"/FunctionType": 2, "/Domain": [0, 1], "/N": 1,
                                           "/C0": [0, 0, 0, 0], "/C1": [0, 0.2, 0.9, 0.1]})])


def _interpreted(data: bytes) -> tuple[int, list]:
    """How many new interpretations reading ``data`` added to the shared ones, and its paints."""
    store = active()
    assert store is not None
    before = len(store)
    paints = Document(data, "test.pdf").pages[0].paints
    return len(store) - before, paints


def test_forms_share_what_they_paint_whatever_their_group_and_the_colours_they_never_name() -> None:
    # As WeasyPrint lays it out: a transparency group, and a colour space the form's stream does not use.
    laid_out = _form_file(b"/CS0 cs 1 scn 0 0 20 20 re f", {"CS0": _SPOT, "lab": pikepdf.Name.DeviceRGB},
                          group=True)
    # As a print edition finishes it: no group (PDF/X), the unused space gone, the marks' colour added.
    finished = _form_file(b"/CS0 cs 1 scn 0 0 20 20 re f", {"CS0": _SPOT, "SW28Registration": _REGISTRATION},
                          group=False)
    # The same stream where the form's own colour means another ink: it must be interpreted again.
    other_ink = _form_file(b"/CS0 cs 1 scn 0 0 20 20 re f", {"CS0": _REGISTRATION}, group=False)
    with shared_analysis():
        first, first_paints = _interpreted(laid_out)
        again, again_paints = _interpreted(finished)
        different, different_paints = _interpreted(other_ink)
    assert first == 2  # the page's stream and the form's
    assert again == 0 and again_paints == first_paints
    assert different == 2 and different_paints != first_paints
    assert [paint.registration for paint in different_paints] == [True]
