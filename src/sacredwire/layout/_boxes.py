"""Questions answered from WeasyPrint's laid-out boxes: type sizes, and text
that does not fit the box it was given.

Positions are CSS pixels (96 per inch) from the page's top left corner.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import weasyprint
from weasyprint.formatting_structure import boxes
from weasyprint.layout.absolute import AbsolutePlaceholder

from . import LayoutError

PX_PER_PT = 96 / 72
MM_PER_PX = 25.4 / 96
# Half a pixel: rounding, not overflow.
TOLERANCE_PX = 0.5


@dataclass(frozen=True)
class SmallText:
    page: int
    size_pt: float
    text: str


@dataclass(frozen=True)
class Spill:
    """Text reaching past the bottom or right edge of its ``data-fit`` region."""

    page: int
    owner: str
    region: str
    by_mm: float


def _laid_out(box: boxes.Box) -> boxes.Box:
    # An absolutely positioned box sits in the tree behind a placeholder.
    return box._box if isinstance(box, AbsolutePlaceholder) else box


def _descendants(box: boxes.Box) -> Iterator[boxes.Box]:
    """The box and everything inside it, absolutely positioned boxes included."""
    box = _laid_out(box)
    yield box
    for child in getattr(box, "children", ()):
        yield from _descendants(child)


def _page_box(page: weasyprint.Page) -> boxes.Box:
    # WeasyPrint exposes laid-out pages' boxes only as this attribute.
    return page._page_box


def _page_boxes(document: weasyprint.Document) -> Iterator[tuple[int, boxes.Box]]:
    for number, page in enumerate(document.pages, start=1):
        yield number, _page_box(page)


def _attribute(box: boxes.Box, name: str) -> str | None:
    element = getattr(box, "element", None)
    return None if element is None else element.get(name)


def smallest_text(document: weasyprint.Document) -> SmallText | None:
    """The smallest text set anywhere in the document."""
    smallest: SmallText | None = None
    for number, page_box in _page_boxes(document):
        for box in _descendants(page_box):
            if isinstance(box, boxes.TextBox) and box.text.strip():
                size = box.style["font_size"] / PX_PER_PT
                if smallest is None or size < smallest.size_pt - 1e-6:
                    smallest = SmallText(number, size, box.text.strip())
    return smallest


def filled(document: weasyprint.Document, number: int) -> float:
    """How far down page ``number`` (from 1) its text reaches, as a share of its content box's height.

    The foot of the lowest line or text outside the margin boxes (the running
    head and folio are not the page's content): 1.0 on a full page, more when
    text runs past the bottom margin.
    """
    page_box = _page_box(document.pages[number - 1])
    top = page_box.content_box_y()
    foot = top
    for child in page_box.children:
        if isinstance(child, boxes.MarginBox):
            continue
        for box in _descendants(child):
            if isinstance(box, (boxes.LineBox, boxes.TextBox)):
                foot = max(foot, box.position_y + box.height)
    return (foot - top) / page_box.height if page_box.height else 0.0


def _reach(region: boxes.Box) -> float:
    """How far past the region's content box its lines reach (px, at least 0)."""
    bottom = region.content_box_y() + region.height
    right = region.content_box_x() + region.width
    worst = 0.0
    for box in _descendants(region):
        if isinstance(box, boxes.LineBox):
            worst = max(worst, box.position_y + box.height - bottom)
        elif isinstance(box, boxes.TextBox):
            worst = max(worst, box.position_x + box.width - right)
    return worst


def spills(document: weasyprint.Document) -> list[Spill]:
    """Every ``data-fit`` region whose text does not fit it.

    A region is an element with ``data-fit="<region name>"``; the nearest
    enclosing ``data-owner`` attribute names what it belongs to (a card).
    """
    found: list[Spill] = []

    def walk(box: boxes.Box, number: int, owner: str) -> None:
        box = _laid_out(box)
        owner = _attribute(box, "data-owner") or owner
        region = _attribute(box, "data-fit")
        if region is not None and isinstance(box, boxes.ParentBox):
            reach = _reach(box)
            if reach > TOLERANCE_PX:
                found.append(Spill(number, owner, region, round(reach * MM_PER_PX, 1)))
            return
        for child in getattr(box, "children", ()):
            walk(child, number, owner)

    for number, page_box in _page_boxes(document):
        walk(page_box, number, "")
    return found


def overflowing_text(document: weasyprint.Document) -> list[str]:
    """Text that sticks out of its page's content area, as "p. N: 'text'" lines.

    WeasyPrint lets an unbreakable table or word run past the margin without a
    warning; on a printed page that text is cut at the trim, so it is an error.
    """
    return [f"p. {number}: {text[:40]!r}" for number, text in text_past_margins(document)]


def text_past_margins(document: weasyprint.Document, columns: bool = False) -> list[tuple[int, str]]:
    """:func:`overflowing_text` as (page number, text) pairs.

    With ``columns``, text inside a box set in columns must also stay inside
    its column: past it, it prints over the next one.
    """
    problems: list[tuple[int, str]] = []

    def walk(box: boxes.Box, number: int, left: float, right: float) -> None:
        box = _laid_out(box)
        if isinstance(box, boxes.TextBox) and (box.position_x < left or box.position_x + box.width > right):
            problems.append((number, box.text))
        split = columns and _in_columns(box)
        for child in getattr(box, "children", ()):
            walk(child, number, *_limits(child, split, left, right))

    for number, page_box in _page_boxes(document):
        left = page_box.content_box_x() - TOLERANCE_PX
        right = page_box.content_box_x() + page_box.width + TOLERANCE_PX
        for child in page_box.children:
            if not isinstance(child, boxes.MarginBox):
                walk(child, number, left, right)
    return problems


def _limits(child: boxes.Box, split: bool, left: float, right: float) -> tuple[float, float]:
    """The left and right limits text inside ``child`` keeps: its own column's when its parent is ``split``
    into columns, else its parent's."""
    if split and isinstance(child, boxes.BlockBox):
        return child.content_box_x() - TOLERANCE_PX, child.content_box_x() + child.width + TOLERANCE_PX
    return left, right


def _in_columns(box: boxes.Box) -> bool:
    """Whether ``box`` is set in columns: WeasyPrint lays it out as one child box per column."""
    return box.style["column_count"] != "auto" or box.style["column_width"] != "auto"


def require_type_size(document: weasyprint.Document, minimum_pt: float, what: str) -> None:
    """Fail when any text is set smaller than ``minimum_pt``: it would not read at the table."""
    small = smallest_text(document)
    if small is not None and small.size_pt < minimum_pt - 1e-6:
        raise LayoutError(f"{what}: text on page {small.page} is set at {small.size_pt:.2f} pt, below the "
                          f"{minimum_pt} pt minimum: {small.text[:40]!r}")



def too_wide_tables(document: weasyprint.Document) -> list:
    """The ``<table>`` elements whose text sticks out of their page's content area, each once.

    A table's columns are as wide as their longest word; a language with longer
    words can need more than the measure. Such a table is set again allowing
    its cells to break words (the ``tight`` class in the stylesheet): a last
    resort, which a table that fits never takes. In a box set in columns (the
    quick reference's pages) the measure is the table's column: text past it
    would print over the next column.
    """
    found: list = []

    def walk(box: boxes.Box, table, left: float, right: float) -> None:
        box = _laid_out(box)
        element = getattr(box, "element", None)
        if isinstance(box, boxes.TableBox) and element is not None and element.tag == "table":
            table = element
        if table is not None and isinstance(box, boxes.TextBox) \
                and (box.position_x < left or box.position_x + box.width > right):
            if not any(seen is table for seen in found):
                found.append(table)
            return
        split = _in_columns(box)
        for child in getattr(box, "children", ()):
            walk(child, table, *_limits(child, split, left, right))

    for _number, page_box in _page_boxes(document):
        left = page_box.content_box_x() - TOLERANCE_PX
        right = page_box.content_box_x() + page_box.width + TOLERANCE_PX
        for child in page_box.children:
            if not isinstance(child, boxes.MarginBox):
                walk(child, None, left, right)
    return found
