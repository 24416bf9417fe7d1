"""The rulebook model: frozen dataclasses, no I/O.

The loader builds a :class:`Rulebook`; the checker, the rules-engine adapter and
the renderer only read it. Every object keeps the :class:`Location` it was
read from so any finding can point at a ``file:line``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..colour import Cmyk
from ..diagnostics import Location
from ..ids import ExampleId, RuleId, TableId

# Re-exported: the rest of the model and its readers name them from here.
from .language import HyphenationRules as HyphenationRules
from .language import Language as Language
from .settings import OutputSettings

if TYPE_CHECKING:  # the boards' model reads this module's Text
    from .boards import Boards

# The language every translation is made from.
SOURCE_LANG = "en"


@dataclass(frozen=True)
class Text:
    """Words in several languages: ``Text({'en': 'Boss', 'es': 'Jefe'})``."""

    values: Mapping[str, str]

    def __getitem__(self, lang: str) -> str:
        """The text in ``lang``; one not translated yet prints in English (``sw28 check`` reports it)."""
        value = self.values.get(lang)
        return self.values[SOURCE_LANG] if value is None else value

    def get(self, lang: str) -> str | None:
        return self.values.get(lang)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.values.items())))


# --- book metadata ---------------------------------------------------------


@dataclass(frozen=True)
class BookletMeta:
    """One booklet of the series: key (``core-rules``), volume, letter, title.

    ``colour`` tells the volumes apart on covers; ``blurb`` is its back-cover text;
    every section of a chapter in ``page_per_section`` (a mission) starts a page,
    its board on the facing page; every section of a chapter in
    ``page_per_faction`` (a faction: its rules, units and behavior) starts a
    page, and is kept together on it.
    """

    key: str
    volume: int
    letter: str
    title: Text
    subtitle: Text
    location: Location
    colour: Cmyk | None = None
    blurb: Text | None = None
    page_per_section: tuple[str, ...] = ()
    page_per_faction: tuple[str, ...] = ()


@dataclass(frozen=True)
class BookMeta:
    """The metadata printed on covers and colophons and written into PDFs."""

    title: str
    version: str
    date: str
    author: str
    licence: str
    licence_url: str
    languages: tuple[str, ...]
    booklets: tuple[BookletMeta, ...]
    location: Location
    # Where the web edition is published (``https://…/``, ending in a slash), or
    # "" when unknown: links that must be absolute (hreflang, sitemap, sharing) need it.
    site_url: str = ""

    def booklet(self, key: str) -> BookletMeta:
        for booklet in self.booklets:
            if booklet.key == key:
                return booklet
        raise KeyError(key)

    def booklet_for_letter(self, letter: str) -> BookletMeta | None:
        for booklet in self.booklets:
            if booklet.letter == letter:
                return booklet
        return None


@dataclass(frozen=True)
class SearchWords:
    """How the web edition's search reads a player's words in one language (``content/search.yaml``).

    ``synonyms``: groups of words or phrases that find each other (armour and
    armor, LoS and line of sight), lower case; ``stop_words``: words too common
    to find anything by themselves; ``index``: (rule ID, terms) for the rule
    that defines each term, as the index of a printed book lists it.
    """

    synonyms: tuple[tuple[str, ...], ...] = ()
    stop_words: tuple[str, ...] = ()
    index: tuple[tuple[str, tuple[str, ...]], ...] = ()


# --- glossary --------------------------------------------------------------


@dataclass(frozen=True)
class Term:
    """A glossary term: one word per concept and language."""

    key: str
    kind: str
    text: Text
    abbr: Text | None
    location: Location
    # Words that must not stand for this concept, by language code: "escuadra" for squad in
    # Spanish, "this turn" for activation in English (the game has no turns).
    avoid: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # The languages whose form is printed with the glossary's capitals everywhere
    # (Spanish "ronda", never "Ronda" inside a sentence).
    exact_case: frozenset[str] = frozenset()

    def forbidden(self, lang: str) -> tuple[str, ...]:
        """The words that must not stand for this term in ``lang``."""
        return self.avoid.get(lang, ())


# --- tables ------------------------------------------------------------------

COLUMN_KINDS = ("roll", "text", "number", "modifier", "inches", "dice", "term", "plain")

Cell = int | str | Text | None


@dataclass(frozen=True)
class Column:
    key: str
    kind: str
    title: Text
    numeric: bool = False
    # False for columns only cards and the engine read (e.g. a faction rule
    # repeated on every unit): booklet tables leave them out.
    in_booklet: bool = True


@dataclass(frozen=True)
class Row:
    key: str
    cells: Mapping[str, Cell]
    location: Location
    # column -> language -> the YAML line of that language's words in a text cell.
    word_lines: Mapping[str, Mapping[str, int]] = field(default_factory=dict, compare=False)

    def word_location(self, column: str, lang: str) -> Location:
        """Where the words of a text cell are written in ``lang`` (the row's line when not known)."""
        line = self.word_lines.get(column, {}).get(lang, self.location.line)
        return Location(self.location.file, line)

    def __getitem__(self, column: str) -> Cell:
        return self.cells[column]

    def text(self, column: str) -> Text:
        """The cell of a text column: the loader makes each one a :class:`Text`."""
        value = self.cells[column]
        if not isinstance(value, Text):
            raise TypeError(f"row {self.key}: {column!r} is not a text cell")
        return value


@dataclass(frozen=True)
class Table:
    """A table stored once, with numbers once and words per language."""

    id: TableId
    title: Text
    die: str | None
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    note: Text | None
    location: Location
    # References written inside text cells and the note, with their language.
    xrefs: tuple[tuple[str, XRef], ...] = ()
    # language -> the YAML line of the note's words in that language.
    note_lines: Mapping[str, int] = field(default_factory=dict, compare=False)

    def note_location(self, lang: str) -> Location:
        """Where the note's words are written in ``lang`` (the table's line when not known)."""
        return Location(self.location.file, self.note_lines.get(lang, self.location.line))

    @property
    def file_name(self) -> str:
        """The file of ``content/tables/`` the table is stored in, without ``.yaml``: ``core``."""
        return Path(self.location.file).stem

    @property
    def booklet_columns(self) -> tuple[Column, ...]:
        return tuple(column for column in self.columns if column.in_booklet)

    def column(self, key: str) -> Column:
        for column in self.columns:
            if column.key == key:
                return column
        raise KeyError(key)

    def row(self, key: str) -> Row:
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(f"table {self.id} has no row {key!r}")


# --- rule parameters ----------------------------------------------------------

# What a rule parameter measures; the prose types the unit's mark or word next to its field.
PARAMETER_UNITS = ("inches", "feet", "dt", "dice", "count", "subs", "percent", "times", "number")


@dataclass(frozen=True)
class RuleParameter:
    """A number a rule states that no table holds: ``C4.15 blast`` = 3 inches.

    Stored once in ``content/rules.yaml`` under its section; the prose of every
    language prints it through a field (``{$rule.C4.15.blast}``), and the rules
    engine reads it from here.
    """

    section: RuleId
    name: str
    value: int | str
    unit: str
    location: Location


# --- worked examples ----------------------------------------------------------


@dataclass(frozen=True)
class ExampleRole:
    """Who a worked example's numbers belong to: the attacker, a named model, the Health before a hit.

    A field belongs to the role when its first key is the role's name or starts
    with it and ``_`` (``attacker_dice`` and ``attacker_total`` are the
    attacker's), when it is one of ``keys``, or when its path walks through the
    role's name (``total.Dmitri Osei``, a model listed with ``name: Dmitri Osei``).
    The prose names the role with ``words`` in a language when given, else with
    the name of the contract type ``who`` when it is one, else with ``who`` as
    written.
    """

    name: str
    who: str
    words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class Example:
    """The machine-checkable part of a worked example, shared by all languages."""

    id: ExampleId
    section: RuleId
    check: str
    given: Mapping[str, Any]
    claims: Mapping[str, Any]
    location: Location
    roles: tuple[ExampleRole, ...] = ()


# --- prose ------------------------------------------------------------------


@dataclass(frozen=True)
class XRef:
    """A cross-reference written in prose: ``{C2.4}`` or ``{=C2.4}``.

    ``target`` is None when the written ID could not be parsed; ``raw`` keeps
    what was written so the checker can report it.
    """

    raw: str
    target: RuleId | None
    short: bool
    location: Location
    preceding_text: str = ""


@dataclass(frozen=True)
class TablePlacement:
    table: TableId
    location: Location
    in_summary: bool = False


@dataclass(frozen=True)
class ExamplePlacement:
    example: ExampleId
    title: str
    location: Location


@dataclass(frozen=True)
class Section:
    """A rule section (``C4.7``) or a chapter's own text (``C4``).

    ``tokens`` is the parsed Markdown body (markdown-it tokens), parsed once by
    the loader and rendered later; ``source`` is the body's Markdown text,
    whose fingerprint Spanish sections record as ``{from=...}``.
    """

    id: RuleId
    title: str
    source: str
    tokens: tuple[Any, ...]
    location: Location
    xrefs: tuple[XRef, ...] = ()
    tables: tuple[TablePlacement, ...] = ()
    examples: tuple[ExamplePlacement, ...] = ()
    summary: tuple[Any, ...] = ()
    translated_from: str | None = None
    # An English section standing in a translation that has none yet: printed in English, marked.
    untranslated: bool = False

    @property
    def fingerprint(self) -> str:
        """Short hash of the title and text; a translation records its original's."""
        text = self.title.strip() + "\n" + "\n".join(
            line.rstrip() for line in self.source.strip().splitlines() if line.strip()
        )
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


@dataclass(frozen=True)
class Chapter:
    """A chapter: its own text (``intro``) and its sections, in source order."""

    intro: Section
    sections: tuple[Section, ...]

    @property
    def id(self) -> RuleId:
        return self.intro.id

    @property
    def title(self) -> str:
        return self.intro.title


@dataclass(frozen=True)
class Booklet:
    """One booklet in one language."""

    meta: BookletMeta
    lang: str
    chapters: tuple[Chapter, ...]

    def all_sections(self) -> Iterator[Section]:
        """Chapters' own texts and sections, in reading order."""
        for chapter in self.chapters:
            yield chapter.intro
            yield from chapter.sections


@dataclass(frozen=True)
class Rulebook:
    """Everything in ``content/``: the single source of every output."""

    root: str
    meta: BookMeta
    glossary: Mapping[str, Term]
    tables: Mapping[TableId, Table]
    examples: Mapping[ExampleId, Example]
    settings: OutputSettings
    booklets: Mapping[tuple[str, str], Booklet] = field(default_factory=dict)
    # The book's languages, by code, each as its entry in content/languages/ gives it.
    languages: Mapping[str, Language] = field(default_factory=dict)
    search: Mapping[str, SearchWords] = field(default_factory=dict)
    parameters: Mapping[tuple[RuleId, str], RuleParameter] = field(default_factory=dict)
    # Booklets whose rules prose prints every rule number through a field (``content/rules.yaml``,
    # ``checked_booklets``): in them a number typed by hand is a finding.
    checked_booklets: tuple[str, ...] = ()
    # The files of ``content/tables/`` (``core`` for core.yaml) whose words print every rule number
    # through a field (``checked_tables``): in them a number typed by hand is a finding.
    checked_tables: tuple[str, ...] = ()
    # The mission boards of ``content/boards.yaml`` (None when the project has none).
    boards: Boards | None = None

    def parameter(self, section: str, name: str) -> RuleParameter:
        """The rule parameter ``name`` of ``section`` (``"C4.15"``, ``"blast"``); KeyError if none."""
        return self.parameters[(RuleId.parse(section), name)]

    def hyphenation_rules(self, lang: str) -> HyphenationRules:
        """The hyphenation list of ``lang``, from its language entry."""
        return self.languages[lang].hyphenation

    def booklet(self, key: str, lang: str) -> Booklet:
        return self.booklets[(key, lang)]

    def sections(self, lang: str) -> dict[RuleId, Section]:
        """Every section and chapter of every booklet in ``lang``, by ID (first wins)."""
        found: dict[RuleId, Section] = {}
        for (_, booklet_lang), booklet in self.booklets.items():
            if booklet_lang != lang:
                continue
            for section in booklet.all_sections():
                found.setdefault(section.id, section)
        return found
