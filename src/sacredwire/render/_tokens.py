"""Token and template sheets: the pieces the rules put on the table, to cut out at their size in play.

A booklet named under ``booklets.tokens`` in ``content/outputs.yaml`` gives
one of its closing pages to a sheet. Every size comes from the rules: a token
is ``C1.8 marker_size`` across; a template is the radius of the rule that
uses it (``C4.15 blast``, ``C5.1 area_radius``); the counts are the rules' own
(squads and models for Activation Tokens, ``C1.8 loot_markers_max``) or, for
mission markers, as many as the busiest board draws. The sheet is one SVG
sized in inches, so what prints is what the rules measure.
"""

from __future__ import annotations

import html
import math
import textwrap
from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup

from ..board_svg import marker_symbol
from ..model import Rulebook

# Columns of tokens the booklet's text area (A5: 119 mm, templates/booklet/booklet.css) holds at 1".
COLUMNS = 4
# Between two pieces, for the scissors: a share of a token's diameter.
GAP = 0.02
TOKEN_FILL = "#d2d2d2"
DARK_FILL = "#4d4d4d"
TEMPLATE_FILL = "#ebebeb"
# Drawing units per inch inside the sheet.
UNITS = 100


@dataclass(frozen=True)
class Token:
    """One round token: its words, the symbol drawn on it, and whether it is printed dark."""

    label: str
    symbol: str = ""
    dark: bool = False


@dataclass(frozen=True)
class Template:
    """A quarter of a round area template: its radius in inches and its name."""

    radius: int
    label: str
    how: str = ""


@dataclass(frozen=True)
class Sheet:
    """What a booklet's sheet holds, and the pieces' size."""

    title: str
    note: str
    tokens: tuple[Token, ...]
    templates: tuple[Template, ...]
    diameter: int


def _value(rulebook: Rulebook, section: str, name: str) -> int:
    value = rulebook.parameter(section, name).value
    if not isinstance(value, int):
        raise ValueError(f"rule parameter {section} {name} is {value!r}, not a number")
    return value


def _core_sheet(rulebook: Rulebook, lang: str, _: Callable[..., str]) -> Sheet:
    """Activation Tokens for both squads, the Loot Markers, and the blast and area templates."""
    squads = _value(rulebook, "C4.1", "squads")
    models = _value(rulebook, "C2", "squad_size") * _value(rulebook, "C4.1", "tokens_per_model")
    tokens = [Token(str(model), "", dark=squad == 1) for squad in range(squads) for model in range(1, models + 1)]
    loot = _value(rulebook, "C1.8", "loot_markers_max")
    tokens += [Token(_("Loot"), "loot") for _loot in range(loot)]
    radii: dict[int, list[str]] = {}
    radii.setdefault(_value(rulebook, "C4.15", "blast"), []).append(_("Blast"))
    radii.setdefault(_value(rulebook, "C5.1", "area_radius"), []).append(_("Area (Triple)"))
    how = _("A quarter template: put its corner on the point and turn it about the corner.")
    templates = tuple(Template(radius, " · ".join(names) + f" {radius}\u2033", how) for radius, names in radii.items())
    # The sheet fills the page: what to do with the pieces is printed on the template itself.
    return Sheet(_("Tokens and Templates"), "", tuple(tokens), templates, _value(rulebook, "C1.8", "marker_size"))


def _mission_sheet(rulebook: Rulebook, lang: str, _: Callable[..., str]) -> Sheet:
    """Every mission marker, as many of each as the busiest board draws."""
    boards = rulebook.boards
    tokens: list[Token] = []
    if boards is not None:
        for kind, count in boards.marker_counts().items():
            tokens += [Token(boards.markers[kind][lang], kind)] * count
    return Sheet(_("Mission Markers"),
                 _("As many of each marker as a mission's board shows. Mission markers are not Loot Markers."),
                 tuple(tokens), (), _value(rulebook, "C1.8", "marker_size"))


# The sheet each booklet's closing pages can hold.
SHEETS: dict[str, Callable[[Rulebook, str, Callable[..., str]], Sheet]] = {
    "core-rules": _core_sheet,
    "missions": _mission_sheet,
}


