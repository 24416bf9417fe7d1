"""The typographic text pass: quotes, minus signs, inch marks, spaces, word breaks.

Content is typed with the keys on a keyboard (``"``, ``-1 DT``, ``3"``); the
printed page wants the typesetter's characters. One pass turns the first into
the second, the same for prose, table cells and template strings:

- quotes: “ ” and ‘ ’ in English; « » in Spanish, with “ ” inside;
- a minus sign (−) for a hyphen-minus that starts a number (``-1 DT``);
- one inch mark (″) and one foot mark (′) after numbers;
- no-break spaces where a line break reads badly: ``−1 DT``, ``p. 14``,
  ``Vol. 2``, ``2d6 + 1``, a number and its unit;
- the project's hyphenation list (``content/hyphenation.yaml``): words never
  broken are wrapped in a span that turns hyphenation off, preferred break
  points become soft hyphens (which WeasyPrint then uses instead of its
  dictionary).

Quotes are decided from the character before them, so the pass keeps a small
state (the last character, the open quotes) across the pieces of one
paragraph: a quote may open in one text token and close after some bold text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from markupsafe import Markup, escape

from ..languages import every_language, language
from ..model import HyphenationRules, Language

NBSP = "\u00a0"
MINUS = "\u2212"
INCH = "\u2033"
FOOT = "\u2032"
SOFT_HYPHEN = "\u00ad"
ZERO_WIDTH_SPACE = "\u200b"

APOSTROPHE = "\u2019"

# A quote after one of these, or after any language's opening quote mark (or at the start), opens;
# anywhere else it closes.
_OPENING_CONTEXT = frozenset(" \t\n\u00a0([{\u2014\u2013-/")


# Keyed by the languages loaded: a long-running process that loads the content again gets new ones.
_LOADS_KEPT = 4


@lru_cache(maxsize=_LOADS_KEPT)
def _opening_marks(languages: tuple[Language, ...]) -> frozenset[str]:
    return frozenset(opening[-1] for entry in languages for opening, _ in entry.quotes) | _OPENING_CONTEXT

# A hyphen-minus starting a number, not inside a word or range ("2-3", "C2-4").
_MINUS = re.compile(r"(?<![\w.\u2033\u2032/])-(?=\d)")
# Spaces that must not break: number + short upper-case abbreviation (−1 DT,
# +1 ND), page and volume labels (every language's, from its entry), dice
# sums, number + unit.
_NBSP_RULES: tuple[re.Pattern[str], ...] = (
    re.compile(r"(?<=[\d\u2033\u2032]) (?=[A-Z]{2,3}\b)"),
    re.compile(r"(?<=\dd\d) (?=[+\u2212] \d)|(?<=d\d [+\u2212]) (?=\d)|(?<=\bd\d) (?=[+\u2212] \d)"),
    re.compile(r"(?<=\d) (?=(?:mm|cm|in|inches|inch|pulgadas|pulgada|%)\b)"),
)


def _abbreviations(languages: tuple[Language, ...]) -> list[str]:
    """Every language's page labels, and its volume label with a capital and without (a sentence may start
    with it)."""
    found: set[str] = set()
    for entry in languages:
        volume = entry.references.volume
        found |= {entry.references.page, entry.references.pages, volume.lower(), volume[0].upper() + volume[1:]}
    return sorted(found)


@lru_cache(maxsize=_LOADS_KEPT)
def _label_space(languages: tuple[Language, ...]) -> re.Pattern[str]:
    """The space between a page or volume label and its number ("p. 14", "vol. 2")."""
    return re.compile("(?:" + "|".join(f"(?<=\\b{re.escape(label)})" for label in _abbreviations(languages))
                      + ") (?=\\d)")


@lru_cache(maxsize=_LOADS_KEPT)
def _reference(languages: tuple[Language, ...]) -> re.Pattern[str]:
    """A page reference in parentheses: "(C2.4, Vol. 1, p. 10)", "(véase pág. 3)"."""
    pages = "|".join(re.escape(label) for entry in languages
                     for label in (entry.references.page, entry.references.pages))
    return re.compile(r"\((?=[^()]*\b(?:" + pages + r")[ \u00a0]?\d)[^()\n]{0,40}\)")


_WORD = re.compile(r"[^\W\d_][\w\u00ad]*", re.UNICODE)

# Spanish line breaks (the norm of Spanish publishing): a one-letter word (y,
# e, o, u, a) never ends a line, a number never ends a line without its noun,
# a measure stays with the word it measures ("Empuje 1″"), and "%" keeps its
# space before it. Ranges take the en dash, in prose as in tables.
_ES_ONE_LETTER = re.compile(r"(?<![\w\u00ad.,\u2212+-])([yeouaYEOUA]) (?=\S|$)")
_ES_NUMBER_NOUN = re.compile(r"(?<![\w.,/\u00ad])([+\u2212]?\d+(?:,\d+)?[\u2033\u2032]?) (?=[^\W\d_])")
_ES_MEASURE = re.compile(r"(?<=[^\W\d_]) (?=[+\u2212]?\d+(?:,\d+)?[\u2033\u2032])")
_ES_PERCENT = re.compile(r"(?<=[\d\w]) (?=%)")
# A range typed with a hyphen ("1-4") prints with the en dash tables use ("1–4").
_ES_RANGE = re.compile(r"(?<![\w.,\u2212+-])(\d+)-(?=\d+(?![\w-]))")
_DIGITS = set("0123456789\u2033\u2032")


@dataclass
class QuoteState:
    """What the pass remembers between the pieces of one paragraph."""

    last: str = ""
    open_quotes: list[int] = field(default_factory=list)


def _quote(char: str, before: str, after: str, lang: str, state: QuoteState) -> str:
    pairs = language(lang).quotes
    if char == "'":
        if before.isalpha() and (after.isalpha() or not state.open_quotes or after == ""):
            return APOSTROPHE  # it's, players', and a closing quote read the same
        if before.isdigit():
            return FOOT
    if char == '"' and before.isdigit() and not state.open_quotes:
        return INCH
    # At the end of a piece the next character is unknown (bold text may
    # follow): the character before decides alone.
    opening = (before == "" or before in _opening_marks(every_language())) and not after.isspace()
    if opening:
        depth = len(state.open_quotes) if char == '"' else max(len(state.open_quotes), 1)
        depth = min(depth, len(pairs) - 1)
        state.open_quotes.append(depth)
        return pairs[depth][0]
    if state.open_quotes:
        return pairs[state.open_quotes.pop()][1]
    return APOSTROPHE if char == "'" else pairs[0][1]


def characters(text: str, lang: str, state: QuoteState | None = None) -> str:
    """``text`` with typographic quotes, minus signs, inch marks and no-break spaces.

    >>> characters('a "Veteran" gets -1 DT at 3" (p. 14)', "en")
    'a “Veteran” gets −1\\xa0DT at 3″ (p.\\xa014)'
    >>> characters('dice "el "Enjambre" ataca"', "es")
    'dice «el “Enjambre” ataca»'
    """
    state = state if state is not None else QuoteState()
    text = _MINUS.sub(MINUS, text)
    out: list[str] = []
    for index, char in enumerate(text):
        if char in "\"'":
            before = out[-1][-1] if out else state.last
            after = text[index + 1] if index + 1 < len(text) else ""
            char = _quote(char, before, after, lang, state)
        out.append(char)
    result = "".join(out)
    result = _NBSP_RULES[0].sub(NBSP, result)
    result = _label_space(every_language()).sub(NBSP, result)
    for rule in _NBSP_RULES[1:]:
        result = rule.sub(NBSP, result)
    result = reference_spaces(result)
    for norm in language(lang).line_breaks:
        result = LINE_BREAK_RULES[norm](result, state.last in _DIGITS)
    if result:
        state.last = result[-1]
    return result


def reference_spaces(text: str) -> str:
    """``text`` with no-break spaces inside each parenthesised page reference.

    A reference broken over two lines ("(C1.10, / p. 8)") reads as two
    fragments; it is short enough to move to the next line whole.

    >>> reference_spaces("see Odds (C1.10, Vol. 1, p. 8) first")
    'see Odds (C1.10,\xa0Vol.\xa01,\xa0p.\xa08) first'
    """
    return _reference(every_language()).sub(lambda match: match.group().replace(" ", NBSP), text)


def spanish_no_break(text: str, after_number: bool = False) -> str:
    """``text`` with the no-break spaces of Spanish typography.

    ``after_number`` tells that the text continues a number printed just
    before it (a field): a leading space before its noun does not break either.

    >>> spanish_no_break("gana +1 Mérito y a 2 miniaturas, Empuje 1″, 50 %")
    'gana +1\xa0Mérito y\xa0a\xa02\xa0miniaturas, Empuje\xa01″, 50\xa0%'
    >>> spanish_no_break("con 1-4 o 2d6-2")
    'con 1–4\xa0o\xa02d6-2'
    """
    text = _ES_RANGE.sub(lambda m: m.group(1) + "\u2013", text)
    text = _ES_ONE_LETTER.sub(lambda m: m.group(1) + NBSP, text)
    text = _ES_NUMBER_NOUN.sub(lambda m: m.group(1) + NBSP, text)
    text = _ES_MEASURE.sub(NBSP, text)
    text = _ES_PERCENT.sub(NBSP, text)
    if after_number and re.match(r" [^\W\d_]", text):
        text = NBSP + text[1:]
    return text


# A language's line-break norms (``line_breaks`` in its entry) by name: text, and whether a number was
# printed just before it -> text with the norm's no-break spaces.
LINE_BREAK_RULES: dict[str, Callable[[str, bool], str]] = {"spanish": spanish_no_break}


def _hyphenated(word: str, rules: HyphenationRules) -> str | None:
    """``word`` with the project's soft hyphens, or None if the list does not name it."""
    key = word.replace(SOFT_HYPHEN, "").lower()
    pattern = rules.breaks.get(key)
    if pattern is None:
        return None
    # Keep the word's own capitals: copy the pattern's break points onto it.
    out, source = [], iter(word.replace(SOFT_HYPHEN, ""))
    for mark in pattern:
        out.append(SOFT_HYPHEN if mark == "-" else next(source))
    return "".join(out)


