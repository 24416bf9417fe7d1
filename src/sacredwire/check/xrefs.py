"""Cross-reference checks: every reference is written ``{ID}``, names a real
section, and a short ``{=ID}`` stands right after its target's title."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from ..diagnostics import Diagnostic, Location, Severity
from ..ids import BOOKLET_LETTERS, RuleId
from ..markup import XREF_PATTERN
from ..model import Rulebook, Section, Text
from ..suggest import did_you_mean
from . import check, iter_sections, iter_xrefs
from ._source import prose_lines, source_lines

_ID_SHAPE = re.compile(r"^[A-Z]\d+(?:\.\d+)?$", re.ASCII)
# A section ID anywhere in prose, or a chapter ID where a reference would stand:
# "(C4", "(C4.13, Vol. 2)", "see C4". Braces are already blanked out.
_PLAIN_ID = re.compile(
    r"(?:\(\s*|\b(?i:see|véase|ver)\s+)(?P<cited>[A-Z]\d+(?:\.\d+)?)\b"
    r"|(?<![\w.])(?P<section>[A-Z]\d+\.\d+)\b"
)
# "(Missions, Vol. 5)": another booklet cited by hand, without section or page.
_PLAIN_VOLUME = re.compile(r"\bVol\.\s*(?P<volume>\d+)")
# "Line of Sight (LoS)" may be referred to as "Line of Sight {=C4.9}".
_TRAILING_PARENTHESIS = re.compile(r"\s*\([^()]*\)$")


@check("xref")
def malformed_reference(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for _, xref in iter_xrefs(rulebook):
        if xref.target is not None:
            continue
        if _ID_SHAPE.match(xref.raw) and xref.raw[0] not in BOOKLET_LETTERS:
            yield Diagnostic("XREF003", Severity.ERROR, xref.location,
                             f"reference {{{xref.raw}}} uses booklet letter {xref.raw[0]!r}, "
                             f"which is not C, A, I, K or M",
                             "Requisitions is A: R3.2 is written {A3.2}")
        else:
            yield Diagnostic("XREF002", Severity.ERROR, xref.location,
                             f"malformed reference {{{xref.raw}}}", "write an ID such as {C4.7}")


@check("xref")
def unknown_target(rulebook: Rulebook) -> Iterator[Diagnostic]:
    known = {lang: rulebook.sections(lang) for lang in rulebook.meta.languages}
    for lang, xref in iter_xrefs(rulebook):
        # Table words may be in a language the book does not publish (yet): never printed.
        if xref.target is not None and lang in known and xref.target not in known[lang]:
            yield Diagnostic("XREF001", Severity.ERROR, xref.location,
                             f"reference to unknown section {xref.target}"
                             f"{did_you_mean(xref.target, known[lang])}",
                             "check the ID, or write the target section first")


@check("xref")
def plain_text_id(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """An ID typed as text prints without its title, volume and page."""
    for _, section in iter_sections(rulebook):
        for line, text in prose_lines(section):
            for match in _PLAIN_ID.finditer(text):
                written = match["cited"] or match["section"]
                yield Diagnostic("XREF004", Severity.ERROR, Location(section.location.file, line),
                                 f"rule ID {written} written as plain text",
                                 f"write {{{written}}} (or {{={written}}} after its title) so it prints "
                                 f"with its page and, in another booklet, its volume")
            for match in _PLAIN_VOLUME.finditer(text):
                yield Diagnostic("XREF006", Severity.ERROR, Location(section.location.file, line),
                                 f"Vol. {match['volume']} cited as plain text, without a section or page",
                                 "reference the section itself, e.g. {M3.2}: the volume and page are printed for you")


def _ends_with_title(preceding: str, title: str) -> bool:
    words = " ".join(preceding.split()).casefold()
    title = " ".join(title.split()).casefold()
    if not words.endswith(title):
        return False
    before = words[: len(words) - len(title)]
    return not before or not before[-1].isalnum()


def _title_matches(preceding: str, target: Section) -> bool:
    short_title = _TRAILING_PARENTHESIS.sub("", target.title)
    return _ends_with_title(preceding, target.title) or _ends_with_title(preceding, short_title)


@check("xref")
def short_reference_without_title(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """``{=ID}`` prints only the ID and page, so the words before it must be the title."""
    known: dict[str, dict[RuleId, Section]] = {lang: rulebook.sections(lang)
                                               for lang in rulebook.meta.languages}
    for booklet, section in iter_sections(rulebook):
        for xref in section.xrefs:
            target = known[booklet.lang].get(xref.target) if xref.short and xref.target else None
            if target is None or _title_matches(xref.preceding_text, target):
                continue
            yield Diagnostic("XREF005", Severity.ERROR, xref.location,
                             f"short reference {{={xref.target}}} does not follow its title "
                             f"{target.title!r}",
                             f"write '{target.title} {{={xref.target}}}', or the full reference "
                             f"{{{xref.target}}}")


# Anything in braces on a prose line. Valid references, table lines and page
# breaks are parsed by the loader; the rest is printed as written.
_BRACED = re.compile(r"\{([^{}\n]{1,40})\}")
_DIRECTIVE = re.compile(r"table:|pagebreak$")
_IMAGE_ALT = re.compile(r"!\[[^\]]*\]?")
# Where a reference is not parsed: block titles and attributions, image alt text.
_NO_REFERENCES_LINE = re.compile(r"^\s*:::")


def _meant_as_reference(inner: str) -> str | None:
    """The ID a braced text was meant to name (``{ c4.7}`` -> ``C4.7``), else None."""
    candidate = unicodedata.normalize("NFKC", inner).strip().lstrip("=").strip().upper()
    return candidate if _ID_SHAPE.fullmatch(candidate) else None


def _braced_problems(text: str, in_title: bool) -> Iterator[str]:
    # Found once per line, so a long line costs linear time, not quadratic.
    alt_texts = [(alt.start(), alt.end()) for alt in _IMAGE_ALT.finditer(text)]
    current = 0
    for match in _BRACED.finditer(text):
        inner = match[1]
        meant = _meant_as_reference(inner)
        if meant is None or _DIRECTIVE.match(inner):
            continue
        parsed = XREF_PATTERN.fullmatch(match[0]) is not None and _ID_SHAPE.fullmatch(inner.lstrip("="))
        while current < len(alt_texts) and alt_texts[current][1] <= match.start():
            current += 1
        in_alt_text = current < len(alt_texts) and alt_texts[current][0] < match.start()
        if in_title or in_alt_text:
            yield (f"reference {match[0]} stands where references are not printed (a heading, a block "
                   f"title or attribution, or image alt text): it would print as written")
        elif not parsed:
            yield f"malformed reference {match[0]}: write {{{meant}}}"


@check("xref")
def literal_reference(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """A typo'd reference (``{c4.7}``, ``{ C4.7}``, full-width digits) or a reference
    where none is parsed would be printed as literal braces."""
    for _, section in iter_sections(rulebook):
        file = section.location.file
        for message in _braced_problems(section.title, in_title=True):
            yield Diagnostic("XREF002", Severity.ERROR, section.location, message,
                             "write an ID such as {C4.7} in running text")
        for line, text in source_lines(section):
            for message in _braced_problems(text, in_title=bool(_NO_REFERENCES_LINE.match(text))):
                yield Diagnostic("XREF002", Severity.ERROR, Location(file, line), message,
                                 "write an ID such as {C4.7} in running text")
    for table in rulebook.tables.values():
        texts = [(row.location, cell) for row in table.rows
                 for cell in row.cells.values() if isinstance(cell, Text)]
        texts += [(table.location, table.note)] if table.note else []
        for location, cell_text in texts:
            for _, words in sorted(cell_text.values.items()):
                for message in _braced_problems(words, in_title=False):
                    yield Diagnostic("XREF002", Severity.ERROR, location, message, "write an ID such as {C4.7}")
