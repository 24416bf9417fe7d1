"""The print-on-demand edition: what DriveThruRPG, DriveThruCards and Lulu ask for.

A booklet becomes two files: the interior (pages 3 ... n-2, the cover sheet
left out) and a one-page cover spread (back cover left, front cover right).
The single cards become one file per deck. No marks; a 0.125 in bleed;
PDF/X-1a.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import TYPE_CHECKING

import pikepdf
from pikepdf import Array, OutlineItem, Pdf

from ..artifact import Artifact
from . import _pdf
from ._pdfx import PDFX_PDF_VERSION, drop_screen_parts, make_pdfx
from .base import MM, EditionError, EditionSettings, LaidOutDocument, edition, file_name

if TYPE_CHECKING:
    from ..layout.cards import Deck

COVER_SHEET_PAGES = 4


def cover_name(document_name: str) -> str:
    """The cover spread's file name beside the interior."""
    return f"{document_name}-cover.pdf"


def deck_name(deck: str) -> str:
    return f"cards-{deck}.pdf"


def _pages(source: Pdf, indexes: range, bleed: float, title: str, settings: EditionSettings, what: str) -> bytes:
    """The chosen pages (0-based), cut to ``bleed`` around the trim, as a PDF/X-1a file."""
    drop_screen_parts(source)
    document = pikepdf.new()
    document.pages.extend(source.pages[index] for index in indexes)
    _pdf.copy_info(document, source)
    _copy_bookmarks(source, document, indexes)
    for number, page in zip(indexes, _pdf.pages(document)):
        trim = _pdf.trim_of(page, number + 1, what)
        _pdf.require_bleed(page, number + 1, bleed, what)
        _pdf.set_boxes(page, media=_pdf.grow(trim, bleed), bleed=_pdf.grow(trim, bleed), trim=trim, crop=None)
    make_pdfx(document, title, settings, what)
    return _pdf.written(document, PDFX_PDF_VERSION)


def _copy_bookmarks(source: Pdf, document: Pdf, indexes: range) -> None:
    """The source's bookmarks that open one of the chosen pages, now opening its copy.

    A bookmark whose page is left out goes, and the bookmarks under it move up
    to its place, so a chapter's sections stay reachable without its title page.
    """
    kept = {source.pages[index].obj.objgen: document.pages[number].obj for number, index in enumerate(indexes)}

    def copies(items: list[OutlineItem]) -> list[OutlineItem]:
        made: list[OutlineItem] = []
        for item in items:
            children = copies(list(item.children))
            destination = item.destination
            page = destination[0] if isinstance(destination, Array) and len(destination) else None
            if page is None or not page.is_indirect or page.objgen not in kept:
                made += children
                continue
            assert isinstance(destination, Array)  # the page came from it
            copy = OutlineItem(item.title, Array([kept[page.objgen], *destination[1:]]))
            copy.children.extend(children)
            copy.is_closed = item.is_closed
            made.append(copy)
        return made

    if "/Outlines" not in source.Root:
        return
    with source.open_outline() as outline:
        items = copies(list(outline.root))
    if items:
        with document.open_outline() as outline:
            outline.root.extend(items)


def interior(pdf: bytes, title: str, settings: EditionSettings, what: str) -> bytes:
    """Pages 3 ... n-2 of a booklet: its pages without the cover sheet."""
    source = _pdf.read(pdf, what)
    count = len(source.pages)
    if count % 4 or count <= COVER_SHEET_PAGES:
        raise EditionError(f"{what}: {count} pages; a saddle-stitched booklet with a cover sheet needs a multiple "
                           f"of 4 above {COVER_SHEET_PAGES}")
    return _pages(source, range(2, count - 2), settings.pod_bleed_mm * MM, title, settings, what)


def cover_spread(pdf: bytes, title: str, settings: EditionSettings, what: str) -> bytes:
    """One page: the back cover (page n) left of the front cover (page 1), with bleed all round.

    Each cover is clipped to its half at the spine, so the back cover's bleed
    never paints over the front.
    """
    source = _pdf.read(pdf, what)
    pages = _pdf.pages(source)
    count = len(pages)
    back, front = pages[count - 1], pages[0]
    bleed = settings.pod_bleed_mm * MM
    for number, page in ((count, back), (1, front)):
        _pdf.require_bleed(page, number, bleed, what)
    trim = _pdf.trim_of(front, 1, what)
    width, height = _pdf.size(trim)
    if _pdf.size(_pdf.trim_of(back, count, what)) != (width, height):
        raise EditionError(f"{what}: the front and back covers have different trim sizes")
    document = pikepdf.new()
    _pdf.copy_info(document, source)
    spread = _pdf.blank_page(document, 2 * width + 2 * bleed, height + 2 * bleed)
    left, bottom = trim[0], trim[1]
    halves = (
        ("/Back", back, (left - bleed, bottom - bleed, left + width, bottom + height + bleed), bleed),
        ("/Front", front, (left, bottom - bleed, left + width + bleed, bottom + height + bleed), bleed + width),
    )
    lines = []
    forms = _pdf.resource_dict(spread, "/XObject")
    placed: _pdf.PlacedForms = {}
    for name, page, clip, x in halves:
        forms[name] = _pdf.form_from_page(document, source, page, clip, placed)
        lines.append(f"q 1 0 0 1 {_pdf.number(x - left)} {_pdf.number(bleed - bottom)} cm {name} Do Q")
    _pdf.replace_content(document, spread, _pdf.operators(lines))
    whole = (0.0, 0.0, 2 * width + 2 * bleed, height + 2 * bleed)
    _pdf.set_boxes(spread, media=whole, bleed=whole, trim=_pdf.grow(whole, -bleed))
    make_pdfx(document, title, settings, what)
    return _pdf.written(document, PDFX_PDF_VERSION)


def decks(pdf: bytes, title: str, deck_list: tuple[Deck, ...], settings: EditionSettings, what: str) -> list[Artifact]:
    """One file per deck from the single-card PDF (card printers take one deck per file)."""
    source = _pdf.read(pdf, what)
    page_count = len(source.pages)
    files = []
    for deck in deck_list:
        last = deck.first_page + deck.page_count - 1
        if deck.first_page % 2 == 0 or deck.page_count % 2:
            raise EditionError(f"{what}: deck {deck.name} must start on a card front (an odd page) and hold "
                               f"whole cards (an even page count), not pages {deck.first_page}-{last}")
        if deck.first_page < 1 or deck.page_count < 1 or last > page_count:
            raise EditionError(f"{what}: deck {deck.name} (pages {deck.first_page}-{last}) is not inside the "
                               f"{page_count} card pages")
        name = deck_name(deck.name)
        files.append(Artifact(PurePosixPath(name), _pages(
            source, range(deck.first_page - 1, last), settings.pod_bleed_mm * MM, f"{title}: {deck.name}",
            settings, f"{what} ({name})")))
    return files


@edition("pod", "Print on demand: booklet interior and cover spread, one card file per deck, PDF/X-1a",
         ("booklet", "cards"))
def finish_pod(document: LaidOutDocument, settings: EditionSettings) -> list[Artifact]:
    """A booklet's interior and cover, or the card decks; nothing for the quick reference."""
    what = f"{document.lang}/pod/{document.name}"
    if document.kind == "booklet":
        return [
            Artifact(PurePosixPath(file_name(document.name)), interior(document.pdf, document.title, settings, what)),
            Artifact(PurePosixPath(cover_name(document.name)),
                     cover_spread(document.pdf, document.title, settings, what)),
        ]
    if document.kind == "cards":
        return decks(document.pdf, document.title, document.decks, settings, what)
    return []
