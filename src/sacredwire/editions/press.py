"""The press edition: every page with its bleed and crop marks, for an offset or local digital printer.

The BleedBox is the trim grown by the press bleed (3 mm by default, the
European norm), the MediaBox adds a slug around it for the marks, and the
page's own content is clipped to the BleedBox so the marks stand on clean
paper. The trim keeps its coordinates, so nothing moves relative to it.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from pikepdf import Array, Dictionary, Name, Pdf

from ..artifact import Artifact
from . import _pdf
from ._pdfx import PDFX_PDF_VERSION, drop_screen_parts, make_pdfx
from .base import MM, SINGLE_FILE, EditionSettings, LaidOutDocument, edition, file_name

REGISTRATION = "/SW28Registration"
MARK_WIDTH_PT = 0.25
# The marks keep 1 mm off the BleedBox and off the paper's edge.
MARK_GAP_MM = 1.0


def registration_colour() -> Array:
    """The registration colour: a separation named All, printed on every plate."""
    return Array([
        Name.Separation, Name.All, Name.DeviceCMYK,
        Dictionary({
            "/FunctionType": 2,
            "/Domain": Array([0, 1]),
            "/C0": Array([0.0] * 4),
            "/C1": Array([1.0] * 4),
            "/N": 1,
        }),
    ])


def crop_marks(trim: _pdf.Box, offset: float, length: float) -> list[tuple[float, float, float, float]]:
    """Eight crop-mark lines (x0, y0, x1, y1): each trim edge extended outward at each corner.

    Each line starts ``offset`` from the trim and runs ``length`` away from it.

    >>> crop_marks((0, 0, 100, 200), 10, 5)[:2]
    [(-10, 0, -15, 0), (0, -10, 0, -15)]
    """
    left, bottom, right, top = trim
    lines = []
    for x, outward_x in ((left, -1), (right, 1)):
        for y, outward_y in ((bottom, -1), (top, 1)):
            lines.append((x + outward_x * offset, y, x + outward_x * (offset + length), y))
            lines.append((x, y + outward_y * offset, x, y + outward_y * (offset + length)))
    return lines


def mark_page(document: Pdf, page: Dictionary, bleed: float, slug: float) -> None:
    """Give one page its press boxes, clip its content to the BleedBox and draw its crop marks."""
    trim = _pdf.box(page, "/TrimBox")
    bleed_box = _pdf.grow(trim, bleed)
    gap = MARK_GAP_MM * MM
    lines = [f"q {_pdf.number(MARK_WIDTH_PT)} w 0 J {REGISTRATION} CS 1 SCN"]
    lines += [f"{_pdf.number(x0)} {_pdf.number(y0)} m {_pdf.number(x1)} {_pdf.number(y1)} l S"
              for x0, y0, x1, y1 in crop_marks(trim, bleed + gap, slug - 2 * gap)]
    lines.append("Q")
    left, bottom, right, top = bleed_box
    clip = f"q {_pdf.number(left)} {_pdf.number(bottom)} {_pdf.number(right - left)} " \
           f"{_pdf.number(top - bottom)} re W n\n".encode("ascii")
    # The laid-out streams stay as they are between the clip and the marks: the preflight reads
    # them as in the print-on-demand file, and interprets them once for both.
    _pdf.wrap_content(document, page, clip, b"Q\n" + _pdf.operators(lines))
    _pdf.resource_dict(page, "/ColorSpace")[REGISTRATION] = registration_colour()
    _pdf.set_boxes(page, media=_pdf.grow(bleed_box, slug), bleed=bleed_box, trim=trim, crop=None)


def press_pdf(pdf: bytes, title: str, settings: EditionSettings, what: str) -> bytes:
    """Every page with the press bleed, a slug and crop marks, as a PDF/X-1a print file."""
    document = _pdf.read(pdf, what)
    bleed, slug = settings.press_bleed_mm * MM, settings.slug_mm * MM
    pages = _pdf.pages(document)
    for number, page in enumerate(pages, start=1):
        _pdf.require_bleed(page, number, bleed, what)
    drop_screen_parts(document)
    for page in pages:
        mark_page(document, page, bleed, slug)
    make_pdfx(document, title, settings, what)
    return _pdf.written(document, PDFX_PDF_VERSION)


@edition("press", "Offset or local digital printing: every page with its bleed and crop marks, PDF/X-1a",
         ("booklet", "cards"))
def finish_press(document: LaidOutDocument, settings: EditionSettings) -> list[Artifact]:
    """The booklet (covers included) or the single cards, marked for the press; nothing else."""
    names = {"booklet": file_name(document.name), "cards": SINGLE_FILE}
    if document.kind not in names:
        return []
    what = f"{document.lang}/press/{names[document.kind]}"
    return [Artifact(PurePosixPath(names[document.kind]),
                     press_pdf(document.pdf, document.title, settings, what))]
