"""Booklets: the rules, then padding pages to a multiple of four, then the back cover."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from pathlib import Path

import weasyprint

from ..render import RenderContext, render
from ..render.booklet import BookletPart, part_names
from ..render.pages import printed
from . import LaidOut, LayoutError, anchors, combine, lay_out, pdf_bytes
from ._boxes import overflowing_text
from .cache import LayoutCache

# A saddle-stitched booklet: a cover sheet and at least one more sheet.
MIN_PAGES = 8


def tail_pages(rule_pages: int, wants_roster: bool, wants_tokens: bool = False) -> tuple[bool, int]:
    """(roster?, closing pages after it) so that rules + tail + back cover is a multiple of 4.

    The page before the back cover is its inside: a notes page, never the
    roster, since a print-on-demand cover is printed on its outside only. A
    booklet has at least 8 pages, so its interior without the cover sheet
    still has 4. A booklet that wants a roster gets one, on a sheet of four
    more pages if need be (the pages between hold a campaign tracker and a
    mission log). A booklet that wants a token sheet gets one of the pages
    between, on four more pages if need be.

    >>> tail_pages(21, True)
    (True, 1)
    >>> tail_pages(22, True)
    (True, 4)
    >>> tail_pages(20, True)
    (True, 2)
    >>> tail_pages(22, False)
    (False, 1)
    >>> tail_pages(3, False)
    (False, 4)
    >>> tail_pages(22, False, wants_tokens=True)
    (False, 5)
    >>> tail_pages(20, True, wants_tokens=True)
    (True, 2)
    """
    free = -(rule_pages + 1) % 4
    while free < 1 + int(wants_roster) + int(wants_tokens) or rule_pages + free + 1 < MIN_PAGES:
        free += 4
    roster = wants_roster and free >= 2
    return roster, free - int(roster)


class PartCache:
    """Laid-out booklet parts (front matter, chapters) of this process, by a layout cache key.

    The key (:meth:`LayoutCache.key`) covers the part's HTML, the styles and
    fonts and the layout code; the HTML holds everything else that shapes its
    pages: its text, the page numbers it prints and the number of its first
    page. So when one chapter changes, the others come from here; those after
    it too, while its page count stays the same. Kept in memory only: a
    laid-out document cannot be stored, and a long-running process
    (``sw28 serve``, a build's worker) is where parts are laid out again and
    again.
    """

    def __init__(self, capacity: int = 256):
        self.capacity = capacity
        self._parts: OrderedDict[str, weasyprint.Document] = OrderedDict()
        # Parts laid out so far (not found here): what a build reports of its work.
        self.laid_out_count = 0

    def get(self, key: str) -> weasyprint.Document | None:
        document = self._parts.get(key)
        if document is not None:
            self._parts.move_to_end(key)
        return document

    def put(self, key: str, document: weasyprint.Document) -> None:
        self._parts[key] = document
        while len(self._parts) > self.capacity:
            self._parts.popitem(last=False)

    def laid_out(self, key: str, html: str, root: Path, what: str) -> weasyprint.Document:
        """The part under ``key``, laid out from ``html`` (and kept) when it is not here."""
        document = self.get(key)
        if document is None:
            document = lay_out(html, root / "templates", root, what)
            self.laid_out_count += 1
            self.put(key, document)
        return document


# The parts laid out by this process so far.
PARTS = PartCache()


def lay_out_parts(context: RenderContext, key: str, cache: LayoutCache, parts: PartCache = PARTS
                  ) -> weasyprint.Document:
    """The booklet's rule pages (cover to last chapter), laid out part by part and put together.

    A chapter set one section per page opens on a left page, as the styles
    ask of the whole booklet: when it would start on a right page, a filler
    page comes first.
    """
    root = Path(context.rulebook.root)
    booklet = context.rulebook.booklet(key, context.lang)
    documents = []
    next_page = 1
    for name in part_names(context, key):
        filler = name in booklet.meta.page_per_section and next_page % 2 == 1
        part = BookletPart(name, next_page, filler)
        html = render("booklet", context, booklet_key=key, part=part)
        document = parts.laid_out(cache.key("booklet-part", context.lang, key, html), html, root,
                                  f"{context.lang}/{key} ({name})")
        documents.append(document)
        next_page += len(document.pages)
    return combine(documents)


def make_booklet(context: RenderContext, key: str, cache: LayoutCache, parts: PartCache = PARTS) -> LaidOut:
    """Render and lay out one booklet in the context's language.

    Writing the PDF costs almost as much as the layout, so it is written only
    when this pass printed the pages it measured (its own anchors did not
    move); otherwise only the anchors go back to the next pass.
    """
    root = Path(context.rulebook.root)
    what = f"{context.lang}/{key}"
    # Only the sections' pages are printed (and only theirs are in the committed page map).
    printed_pages = printed(context.pages.anchors.get(key, {}))
    html = render("booklet", context, booklet_key=key)
    cache_key = cache.key("booklet", context.lang, key, html)
    cached = cache.get(cache_key)
    if cached is not None and (cached.pdf or printed(cached.anchors) != printed_pages):
        return cached
    parts_before = parts.laid_out_count
    main = lay_out_parts(context, key, cache, parts)
    overflowing = overflowing_text(main)
    if overflowing:
        raise LayoutError(f"{what}: text runs past the page margin: " + "; ".join(overflowing[:5]))
    measured = anchors(main)
    references = html.count('class="xref"')
    if printed(measured) != printed_pages:
        laid_out = LaidOut(pdf=b"", anchors=measured, page_count=len(main.pages), references=references)
        cache.put(cache_key, laid_out)
        return replace(laid_out, parts_laid_out=parts.laid_out_count - parts_before)
    settings = context.rulebook.settings
    roster, notes = tail_pages(len(main.pages), key in settings.roster_booklets, key in settings.token_booklets)
    tail_html = render("booklet-tail", context, booklet_key=key, blank_pages=notes, roster=roster)
    tail = parts.laid_out(cache.key("booklet-tail", context.lang, key, tail_html), tail_html, root,
                          what + " (closing pages)")
    expected = int(roster) + notes + 1
    if len(tail.pages) != expected:
        raise LayoutError(f"{what}: closing pages took {len(tail.pages)} pages, expected {expected}")
    document = combine([main, tail])
    laid_out = LaidOut(pdf=pdf_bytes(document, cache_key, what), anchors=measured,
                       page_count=len(document.pages), references=references)
    cache.put(cache_key, laid_out)
    return replace(laid_out, parts_laid_out=parts.laid_out_count - parts_before)
