"""Mission boards: drawn from ``content/boards.yaml``, labels knocked out of the grid lines under them.

A board's labels sit on its grid; a grid line through a word strikes it out.
Each label is drawn twice: first in white with a white outline (a halo that
covers the lines under the word, printing no ink), then as written.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Mapping
from pathlib import Path

from .board_labels import LEADING, Box, Fonts, Placed, Wanted, place_labels, set_lines, wrap
from .diagnostics import ContentError
from .ids import RuleId
from .markup import FIELD_PATTERN
from .model import RuleParameter
from .model.boards import MARKERS, Board, BoardItem, Boards, Rect
from .text_width import DISPLAY, font_metrics

Parameters = Mapping[tuple[RuleId, str], RuleParameter]

_TEXT = re.compile(r"<text\b(?P<attributes>[^>]*)>(?P<content>.*?)</text>", re.S)
# Paint attributes the halo sets itself.
_PAINT = re.compile(r"\s(?:fill|stroke|stroke-width|stroke-linejoin)=\"[^\"]*\"")
HALO_WIDTH = 2.2


def knocked_out_labels(svg: str) -> str:
    """``svg`` with a white halo drawn under each of its labels.

    >>> knocked_out_labels('<text x="1" fill="#000">Zone</text>')  # doctest: +NORMALIZE_WHITESPACE
    '<text x="1" fill="#fff" stroke="#fff" stroke-width="2.2" stroke-linejoin="round"
      aria-hidden="true">Zone</text><text x="1" fill="#000">Zone</text>'
    """
    def halo(match: re.Match[str]) -> str:
        attributes = _PAINT.sub("", match["attributes"])
        return (f'<text{attributes} fill="#fff" stroke="#fff" stroke-width="{HALO_WIDTH:g}" '
                f'stroke-linejoin="round" aria-hidden="true">{match["content"]}</text>{match.group()}')

    return _TEXT.sub(halo, svg)


# --- drawing a board from content/boards.yaml ---------------------------------

# 10 units to the inch: the 24" board is the square 0..240, so a reader can
# measure on it; the view leaves room around it for the edges' names and,
# under it, a legend of three rows of two.
UNIT = 10
SIDE = 24 * UNIT
GRID = 6 * UNIT
VIEW = (-40, -24, 320, 320)
LEGEND_COLUMNS = (-38, 122)
LEGEND_ROWS = (266, 278, 290)
LEGEND_SLOTS = len(LEGEND_COLUMNS) * len(LEGEND_ROWS)
LEGEND_SIZE = 7.5
# From one row of one-line entries to the next; an entry's words start this far right of its column.
LEGEND_PITCH = LEGEND_ROWS[1] - LEGEND_ROWS[0]
LEGEND_TEXT = 23
# How wide an entry's line may be: clear of the next column's swatch.
LEGEND_WIDTH = LEGEND_COLUMNS[1] - LEGEND_COLUMNS[0] - LEGEND_TEXT - 4
# The edges' names: their size and letter spacing, and the room kept at the view's sides.
EDGE_SIZE, EDGE_SPACING, EDGE_MARGIN = 10, 0.5, 2
STRIP = 10  # a standard deployment zone's strip along its edge, as drawn
# Greys only: the print editions turn them into black ink.
DEPLOY, DEEP, ZONE, TERRAIN, TERRAIN_EDGE, GRID_GREY, ENEMY = (
    "#a8a8a8", "#cfcfcf", "#e4e4e4", "#c4c4c4", "#6e6e6e", "#b4b4b4", "#595959")
# How far terrain keeps from a label's words, in inches.
LABEL_CLEARANCE = 0.2


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _fill_fields(words: str, parameters: Parameters) -> str:
    def value(match: re.Match[str]) -> str:
        section, _, name = match["path"].removeprefix("rule.").rpartition(".")
        return str(parameters[(RuleId.parse(section), name)].value)

    return FIELD_PATTERN.sub(value, words)


def marker_symbol(kind: str, x: float, y: float) -> str:
    """A marker's symbol centred on (x, y), in board units."""
    if kind == "objective":
        return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="6" fill="#000" stroke="#fff" stroke-width="1.5"/>'
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="7.5" fill="none" stroke="#000" stroke-width="1"/>')
    if kind == "beacon":
        return (f'<path d="M{_n(x)} {_n(y - 8)}L{_n(x + 8)} {_n(y)}L{_n(x)} {_n(y + 8)}L{_n(x - 8)} {_n(y)}Z" '
                f'fill="#000"/><circle cx="{_n(x)}" cy="{_n(y)}" r="2.2" fill="#fff"/>')
    if kind == "signal":
        return (f'<path d="M{_n(x)} {_n(y - 7)}L{_n(x + 7)} {_n(y + 5)}L{_n(x - 7)} {_n(y + 5)}Z" fill="#000" '
                f'stroke="#fff" stroke-width="1"/><circle cx="{_n(x)}" cy="{_n(y + 1)}" r="1.8" fill="#fff"/>')
    if kind in ("node", "relay", "conduit"):
        return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="6" fill="#fff" stroke="#000" stroke-width="2.5"/>'
                f'<circle cx="{_n(x)}" cy="{_n(y)}" r="2" fill="#000"/>')
    if kind == "enemy_conduit":
        return (f'<rect x="{_n(x - 6)}" y="{_n(y - 6)}" width="12" height="12" fill="#000"/>'
                f'<rect x="{_n(x - 3)}" y="{_n(y - 3)}" width="6" height="6" fill="#fff"/>')
    if kind == "terminal":
        return (f'<rect x="{_n(x - 8)}" y="{_n(y - 6)}" width="16" height="12" rx="1.5" fill="#000"/>'
                f'<rect x="{_n(x - 5.5)}" y="{_n(y - 3.5)}" width="11" height="5" fill="#fff"/>'
                f'<rect x="{_n(x - 4)}" y="{_n(y + 3)}" width="8" height="1.2" fill="#fff"/>')
    if kind == "informant":
        return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="6.5" fill="#fff" stroke="#000" stroke-width="1.5"/>'
                f'<circle cx="{_n(x)}" cy="{_n(y - 2)}" r="2" fill="#000"/>'
                f'<path d="M{_n(x - 3.5)} {_n(y + 4)}Q{_n(x)} {_n(y - 1.5)} {_n(x + 3.5)} {_n(y + 4)}Z" fill="#000"/>')
    if kind == "target":
        ticks = "".join(f'<line x1="{_n(x + dx * 5)}" y1="{_n(y + dy * 5)}" x2="{_n(x + dx * 10)}" '
                        f'y2="{_n(y + dy * 10)}" stroke="#000" stroke-width="1.2"/>'
                        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
        return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="7.5" fill="none" stroke="#000" stroke-width="1.2"/>'
                + ticks)
    if kind in ("spawn", "elite_spawn"):
        outer, fill = (8.5, "#000") if kind == "elite_spawn" else (7, ENEMY)
        corners = []
        for k in range(16):
            radius = outer if k % 2 == 0 else outer * 0.45
            angle = math.pi * k / 8
            corners.append(f"{_n(x + radius * math.sin(angle))} {_n(y - radius * math.cos(angle))}")
        return f'<path d="M{"L".join(corners)}Z" fill="{fill}" stroke="#fff" stroke-width="0.8"/>'
    raise ValueError(kind)


