"""The committed page map: the page every section of every booklet starts on, in ``content/pagemap.yaml``.

Booklets print each other's page numbers, and they cite each other in
circles, so a build that knew no page would lay every booklet out twice: once
to measure, once to print what it measured. The page map is committed with
the content, like a lock file: a build with no earlier build in its output
folder starts from it, and when the content did not move a page since, lays
each booklet out once.

The map is only where the layout starts. Every page number printed is still
measured and read back from the final PDFs (``layout/verify.py``); when the
map was stale the pages measured differ from the pages printed, the build
lays the booklets out again with the measured pages, and then rewrites the
map. So a stale map costs a layout pass, never a wrong page.

For each language the map keeps a digest of the sources the pages come from
(the content, the print templates, the language's catalog and WeasyPrint's
version): ``sw28 check`` compares it with the sources as they are and says
when the map is stale. A change to the toolchain's own code is not in that
digest (the build notices it by measuring, as above).

The file is written in one order (languages, booklets, then sections by ID)
so the same pages always give the same bytes; a build replaces it by renaming
a finished copy into place while it holds a lock on ``content/``, so two
builds at once never leave half a file, nor lose each other's languages.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from .build_record import PAGE_MAP, digest_files, is_page_map
from .diagnostics import ContentError, Location
from .ids import RuleId
from .load import parse_yaml
from .locks import folder_locked

# What the file says of itself, above the pages.
HEADER = ("# Where every section of every booklet starts (cover = page 1), per language, as the last\n"
          "# build laid the booklets out. Written by 'sw28 build'; commit it with the content. A build\n"
          "# lays each booklet out once when it is up to date ('sw28 check' says when it is not).\n")
# Print templates only: the web edition's styles never shape a page.
_WEB_TEMPLATES = "templates/web/"


@dataclass(frozen=True)
class LanguagePages:
    """One language's part of the map: the digest of its sources, and booklet -> section ID -> page."""

    sources: str
    booklets: Mapping[str, Mapping[RuleId, int]]
    # Where the language's entry starts in the file (1 for one not read from it).
    line: int = field(default=1, compare=False)

    def anchors(self) -> dict[str, dict[str, int]]:
        """Booklet -> anchor -> page, as a layout pass prints them (``render.pages.PageMap``)."""
        return {key: {section.anchor: page for section, page in pages.items()}
                for key, pages in self.booklets.items()}


def _id_order(rule_id: RuleId) -> tuple[str, int, int]:
    """Sections in the order of their IDs, a chapter's own text first (C2 before C2.1)."""
    return rule_id.letter, rule_id.chapter, -1 if rule_id.section is None else rule_id.section


def page_map_path(root: Path) -> Path:
    return root / PAGE_MAP


def read_page_map(root: Path) -> dict[str, LanguagePages] | None:
    """The committed map, language -> pages; ``None`` when there is none.

    A map that cannot be read is a :class:`ContentError` at its line.
    """
    path = page_map_path(root)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise ContentError(Location(PAGE_MAP, 1), f"cannot read the page map: {error}") from None
    data = parse_yaml(text, PAGE_MAP)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ContentError(Location(PAGE_MAP, 1), "the page map must be a mapping of languages")
    found = {}
    for lang, entry in data.items():
        line = int(getattr(entry, "line", getattr(data, "line", 1)))
        if not (isinstance(lang, str) and isinstance(entry, dict) and isinstance(entry.get("sources"), str)
                and isinstance(entry.get("booklets"), dict) and set(entry) == {"sources", "booklets"}):
            raise ContentError(Location(PAGE_MAP, line),
                               f"{lang}: a language's entry is 'sources' (a digest) and 'booklets'")
        booklets: dict[str, dict[RuleId, int]] = {}
        for key, pages in entry["booklets"].items():
            where = Location(PAGE_MAP, int(getattr(pages, "line", line)))
            if not isinstance(pages, dict):
                raise ContentError(where, f"{lang}/{key}: expected section IDs and their pages")
            booklets[str(key)] = {}
            for section, page in pages.items():
                try:
                    rule_id = RuleId.parse(str(section))
                except ValueError as error:
                    raise ContentError(where, f"{lang}/{key}: {error}") from None
                if type(page) is not int or page < 1:
                    raise ContentError(where, f"{lang}/{key}: {section}: the page must be a whole number from 1")
                booklets[str(key)][rule_id] = page
        found[lang] = LanguagePages(entry["sources"], booklets, line)
    return found


def sources_digest(root: Path, lang: str, languages: Sequence[str]) -> str:
    """The digest of everything ``lang``'s pages are laid out from, the toolchain's code aside.

    That is the content (but the map itself and other languages' prose), the
    print templates, the language's catalog and WeasyPrint's version.
    """
    others = set(languages) - {lang}
    digest = hashlib.sha256(f"weasyprint={metadata.version('weasyprint')}\0".encode())

    def read(path: Path) -> bool:
        rel = path.relative_to(root).as_posix()
        return not (is_page_map(rel) or rel.startswith(_WEB_TEMPLATES) or others & set(path.relative_to(root).parts))

    for folder in ("content", "templates", f"locales/{lang}"):
        digest_files(digest, root, (path for path in (root / folder).rglob("*") if read(path)))
    return digest.hexdigest()


def section_pages(booklets: Mapping[str, Sequence[RuleId]], anchors: Mapping[str, Mapping[str, int]]
                  ) -> dict[str, dict[RuleId, int]]:
    """Booklet -> section ID -> page, from the sections of each booklet and where the layout put their anchors."""
    return {key: {section: anchors[key][section.anchor] for section in sorted(sections, key=_id_order)
                  if section.anchor in anchors.get(key, {})}
            for key, sections in booklets.items() if key in anchors}


def page_map_text(languages: Mapping[str, LanguagePages]) -> str:
    """The map's text: one order for everything, so the same pages give the same bytes."""
    lines = [HEADER.rstrip("\n")]
    for lang in sorted(languages):
        entry = languages[lang]
        lines += [f"{lang}:", f"  sources: {entry.sources}", "  booklets:"]
        for key in sorted(entry.booklets):
            pages = entry.booklets[key]
            lines.append(f"    {key}:" + ("" if pages else " {}"))
            lines += [f"      {section}: {pages[section]}" for section in sorted(pages, key=_id_order)]
    return "\n".join(lines) + "\n"


def update_page_map(root: Path, languages: Mapping[str, LanguagePages]) -> bool:
    """Put ``languages`` into the committed map; whether the file changed.

    Other languages stay as they are, and so do a language's booklets not in
    ``languages`` while its sources are the same. The map is read, merged and
    replaced while ``content/`` is locked, so a second build doing the same at
    once waits, then merges into this one's. An unreadable map is replaced whole.
    """
    path = page_map_path(root)
    with folder_locked(path.parent):
        try:
            merged = read_page_map(root) or {}
        except ContentError:
            merged = {}
        for lang, entry in languages.items():
            kept = merged.get(lang)
            booklets = {**kept.booklets, **entry.booklets} if kept and kept.sources == entry.sources else entry.booklets
            merged[lang] = LanguagePages(entry.sources, booklets)
        text = page_map_text(merged)
        try:
            if path.read_bytes() == text.encode("utf-8"):
                return False
        except FileNotFoundError:
            pass
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        try:
            with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
                stream.write(text)
            os.chmod(temporary, 0o644)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    return True
