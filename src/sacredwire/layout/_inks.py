"""Print colour for laid-out PDFs: every grey becomes black ink.

WeasyPrint writes the design's CMYK colours as they are, but it paints a few
things (the default black of SVG text, the greys of content diagrams) as RGB.
A print file may hold inks only, so each painting stream is rewritten once,
right after layout, with :func:`sacredwire.colour.grey_to_black_ink`.
"""

from __future__ import annotations

from pypdf import PdfWriter

from ..colour import ColourError, grey_to_black_ink
from ..pdf.streams import painters, streams_of


class InkError(ValueError):
    """A colour in a laid-out document that no print ink can take."""


def black_ink_greys(writer: PdfWriter, what: str) -> bool:
    """Turn grey RGB colours into black ink in every painting stream; whether any changed.

    :class:`InkError` names any other RGB colour: the design's colours are inks.
    """
    seen: set[int] = set()
    changed = False
    for page in writer.pages:
        for stream in (stream for owner in painters(page, seen) for stream in streams_of(owner)):
            data = stream.get_data()
            try:
                inked = grey_to_black_ink(data)
            except ColourError as error:
                raise InkError(f"{what}: {error}") from None
            if inked != data:
                stream.set_data(inked)
                changed = True
    return changed