def _model(x: float, y: float, side: str, radius: float = UNIT / 2) -> str:
    fill = "#fff" if side == "you" else ENEMY
    # A model on a 1" base, drawn to scale.
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(radius)}" fill="{fill}" stroke="#000" stroke-width="1.2"/>'


def _arrow(x1: float, y1: float, x2: float, y2: float, dashed: bool = False, width: float = 2) -> str:
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    bx, by = x2 - ux * 8, y2 - uy * 8
    dash = ' stroke-dasharray="5 3"' if dashed else ""
    return (f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(bx)}" y2="{_n(by)}" stroke="#000" '
            f'stroke-width="{_n(width)}"{dash}/>'
            f'<path d="M{_n(x2)} {_n(y2)}L{_n(bx - uy * 4)} {_n(by + ux * 4)}L{_n(bx + uy * 4)} {_n(by - ux * 4)}Z" '
            f'fill="#000"/>')


def _dimension(x1: float, y1: float, x2: float, y2: float) -> str:
    """A measured distance: a thin line with a tick across each end."""
    length = math.hypot(x2 - x1, y2 - y1)
    px, py = -(y2 - y1) / length * 4, (x2 - x1) / length * 4
    return (f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="#000" stroke-width="0.8"/>'
            f'<path d="M{_n(x1 - px)} {_n(y1 - py)}L{_n(x1 + px)} {_n(y1 + py)}M{_n(x2 - px)} {_n(y2 - py)}'
            f'L{_n(x2 + px)} {_n(y2 + py)}" stroke="#000" stroke-width="0.8"/>')


