"""Glossary consistency: one word per concept and language, everywhere it is printed.

A glossary term may list, for any language, words that must not stand for it
(``avoid: {es: [escuadra]}`` under ``squad``). GLOSS001 reports each use of
one of them in that language's text: rule sections, table, example and
metadata words, literal text in templates and the language's template
catalog (``locales/<code>/LC_MESSAGES/messages.po``).

Matching is whole-word and case-insensitive, ignores accents (Unicode
decomposition: "emision" is "emisión", "eleve" is "élève") and accepts each
word with any plural ending the language's entry lists (``plural_endings``:
"escuadras", "emisiones"). It cannot tell meanings apart: a listed word is
reported even where it is right for another concept, so only words that are
always wrong belong in ``avoid``.

GLOSS002 keeps a term's capitals: a term marked ``case: {es: exact}``
("ronda") must be printed in that language as the glossary writes it (English
capitalises labels such as "Round 2" by its own rule, so its terms are not
marked); only the first letter of a sentence may be a capital that the
glossary does not have. Headings, titles and names (table ``title:`` and
``name:`` words) are left out: they follow their own capitalisation.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml
from babel.messages.pofile import read_po

from ..catalogs import catalog_path
from ..diagnostics import ContentError, Diagnostic, Location, Severity
from ..languages import known_codes, language
from ..load import compose_yaml
from ..model import Rulebook, Term
from . import check, iter_sections
from ._source import source_lines

# Jinja tags, expressions and comments, and HTML tags: code, not printed words.
_TEMPLATE_CODE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|<[^>]*>", re.DOTALL)
# `{C4.7}`, `{table:x}`, `{from=…}`: syntax, not words.
_BRACES = re.compile(r"\{[^{}\n]*\}")
# A catalog placeholder (``%(tier)s``) names a value filled in later, not a word of the language.
_PLACEHOLDER = re.compile(r"%\([A-Za-z_]+\)[sd]")


@dataclass(frozen=True)
class Variant:
    """A word to avoid in one language, and the term it must be replaced by."""

    word: str
    term: Term
    pattern: re.Pattern[str]


def _fold(text: str) -> str:
    """``text`` without its accents and case: each letter decomposed (NFD) and its marks dropped."""
    return "".join(char for char in unicodedata.normalize("NFD", text)
                   if not unicodedata.combining(char)).casefold()


@lru_cache(maxsize=1)
def _accented() -> dict[str, str]:
    """Each letter -> the letters that are it with marks ("e" -> "éèêë…"), from Latin to Greek Extended."""
    found: dict[str, str] = {}
    for point in range(0x80, 0x2000):
        char = chr(point)
        base = _fold(char)
        if len(base) == 1 and base != char.casefold():
            found[base] = found.get(base, "") + char
    return found


def _word_pattern(word: str, endings: tuple[str, ...]) -> str:
    """One word, any accents and case, optionally with one of the plural ``endings``."""
    accented = _accented()
    letters = "".join(f"[{re.escape(letter + accented[letter])}]" if letter in accented else re.escape(letter)
                      for letter in _fold(word))
    return letters + (f"(?:{'|'.join(map(re.escape, endings))})?" if endings else "")


@lru_cache(maxsize=1024)
def variant_pattern(phrase: str, endings: tuple[str, ...]) -> re.Pattern[str]:
    """Whole words of ``phrase``, case- and accent-insensitive, each possibly with a plural ending.

    >>> bool(variant_pattern("emisión", ("s", "es")).search("Dos EMISIONES"))
    True
    """
    words = [_word_pattern(word, endings) for word in phrase.split()]
    return re.compile(r"(?<![\w])" + r"\s+".join(words) + r"(?![\w])", re.IGNORECASE)


def _variants(rulebook: Rulebook, lang: str) -> list[Variant]:
    endings = rulebook.languages[lang].plural_endings
    return [Variant(word, term, variant_pattern(word, endings))
            for term in rulebook.glossary.values() for word in term.forbidden(lang)]


def yaml_lines(root: Path, rel: str, lang: str) -> Iterator[tuple[int, str, str]]:
    """``(line, text, field)`` for every string under a ``lang:`` key of a YAML file.

    ``field`` is the key holding the language mapping (``title``, ``effect``…).
    """
    path = root / rel
    try:
        stat = path.lstat()
    except OSError:  # gone since it was listed: read as content is, which reports it
        yield from _compose_lines(path, rel, lang)
        return
    # Several checks read the same files in one run: each file is composed once per version.
    for string_lang, line, text, field in _yaml_strings(path, rel, stat.st_mtime_ns, stat.st_size):
        if string_lang == lang:
            yield line, text, field


@lru_cache(maxsize=64)
def _yaml_strings(path: Path, rel: str, mtime_ns: int, size: int) -> tuple[tuple[str, int, str, str], ...]:
    """``(language, line, text, field)`` for every string under a language key of a YAML file."""
    return tuple((lang, line, text, field)
                 for lang in known_codes() for line, text, field in _compose_lines(path, rel, lang))


def _compose_lines(path: Path, rel: str, lang: str) -> Iterator[tuple[int, str, str]]:
    node = compose_yaml(path, rel)
    stack: list[tuple[yaml.Node, str]] = [(node, "")] if node is not None else []
    while stack:
        current, field = stack.pop()
        if isinstance(current, yaml.MappingNode):
            for key, value in current.value:
                name = key.value if isinstance(key, yaml.ScalarNode) else ""
                if name == lang and isinstance(value, yaml.ScalarNode):
                    yield value.start_mark.line + 1, value.value, field
                else:
                    stack.append((value, name))
        elif isinstance(current, yaml.SequenceNode):
            stack.extend((item, field) for item in current.value)


def catalog_lines(root: Path, lang: str) -> Iterator[tuple[int | None, str]]:
    """``(line of the msgid, text)`` for every translated template string of ``lang``'s catalog."""
    rel = catalog_path(lang)
    path = root / rel
    if not path.is_file():
        return
    with path.open("rb") as handle:
        try:
            catalog = read_po(handle, locale=language(lang).locale, abort_invalid=True)
        except Exception as exc:  # babel raises PoFileError (or ValueError) with the line
            raise ContentError(Location(rel, getattr(exc, "lineno", 1) or 1),
                               f"unreadable catalog: {exc}") from None
    for message in catalog:
        for text in message.string if isinstance(message.string, (tuple, list)) else (message.string,):
            if text:
                yield message.lineno, _PLACEHOLDER.sub(" ", _BRACES.sub(" ", text))


