"""Which tables the rules engine reads, and why each other table is not executed.

The adapter is run on the project's tables with every table watched: a table
counts as read when the adapter reads its rows. Every table it leaves alone is
listed below with the reason, so a table added to the content, or one the
engine stops reading, shows up here.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sacredwire.engine_adapter import adapt_rules
from sacredwire.model import Rulebook, Table

# Not executed: what the table holds, and why the engine does not compute with it.
NOT_READ = {
    # Words only: what a volume, an attribute, a value or an action is for.
    "five-booklets": "the list of volumes: no rule",
    "attributes": "what each attribute is rolled for: words, no number",
    "values": "what Health and Move mean: words, no number",
    "hostile-situations": "words naming the behaviour tables' columns, which the engine reads by key",
    "hostile-actions": "what each AI action does on the board (move toward, seek cover): movement on a table, "
                       "not arithmetic; the behaviour tables name them by key",
}


class _Watched:
    """A table that records when its rows are read."""

    def __init__(self, table: Table, read: set[str]) -> None:
        self._table, self._read = table, read

    def __getattr__(self, name: str) -> Any:
        if name == "rows":
            self._read.add(str(self._table.id))
        return getattr(self._table, name)

    def row(self, key: str) -> Any:
        self._read.add(str(self._table.id))
        return self._table.row(key)


def test_every_table_is_read_or_listed_with_its_reason(rulebook: Rulebook) -> None:
    read: set[str] = set()
    watched = dataclasses.replace(rulebook, tables={key: _Watched(table, read) for key, table in rulebook.tables.items()})
    adapt_rules(watched)
    every = {str(key) for key in rulebook.tables}
    assert read, "the adapter read no table"
    assert every - read == set(NOT_READ), (sorted(every - read - set(NOT_READ)), sorted(set(NOT_READ) - (every - read)))
    assert len(read) + len(NOT_READ) == len(every)
    # The engine models the book: at most a handful of tables are words only.
    assert len(read) >= 60, len(read)
