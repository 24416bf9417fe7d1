"""Table checks: dice covered exactly, complete rows, both languages, known terms."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..diagnostics import Diagnostic, Severity
from ..model import Cell, Row, Rulebook, Table, Text
from ..runs import runs
from ..suggest import did_you_mean
from . import check

# ASCII digits only: int() would read "٦" as 6, the printed table would not.
_DIE = re.compile(r"(?P<count>\d*)d(?P<sides>\d+)", re.ASCII)
_ROLL = re.compile(r"(?P<low>\d{1,3})(?:(?P<open>\+)|-(?P<high>\d{1,3}))?", re.ASCII)
_DICE = re.compile(r"(?:(?:[1-9]\d?)?d(?:4|6|8|10|12|20)(?:[+-]\d{1,2})?|\d{1,2})", re.ASCII)
# No roll of the game goes beyond a d100 (percentile tables); a range past it is a typo.
MAX_TOTAL = 100


def die_range(die: str) -> tuple[int, int]:
    """Lowest and highest total of a die.

    >>> die_range("d8"), die_range("2d6")
    ((1, 8), (2, 12))
    """
    match = _DIE.fullmatch(die)
    assert match is not None  # the loader accepts only dice of this form
    count = int(match["count"] or 1)
    return count, count * int(match["sides"])


def roll_faces(cell: Cell, top: int | None) -> range | None:
    """The totals a roll cell covers, an open top ending at ``top``; None if malformed.

    >>> roll_faces(3, 6), roll_faces("1-4", 6), roll_faces("5+", 6), roll_faces("4-1", 6)
    (range(3, 4), range(1, 5), range(5, 7), None)
    """
    match = _ROLL.fullmatch(str(cell).strip())
    if not match or int(match["low"]) > MAX_TOTAL or int(match["high"] or 0) > MAX_TOTAL:
        return None
    low = int(match["low"])
    if match["open"]:
        return range(low, (top if top is not None else low) + 1)
    high = int(match["high"] or low)
    return range(low, high + 1) if low <= high else None


def _spans(faces: list[int]) -> str:
    """Faces as compact spans.

    >>> _spans([1, 2, 3, 7])
    '1-3, 7'
    """
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs(faces))


def _roll_column(table: Table) -> str | None:
    return next((column.key for column in table.columns if column.kind == "roll"), None)


@check("tables")
def malformed_roll(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for table in rulebook.tables.values():
        column = _roll_column(table)
        if column is None:
            if table.die:
                yield Diagnostic("TBL005", Severity.ERROR, table.location,
                                 f"table {table.id} is rolled on {table.die} but has no roll column",
                                 "add a column of kind roll, or remove 'die'")
            continue
        for row in table.rows:
            if column not in row.cells:
                continue  # missing_cell reports it
            cell = row.cells[column]
            if (cell is None and not table.die) or (cell is not None and roll_faces(cell, None) is not None):
                continue
            what = "no roll" if cell is None else f"roll {cell!r} is not a face, a range or an open top"
            yield Diagnostic("TBL004", Severity.ERROR, row.location,
                             f"table {table.id}, row {row.key}: {what}",
                             "write 3, \"1-4\" or \"6+\" (a plain hyphen, low before high)")


@check("tables")
def die_coverage(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """Every total of the die is on exactly one row."""
    for table in rulebook.tables.values():
        column = _roll_column(table)
        if not table.die or column is None:
            continue
        low, high = die_range(table.die)
        rolls = [(row, roll_faces(row.cells.get(column), high)) for row in table.rows
                 if row.cells.get(column) is not None]
        if len(rolls) < len(table.rows) or any(faces is None for _, faces in rolls):
            continue  # malformed_roll reports the rows; the coverage is unknown until they are fixed
        owner: dict[int, Row] = {}
        for row, faces in rolls:
            assert faces is not None  # (rows with malformed rolls were left out above)
            outside = [face for face in faces if not low <= face <= high]
            if outside:
                yield Diagnostic("TBL003", Severity.ERROR, row.location,
                                 f"table {table.id}, row {row.key}: {table.die} cannot roll {_spans(outside)}",
                                 f"{table.die} rolls {low} to {high}")
            taken = sorted({owner[face].key for face in faces if face in owner})
            if taken:
                twice = [face for face in faces if face in owner]
                yield Diagnostic("TBL002", Severity.ERROR, row.location,
                                 f"table {table.id}, row {row.key}: {_spans(twice)} already on row "
                                 f"{', '.join(taken)}",
                                 "each total of the die belongs to one row")
            for face in faces:
                owner.setdefault(face, row)
        missing = [face for face in range(low, high + 1) if face not in owner]
        if missing:
            yield Diagnostic("TBL001", Severity.ERROR, table.location,
                             f"table {table.id} ({table.die}) has no row for {_spans(missing)}",
                             f"the rows must cover {low} to {high} once; use ranges like \"1-4\" or \"6+\"")


@check("tables")
def missing_cell(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for table in rulebook.tables.values():
        for row in table.rows:
            for column in table.columns:
                if column.key not in row.cells:
                    yield Diagnostic("TBL006", Severity.ERROR, row.location,
                                     f"table {table.id}, row {row.key} has no {column.key!r} cell",
                                     f"add '{column.key}: ...' (null prints a dash)")


def _texts(table: Table) -> Iterator[tuple[str, Text, Row | None]]:
    """Every localized text of a table: (what, text, row or None for the table itself)."""
    yield "title", table.title, None
    if table.note is not None:
        yield "note", table.note, None
    for column in table.columns:
        yield f"title of column {column.key!r}", column.title, None
    text_columns = [column.key for column in table.columns if column.kind == "text"]
    for row in table.rows:
        for key in text_columns:
            cell = row.cells.get(key)
            if isinstance(cell, Text):
                yield f"row {row.key}, cell {key!r}", cell, row


@check("tables")
def missing_language(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for table in rulebook.tables.values():
        for what, text, row in _texts(table):
            missing = [lang for lang in rulebook.meta.languages if not (text.get(lang) or "").strip()]
            if missing:
                yield Diagnostic("TBL007", Severity.ERROR, (row or table).location,
                                 f"table {table.id}, {what} has no {', '.join(missing)} text",
                                 f"write it as {{{', '.join(f'{lang}: ...' for lang in rulebook.meta.languages)}}}")


@check("tables")
def unknown_term(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for table in rulebook.tables.values():
        columns = [column.key for column in table.columns if column.kind == "term"]
        for row in table.rows:
            for key in columns:
                cell = row.cells.get(key)
                if cell is not None and cell not in rulebook.glossary:
                    yield Diagnostic("TBL008", Severity.ERROR, row.location,
                                     f"table {table.id}, row {row.key}: {cell!r} is not a glossary term"
                                     f"{did_you_mean(cell, rulebook.glossary)}",
                                     "use a key from content/glossary.yaml, or add the term there")


@check("tables")
def malformed_dice(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for table in rulebook.tables.values():
        columns = [column.key for column in table.columns if column.kind == "dice"]
        for row in table.rows:
            for key in columns:
                cell = row.cells.get(key)
                if cell is not None and not _DICE.fullmatch(str(cell)):  # dice cells are strings
                    yield Diagnostic("TBL009", Severity.ERROR, row.location,
                                     f"table {table.id}, row {row.key}: {cell!r} is not dice",
                                     "write dice of d4, d6, d8, d10, d12 or d20 with an optional count (up to "
                                     "99) and bonus, e.g. d6, 2d8, d4+1, or a flat number such as 1")


@check("tables")
def table_placed_twice(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """A table printed twice in one booklet would define its anchor twice (and say the same twice)."""
    for booklet in rulebook.booklets.values():
        first: dict = {}
        for section in booklet.all_sections():
            for placement in section.tables:
                if placement.in_summary:
                    continue  # summaries print in the quick reference, not the booklet
                if placement.table in first:
                    yield Diagnostic("TBL010", Severity.ERROR, placement.location,
                                     f"table {placement.table} is placed twice in this booklet "
                                     f"(first at {first[placement.table]})",
                                     "place each table once; refer to its section elsewhere")
                else:
                    first[placement.table] = placement.location
