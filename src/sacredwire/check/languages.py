"""Language parity: every translation holds what the English text holds.

Same sections, the same tables, examples and references placed in each, the
same numbers in each section's prose, and made from the current English text.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator

from ..diagnostics import Diagnostic, Location, Severity
from ..ids import RuleId
from ..languages import language
from ..model import Booklet, Rulebook, Section, Text
from ..translations import SOURCE_LANG, stale_translations
from . import check
from ._source import prose_lines

# Dice ("2d6", "d4+1") are one token; "1,5" and "1.5" are the same number.
_NUMBER = re.compile(r"(?<![A-Za-z])\d*[dD]\d+(?:[+-]\d+)?|\d+(?:[.,]\d+)?")
# "1. Roll" numbers a list item: structure, not a rule's number.
_LIST_MARKER = re.compile(r"^\s*\d+[.)]\s+")

Items = list[tuple[str, Location]]


def _name(lang: str) -> str:
    """The language's name in English, from its entry ("Spanish")."""
    return language(lang).name


def _translations(rulebook: Rulebook) -> Iterator[tuple[Booklet, Booklet]]:
    """(English booklet, translated booklet) for every booklet present in both."""
    for meta in rulebook.meta.booklets:
        source = rulebook.booklets.get((meta.key, SOURCE_LANG))
        for lang in rulebook.meta.languages:
            translation = rulebook.booklets.get((meta.key, lang))
            # A booklet with no section of its own yet is LANG001's.
            if source and translation and lang != SOURCE_LANG and _by_id(translation):
                yield source, translation


def _by_id(booklet: Booklet) -> dict[RuleId, Section]:
    """The booklet's own sections by ID: not the English ones standing in for a missing translation."""
    found: dict[RuleId, Section] = {}
    for section in booklet.all_sections():
        if not section.untranslated:
            found.setdefault(section.id, section)
    return found


def _section_pairs(rulebook: Rulebook) -> Iterator[tuple[Section, Section, str]]:
    """(English section, its translation, language) for every translated section."""
    for source, translation in _translations(rulebook):
        translated = _by_id(translation)
        for section in source.all_sections():
            if section.id in translated:
                yield section, translated[section.id], translation.lang


@check("languages")
def booklet_missing_language(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for meta in rulebook.meta.booklets:
        present = [lang for lang in rulebook.meta.languages
                   if (meta.key, lang) in rulebook.booklets and _by_id(rulebook.booklets[(meta.key, lang)])]
        for lang in rulebook.meta.languages:
            if present and lang not in present:
                yield Diagnostic("LANG001", Severity.ERROR, meta.location,
                                 f"booklet {meta.key} has no {_name(lang)} text",
                                 f"write its sections under content/{meta.key}/{lang}/")


@check("languages")
def section_missing_language(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for source, translation in _translations(rulebook):
        ours, theirs = _by_id(source), _by_id(translation)
        for missing_from, sections, other in ((translation, ours, theirs), (source, theirs, ours)):
            for rule_id, section in sections.items():
                if rule_id not in other:
                    yield Diagnostic("LANG002", Severity.ERROR, section.location,
                                     f"{rule_id} {section.title} has no {_name(missing_from.lang)} section",
                                     "every section exists in every language, with the same ID")


def _parity(code: str, what: str, translation: Section, lang: str, source_items: Items,
            translated_items: Items, hint: str) -> Iterator[Diagnostic]:
    """One finding if the two lists differ as multisets; it names what is only on each side."""
    only_source = Counter(key for key, _ in source_items) - Counter(key for key, _ in translated_items)
    only_translated = Counter(key for key, _ in translated_items) - Counter(key for key, _ in source_items)
    if not only_source and not only_translated:
        return
    parts = [f"{', '.join(_in_order(items, extra))} only in {_name(side)}"
             for items, extra, side in ((translated_items, only_translated, lang),
                                        (source_items, only_source, SOURCE_LANG)) if extra]
    # Point at the first extra in the translation, else at its heading.
    location = next((place for key, place in translated_items if key in only_translated),
                    translation.location)
    yield Diagnostic(code, Severity.ERROR, location,
                     f"{translation.id}: {what} differ from the English text: {'; '.join(parts)}", hint)


def _in_order(items: Items, extra: Counter) -> list[str]:
    """The keys of ``extra`` in the order they appear in ``items``, with repeats."""
    left = Counter(extra)
    found = []
    for key, _ in items:
        if left[key] > 0:
            left[key] -= 1
            found.append(key)
    return found


def _tables(section: Section) -> Items:
    return [(f"{p.table}{' (in summary)' if p.in_summary else ''}", p.location) for p in section.tables]


def _examples(section: Section) -> Items:
    return [(str(p.example), p.location) for p in section.examples]


def _references(section: Section) -> Items:
    first: dict[str, Location] = {}
    for xref in section.xrefs:
        first.setdefault(str(xref.target or xref.raw), xref.location)
    return list(first.items())


def _numbers(section: Section) -> Items:
    """The numbers a reader sees in a section: title and prose, not IDs or list markers."""
    lines: Iterable[tuple[int, str]] = [(section.location.line, section.title), *prose_lines(section)]
    found = []
    for line, text in lines:
        for match in _NUMBER.finditer(_LIST_MARKER.sub("", text)):
            found.append((match.group().lower().replace(",", "."), Location(section.location.file, line)))
    return found


@check("languages")
def placements_differ(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for source, translation, lang in _section_pairs(rulebook):
        yield from _parity("LANG003", "tables", translation, lang, _tables(source), _tables(translation),
                           "place the same {table:...} lines in both languages")
        yield from _parity("LANG004", "examples", translation, lang, _examples(source),
                           _examples(translation), "place the same '::: example <id>' blocks in both languages")
        yield from _parity("LANG005", "references", translation, lang, _references(source),
                           _references(translation), "refer to the same sections in both languages")


@check("languages")
def numbers_differ(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for source, translation, lang in _section_pairs(rulebook):
        yield from _parity("LANG006", "numbers", translation, lang, _numbers(source), _numbers(translation),
                           "a translation changes words, never numbers: check distances, dice and counts")


@check("languages")
def stale_translation(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for lang in rulebook.meta.languages:
        if lang == SOURCE_LANG:
            continue
        for stale in stale_translations(rulebook, lang):
            if stale.source is not None:  # a section with no original is LANG002
                yield Diagnostic("LANG007", Severity.WARNING, stale.translation.location, stale.reason,
                                 f"update the translation from {stale.source.location}, then run "
                                 f"'sw28 translations --stamp {stale.translation.id}'")


def _book_texts(rulebook: Rulebook) -> Iterator[tuple[str, Text, Location]]:
    for term in rulebook.glossary.values():
        yield f"glossary term {term.key}", term.text, term.location
        if term.abbr is not None:
            yield f"abbreviation of glossary term {term.key}", term.abbr, term.location
    for booklet in rulebook.meta.booklets:
        yield f"title of booklet {booklet.key}", booklet.title, booklet.location
        yield f"subtitle of booklet {booklet.key}", booklet.subtitle, booklet.location


@check("languages")
def text_missing_language(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for what, text, location in _book_texts(rulebook):
        missing = [_name(lang) for lang in rulebook.meta.languages if not (text.get(lang) or "").strip()]
        if missing:
            yield Diagnostic("LANG008", Severity.ERROR, location, f"{what} has no {', '.join(missing)} text",
                             f"give it every language: {', '.join(rulebook.meta.languages)}")
