"""The quick reference: each page of the layout file on exactly one printed side."""

from __future__ import annotations

import re
from pathlib import Path

import weasyprint

from ..diagnostics import ContentError
from ..render import RenderContext, render
from . import LaidOut, LayoutError, anchors, lay_out, pdf_bytes
from ._boxes import overflowing_text, require_type_size
from .cache import LayoutCache

FILE_NAME = "quick-reference.pdf"
MIN_TYPE_PT = 7.5
_PAGE_ANCHOR = re.compile(r"^qr-page-(\d+)$")


def check_sides(document: weasyprint.Document, what: str) -> None:
    """Every layout page fills exactly one side, and no text runs past the margins."""
    found = anchors(document)
    starts = {int(match[1]): page for name, page in found.items() if (match := _PAGE_ANCHOR.match(name))}
    for number, side in sorted(starts.items()):
        if side != number:
            raise LayoutError(f"{what}: page {number - 1} of content/quick-reference.yaml does not fit on one "
                              f"side; move a block to another page or shorten its summaries")
    if len(document.pages) != len(starts):
        raise LayoutError(f"{what}: page {len(starts)} of content/quick-reference.yaml does not fit on one "
                          f"side ({len(document.pages)} sides for {len(starts)} pages)")
    sticking_out = overflowing_text(document)
    if sticking_out:
        raise LayoutError(f"{what}: text runs past the page margin: " + "; ".join(sticking_out[:5]))


def make_quickref(context: RenderContext, cache: LayoutCache) -> LaidOut:
    """Render and lay out the quick reference in the context's language and paper."""
    root = Path(context.rulebook.root)
    what = f"{context.lang}/quick-reference"
    try:
        html = render("quick-reference", context)
    except ContentError as error:
        # Raised again as a LayoutError: the build reports it like any failed layout.
        raise LayoutError(f"{what}: {error}") from None
    cache_key = cache.key("quick-reference", context.lang, html)
    cached = cache.get(cache_key)
    if cached is not None:
        return cached
    document = lay_out(html, root / "templates", root, what)
    check_sides(document, what)
    require_type_size(document, MIN_TYPE_PT, what)
    laid_out = LaidOut(pdf=pdf_bytes(document, cache_key, what), anchors=anchors(document),
                       page_count=len(document.pages))
    cache.put(cache_key, laid_out)
    return laid_out