def _template_lines(root: Path) -> Iterator[tuple[str, int, str]]:
    """Literal text of every template, line by line (Jinja and HTML tags blanked)."""
    for path in sorted((root / "templates").rglob("*.j2")):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        # Blank code but keep its newlines, so lines still count right.
        literal = _TEMPLATE_CODE.sub(lambda m: "\n" * m.group().count("\n"), text)
        for number, line in enumerate(literal.splitlines(), start=1):
            yield rel, number, line


def _yaml_files(root: Path) -> list[str]:
    content = root / "content"
    return [rel for rel in ("content/book.yaml", "content/quick-reference.yaml") if (root / rel).is_file()] + [
        path.relative_to(root).as_posix()
        for folder in ("tables", "examples") for path in sorted((content / folder).glob("*.yaml"))]


def _texts(rulebook: Rulebook, lang: str) -> Iterator[tuple[str, int, str]]:
    """``(file, line, text)`` for every place words of ``lang`` are printed from."""
    root = Path(rulebook.root)
    for booklet, section in iter_sections(rulebook):
        if booklet.lang != lang:
            continue
        file = section.location.file
        yield file, section.location.line, _BRACES.sub(" ", section.title)
        for line, text in source_lines(section):
            yield file, line, _BRACES.sub(" ", text)
    for rel in _yaml_files(root):
        for line, text, _ in yaml_lines(root, rel, lang):
            yield rel, line, _BRACES.sub(" ", text)
    yield from _template_lines(root)
    for number, text in catalog_lines(root, lang):
        yield catalog_path(lang), number or 1, text  # the header, which has no line of its own, at the top


