"""PF901–PF903: image XObjects, whose declared size a hostile or broken file may not honour.

An image declares its width, height, bits per component and colour space;
its data must hold that many samples. A file may declare a 100000 × 100000
image (tens of gigabytes once decoded) over a few bytes of data, or data too
short for its size, which a printer's RIP fills with garbage or refuses. The
data is decompressed only up to the size declared, so checking never
inflates a bomb. Each image drawn by the page's own content is also measured
where it is placed: its effective resolution is its pixels over its size on
the page, and print wants enough of them.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterator
from typing import Any

import pikepdf
from pikepdf import Array, Dictionary

from ...diagnostics import Severity
from ...pdf.operations import parse_operations
from ..content import page_content
from ..document import Document, PdfPage, per_resources
from ..findings import Finding
from ..geometry import IDENTITY, Matrix, multiply
from ..profiles import Profile
from . import preflight_check

# More pixels than any picture of a printed page needs (a full A3 spread at 600 ppi is ~70 M).
MAX_PIXELS = 200_000_000
# Effective resolution below which a printed image looks coarse, and the editions that print.
MIN_PRINT_PPI = 150
PRINTED_EDITIONS = ("pod", "press", "home")
_COMPONENTS = {"/DeviceGray": 1, "/CalGray": 1, "/DeviceRGB": 3, "/CalRGB": 3, "/Lab": 3, "/DeviceCMYK": 4,
               "/Indexed": 1, "/Separation": 1}


def _components(space: object) -> int | None:
    """Samples per pixel of a colour space; None when it cannot be told cheaply (a pattern, DeviceN...)."""
    if isinstance(space, Array) and space:
        family = str(space[0])
        if family == "/ICCBased" and len(space) > 1:
            return int(space[1].get("/N", 0)) or None
        return _COMPONENTS.get(family)
    return _COMPONENTS.get(str(space))


def _filters(image) -> list[str]:  # type: ignore[no-untyped-def]
    filters = image.get("/Filter")
    if filters is None:
        return []
    return [str(name) for name in filters] if isinstance(filters, Array) else [str(filters)]


def _decoded_length(image, limit: int) -> int | None:  # type: ignore[no-untyped-def]
    """The length of the image's decoded data, decoding no more than ``limit`` bytes; None when its
    filters are not ones this check decodes (JPEG and the like carry their own size)."""
    filters = _filters(image)
    raw = image.read_raw_bytes()  # the stored bytes, not decoded whole
    if not filters:
        return min(len(raw), limit)
    if filters in (["/FlateDecode"], ["/Fl"]) and "/DecodeParms" not in image:
        try:
            inflater = zlib.decompressobj()
            return len(inflater.decompress(raw, limit))
        except zlib.error:
            return 0
    return None


def _image_problems(document: Document, page: PdfPage, name: str, image) -> Iterator[Finding]:  # type: ignore[no-untyped-def]
    width, height = int(image.get("/Width", 0)), int(image.get("/Height", 0))
    if width <= 0 or height <= 0:
        yield Finding("PF901", Severity.ERROR, document.name, page.number,
                      f"image {name} declares {width} × {height} pixels")
        return
    if width * height > MAX_PIXELS:
        yield Finding("PF901", Severity.ERROR, document.name, page.number,
                      f"image {name} declares {width} × {height} pixels (more than {MAX_PIXELS // 1_000_000} M): "
                      f"not a picture for a page")
        return
    bits = 1 if image.get("/ImageMask") else int(image.get("/BitsPerComponent", 8))
    components = 1 if image.get("/ImageMask") else _components(image.get("/ColorSpace", "/DeviceGray"))
    if components is None or bits not in (1, 2, 4, 8, 16):
        return
    expected = math.ceil(width * components * bits / 8) * height
    length = _decoded_length(image, expected)
    if length is not None and length < expected:
        yield Finding("PF902", Severity.ERROR, document.name, page.number,
                      f"image {name} declares {width} × {height} pixels ({expected} bytes of samples) but its "
                      f"data holds {length}")


def _placements(page: PdfPage) -> Iterator[tuple[str, Matrix]]:
    """Each image XObject the page's own content draws, with the matrix it is drawn with."""
    contents = page_content(page.page)
    if contents is None:
        return
    ctm, stack = IDENTITY, []
    for operands, operator in parse_operations(contents):
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q" and stack:
            ctm = stack.pop()
        elif operator == b"cm" and len(operands) == 6:
            ctm = multiply(tuple(float(value) for value in operands), ctm)  # type: ignore[arg-type]
        elif operator == b"Do" and operands:
            yield str(operands[0]), ctm


def _images(page: Dictionary) -> dict[str, Any]:
    """The images the page's own resources name, by name."""
    resources = page.get("/Resources")
    xobjects = resources.get("/XObject") if isinstance(resources, Dictionary) else None
    found = {}
    for name, xobject in (xobjects.items() if isinstance(xobjects, Dictionary) else ()):
        if isinstance(xobject, pikepdf.Stream) and xobject.get("/Subtype") == "/Image":
            found[str(name)] = xobject
    return found


@preflight_check("images")
def image_data(document: Document, profile: Profile) -> Iterator[Finding]:
    # Pages that share their resources (every page of a laid-out document) name the same images.
    known: dict[tuple[int, int], dict[str, Any]] = {}
    for page in document.pages:
        images = per_resources(page.page, known, _images)
        for name, image in sorted(images.items()):
            yield from _image_problems(document, page, name, image)
        if profile.edition not in PRINTED_EDITIONS or not images:
            continue
        try:
            placements = list(_placements(page))
        except ValueError:
            continue  # an unreadable content stream is PF001's finding
        for name, matrix in placements:
            image = images.get(name)
            if image is None:
                continue
            a, b, c, d, _, _ = matrix
            width_in, height_in = math.hypot(a, b) / 72, math.hypot(c, d) / 72
            if width_in <= 0 or height_in <= 0:
                continue
            ppi = min(int(image.get("/Width", 0)) / width_in, int(image.get("/Height", 0)) / height_in)
            if 0 < ppi < MIN_PRINT_PPI:
                yield Finding("PF903", Severity.WARNING, document.name, page.number,
                              f"image {name} prints at {ppi:.0f} ppi (at least {MIN_PRINT_PPI} wanted for "
                              f"the {profile.edition} edition)")
