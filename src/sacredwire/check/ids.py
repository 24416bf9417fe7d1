"""ID hygiene: unique, in the right booklet, under the right chapter, in order."""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Diagnostic, Severity
from ..ids import RuleId
from ..model import Rulebook, Section
from . import check, iter_sections


@check("ids")
def duplicate_section(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for lang in rulebook.meta.languages:
        seen: dict[RuleId, Section] = {}
        for (_, booklet_lang), booklet in sorted(rulebook.booklets.items()):
            if booklet_lang != lang:
                continue
            for section in booklet.all_sections():
                first = seen.setdefault(section.id, section)
                if first is not section:
                    yield Diagnostic("ID001", Severity.ERROR, section.location,
                                     f"duplicate section ID {section.id} (other instance at {first.location})",
                                     "give each section its own ID")


@check("ids")
def letter_of_other_booklet(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for booklet, section in iter_sections(rulebook):
        if section.id.letter != booklet.meta.letter:
            yield Diagnostic("ID002", Severity.ERROR, section.location,
                             f"{section.id} is in {booklet.meta.key}, whose letter is {booklet.meta.letter}",
                             f"{booklet.meta.key} IDs start with {booklet.meta.letter}; move the section "
                             f"to the booklet of {section.id.letter}, or renumber it")


@check("ids")
def section_of_other_chapter(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for booklet in rulebook.booklets.values():
        for chapter in booklet.chapters:
            for section in chapter.sections:
                if section.id.chapter != chapter.id.chapter:
                    yield Diagnostic("ID003", Severity.ERROR, section.location,
                                     f"section {section.id} is under chapter {chapter.id}",
                                     f"number it {chapter.id}.<n>, or move it under "
                                     f"'# {section.id.chapter_id} ...'")


@check("ids")
def section_out_of_order(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for booklet in rulebook.booklets.values():
        for chapter in booklet.chapters:
            for previous, section in zip(chapter.sections, chapter.sections[1:]):
                # (A section's ID always has its number; 0 only satisfies the type.)
                if (section.id.section or 0) < (previous.id.section or 0):
                    yield Diagnostic("ID004", Severity.ERROR, section.location,
                                     f"section {section.id} comes after {previous.id}",
                                     "sections go in the order of their numbers within a chapter")
