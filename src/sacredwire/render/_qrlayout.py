"""``content/quick-reference.yaml``: which summaries and tables go on which page.

The file only points at rule sections and tables; every word and number the
quick reference prints comes from them, so it cannot drift from the booklets.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import ContentError, Location
from ..ids import RuleId, TableId
from ..languages import known_codes
from ..load import Fields, read_yaml
from ..model import Text

LAYOUT_FILE = "content/quick-reference.yaml"

# Two to four A4 sides: one or two duplex sheets.
MIN_PAGES, MAX_PAGES = 2, 4
MIN_COLUMNS, MAX_COLUMNS = 2, 5
# The size of a page's running text, in points. Tables and rule-ID labels are
# set smaller in proportion (templates/quickref/quickref.css): at the default
# they are at 7.5 pt, so a page may only be typed larger, to fill its columns
# to the foot. A page that does not fit its side in some language is set
# smaller by the layout, down to where its smallest text reaches the file's
# ``smallest_type``.
DEFAULT_TYPE_PT, MAX_TYPE_PT = 8.8, 11.0
# The bounds of ``smallest_type``: at most what the default sets the tables at
# (a larger floor would refuse the default itself), and no lower than 6 pt,
# the smallest any print-legibility rule accepts.
SMALLEST_TYPE_RANGE = (6.0, 7.5)


@dataclass(frozen=True)
class Block:
    """A boxed group on a page: the summaries of ``sections``, then ``tables``."""

    title: Text | None
    sections: tuple[RuleId, ...]
    tables: tuple[TableId, ...]
    location: Location


@dataclass(frozen=True)
class Page:
    """One printed side, flowed into ``columns`` columns."""

    title: Text | None
    columns: int
    blocks: tuple[Block, ...]
    location: Location
    # Points by language code; a language not listed has the default.
    type_pt: tuple[tuple[str, float], ...] = ()

    def type_size(self, lang: str) -> float:
        """The size of this page's running text in ``lang``, in points."""
        return dict(self.type_pt).get(lang, DEFAULT_TYPE_PT)


@dataclass(frozen=True)
class QuickRefLayout:
    pages: tuple[Page, ...]
    # The smallest size, in points, any text may be set at when a page is set
    # smaller than its ``type`` to fit its side.
    smallest_type: float
    location: Location


def _ids(fields: Fields, key: str, parse) -> tuple:
    values = fields.get(key, list, [])
    try:
        return tuple(parse(str(value)) for value in values)
    except ValueError as exc:
        raise fields.error(f"{key} of {fields.what}: {exc}") from None


def _block(raw: object, number: str) -> Block:
    fields = Fields(raw, LAYOUT_FILE, f"block {number}").only("title", "sections", "tables")
    block = Block(title=fields.text("title", required=False), sections=_ids(fields, "sections", RuleId.parse),
                  tables=_ids(fields, "tables", TableId.parse), location=fields.location)
    if not block.sections and not block.tables:
        raise fields.error(f"block {number} lists no sections and no tables")
    return block


def _type_pt(fields: Fields, number: int) -> tuple[tuple[str, float], ...]:
    """``type: 9.4`` for every language, or ``type: {en: 9.4, es: 9.1}``."""
    value = fields.get("type", (int, float, dict), {})
    if not isinstance(value, dict):
        value = {lang: value for lang in known_codes()}
    sizes = []
    for lang, size in value.items():
        if lang not in known_codes():
            raise fields.error(f"page {number}: unknown language {lang!r} in type")
        if isinstance(size, bool) or not isinstance(size, (int, float)) \
                or not DEFAULT_TYPE_PT <= size <= MAX_TYPE_PT:
            raise fields.error(f"page {number}: type must be {DEFAULT_TYPE_PT} to {MAX_TYPE_PT} pt, not {size!r}")
        sizes.append((str(lang), float(size)))
    return tuple(sizes)


def _page(raw: object, number: int) -> Page:
    fields = Fields(raw, LAYOUT_FILE, f"page {number}").only("title", "columns", "type", "blocks")
    columns = fields.get("columns", int, 4)
    if not MIN_COLUMNS <= columns <= MAX_COLUMNS:
        raise fields.error(f"page {number}: columns must be {MIN_COLUMNS} to {MAX_COLUMNS}, not {columns}")
    blocks = tuple(_block(raw_block, f"{number}.{index}")
                   for index, raw_block in enumerate(fields.require("blocks", list), start=1))
    return Page(title=fields.text("title", required=False), columns=columns, blocks=blocks,
                location=fields.location, type_pt=_type_pt(fields, number))


def _no_repeats(pages: tuple[Page, ...]) -> None:
    # A rule printed twice would be two places to keep in step.
    seen: dict[RuleId | TableId, Location] = {}
    for page in pages:
        for block in page.blocks:
            listed_ids: tuple[RuleId | TableId, ...] = (*block.sections, *block.tables)
            for listed in listed_ids:
                if listed in seen:
                    raise ContentError(block.location, f"{listed} is listed twice (first at {seen[listed]})")
                seen[listed] = block.location


def read_layout(root: Path) -> QuickRefLayout:
    """Read and validate the layout file of the project at ``root``."""
    if not (root / LAYOUT_FILE).is_file():
        raise ContentError(Location(LAYOUT_FILE, 1), "no quick reference layout (see content/README.md)")
    fields = Fields(read_yaml(root / LAYOUT_FILE, LAYOUT_FILE), LAYOUT_FILE, "quick reference layout")
    raw_pages = fields.only("pages", "smallest_type").require("pages", list)
    if not MIN_PAGES <= len(raw_pages) <= MAX_PAGES:
        raise fields.error(f"the quick reference has {MIN_PAGES} to {MAX_PAGES} pages, not {len(raw_pages)}")
    pages = tuple(_page(raw, number) for number, raw in enumerate(raw_pages, start=1))
    _no_repeats(pages)
    return QuickRefLayout(pages, _smallest_type(fields), fields.location)


def _smallest_type(fields: Fields) -> float:
    """``smallest_type``: required, a number of points within :data:`SMALLEST_TYPE_RANGE`."""
    low, high = SMALLEST_TYPE_RANGE
    value = fields.get("smallest_type", required=True)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise fields.error(f"smallest_type must be {low} to {high} pt (the smallest text a page set smaller "
                           f"to fit may print), not {value!r}")
    return float(value)
