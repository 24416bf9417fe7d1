"""Colour: the design's inks (CMYK) and the two conversions the outputs need.

The design's colours are defined once, as CMYK, in ``templates/base/tokens.css``.
Print files keep them as they are; screens and the web get RGB derived from
them with :func:`cmyk_to_rgb`. Diagrams in content may also be drawn in
greys (``#ddd``, ``#000``): print files carry those as black ink only
(:func:`grey_to_black_ink`), so nothing but black text and rules ever lands
on one plate, and a colour that is neither an ink nor a grey is an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_DEVICE_CMYK = re.compile(r"device-cmyk\(\s*([\d.]+%?)\s+([\d.]+%?)\s+([\d.]+%?)\s+([\d.]+%?)\s*\)")
# WeasyPrint writes one operator per line; a colour operator with numeric
# operands is matched as a whole line, never inside a text string.
_NUMBER = rb"(-?(?:\d+\.?\d*|\.\d+))"
_RGB_OPERATOR = re.compile(rb"(?m)^" + rb" ".join([_NUMBER] * 3) + rb" (rg|RG)$")


class ColourError(ValueError):
    """A colour that cannot print as the design's inks."""


@dataclass(frozen=True)
class Cmyk:
    """An ink mix, each component 0-1 (content writes percentages, as print shops do)."""

    c: float
    m: float
    y: float
    k: float

    @classmethod
    def from_percent(cls, c: float, m: float, y: float, k: float) -> Cmyk:
        return cls(c / 100, m / 100, y / 100, k / 100)

    @property
    def css(self) -> str:
        """The colour as CSS ``device-cmyk()``, e.g. ``device-cmyk(0 0.65 1 0.1)``."""
        return "device-cmyk({})".format(" ".join(f"{round(part, 4):g}" for part in (self.c, self.m, self.y, self.k)))

    @property
    def total_ink(self) -> float:
        """Total area coverage in percent (C+M+Y+K)."""
        return round(100 * (self.c + self.m + self.y + self.k), 3)

    def to_rgb(self) -> tuple[float, float, float]:
        return cmyk_to_rgb(self)

    @property
    def hex(self) -> str:
        return "#" + "".join(f"{round(255 * part):02x}" for part in self.to_rgb())


def parse_device_cmyk(text: str) -> Cmyk:
    """``device-cmyk(0 0.67 0.94 0.24)`` (numbers 0-1 or percentages) as :class:`Cmyk`.

    >>> parse_device_cmyk("device-cmyk(0 67% 0.94 0.24)")
    Cmyk(c=0.0, m=0.67, y=0.94, k=0.24)
    """
    match = _DEVICE_CMYK.fullmatch(text.strip())
    if not match:
        raise ColourError(f"not a device-cmyk() colour: {text!r}")
    parts = [float(part[:-1]) / 100 if part.endswith("%") else float(part) for part in match.groups()]
    if not all(0 <= part <= 1 for part in parts):
        raise ColourError(f"ink out of range 0-1 in {text!r}")
    return Cmyk(*parts)


def cmyk_to_rgb(colour: Cmyk) -> tuple[float, float, float]:
    """The screen colour of an ink mix (the naive, profile-free conversion browsers use).

    >>> cmyk_to_rgb(Cmyk(0.0, 0.0, 0.0, 1.0))
    (0.0, 0.0, 0.0)
    >>> cmyk_to_rgb(Cmyk(0.0, 0.5, 1.0, 0.0))
    (1.0, 0.5, 0.0)
    """
    white = 1 - colour.k
    return ((1 - colour.c) * white, (1 - colour.m) * white, (1 - colour.y) * white)


def css_to_rgb(css: str) -> str:
    """CSS with every ``device-cmyk()`` replaced by its RGB hex, for browsers."""
    return _DEVICE_CMYK.sub(lambda match: parse_device_cmyk(match[0]).hex, css)


def grey_to_black_ink(stream: bytes) -> bytes:
    """A content stream with every grey RGB colour operator turned into black ink.

    >>> grey_to_black_ink(b"q\\n0 0 0 rg\\n0.8 0.8 0.8 RG\\nQ")
    b'q\\n0 0 0 1 k\\n0 0 0 0.2 K\\nQ'

    A colour that is not grey raises :class:`ColourError`: the design's colours
    are CMYK, and a content diagram may use greys only.
    """
    def ink(match: re.Match[bytes]) -> bytes:
        red, green, blue = (float(part) for part in match.groups()[:3])
        if not (abs(red - green) < 0.002 and abs(green - blue) < 0.002):
            raise ColourError(f"RGB colour {red:g} {green:g} {blue:g} is not an ink of the design nor a grey")
        black = round(1 - red, 4)
        operator = b"k" if match[4] == b"rg" else b"K"
        return b"0 0 0 " + f"{black:g}".encode() + b" " + operator

    return _RGB_OPERATOR.sub(ink, stream)
