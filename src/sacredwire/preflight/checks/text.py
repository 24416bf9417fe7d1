"""Text: inside the safe margin, and not too small to read.

PF401 text closer to the trim than the safe margin (or across it) · PF402 text below the
smallest size. Text wholly outside the BleedBox is slug information and ignored;
invisible text (render modes 3 and 7) is never a paint.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...diagnostics import Severity
from ..content import PaintKind
from ..document import Document
from ..findings import Finding
from ..geometry import format_mm, mm
from ..profiles import Profile
from . import preflight_check


@preflight_check("text")
def safe_margin(document: Document, profile: Profile) -> Iterator[Finding]:
    margin = profile.safe_margin
    if margin is None:
        return
    for page in document.pages:
        trim, bleed = page.trim, page.bleed_box
        closest = None
        count = 0
        for paint in page.paints:
            if paint.kind is not PaintKind.TEXT or not paint.box.overlaps(bleed):
                continue
            box = paint.box
            distance = min(box.x0 - trim.x0, box.y0 - trim.y0, trim.x1 - box.x1, trim.y1 - box.y1)
            if distance < margin - 0.01:
                count += 1
                if closest is None or distance < closest[0]:
                    closest = (distance, box)
        if closest is None:
            continue
        distance, box = closest
        how = (f"{mm(distance):.1f} mm inside the trim" if distance >= 0
               else f"{mm(-distance):.1f} mm beyond the trim")
        yield Finding("PF401", Severity.ERROR, document.name, page.number,
                      f"{count} text run(s) inside the {format_mm(margin)} mm safe margin; the closest "
                      f"{how}, {page.position(box)}")


@preflight_check("text")
def text_size(document: Document, profile: Profile) -> Iterator[Finding]:
    if profile.min_text_size is None:
        return
    for page in document.pages:
        small = [paint for paint in page.paints
                 if paint.kind is PaintKind.TEXT and paint.text_size < profile.min_text_size - 0.01]
        if small:
            smallest = min(small, key=lambda paint: paint.text_size)
            yield Finding("PF402", Severity.WARNING, document.name, page.number,
                          f"text at {smallest.text_size:.1f} pt (below {profile.min_text_size:g} pt), "
                          f"{page.position(smallest.box)}")
