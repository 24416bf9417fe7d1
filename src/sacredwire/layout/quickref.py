"""The quick reference: each page of the layout file on exactly one printed side.

A page that does not fit its side at its type size (a longer language) is set
again smaller, in tenths of a point, at the largest size that fits, down to
where its smallest text reaches the layout file's ``smallest_type``. Pages
break before each other, so a page is tried alone: a bisection between the
floor and the size that did not fit, one single-page layout per try (four
for 8.8 pt down to 7.7 pt, five from 9.8 pt), then the whole sheet once at the
sizes found. A language whose pages fit costs nothing more than one layout.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

import weasyprint

from ..diagnostics import ContentError
from ..render import LAYOUT_FILE, QuickRefLayout, RenderContext, read_layout, render
from . import LaidOut, LayoutError, anchors, lay_out, pdf_bytes
from ._boxes import require_type_size, smallest_text, text_past_margins
from .cache import LayoutCache

FILE_NAME = "quick-reference.pdf"
_PAGE_ANCHOR = re.compile(r"^qr-page-(\d+)$")
_DOES_NOT_FIT = "of content/quick-reference.yaml does not fit on one side; move a block to another page or " \
                "shorten its summaries"


@dataclass(frozen=True)
class SmallerPage:
    """A page set smaller than its type size so that it fits its side."""

    number: int
    typed_pt: float
    set_pt: float


@dataclass(frozen=True)
class QuickRef:
    """The laid-out quick reference, and the pages it had to set smaller than typed."""

    laid_out: LaidOut
    smaller: tuple[SmallerPage, ...]

    def note(self, what: str) -> str | None:
        """One line for the designer naming the pages set smaller, or ``None`` when none was."""
        if not self.smaller:
            return None
        pages = ", ".join(f"page {page.number} at {page.set_pt:.1f} pt (typed {page.typed_pt:.1f})"
                          for page in self.smaller)
        return f"{what}: set smaller to fit its side: {pages}"


def _sides(document: weasyprint.Document) -> dict[int, int]:
    """The side (from 1) each page of the layout file starts on, by page number."""
    found = anchors(document)
    return {int(match[1]): side for name, side in found.items() if (match := _PAGE_ANCHOR.match(name))}


def check_sides(document: weasyprint.Document, what: str) -> None:
    """Every layout page fills exactly one side, and no text runs past the margins."""
    starts = _sides(document)
    for number, side in sorted(starts.items()):
        if side != number:
            raise LayoutError(f"{what}: page {number - 1} {_DOES_NOT_FIT}")
    if len(document.pages) != len(starts):
        raise LayoutError(f"{what}: page {len(starts)} {_DOES_NOT_FIT} ({len(document.pages)} sides for "
                          f"{len(starts)} pages)")
    sticking_out = [f"p. {side}: {text[:40]!r}" for side, text in text_past_margins(document, columns=True)]
    if sticking_out:
        raise LayoutError(f"{what}: text runs past its column or the page margin: " + "; ".join(sticking_out[:5]))


def _too_big(document: weasyprint.Document) -> list[int]:
    """The layout file's pages that take more than one side, or whose text runs past a column or margin."""
    starts = _sides(document)
    ends = {number: starts.get(number + 1, len(document.pages) + 1) for number in starts}
    past = {side for side, _ in text_past_margins(document, columns=True)}
    return [number for number, side in sorted(starts.items())
            if ends[number] - side != 1 or side in past]


def _tenths(points: float) -> int:
    return round(points * 10)


