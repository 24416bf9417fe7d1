"""Interior art in the covers' language: cables hanging across a panel, drawn as vectors.

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
from ._cover import volume_colour

# The panel, in millimetres: the text column's width.
PANEL_WIDTH = 119.0
PANEL_HEIGHT = 34.0
CABLES = 9


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
