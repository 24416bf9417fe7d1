"""Cards: one side per page for print-on-demand, and imposed sheets for print-and-play.

A card whose text does not fit fails the build, naming the card: a clipped
rule at the table is worse than no card.
"""

from __future__ import annotations

from pathlib import Path

import weasyprint

from ..diagnostics import ContentError
from ..render import RenderContext, render
from ..render.cards import Side, cards
from . import LaidOut, LayoutError, anchors, lay_out, pdf_bytes
from ._boxes import require_type_size, spills
from .cache import LayoutCache

SINGLE_FILE, SHEETS_FILE = "cards-single.pdf", "cards.pdf"
COLUMNS, ROWS = 3, 3
MIN_TYPE_PT = 6.5


def impose(count: int, columns: int = COLUMNS, rows: int = ROWS) -> list[Side]:
    """Sides in printing order: each sheet's front, then its back.

    Slots are numbered row by row from the top left. Flipped on its long
    edge, a sheet's right column lands behind its left one, so each back
    side lists its front's rows in reverse column order.

    >>> [(side.back, side.slots) for side in impose(11)]  # doctest: +NORMALIZE_WHITESPACE
    [(False, (0, 1, 2, 3, 4, 5, 6, 7, 8)), (True, (2, 1, 0, 5, 4, 3, 8, 7, 6)),
     (False, (9, 10, None, None, None, None, None, None, None)),
     (True, (None, 10, 9, None, None, None, None, None, None))]
    """
    per_sheet = columns * rows
    sides: list[Side] = []
    for first in range(0, count, per_sheet):
        front = tuple(index if index < count else None for index in range(first, first + per_sheet))
        back = tuple(slot for row in range(rows)
                     for slot in reversed(front[row * columns:(row + 1) * columns]))
        sides += [Side(back=False, slots=front), Side(back=True, slots=back)]
    return sides


def check_cards(document: weasyprint.Document, expected_pages: int, what: str) -> None:
    """Every card's text fits its card, and every card side is one page."""
    spilled = spills(document)
    if spilled:
        details = "; ".join(f"{spill.owner}: {spill.region} runs {spill.by_mm} mm past its box (page {spill.page})"
                            for spill in spilled)
        raise LayoutError(f"{what}: card text does not fit: {details}. Shorten the table text; it is never clipped")
    if len(document.pages) != expected_pages:
        raise LayoutError(f"{what}: {len(document.pages)} pages for {expected_pages} card sides")


def _lay_out_checked(html: str, expected_pages: int, root: Path, key: str, what: str,
                     cache: LayoutCache) -> LaidOut:
    cached = cache.get(key)
    if cached is not None:
        return cached
    document = lay_out(html, root / "templates", root, what)
    check_cards(document, expected_pages, what)
    require_type_size(document, MIN_TYPE_PT, what)
    laid_out = LaidOut(pdf=pdf_bytes(document, key, what), anchors=anchors(document),
                       page_count=len(document.pages))
    cache.put(key, laid_out)
    return laid_out


def make_cards(context: RenderContext, cache: LayoutCache) -> dict[str, LaidOut]:
    """Both card files in the context's language (sheets on the context's paper)."""
    root = Path(context.rulebook.root)
    what = f"{context.lang}/cards"
    try:
        deck = cards(context)
    except ContentError as error:
        # Raised again as a LayoutError: the build reports it like any failed layout.
        raise LayoutError(f"{what}: {error}") from None
    sides = impose(len(deck))
    single = render("cards", context, deck=deck)
    sheets = render("card-sheets", context, deck=deck, sides=sides)
    return {
        SINGLE_FILE: _lay_out_checked(single, 2 * len(deck), root, cache.key("cards", context.lang, single),
                                      f"{what} ({SINGLE_FILE})", cache),
        SHEETS_FILE: _lay_out_checked(sheets, len(sides), root, cache.key("card-sheets", context.lang, sheets),
                                      f"{what} ({SHEETS_FILE})", cache),
    }

