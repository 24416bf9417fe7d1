"""The token and template sheets of the closing pages, measured on the built PDFs.

A booklet named under ``booklets.tokens`` in content/outputs.yaml prints a
sheet whose pieces are cut out and put on the table, so their printed size is
the rules' size: a token ``C1.8 marker_size`` across, a template the radius
of the rule that uses it. Each sheet page is rendered to pixels and every
piece found by its fill (render/_tokens.py) and measured.
"""

from __future__ import annotations

import subprocess
from collections import deque
from pathlib import Path

import pytest
from conftest import PROJECT
from pypdf import PdfReader

from sacredwire.load import load_rulebook
from sacredwire.render._tokens import DARK_FILL, TEMPLATE_FILL, TOKEN_FILL

DPI = 100
# A piece's edge is anti-aliased: its flat fill stops a pixel or two short of the edge.
TOLERANCE_PX = 3
TITLES = {("core-rules", "en"): "Tokens and Templates", ("core-rules", "es"): "Fichas y plantillas",
          ("missions", "en"): "Mission Markers", ("missions", "es"): "Marcadores de misión"}


def grey(colour: str) -> int:
    return int(colour[1:3], 16)


def page_pixels(pdf: Path, page: int, out: Path) -> tuple[int, int, bytes]:
    """Page ``page`` (1-based) as grey pixels at ``DPI``: width, height, one byte a pixel."""
    stem = out / f"{pdf.parent.parent.name}-{pdf.stem}-{page}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-f", str(page), "-l", str(page), "-singlefile",
                    str(pdf), str(stem)], check=True)
    data = stem.with_suffix(".pgm").read_bytes()
    magic, width, height, _maximum, pixels = data.split(maxsplit=4)
    assert magic == b"P5"
    return int(width), int(height), pixels[: int(width) * int(height)]


def pieces(width: int, height: int, pixels: bytes, value: int) -> list[tuple[int, int]]:
    """The width and height, in pixels, of each connected area of exactly ``value`` larger than a speck."""
    seen = bytearray(width * height)
    found = []
    for start in range(width * height):
        if seen[start] or pixels[start] != value:
            continue
        seen[start] = 1
        queue, left, right, top, bottom, count = deque([start]), width, 0, height, 0, 0
        while queue:
            at = queue.popleft()
            y, x = divmod(at, width)
            left, right, top, bottom, count = min(left, x), max(right, x), min(top, y), max(bottom, y), count + 1
            for step in (at - 1 if x else -1, at + 1 if x + 1 < width else -1, at - width, at + width):
                if 0 <= step < width * height and not seen[step] and pixels[step] == value:
                    seen[step] = 1
                    queue.append(step)
        if count > 100:
            found.append((right - left + 1, bottom - top + 1))
    return found


def sheet_page(pdf: Path, title: str) -> int:
    pages = [number for number, page in enumerate(PdfReader(pdf).pages, 1) if title in (page.extract_text() or "")]
    assert len(pages) == 1, f"{pdf}: the sheet {title!r} is on pages {pages}"
    return pages[0]


@pytest.mark.parametrize(("booklet", "lang"), list(TITLES))
def test_the_sheet_prints_its_pieces_at_the_rules_size(build_dir: Path, tmp_path: Path, booklet: str,
                                                     lang: str) -> None:
    rulebook = load_rulebook(PROJECT)
    diameter = rulebook.parameter("C1.8", "marker_size").value * DPI
    pdf = build_dir / lang / "screen" / f"{booklet}.pdf"
    width, height, pixels = page_pixels(pdf, sheet_page(pdf, TITLES[(booklet, lang)]), tmp_path)
    tokens = pieces(width, height, pixels, grey(TOKEN_FILL)) + pieces(width, height, pixels, grey(DARK_FILL))
    expected_tokens = {
        "core-rules": rulebook.parameter("C4.1", "squads").value * rulebook.parameter("C2", "squad_size").value
        + rulebook.parameter("C1.8", "loot_markers_max").value,
        "missions": sum(rulebook.boards.marker_counts().values()) if rulebook.boards else 0,
    }[booklet]
    assert len(tokens) == expected_tokens > 0, f"{pdf}: {len(tokens)} tokens, {expected_tokens} expected"
    for token_width, token_height in tokens:
        assert abs(token_width - diameter) <= TOLERANCE_PX and abs(token_height - diameter) <= TOLERANCE_PX, \
            f"{pdf}: a token {token_width} x {token_height} px at {DPI} dpi, not {diameter}"
    templates = pieces(width, height, pixels, grey(TEMPLATE_FILL))
    if booklet == "core-rules":
        radius = rulebook.parameter("C4.15", "blast").value * DPI
        assert len(templates) == 1, f"{pdf}: {len(templates)} templates"
        (template_width, template_height), = templates
        assert abs(template_width - radius) <= TOLERANCE_PX and abs(template_height - radius) <= TOLERANCE_PX, \
            f"{pdf}: the blast template is {template_width} x {template_height} px, not a {radius} px quarter"
    else:
        assert templates == []
