"""Which Spanish sections were translated from an older English text, or not at all.

Each translated section records the fingerprint of the English section it was
made from (``{from=...}`` on its heading); when the English text changes, its
fingerprint changes and the translation is stale. The git revision whose
English had that fingerprint is found in the project's history, so the
translator sees what changed since (and can pass it to ``sw28 changes``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .load import read_content_text
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


@dataclass(frozen=True)
class Missing:
    """An English section with no translation in a language whose booklet exists."""

    source: Section
    booklet: str


def missing_translations(rulebook: Rulebook, lang: str) -> list[Missing]:
    """English sections of the booklets written in ``lang`` that have no ``lang`` section yet."""
    missing = []
    for (key, booklet_lang), booklet in sorted(rulebook.booklets.items()):
        if booklet_lang != SOURCE_LANG or (key, lang) not in rulebook.booklets:
            continue
        translated = {section.id for section in rulebook.booklets[(key, lang)].all_sections()
                      if not section.untranslated}
        missing += [Missing(section, key) for section in booklet.all_sections() if section.id not in translated]
    return missing


@dataclass(frozen=True)
class Origin:
    """The revision whose English a translation was made from, and that English section."""

    revision: str
    section: Section


# How far back the history is searched for the English a translation was made from.
HISTORY_DEPTH = 200


def find_origins(root: Path, rulebook: Rulebook, stale: list[Staleness]) -> dict[str, Origin]:
    """For each stale section (by ID), the newest commit whose English section had the recorded fingerprint.

    Raises :class:`~sacredwire.changes.GitError` when there is no git history to read.
    """
    from .changes import commits_touching, load_revision

    wanted = {str(item.translation.id): item.translation.translated_from for item in stale
              if item.source is not None and item.translation.translated_from}
    if not wanted:
        return {}
    folders = sorted({f"content/{key}/{SOURCE_LANG}" for (key, lang) in rulebook.booklets if lang == SOURCE_LANG})
    found: dict[str, Origin] = {}
    for commit in commits_touching(root, folders, HISTORY_DEPTH):
        english = {str(rule_id): section
                   for rule_id, section in load_revision(root, commit).sections(SOURCE_LANG).items()}
        for rule_id, fingerprint in wanted.items():
            if rule_id not in found and rule_id in english and english[rule_id].fingerprint == fingerprint:
                found[rule_id] = Origin(commit, english[rule_id])
        if len(found) == len(wanted):
            break
    return found


def stale_translations(rulebook: Rulebook, lang: str) -> list[Staleness]:
    """Sections of ``lang`` whose recorded English fingerprint is not the current one."""
    english = rulebook.sections(SOURCE_LANG)
    stale = []
    for (_, booklet_lang), booklet in sorted(rulebook.booklets.items()):
        if booklet_lang != lang:
            continue
        for section in booklet.all_sections():
            source = english.get(section.id)
            if section.untranslated:
                continue  # not translated at all: missing_translations lists it
            if source is None or section.translated_from != source.fingerprint:
                stale.append(Staleness(section, source))
    return stale


def stamp_file(path: Path, rel: str, fingerprints: dict[str, str]) -> bool:
    """Rewrite the ``{from=...}`` of the headings in ``path`` whose IDs ``fingerprints`` has; True if it changed.

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
