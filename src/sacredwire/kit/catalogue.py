"""What a squad file may name, read from the tables: each by its row key or its name in any language."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from ..diagnostics import ContentError
from ..engine_adapter import ARMOR_TABLES, WEAPON_TABLES
from ..model import Row, Rulebook, Table, Text
from ..rule_fields import table_words


class Kind(enum.Enum):
    """A list of a squad file and the tables its entries come from."""

    CONTRACT = ("contract", ("contract-types",))
    ARRAY = ("array", ("stat-arrays",))
    WEAPON = ("weapon", tuple(WEAPON_TABLES))
    ARMOR = ("armor", tuple(ARMOR_TABLES))
    CONSUMABLE = ("consumable", ("consumables",))
    GEAR = ("gear", ("gear",))
    IMPLANT = ("implant", ("cybernetics",))
    POWER = ("power", ("broadcast-powers",))
    INJURY = ("injury", ("injuries",))
    PROMOTION = ("promotion", ("promotion",))

    def __init__(self, noun: str, tables: tuple[str, ...]):
        self.noun = noun
        self.tables = tables


@dataclass(frozen=True)
class Entry:
    """A row a squad file named, with the table it comes from."""

    key: str
    table: Table
    row: Row

    def name(self, lang: str) -> str:
        """The row's name in ``lang`` (its key when the row has no name column)."""
        for column in ("name", "faction"):
            value = self.row.cells.get(column)
            if isinstance(value, Text):
                return translated(value, lang, self.table, self.row, column)
        return self.key

    def words(self, column: str, rulebook: Rulebook, lang: str) -> str:
        """The words of the row's cell ``column`` in ``lang`` as the kit prints them; "" for no words."""
        value = self.row.cells.get(column)
        return cell_words(value, rulebook, lang, self.table, self.row, column) if isinstance(value, Text) else ""


def translated(text: Text, lang: str, table: Table, row: Row | None = None, column: str | None = None) -> str:
    """A table's words in ``lang``: its title, the title of ``column``, or the cell ``column`` of ``row``.

    Never another language's words: words a language lacks are refused where the table gives them, as
    ``sw28 check`` reports them (TBL007) and a build stops on them.
    """
    words = text.get(lang)
    if words is None or not words.strip():
        if row is not None:
            where, what = row.location, f"row {row.key}, cell {column!r}"
        else:
            where, what = table.location, f"title of column {column!r}" if column else "title"
        raise ContentError(where, f"table {table.id}, {what} has no {lang} text")
    return words


def cell_words(text: Text, rulebook: Rulebook, lang: str, table: Table, row: Row | None = None,
               column: str | None = None) -> str:
    """A table's words in ``lang`` as the kit prints them (:func:`translated`, rule fields printed)."""
    translated(text, lang, table, row, column)
    return table_words(text, rulebook, lang)


class Catalogue:
    """Every row a squad file may name, by kind, found by key or by any language's name."""

    def __init__(self, rulebook: Rulebook):
        self._by_name: dict[Kind, dict[str, Entry]] = {}
        self.entries: dict[Kind, dict[str, Entry]] = {}
        for kind in Kind:
            names: dict[str, Entry] = {}
            keyed: dict[str, Entry] = {}
            for table_id in kind.tables:
                table = next(table for key, table in rulebook.tables.items() if str(key) == table_id)
                for row in table.rows:
                    entry = Entry(row.key, table, row)
                    keyed[row.key] = entry
                    names[_fold(row.key)] = entry
                    name = row.cells.get("name")
                    if isinstance(name, Text):
                        for words in name.values.values():
                            names.setdefault(_fold(words), entry)
            self._by_name[kind] = names
            self.entries[kind] = keyed

    def find(self, kind: Kind, written: str) -> Entry | None:
        """The row ``written`` names (a key, or a name in English or Spanish, any case), or None."""
        return self._by_name[kind].get(_fold(written))

    def kind_of(self, written: str) -> Kind | None:
        """The first kind that knows ``written``: to say "a Carbine is a weapon" when it sits in gear."""
        for kind in Kind:
            if self.find(kind, written) is not None:
                return kind
        return None

    def names(self, kind: Kind, lang: str) -> Mapping[str, str]:
        """Row key -> name in ``lang``, for every row of ``kind``."""
        return {key: entry.name(lang) for key, entry in self.entries[kind].items()}


def _fold(text: str) -> str:
    return " ".join(str(text).casefold().replace("-", " ").split())
