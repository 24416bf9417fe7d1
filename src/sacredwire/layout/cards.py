"""Cards: one card side per page, laid out once for every edition.

A card whose text does not fit fails the build, naming the card: a clipped
rule at the table is worse than no card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import weasyprint

from ..diagnostics import ContentError
from ..render import RenderContext, render
from ..render.cards import Card, cards
from . import LaidOut, LayoutError, anchors, lay_out, pdf_bytes
from ._boxes import require_type_size, spills
from .cache import LayoutCache

MIN_TYPE_PT = 6.5


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


def make_cards(context: RenderContext, cache: LayoutCache) -> tuple[LaidOut, tuple[Deck, ...]]:
    """Every card side on its own page in the context's language, and where each deck starts."""
    root = Path(context.rulebook.root)
    what = f"{context.lang}/cards"
    try:
        made = cards(context)
    except ContentError as error:
        # Raised again as a LayoutError: the build reports it like any failed layout.
        raise LayoutError(f"{what}: {error}") from None
    html = render("cards", context, deck=made)
    laid_out = _lay_out_checked(html, 2 * len(made), root, cache.key("cards", context.lang, html), what, cache)
    return laid_out, decks(made)


@dataclass(frozen=True)
class Deck:
    """The pages of one deck in the single-card PDF: ``first_page`` is 1-based, a card is two pages."""

    name: str
    first_page: int
    page_count: int


def decks(made: Sequence[Card]) -> tuple[Deck, ...]:
    """Where each deck's cards are in the single-card file (front and back: two pages a card).

    >>> [(d.name, d.first_page, d.page_count) for d in decks([_Named("a"), _Named("a"), _Named("b")])]
    [('a', 1, 4), ('b', 5, 2)]
    """
    found: list[Deck] = []
    for index, card in enumerate(made):
        if found and found[-1].name == card.deck:
            last = found[-1]
            found[-1] = Deck(last.name, last.first_page, last.page_count + 2)
        else:
            found.append(Deck(card.deck, 2 * index + 1, 2))
    return tuple(found)


@dataclass(frozen=True)
class _Named:
    """A stand-in card for the doctest: only its deck matters."""

    deck: str
