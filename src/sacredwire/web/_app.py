"""The site as an installable app, and what makes it findable.

- ``favicon.svg`` and ``icons/icon-*.png``: the series' mark (a wire across
  the night colour of the covers), drawn from the design tokens;
- ``manifest.webmanifest``: what a phone needs to install the site;
- ``sw.js``: a service worker that keeps every file of the site, so the rules
  open without signal (browsers run service workers from http(s) only; from
  ``file://`` the site works as before, without it);
- ``sitemap.xml``: every page, absolute when ``site_url`` is set in
  ``content/book.yaml`` (search engines need that), else relative to the
  sitemap itself.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import struct
import zlib
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import PurePosixPath
from xml.sax.saxutils import escape, quoteattr

# The variable templates/web/sw.js reads.
OFFLINE_VARIABLE = "SW28_OFFLINE"
ICON_SIZES = (192, 512)
# The mark on a 64-unit square: the wire's points and its width.
_WIRE = ((10, 40), (24, 22), (38, 42), (54, 20))
_WIRE_WIDTH = 7


def token_colours(tokens_css: str) -> dict[str, str]:
    """The ``--name: #rrggbb`` colours of the screen tokens (``tokens.css`` of the site).

    >>> token_colours(":root { --ink: #000000; --font-body: 'X'; }")
    {'ink': '#000000'}
    """
    return dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-f]{6})\b", tokens_css))


def favicon_svg(colours: Mapping[str, str]) -> str:
    """The mark as SVG: browsers draw it sharp at every size."""
    points = " ".join(f"{x},{y}" for x, y in _WIRE)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            f'<rect width="64" height="64" rx="12" fill="{colours["night"]}"/>'
            f'<polyline points="{points}" fill="none" stroke="{colours["accent"]}" stroke-width="{_WIRE_WIDTH}" '
            'stroke-linecap="round" stroke-linejoin="round"/></svg>\n')


def icon_png(colours: Mapping[str, str], size: int) -> bytes:
    """The mark as a square PNG, full bleed so a phone may mask it to any shape."""
    return _icon_png(colours["night"], colours["accent"], size)


@cache
def _icon_png(night_colour: str, accent_colour: str, size: int) -> bytes:
    """Drawn here, pixel by pixel with edges smoothed by distance to the wire: a few
    lines of arithmetic instead of an imaging library; once per process and colours,
    so ``sw28 serve`` does not draw it again on every edit."""
    night, accent = _rgb(night_colour), _rgb(accent_colour)
    scale = size / 64 * 0.8  # the wire inside the middle 80 %, the part every mask shape keeps
    points = [(size * 0.1 + x * scale, size * 0.1 + y * scale) for x, y in _WIRE]
    half = _WIRE_WIDTH * scale / 2
    cover = [0.0] * (size * size)
    # Only the pixels near a segment can be covered by it.
    for a, b in zip(points, points[1:]):
        left, right = int(min(a[0], b[0]) - half - 1), int(max(a[0], b[0]) + half + 2)
        top, bottom = int(min(a[1], b[1]) - half - 1), int(max(a[1], b[1]) + half + 2)
        for row in range(max(0, top), min(size, bottom)):
            for column in range(max(0, left), min(size, right)):
                amount = half + 0.5 - _distance(column + 0.5, row + 0.5, a, b)
                if amount > cover[row * size + column]:
                    cover[row * size + column] = min(1.0, amount)
    shades = [bytes(round(n + (a - n) * step / 255) for n, a in zip(night, accent)) for step in range(256)]
    rows = []
    for row in range(size):
        # PNG filter type 0, then the row's pixels.
        rows.append(b"\0" + b"".join(shades[round(value * 255)] for value in cover[row * size:(row + 1) * size]))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + _chunk(b"IEND", b""))


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _distance(x: float, y: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    """From the point to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(x - a[0] - t * dx, y - a[1] - t * dy)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def manifest(name: str, lang: str, colours: Mapping[str, str]) -> str:
    """``manifest.webmanifest``: the app opens on the front page, full screen, in the covers' colours."""
    data = {
        "name": name, "short_name": name, "lang": lang, "start_url": "index.html", "scope": "./",
        "display": "standalone", "background_color": colours["paper"], "theme_color": colours["night"],
        "icons": [{"src": "favicon.svg", "sizes": "any", "type": "image/svg+xml"}]
        + [{"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
           for size in ICON_SIZES]
        + [{"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": "maskable"}
           for size in ICON_SIZES],
    }
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def service_worker(worker: str, files: Mapping[PurePosixPath, bytes]) -> str:
    """``sw.js``: the worker's code after the list of every file and a version that changes with any of them.

    A new version is a new ``sw.js``, which is how a browser learns that the
    site changed: it fetches every file again and drops the old copies.
    """
    digest = hashlib.sha256()
    for path, data in sorted(files.items()):
        digest.update(path.as_posix().encode() + b"\0" + hashlib.sha256(data).digest())
    offline = {"version": digest.hexdigest()[:16], "files": sorted(path.as_posix() for path in files)}
    return f"self.{OFFLINE_VARIABLE} = {json.dumps(offline, separators=(',', ':'))};\n{worker}"


def sitemap(pages: Sequence[tuple[str, Sequence[tuple[str, str]]]], site_url: str) -> str:
    """``sitemap.xml``: each page with its other languages, ``(path, [(lang, path), …])``."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
             'xmlns:xhtml="http://www.w3.org/1999/xhtml">']
    for path, alternates in pages:
        lines.append(f"<url><loc>{escape(site_url + path)}</loc>")
        for lang, other in alternates:
            lines.append(f'<xhtml:link rel="alternate" hreflang={quoteattr(lang)} href={quoteattr(site_url + other)}/>')
        lines.append("</url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"
