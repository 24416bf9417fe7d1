"""Compare two loaded rulebooks into a :class:`ChangeSet`.

Texts are compared with their whitespace collapsed, so re-wrapping a
paragraph is not a change; a section whose text is unchanged under another ID
has moved.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..example_text import FieldError
from ..ids import ExampleId, RuleId, TableId
from ..model import Cell, Column, Row, Rulebook, Section, Table, Text
from ..rule_fields import table_words
from ..translations import SOURCE_LANG
from .model import (
    CellChange,
    Change,
    ChangeSet,
    ExampleChange,
    Kind,
    RowChange,
    SectionChange,
    TableChange,
    TermChange,
    TranslationPending,
    WordEdit,
)

# Words of unchanged text kept either side of an edit, so a reader can find it.
CONTEXT_WORDS = 4
# A longer run of added or removed words is cut short: the diff points at the
# change, the new edition has the full text.
MAX_EDIT_WORDS = 30


def normalised(text: str) -> str:
    """``text`` with every run of whitespace (line breaks included) made one space."""
    return " ".join(text.split())


def word_edits(old: str, new: str) -> tuple[WordEdit, ...]:
    """The word-level differences between two texts, each with a little context.

    >>> word_edits("Roll two dice.\\nSee C1.2.", "Roll three dice. See C1.2.")
    (WordEdit(before='Roll', old='two', new='three', after='dice. See C1.2.'),)
    """
    old_words, new_words = old.split(), new.split()
    matcher = difflib.SequenceMatcher(a=old_words, b=new_words, autojunk=False)
    edits = []
    for tag, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        if tag == "equal":
            continue
        edits.append(WordEdit(
            before=" ".join(old_words[max(0, old_start - CONTEXT_WORDS):old_start]),
            old=_shortened(old_words[old_start:old_end]),
            new=_shortened(new_words[new_start:new_end]),
            after=" ".join(old_words[old_end:old_end + CONTEXT_WORDS]),
        ))
    return tuple(edits)


def _shortened(words: list[str]) -> str:
    if len(words) <= MAX_EDIT_WORDS:
        return " ".join(words)
    return " ".join(words[:MAX_EDIT_WORDS - 1]) + " …"


@dataclass(frozen=True)
class _Placed:
    booklet: str
    section: Section


def _sections(rulebook: Rulebook, lang: str) -> dict[RuleId, _Placed]:
    found: dict[RuleId, _Placed] = {}
    for (key, booklet_lang), booklet in rulebook.booklets.items():
        if booklet_lang == lang:
            for section in booklet.all_sections():
                # An English section standing in for a missing translation is the translation pending.
                if not section.untranslated:
                    found.setdefault(section.id, _Placed(key, section))
    return found


def _same_text(old: Section, new: Section) -> bool:
    return old.title.strip() == new.title.strip() and normalised(old.source) == normalised(new.source)


def _compare_sections(old: Mapping[RuleId, _Placed], new: Mapping[RuleId, _Placed],
                      lang: str) -> Iterator[SectionChange]:
    for rule_id in sorted(old.keys() & new.keys(), key=_order):
        before, after = old[rule_id].section, new[rule_id].section
        if not _same_text(before, after):
            yield SectionChange(
                Kind.CHANGED, lang, new[rule_id].booklet, rule_id, after.title,
                old_title=before.title if before.title.strip() != after.title.strip() else None,
                edits=word_edits(before.source, after.source))
    removed = {rule_id: old[rule_id] for rule_id in old.keys() - new.keys()}
    for rule_id in sorted(new.keys() - old.keys(), key=_order):
        after = new[rule_id].section
        text = normalised(after.source)
        # Empty chapter texts are all alike: only the title can tell a move then.
        moved_from = next((old_id for old_id in sorted(removed, key=_order)
                           if normalised(removed[old_id].section.source) == text
                           and (text or removed[old_id].section.title == after.title)), None)
        if moved_from is None:
            yield SectionChange(Kind.ADDED, lang, new[rule_id].booklet, rule_id, after.title)
            continue
        before = removed.pop(moved_from).section
        yield SectionChange(Kind.MOVED, lang, new[rule_id].booklet, rule_id, after.title, old_id=moved_from,
                            old_title=before.title if before.title != after.title else None)
    for rule_id, placed in sorted(removed.items(), key=lambda item: _order(item[0])):
        yield SectionChange(Kind.REMOVED, lang, placed.booklet, rule_id, placed.section.title)


def _pending_translations(old: Rulebook, new: Rulebook, lang: str) -> Iterator[TranslationPending]:
    """Sections whose English changed (or appeared) while their translation in ``lang`` did not."""
    old_english, new_english = _sections(old, SOURCE_LANG), _sections(new, SOURCE_LANG)
    old_translated, new_translated = _sections(old, lang), _sections(new, lang)
    for rule_id, english in sorted(new_english.items(), key=lambda item: _order(item[0])):
        was = old_english.get(rule_id)
        if was is not None and _same_text(was.section, english.section):
            continue
        translated, translated_before = new_translated.get(rule_id), old_translated.get(rule_id)
        if translated is None:
            if (english.booklet, lang) in new.booklets:
                yield TranslationPending(lang, english.booklet, rule_id, english.section.title, missing=True)
        elif (was is not None and translated_before is not None
              and _same_text(translated_before.section, translated.section)):
            yield TranslationPending(lang, translated.booklet, rule_id, translated.section.title)


def _table_homes(rulebook: Rulebook, lang: str) -> dict[TableId, tuple[str, RuleId]]:
    """Where each table is printed in ``lang``: its booklet and section (not a summary if avoidable)."""
    homes: dict[TableId, tuple[str, RuleId]] = {}
    summaries: dict[TableId, tuple[str, RuleId]] = {}
    for rule_id, placed in _sections(rulebook, lang).items():
        for placement in placed.section.tables:
            target = summaries if placement.in_summary else homes
            target.setdefault(placement.table, (placed.booklet, rule_id))
    return {**summaries, **homes}


def _shown(value: Cell, column: Column, rulebook: Rulebook, lang: str) -> str:
    """A cell as a reader sees it in ``lang``."""
    if value is None:
        return "–"
    if isinstance(value, Text):
        if value.get(lang) is None:
            return ""
        # As the reader sees it: a rule field printed from that edition's content; one that names
        # nothing there (sw28 check reports it) is compared as written.
        try:
            return normalised(table_words(value, rulebook, lang))
        except FieldError:
            return normalised(value[lang])
    if column.kind == "term" and isinstance(value, str) and value in rulebook.glossary:
        return rulebook.glossary[value].text.get(lang) or str(value)
    if column.kind == "modifier" and isinstance(value, int):
        return f"{value:+d}" if value else "0"
    if column.kind == "inches":
        return f'{value}"'
    return str(value)


def _row_name(table: Table, row: Row, rulebook: Rulebook, lang: str) -> str:
    named = [column for column in table.columns if column.key == "name"] or [
        column for column in table.columns if column.kind in ("text", "term")]
    for column in named:
        if row.cells.get(column.key) is not None:
            return _shown(row.cells[column.key], column, rulebook, lang)
    return row.key


def _compare_table(before: Table, after: Table, old: Rulebook, new: Rulebook,
                   lang: str) -> tuple[tuple[RowChange, ...], tuple[str, ...], tuple[str, ...]]:
    old_columns = {column.key: column for column in before.columns}
    new_columns = {column.key: column for column in after.columns}
    shared = [column for column in after.columns if column.key in old_columns]
    old_rows = {row.key: row for row in before.rows}
    new_rows = {row.key: row for row in after.rows}
    rows: list[RowChange] = []
    for row in after.rows:
        if row.key not in old_rows:
            rows.append(RowChange(Kind.ADDED, _row_name(after, row, new, lang), row.key))
            continue
        cells = []
        for column in shared:
            was = _shown(old_rows[row.key].cells.get(column.key), old_columns[column.key], old, lang)
            now = _shown(row.cells.get(column.key), column, new, lang)
            # A renamed glossary term is reported once, as a term: not in every row using it.
            same_term = (column.kind == "term"
                         and old_rows[row.key].cells.get(column.key) == row.cells.get(column.key))
            if was != now and not same_term:
                cells.append(CellChange(column.title.get(lang) or column.key, was, now))
        if cells:
            rows.append(RowChange(Kind.CHANGED, _row_name(after, row, new, lang), row.key, tuple(cells)))
    for row in before.rows:
        if row.key not in new_rows:
            rows.append(RowChange(Kind.REMOVED, _row_name(before, row, old, lang), row.key))
    added = tuple(new_columns[key].title.get(lang) or key for key in new_columns if key not in old_columns)
    removed = tuple(old_columns[key].title.get(lang) or key for key in old_columns if key not in new_columns)
    return tuple(rows), added, removed


def _compare_tables(old: Rulebook, new: Rulebook, lang: str) -> Iterator[TableChange]:
    old_homes, new_homes = _table_homes(old, lang), _table_homes(new, lang)
    for table_id in sorted(old.tables.keys() | new.tables.keys()):
        before, after = old.tables.get(table_id), new.tables.get(table_id)
        homes = new_homes if after is not None else old_homes
        if table_id not in homes:
            continue  # not printed in this language's booklets (e.g. a card-only table)
        booklet, rule_id = homes[table_id]
        table = after or before
        assert table is not None  # the ID came from one of the two
        title = table.title.get(lang) or str(table_id)
        if before is None or after is None:
            yield TableChange(Kind.ADDED if before is None else Kind.REMOVED, lang, booklet, rule_id,
                              table_id, title)
            continue
        rows, columns_added, columns_removed = _compare_table(before, after, old, new, lang)
        note_changed = normalised((before.note.get(lang) or "") if before.note else "") != \
            normalised((after.note.get(lang) or "") if after.note else "")
        if rows or columns_added or columns_removed or note_changed:
            yield TableChange(Kind.CHANGED, lang, booklet, rule_id, table_id, title, rows,
                              columns_added, columns_removed, note_changed)


def _example_text(section: Section, example: ExampleId) -> str:
    """The words of one worked example's block, read from its section's parsed tokens."""
    words: list[str] = []
    depth = 0
    for token in section.tokens:
        if depth == 0:
            if token.type == "container_example_open" and (token.meta or {}).get("id") == example:
                depth = 1
            continue
        if token.type.startswith("container_") and token.type.endswith("_open"):
            depth += 1
        elif token.type.startswith("container_") and token.type.endswith("_close"):
            depth -= 1
            if depth == 0:
                break
        elif token.type == "inline":
            words.append(token.content)
    return normalised(" ".join(words))


def _example_homes(rulebook: Rulebook, lang: str) -> dict[ExampleId, tuple[str, RuleId, str, str]]:
    """Each worked example printed in ``lang``: booklet, section, title and text."""
    homes: dict[ExampleId, tuple[str, RuleId, str, str]] = {}
    for rule_id, placed in _sections(rulebook, lang).items():
        for placement in placed.section.examples:
            homes.setdefault(placement.example, (placed.booklet, rule_id, placement.title,
                                                 _example_text(placed.section, placement.example)))
    return homes


def _compare_examples(old: Rulebook, new: Rulebook, lang: str) -> Iterator[ExampleChange]:
    old_homes, new_homes = _example_homes(old, lang), _example_homes(new, lang)
    for example_id in sorted(old.examples.keys() | new.examples.keys() | old_homes.keys() | new_homes.keys()):
        was, now = old_homes.get(example_id), new_homes.get(example_id)
        if was is None and now is None:
            continue
        if was is None or now is None:
            home = now or was
            assert home is not None  # (both None was skipped above)
            booklet, rule_id, title, _ = home
            yield ExampleChange(Kind.ADDED if was is None else Kind.REMOVED, lang, booklet, rule_id,
                                example_id, title)
            continue
        before, after = old.examples.get(example_id), new.examples.get(example_id)
        what = []
        if was[1] != now[1]:
            what.append("section")
        if was[2] != now[2]:
            what.append("title")
        if was[3] != now[3]:
            what.append("text")
        for part in ("given", "claims"):
            if (before is None) != (after is None) or (
                    before is not None and getattr(before, part) != getattr(after, part)):
                what.append(part)
        if what:
            yield ExampleChange(Kind.CHANGED, lang, now[0], now[1], example_id, now[2], tuple(what),
                                word_edits(was[3], now[3]) if "text" in what else ())


def _compare_terms(old: Rulebook, new: Rulebook, lang: str) -> Iterator[TermChange]:
    for key in sorted(old.glossary.keys() | new.glossary.keys()):
        was = old.glossary[key].text.get(lang) if key in old.glossary else None
        now = new.glossary[key].text.get(lang) if key in new.glossary else None
        if was == now:
            continue
        kind = Kind.ADDED if was is None else Kind.REMOVED if now is None else Kind.RENAMED
        yield TermChange(kind, lang, key, was, now)


def _order(rule_id: RuleId) -> tuple[str, int, int]:
    return rule_id.letter, rule_id.chapter, -1 if rule_id.section is None else rule_id.section


_KIND_ORDER = {SectionChange: 0, TableChange: 1, ExampleChange: 2, TranslationPending: 3}


def compare(old: Rulebook, new: Rulebook, langs: Sequence[str], from_label: str,
            to_label: str) -> ChangeSet:
    """Everything that changed from ``old`` to ``new`` in ``langs``, grouped by booklet and rule ID."""
    volumes = {booklet.key: booklet.volume for booklet in (*old.meta.booklets, *new.meta.booklets)}
    lang_order = {lang: number for number, lang in enumerate(langs)}
    changes: list[Change] = []
    terms: list[TermChange] = []
    for lang in langs:
        old_sections, new_sections = _sections(old, lang), _sections(new, lang)
        changes += _compare_sections(old_sections, new_sections, lang)
        changes += _compare_tables(old, new, lang)
        changes += _compare_examples(old, new, lang)
        if lang != SOURCE_LANG:
            changes += _pending_translations(old, new, lang)
        terms += _compare_terms(old, new, lang)

    def reading_order(change: Change) -> tuple:
        return (lang_order[change.lang], volumes.get(change.booklet, 99), _order(change.rule_id),
                _KIND_ORDER[type(change)])

    return ChangeSet(from_label, to_label, tuple(langs), tuple(sorted(changes, key=reading_order)),
                     tuple(terms))
