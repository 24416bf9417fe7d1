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

# Not executed: what the table holds, and why the engine does not compute with it (yet).
NOT_READ = {
    # Words only: what a volume, an attribute, a value or an action is for.
    "five-booklets": "the list of volumes: no rule",
    "attributes": "what each attribute is rolled for: words, no number",
    "values": "what Health and Move mean: words, no number",
    "actions": "each action's words; Aim (+1 DT), Interact and Search reach are not modelled from its cells yet",
    "post-game-sequence": "the order of the post-game steps; the engine keeps its own order of the four it models",
    # Mechanics the engine does not model yet.
    "vertical-movement": "climbing and jumping are not modelled (falls are, from the falling table)",
    "campaign-deployment": "K1.2 setup is not modelled",
    "campaign-coworker-setup": "K1.2 setup is not modelled",
    "campaign-coworker-modifiers": "K1.2 setup is not modelled",
    "campaign-hostile-timing": "K1.2 setup is not modelled",
    "campaign-hostile-type": "K1.2 setup is not modelled",
    "campaign-loot-layout": "K1.2 setup is not modelled",
    "campaign-loot-modifiers": "K1.2 setup is not modelled",
    "campaign-spawn-location": "K1.2 setup is not modelled",
    "setup-advantages": "K1.4 advantages are not modelled (only the evidence gap that grants them)",
    "tactical-advantages": "K1.4 advantages are not modelled (only the evidence gap that grants them)",
    "evidence-types": "only its die is read; the evidence names are words",
    "unit-tiers": "hostile spawning (I2) is not modelled",
    "hostile-situations": "words naming the behaviour tables' columns",
    "hostile-actions": "the hostile actions' words; their effects are not modelled",
    "coworker-behaviour-normal": "Coworker behaviour (I4) is not modelled",
    "coworker-behaviour-attacked": "Coworker behaviour (I4) is not modelled",
    "scrapers-units": "hostile profiles are not modelled",
    "feral-crews-units": "hostile profiles are not modelled",
    "wave-callers-units": "hostile profiles are not modelled",
    "static-wraiths-units": "hostile profiles are not modelled",
    "feral-automata-units": "hostile profiles are not modelled",
    "cable-feeders-units": "hostile profiles are not modelled",
    "mission-table": "the mission roll is not modelled",
    "sample-models": "the Sample Roster's costs are typed, not computed from the Requisitions tables",
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
