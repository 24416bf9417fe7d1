"""DeviceCMYK colour operators rewritten as DeviceRGB, for files read on screen.

The styles give print colours as ``device-cmyk``; a screen shows RGB, derived
with :func:`sacredwire.colour.cmyk_to_rgb`, the same conversion the web
edition's styles use, so the screen file matches the site. Page contents,
Form XObjects and tiling patterns are converted; only the colour operations
are rewritten, so the marked-content operators that tie the content to the
structure tree, and every other byte, stay as they are.
"""

from __future__ import annotations

from typing import Any

import pikepdf
from pikepdf import Dictionary, Pdf

from ..colour import Cmyk, cmyk_to_rgb
from ..pdf.streams import painters, resources_of, rewrite
from . import _pdf

CMYK = "/DeviceCMYK"
# Operator -> (its RGB replacement, whether it sets the stroke colour).
SET_CMYK = {b"k": (b"rg", False), b"K": (b"RG", True)}
SET_SPACE = {b"cs": False, b"CS": True}
SET_COLOUR = {b"sc": False, b"scn": False, b"SC": True, b"SCN": True}


def _rgb_operands(operands: list[Any]) -> bytes:  # pikepdf operand objects
    red, green, blue = cmyk_to_rgb(Cmyk(*(float(value) for value in operands)))
    return b" ".join(_pdf.number(round(value, 6)).encode("ascii") for value in (red, green, blue))


def _is_cmyk(name: str, resources: Dictionary | None) -> bool:
    if name == CMYK:
        return True
    spaces = resources.get("/ColorSpace") if resources is not None else None
    space = spaces.get(name) if isinstance(spaces, Dictionary) else None
    return isinstance(space, pikepdf.Name) and space == CMYK


def convert_stream(data: bytes, resources: Dictionary | None) -> bytes | None:
    """The content stream with its CMYK colour operations in RGB; ``None`` when it sets no CMYK colour.

    >>> convert_stream(b"q /DeviceCMYK cs 0 0 0 1 scn 0 0 5 5 re f Q 0 0 0 0 K", None)
    b'q /DeviceRGB cs 0 0 0 scn 0 0 5 5 re f Q 1 1 1 RG'
    """
    cmyk = [False, False]  # the current fill and stroke colour spaces are CMYK
    saved: list[list[bool]] = []

    def replace(operands: list[Any], operator: bytes) -> bytes | None:
        nonlocal cmyk
        if operator == b"q":
            saved.append(list(cmyk))
        elif operator == b"Q":
            cmyk = saved.pop() if saved else [False, False]
        elif operator in SET_CMYK and len(operands) == 4:
            replacement, stroke = SET_CMYK[operator]
            cmyk[stroke] = False
            return _rgb_operands(operands) + b" " + replacement
        elif operator in SET_SPACE and operands:
            stroke = SET_SPACE[operator]
            cmyk[stroke] = _is_cmyk(operands[0], resources)
            if cmyk[stroke]:
                return b"/DeviceRGB " + operator
        elif operator in SET_COLOUR and cmyk[SET_COLOUR[operator]] and len(operands) == 4:
            return _rgb_operands(operands) + b" " + operator
        return None

    return rewrite(data, replace)


def convert_to_rgb(document: Pdf) -> None:
    """Every page of the document painted in DeviceRGB instead of DeviceCMYK."""
    seen: set[tuple[int, int]] = set()
    for page in document.pages:
        for owner in painters(page.obj, seen):
            resources = resources_of(owner)
            if isinstance(owner, pikepdf.Stream):
                converted = convert_stream(owner.read_bytes(), resources)
                if converted is not None:
                    owner.write(converted)
                continue
            # A page's streams are one content: the colour in force carries from one to the next.
            converted = convert_stream(_pdf.content(owner), resources)
            if converted is not None:
                _pdf.replace_content(document, owner, converted)
