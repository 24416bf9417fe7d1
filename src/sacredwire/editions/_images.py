"""Images in inks for the print editions: every RGB picture becomes DeviceCMYK within the ink limit.

The layout embeds a designer-supplied image (``{art: ...}``) as it was
supplied, in RGB, which the screen edition shows as it is (sRGB) and the home
edition leaves to the home printer's driver, which separates RGB itself for
its own inks. A press or print-on-demand file may hold inks only, so every
image painted in RGB is separated here, before the file becomes PDF/X-1a.

The separation takes each pixel's complement (cyan is the red it lacks, and
so on) and replaces its grey component with black ink wholly (full grey
component replacement): a neutral grey prints on the black plate alone, as
the design's greys do (editions/_inks.py), a colour keeps at most two
chromatic inks over its black, so total ink never passes 200 %. Where the
print settings' ink limit (``ink_limit`` in content/outputs.yaml, the value
the preflight checks) is lower, the chromatic inks are scaled down until
the pixel is within it. A soft mask (a PNG's alpha channel) is flattened on
white paper first: PDF/X-1a allows no transparency.

Pillow's own band operations do the work (no per-pixel Python), and the
image is written Flate-compressed: the same image gives the same bytes.
"""

from __future__ import annotations

import zlib

import pikepdf
from pikepdf import Dictionary, Name, Pdf, PdfImage
from PIL import Image, ImageChops, ImageMath

from ..pdf.streams import first_look, identity, painters, resources_of
from .base import EditionError

# The colour spaces whose images need separating (an Indexed image is judged by its base).
RGB_SPACES = ("/DeviceRGB", "/CalRGB")
# Levels of ink a pixel keeps under the limit, so rounding each ink to 8 bits cannot carry it over.
_ROUNDING_LEVELS = 2


def _is_rgb(space: pikepdf.Object | None) -> bool:
    """Whether an image colour space holds red, green and blue (directly, calibrated, ICC or indexed)."""
    if isinstance(space, pikepdf.Name):
        return str(space) in RGB_SPACES
    if isinstance(space, pikepdf.Array) and len(space) > 1:
        family = str(space[0])
        if family == "/ICCBased":
            return int(space[1].get("/N", 0)) == 3
        if family == "/Indexed":
            return _is_rgb(space[1])
        return family in RGB_SPACES
    return False


def separate(image: Image.Image, ink_limit: float) -> Image.Image:
    """``image`` as a CMYK image, grey component replaced by black, every pixel within ``ink_limit`` percent.

    >>> separate(Image.new("RGB", (1, 1), (128, 128, 128)), 240).getpixel((0, 0))
    (0, 0, 0, 127)
    >>> separate(Image.new("RGB", (1, 1), (0, 0, 0)), 240).getpixel((0, 0))
    (0, 0, 0, 255)
    >>> sum(separate(Image.new("RGB", (1, 1), (100, 0, 0)), 150).getpixel((0, 0))) <= 150 * 255 / 100
    True
    """
    # Pillow's RGB -> CMYK is the plain complement, with no black: C = 255 - R, and so on.
    cyan, magenta, yellow, _ = image.convert("RGB").convert("CMYK").split()
    black = ImageChops.darker(ImageChops.darker(cyan, magenta), yellow)
    cyan, magenta, yellow = (ImageChops.subtract(ink, black) for ink in (cyan, magenta, yellow))
    limit = int(ink_limit * 255 / 100) - _ROUNDING_LEVELS
    if limit < 2 * 255:  # full replacement leaves two chromatic inks at most over the black
        # The room black leaves under the limit, shared by the chromatic inks in proportion.
        factor = ImageMath.lambda_eval(
            lambda e: e["min"](e["max"](limit - e["float"](e["k"]), 0.0)
                               / e["max"](e["float"](e["c"]) + e["float"](e["m"]) + e["float"](e["y"]), 1.0),
                               1.0),
            c=cyan, m=magenta, y=yellow, k=black)
        cyan, magenta, yellow = (
            ImageMath.lambda_eval(lambda e: e["convert"](e["float"](e["ink"]) * e["factor"], "L"),
                                  ink=ink, factor=factor)
            for ink in (cyan, magenta, yellow))
    return Image.merge("CMYK", (cyan, magenta, yellow, black))


def _on_white(image: pikepdf.Stream) -> Image.Image:
    """The image's pixels in RGB, its soft mask (if any) flattened on white paper."""
    pixels = PdfImage(image).as_pil_image().convert("RGB")
    mask = image.get("/SMask")
    if isinstance(mask, pikepdf.Stream):
        alpha = PdfImage(mask).as_pil_image().convert("L")
        if alpha.size != pixels.size:
            alpha = alpha.resize(pixels.size)
        pixels = Image.composite(pixels, Image.new("RGB", pixels.size, (255, 255, 255)), alpha)
    return pixels


def _write_cmyk(image: pikepdf.Stream, cmyk: Image.Image) -> None:
    image.write(zlib.compress(cmyk.tobytes()), filter=Name.FlateDecode)
    image["/ColorSpace"] = Name.DeviceCMYK
    image["/BitsPerComponent"] = 8
    for key in ("/SMask", "/DecodeParms", "/Decode", "/Mask", "/SMaskInData"):
        if key in image:
            del image[key]


def images_in_inks(document: Pdf, ink_limit: float | None, what: str = "") -> int:
    """Separate every RGB image the pages paint into CMYK within ``ink_limit`` percent; how many were.

    :class:`EditionError` when there is an RGB image and no ink limit to separate it within.
    """
    seen: set[tuple[int, int]] = set()
    done: set[tuple[int, int]] = set()
    looked: set[tuple[int, int]] = set()       # resource dictionaries whose images were looked at
    for page in document.pages:
        for owner in painters(page.obj, seen):
            resources = resources_of(owner)
            if resources is None or not first_look(resources, looked):
                continue
            xobjects = resources.get("/XObject")
            for xobject in (xobjects.values() if isinstance(xobjects, Dictionary) else ()):
                if (not isinstance(xobject, pikepdf.Stream) or xobject.get("/Subtype") != "/Image"
                        or identity(xobject) in done or not _is_rgb(xobject.get("/ColorSpace"))):
                    continue
                if ink_limit is None:
                    raise EditionError(f"{what}: an RGB image needs the print settings' ink limit to be "
                                       f"separated into inks")
                done.add(identity(xobject))
                _write_cmyk(xobject, separate(_on_white(xobject), ink_limit))
    return len(done)