class _Fitting:
    """Tries of one language's pages, each page alone at one size."""

    def __init__(self, context: RenderContext, root: Path, what: str):
        self.context, self.root, self.what = context, root, what

    def fits(self, number: int, tenths: int) -> bool:
        html = render("quick-reference", self.context, type_pt={number: tenths / 10}, only=number)
        document = lay_out(html, self.root / "templates", self.root, self.what)
        return len(document.pages) == 1 and not text_past_margins(document, columns=True)

    def largest(self, number: int, floor: int, too_big: int) -> int:
        """The largest size in tenths from ``floor`` below ``too_big`` at which the page fits.

        Bisection: a page set smaller takes no more room, so one that fits at a
        size fits at every smaller one. The floor itself is tried only when no
        size above it fits: a page that fits somewhere costs no try there.
        """
        low, does_not, tried = floor, too_big, False
        while does_not - low > 1:
            middle = (low + does_not) // 2
            if self.fits(number, middle):
                low, tried = middle, True
            else:
                does_not = middle
        if low >= too_big or not (tried or self.fits(number, low)):
            raise LayoutError(f"{self.what}: page {number} {_DOES_NOT_FIT} (tried down to {floor / 10:.1f} pt, "
                              f"where its smallest text reaches smallest_type in {LAYOUT_FILE})")
        return low


def _floor(layout: QuickRefLayout, document: weasyprint.Document, typed: dict[int, float]) -> int:
    """The smallest size in tenths at which a page's smallest text stays at or above ``smallest_type``.

    Measured, not computed from the stylesheet: the text set smallest on the
    sheet, against the smallest type size it was set at. Text of a fixed size
    (the running head) can only make the ratio smaller, the floor higher.
    """
    smallest = smallest_text(document)
    if smallest is None:
        return 0
    ratio = smallest.size_pt / min(typed.values())
    return math.ceil(layout.smallest_type / ratio * 10 - 1e-6)


def set_quickref(context: RenderContext, cache: LayoutCache) -> QuickRef:
    """Render and lay out the quick reference in the context's language and paper, fitting each page."""
    root = Path(context.rulebook.root)
    what = f"{context.lang}/quick-reference"
    try:
        layout = read_layout(root)
        html = render("quick-reference", context)
    except ContentError as error:
        # Raised again as a LayoutError: the build reports it like any failed layout.
        raise LayoutError(f"{what}: {error}") from None
    typed = {number: page.type_size(context.lang) for number, page in enumerate(layout.pages, start=1)}
    cache_key = cache.key("quick-reference", context.lang, html)
    cached = cache.get(cache_key)
    if cached is not None:
        return QuickRef(cached, ())
    # The sizes found for these pages at this floor, from an earlier build.
    fit_key = cache.key("quick-reference-fit", context.lang, html, repr(layout.smallest_type))
    record = cache.record(fit_key)
    if record is not None and not all(isinstance(size, int) and not isinstance(size, bool)
                                      and number.isdigit() and int(number) in typed
                                      for number, size in record.items()):
        record = None  # not one this code wrote: found again
    if record is None:
        document = lay_out(html, root / "templates", root, what)
        too_big = _too_big(document)
        if not too_big:
            return QuickRef(_finish(document, layout, cache_key, what, cache), ())
        floor = _floor(layout, document, typed)
        fitting = _Fitting(context, root, what)
        record = {str(number): fitting.largest(number, floor, _tenths(typed[number])) for number in too_big}
        cache.put_record(fit_key, record)
    sizes = {int(number): tenths / 10 for number, tenths in record.items()}
    smaller = tuple(SmallerPage(number, typed[number], size) for number, size in sorted(sizes.items()))
    html = render("quick-reference", context, type_pt=sizes)
    cache_key = cache.key("quick-reference", context.lang, html)
    cached = cache.get(cache_key)
    if cached is not None:
        return QuickRef(cached, smaller)
    document = lay_out(html, root / "templates", root, what)
    return QuickRef(_finish(document, layout, cache_key, what, cache), smaller)


def _finish(document: weasyprint.Document, layout: QuickRefLayout, cache_key: str, what: str,
            cache: LayoutCache) -> LaidOut:
    check_sides(document, what)
    require_type_size(document, layout.smallest_type, what)
    laid_out = LaidOut(pdf=pdf_bytes(document, cache_key, what), anchors=anchors(document),
                       page_count=len(document.pages))
    cache.put(cache_key, laid_out)
    return laid_out


def make_quickref(context: RenderContext, cache: LayoutCache) -> LaidOut:
    """Render and lay out the quick reference in the context's language and paper."""
    return set_quickref(context, cache).laid_out
