"""Small pypdf operations the editions share: boxes, content streams, pages as forms, writing.

Coordinates are PDF points in a page's default user space. WeasyPrint puts the
trim's lower left corner at the origin and grows the MediaBox into negative
coordinates for the bleed; the editions keep that convention, so growing or
shrinking a box never moves the content relative to the trim.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterable

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    ByteStringObject,
    DecodedStreamObject,
    DictionaryObject,
    FloatObject,
    IndirectObject,
    NameObject,
    RectangleObject,
    StreamObject,
)

from .base import EditionError

Box = tuple[float, float, float, float]
# The version WeasyPrint writes: its files use OpenType fonts (PDF 1.6) and tagging.
# pypdf would otherwise write 1.3 for a new file; the print editions set 1.4 themselves.
FULL_PDF_HEADER = "%PDF-1.7"
BOX_KEYS = ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox")


def read(pdf: bytes, what: str) -> PdfReader:
    """A reader for laid-out bytes; a file pypdf cannot read is an edition error."""
    try:
        return PdfReader(io.BytesIO(pdf))
    except Exception as error:  # pypdf raises several unrelated types for a damaged file
        raise EditionError(f"{what}: not a readable PDF ({error})") from None


def box(page: PageObject, key: str) -> Box:
    """A page box as floats (left, bottom, right, top), with the fallbacks PDF defines for a missing one."""
    # Read the dictionary itself: pypdf's box properties write the fallback into the page.
    fallback = {"/MediaBox": None, "/CropBox": "/MediaBox"}.get(key, "/CropBox")
    if key not in page:
        return box(page, fallback)
    left, bottom, right, top = (float(value) for value in page[key])
    return (min(left, right), min(bottom, top), max(left, right), max(bottom, top))


def grow(rectangle: Box, by: float) -> Box:
    """``rectangle`` grown by ``by`` points on every side."""
    left, bottom, right, top = rectangle
    return (left - by, bottom - by, right + by, top + by)


def size(rectangle: Box) -> tuple[float, float]:
    return rectangle[2] - rectangle[0], rectangle[3] - rectangle[1]


def set_boxes(page: PageObject, **boxes: Box | None) -> None:
    """Set page boxes by name (``media``, ``crop``, ``bleed``, ``trim``); ``None`` removes one."""
    for name, rectangle in boxes.items():
        key = NameObject(f"/{name.capitalize()}Box")
        if rectangle is None:
            page.pop(key, None)
        else:
            page[key] = RectangleObject([FloatObject(round(value, 6)) for value in rectangle])


def trim_of(page: PageObject, number: int, what: str) -> Box:
    """The page's TrimBox, which every laid-out booklet and card page must have."""
    if "/TrimBox" not in page:
        raise EditionError(f"{what}: page {number} has no TrimBox")
    return box(page, "/TrimBox")


def laid_out_bleed(page: PageObject, number: int, what: str) -> float:
    """How far the page's content reaches past its trim (the smallest side of MediaBox minus TrimBox)."""
    media, trim = box(page, "/MediaBox"), trim_of(page, number, what)
    return min(trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])


def require_bleed(page: PageObject, number: int, bleed: float, what: str) -> None:
    """A bleed can only be cut from what was laid out, never added afterwards."""
    available = laid_out_bleed(page, number, what)
    if bleed > available + 0.01:
        raise EditionError(f"{what}: page {number} was laid out with {available / 72 * 25.4:.3f} mm of bleed; "
                           f"this edition needs {bleed / 72 * 25.4:.3f} mm")


def content(page: PageObject) -> bytes:
    """The page's content streams, decoded and joined."""
    contents = page.get_contents()
    return contents.get_data() if contents is not None else b""


def stream(data: bytes, entries: dict[str, object] | None = None) -> DecodedStreamObject:
    """A Flate-compressed stream object holding ``data``."""
    decoded = DecodedStreamObject()
    decoded.set_data(data)
    for key, value in (entries or {}).items():
        decoded[NameObject(key)] = value
    return decoded.flate_encode()


def add_object(writer: PdfWriter, obj) -> IndirectObject:
    """Register a new object with the writer; streams must be indirect objects."""
    # pypdf has no public call for this; it is what its own page operations use.
    return writer._add_object(obj)


