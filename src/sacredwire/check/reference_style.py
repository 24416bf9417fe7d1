"""Reference style: a full reference ``{ID}`` must read as part of its sentence.

``{C4.13}`` prints the target's title, then its ID and page: "Cover (C4.13,
p. 15)". Written right after the words it names ("in Cover {C4.13}"), the
title prints twice; written after a noun ("armor and gear {C2.3}"), two noun
phrases run together. Both read as glued. The checker warns:

- XREF007 when one of the two words before the reference (within its
  clause, and after any introducing word) is a word of the target's title:
  use ``Title {=ID}``;
- XREF008 when the word right before it is not one that can introduce a
  title (a preposition, article, conjunction or "see", listed per language
  below), nor punctuation, nor the start of the paragraph, list item or cell.

Limits: words are compared by spelling, with a plural ending dropped, so a
synonym of the title ("shooting" for "Ranged Attacks") is not caught; the
lists of introducing words are short and closed, so a verb that could take
the title ("use {C4.13}") is still reported: write "see {C4.13}" there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..diagnostics import Diagnostic, Severity
from ..languages import every_language, language
from ..model import Rulebook, Section, XRef
from . import check, iter_xrefs

# Words after which a printed title reads as part of the sentence: ``introducing_words`` in each
# language's entry. Those of every language, and these, are too common to count as repeating a title
# ("Line of Sight" after "of").
_MINOR_SYMBOLS = frozenset({"&", "vs", "y/o"})


def _minor_words() -> frozenset[str]:
    return frozenset().union(*(entry.introducing_words for entry in every_language())) | _MINOR_SYMBOLS
# How many words before a reference may repeat its title.
_WINDOW = 2
# Inline Markdown that prints nothing: emphasis marks and code ticks.
_MARKUP = re.compile(r"[*_`]")
# A clause ends at punctuation; a title after it starts afresh.
_CLAUSE_END = re.compile(r"[.,;:!?¿¡()\[\]—–\"“”«»]|\s-\s")
# Punctuation after which a title starts a new clause or a parenthesis.
_OPENING_OR_CLAUSE_END = set(".,;:!?¿¡([—–\"“«")
# A closing quote or parenthesis, or an inch mark, with the word it closes.
_CLOSING = re.compile(r"\S*\S[\")”»\]]$")
_WORD = re.compile(r"[\w'’/-]+", re.UNICODE)


def _stem(word: str) -> str:
    """A word with a plural ending dropped: "Weapons" and "weapon" compare equal."""
    word = word.casefold()
    for ending in ("es", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            return word[: -len(ending)]
    return word


def _clause_before(xref: XRef) -> str:
    """The words between the reference and the closest punctuation before it."""
    text = _MARKUP.sub("", xref.preceding_text)
    pieces = _CLAUSE_END.split(text)
    return pieces[-1] if pieces else ""


def _repeated_title_word(clause: str, title: str) -> str | None:
    minor = _minor_words()
    title_words = {_stem(word) for word in _WORD.findall(title) if word.casefold() not in minor}
    for word in reversed(_WORD.findall(clause)[-_WINDOW:]):
        if word.casefold() in minor:
            break  # "a Power from {A4.1}": the title starts after "from"
        if _stem(word) in title_words:
            return word
    return None


def _unfit_word_before(xref: XRef, lang: str) -> str | None:
    """The word right before the reference, when a title cannot follow it."""
    text = _MARKUP.sub("", xref.preceding_text).rstrip()
    if not text or text.endswith(" -"):
        return None
    if text.endswith("}"):
        return text[text.rfind("{"):]
    closing = _CLOSING.search(text)
    if closing:  # '3"', '"armored"', '(Improvised)': the title would run on after them
        return closing.group()
    if text[-1] in _OPENING_OR_CLAUSE_END:
        return None
    words = _WORD.findall(_clause_before(xref))
    if not words:
        return None
    last = words[-1]
    return None if last.casefold() in language(lang).introducing_words else last


@check("xref")
def reference_reads_glued(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """A full ``{ID}`` right after its own title's words, or after a word that cannot take a title."""
    known: dict[str, dict] = {lang: rulebook.sections(lang) for lang in rulebook.meta.languages}
    for lang, xref in iter_xrefs(rulebook):
        target: Section | None = known.get(lang, {}).get(xref.target) if xref.target else None
        if xref.short or target is None:
            continue
        repeated = _repeated_title_word(_clause_before(xref), target.title)
        if repeated is not None:
            yield Diagnostic("XREF007", Severity.WARNING, xref.location,
                             f"{{{xref.target}}} prints its title {target.title!r} right after "
                             f"{repeated!r}: the words repeat",
                             f"write '{target.title} {{={xref.target}}}' (the short form), "
                             f"or rephrase so the title is said once")
            continue
        unfit = _unfit_word_before(xref, lang)
        if unfit is not None:
            yield Diagnostic("XREF008", Severity.WARNING, xref.location,
                             f"{{{xref.target}}} prints its title {target.title!r} right after "
                             f"{unfit!r}, which cannot take it",
                             "write 'see {ID}' (Spanish 'ver {ID}'), put it in its own clause, "
                             "or use 'Title {=ID}' after the title")
