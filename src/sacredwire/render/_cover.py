"""Cover art: the Complex's tiers and cables, drawn as vector art in each volume's colour.

The five volumes are the five tiers of one megastructure: every cover draws
the same stepped silhouette and lights its own volume's tier in the volume
colour, with cables hanging across the page. The cables are drawn from a
random generator seeded with the volume number, so each volume has its own
cables and the same sources always give the same art.
"""

from __future__ import annotations

import random

from markupsafe import Markup

from ..colour import Cmyk
from ..model import BookletMeta

# The cover with bleed, in millimetres (A5 trim, 3 mm each side).
WIDTH_MM = 154.0
HEIGHT_MM = 216.0
TIERS = 5
TIER_HEIGHT = 13.0
BASE_Y = HEIGHT_MM - 8.0
# A booklet without a colour of its own uses the series accent.
SERIES_COLOUR = Cmyk.from_percent(0, 70, 100, 5)


def volume_colour(booklet: BookletMeta) -> Cmyk:
    """The colour that marks ``booklet`` on covers and in the series list."""
    return booklet.colour or SERIES_COLOUR


def shade(colour: Cmyk, black: float, ink_limit: float) -> Cmyk:
    """``colour`` darkened by adding ``black`` percent of K, within ``ink_limit`` percent of ink."""
    k = min(1.0, colour.k + black / 100)
    room = ink_limit / 100 - k
    scale = min(1.0, room / max(colour.c + colour.m + colour.y, 0.01))
    return Cmyk(colour.c * scale, colour.m * scale, colour.y * scale, k)


def tint(colour: Cmyk, share: float) -> Cmyk:
    """``colour`` lightened to ``share`` (0-1) of its inks, as a printed tint."""
    return Cmyk(colour.c * share, colour.m * share, colour.y * share, colour.k * share)


def _tier_box(tier: int) -> tuple[float, float, float, float]:
    """x, y, width, height of tier ``tier`` (1 = the lowest), flush with the right bleed edge."""
    width = WIDTH_MM - 12.0 - (tier - 1) * 22.0
    y = BASE_Y - tier * TIER_HEIGHT
    return WIDTH_MM - width, y, width, TIER_HEIGHT - 1.6


def _cable(rng: random.Random, start: tuple[float, float], end: tuple[float, float]) -> str:
    """A hanging cable from ``start`` to ``end``: a quadratic curve sagging below both."""
    (x1, y1), (x2, y2) = start, end
    sag = rng.uniform(4.0, 16.0)
    control = ((x1 + x2) / 2 + rng.uniform(-10.0, 10.0), max(y1, y2) + sag)
    return f"M{x1:.1f} {y1:.1f} Q{control[0]:.1f} {control[1]:.1f} {x2:.1f} {y2:.1f}"


def cover_svg(booklet: BookletMeta, ink_limit: float) -> Markup:
    """The cover art of ``booklet`` as inline SVG covering the whole page with its bleed, its inks
    within ``ink_limit`` percent."""
    colour = volume_colour(booklet)
    rng = random.Random(booklet.volume)
    dim, faint = shade(colour, 55, ink_limit), shade(tint(colour, 0.7), 70, ink_limit)
    bright = tint(colour, 0.45)
    parts: list[str] = []
    # Trunks: cables dropping from the top edge down the right-hand strip (the
    # title keeps the left) to the tiers, swaying a little as they fall.
    for index in range(7):
        x_top = rng.uniform(116.0, WIDTH_MM + 2.0)
        x, y, width, _ = _tier_box(rng.randint(1, TIERS))
        x_end = min(max(x_top + rng.uniform(-14.0, 6.0), x + 2.0), WIDTH_MM - 1.0)
        sway = rng.uniform(-9.0, 9.0)
        path = (f"M{x_top:.1f} -4 C{x_top + sway:.1f} {y * 0.35:.1f} {x_end - sway:.1f} {y * 0.7:.1f} "
                f"{x_end:.1f} {y:.1f}")
        stroke = (dim if index % 2 else faint).css
        weight = rng.choice((0.6, 1.0, 1.6, 2.4))
        parts.append(f'<path d="{path}" fill="none" stroke="{stroke}" stroke-width="{weight}"/>')
    # Cables slung from the left edge to the tiers' corners, under the title.
    for index in range(5):
        start = (-4.0, rng.uniform(150.0, 185.0))
        x, y, _, _ = _tier_box(rng.randint(1, TIERS))
        parts.append(f'<path d="{_cable(rng, start, (x + 1.0, y + 1.0))}" fill="none" '
                     f'stroke="{(faint if index % 2 else dim).css}" stroke-width="{rng.choice((0.5, 0.9, 1.4))}"/>')
    # The tiers: every one outlined, the volume's own filled in its colour.
    for tier in range(1, TIERS + 1):
        x, y, width, height = _tier_box(tier)
        if tier == booklet.volume:
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" '
                         f'fill="{colour.css}"/>')
        else:
            parts.append(f'<rect x="{x + 0.4:.1f}" y="{y + 0.4:.1f}" width="{width - 0.8:.1f}" '
                         f'height="{height - 0.8:.1f}" fill="none" stroke="{dim.css}" stroke-width="0.8"/>')
        # Windows: a row of short dashes along each tier, the Complex lit from inside.
        windows = " ".join(f"M{wx:.1f} {y + height / 2:.1f} h2.4"
                           for wx in _window_positions(rng, x, width))
        window_colour = "device-cmyk(0 0 0 0)" if tier == booklet.volume else bright.css
        parts.append(f'<path d="{windows}" stroke="{window_colour}" stroke-width="0.9"/>')
    # One live cable in front, in the volume's colour, into its own tier.
    x, y, width, _ = _tier_box(booklet.volume if 1 <= booklet.volume <= TIERS else 1)
    x_top = rng.uniform(128.0, WIDTH_MM - 6.0)
    parts.append(f'<path d="M{x_top:.1f} -4 C{x_top - 6:.1f} {y * 0.4:.1f} {x_top + 6:.1f} {y * 0.75:.1f} '
                 f'{min(x_top, x + width - 4.0):.1f} {y:.1f}" fill="none" stroke="{colour.css}" stroke-width="1.2"/>')
    return Markup(f'<svg class="cover-art" xmlns="http://www.w3.org/2000/svg" '
                  f'viewBox="0 0 {WIDTH_MM:g} {HEIGHT_MM:g}" width="{WIDTH_MM:g}mm" height="{HEIGHT_MM:g}mm" '
                  f'aria-hidden="true">{"".join(parts)}</svg>')


def _window_positions(rng: random.Random, x: float, width: float) -> list[float]:
    positions, cursor = [], x + 4.0
    while cursor < x + width - 6.0:
        if rng.random() < 0.7:
            positions.append(cursor)
        cursor += 5.0
    return positions
