"""Printer's marks: none inside the bleed, none at all where the edition takes none, crop marks in a press slug.

A paint is a *mark* when it stays clear of the trimmed page (its box does not
enter the TrimBox) and looks like one: registration colour (Separation /All, or
every process ink at 100 %), a stroke at most 1 pt wide, or a fill at most 1 pt
thick. A cover background that bleeds crosses the trim, so it is never a mark;
neither is a wide coloured band lying wholly in the bleed.

PF501 mark inside the bleed (between TrimBox and BleedBox: it would show on a
bleeding edge) · PF502 marks outside the BleedBox in an edition that takes none · PF503 no crop marks in
a press slug
"""

from __future__ import annotations

from collections.abc import Iterator

from ...diagnostics import Severity
from ..content import Paint, PaintKind
from ..document import Document, PdfPage
from ..findings import Finding
from ..profiles import Profile
from . import error_if, preflight_check

THIN = 1.0


def is_mark(paint: Paint, page: PdfPage) -> bool:
    """True for a paint outside the trim that looks like a crop, registration or colour-bar mark."""
    if paint.kind not in (PaintKind.FILL, PaintKind.STROKE) or paint.box.enters(page.trim, 0.01):
        return False
    if paint.registration:
        return True
    if paint.kind is PaintKind.STROKE:
        return paint.line_width <= THIN
    return min(paint.box.width, paint.box.height) <= THIN


@preflight_check("marks")
def printer_marks(document: Document, profile: Profile) -> Iterator[Finding]:
    for page in document.pages:
        marks = [paint for paint in page.paints if is_mark(paint, page)]
        in_bleed = [mark for mark in marks if mark.box.enters(page.bleed_box, 0.01)]
        in_slug = [mark for mark in marks if not mark.box.enters(page.bleed_box, 0.01)]
        if in_bleed and "TrimBox" in page.boxes:
            yield Finding("PF501", error_if(profile.edition != "any"), document.name, page.number,
                          f"marks inside the bleed, the first {page.position(in_bleed[0].box)}: "
                          "marks belong outside the BleedBox")
        if in_slug and not profile.marks_allowed:
            yield Finding("PF502", Severity.ERROR, document.name, page.number,
                          f"printer's marks outside the BleedBox, the first {page.position(in_slug[0].box)}: "
                          f"a {profile.edition} file takes none")
        if profile.marks_expected and not in_slug:
            yield Finding("PF503", Severity.WARNING, document.name, page.number,
                          "no crop marks outside the BleedBox")