def _word_html(word: str, rules: HyphenationRules) -> str:
    broken = _hyphenated(word, rules)
    if broken is not None:
        return str(escape(broken))
    if word.lower() in rules.keep:
        return f'<span class="nohyphen">{escape(word)}</span>'
    return str(escape(word))


def _break_before(text: str, start: int) -> int:
    """Where a line may break before the word at ``start``, with the words held to it."""
    while start > 0 and text[start - 1] == NBSP:
        start = max(text.rfind(space, 0, start - 1) for space in (" ", "\t", "\n")) + 1
    return start


def _escaped_with_breaks(text: str, start: int, end: int, breaks: set[int]) -> str:
    """``text[start:end]`` escaped, with a zero-width space at each of ``breaks`` (at ``end`` too)."""
    cuts = sorted(index for index in breaks if start < index <= end)
    pieces, position = [], start
    for cut in cuts:
        pieces.append(str(escape(text[position:cut])) + ZERO_WIDTH_SPACE)
        position = cut
    pieces.append(str(escape(text[position:end])))
    return "".join(pieces)


def words_html(text: str, rules: HyphenationRules, last_word_whole: bool = False) -> Markup:
    """``text`` escaped, with listed words kept whole or given their preferred breaks.

    ``last_word_whole`` keeps a paragraph's last two words together and unbroken
    (one span, a no-break space between them), so no paragraph ends on a line
    holding one word or one syllable. Words already held to the first of them
    by no-break spaces (``−1 DT Combat``) go into the span too, and a zero-width
    space marks the break before it: when the span does not fit at the end of
    a line, WeasyPrint otherwise goes back into the text before it for a break
    and may break that line after its first word or syllable ("Contraata-").
    """
    matches = list(_WORD.finditer(text))
    tail = None
    if last_word_whole and len(matches) >= 2:
        before, last = matches[-2], matches[-1]
        closing = text[last.end():].strip(".,;:!?)»”’″ ") == ""
        if closing and text[before.end():last.start()] in (" ", NBSP):
            tail = before.start()
            while tail > 0 and text[tail - 1] == NBSP:
                tail = max(text.rfind(space, 0, tail - 1) for space in " \t\n") + 1
    pieces: list[str] = []
    position = 0
    # A kept word is an inline box WeasyPrint cannot break: when it does not fit at a
    # line's end, WeasyPrint goes back into the text before it for a break and ends
    # lines early, on a syllable ("pifia-" / "ría"). A zero-width space where the line
    # may break before the box (before the words no-break spaces hold to it) gives it
    # the break it needs.
    # Words no-break spaces hold to a kept word ("y Cibernética") go into its box,
    # so that the text before the box ends where a line may break.
    kept = [match for match in matches if (tail is None or match.start() < tail)
            and _hyphenated(match.group(), rules) is None and match.group().lower() in rules.keep]
    groups = {_break_before(text, match.start()): match for match in kept}
    # Only after a space: a break there is one the line already had ("(Broadcasters" keeps none).
    breaks = {begin for begin in groups if begin > 0 and text[begin - 1] in " \t\n"}
    index = 0
    while index < len(matches):
        match = matches[index]
        if tail is not None and match.start() >= tail:
            break
        start = next((begin for begin in groups if position <= begin < match.start()), match.start())
        word = groups.get(start)
        if word is not None and start < word.start():
            pieces.append(_escaped_with_breaks(text, position, start, breaks))
            pieces.append(f'<span class="nohyphen">{escape(text[start:word.end()])}</span>')
            position = word.end()
            while index < len(matches) and matches[index].start() < position:
                index += 1
            continue
        pieces.append(_escaped_with_breaks(text, position, match.start(), breaks))
        pieces.append(_word_html(match.group(), rules))
        position = match.end()
        index += 1
    if tail is not None:
        pieces.append(str(escape(text[position:tail])))
        last = matches[-1]
        held = re.sub(r"\s", NBSP, text[tail:last.end()])
        pieces.append(f'{ZERO_WIDTH_SPACE if tail else ""}<span class="nohyphen">{escape(held)}</span>')
        position = last.end()
    pieces.append(str(escape(text[position:])))
    return Markup("".join(pieces))