def _boxes(x: float, y: float, count: int, round_: bool) -> str:
    """``count`` boxes in a row from (x, y): a tally the players mark."""
    shapes = []
    for k in range(count):
        left = x + k * 12
        shapes.append(f'<circle cx="{_n(left + 4.5)}" cy="{_n(y)}" r="4.5" fill="#fff" stroke="#000" stroke-width="1"/>'
                      if round_ else
                      f'<rect x="{_n(left)}" y="{_n(y - 4.5)}" width="9" height="9" fill="#fff" stroke="#000" '
                      f'stroke-width="1"/>')
    return "".join(shapes)


def _label(words: str, x: float, y: float, anchor: str = "middle", size: float = 8, bold: bool = False) -> str:
    weight = ' font-weight="700"' if bold else ""
    align = "" if anchor == "middle" else f' text-anchor="{anchor}"'
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}"{weight}{align} fill="#000">'
            f'{html.escape(words, quote=False)}</text>')


def _set(label: Placed) -> str:
    """A placed label's lines, one ``<text>`` each (so each gets its own halo)."""
    return "".join(_label(line, label.x, label.y + index * LEADING * label.size, label.anchor, label.size,
                          label.bold) for index, line in enumerate(label.lines))


def _item(item: BoardItem, lang: str, parameters: Parameters) -> tuple[str, Wanted | None]:
    """One item's drawing in board units, and its label where the board places it (set later, with the others)."""
    points = [(x * UNIT, y * UNIT) for x, y in item.points]
    x, y = points[0] if points else (0.0, 0.0)
    radius = item.radius * UNIT
    out: list[str] = []
    kind = item.draw
    if kind in MARKERS:
        out.append(marker_symbol(kind, x, y))
    elif kind == "zone":
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(radius)}" fill="{ZONE}" stroke="#000" '
                   f'stroke-width="1.2" stroke-dasharray="5 3"/>')
    elif kind == "reach":
        out.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(radius)}" fill="none" stroke="#000" '
                   f'stroke-width="0.9" stroke-dasharray="1.5 1.5"/>')
    elif kind == "radius":
        out.append(f'<line x1="{_n(x)}" y1="{_n(y)}" x2="{_n(x + radius)}" y2="{_n(y)}" stroke="#000" '
                   f'stroke-width="1"/><circle cx="{_n(x)}" cy="{_n(y)}" r="1.8" fill="#000"/>')
    elif kind == "models":
        out.extend(_model(px, py, item.side) for px, py in points)
    elif kind == "centerline":
        (x1, y1), (x2, y2) = points
        out.append(f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" stroke="#000" '
                   f'stroke-width="1.5" stroke-dasharray="5 3"/>')
    elif kind == "arrow":
        (x1, y1), (x2, y2) = points
        out.append(_arrow(x1, y1, x2, y2, item.dashed))
    elif kind == "exit":
        # Just inside the edge, clear of the board's outline.
        line = {"top": (0, 13, SIDE, 13), "bottom": (0, SIDE - 13, SIDE, SIDE - 13),
                "left": (13, 0, 13, SIDE), "right": (SIDE - 13, 0, SIDE - 13, SIDE)}[item.edge]
        out.append(f'<line x1="{_n(line[0])}" y1="{_n(line[1])}" x2="{_n(line[2])}" y2="{_n(line[3])}" '
                   f'stroke="#000" stroke-width="3" stroke-dasharray="9 5"/>')
    elif kind in ("track", "steps"):
        out.append(_boxes(x, y, item.count, round_=kind == "steps"))
    elif kind == "spacing":
        (x1, y1), (x2, y2) = points
        length = math.hypot(x2 - x1, y2 - y1)
        # Clear of the two markers it measures between.
        ux, uy = (x2 - x1) / length * 9, (y2 - y1) / length * 9
        out.append(_dimension(x1 + ux, y1 + uy, x2 - ux, y2 - uy))
    elif kind == "edge_distance":
        distance = item.distance * UNIT
        measure = {"left": (0, y, distance, y), "right": (SIDE - distance, y, SIDE, y),
                   "top": (x, 0, x, distance), "bottom": (x, SIDE - distance, x, SIDE)}[item.edge]
        out.append(_dimension(*measure))
    elif kind == "depth":
        depth = item.distance * UNIT
        spans = {"bottom": (SIDE - 12, SIDE - depth, SIDE - 12, SIDE), "top": (SIDE - 12, 0, SIDE - 12, depth)}
        out.append(_dimension(*spans.get(item.edge, spans["bottom"])))
    if item.label is not None:
        words = _fill_fields(item.label[lang], parameters)
        if item.label_at is not None:
            lx, ly = item.label_at[0] * UNIT, item.label_at[1] * UNIT
        elif kind == "radius":
            lx, ly = x + radius / 2, y - 4
        elif kind == "spacing":
            (x1, y1), (x2, y2) = points
            lx, ly = (x1 + x2) / 2 - 8, (y1 + y2) / 2 + 6
        elif kind == "edge_distance":
            lx, ly = x - item.distance * UNIT / 2 + (0 if item.edge != "left" else 0), y - 4
        elif kind == "depth":
            lx, ly = SIDE - 18, SIDE - item.distance * UNIT / 2 + 3
        elif kind in ("track", "steps"):
            lx, ly = x + item.count * 12 + 3, y + 2.5
        else:
            lx, ly = x, y + 3
        anchor = item.anchor
        if kind in ("track", "steps") and item.label_at is None:
            anchor = "start"
        if kind in ("spacing", "depth") and item.label_at is None:
            anchor = "end"
        size = 7 if kind in ("track", "steps", "arrow", "text", "spawn") else 8
        bold = kind in ("radius", "spacing", "edge_distance", "depth", "quadrant")
        # Above what it names (a marker, a radius): a longer label grows up, away from it.
        upward = bool(points) and ly < points[0][1]
        return "".join(out), Wanted(words, lx, ly, anchor, size, bold, upward, item.location)
    return "".join(out), None


