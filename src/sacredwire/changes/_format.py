"""A change set as text (a terminal), Markdown (release notes) or JSON (scripts)."""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Iterator
from dataclasses import fields, is_dataclass

from ..ids import ExampleId, RuleId, TableId
from ..languages import language
from ..model import BookMeta
from .model import (
    Change,
    ChangeSet,
    ExampleChange,
    Kind,
    SectionChange,
    TableChange,
    TermChange,
    TranslationPending,
    WordEdit,
)

_TYPES = {SectionChange: "section", TableChange: "table", ExampleChange: "example",
          TranslationPending: "translation-pending", TermChange: "term"}


def edit_text(edit: WordEdit, strike: Callable[[str], str] = lambda words: f"[-{words}-]",
              insert: Callable[[str], str] = lambda words: f"{{+{words}+}}") -> str:
    """One word edit with its context: ``…roll [-two-] {+three+} dice…``."""
    parts = [f"…{edit.before}" if edit.before else ""]
    if edit.old:
        parts.append(strike(edit.old))
    if edit.new:
        parts.append(insert(edit.new))
    parts.append(f"{edit.after}…" if edit.after else "")
    return " ".join(part for part in parts if part)


def describe(change: Change, strike: Callable[[str], str] = lambda words: f"[-{words}-]",
             insert: Callable[[str], str] = lambda words: f"{{+{words}+}}") -> tuple[str, list[str]]:
    """(headline, detail lines) for one change, in English (the terminal's and the scripts' language)."""
    if isinstance(change, SectionChange):
        head = f"{change.rule_id} {change.title}: {change.kind.value}"
        if change.kind is Kind.MOVED:
            head += f" (was {change.old_id}{f' {change.old_title}' if change.old_title else ''}; same text)"
        elif change.old_title:
            head += f" (was titled {change.old_title})"
        return head, [edit_text(edit, strike, insert) for edit in change.edits]
    if isinstance(change, TranslationPending):
        why = "no translation of the new English section" if change.missing else "the English text changed"
        return f"{change.rule_id} {change.title}: translation pending ({why})", []
    if isinstance(change, TableChange):
        head = f"{change.title} ({change.rule_id}): table {change.kind.value}"
        lines = [f"column added: {name}" for name in change.columns_added]
        lines += [f"column removed: {name}" for name in change.columns_removed]
        for row in change.rows:
            if row.kind is Kind.CHANGED:
                values = "; ".join(f"{cell.column} {cell.old} → {cell.new}" for cell in row.cells)
                lines.append(f"{row.name} ({change.rule_id}): {values}")
            else:
                lines.append(f"{row.name} ({change.rule_id}): row {row.kind.value}")
        if change.note_changed:
            lines.append("note changed")
        return head, lines
    head = f"{change.rule_id} worked example {change.title} ({change.example}): {change.kind.value}"
    if change.what:
        head += f" ({', '.join(change.what)})"
    return head, [edit_text(edit, strike, insert) for edit in change.edits]


def describe_term(term: TermChange) -> str:
    if term.kind is Kind.RENAMED:
        return f"{term.key}: renamed {term.old} → {term.new}"
    return f"{term.key}: {term.kind.value} ({term.new or term.old})"


def _booklet_title(meta: BookMeta, key: str, lang: str) -> str:
    for booklet in meta.booklets:
        if booklet.key == key:
            # The heading of a group: its first word takes a capital ("vol." -> "Vol.").
            volume = language(lang).references.volume
            return f"{volume[:1].upper()}{volume[1:]} {booklet.volume} {booklet.title[lang]} ({booklet.letter})"
    return key


def _groups(change_set: ChangeSet) -> Iterator[tuple[str, str, list[Change]]]:
    """(lang, booklet key, changes) in reading order."""
    current: tuple[str, str] | None = None
    group: list[Change] = []
    for change in change_set.changes:
        if (change.lang, change.booklet) != current:
            if group:
                assert current is not None  # set with the group's first change
                yield (*current, group)
            current, group = (change.lang, change.booklet), []
        group.append(change)
    if group:
        assert current is not None  # set with the group's first change
        yield (*current, group)


def as_text(change_set: ChangeSet, meta: BookMeta) -> str:
    """For a terminal: one heading per booklet and language, one line per change."""
    lines = [f"Changes from {change_set.from_label} to {change_set.to_label}"]
    if not change_set:
        lines.append("no changes")
    for lang, booklet, changes in _groups(change_set):
        lines += ["", f"{_booklet_title(meta, booklet, lang)} [{lang}]"]
        for change in changes:
            head, details = describe(change)
            lines.append(f"  {head}")
            lines += [f"    {detail}" for detail in details]
    for lang in change_set.langs:
        terms = [term for term in change_set.terms if term.lang == lang]
        if terms:
            lines += ["", f"Glossary [{lang}]"] + [f"  {describe_term(term)}" for term in terms]
    return "\n".join(lines) + "\n"


def _markdown_escape(text: str) -> str:
    return "".join("\\" + char if char in "\\`*_[]<>#|~" else char for char in text)


def as_markdown(change_set: ChangeSet, meta: BookMeta) -> str:
    """For release notes: a section per booklet and language, a bullet per change."""
    lines = [f"# Changes from {change_set.from_label} to {change_set.to_label}"]
    if not change_set:
        lines += ["", "No changes to the rules."]
    strike = lambda words: f"~~{_markdown_escape(words)}~~"  # noqa: E731
    insert = lambda words: f"**{_markdown_escape(words)}**"  # noqa: E731
    for lang, booklet, changes in _groups(change_set):
        lines += ["", f"## {_booklet_title(meta, booklet, lang)} [{lang}]", ""]
        for change in changes:
            head, details = describe(change, strike, insert)
            rule, _, rest = head.partition(" ")
            lines.append(f"- **{rule}** {_markdown_escape(rest)}"
                         if isinstance(change, (SectionChange, TranslationPending)) else f"- {_markdown_escape(head)}")
            # Edits carry their own emphasis; other details are plain text.
            lines += [f"  - {detail if _has_edits(change) else _markdown_escape(detail)}"
                      for detail in details]
    for lang in change_set.langs:
        terms = [term for term in change_set.terms if term.lang == lang]
        if terms:
            lines += ["", f"## Glossary [{lang}]", ""]
            lines += [f"- {_markdown_escape(describe_term(term))}" for term in terms]
    return "\n".join(lines) + "\n"


def _has_edits(change: Change) -> bool:
    return isinstance(change, (SectionChange, ExampleChange)) and bool(change.edits)


def _plain(value):
    if isinstance(value, (RuleId, TableId, ExampleId)):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if is_dataclass(value):
        return {field.name: _plain(getattr(value, field.name)) for field in fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return value


def as_json(change_set: ChangeSet) -> str:
    """For scripts: every change with its type, kind, language, booklet and rule ID."""
    document = {
        "from": change_set.from_label,
        "to": change_set.to_label,
        "langs": list(change_set.langs),
        "changes": [{"type": _TYPES[type(change)], **_plain(change)} for change in change_set.changes],
        "terms": [{"type": "term", **_plain(term)} for term in change_set.terms],
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


FORMATTERS: dict[str, Callable[[ChangeSet, BookMeta], str]] = {
    "text": as_text,
    "markdown": as_markdown,
    "json": lambda change_set, meta: as_json(change_set),
}
