"""The quick reference: each page of the layout file on exactly one printed side.

A page that does not fit its side at its type size (a longer language) is set
again smaller, in tenths of a point, at the largest size that fits, down to
where its smallest text reaches the layout file's ``smallest_type``. Pages
break before each other, so a page is tried alone, one single-page layout
per try: first at the size the room it took predicts, then stepping away
from it until the answer is bracketed, then halving the bracket. A good
prediction costs two tries, one that fits and one that does not. The sheet
is then put together from the pages that fitted, alone or at their typed
size, which is the sheet a layout at the sizes found gives. A language whose
pages fit costs nothing more than one layout.
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
from ._boxes import filled, require_type_size, smallest_text, text_past_margins
from .cache import LayoutCache

FILE_NAME = "quick-reference.pdf"
_PAGE_ANCHOR = re.compile(r"^qr-page-(\d+)$")
_DOES_NOT_FIT = "of content/quick-reference.yaml does not fit on one side; move a block to another page or " \
                "shorten its summaries"
# The size a page fits at follows the room it took at its typed size as about this power of the room
# (measured on a language a third longer than the English: its four pages gave 0.37 to 0.43). It only
# chooses the first size tried: the search finds the same size from any start.
_ROOM_EXPONENT = 0.4


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


def _room(document: weasyprint.Document, number: int) -> float:
    """The sides' worth of room page ``number`` of the layout file took: how far down each of its sides its
    text reaches, added up (1.3: one full side and a third of the next)."""
    starts = _sides(document)
    end = starts.get(number + 1, len(document.pages) + 1)
    return sum(filled(document, side) for side in range(starts[number], end))


def _first_try(typed: int, room: float, floor: int) -> int:
    """The size in tenths to try a page at first: the one its room predicts, above ``floor``, below ``typed``."""
    predicted = round(typed * room ** -_ROOM_EXPONENT) if room > 0 else typed
    return max(floor, min(typed - 1, predicted))


def _tenths(points: float) -> int:
    return round(points * 10)


class _Fitting:
    """Tries of one language's pages, each page alone at one size.

    The largest size each page fitted at is kept laid out: a page laid out
    alone is the page the whole sheet sets (they break before each other, and
    each prints its own number and folio), so the sheet is put together from
    them instead of being laid out again.
    """

    def __init__(self, context: RenderContext, root: Path, what: str):
        self.context, self.root, self.what = context, root, what
        self._fitted: dict[int, tuple[int, weasyprint.Document]] = {}

    def fits(self, number: int, tenths: int) -> bool:
        html = render("quick-reference", self.context, type_pt={number: tenths / 10}, only=number)
        document = lay_out(html, self.root / "templates", self.root, self.what)
        fit = len(document.pages) == 1 and not text_past_margins(document, columns=True)
        if fit and tenths > self._fitted.get(number, (-1, document))[0]:
            self._fitted[number] = (tenths, document)
        return fit

    def sheet(self, typed: weasyprint.Document, sizes: dict[int, int]) -> weasyprint.Document | None:
        """The whole sheet with the pages of ``sizes`` (tenths, by page number) as they fitted here and the
        others as ``typed`` (the sheet at the typed sizes) set them; ``None`` if a page was not tried at its size."""
        pages = []
        for number, side in sorted(_sides(typed).items()):
            if number not in sizes:
                pages.append(typed.pages[side - 1])
                continue
            tenths, alone = self._fitted.get(number, (None, typed))
            if tenths != sizes[number]:
                return None
            pages.append(alone.pages[0])
        return typed.copy(pages)

    def largest(self, number: int, floor: int, too_big: int, first: int) -> int:
        """The largest size in tenths from ``floor`` below ``too_big`` at which the page fits.

        A page set smaller takes no more room, so one that fits at a size fits
        at every smaller one. The search tries ``first``, then steps away from
        it by 1, 2, 4... tenths until one size fits and the next does not, or
        the bracket is found, then halves the bracket. The floor itself is
        tried only when no size above it fits: a page that fits somewhere
        costs no try there.
        """
        low, does_not, tried = floor, too_big, False
        if floor < too_big:
            step = 1
            if self.fits(number, first):
                low, tried = first, True
                while low + step < does_not:
                    if not self.fits(number, low + step):
                        does_not = low + step
                        break
                    low, step = low + step, step * 2
            else:
                does_not = first
                while does_not - step > floor:
                    if self.fits(number, does_not - step):
                        low, tried = does_not - step, True
                        break
                    does_not, step = does_not - step, step * 2
        while does_not - low > 1:
            middle = (low + does_not) // 2
            if self.fits(number, middle):
                low, tried = middle, True
            else:
                does_not = middle
        if does_not <= low or not (tried or self.fits(number, low)):
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
    # The sheet put together from the pages tried, when they were tried in this call.
    sheet: weasyprint.Document | None = None
    if record is None:
        document = lay_out(html, root / "templates", root, what)
        too_big = _too_big(document)
        if not too_big:
            return QuickRef(_finish(document, layout, cache_key, what, cache), ())
        floor = _floor(layout, document, typed)
        fitting = _Fitting(context, root, what)
        found = {number: fitting.largest(number, floor, _tenths(typed[number]),
                                         _first_try(_tenths(typed[number]), _room(document, number), floor))
                 for number in too_big}
        record = {str(number): tenths for number, tenths in found.items()}
        cache.put_record(fit_key, record)
        sheet = fitting.sheet(document, found)
    sizes = {int(number): tenths / 10 for number, tenths in record.items()}
    smaller = tuple(SmallerPage(number, typed[number], size) for number, size in sorted(sizes.items()))
    html = render("quick-reference", context, type_pt=sizes)
    cache_key = cache.key("quick-reference", context.lang, html)
    cached = cache.get(cache_key)
    if cached is not None:
        return QuickRef(cached, smaller)
    document = sheet or lay_out(html, root / "templates", root, what)
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
