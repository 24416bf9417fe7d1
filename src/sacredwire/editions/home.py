"""The home edition: what a home printer can print and a player can fold or cut.

A booklet goes 2-up on landscape A4 (or US Letter, scaled to fit) in
saddle-stitch order, for duplex printing flipped on the short edge; each
page is placed from its TrimBox, the bleed cut away. The cards go 3 x 3 on
portrait sheets, fronts and mirrored backs alternating for duplex printing
flipped on the long edge, with cut marks outside the grid. Each file tells the
print dialog to print at 100 % and which edge to flip on.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath

import pikepdf
from pikepdf import Name

from ..artifact import Artifact
from . import _pdf
from ._inks import black_ink_greys
from ._links import link_other_volumes
from .base import MM, SHEETS_FILE, EditionError, EditionSettings, LaidOutDocument, Paper, edition, file_name
from .screen import prepare_for_reading

# Portrait sheet sizes in points.
PAPERS: dict[str, tuple[float, float]] = {"a4": (210 * MM, 297 * MM), "letter": (8.5 * 72, 11 * 72)}
CUT_MARK_WIDTH_PT = 0.3
CUT_MARK_GAP_MM = 1.0
CUT_MARK_LENGTH_MM = 5.0
# Less room than this outside the card grid leaves no place for a visible cut mark.
CUT_MARK_MIN_MM = 2.0


COLUMNS, ROWS = 3, 3


@dataclass(frozen=True)
class Side:
    """One printed side of a card sheet: a card index per slot, row by row."""

    back: bool
    slots: tuple[int | None, ...]


def printing(document: pikepdf.Pdf) -> dict[str, Name]:
    """What the print dialog is told: print at 100 %, and how a sheet is turned over for its back.

    A scaled card or page no longer meets its cut marks or folds. Every home
    file is turned over as a reader turns a page, about the page's left edge:
    a landscape side (the 2-up booklet sheets) turns on the sheet's short
    edge, a portrait one (the card sheets, whose backs are mirrored for it)
    on its long edge. A single page is printed on one side.
    """
    first = document.pages[0].obj
    width, height = _pdf.size(_pdf.box(first, "/MediaBox"))
    rotated = int(first.get("/Rotate", 0)) % 180 == 90
    landscape = (width > height) != rotated
    if len(document.pages) == 1:
        duplex = Name.Simplex
    else:
        duplex = Name.DuplexFlipShortEdge if landscape else Name.DuplexFlipLongEdge
    return {"PrintScaling": Name("/None"), "Duplex": duplex}


def impose(count: int, columns: int = COLUMNS, rows: int = ROWS) -> list[Side]:
    """Sides in printing order: each sheet's front, then its back.

    Slots are numbered row by row from the top left. Flipped on its long
    edge, a sheet's right column lands behind its left one, so each back
    side lists its front's rows in reverse column order.

    >>> [(side.back, side.slots) for side in impose(11)]  # doctest: +NORMALIZE_WHITESPACE
    [(False, (0, 1, 2, 3, 4, 5, 6, 7, 8)), (True, (2, 1, 0, 5, 4, 3, 8, 7, 6)),
     (False, (9, 10, None, None, None, None, None, None, None)),
     (True, (None, 10, 9, None, None, None, None, None, None))]
    """
    per_sheet = columns * rows
    sides: list[Side] = []
    for first in range(0, count, per_sheet):
        front = tuple(index if index < count else None for index in range(first, first + per_sheet))
        back = tuple(slot for row in range(rows)
                     for slot in reversed(front[row * columns:(row + 1) * columns]))
        sides += [Side(back=False, slots=front), Side(back=True, slots=back)]
    return sides


def saddle_stitch_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) booklet page numbers on each printed side, sheet by sheet, front then back.

    Printed duplex and flipped on the short edge, the stacked sheets fold into
    pages 1 ... n in order.

    >>> saddle_stitch_order(8)
    [(8, 1), (2, 7), (6, 3), (4, 5)]
    >>> saddle_stitch_order(12)[:4]
    [(12, 1), (2, 11), (10, 3), (4, 9)]
    """
    if pages % 4 or pages <= 0:
        raise ValueError(f"a saddle-stitched booklet has a multiple of 4 pages, not {pages}")
    return [(pages - side, side + 1) if side % 2 == 0 else (side + 1, pages - side) for side in range(pages // 2)]


def _placement(trim: _pdf.Box, area: _pdf.Box, against: float = 0.5) -> str:
    """The ``cm`` operator that puts a trim box in ``area``, shrunk (never enlarged) to fit.

    ``against`` places it across: 0.5 centred, 1.0 against the area's right
    edge, 0.0 against its left (a booklet's pages meet at the fold).
    """
    width, height = _pdf.size(trim)
    area_width, area_height = _pdf.size(area)
    scale = min(1.0, area_width / width, area_height / height)
    x = area[0] + (area_width - width * scale) * against - trim[0] * scale
    y = area[1] + (area_height - height * scale) / 2 - trim[1] * scale
    return f"{_pdf.number(scale)} 0 0 {_pdf.number(scale)} {_pdf.number(x)} {_pdf.number(y)} cm"


def booklet_sheets(pdf: bytes, title: str, language: str, paper: Paper, what: str, margin_mm: float = 0.0) -> bytes:
    """The booklet 2-up on landscape sheets in saddle-stitch order; n pages make n/2 sides.

    The pages shrink to stay ``margin_mm`` inside the sheet's edges, which a
    home printer leaves unprinted, and meet at the fold.
    """
    source = _pdf.read(pdf, what)
    pages = _pdf.pages(source)
    count = len(pages)
    if count % 4:
        raise EditionError(f"{what}: {count} pages; a saddle-stitched booklet needs a multiple of 4")
    height, width = PAPERS[paper]
    document = pikepdf.new()
    _pdf.copy_info(document, source)
    placed: _pdf.PlacedForms = {}
    for left_page, right_page in saddle_stitch_order(count):
        side = _pdf.blank_page(document, width, height)
        resources = _pdf.resource_dict(side, "/XObject")
        lines = []
        edge = margin_mm * MM
        halves = ((left_page, (edge, edge, width / 2, height - edge), 1.0),
                  (right_page, (width / 2, edge, width - edge, height - edge), 0.0))
        for number, area, against in halves:
            page = pages[number - 1]
            trim = _pdf.trim_of(page, number, what)
            resources[f"/P{number}"] = _pdf.form_from_page(document, source, page, trim, placed)
            lines.append(f"q {_placement(trim, area, against)} /P{number} Do Q")
        _pdf.replace_content(document, side, _pdf.operators(lines))
    black_ink_greys(document, what)
    prepare_for_reading(document, title, language, **printing(document))
    return _pdf.written(document, _pdf.FULL_PDF_VERSION)


def card_slots(card: _pdf.Box, paper: Paper, gutter: float) -> list[_pdf.Box]:
    """The nine card positions (trim boxes) on a portrait sheet, row by row from the top left."""
    sheet_width, sheet_height = PAPERS[paper]
    card_width, card_height = _pdf.size(card)
    left = (sheet_width - (COLUMNS * card_width + (COLUMNS - 1) * gutter)) / 2
    top = (sheet_height + ROWS * card_height + (ROWS - 1) * gutter) / 2
    slots = []
    for row in range(ROWS):
        row_top = top - row * (card_height + gutter)
        for column in range(COLUMNS):
            x = left + column * (card_width + gutter)
            slots.append((x, row_top - card_height, x + card_width, row_top))
    return slots


def cut_marks(slots: list[_pdf.Box], paper: Paper, what: str) -> list[str]:
    """Short lines outside the card grid, in line with every card edge."""
    sheet_width, sheet_height = PAPERS[paper]
    left, bottom = min(slot[0] for slot in slots), min(slot[1] for slot in slots)
    right, top = max(slot[2] for slot in slots), max(slot[3] for slot in slots)
    room = min(left, bottom, sheet_width - right, sheet_height - top)
    gap = CUT_MARK_GAP_MM * MM
    length = min(CUT_MARK_LENGTH_MM * MM, room - 2 * gap)
    if length < CUT_MARK_MIN_MM * MM:
        raise EditionError(f"{what}: the card grid leaves {room / MM:.1f} mm of paper around it, too little "
                           f"for cut marks; use a smaller gutter or larger paper")
    xs = sorted({slot[0] for slot in slots} | {slot[2] for slot in slots})
    ys = sorted({slot[1] for slot in slots} | {slot[3] for slot in slots})
    lines = [f"q {_pdf.number(CUT_MARK_WIDTH_PT)} w 0 G"]
    for x in xs:
        for y0, y1 in ((bottom - gap, bottom - gap - length), (top + gap, top + gap + length)):
            lines.append(f"{_pdf.number(x)} {_pdf.number(y0)} m {_pdf.number(x)} {_pdf.number(y1)} l S")
    for y in ys:
        for x0, x1 in ((left - gap, left - gap - length), (right + gap, right + gap + length)):
            lines.append(f"{_pdf.number(x0)} {_pdf.number(y)} m {_pdf.number(x1)} {_pdf.number(y)} l S")
    lines.append("Q")
    return lines


def card_sheets(pdf: bytes, title: str, language: str, paper: Paper, gutter_mm: float, what: str) -> bytes:
    """Print-and-play sheets from the single cards (front, back, front, back ... one page each)."""
    source = _pdf.read(pdf, what)
    pages = _pdf.pages(source)
    if len(pages) % 2:
        raise EditionError(f"{what}: {len(pages)} card pages; every card has a front and a back")
    trims = [_pdf.trim_of(page, number, what) for number, page in enumerate(pages, start=1)]
    if len({tuple(round(value, 2) for value in _pdf.size(trim)) for trim in trims}) > 1:
        raise EditionError(f"{what}: the cards do not all have the same trim size")
    slots = card_slots(trims[0], paper, gutter_mm * MM)
    marks = cut_marks(slots, paper, what)
    width, height = PAPERS[paper]
    document = pikepdf.new()
    _pdf.copy_info(document, source)
    placed: _pdf.PlacedForms = {}
    for side in impose(len(pages) // 2):
        sheet = _pdf.blank_page(document, width, height)
        resources = _pdf.resource_dict(sheet, "/XObject")
        lines = []
        for slot, card in zip(slots, side.slots):
            if card is None:
                continue
            index = 2 * card + int(side.back)
            name = f"/C{index + 1}"
            resources[name] = _pdf.form_from_page(document, source, pages[index], trims[index], placed)
            lines.append(f"q {_placement(trims[index], slot)} {name} Do Q")
        _pdf.replace_content(document, sheet, _pdf.operators(lines + marks))
    black_ink_greys(document, what)
    prepare_for_reading(document, title, language, **printing(document))
    return _pdf.written(document, _pdf.FULL_PDF_VERSION)


@edition("home", "Home printing: booklets 2-up for folding, print-and-play card sheets, the quick reference",
         ("booklet", "cards", "quick-reference"))
def finish_home(document: LaidOutDocument, settings: EditionSettings) -> list[Artifact]:
    """The imposed booklet, the card sheets, or the quick reference as laid out."""
    language = settings.screen_language(document.lang)
    what = f"{document.lang}/home/{document.name}"
    if document.kind == "booklet":
        data = booklet_sheets(document.pdf, document.title, language, settings.paper, what, settings.home_margin_mm)
        return [Artifact(PurePosixPath(file_name(document.name)), data)]
    if document.kind == "cards":
        data = card_sheets(document.pdf, document.title, language, settings.paper, settings.card_gutter_mm, what)
        return [Artifact(PurePosixPath(SHEETS_FILE), data)]
    quick_reference = _pdf.read(document.pdf, what)
    black_ink_greys(quick_reference, what)
    link_other_volumes(quick_reference)
    prepare_for_reading(quick_reference, document.title, language, **printing(quick_reference))
    return [Artifact(PurePosixPath(file_name(document.name)), _pdf.written(quick_reference, _pdf.FULL_PDF_VERSION))]
