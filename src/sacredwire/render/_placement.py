"""Where each table is placed in the rules: the rule ID a sheet or card prints for it."""

from __future__ import annotations

from ..ids import RuleId, TableId
from ..model import Rulebook


def table_homes(rulebook: Rulebook) -> dict[TableId, RuleId]:
    """Table -> the first section placing it, in reading order.

    A placement in a section's body wins over one in a summary, so a table
    that a summary repeats is still credited to the section that owns it.
    IDs are shared by every language, so any language's sections will do.
    """
    in_body: dict[TableId, RuleId] = {}
    in_summary: dict[TableId, RuleId] = {}
    booklets = sorted(rulebook.booklets.values(), key=lambda booklet: booklet.meta.volume)
    for booklet in booklets:
        for section in booklet.all_sections():
            for placement in section.tables:
                found = in_summary if placement.in_summary else in_body
                found.setdefault(placement.table, section.id)
    return {**in_summary, **in_body}
