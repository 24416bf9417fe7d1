"""Rule numbers in the prose: printed from where they are stored, never typed by hand.

Every number that states a rule (a distance, dice, a DT modifier, a count, a
threshold, a cost) is a field of the rules text, ``{$rule.<section>.<name>}``
or ``{$table.<table>.<row>.<column>}`` (:mod:`sacredwire.rule_fields`), so
changing it in ``content/`` changes every booklet, the quick reference and the
rules engine at once. Findings:

- NUM001: a number typed by hand in the rules prose or a summary of a checked
  booklet (``checked_booklets`` in ``content/rules.yaml``), outside worked
  examples (EX004 covers those) and outside ``{not-a-rule:...}`` marks; or in
  the words of a table (a text cell, a note) of a checked table file
  (``checked_tables``), at the YAML line of that language's words;
- NUM002: a rule field that names no parameter or cell, or whose format does not fit;
- NUM003: a section whose languages print different rule fields.

The marks are counted (:func:`number_tally`) and the count is printed in
``sw28 check``'s summary, so text marked wholesale as "not a rule" shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..diagnostics import Diagnostic, Location, Severity
from ..example_text import FieldError, FieldRef, typed_numbers
from ..ids import RuleId, TableId
from ..languages import language
from ..markup import parser
from ..model import Rulebook, Table, Text
from ..report import NumberTally
from ..rule_fields import is_rule_field, show_rule_field
from . import check, iter_sections


@dataclass
class SectionNumbers:
    """What one section of one language prints as numbers outside its worked examples."""

    section: RuleId
    lang: str
    booklet: str
    location: Location
    typed: list[tuple[str, Location]] = field(default_factory=list)
    fields: list[tuple[FieldRef, Location]] = field(default_factory=list)
    marks: list[tuple[str, Location]] = field(default_factory=list)


def _pronoun(text: str, offset: int, lang: str) -> bool:
    """Whether the number word at ``offset`` is a pronoun, not a count: "cada uno pasa su exceso" (each one
    passes its excess), as the language entry's ``numbers.pronouns`` lists them."""
    for phrase in language(lang).numbers.pronouns:
        before, _, word = phrase.rpartition(" ")
        if text[offset:offset + len(word)].lower() == word and text[:offset].lower().endswith(before + " "):
            return True
    return False


def _scan(tokens: Any, file: str, found: SectionNumbers) -> None:
    inside_example = False
    for token in tokens:
        if token.type in ("container_example_open", "container_example_close"):
            inside_example = token.type == "container_example_open"
            continue
        if token.type != "inline" or inside_example or not token.map:
            continue
        line = token.map[0] + 1
        for child in token.children or []:
            if child.type in ("softbreak", "hardbreak"):
                line += 1
            elif child.type == "text":
                found.typed.extend((number.text, Location(file, line))
                                   for number in typed_numbers(child.content, found.lang)
                                   if not _pronoun(child.content, number.offset, found.lang))
            elif child.type == "not_a_rule":
                found.marks.append((child.content, Location(file, line)))
            elif child.type == "example_field":
                ref = FieldRef(child.meta["path"], child.meta["format"])
                if is_rule_field(ref):
                    found.fields.append((ref, Location(file, line)))


def section_numbers(rulebook: Rulebook) -> Iterator[SectionNumbers]:
    """Every section of every booklet and language, with its typed numbers, rule fields and marks."""
    for booklet, section in iter_sections(rulebook):
        found = SectionNumbers(section.id, booklet.lang, booklet.meta.key, section.location)
        _scan((*section.tokens, *section.summary), section.location.file, found)
        yield found


@dataclass
class TableWords:
    """What the words of one table cell or note print in one language: typed numbers, rule fields, marks."""

    table: Table
    what: str
    lang: str
    location: Location
    typed: list[str] = field(default_factory=list)
    fields: list[FieldRef] = field(default_factory=list)
    marks: list[str] = field(default_factory=list)


def table_words(rulebook: Rulebook) -> Iterator[TableWords]:
    """The words of every text cell and note of every table, language by language, each at its YAML line."""
    for table in rulebook.tables.values():
        texts: list[tuple[str, Text, Callable[[str], Location]]] = [
            (f"row {row.key}, {column}", cell, partial(row.word_location, column))
            for row in table.rows for column, cell in row.cells.items() if isinstance(cell, Text)]
        if table.note is not None:
            texts.append(("note", table.note, table.note_location))
        for what, text, where in texts:
            # English first: the other languages print the fields it prints (NUM003).
            for lang, words in sorted(text.values.items(), key=lambda item: item[0] != "en"):
                found = TableWords(table, what, lang, where(lang))
                for inline in parser().parseInline(words, {}):
                    for child in inline.children or []:
                        if child.type == "text":
                            found.typed.extend(number.text for number in typed_numbers(child.content, lang)
                                               if not _pronoun(child.content, number.offset, lang))
                        elif child.type == "not_a_rule":
                            found.marks.append(child.content)
                        elif child.type == "example_field":
                            ref = FieldRef(child.meta["path"], child.meta["format"])
                            if is_rule_field(ref):
                                found.fields.append(ref)
                yield found


