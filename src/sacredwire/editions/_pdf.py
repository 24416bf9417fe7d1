"""Small pikepdf (qpdf) operations the editions share: boxes, content streams, pages as forms, writing.

Coordinates are PDF points in a page's default user space. WeasyPrint puts the
trim's lower left corner at the origin and grows the MediaBox into negative
coordinates for the bleed; the editions keep that convention, so growing or
shrinking a box never moves the content relative to the trim.

Pages are handled as their dictionaries (``Page.obj``): the boxes, resources
and contents are read and written where PDF puts them.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterable

import pikepdf
from pikepdf import Array, Dictionary, Name, Pdf

from .base import EditionError

Box = tuple[float, float, float, float]
# The version WeasyPrint writes: its files use OpenType fonts (PDF 1.6) and tagging.
FULL_PDF_VERSION = "1.7"
BOX_KEYS = ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox")


def read(pdf: bytes, what: str) -> Pdf:
    """The laid-out bytes opened for editing; a file qpdf cannot read is an edition error."""
    try:
        return Pdf.open(io.BytesIO(pdf))
    except pikepdf.PdfError as error:
        raise EditionError(f"{what}: not a readable PDF ({error})") from None


def pages(document: Pdf) -> list[Dictionary]:
    """The page dictionaries of the document, in order."""
    return [page.obj for page in document.pages]


def box(page: Dictionary, key: str) -> Box:
    """A page box as floats (left, bottom, right, top), with the fallbacks PDF defines for a missing one."""
    fallback = {"/MediaBox": None, "/CropBox": "/MediaBox"}.get(key, "/CropBox")
    if key not in page:
        if fallback is None:
            raise EditionError(f"a page has no {key}")
        return box(page, fallback)
    left, bottom, right, top = (float(value) for value in page[key])
    return (min(left, right), min(bottom, top), max(left, right), max(bottom, top))


def grow(rectangle: Box, by: float) -> Box:
    """``rectangle`` grown by ``by`` points on every side."""
    left, bottom, right, top = rectangle
    return (left - by, bottom - by, right + by, top + by)


def size(rectangle: Box) -> tuple[float, float]:
    return rectangle[2] - rectangle[0], rectangle[3] - rectangle[1]


def rectangle_array(rectangle: Box) -> Array:
    """A box as a PDF array, without float noise."""
    return Array([round(value, 6) for value in rectangle])


def set_boxes(page: Dictionary, **boxes: Box | None) -> None:
    """Set page boxes by name (``media``, ``crop``, ``bleed``, ``trim``); ``None`` removes one."""
    for name, rectangle in boxes.items():
        key = f"/{name.capitalize()}Box"
        if rectangle is None:
            if key in page:
                del page[key]
        else:
            page[key] = rectangle_array(rectangle)


def trim_of(page: Dictionary, number: int, what: str) -> Box:
    """The page's TrimBox, which every laid-out booklet and card page must have."""
    if "/TrimBox" not in page:
        raise EditionError(f"{what}: page {number} has no TrimBox")
    return box(page, "/TrimBox")


def laid_out_bleed(page: Dictionary, number: int, what: str) -> float:
    """How far the page's content reaches past its trim (the smallest side of MediaBox minus TrimBox)."""
    media, trim = box(page, "/MediaBox"), trim_of(page, number, what)
    return min(trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])


def require_bleed(page: Dictionary, number: int, bleed: float, what: str) -> None:
    """A bleed can only be cut from what was laid out, never added afterwards."""
    available = laid_out_bleed(page, number, what)
    if bleed > available + 0.01:
        raise EditionError(f"{what}: page {number} was laid out with {available / 72 * 25.4:.3f} mm of bleed; "
                           f"this edition needs {bleed / 72 * 25.4:.3f} mm")


def content(page: pikepdf.Object) -> bytes:
    """The page's content streams, decoded and joined."""
    contents = page.get("/Contents")
    if contents is None:
        return b""
    if isinstance(contents, Array):
        return b"\n".join(item.read_bytes() for item in contents)
    return contents.read_bytes()


