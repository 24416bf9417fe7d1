"""Booklets: the rules, then padding pages to a multiple of four, then the back cover."""

from __future__ import annotations

from pathlib import Path

from ..render import RenderContext, render
from . import LaidOut, LayoutError, anchors, combine, lay_out, pdf_bytes
from ._boxes import overflowing_text
from .cache import LayoutCache

# A saddle-stitched booklet: a cover sheet and at least one more sheet.
MIN_PAGES = 8


def tail_pages(rule_pages: int, wants_roster: bool) -> tuple[bool, int]:
    """(roster?, notes pages) so that rules + tail + back cover is a multiple of 4.

    The page before the back cover is its inside: a notes page, never the
    roster, since a print-on-demand cover is printed on its outside only. A
    booklet has at least 8 pages, so its interior without the cover sheet
    still has 4.

    >>> tail_pages(21, True)
    (True, 1)
    >>> tail_pages(22, True)
    (False, 1)
    >>> tail_pages(20, True)
    (True, 2)
    >>> tail_pages(22, False)
    (False, 1)
    >>> tail_pages(3, False)
    (False, 4)
    """
    free = -(rule_pages + 1) % 4
    while free < 1 or rule_pages + free + 1 < MIN_PAGES:
        free += 4
    roster = wants_roster and free >= 2
    return roster, free - int(roster)


def make_booklet(context: RenderContext, key: str, cache: LayoutCache) -> LaidOut:
    """Render and lay out one booklet in the context's language.

    Writing the PDF costs almost as much as the layout, so it is written only
    when this pass printed the pages it measured (its own anchors did not
    move); otherwise only the anchors go back to the next pass.
    """
    root = Path(context.rulebook.root)
    templates = root / "templates"
    what = f"{context.lang}/{key}"
    printed_pages = dict(context.pages.anchors.get(key, {}))
    html = render("booklet", context, booklet_key=key)
    cache_key = cache.key("booklet", context.lang, key, html)
    cached = cache.get(cache_key)
    if cached is not None and (cached.pdf or cached.anchors != printed_pages):
        return cached
    main = lay_out(html, templates, root, what)
    overflowing = overflowing_text(main)
    if overflowing:
        raise LayoutError(f"{what}: text runs past the page margin: " + "; ".join(overflowing[:5]))
    measured = anchors(main)
    references = html.count('class="xref"')
    if measured != printed_pages:
        laid_out = LaidOut(pdf=b"", anchors=measured, page_count=len(main.pages), references=references)
        cache.put(cache_key, laid_out)
        return laid_out
    roster, notes = tail_pages(len(main.pages), key in context.rulebook.settings.roster_booklets)
    tail_html = render("booklet-tail", context, booklet_key=key, blank_pages=notes, roster=roster)
    tail = lay_out(tail_html, templates, root, what + " (closing pages)")
    expected = int(roster) + notes + 1
    if len(tail.pages) != expected:
        raise LayoutError(f"{what}: closing pages took {len(tail.pages)} pages, expected {expected}")
    document = combine([main, tail])
    laid_out = LaidOut(pdf=pdf_bytes(document, cache_key, what), anchors=measured,
                       page_count=len(document.pages), references=references)
    cache.put(cache_key, laid_out)
    return laid_out
