"""Load ``content/`` into a :class:`~sacredwire.model.Rulebook`.

Everything is read and parsed once. Input that cannot be understood raises
:class:`~sacredwire.diagnostics.ContentError` with ``file:line``; everything
that can be read but is wrong (a dangling reference, a gap in a die table) is
left for the checker, which reports all findings at once.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..colour import Cmyk
from ..diagnostics import ContentError, Location
from ..fontsetup import FONTS_DIR
from ..ids import TableId, is_file_key
from ..languages import known_codes
from ..languages import use as use_languages
from ..model import (
    SOURCE_LANG,
    Booklet,
    BookletMeta,
    BookMeta,
    Chapter,
    Language,
    Rulebook,
    Section,
    Table,
    Term,
)
from ..project import CONTENT_DIR, find_project_root
from ._boards import read_boards, with_boards
from ._files import content_files, read_content_text
from ._languages import entry_codes as entry_codes
from ._languages import language_codes as language_codes
from ._languages import read_language_entries as read_language_entries
from ._languages import read_languages
from ._prose import parse_prose
from ._rules import read_parameters
from ._search import read_search_words
from ._settings import read_settings
from ._tables import read_example, read_table
from ._yaml import Fields, Mapping, as_text, compose_yaml, parse_yaml, read_yaml

# What other packages use; the modules named with a leading underscore stay this package's own.
__all__ = ["CONTENT_DIR", "Fields", "Mapping", "compose_yaml", "content_files", "find_project_root", "load_rulebook",
           "parse_yaml", "read_content_text", "read_yaml"]


def _read_meta(root: Path, ink_limit: int) -> tuple[BookMeta, dict[str, Language]]:
    """``content/book.yaml`` and its languages' entries; a volume colour may carry at most ``ink_limit``
    percent of ink."""
    rel = f"{CONTENT_DIR}/book.yaml"
    fields = Fields(read_yaml(root / rel, rel), rel, "book metadata")
    fields.only("title", "version", "date", "author", "licence", "licence_url", "site_url", "languages", "booklets")
    languages = tuple(fields.require("languages", list))
    for lang in languages:
        if not isinstance(lang, str):
            raise fields.error(f"languages must list language codes (en, es, fr), not {lang!r}")
    if SOURCE_LANG not in languages:
        raise fields.error(f"languages must include {SOURCE_LANG!r}, the language every translation "
                           f"is made from")
    if len(set(languages)) != len(languages):
        raise fields.error(f"languages lists a language twice: {list(languages)}")
    # Every text below is checked against the book's languages: their entries come first.
    entries = read_languages(root, languages, fields.location)
    use_languages(entries, read_languages(root, [code for code in entry_codes(root) if code not in languages]))
    booklets = []
    for raw in fields.require("booklets", list):
        booklet = Fields(raw, rel, "a booklet").only("key", "volume", "letter", "title", "subtitle", "colour",
                                                     "blurb", "page_per_section", "page_per_faction")
        key = booklet.require("key", str)
        if not is_file_key(key):
            raise booklet.error(f"booklet key {key!r} is not a slug (lower-case letters, digits and "
                                f"hyphens, e.g. core-rules): it names folders and files")
        page_per_section = booklet.get("page_per_section", list, [])
        if not all(isinstance(chapter, str) for chapter in page_per_section):
            raise booklet.error("page_per_section must list chapter IDs, e.g. [M2, M3]")
        page_per_faction = booklet.get("page_per_faction", list, [])
        if not all(isinstance(chapter, str) for chapter in page_per_faction):
            raise booklet.error("page_per_faction must list chapter IDs, e.g. [I3]")
        booklets.append(BookletMeta(
            key=key, volume=booklet.require("volume", int),
            letter=booklet.require("letter", str), title=booklet.text("title"),
            subtitle=booklet.text("subtitle"), location=booklet.location,
            colour=_read_cmyk(booklet, rel, ink_limit), blurb=booklet.text("blurb", required=False),
            page_per_section=tuple(page_per_section), page_per_faction=tuple(page_per_faction),
        ))
    date = str(fields.require("date", str))
    try:
        datetime.date.fromisoformat(date)
    except ValueError:
        raise fields.error(f"date {date!r} is not a date (write it as YYYY-MM-DD)") from None
    site_url = fields.get("site_url", str, "")
    if site_url and not re.fullmatch(r"https?://[^/\s?#]+(/[^\s?#]*)?", site_url):
        raise fields.error(f"site_url {site_url!r} is not a web address (write it as https://example.org/rules/)")
    return BookMeta(
        title=fields.require("title", str), version=fields.require("version", str),
        date=date, author=fields.require("author", str),
        licence=fields.require("licence", str), licence_url=fields.get("licence_url", str, ""),
        languages=languages, booklets=tuple(booklets), location=fields.location,
        # One form, ending in a slash, so page paths join it as they are.
        site_url=site_url.rstrip("/") + "/" if site_url else "",
    ), entries


def _read_cmyk(owner: Fields, rel: str, ink_limit: int) -> Cmyk | None:
    """A ``colour: {c: 0, m: 65, y: 100, k: 10}`` entry (ink percentages), if present."""
    raw = owner.get("colour", dict)
    if raw is None:
        return None
    fields = Fields(raw, rel, "a colour", owner.location.line).only("c", "m", "y", "k")
    inks = {}
    for ink in "cmyk":
        value = fields.require(ink, (int, float))
        if not 0 <= value <= 100:
            raise fields.error(f"colour ink {ink!r} must be 0-100 percent, not {value}")
        inks[ink] = value
    colour = Cmyk.from_percent(**inks)
    if colour.total_ink > ink_limit:
        raise fields.error(f"colour has {colour.total_ink:g}% total ink; print allows at most {ink_limit}% "
                           f"(ink_limit in content/outputs.yaml)")
    return colour


def _read_glossary(root: Path) -> dict[str, Term]:
    rel = f"{CONTENT_DIR}/glossary.yaml"
    fields = Fields(read_yaml(root / rel, rel), rel, "glossary").only("terms")
    terms: dict[str, Term] = {}
    for raw in fields.require("terms", list):
        term = Fields(raw, rel, "a term").only("key", "kind", *known_codes(), "abbr", "avoid", "case")
        key = term.require("key", str)
        if key in terms:
            raise term.error(f"duplicate glossary term {key!r} (first at {terms[key].location})")
        abbr = term.get("abbr", dict)
        terms_by_lang = _by_language(term, "avoid", key)
        avoid = {}
        for lang, words in terms_by_lang.items():
            if not isinstance(words, list) or not all(isinstance(word, str) and word.strip() for word in words):
                where = getattr(term.data["avoid"], "line", term.location.line)
                raise ContentError(Location(rel, where),
                                   f"avoid of {key}: {lang} must be a list of words, not {words!r}")
            avoid[lang] = tuple(words)
        case = _by_language(term, "case", key)
        wrong = [value for value in case.values() if value != "exact"]
        if wrong:
            raise term.error(f"case of {key} must be 'exact' for each language named, not {wrong[0]!r}")
        terms[key] = Term(
            key=key, kind=term.require("kind", str),
            text=as_text({lang: raw[lang] for lang in known_codes() if lang in raw}, term.location, key),
            abbr=as_text(abbr, term.location, f"abbr of {key}") if abbr else None,
            location=term.location, avoid=avoid, exact_case=frozenset(case),
        )
    return terms


def _by_language(term: Fields, name: str, key: str) -> dict[str, Any]:
    """A term's ``name: {<language code>: value}`` mapping (empty when left out), at its own line.

    Every language with an entry may be named (a translation under way has one); any other
    code is a typo, reported where the mapping is.
    """
    if name not in term.data:
        return {}
    raw = term.data[name]
    example = "avoid: {es: [escuadra]}" if name == "avoid" else "case: {es: exact}"
    if not isinstance(raw, dict):
        raise term.error(f"{name} of {key} must name its languages, as in {example}, not {raw!r}")
    fields = Fields(raw, term.location.file, f"{name} of {key}", term.location.line)
    unknown = sorted(str(code) for code in raw if code not in known_codes())
    if unknown:
        raise fields.error(f"{name} of {key} names {unknown[0]!r}, which is no language of the content "
                           f"(languages: {', '.join(known_codes())})")
    return {str(code): value for code, value in raw.items()}


# A long-running process (``sw28 serve``) loads the content on every edit: a
# file is parsed again only when its text changed. What a file gives is
# immutable, so the same result serves every load; errors are never kept.
PARSED_FILES = 1024


@lru_cache(maxsize=PARSED_FILES)
def _collection_file(text: str, rel: str, folder: str, read) -> tuple:
    fields = Fields(parse_yaml(text, rel), rel, f"{folder} file").only(folder)
    return tuple(read(raw, rel) for raw in fields.require(folder, list))


@lru_cache(maxsize=PARSED_FILES)
def _prose_file(text: str, rel: str, table_ids: frozenset[TableId]) -> tuple[Chapter, ...]:
    return tuple(parse_prose(text, rel, table_ids))


def _read_collection(root: Path, folder: str, read, kind: str) -> dict:
    """Every item under ``content/<folder>/*.yaml`` (a list under the key ``<folder>``), by ID."""
    items: dict = {}
    for path in content_files(root / CONTENT_DIR / folder, root, ".yaml"):
        rel = path.relative_to(root).as_posix()
        for item in _collection_file(read_content_text(path, rel), rel, folder, read):
            if item.id in items:
                raise ContentError(item.location, f"duplicate {kind} ID {item.id} "
                                                  f"(other instance at {items[item.id].location})")
            items[item.id] = item
    return items


def _read_booklet(root: Path, meta: BookletMeta, lang: str, tables: dict[TableId, Table]) -> Booklet | None:
    folder = root / CONTENT_DIR / meta.key / lang
    files = content_files(folder, root, ".md")
    if not files:
        return None
    chapters: list[Chapter] = []
    table_ids = frozenset(tables)
    for path in files:
        rel = path.relative_to(root).as_posix()
        chapters.extend(_prose_file(read_content_text(path, rel), rel, table_ids))
    return Booklet(meta=meta, lang=lang, chapters=tuple(chapters))


def _untranslated(section: Section) -> Section:
    return dataclasses.replace(section, untranslated=True)


def _with_untranslated(source: Booklet, translation: Booklet | None, lang: str) -> Booklet:
    """``translation`` with every English chapter and section it has not yet, in the English order.

    What is missing prints in English, marked (``Section.untranslated``); the checks still
    report it (LANG001, LANG002) and ``sw28 translations`` lists it.
    """
    have = {section.id: section for section in translation.all_sections()} if translation else {}
    english = {section.id for section in source.all_sections()}
    if translation is not None and english <= set(have):
        return translation
    theirs = {chapter.intro.id: chapter for chapter in translation.chapters} if translation else {}
    chapters = []
    for chapter in source.chapters:
        intro = have.get(chapter.intro.id) or _untranslated(chapter.intro)
        sections = [have.get(section.id) or _untranslated(section) for section in chapter.sections]
        # A section only the translation has stays, in the order of the IDs (LANG002 reports it).
        own = theirs.get(chapter.intro.id)
        sections += [section for section in (own.sections if own else ()) if section.id not in english]
        chapters.append(Chapter(intro=intro, sections=tuple(sorted(sections, key=lambda section: section.id))))
    chapters += [chapter for chapter in theirs.values() if chapter.intro.id not in english]
    return Booklet(meta=source.meta, lang=lang, chapters=tuple(chapters))


def load_rulebook(root: Path) -> Rulebook:
    """Read the whole content tree under ``root`` (the project folder)."""
    root = root.resolve()
    # The print settings first: they bound the colours book.yaml may define.
    settings = read_settings(root)
    meta, languages = _read_meta(root, settings.print.ink_limit)
    tables: dict[TableId, Table] = _read_collection(root, "tables", read_table, "table")
    booklets = {}
    for booklet_meta in meta.booklets:
        for lang in meta.languages:
            booklet = _read_booklet(root, booklet_meta, lang, tables)
            if booklet is not None:
                booklets[(booklet_meta.key, lang)] = booklet
        source = booklets.get((booklet_meta.key, SOURCE_LANG))
        for lang in meta.languages:
            if source is not None and lang != SOURCE_LANG:
                booklets[(booklet_meta.key, lang)] = _with_untranslated(
                    source, booklets.get((booklet_meta.key, lang)), lang)
    for booklet_meta in meta.booklets:
        chapters = {str(chapter.intro.id) for (key, _), booklet in booklets.items() if key == booklet_meta.key
                    for chapter in booklet.chapters}
        for setting, listed in (("page_per_section", booklet_meta.page_per_section),
                                ("page_per_faction", booklet_meta.page_per_faction)):
            unknown = [chapter for chapter in listed if chapter not in chapters]
            # A booklet with no content at all is the checker's finding (META005), not a load error.
            if chapters and unknown:
                raise ContentError(booklet_meta.location, f"{setting}: {booklet_meta.key} has no chapter "
                                                          f"{unknown[0]}")
    parameters, checked_booklets, checked_tables = read_parameters(
        root, tuple(booklet.key for booklet in meta.booklets), tuple({table.file_name for table in tables.values()}))
    boards = read_boards(root, parameters, meta.languages, tables)
    booklets = {key: with_boards(booklet, boards, parameters, root / FONTS_DIR) for key, booklet in booklets.items()}
    return Rulebook(
        root=str(root), meta=meta, glossary=_read_glossary(root), tables=tables,
        examples=_read_collection(root, "examples", read_example, "example"), booklets=booklets,
        settings=settings, languages=languages, parameters=parameters,
        checked_booklets=checked_booklets, checked_tables=checked_tables, boards=boards,
        search=read_search_words(root, {lang: {str(section.id) for (_, book_lang), booklet in booklets.items()
                                               if book_lang == lang for section in booklet.all_sections()}
                                        for lang in meta.languages}),
    )