def number_tally(rulebook: Rulebook) -> NumberTally:
    """How many ``{not-a-rule:...}`` marks the prose and the tables' words hold, and which booklets and
    table files NUM001 leaves out."""
    marks = sum(len(found.marks) for found in section_numbers(rulebook))
    marks += sum(len(found.marks) for found in table_words(rulebook))
    unchecked = tuple(booklet.key for booklet in rulebook.meta.booklets
                      if booklet.key not in rulebook.checked_booklets)
    unchecked_tables = tuple(sorted({f"tables/{table.file_name}.yaml" for table in rulebook.tables.values()
                                     if table.file_name not in rulebook.checked_tables}))
    return NumberTally(marks, unchecked + unchecked_tables)


@check("numbers")
def rule_numbers(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """NUM001-NUM003: numbers typed by hand, rule fields naming nothing, languages printing different fields."""
    by_section: dict[RuleId, dict[str, tuple[set[str], Location]]] = {}
    for found in section_numbers(rulebook):
        if found.booklet in rulebook.checked_booklets:
            for text, location in found.typed:
                yield Diagnostic(
                    "NUM001", Severity.ERROR, location,
                    f"{found.section} ({found.lang}): {text!r} is typed by hand; a number that states a rule "
                    f"is printed from content/rules.yaml or a table",
                    "write a field such as {$rule.C4.15.blast} or {$table.falling.4-to-6.damage} "
                    "(add the parameter to content/rules.yaml); mark words that state no rule "
                    "{not-a-rule:28 mm}")
        for ref, location in found.fields:
            try:
                show_rule_field(ref, rulebook, found.lang)
            except FieldError as error:
                yield Diagnostic("NUM002", Severity.ERROR, location, f"{found.section} ({found.lang}): {error}",
                                 "name a parameter of content/rules.yaml or a number cell of a table")
        paths = by_section.setdefault(found.section, {})
        printed, _ = paths.setdefault(found.lang, (set(), found.location))
        printed.update(ref.path for ref, _ in found.fields)
    english: dict[tuple[TableId, str], set[str]] = {}
    for words in table_words(rulebook):
        if words.lang == "en":
            english[(words.table.id, words.what)] = {ref.path for ref in words.fields}
        elif (en_fields := english.get((words.table.id, words.what))) is not None \
                and en_fields != (printed := {ref.path for ref in words.fields}):
            yield Diagnostic("NUM003", Severity.ERROR, words.location,
                             f"table {words.table.id}, {words.what} ({words.lang}) prints other rule numbers "
                             f"than en: {_difference(en_fields, printed)}",
                             "print the same parameters and table cells in every language")
        if words.table.file_name in rulebook.checked_tables:
            for text in words.typed:
                yield Diagnostic(
                    "NUM001", Severity.ERROR, words.location,
                    f"table {words.table.id}, {words.what} ({words.lang}): {text!r} is typed by hand; a number "
                    f"that states a rule is printed from content/rules.yaml or a table",
                    "write a field such as {$table.actions.interact.reach} or {$rule.C4.5.engagement_range} "
                    "(add the parameter to content/rules.yaml); mark words that state no rule {not-a-rule:...}")
        for ref in words.fields:
            try:
                show_rule_field(ref, rulebook, words.lang)
            except FieldError as error:
                yield Diagnostic("NUM002", Severity.ERROR, words.location,
                                 f"table {words.table.id}, {words.what} ({words.lang}): {error}",
                                 "name a parameter of content/rules.yaml or a number cell of a table")
    for section, languages in by_section.items():
        source = languages.get("en")
        if source is None:
            continue
        for lang, (printed, location) in languages.items():
            if lang == "en" or printed == source[0]:
                continue
            yield Diagnostic("NUM003", Severity.ERROR, location,
                             f"{section} ({lang}) prints other rule numbers than en: "
                             f"{_difference(source[0], printed)}",
                             "print the same parameters and table cells in every language")


def _difference(english: set[str], printed: set[str]) -> str:
    """What a language's fields lack and add against the English ones: "lacks {$rule.C4.5.blast}"."""
    missing = sorted(english - printed)
    extra = sorted(printed - english)
    return "; ".join(part for part in (
        f"lacks {', '.join('{$' + path + '}' for path in missing)}" if missing else "",
        f"prints {', '.join('{$' + path + '}' for path in extra)} that en does not" if extra else "",
    ) if part)
