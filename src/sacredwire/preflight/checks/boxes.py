"""Page boxes: TrimBox and BleedBox present, bleed wide enough, MediaBox as the edition wants.

PF101 no TrimBox · PF102 no BleedBox · PF103 bleed narrower than required ·
PF104 MediaBox not as the edition wants (= BleedBox, larger than it, = TrimBox) ·
PF105 not an A4 or Letter sheet · PF106 wrong trim size · PF107 boxes not nested
"""

from __future__ import annotations

from collections.abc import Iterator

from ...diagnostics import Severity
from ..document import Document, PdfPage
from ..findings import Finding
from ..geometry import Rect, format_mm, mm
from ..profiles import Profile
from . import preflight_check

# Writers round boxes to a few decimals; anything closer than this is the same edge.
TOLERANCE = 0.05
_SIDES = ("left", "bottom", "right", "top")


def _error(document: Document, page: PdfPage, code: str, message: str) -> Finding:
    return Finding(code, Severity.ERROR, document.name, page.number, message)


@preflight_check("boxes")
def required_boxes(document: Document, profile: Profile) -> Iterator[Finding]:
    if not profile.prints:
        return
    for page in document.pages:
        if "TrimBox" not in page.boxes:
            yield _error(document, page, "PF101", "no TrimBox: the printer cannot tell where to cut")
        if "BleedBox" not in page.boxes:
            yield _error(document, page, "PF102", "no BleedBox: the printer cannot tell how far colour bleeds")


@preflight_check("boxes")
def bleed_width(document: Document, profile: Profile) -> Iterator[Finding]:
    if profile.bleed is None:
        return
    for page in document.pages:
        facts = page.bleed
        if facts is None:
            continue
        short = [(side, width) for side, width in zip(_SIDES, facts) if width < profile.bleed - TOLERANCE]
        if short:
            if len(short) == 4 and len({round(width, 3) for _, width in short}) == 1:
                sides = f"{format_mm(short[0][1])} mm on every side"
            else:
                sides = ", ".join(f"{format_mm(width)} mm {side}" for side, width in short)
            yield _error(document, page, "PF103", f"bleed {sides}, less than the {format_mm(profile.bleed)} mm "
                                                  "this edition needs")


@preflight_check("boxes")
def media_box(document: Document, profile: Profile) -> Iterator[Finding]:
    for page in document.pages:
        media = page.boxes["MediaBox"]
        if profile.media == "bleed" and "BleedBox" in page.boxes and not media.same_as(page.bleed_box, TOLERANCE):
            yield _error(document, page, "PF104", f"MediaBox {_size(media)} differs from BleedBox "
                                                  f"{_size(page.bleed_box)}: this edition takes no slug")
        elif profile.media == "slug" and "BleedBox" in page.boxes and not _strictly_inside(page.bleed_box, media):
            yield _error(document, page, "PF104", "MediaBox not larger than BleedBox on every side: "
                                                  "no slug outside the bleed for crop marks")
        elif profile.media == "trim" and not media.same_as(page.trim, TOLERANCE):
            yield _error(document, page, "PF104", f"MediaBox {_size(media)} differs from TrimBox "
                                                  f"{_size(page.trim)}: a screen page is the trimmed page")
        elif profile.media == "sheet" and profile.sheet_sizes and not _is_sheet(media, profile):
            yield _error(document, page, "PF105", f"page {_size(media)} is not an "
                                                  f"{' or '.join(name for name, _ in profile.sheet_sizes)} sheet")


@preflight_check("boxes")
def trim_size(document: Document, profile: Profile) -> Iterator[Finding]:
    if profile.trim_size is None:
        return
    expected = sorted(profile.trim_size)
    for page in document.pages:
        actual = sorted((page.trim.width, page.trim.height))
        if any(abs(a - e) > 0.5 for a, e in zip(actual, expected)):
            yield _error(document, page, "PF106", f"trim {_size(page.trim)}, expected "
                                                  f"{mm(expected[0]):.1f} × {mm(expected[1]):.1f} mm")


@preflight_check("boxes")
def nested_boxes(document: Document, profile: Profile) -> Iterator[Finding]:
    for page in document.pages:
        boxes = page.boxes
        media = boxes["MediaBox"]
        if "BleedBox" in boxes and not media.contains(boxes["BleedBox"], TOLERANCE):
            yield _error(document, page, "PF107", "BleedBox extends beyond the MediaBox")
        if "TrimBox" in boxes and not page.bleed_box.contains(boxes["TrimBox"], TOLERANCE):
            yield _error(document, page, "PF107", "TrimBox extends beyond the BleedBox")


def _strictly_inside(inner: Rect, outer: Rect) -> bool:
    return (inner.x0 - outer.x0 > TOLERANCE and inner.y0 - outer.y0 > TOLERANCE
            and outer.x1 - inner.x1 > TOLERANCE and outer.y1 - inner.y1 > TOLERANCE)


def _is_sheet(media: Rect, profile: Profile) -> bool:
    size = sorted((media.width, media.height))
    return any(all(abs(a - b) <= 1.0 for a, b in zip(size, sorted(sheet))) for _, sheet in profile.sheet_sizes)


def _size(box: Rect) -> str:
    return f"{mm(box.width):.1f} × {mm(box.height):.1f} mm"