@check("glossary")
def variant_of_term(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """A word the glossary says to avoid in a language, used where that language is printed."""
    for lang in rulebook.meta.languages:
        yield from _variant_findings(_variants(rulebook, lang), _texts(rulebook, lang), lang)


def _variant_findings(variants: list[Variant], texts: Iterator[tuple[str, int, str]],
                      lang: str) -> Iterator[Diagnostic]:
    if not variants:
        return
    for file, line, text in texts:
        for variant in variants:
            for match in variant.pattern.finditer(text):
                wanted = variant.term.text.get(lang) or variant.term.key
                yield Diagnostic("GLOSS001", Severity.WARNING, Location(file, line),
                                 f"{match.group()!r} is a variant of the glossary term "
                                 f"{variant.term.key} ({wanted!r})",
                                 f"write '{wanted}': the glossary lists '{variant.word}' to avoid "
                                 f"({variant.term.location})")


# Where a sentence (or a list item, cell or heading) may start: its first letter may be a capital.
_SENTENCE_START = re.compile(r"(?:^|[.!?¿¡|#]|^\s*(?:[-*+]|\d+\.)|\*\*)[\s*_«“\"(]*$")
# Fields whose words are names or titles, capitalised by their own rule.
_TITLE_FIELDS = {"title", "name", "label", "subtitle", "heading"}


def _prose_texts(rulebook: Rulebook, lang: str) -> Iterator[tuple[str, int, str]]:
    """Running text only: section bodies without headings, and YAML words that are not titles."""
    root = Path(rulebook.root)
    for booklet, section in iter_sections(rulebook):
        if booklet.lang == lang:
            for line, text in source_lines(section):
                if not text.lstrip().startswith(("#", ":::", "<")):
                    yield section.location.file, line, _BRACES.sub(" ", text)
    for rel in _yaml_files(root):
        for line, text, field in yaml_lines(root, rel, lang):
            if field not in _TITLE_FIELDS:
                yield rel, line, _BRACES.sub(" ", text)


def _case_differs(found: str, wanted: str, sentence_start: bool) -> bool:
    words, wanted_words = found.split(), wanted.split()
    for index, (word, want) in enumerate(zip(words, wanted_words, strict=False)):
        if word.startswith(want) or (index == 0 and sentence_start and word.startswith(want[:1].upper() + want[1:])):
            continue
        if word[:1] != want[:1]:
            return True
    return False


@check("glossary")
def term_case(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """A term marked ``case: {<lang>: exact}`` printed in that language with other capitals than the glossary's."""
    for lang in rulebook.meta.languages:
        terms = [(term, term.text.get(lang)) for term in rulebook.glossary.values() if lang in term.exact_case]
        endings = rulebook.languages[lang].plural_endings
        patterns = [(term, wanted, variant_pattern(wanted, endings)) for term, wanted in terms if wanted]
        if not patterns:
            continue
        longer = [(len(text.split()), variant_pattern(text, endings)) for term in rulebook.glossary.values()
                  for text in [term.text.get(lang)] if text and len(text.split()) > 1]
        for file, line, text in _prose_texts(rulebook, lang):
            for term, wanted, pattern in patterns:
                matches = list(pattern.finditer(text))
                if not matches:
                    continue
                # A word inside a longer term ("Cadencia de Hostiles") takes that term's capitals.
                inside = [match.span() for size, other in longer if size > len(wanted.split())
                          for match in other.finditer(text)]
                for match in matches:
                    if any(begin <= match.start() and match.end() <= end for begin, end in inside):
                        continue
                    start = bool(_SENTENCE_START.search(text[:match.start()]))
                    if _case_differs(match.group(), wanted, start):
                        yield Diagnostic("GLOSS002", Severity.WARNING, Location(file, line),
                                         f"{match.group()!r}: the glossary term {term.key} is written "
                                         f"{wanted!r}",
                                         f"write it as the glossary does ({term.location}); only a "
                                         "sentence's first letter may be a capital it lacks")