def _loot(x: float, y: float) -> str:
    """A Loot Marker's crate, centred on (x, y)."""
    return (f'<rect x="{x - 9:g}" y="{y - 7:g}" width="18" height="14" fill="#fff" stroke="#000" stroke-width="2"/>'
            f'<path d="M{x - 9:g} {y - 2:g}H{x + 9:g}M{x:g} {y - 7:g}V{y + 7:g}" stroke="#000" stroke-width="1.5"/>')


def _token(token: Token, cx: float, cy: float, radius: float) -> str:
    fill, ink = (DARK_FILL, "#fff") if token.dark else (TOKEN_FILL, "#000")
    out = [f'<circle cx="{cx:g}" cy="{cy:g}" r="{radius:g}" fill="{fill}" class="token"/>']
    if token.symbol:
        symbol = _loot(0, 0) if token.symbol == "loot" else marker_symbol(token.symbol, 0, 0)
        out.append(f'<g transform="translate({cx:g} {cy - radius * 0.18:g}) scale(1.9)">{symbol}</g>')
        size, y = 11, cy + radius * 0.62
    else:
        size, y = 34, cy + 12
    out.append(f'<text x="{cx:g}" y="{y:g}" font-size="{size}" fill="{ink}" font-weight="700" '
               f'text-anchor="middle">{html.escape(token.label, quote=False)}</text>')
    return "".join(out)


def _template(template: Template, x: float, y: float) -> str:
    """A quarter disc of the template's radius, its corner at (x, y), a ring at every inch."""
    radius = template.radius * UNITS
    rings = "".join(f'<path d="M{x + r:g} {y:g}A{r:g} {r:g} 0 0 1 {x:g} {y + r:g}" fill="none" stroke="#8c8c8c" '
                    f'stroke-width="1.5" stroke-dasharray="6 4"/>' for r in range(UNITS, radius, UNITS))
    how = "".join(f'<text x="{x + 16:g}" y="{y + 52 + 14 * k:g}" font-size="11" fill="#000">'
                  f'{html.escape(line, quote=False)}</text>' for k, line in enumerate(textwrap.wrap(template.how, 34)))
    return (f'<path d="M{x:g} {y:g}H{x + radius:g}A{radius:g} {radius:g} 0 0 1 {x:g} {y + radius:g}Z" '
            f'fill="{TEMPLATE_FILL}" class="template"/>{rings}'
            f'<circle cx="{x + 6:g}" cy="{y + 6:g}" r="5" fill="#000"/>'
            f'<text x="{x + 16:g}" y="{y + 34:g}" font-size="15" font-weight="700" fill="#000">'
            f'{html.escape(template.label, quote=False)}</text>{how}')


def sheet_svg(sheet: Sheet) -> Markup:
    """The sheet as one SVG sized in inches: templates first, at the top left, then the tokens in rows."""
    cell = sheet.diameter * (1 + GAP)
    taken: set[tuple[int, int]] = set()
    out: list[str] = []
    column = 0
    for template in sheet.templates:
        span = math.ceil(template.radius / cell - 1e-9)
        out.append(_template(template, column * cell * UNITS, 0))
        taken |= {(row, column + k) for row in range(span) for k in range(span)}
        column += span
    cells = ((row, col) for row in range(1000) for col in range(COLUMNS) if (row, col) not in taken)
    rows = max((row + 1 for row, _ in taken), default=0)
    for token, (row, col) in zip(sheet.tokens, cells):
        centre = cell * UNITS / 2
        out.append(_token(token, col * cell * UNITS + centre, row * cell * UNITS + centre,
                          sheet.diameter * UNITS / 2))
        rows = max(rows, row + 1)
    width, height = COLUMNS * cell, rows * cell
    return Markup(f'<svg xmlns="http://www.w3.org/2000/svg" class="token-sheet" width="{width:g}in" '
                  f'height="{height:g}in" viewBox="0 0 {width * UNITS:g} {height * UNITS:g}" '
                  f'font-family="SW Sans" role="img" aria-label="{html.escape(sheet.title)}">'
                  + "".join(out) + "</svg>")
