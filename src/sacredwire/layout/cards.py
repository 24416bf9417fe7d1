"""Cards: one card side per page, laid out once for every edition.

A card whose text does not fit its box (a language with longer words than
the card was designed for) is set again tighter, step by step (the classes
of :data:`TIGHTER`, cards.css); one that does not fit even at the card's
minimum type fails the build, naming the card: a clipped rule at the table is
worse than no card. A card that fits is never set tight, so a language that
fits prints the cards as designed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from html import unescape
from pathlib import Path

import weasyprint

from ..diagnostics import ContentError
from ..model.settings import PrintSettings
from ..render import RenderContext, render
from ..render.cards import Card, cards
from . import LaidOut, LayoutError, anchors, lay_out, pdf_bytes
from ._boxes import require_type_size, spills
from .cache import LayoutCache

# The steps a card whose text does not fit is set again with, each a class on both its sides
# (cards.css): "tight" sets the stats two to a line and the text smaller, "tightest" the text at the
# card's minimum type (content/outputs.yaml).
TIGHTER = ("tight", "tightest")


def tighten(html: str, root: Path, what: str) -> weasyprint.Document:
    """The cards laid out, a card whose text does not fit set again one step tighter until it fits.

    Only the cards that spill are set tighter, laid out on their own and put
    in place of their pages: the others keep their design, and a document
    where every card fits is laid out once.
    """
    laid_out = lay_out(html, root / "templates", root, what)
    sides = [unescape(side[4]) for side in _SIDE.finditer(html)]
    pages = list(laid_out.pages)
    spilled = {spill.owner for spill in spills(laid_out)}
    if not spilled or len(pages) != len(sides):
        return laid_out  # all fit; or a side ran onto a second page, which check_cards reports
    for step in TIGHTER:
        if not spilled:
            break
        html = _with_class(html, spilled, step)
        part = lay_out(_only(html, spilled), root / "templates", root, what)
        places = [index for index, owner in enumerate(sides) if owner in spilled]
        if len(part.pages) != len(places):
            raise LayoutError(f"{what}: {len(part.pages)} pages for {len(places)} card sides set {step}")
        for index, page in zip(places, part.pages):
            pages[index] = page
        spilled = {spill.owner for spill in spills(part)}
    return laid_out.copy(pages)


# A card side (templates/cards/card.html.j2): its opening tag, its classes, then the card it belongs to.
_SIDE = re.compile(r'(<article class=")([^"]*)(" data-owner=")([^"]*)(")')
_WHOLE_SIDE = re.compile(r'<article class="[^"]*" data-owner="([^"]*)".*?</article>', re.DOTALL)


def _only(html: str, owners: set[str]) -> str:
    """``html`` with only the sides of the cards in ``owners``.

    >>> _only('<b><article class="card" data-owner="A"><p>a</p></article><article class="card" '
    ...       'data-owner="B">b</article></b>', {"B"})
    '<b><article class="card" data-owner="B">b</article></b>'
    """
    return _WHOLE_SIDE.sub(lambda side: side[0] if unescape(side[1]) in owners else "", html)


def _with_class(html: str, owners: set[str], name: str) -> str:
    """``html`` with class ``name`` added to both sides of each card in ``owners``.

    >>> _with_class('<article class="card" data-owner="A &amp; B"></article>', {"A & B"}, "tight")
    '<article class="card tight" data-owner="A &amp; B"></article>'
    """
    def add(match: re.Match[str]) -> str:
        if unescape(match[4]) not in owners:
            return match[0]
        return f"{match[1]}{match[2]} {name}{match[3]}{match[4]}{match[5]}"

    return _SIDE.sub(add, html)


def check_cards(document: weasyprint.Document, expected_pages: int, what: str) -> None:
    """Every card's text fits its card, and every card side is one page."""
    spilled = spills(document)
    if spilled:
        details = "; ".join(f"{spill.owner}: {spill.region} runs {spill.by_mm} mm past its box (page {spill.page})"
                            for spill in spilled)
        raise LayoutError(f"{what}: card text does not fit, even set tight at the card's minimum type: "
                          f"{details}. Shorten the table text; it is never clipped")
    if len(document.pages) != expected_pages:
        raise LayoutError(f"{what}: {len(document.pages)} pages for {expected_pages} card sides")


def _lay_out_checked(html: str, expected_pages: int, root: Path, key: str, what: str,
                     cache: LayoutCache, settings: PrintSettings) -> LaidOut:
    cached = cache.get(key)
    if cached is not None:
        return cached
    document = tighten(html, root, what)
    check_cards(document, expected_pages, what)
    require_type_size(document, settings.card_min_type.pt, what)
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
    laid_out = _lay_out_checked(html, 2 * len(made), root, cache.key("cards", context.lang, html), what, cache,
                                context.rulebook.settings.print)
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