def replace_content(document: Pdf, page: pikepdf.Object, data: bytes) -> None:
    """Replace the page's content with ``data``; every stream is compressed when the file is written.

    A page with one content stream keeps it, with new data; the streams of a
    page with several are left unreferenced, and qpdf writes only what is
    referenced.
    """
    contents = page.get("/Contents")
    if isinstance(contents, pikepdf.Stream):
        contents.write(data)
    else:
        page["/Contents"] = pikepdf.Stream(document, data)


def wrap_content(document: Pdf, page: pikepdf.Object, before: bytes, after: bytes) -> None:
    """Paint ``before``, then the page's content streams as they are, then ``after``.

    ``before`` and ``after`` become content streams of their own around the
    page's (a content stream may end only between operations, so each must
    be whole operations).
    """
    contents = page.get("/Contents")
    streams = list(contents) if isinstance(contents, Array) else [contents] if contents is not None else []
    page["/Contents"] = Array([pikepdf.Stream(document, before), *streams, pikepdf.Stream(document, after)])


def resource_dict(page: Dictionary, category: str) -> pikepdf.Object:
    """The page's resource dictionary of one category (``/XObject``, ``/ColorSpace``), created if missing."""
    if "/Resources" not in page:
        page["/Resources"] = Dictionary()
    resources = page["/Resources"]
    if category not in resources:
        resources[category] = Dictionary()
    return resources[category]


# Forms already made in a target: (content digest, BBox, copied resources) -> the form.
PlacedForms = dict[tuple[bytes, Box, tuple[int, int] | None], pikepdf.Object]


def form_from_page(target: Pdf, source: Pdf, page: Dictionary, bbox: Box, placed: PlacedForms) -> pikepdf.Object:
    """A page of ``source`` as a Form XObject in ``target``; its BBox clips it (so the bleed can be cut away).

    The page's resources are copied as one indirect object, and qpdf copies
    an object of ``source`` once however often it is asked, so the forms of
    pages that share their resources share the copy too. Pages that paint the
    same (every card's back) become one form, kept in ``placed``: written once,
    and checked once by the preflight.
    """
    data = content(page)
    resources = page.get("/Resources")
    if resources is not None:
        if not resources.is_indirect:
            # Only an indirect object can be copied between documents (and shared once copied).
            resources = page["/Resources"] = source.make_indirect(resources)
        resources = target.copy_foreign(resources)
    key = (hashlib.sha256(data).digest(), bbox, resources.objgen if resources is not None else None)
    if key not in placed:
        form = pikepdf.Stream(target, data)
        form["/Type"] = Name.XObject
        form["/Subtype"] = Name.Form
        form["/BBox"] = rectangle_array(bbox)
        if resources is not None:
            form["/Resources"] = resources
        placed[key] = form
    return placed[key]


def number(value: float) -> str:
    """A number for a content stream: short and without float noise."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def operators(lines: Iterable[str]) -> bytes:
    return ("\n".join(lines) + "\n").encode("ascii")


def copy_info(target: Pdf, source: Pdf) -> None:
    """The laid-out document's Info dictionary (title, author, dates) on the new file."""
    if "/Info" in source.trailer:
        info = target.docinfo
        for key, value in source.trailer["/Info"].items():
            info[key] = target.copy_foreign(value) if value.is_indirect else value


def written(document: Pdf, version: str) -> bytes:
    """The file's bytes as PDF ``version``, every stream compressed, nothing unreferenced.

    qpdf writes only the objects the document still references, so pages
    dropped or placed as forms, and replaced streams, leave nothing behind.
    The file identifier is derived from what is written (qpdf's deterministic
    identifier), not from chance or the time, so the same input gives the same
    bytes.
    """
    output = io.BytesIO()
    document.save(output, force_version=version, deterministic_id=True, fix_metadata_version=False,
                  compress_streams=True, object_stream_mode=pikepdf.ObjectStreamMode.disable)
    return output.getvalue()


def blank_page(document: Pdf, width: float, height: float) -> Dictionary:
    """A new empty page of the given size, added to the document's page tree."""
    page = document.add_blank_page(page_size=(width, height)).obj
    page["/Resources"] = Dictionary()
    return page