def _obstacles(item: BoardItem) -> list[tuple[float, float, float, float]]:
    """Where ``item`` lies (inches, left top right bottom): terrain keeps clear of it."""
    boxes = []
    pad = {"zone": item.radius, "reach": item.radius, "models": 0.7}.get(item.draw, 1.1)
    if item.draw in ("arrow", "spacing"):
        (x1, y1), (x2, y2) = item.points
        steps = max(1, int(math.hypot(x2 - x1, y2 - y1) * 2))
        boxes += [(x1 + (x2 - x1) * k / steps - 0.5, y1 + (y2 - y1) * k / steps - 0.5,
                   x1 + (x2 - x1) * k / steps + 0.5, y1 + (y2 - y1) * k / steps + 0.5) for k in range(steps + 1)]
    elif item.draw in ("track", "steps"):
        x, y = item.points[0]
        boxes.append((x - 0.2, y - 0.6, x + item.count * 1.2 + 0.2, y + 0.6))
    elif item.draw not in ("centerline", "exit", "depth", "edge_distance", "radius", "text", "quadrant"):
        boxes += [(x - pad, y - pad, x + pad, y + pad) for x, y in item.points]
    return boxes


def _clear_terrain(board: Board, boards: Boards, labels: list[Box]) -> list[Rect]:
    """The shared terrain, less the pieces that would cover one of this board's markers, zones or ``labels``."""
    taken = [box for item in board.items for box in _obstacles(item)]
    taken += [(box.left / UNIT - LABEL_CLEARANCE, box.top / UNIT - LABEL_CLEARANCE,
               box.right / UNIT + LABEL_CLEARANCE, box.bottom / UNIT + LABEL_CLEARANCE) for box in labels]
    if board.deployment.depth:
        taken.append((0, 24 - board.deployment.depth, 24, 24))
    return [piece for piece in boards.terrain
            if not any(piece.x < right and left < piece.x + piece.width and piece.y < bottom
                       and top < piece.y + piece.height for left, top, right, bottom in taken)]


