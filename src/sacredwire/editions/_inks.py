"""Print colour for the print editions: every grey becomes black ink.

WeasyPrint writes the design's CMYK colours as they are, but it paints a few
things (the default black of SVG text, the greys of content diagrams) as RGB.
A print file may hold inks only, so each print edition rewrites its painting
streams with :func:`sacredwire.colour.grey_to_black_ink`.
"""

from __future__ import annotations

from pypdf import PdfWriter

from ..colour import ColourError, grey_to_black_ink
from ..pdf.streams import painters, streams_of
from .base import EditionError


def black_ink_greys(writer: PdfWriter, what: str) -> bool:
    """Turn grey RGB colours into black ink in every painting stream; whether any changed.

    :class:`EditionError` names any other RGB colour: the design's colours are inks.
    """
    seen: set[int] = set()
    changed = False
    for page in writer.pages:
        for stream in (stream for owner in painters(page, seen) for stream in streams_of(owner)):
            data = stream.get_data()
            try:
                inked = grey_to_black_ink(data)
            except ColourError as error:
                raise EditionError(f"{what}: {error}") from None
            if inked != data:
                stream.set_data(inked)
                changed = True
    return changed
