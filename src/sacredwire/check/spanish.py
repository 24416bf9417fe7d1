"""Spanish editorial norms: what a Spanish publisher's corrector would mark.

Each norm has its own code and is checked line by line wherever Spanish is
printed from: rule sections, the ``es:`` strings of the YAML files and the
Spanish template catalog (template sources are English and left out).

- ES001 "Vol." capitalised inside a sentence, or the English "p." for a page:
  a reference reads "vol. 4, pág. 5".
- ES002 "ver" before a reference: the editorial norm is "véase".
- ES003 a reference inside parentheses (it prints parentheses of its own), or
  parentheses inside parentheses: the inner pair becomes brackets.
- ES004 a per cent sign glued to its number: "50 %" (the space is made a
  no-break space when printed).
- ES005 a hyphen for minus between two numbers: "5 + 2 − 2".
- ES006 a capital after a colon that the RAE does not ask for: the word after
  a colon is lower case, after a label too ("**Excepción:** salir…"), unless
  it is a proper name or a game term (written with a capital everywhere) or
  opens a quotation.
- ES007 the register: the rules speak to one player as "tú"; a vosotros or
  usted form is reported. An in-world corporate quote may keep "usted": mark
  it with ``<!-- register: usted -->`` on the line before its block.
- ES008 a line of the Markdown source ending in a one-letter word (y, e, o, u,
  a) with the sentence going on: the source line break prints as a space a
  line may break at, leaving the word alone at a line end.
- ES009 a line of the Markdown source ending in a number whose noun starts the
  next line: the same break splits "2 / miniaturas".
- ES010 a reference tacked on after a comma (", véase {C4.17}"): a semicolon
  sets it off, or the title becomes part of the sentence.

Limits: the checks read spelling, not grammar. ES006 takes a word to be a
name or term when the glossary, a section title or a capital in the middle of
some Spanish sentence shows it with its capital; ES007 reads a closed list of
forms (``register`` in ``content/languages/es.yaml``) and the ``-áis``/``-éis`` endings.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..catalogs import catalog_path
from ..diagnostics import Diagnostic, Location, Severity
from ..model import Rulebook
from . import check, iter_sections
from ._source import source_lines
from .glossary import catalog_lines, yaml_lines

# The norms are Spanish publishing's: they read the Spanish text only.
SPANISH = "es"
CATALOG = catalog_path(SPANISH)

# HTML tags (diagrams, comments): markup, not printed words.
_TAGS = re.compile(r"<!--.*?-->|<[^>]*>")
# Any `{...}` syntax; references and fields are told apart below.
_BRACES = re.compile(r"\{[^{}\n]*\}")
# A reference: `{C4.7}` (title and page) or `{=C4.7}` (ID and page), both in parentheses when printed.
_REFERENCE = re.compile(r"\{=?[A-Z]\d+(?:\.\d+)?\}")
# A field (`{$claims.total}`): prints a number.
_FIELD = re.compile(r"\{\$[^{}\n]*\}")
# Where a sentence may start: nothing, or a list marker, heading mark, table bar or sentence end.
_SENTENCE_START = re.compile(r"(?:^|[.!?¿¡:|]|^\s*(?:[-*+]|\d+\.|#+)|\*\*)\s*[*_«“\"(]*$")

_VOLUME = re.compile(r"\b(?:Vol|Pág|Págs)\.")
_ENGLISH_PAGE = re.compile(r"(?<![\w.])pp?\.\s*(?:\d|\{)")
_VER = re.compile(r"\b([Vv]er)\b(?=\s*(?:\{|[A-ZÁÉÍÓÚÑ]))|(?<=\()\s*([Vv]er)\b")
_PERCENT = re.compile(r"(?:\d|\})%")
_MINUS = re.compile(r"(?:\d|\}|\))\s+-\s+(?:\d|\{|\()")
_COLON_CAPITAL = re.compile(r":[*_]*\s+[*_]*([A-ZÁÉÍÓÚÑ][\wáéíóúüñ]*)")
_ONE_LETTER_END = re.compile(r"(?:^|\s)([yeouaYEOUA])\s*$")
_NUMBER_END = re.compile(r"(?:^|[\s(])(?:[+−-]?\d+(?:,\d+)?|\{\$[^{}\n]*\})\s*$")
_WORDS = re.compile(r"[\wáéíóúüñÁÉÍÓÚÑ]+")
_STARTS_WITH_WORD = re.compile(r"^\s*[a-záéíóúüñ]")
_CAPITALISED = re.compile(r"(?<=[a-záéíóúüñ] )([A-ZÁÉÍÓÚÑ][\wáéíóúüñ]+)")
# A catalog placeholder, "%(page)s": prints a number or a name.
_PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]")
_USTED_MARK = re.compile(r"<!--\s*register:\s*usted\s*-->")

# Vosotros forms (pronouns and the imperatives a rulebook uses) and usted forms: ``register`` in
# content/languages/es.yaml.
# "-áis"/"-éis" verb endings; numbers spelled out end the same way.
_VOSOTROS_ENDING = re.compile(r"\b[\wáéíóúñ]{2,}(?:áis|éis)\b", re.IGNORECASE)
_NOT_VERBS = {"dieciséis", "veintiséis"}


@dataclass(frozen=True)
class SpanishLine:
    """One line of printed Spanish: where it is, its text, and what kind of source it is."""

    file: str
    line: int
    text: str
    markdown: bool
    # The line after it in the same paragraph, for the line-end norms (Markdown only).
    next_text: str = ""
    usted: bool = False


def _section_lines(rulebook: Rulebook) -> Iterator[SpanishLine]:
    for booklet, section in iter_sections(rulebook):
        if booklet.lang != SPANISH:
            continue
        file = section.location.file
        yield SpanishLine(file, section.location.line, section.title, markdown=False)
        lines = list(source_lines(section))
        usted = False
        for index, (line, text) in enumerate(lines):
            if _USTED_MARK.search(text):
                usted = True
            elif not text.strip():
                usted = False
            if text.lstrip().startswith(":::"):
                continue
            following = lines[index + 1][1] if index + 1 < len(lines) else ""
            yield SpanishLine(file, line, _TAGS.sub(" ", text), markdown=True,
                              next_text=following, usted=usted and not _USTED_MARK.search(text))


def spanish_lines(rulebook: Rulebook) -> Iterator[SpanishLine]:
    """Every line of Spanish the books print, from Markdown, YAML and the catalog."""
    root = Path(rulebook.root)
    yield from _section_lines(rulebook)
    content = root / "content"
    yaml_files = [content / "book.yaml", content / "quick-reference.yaml", content / "glossary.yaml",
                  *sorted((content / "tables").glob("*.yaml")), *sorted((content / "examples").glob("*.yaml"))]
    for path in yaml_files:
        if path.is_file():
            rel = path.relative_to(root).as_posix()
            for line, text, _ in yaml_lines(root, rel, SPANISH):
                yield SpanishLine(rel, line, _TAGS.sub(" ", text), markdown=False)
    for number, text in catalog_lines(root, SPANISH):
        if number is None:  # the catalog's header: metadata, not printed
            continue
        yield SpanishLine(CATALOG, number, _PLACEHOLDER.sub("0", text), markdown=False)


def _sentence_starts_before(text: str, position: int) -> bool:
    return bool(_SENTENCE_START.search(text[:position]))


def _capitalised_words(rulebook: Rulebook, lines: list[SpanishLine]) -> set[str]:
    """Words Spanish writes with a capital inside a sentence: names and game terms."""
    words: set[str] = set()
    for term in rulebook.glossary.values():
        for text in (term.text.get(SPANISH) or "", term.abbr.get(SPANISH) if term.abbr else ""):
            words.update(word for word in _WORDS.findall(text or "") if word[:1].isupper())
    for booklet, section in iter_sections(rulebook):
        if booklet.lang == SPANISH:
            words.update(word for word in _WORDS.findall(section.title)[1:] if word[:1].isupper())
    for spanish in lines:
        words.update(_CAPITALISED.findall(_BRACES.sub(" ", spanish.text)))
    return words


def _finding(code: str, spanish: SpanishLine, message: str, hint: str) -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, Location(spanish.file, spanish.line), message, hint)


def _references(spanish: SpanishLine) -> Iterator[Diagnostic]:
    text = spanish.text
    plain = _BRACES.sub(lambda m: " " * len(m.group()), text)
    for match in _VOLUME.finditer(plain):
        if not _sentence_starts_before(plain, match.start()):
            yield _finding("ES001", spanish, f"{match.group()!r} inside a sentence",
                           f"write '{match.group().lower()}': Spanish abbreviations are lower case mid-sentence")
    for match in _ENGLISH_PAGE.finditer(plain):
        yield _finding("ES001", spanish, f"{match.group().strip()!r} is the English page label",
                       "write 'pág.' (plural 'págs.')")
    for match in _VER.finditer(text):
        word = match.group(1) or match.group(2)
        yield _finding("ES002", spanish, f"{word!r} before a reference",
                       "write 'véase' (capital 'Véase' at the start of a sentence)")
    for match in re.finditer(r",\s*(v[ée]anse|v[ée]ase)\b", text):
        yield _finding("ES010", spanish, f"', {match.group(1)}': a reference tacked on after a comma",
                       f"write '; {match.group(1)}', or make the title part of the sentence "
                       "('Título {=ID}')")
    depth = 0
    tokens = re.finditer(r"[()]|" + _REFERENCE.pattern, text)
    for token in tokens:
        value = token.group()
        if value == "(":
            depth += 1
            if depth == 2:
                yield _finding("ES003", spanish, "parentheses inside parentheses",
                               "make the inner pair brackets [ ], or rephrase")
        elif value == ")":
            depth = max(depth - 1, 0)
        elif depth > 0:
            yield _finding("ES003", spanish, f"reference {value} inside parentheses: it prints its own",
                           "take the reference out of the parentheses (after a semicolon: '; véase "
                           "Título {=ID}'), or rephrase")
    for match in re.finditer(r"\)\s*\{=", text):
        yield _finding("ES003", spanish, "two parentheticals back to back: ') ('",
                       f"put the reference before the parenthesis, or drop one ({match.group()!r})")


def _numbers(spanish: SpanishLine) -> Iterator[Diagnostic]:
    for match in _PERCENT.finditer(spanish.text):
        yield _finding("ES004", spanish, f"{match.group()!r}: no space before the per cent sign",
                       "write '50 %' (Spanish puts a space before %)")
    for match in _MINUS.finditer(spanish.text):
        yield _finding("ES005", spanish, f"{match.group()!r}: a hyphen for minus",
                       "write the minus sign − (U+2212)")


def _colon(spanish: SpanishLine, names: set[str]) -> Iterator[Diagnostic]:
    text = _BRACES.sub(lambda m: "0" * len(m.group()), spanish.text)
    for match in _COLON_CAPITAL.finditer(text):
        word = match.group(1)
        if word in names or word.isupper():
            continue
        yield _finding("ES006", spanish, f"capital {word!r} after a colon inside a sentence",
                       f"write '{word[0].lower() + word[1:]}': the RAE writes lower case after a colon, "
                       "except for names, game terms and quotations")


def _register_forms(plural: tuple[str, ...], formal: tuple[str, ...]) -> re.Pattern[str] | None:
    """Any of the register's forms as a whole word (None if the entry lists none)."""
    forms = plural + formal
    return re.compile(r"\b(" + "|".join(map(re.escape, forms)) + r")\b", re.IGNORECASE) if forms else None


