"""A change set: what changed in the content between two versions, by rule ID.

Every change names the booklet and the rule ID it belongs to, so players
holding the old booklets and translators can find it; the formatters and the
errata sheet only read these objects.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ..ids import ExampleId, RuleId, TableId


class Kind(enum.Enum):
    ADDED = "added"
    REMOVED = "removed"
    MOVED = "moved"
    CHANGED = "changed"
    RENAMED = "renamed"


@dataclass(frozen=True)
class WordEdit:
    """One place where words differ: ``old`` words became ``new`` ones, between some context."""

    before: str
    old: str
    new: str
    after: str


@dataclass(frozen=True)
class SectionChange:
    """A section (or a chapter's own text) added, removed, moved to another ID, or changed.

    ``rule_id``/``title`` are the new edition's (the old one's for a removed
    section); ``old_id``/``old_title`` are set when they differ.
    """

    kind: Kind
    lang: str
    booklet: str
    rule_id: RuleId
    title: str
    old_id: RuleId | None = None
    old_title: str | None = None
    edits: tuple[WordEdit, ...] = ()


@dataclass(frozen=True)
class TranslationPending:
    """A translated section whose English changed while its translation did not.

    ``missing``: the English section is new (or has a new ID) and has no translation yet.
    """

    lang: str
    booklet: str
    rule_id: RuleId
    title: str
    missing: bool = False


@dataclass(frozen=True)
class CellChange:
    column: str
    old: str
    new: str


@dataclass(frozen=True)
class RowChange:
    """A table row added, removed or changed; ``cells`` names each changed value by column."""

    kind: Kind
    name: str
    key: str
    cells: tuple[CellChange, ...] = ()


@dataclass(frozen=True)
class TableChange:
    """A table added, removed or changed, filed under the section that prints it."""

    kind: Kind
    lang: str
    booklet: str
    rule_id: RuleId
    table: TableId
    title: str
    rows: tuple[RowChange, ...] = ()
    columns_added: tuple[str, ...] = ()
    columns_removed: tuple[str, ...] = ()
    note_changed: bool = False


@dataclass(frozen=True)
class ExampleChange:
    """A worked example added, removed or changed: ``what`` lists the parts that changed."""

    kind: Kind
    lang: str
    booklet: str
    rule_id: RuleId
    example: ExampleId
    title: str
    what: tuple[str, ...] = ()
    edits: tuple[WordEdit, ...] = ()


@dataclass(frozen=True)
class TermChange:
    """A glossary term renamed, added or removed in one language."""

    kind: Kind
    lang: str
    key: str
    old: str | None
    new: str | None


Change = SectionChange | TranslationPending | TableChange | ExampleChange


@dataclass(frozen=True)
class ChangeSet:
    """Every change between two versions, in the order a reader meets them."""

    from_label: str
    to_label: str
    langs: tuple[str, ...]
    changes: tuple[Change, ...]
    terms: tuple[TermChange, ...]

    def __bool__(self) -> bool:
        return bool(self.changes or self.terms)

    def only(self, lang: str) -> ChangeSet:
        """The changes in one language."""
        return ChangeSet(self.from_label, self.to_label, (lang,), self.for_lang(lang),
                         tuple(term for term in self.terms if term.lang == lang))

    def for_lang(self, lang: str) -> tuple[Change, ...]:
        return tuple(change for change in self.changes if change.lang == lang)

    def changed_sections(self, lang: str) -> frozenset[RuleId]:
        """The new edition's sections in ``lang`` whose printed text differs from the old one's."""
        return frozenset(change.rule_id for change in self.for_lang(lang)
                         if not isinstance(change, TranslationPending) and change.kind is not Kind.REMOVED)
