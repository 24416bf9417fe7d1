"""Print colour for laid-out PDFs: every grey becomes black ink.

WeasyPrint writes the design's CMYK colours as they are, but it paints a few
things (the default black of SVG text, the greys of content diagrams) as RGB.
A print file may hold inks only, so each painting stream is rewritten once,
right after layout, with :func:`sacredwire.colour.grey_to_black_ink`.
"""

from __future__ import annotations

from collections.abc import Iterator

from pypdf import PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, StreamObject

from ..colour import ColourError, grey_to_black_ink


class InkError(ValueError):
    """A colour in a laid-out document that no print ink can take."""


def _painting_streams(resources: DictionaryObject | None, seen: set[int]) -> Iterator[StreamObject]:
    """Form XObjects and tiling patterns under ``resources``, each once, nested ones too."""
    if not resources:
        return
    resources = resources.get_object()
    for category, is_painting in (("/XObject", lambda obj: obj.get("/Subtype") == "/Form"),
                                  ("/Pattern", lambda obj: obj.get("/PatternType") == 1)):
        for reference in (resources.get(category) or {}).values():
            obj = reference.get_object()
            if id(obj) in seen or not isinstance(obj, StreamObject) or not is_painting(obj):
                continue
            seen.add(id(obj))
            yield obj
            yield from _painting_streams(obj.get("/Resources"), seen)


def _page_streams(page: DictionaryObject, seen: set[int]) -> Iterator[StreamObject]:
    contents = page.get("/Contents")
    if contents is not None:
        contents = contents.get_object()
        for stream in contents if isinstance(contents, ArrayObject) else [contents]:
            stream = stream.get_object()
            if id(stream) not in seen:
                seen.add(id(stream))
                yield stream
    yield from _painting_streams(page.get("/Resources"), seen)


def black_ink_greys(writer: PdfWriter, what: str) -> bool:
    """Turn grey RGB colours into black ink in every painting stream; whether any changed.

    :class:`InkError` names any other RGB colour: the design's colours are inks.
    """
    seen: set[int] = set()
    changed = False
    for page in writer.pages:
        for stream in _page_streams(page, seen):
            data = stream.get_data()
            try:
                inked = grey_to_black_ink(data)
            except ColourError as error:
                raise InkError(f"{what}: {error}") from None
            if inked != data:
                stream.set_data(inked)
                changed = True
    return changed
