"""Glossary consistency: one Spanish word per concept, everywhere it is printed.

A glossary term may list Spanish words that must not stand for it
(``avoid: [escuadra]`` under ``squad``). GLOSS001 reports each use of one of
them in the Spanish text: rule sections, table and metadata words, literal
text in templates and the Spanish template catalog.

Matching is whole-word and case-insensitive, ignores accents ("emision" is
"emisión") and accepts the Spanish plural of every word ("escuadras",
"emisiones"). It cannot tell meanings apart: a listed word is reported even
where it is right for another concept, so only words that are always wrong
belong in ``avoid``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml
from babel.messages.pofile import read_po

from ..diagnostics import ContentError, Diagnostic, Location, Severity
from ..load._yaml import compose_yaml
from ..model import Rulebook, Term
from . import check, iter_sections
from ._source import source_lines

SPANISH = "es"
CATALOG = f"locales/{SPANISH}/LC_MESSAGES/messages.po"
_ACCENTS = {"a": "aá", "e": "eé", "i": "ií", "o": "oó", "u": "uúü", "n": "nñ"}
# Jinja tags, expressions and comments, and HTML tags: code, not printed words.
_TEMPLATE_CODE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|<[^>]*>", re.DOTALL)
# `{C4.7}`, `{table:x}`, `{from=…}`: syntax, not words.
_BRACES = re.compile(r"\{[^{}\n]*\}")


@dataclass(frozen=True)
class Variant:
    """A Spanish word to avoid, and the term it must be replaced by."""

    word: str
    term: Term
    pattern: re.Pattern[str]


def _word_pattern(word: str) -> str:
    """One word, any accents and case, optionally in the plural."""
    letters = "".join(f"[{_ACCENTS[c]}]" if c in _ACCENTS else re.escape(c)
                      for c in word.casefold().translate(str.maketrans("áéíóúüñ", "aeiouun")))
    return letters + "(?:s|es)?"


def variant_pattern(phrase: str) -> re.Pattern[str]:
    """Whole words of ``phrase``, case- and accent-insensitive, each possibly plural."""
    words = [_word_pattern(word) for word in phrase.split()]
    return re.compile(r"(?<![\w])" + r"\s+".join(words) + r"(?![\w])", re.IGNORECASE)


def _variants(rulebook: Rulebook) -> list[Variant]:
    return [Variant(word, term, variant_pattern(word))
            for term in rulebook.glossary.values() for word in term.avoid]


def _spanish_yaml_lines(root: Path, rel: str) -> Iterator[tuple[int, str]]:
    """``(line, text)`` for every string under an ``es:`` key of a YAML file."""
    node = compose_yaml(root / rel, rel)
    stack = [node] if node is not None else []
    while stack:
        current = stack.pop()
        if isinstance(current, yaml.MappingNode):
            for key, value in current.value:
                if isinstance(key, yaml.ScalarNode) and key.value == SPANISH and isinstance(value, yaml.ScalarNode):
                    yield value.start_mark.line + 1, value.value
                else:
                    stack.append(value)
        elif isinstance(current, yaml.SequenceNode):
            stack.extend(current.value)


def _catalog_lines(root: Path) -> Iterator[tuple[int, str]]:
    """``(line of the msgid, Spanish text)`` for every translated template string."""
    path = root / CATALOG
    if not path.is_file():
        return
    with path.open("rb") as handle:
        try:
            catalog = read_po(handle, locale=SPANISH, abort_invalid=True)
        except Exception as exc:  # babel raises PoFileError (or ValueError) with the line
            raise ContentError(Location(CATALOG, getattr(exc, "lineno", 1) or 1),
                               f"unreadable catalog: {exc}") from None
    for message in catalog:
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            if text:
                yield message.lineno, _BRACES.sub(" ", text)


def _template_lines(root: Path) -> Iterator[tuple[str, int, str]]:
    """Literal text of every template, line by line (Jinja and HTML tags blanked)."""
    for path in sorted((root / "templates").rglob("*.j2")):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8")
        # Blank code but keep its newlines, so lines still count right.
        literal = _TEMPLATE_CODE.sub(lambda m: "\n" * m.group().count("\n"), text)
        for number, line in enumerate(literal.splitlines(), start=1):
            yield rel, number, line


def _spanish_texts(rulebook: Rulebook) -> Iterator[tuple[str, int, str]]:
    """``(file, line, text)`` for every place Spanish words are printed from."""
    root = Path(rulebook.root)
    for booklet, section in iter_sections(rulebook):
        if booklet.lang != SPANISH:
            continue
        file = section.location.file
        yield file, section.location.line, _BRACES.sub(" ", section.title)
        for line, text in source_lines(section):
            yield file, line, _BRACES.sub(" ", text)
    yaml_files = ["content/book.yaml", "content/quick-reference.yaml",
                  *(p.relative_to(root).as_posix() for p in sorted((root / "content" / "tables").glob("*.yaml")))]
    for rel in yaml_files:
        if (root / rel).is_file():
            for line, text in _spanish_yaml_lines(root, rel):
                yield rel, line, _BRACES.sub(" ", text)
    yield from _template_lines(root)
    for line, text in _catalog_lines(root):
        yield CATALOG, line, text


@check("glossary")
def spanish_variant_of_term(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """A Spanish word the glossary says to avoid, used where Spanish is printed."""
    variants = _variants(rulebook)
    if SPANISH not in rulebook.meta.languages or not variants:
        return
    for file, line, text in _spanish_texts(rulebook):
        for variant in variants:
            for match in variant.pattern.finditer(text):
                wanted = variant.term.text.get(SPANISH) or variant.term.key
                yield Diagnostic("GLOSS001", Severity.WARNING, Location(file, line),
                                 f"{match.group()!r} is a variant of the glossary term "
                                 f"{variant.term.key} ({wanted!r})",
                                 f"write '{wanted}': the glossary lists '{variant.word}' to avoid "
                                 f"({variant.term.location})")
