"""Typed identifiers: rule sections, tables and worked examples.

Every ID is parsed once, at the boundary where it is read from a file, and
passed around as a value afterwards.

>>> RuleId.parse("C4.7")
RuleId('C4.7')
>>> RuleId.parse("C4").is_chapter
True
>>> RuleId.parse("A3.10").anchor
'sec-A3-10'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

BOOKLET_LETTERS = "CAIKM"

# ASCII only: "C４" must not read as C4, nor a slug hold a letter a file system may fold.
_RULE_ID = re.compile(r"^(?P<letter>[A-Z])(?P<chapter>\d{1,3})(?:\.(?P<section>\d{1,3}))?$", re.ASCII)
_SLUG = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$", re.ASCII)
# A key that names folders and output files (a booklet, a card deck): lower-case
# words joined by hyphens, nothing that could climb out of a folder.
_FILE_KEY = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*", re.ASCII)
FILE_KEY_MAX = 64


def is_file_key(text: object) -> bool:
    """Whether ``text`` may name a folder or an output file (``core-rules``, ``contract-types``).

    >>> is_file_key("core-rules"), is_file_key("../../escape"), is_file_key("Core Rules")
    (True, False, False)
    """
    return isinstance(text, str) and len(text) <= FILE_KEY_MAX and _FILE_KEY.fullmatch(text) is not None


# How a rule section's anchor begins: the only anchors whose pages a document prints.
SECTION_ANCHOR = "sec-"


@dataclass(frozen=True, order=True)
class RuleId:
    """A rule ID: booklet letter, chapter and (for a section) section number."""

    letter: str
    chapter: int
    section: int | None = None

    @classmethod
    def parse(cls, text: str) -> RuleId:
        """Parse ``C4.7`` or ``C4``; raise ValueError for anything else.

        The letter must be one of the five booklet letters (C, A, I, K, M).
        """
        match = _RULE_ID.match(text.strip())
        if not match:
            raise ValueError(f"malformed rule ID {text!r} (expected e.g. C4.7)")
        letter = match["letter"]
        if letter not in BOOKLET_LETTERS:
            raise ValueError(
                f"unknown booklet letter {letter!r} in {text!r} "
                f"(booklet letters are {', '.join(BOOKLET_LETTERS)})"
            )
        section = match["section"]
        return cls(letter, int(match["chapter"]), int(section) if section else None)

    @property
    def is_chapter(self) -> bool:
        return self.section is None

    @property
    def chapter_id(self) -> RuleId:
        return RuleId(self.letter, self.chapter)

    @property
    def anchor(self) -> str:
        """The HTML/PDF anchor name of the section (dots are not safe in all viewers)."""
        return SECTION_ANCHOR + str(self).replace(".", "-")

    def __str__(self) -> str:
        if self.section is None:
            return f"{self.letter}{self.chapter}"
        return f"{self.letter}{self.chapter}.{self.section}"

    def __repr__(self) -> str:
        return f"RuleId('{self}')"


def _slug(kind: str, text: str) -> str:
    if not isinstance(text, str) or not _SLUG.match(text):
        raise ValueError(f"malformed {kind} ID {text!r} (use lower-case letters, digits, - or _)")
    return text


@dataclass(frozen=True, order=True)
class TableId:
    """A table's ID, e.g. ``melee-weapons``."""

    name: str

    @classmethod
    def parse(cls, text: str) -> TableId:
        return cls(_slug("table", text))

    @property
    def anchor(self) -> str:
        return "tbl-" + self.name

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, order=True)
class ExampleId:
    """A worked example's ID, e.g. ``budget``; shared by both languages."""

    name: str

    @classmethod
    def parse(cls, text: str) -> ExampleId:
        return cls(_slug("example", text))

    @property
    def anchor(self) -> str:
        return "ex-" + self.name

    def __str__(self) -> str:
        return self.name
