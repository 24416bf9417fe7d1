"""How wide a line of words is in one of the shipped fonts (``templates/fonts``).

A drawing that sets its own words (a mission board's labels: SVG text, which
no layout engine breaks into lines) places them by their width. The width is
the sum of the glyphs' advance widths read from the font file that prints
them, once per font. Kerning pairs are left out: a measured line differs from
the printed one by a fraction of a unit per pair of letters.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from fontTools.ttLib import TTFont

# The files templates/base/fonts.css gives the families a board draws with.
SANS = "Inter-Regular.otf"
SANS_BOLD = "Inter-Bold.otf"
DISPLAY = "BebasNeue-Regular.otf"
BOARD_FONTS = (SANS, SANS_BOLD, DISPLAY)


@dataclass(frozen=True)
class FontMetrics:
    """A font's advance width of each character it has, its ascent and descent: all in ems."""

    advances: dict[str, float]
    # What a character the font lacks is drawn with (its .notdef glyph).
    missing: float
    ascent: float
    descent: float

    def width(self, text: str, size: float, letter_spacing: float = 0.0) -> float:
        """The width of ``text`` on one line at ``size``, in the units of ``size``.

        >>> FontMetrics({"a": 0.5, " ": 0.25}, 0.6, 0.9, 0.2).width("a a", 10, letter_spacing=1)
        15.5
        """
        ems = sum(self.advances.get(character, self.missing) for character in text)
        return ems * size + letter_spacing * len(text)


@cache
def font_metrics(path: Path) -> FontMetrics:
    """The metrics of the font file at ``path``, read once per process."""
    with TTFont(path, lazy=True) as font:
        per_em = font["head"].unitsPerEm
        widths = font["hmtx"].metrics
        advances = {chr(code): widths[glyph][0] / per_em for code, glyph in (font.getBestCmap() or {}).items()}
        return FontMetrics(advances, widths[font.getGlyphOrder()[0]][0] / per_em,
                           font["hhea"].ascent / per_em, -font["hhea"].descent / per_em)