def _swatch(kind: str, x: float, y: float) -> str:
    """A legend's sample of ``kind``, centred on (x, y)."""
    if kind in MARKERS:
        return marker_symbol(kind, x, y)
    if kind in ("deployment", "deployment_deep", "terrain"):
        fill = {"deployment": DEPLOY, "deployment_deep": DEEP, "terrain": TERRAIN}[kind]
        edge = f' stroke="{TERRAIN_EDGE}" stroke-width="0.8"' if kind == "terrain" else ""
        return f'<rect x="{_n(x - 7)}" y="{_n(y - 5)}" width="14" height="10" fill="{fill}"{edge}/>'
    if kind == "grid":
        return (f'<rect x="{_n(x - 7)}" y="{_n(y - 5)}" width="14" height="10" fill="none" stroke="{GRID_GREY}" '
                f'stroke-width="0.8"/><line x1="{_n(x)}" y1="{_n(y - 5)}" x2="{_n(x)}" y2="{_n(y + 5)}" '
                f'stroke="{GRID_GREY}" stroke-width="0.8"/>')
    if kind == "zone":
        return (f'<rect x="{_n(x - 7)}" y="{_n(y - 5)}" width="14" height="10" fill="{ZONE}" stroke="#000" '
                f'stroke-width="1" stroke-dasharray="3 2"/>')
    if kind == "reach":
        return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="5" fill="none" stroke="#000" stroke-width="0.9" '
                f'stroke-dasharray="1.5 1.5"/>')
    if kind == "models":
        return _model(x - 4, y, "you", 4) + _model(x + 5, y, "opponent", 4)
    if kind in ("centerline", "exit"):
        width, dash = ("1.5", "5 3") if kind == "centerline" else ("3", "5 3")
        return (f'<line x1="{_n(x - 8)}" y1="{_n(y)}" x2="{_n(x + 8)}" y2="{_n(y)}" stroke="#000" '
                f'stroke-width="{width}" stroke-dasharray="{dash}"/>')
    if kind == "arrow":
        return _arrow(x - 8, y, x + 8, y)
    if kind in ("track", "steps"):
        return _boxes(x - 10, y, 2, round_=kind == "steps")
    if kind in ("spacing", "edge_distance", "depth", "radius"):
        return _dimension(x - 8, y, x + 8, y)
    return ""


def legend_kinds(board: Board) -> list[str]:
    """The swatches of a board's legend, in order: the deployment zones, the board's own, terrain, the grid."""
    standard = [] if board.deployment.depth else ["deployment"]
    return [*standard, *(entry.draw for entry in board.legend), "terrain", "grid"]


def _legend_texts(board: Board, boards: Boards, lang: str, parameters: Parameters) -> list[str]:
    """The words of a board's legend lines in ``lang``, in the order of :func:`legend_kinds`."""
    standard = [] if board.deployment.depth else [boards.words["deployment"][lang]]
    return [_fill_fields(text, parameters) for text in
            [*standard, *(entry.text[lang] for entry in board.legend), boards.words["terrain"][lang],
             boards.words["grid"][lang]]]


