"""Interior art in the covers' language: cables hanging across a panel, drawn as vectors.

Every chapter opener carries a band of cables hanging from the page's top
edge into its top margin, as the covers' cables drop from theirs, one of
them live in the volume's colour (:func:`opener_art`). The band lies over
the margin above the running heads, outside the text's flow, so it moves no
line of any page.

A chapter opener that leaves room under its text closes it with a panel of
cables, slung from the panel's top edge and sagging as the covers' cables do
(render/_cover.py draws them the same way), one of them live in the volume's
colour. The rest are black-ink tints, so the panel prints on the black plate
and the volume colour's own plates only. The cables come from a generator
seeded with the chapter's ID, so the same sources always give the same art.
"""

from __future__ import annotations

import random

from markupsafe import Markup

from ..model import BookletMeta
from ._cover import tint, volume_colour

# The panel, in millimetres: the text column's width.
PANEL_WIDTH = 119.0
PANEL_HEIGHT = 34.0
CABLES = 9
# The booklet's page margins (templates/booklet/booklet.css, @page): the band
# reaches from the top edge's bleed down to above the running heads, which
# sit in the lowest 6 mm of the 17 mm top margin, and across the page from
# bleed to bleed on a left page and on a right one (the column sits 16 mm from
# the spine side and 13 mm from the outer edge).
TOP_MARGIN = 17.0
HEAD_ROOM = 6.5
WIDEST_SIDE_MARGIN = 16.0
OPENER_CABLES = 10


def _hanging(rng: random.Random, width: float, height: float) -> str:
    """One cable from the panel's top edge to its top edge again, sagging into the panel."""
    x1 = rng.uniform(-10.0, width * 0.7)
    x2 = min(width + 10.0, x1 + rng.uniform(30.0, 90.0))
    sag = rng.uniform(height * 0.35, height * 1.5)
    middle = (x1 + x2) / 2 + rng.uniform(-12.0, 12.0)
    return f"M{x1:.1f} 0 Q{middle:.1f} {sag:.1f} {x2:.1f} 0"


def chapter_art(booklet: BookletMeta, seed: str) -> Markup:
    """A panel of hanging cables for the chapter ``seed`` of ``booklet``, as inline SVG."""
    rng = random.Random(f"{booklet.key}:{seed}")
    colour = volume_colour(booklet)
    greys = ("device-cmyk(0 0 0 0.25)", "device-cmyk(0 0 0 0.45)", "device-cmyk(0 0 0 0.7)")
    parts = [f'<path d="M0 0.4 H{PANEL_WIDTH:g}" stroke="device-cmyk(0 0 0 1)" stroke-width="0.8"/>']
    for index in range(CABLES):
        weight = rng.choice((0.5, 0.8, 1.2, 1.8))
        parts.append(f'<path d="{_hanging(rng, PANEL_WIDTH, PANEL_HEIGHT)}" fill="none" '
                     f'stroke="{greys[index % len(greys)]}" stroke-width="{weight}"/>')
    parts.append(f'<path d="{_hanging(rng, PANEL_WIDTH, PANEL_HEIGHT)}" fill="none" stroke="{colour.css}" '
                 f'stroke-width="1.6"/>')
    return Markup(f'<svg class="chapter-art" xmlns="http://www.w3.org/2000/svg" '
                  f'viewBox="0 0 {PANEL_WIDTH:g} {PANEL_HEIGHT:g}" width="{PANEL_WIDTH:g}mm" '
                  f'height="{PANEL_HEIGHT:g}mm" preserveAspectRatio="none" aria-hidden="true">'
                  f'{"".join(parts)}</svg>')


def _from_above(rng: random.Random, width: float, top: float, lowest: float, share: float) -> str:
    """One cable slung from above the band's top edge, sagging to at most ``lowest``; it starts about
    ``share`` (0-1) of the way across, so a band's cables spread over all of it."""
    x1 = -20.0 + share * (width - 20.0) + rng.uniform(-12.0, 12.0)
    x2 = min(width + 20.0, x1 + rng.uniform(35.0, 110.0))
    sag = rng.uniform(lowest * 0.35, lowest)
    # A quadratic's lowest point is halfway to its control point: aim the control twice as deep.
    control_y = 2 * sag - top
    middle = (x1 + x2) / 2 + rng.uniform(-15.0, 15.0)
    return f"M{x1:.1f} {top:.1f} Q{middle:.1f} {control_y:.1f} {x2:.1f} {top:.1f}"


def opener_art(booklet: BookletMeta, chapter: str, bleed_mm: float) -> Markup:
    """The band of cables over the top margin of ``chapter``'s opening page, as inline SVG.

    It reaches from the top edge of the page's bleed, ``bleed_mm`` above the
    trim, to just above the running heads, and is wide enough to reach both
    bleed edges whichever side the page is. The cables are black-ink tints,
    and the volume's colour and a tint of it.
    """
    rng = random.Random(f"{booklet.key}:{chapter}:opener")
    colour = volume_colour(booklet)
    side = WIDEST_SIDE_MARGIN + bleed_mm
    width = PANEL_WIDTH + 2 * side
    height = bleed_mm + TOP_MARGIN - HEAD_ROOM
    top = -2.0
    # The black-ink tints of the design's rules (templates/base/tokens.css: --rule-faint, --rule-light, --rule).
    greys = ("device-cmyk(0 0 0 0.17)", "device-cmyk(0 0 0 0.27)", "device-cmyk(0 0 0 0.4)")
    parts = []
    for index in range(OPENER_CABLES):
        weight = rng.choice((0.5, 0.8, 1.2, 1.8))
        path = _from_above(rng, width, top, height - 1.0, index / OPENER_CABLES)
        parts.append(f'<path d="{path}" fill="none" stroke="{greys[index % len(greys)]}" stroke-width="{weight}"/>')
    # The volume's colour, a tint and the full ink, live cables in front of the rest.
    for strength, weight in ((0.45, 1.2), (1.0, 1.8)):
        path = _from_above(rng, width, top, height - 1.0, rng.random())
        parts.append(f'<path d="{path}" fill="none" stroke="{tint(colour, strength).css}" stroke-width="{weight}"/>')
    # Shifted up and out (relative positioning moves no other box) from a box
    # of no height at the top of the text: it takes no room in the flow, and
    # goes wherever its chapter or section starts.
    style = (f"position: relative; top: {-(bleed_mm + TOP_MARGIN):g}mm; left: {-side:g}mm; "
             f"width: {width:g}mm; height: {height:g}mm")
    return Markup(f'<div class="opener-art"><svg xmlns="http://www.w3.org/2000/svg" style="{style}" '
                  f'viewBox="0 0 {width:g} {height:g}" width="{width:g}mm" height="{height:g}mm" '
                  f'aria-hidden="true">{"".join(parts)}</svg></div>')
