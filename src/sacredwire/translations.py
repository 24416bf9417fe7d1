"""Which Spanish sections were translated from an older English text.

Each translated section records the fingerprint of the English section it was
made from (``{from=...}`` on its heading); when the English text changes, its
fingerprint changes and the translation is stale.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .load._files import read_content_text
from .model import SOURCE_LANG, Rulebook, Section

_BOM = "\ufeff"
_HEADING_LINE = re.compile(r"^(?P<hashes>#{1,2})\s+(?P<id>\S+)\s+(?P<title>.+?)(?:\s+\{from=[0-9a-f]*\})?\s*$")


@dataclass(frozen=True)
class Staleness:
    translation: Section
    source: Section | None

    @property
    def reason(self) -> str:
        if self.source is None:
            return f"{self.translation.id} has no English section"
        if self.translation.translated_from is None:
            return f"{self.translation.id} does not record the English text it was translated from"
        return (f"{self.translation.id} was translated from an older English text "
                f"({self.translation.translated_from}, now {self.source.fingerprint})")


def stale_translations(rulebook: Rulebook, lang: str) -> list[Staleness]:
    """Sections of ``lang`` whose recorded English fingerprint is not the current one."""
    english = rulebook.sections(SOURCE_LANG)
    stale = []
    for (_, booklet_lang), booklet in sorted(rulebook.booklets.items()):
        if booklet_lang != lang:
            continue
        for section in booklet.all_sections():
            source = english.get(section.id)
            if source is None or section.translated_from != source.fingerprint:
                stale.append(Staleness(section, source))
    return stale


def stamp_file(path: Path, rel: str, fingerprints: dict[str, str]) -> bool:
    """Rewrite the ``{from=...}`` of every heading in ``path``; True if it changed.

    Only the headings change: line endings (CRLF stays CRLF), a byte-order
    mark and every other byte are kept as they were.
    """
    text = read_content_text(path, rel, keep_bom=True)
    lines = []
    fence = False
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        ending = line[len(body):]
        if body.lstrip().startswith("```"):
            fence = not fence
        match = None if fence else _HEADING_LINE.match(body.removeprefix(_BOM))
        if match and match["id"] in fingerprints:
            prefix = _BOM if body.startswith(_BOM) else ""
            line = (f"{prefix}{match['hashes']} {match['id']} {match['title']} "
                    f"{{from={fingerprints[match['id']]}}}{ending}")
        lines.append(line)
    new_text = "".join(lines)
    if new_text != text:
        path.write_bytes(new_text.encode("utf-8"))
        return True
    return False