def replace_content(writer: PdfWriter, page: PageObject, data: bytes) -> None:
    """Replace the page's content with ``data``, compressed when the file is written.

    A page with one content stream keeps it, with new data: a replaced stream
    object would stay behind in the file, unreferenced, until removed.
    """
    contents = page.get("/Contents")
    if isinstance(contents, IndirectObject):
        existing = contents.get_object()
        if isinstance(existing, StreamObject) and existing.get("/Filter", "/FlateDecode") == "/FlateDecode":
            existing.set_data(data)
            return
    page[NameObject("/Contents")] = add_object(writer, stream(data))


def resource_dict(page: PageObject | DictionaryObject, category: str) -> DictionaryObject:
    """The page's resource dictionary of one category (``/XObject``, ``/ColorSpace``), created if missing."""
    if "/Resources" not in page:
        page[NameObject("/Resources")] = DictionaryObject()
    resources = page["/Resources"].get_object()
    if category not in resources:
        resources[NameObject(category)] = DictionaryObject()
    return resources[category].get_object()


def form_from_page(writer: PdfWriter, page: PageObject, bbox: Box) -> IndirectObject:
    """The page as a Form XObject in ``writer``; its BBox clips it (so the bleed can be cut away)."""
    resources = page.get("/Resources")
    entries: dict[str, object] = {
        "/Type": NameObject("/XObject"),
        "/Subtype": NameObject("/Form"),
        "/BBox": ArrayObject(FloatObject(round(value, 6)) for value in bbox),
    }
    if resources is not None:
        # Indirect, so that the identical resources of many placed pages are written once.
        entries["/Resources"] = add_object(writer, resources.get_object().clone(writer))
    return add_object(writer, stream(content(page), entries))


def number(value: float) -> str:
    """A number for a content stream: short and without float noise."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def operators(lines: Iterable[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode("ascii")


def copy_info(writer: PdfWriter, reader: PdfReader) -> None:
    """The laid-out document's Info dictionary (title, author, dates) on the new file."""
    if reader.metadata:
        writer.add_metadata({key: value for key, value in reader.metadata.items()})


def written(writer: PdfWriter, source: PdfReader, salt: str, tidy: bool = True) -> bytes:
    """The file's bytes, with a file identifier derived from the input and the edition, not from chance.

    The input's own identifier stands for it: the layout derived it from
    everything that shaped the document, while the input's bytes may hold the
    folders it was laid out in (the links between volumes, until an edition
    rewrites them).
    """
    identifier = ByteStringObject(hashlib.sha256(_identifier(source) + salt.encode("utf-8")).digest()[:16])
    # The identifier is only reachable through this attribute; pypdf would otherwise keep the input's.
    writer._ID = ArrayObject([identifier, identifier])
    # ``tidy``: dropped pages, or content streams replaced on pages with several, would
    # otherwise still be written, and pages placed as forms would each carry a copy of
    # the same resources. An edition that only rewrites pages in place need not.
    if tidy:
        writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    compress_streams(writer)
    output = io.BytesIO()
    writer.write(output)
    return output.getvalue()


def compress_streams(writer: PdfWriter) -> None:
    """Flate-compress every stream the writer holds uncompressed (the laid-out input is written so)."""
    # pypdf lists a writer's objects only in this attribute; replacing an entry keeps
    # every reference to it, since a reference is the entry's number.
    objects = writer._objects
    for index, obj in enumerate(objects):
        if isinstance(obj, StreamObject) and "/Filter" not in obj:
            objects[index] = obj.flate_encode()


def _identifier(reader: PdfReader) -> bytes:
    """The first element of the file's /ID, or the whole file when it has none."""
    identifier = reader.trailer.get("/ID")
    if not identifier:
        return reader.stream.getvalue()
    first = identifier[0].get_object()
    return bytes(getattr(first, "original_bytes", first))


def blank_page(writer: PdfWriter, width: float, height: float) -> PageObject:
    """A new empty page of the given size, added to the writer's page tree."""
    page = writer.add_blank_page(width, height)
    page[NameObject("/Resources")] = DictionaryObject()
    return page
