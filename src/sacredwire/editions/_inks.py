"""Print colour for the print editions: every grey becomes black ink.

WeasyPrint writes the design's CMYK colours as they are, but it paints a few
things (the default black of SVG text, the greys of content diagrams) as RGB.
A print file may hold inks only, so each print edition rewrites its painting
streams with :func:`sacredwire.colour.grey_to_black_ink`.
"""

from __future__ import annotations

from pikepdf import Pdf

from ..colour import ColourError, grey_to_black_ink
from ..pdf.streams import painters, streams_of
from .base import EditionError


def black_ink_greys(document: Pdf, what: str) -> bool:
    """Turn grey RGB colours into black ink in every painting stream; whether any changed.

    :class:`EditionError` names any other RGB colour: the design's colours are inks.
    """
    seen: set[tuple[int, int]] = set()
    changed = False
    for page in document.pages:
        for stream in (stream for owner in painters(page.obj, seen) for stream in streams_of(owner)):
            data = stream.read_bytes()
            try:
                inked = grey_to_black_ink(data)
            except ColourError as error:
                raise EditionError(f"{what}: {error}") from None
            if inked != data:
                stream.write(inked)
                changed = True
    return changed