@dataclass(frozen=True)
class Typesetter:
    """The text pass for one language and its hyphenation list."""

    lang: str
    rules: HyphenationRules

    def text(self, text: str) -> Markup:
        """A standalone string (a template string, a term, a title) as HTML."""
        return words_html(characters(text, self.lang), self.rules)

    def tokens(self, tokens: Sequence[Any]) -> list[Any]:
        """Copies of markdown-it ``tokens`` with every text piece typeset.

        Text tokens become ``html_inline`` tokens holding escaped HTML, so the
        renderer prints them as they are; code and raw HTML are left alone.
        """
        result = []
        for index, token in enumerate(tokens):
            if token.type == "inline" and token.children:
                in_paragraph = index > 0 and tokens[index - 1].type == "paragraph_open"
                token = token.copy(children=self.inline_children(token.children, in_paragraph))
            result.append(token)
        return result

    def inline_children(self, children: Sequence[Any], in_paragraph: bool = False) -> list[Any]:
        """Inline tokens (a paragraph's or a table cell's) with their text typeset."""
        state = QuoteState()
        # Words marked as holding no rule (``{not-a-rule:28 mm}``) are typeset as the words they are.
        texts = [index for index, child in enumerate(children) if child.type in ("text", "not_a_rule")]
        last_text = texts[-1] if texts and texts[-1] == len(children) - 1 else None
        result = []
        for index, child in enumerate(children):
            if child.type in ("text", "not_a_rule"):
                html = words_html(characters(child.content, self.lang, state), self.rules,
                                  last_word_whole=in_paragraph and index == last_text)
                child = child.copy(type="html_inline", content=str(html))
            elif child.type in ("softbreak", "hardbreak"):
                state.last = " "
            elif child.type == "code_inline":
                state.last = child.content[-1:] or state.last
            elif child.type == "example_field":
                # A field prints a number (or, formatted, a word): a quote mark right after a
                # number is an inch mark, as it is after typed digits.
                # The rule fields' :inches, :half-inches and :top print digits too.
                state.last = "0" if child.meta.get("format", "") in (
                    "", "signed", "list", "inches", "half-inches", "top") else "a"
            result.append(child)
        return result
