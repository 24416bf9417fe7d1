"""ID hygiene: no duplicate section IDs within a booklet and language."""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Diagnostic, Severity
from ..model import Rulebook, Section
from . import check


@check("ids")
def duplicate_section(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for lang in rulebook.meta.languages:
        seen: dict = {}
        for (_, booklet_lang), booklet in sorted(rulebook.booklets.items()):
            if booklet_lang != lang:
                continue
            for section in booklet.all_sections():
                first: Section | None = seen.get(section.id)
                if first is None:
                    seen[section.id] = section
                    continue
                yield Diagnostic("ID001", Severity.ERROR, section.location,
                                 f"duplicate section ID {section.id} (other instance at {first.location})",
                                 "give each section its own ID")
