"""Colour: RGB-like colour in a CMYK-only edition, total ink over the limit, rich black text.

PF301 RGB, Lab or calibrated RGB paint · PF302 RGB image · PF303 total ink over the limit ·
PF304 text or a thin rule in rich black (K with other inks)
"""

from __future__ import annotations

from collections.abc import Iterator

from ...diagnostics import Severity
from ..content import PaintKind
from ..document import Document
from ..findings import Finding
from ..profiles import Profile
from . import preflight_check

THIN_RULE = 1.0   # points: a stroke this thin misregisters visibly when built from several inks


@preflight_check("colour")
def rgb_colour(document: Document, profile: Profile) -> Iterator[Finding]:
    if profile.rgb_allowed:
        return
    for page in document.pages:
        uses: dict[str, set[str]] = {}
        images: set[str] = set()
        for paint in page.paints:
            if paint.space.model.needs_conversion:
                if paint.kind is PaintKind.IMAGE:
                    images.add(paint.space.name)
                else:
                    uses.setdefault(paint.space.name, set()).add(paint.kind.value)
        for space, kinds in sorted(uses.items()):
            yield Finding("PF301", Severity.ERROR, document.name, page.number,
                          f"{space} colour ({', '.join(sorted(kinds))}) in a CMYK-only edition")
        for space in sorted(images):
            yield Finding("PF302", Severity.ERROR, document.name, page.number,
                          f"{space} image in a CMYK-only edition")


def _on_the_sheet(paint, page) -> bool:
    """Whether ``paint`` lands on the printed sheet: printer's marks in the slug, outside the
    BleedBox, are registration colour (all four inks) by design and are trimmed away."""
    return paint.box is None or paint.box.overlaps(page.bleed_box)


@preflight_check("colour")
def total_ink(document: Document, profile: Profile) -> Iterator[Finding]:
    if profile.ink_limit is None:
        return
    for page in document.pages:
        over = [paint for paint in page.paints if paint.ink is not None and paint.ink > profile.ink_limit
                and _on_the_sheet(paint, page)]
        if not over:
            continue
        worst = max(over, key=lambda paint: paint.ink or 0.0)  # (every one inked)
        others = f"; {len(over) - 1} more over the limit on this page" if len(over) > 1 else ""
        yield Finding("PF303", Severity.ERROR, document.name, page.number,
                      f"{worst.kind.value} at {worst.ink:g}% total ink (limit {profile.ink_limit:g}%), "
                      f"{page.position(worst.box)}{others}")


@preflight_check("colour")
def rich_black_text(document: Document, profile: Profile) -> Iterator[Finding]:
    if not profile.prints:
        return
    for page in document.pages:
        printed = [paint for paint in page.paints if paint.rich_black and _on_the_sheet(paint, page)]
        text = [paint for paint in printed if paint.kind is PaintKind.TEXT]
        rules = [paint for paint in printed if paint.kind is PaintKind.STROKE and paint.line_width <= THIN_RULE]
        for paints, what in ((text, "text run(s)"), (rules, "thin rule(s)")):
            if paints:
                yield Finding("PF304", Severity.WARNING, document.name, page.number,
                              f"{len(paints)} {what} in rich black, the first {page.position(paints[0].box)}: "
                              "use 100% K alone")