def _legend(board: Board, boards: Boards, lang: str, parameters: Parameters, fonts: Fonts) -> tuple[str, float]:
    """The legend in ``lang`` and the lowest point of its words.

    Two columns; a line too long for its column wraps, and its row is as deep as
    the longest language needs, so the drawing is the same in every language.
    """
    measure = fonts.face(bold=False)
    kinds = legend_kinds(board)
    set_in = {language: [wrap(text, LEGEND_WIDTH, measure, LEGEND_SIZE)
                         for text in _legend_texts(board, boards, language, parameters)]
              for language in board.description.values}
    for language, entries in set_in.items():
        for lines in entries:
            wide = next((line for line in lines if measure.width(line, LEGEND_SIZE) > LEGEND_WIDTH), None)
            if wide is not None:
                raise ContentError(board.location, f"board {board.id}: the {language} legend words {wide!r} "
                                                   f"are wider than a legend column, {LEGEND_WIDTH} units")
    depths = [max(len(entries[index]) for entries in set_in.values()) for index in range(len(kinds))]
    leading = LEADING * LEGEND_SIZE
    out = [f'<g class="legend" text-anchor="start" font-size="{_n(LEGEND_SIZE)}">']
    top, bottom = float(LEGEND_ROWS[0]), 0.0
    for first in range(0, len(kinds), len(LEGEND_COLUMNS)):
        row = range(first, min(first + len(LEGEND_COLUMNS), len(kinds)))
        for index in row:
            column = LEGEND_COLUMNS[index % len(LEGEND_COLUMNS)]
            out.append(_swatch(kinds[index], column + 9, top + (depths[index] - 1) * leading / 2))
            for number, line in enumerate(set_in[lang][index]):
                out.append(f'<text x="{column + LEGEND_TEXT}" y="{_n(top + 3 + number * leading)}">'
                           f'{html.escape(line, quote=False)}</text>')
        deepest = max(depths[index] for index in row)
        bottom = top + 3 + (deepest - 1) * leading + measure.descent * LEGEND_SIZE
        top += LEGEND_PITCH + (deepest - 1) * leading
    out.append("</g>")
    return "\n".join(out), bottom


def _edges(board: Board, boards: Boards, lang: str, parameters: Parameters, fonts: Fonts,
           view_width: float) -> str:
    """The names of the board's four edges, each checked to fit along its side."""
    words = {key: _fill_fields(text[lang], parameters) for key, text in boards.words.items()}
    edges = {"top": words["opponent_edge"], "bottom": words["your_edge"], "left": words["side_edge"],
             "right": words["side_edge"]}
    edges.update({edge: _fill_fields(text[lang], parameters) for edge, text in board.edges.items()})
    display = font_metrics(fonts.directory / DISPLAY)
    for edge, name in edges.items():
        # Above and under the board, a name may reach into the margins; beside it, it runs along the side.
        room = view_width - 2 * EDGE_MARGIN if edge in ("top", "bottom") else SIDE
        if display.width(name, EDGE_SIZE, EDGE_SPACING) > room:
            raise ContentError(board.location, f"board {board.id}: the {lang} name of its {edge} edge, {name!r}, "
                                               f"is longer than the edge ({room:g} units): shorten it")
    return "\n".join([
        f'<g class="edge" font-family="SW Display" font-size="{EDGE_SIZE}" letter-spacing="{EDGE_SPACING}">',
        f'<text x="{SIDE // 2}" y="-8">{html.escape(edges["top"], quote=False)}</text>',
        f'<text x="{SIDE // 2}" y="{SIDE + 16}">{html.escape(edges["bottom"], quote=False)}</text>',
        f'<text transform="translate(-10 {SIDE // 2}) rotate(-90)">{html.escape(edges["left"], quote=False)}'
        f'</text>',
        f'<text transform="translate({SIDE + 10} {SIDE // 2}) rotate(90)">'
        f'{html.escape(edges["right"], quote=False)}</text>',
        "</g>"])


def _set_labels(board: Board, boards: Boards, lang: str, parameters: Parameters,
                fonts: Fonts) -> tuple[list[Placed], list[tuple[str, str, Placed | None]]]:
    """The deployment zones' names, and each item's kind, drawing and label, set in ``lang``."""
    words = {key: _fill_fields(text[lang], parameters) for key, text in boards.words.items()}
    deployment = board.deployment
    # The deployment zones' names stay where they are: the items' labels are set around them.
    if deployment.depth and deployment.bottom_label and deployment.top_label:
        middle = SIDE - deployment.depth * UNIT / 2
        zones = [(_fill_fields(deployment.bottom_label[lang], parameters), middle + 3, 9.0),
                 (_fill_fields(deployment.top_label[lang], parameters), 7.6, 7.0)]
    else:
        zones = [(words["you"], SIDE - 2.4, 7.0), (words["opponent"], 7.6, 7.0)]
    bounds = Box(0, 0, SIDE, SIDE)
    fixed = [set_lines((zone,), SIDE / 2, y, "middle", size, True, fonts) for zone, y, size in zones]
    for zone in fixed:
        if not zone.box.within(bounds):
            raise ContentError(board.location, f"board {board.id}: the {lang} deployment zone name "
                                               f"{zone.words!r} is wider than the board: shorten it")
    drawn = [(item.draw, *_item(item, lang, parameters)) for item in board.items]
    labels = iter(place_labels([label for _, _, label in drawn if label is not None], fixed, fonts, bounds, lang))
    return fixed, [(kind, drawing, next(labels) if label is not None else None) for kind, drawing, label in drawn]