def _register(spanish: SpanishLine, forms: re.Pattern[str] | None, formal: tuple[str, ...]) -> Iterator[Diagnostic]:
    text = _BRACES.sub(" ", spanish.text)
    found = [m.group(1) for m in forms.finditer(text)] if forms else []
    found += [m.group() for m in _VOSOTROS_ENDING.finditer(text) if m.group().lower() not in _NOT_VERBS]
    for word in found:
        if word.lower() in formal and spanish.usted:
            continue
        form = "usted" if word.lower() in formal else "vosotros"
        yield _finding("ES007", spanish, f"{word!r} is a {form} form; the rules speak to one player as tú",
                       "use the tú form, or a form for both players ('los jugadores siguen'); an "
                       "in-world quote may keep usted after <!-- register: usted -->")


def _line_end(spanish: SpanishLine) -> Iterator[Diagnostic]:
    if not spanish.markdown or not spanish.next_text.strip() or spanish.next_text.lstrip().startswith(
            ("-", "*", "+", "|", "#", ":::", "<")) or re.match(r"\s*\d+\.\s", spanish.next_text):
        return
    text = spanish.text.rstrip()
    letter = _ONE_LETTER_END.search(text)
    if letter:
        yield _finding("ES008", spanish, f"the source line ends in the one-letter word {letter.group(1)!r}",
                       "move the word to the start of the next line: a line break in the source "
                       "prints as a space the line may break at")
    number = _NUMBER_END.search(text)
    if number and _STARTS_WITH_WORD.match(spanish.next_text):
        noun = spanish.next_text.split()[0]
        yield _finding("ES009", spanish, f"the source line ends in the number {number.group().strip()!r}, "
                       f"its noun {noun!r} on the next line",
                       "move the number to the start of the next line, with its noun")


@check("spanish")
def spanish_norms(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """Every Spanish line against the publishing norms ES001-ES010."""
    if SPANISH not in rulebook.meta.languages:
        return
    lines = list(spanish_lines(rulebook))
    names = _capitalised_words(rulebook, lines)
    entry = rulebook.languages[SPANISH]
    forms = _register_forms(entry.plural_forms, entry.formal_forms)
    for spanish in lines:
        yield from _references(spanish)
        yield from _numbers(spanish)
        yield from _colon(spanish, names)
        yield from _register(spanish, forms, entry.formal_forms)
        yield from _line_end(spanish)