def draw_board(board: Board, boards: Boards, lang: str, parameters: Parameters, fonts_dir: Path) -> str:
    """``board`` as an inline SVG in ``lang``: the 24" board at 10 units to the inch, with its legend.

    Its words are measured in the fonts of ``fonts_dir`` (the project's
    ``templates/fonts``); words that cannot be set clear of each other and
    within the board raise :class:`ContentError` at their line.
    """
    fonts = Fonts(fonts_dir)
    words = {key: _fill_fields(text[lang], parameters) for key, text in boards.words.items()}
    description = _fill_fields(board.description[lang], parameters)
    name = description.split(":", 1)[0]
    legend, legend_bottom = _legend(board, boards, lang, parameters, fonts)
    # The view stays square (the page sets it at the text's width): a deeper legend widens it as much.
    grow = max(0.0, legend_bottom + 1 - (VIEW[1] + VIEW[3]))
    view = (VIEW[0] - grow / 2, VIEW[1], VIEW[2] + grow, VIEW[3] + grow)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{" ".join(map(_n, view))}" width="100%" '
           f'role="img" aria-label="{html.escape(description)}" font-family="SW Sans" font-size="8" '
           f'text-anchor="middle">',
           f'<title>{html.escape(name)}: {html.escape(words["board"])}</title>',
           f'<rect x="0" y="0" width="{SIDE}" height="{SIDE}" fill="#fff"/>']
    deployment = board.deployment
    if deployment.depth:
        depth = deployment.depth * UNIT
        out.append(f'<rect x="0" y="{_n(SIDE - depth)}" width="{SIDE}" height="{_n(depth)}" fill="{DEEP}"/>')
    else:
        out.append(f'<rect x="0" y="{SIDE - STRIP}" width="{SIDE}" height="{STRIP}" fill="{DEPLOY}"/>')
    out.append(f'<rect x="0" y="0" width="{SIDE}" height="{STRIP}" fill="{DEPLOY}"/>')
    for at in range(GRID, SIDE, GRID):
        out.append(f'<line x1="{at}" y1="0" x2="{at}" y2="{SIDE}" stroke="{GRID_GREY}" stroke-width="0.8" '
                   f'class="grid"/>')
        out.append(f'<line x1="0" y1="{at}" x2="{SIDE}" y2="{at}" stroke="{GRID_GREY}" stroke-width="0.8" '
                   f'class="grid"/>')
    # Set in every language before the terrain is drawn: it keeps clear of the words of each, so the
    # drawing is the same in all of them.
    sets = {language: _set_labels(board, boards, language, parameters, fonts) for language in board.description.values}
    fixed, drawn = sets[lang]
    for piece in _clear_terrain(board, boards, [label.box for _, items in sets.values()
                                                 for _, _, label in items if label is not None]):
        out.append(f'<rect x="{_n(piece.x * UNIT)}" y="{_n(piece.y * UNIT)}" width="{_n(piece.width * UNIT)}" '
                   f'height="{_n(piece.height * UNIT)}" fill="{TERRAIN}" stroke="{TERRAIN_EDGE}" '
                   f'stroke-width="0.8" class="terrain"/>')
    for zone in fixed:
        out.append(_set(zone))
    for kind, drawing, label in drawn:
        # Grouped and named by what it is, so a reader of the file (and a test) can tell the items apart.
        out.append(f'<g class="item {kind}">{drawing}{_set(label) if label is not None else ""}</g>')
    out.append(f'<rect x="0" y="0" width="{SIDE}" height="{SIDE}" fill="none" stroke="#000" stroke-width="2"/>')
    out.append(_edges(board, boards, lang, parameters, fonts, view[2]))
    out.append(legend)
    out.append("</svg>")
    return "\n".join(out)
