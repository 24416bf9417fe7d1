"""``content/languages/<code>.yaml``: one entry per language the book declares.

Every field is required (an empty list or mapping where a language has
nothing to say): a language with an incomplete entry would print with another
language's quotes or number words, so it is refused at load instead.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pyphen
from babel import Locale, UnknownLocaleError

from ..diagnostics import ContentError, Location
from ..model.language import (
    ATTRIBUTES,
    LINE_BREAK_NORMS,
    OUTCOME_FORMATS,
    STATED_CAPTURES,
    STATED_VALUES,
    HyphenationRules,
    Language,
    NumberWords,
    References,
    WorkedExampleWords,
)
from ._yaml import Fields, read_yaml

LANGUAGES_DIR = "content/languages"
# A language code as folders, catalogs and ``lang`` attributes use it: "en", "es", "fr", "pt-br".
_CODE = re.compile(r"[a-z]{2,3}(?:-[a-z0-9]{2,8})?")


def language_codes(root: Path) -> tuple[str, ...]:
    """The languages ``content/book.yaml`` declares (unchecked: the book loader checks them)."""
    fields = Fields(read_yaml(root / "content/book.yaml", "content/book.yaml"), "content/book.yaml", "book metadata")
    return tuple(str(code) for code in fields.require("languages", list))


def entry_codes(root: Path) -> tuple[str, ...]:
    """The codes of every language entry in ``content/languages/``, declared by the book or not."""
    return tuple(sorted(path.stem for path in (root / LANGUAGES_DIR).glob("*.yaml") if _CODE.fullmatch(path.stem)))


def read_language_entries(root: Path) -> tuple[dict[str, Language], dict[str, Language]]:
    """The entries of the book's languages, and those of the other entries in ``content/languages/``."""
    declared = read_languages(root)
    others = read_languages(root, [code for code in entry_codes(root) if code not in declared])
    return declared, others


def read_languages(root: Path, codes: Sequence[str] | None = None,
                   declared_at: Location | None = None) -> dict[str, Language]:
    """The entry of each language in ``codes`` (by default the book's), by code, in that order.

    A language with no entry file is reported at ``declared_at`` (where the book declares it).
    """
    codes = language_codes(root) if codes is None else codes
    where = declared_at or Location("content/book.yaml", 1)
    entries = {}
    for code in codes:
        if not isinstance(code, str) or not _CODE.fullmatch(code):
            raise ContentError(where, f"{code!r} is not a language code (lower case, e.g. en, es, fr)")
        rel = f"{LANGUAGES_DIR}/{code}.yaml"
        if not (root / rel).is_file():
            raise ContentError(where, f"language {code!r} has no entry: write {rel} "
                                      f"(see 'Adding a language' in README.md)")
        entries[code] = _read_entry(read_yaml(root / rel, rel), rel, code)
    return entries


def _words(fields: Fields, key: str) -> tuple[str, ...]:
    words = fields.require(key, list)
    for word in words:
        if not isinstance(word, str) or not word.strip():
            # YAML reads a bare yes, no, on or off as true or false: such a word needs quotes.
            raise fields.error(f"{key!r} of {fields.what} must list words, not {word!r} (quote it)")
    return tuple(words)


def _numbered(fields: Fields, key: str) -> dict[int, str]:
    """A mapping of whole numbers to words (``{1: once, 2: twice}``); it may be empty."""
    value = fields.require(key, dict)
    for number, word in value.items():
        if isinstance(number, bool) or not isinstance(number, int) or not isinstance(word, str) or not word:
            raise fields.error(f"{key!r} of {fields.what} must map whole numbers to words, "
                               f"not {number!r}: {word!r}")
    return {int(number): str(word) for number, word in value.items()}


def _text(fields: Fields, key: str) -> str:
    value = fields.require(key, str)
    if not value.strip():
        raise fields.error(f"{key!r} of {fields.what} is empty")
    return str(value)


def _hyphenation(fields: Fields, tag: str, code: str) -> tuple[str, HyphenationRules]:
    entry = Fields(fields.require("hyphenation", dict), fields.location.file,
                   f"the {code} hyphenation", fields.location.line).only("dictionary", "keep", "breaks")
    dictionary = _text(entry, "dictionary")
    if dictionary not in pyphen.LANGUAGES:
        raise entry.error(f"pyphen has no hyphenation dictionary {dictionary!r}")
    # WeasyPrint picks the dictionary from the page's language tag: the two must agree.
    chosen = pyphen.language_fallback(tag.replace("-", "_"))
    if chosen != dictionary:
        raise entry.error(f"the tag {tag!r} selects the hyphenation dictionary {chosen!r}, "
                          f"not {dictionary!r}: change one of them")
    keep = entry.require("keep", list)
    breaks = entry.require("breaks", list)
    for word in (*keep, *breaks):
        if not isinstance(word, str) or not word.strip() or " " in word:
            raise entry.error(f"{code}: {word!r} is not a single word")
    doubled = sorted({word.lower() for word in keep} & {word.replace("-", "").lower() for word in breaks})
    if doubled:
        raise entry.error(f"{code}: {doubled[0]!r} is both kept whole and given break points")
    return dictionary, HyphenationRules(
        keep=frozenset(word.lower() for word in keep),
        breaks={word.replace("-", "").lower(): word.lower() for word in breaks},
    )


def _quotes(fields: Fields) -> tuple[tuple[str, str], ...]:
    pairs = fields.require("quotes", list)
    if not pairs or not all(isinstance(pair, list) and len(pair) == 2
                            and all(isinstance(mark, str) and mark.strip() for mark in pair) for pair in pairs):
        raise fields.error("quotes must list pairs of marks, the outer pair first: [[“, ”], [‘, ’]]")
    return tuple((str(pair[0]), str(pair[1])) for pair in pairs)


def _numbers(fields: Fields) -> NumberWords:
    entry = Fields(fields.require("numbers", dict), fields.location.file, "numbers",
                   fields.location.line).only("words", "tens", "before_feminine", "before_masculine", "times",
                                              "adverbs", "adverb_many", "list_and", "counted", "pronouns",
                                              "fractions")
    adverb_many = _text(entry, "adverb_many")
    if adverb_many.count("{}") != 1:
        raise entry.error(f"adverb_many must hold one {{}} where the number goes, not {adverb_many!r}")
    return NumberWords(
        words=_words(entry, "words"), tens=_numbered(entry, "tens"),
        before_feminine=_numbered(entry, "before_feminine"), before_masculine=_numbered(entry, "before_masculine"),
        times=_numbered(entry, "times"), adverbs=_numbered(entry, "adverbs"), adverb_many=adverb_many,
        list_and=_text(entry, "list_and"), counted=frozenset(word.lower() for word in _words(entry, "counted")),
        pronouns=_pronouns(entry), fractions=_fractions(entry),
    )


def _fractions(entry: Fields) -> dict[Fraction, str]:
    """The words of each share of a whole (``{1/2: half}``); it may be empty."""
    shares = {}
    for written, word in entry.require("fractions", dict).items():
        share = _share(written)
        if share is None or not isinstance(word, str) or not word.strip():
            raise entry.error(f"fractions of {entry.location.file} must map shares of a whole to words "
                              f"(1/2: half), not {written!r}: {word!r}")
        shares[share] = word
    return shares


def _share(written: object) -> Fraction | None:
    """A share of a whole written as ``1/2``; None for anything else."""
    if not isinstance(written, str) or not re.fullmatch(r"\d+/\d+", written.strip()):
        return None
    numerator, denominator = (int(part) for part in written.split("/"))
    return Fraction(numerator, denominator) if 0 < numerator < denominator else None


def _pronouns(entry: Fields) -> tuple[str, ...]:
    phrases = tuple(phrase.lower() for phrase in _words(entry, "pronouns"))
    for phrase in phrases:
        if " " not in phrase.strip():
            raise entry.error(f"pronouns of {entry.location.file}: {phrase!r} must be the words before the "
                              f"number word and the number word (\"cada uno\")")
    return phrases


def _examples(fields: Fields) -> WorkedExampleWords:
    entry = Fields(fields.require("examples", dict), fields.location.file, "examples",
                   fields.location.line).only("outcomes", "outcome_words", "owner_after")
    formats = Fields(entry.require("outcomes", dict), fields.location.file, "examples: outcomes",
                     fields.location.line).only(*OUTCOME_FORMATS)
    outcomes = {}
    for name, expected in OUTCOME_FORMATS.items():
        words = formats.require(name, dict)
        for outcome in expected:
            word = words.get(outcome)
            if not isinstance(word, str) or not word.strip():
                # YAML reads a bare true or false as the claim's yes or no: the keys are written so.
                raise formats.error(f"outcomes {name} of {fields.location.file} has no word for "
                                    f"{str(outcome).lower()!r}")
        stray = [key for key in words if key not in expected]
        if stray:
            raise formats.error(f"outcomes {name} of {fields.location.file}: unknown outcome {stray[0]!r} "
                                f"(known: {', '.join(str(key).lower() for key in expected)})")
        outcomes[name] = {outcome: str(words[outcome]) for outcome in expected}
    return WorkedExampleWords(
        outcomes=outcomes, outcome_words=frozenset(word.lower() for word in _words(entry, "outcome_words")),
        owner_after=_words(entry, "owner_after"))


def _attributes(fields: Fields) -> dict[str, str]:
    entry = Fields(fields.require("attributes", dict), fields.location.file, "attributes",
                   fields.location.line).only(*ATTRIBUTES)
    return {name: _text(entry, name) for name in ATTRIBUTES}


def _stated(fields: Fields) -> dict[str, str]:
    entry = Fields(fields.require("stated", dict), fields.location.file, "stated",
                   fields.location.line).only(*STATED_VALUES)
    patterns = {}
    for name in STATED_VALUES:
        pattern = _text(entry, name)
        try:
            groups = re.compile(pattern).groups
        except re.error as error:
            raise entry.error(f"stated {name}: {pattern!r} is not a regular expression ({error})") from None
        if name in STATED_CAPTURES and groups != 1:
            raise entry.error(f"stated {name}: {pattern!r} must hold one group, (...), around what it reads")
        patterns[name] = pattern
    return patterns


def _endings(fields: Fields) -> tuple[str, ...]:
    endings = tuple(ending.lower() for ending in _words(fields, "plural_endings"))
    for ending in endings:
        if not ending.isalpha():
            raise fields.error(f"plural_endings of {fields.location.file}: {ending!r} is not the letters of an ending")
    return endings


def _read_entry(raw: Any, rel: str, code: str) -> Language:
    fields = Fields(raw, rel, f"the language entry {code}").only(
        "name", "locale", "tag", "hyphenation", "quotes", "references", "numbers", "line_breaks", "stated",
        "introducing_words", "register", "examples", "attributes", "plural_endings")
    tag = _text(fields, "tag")
    dictionary, hyphenation = _hyphenation(fields, tag, code)
    references = Fields(fields.require("references", dict), rel, "references",
                        fields.location.line).only("page", "pages", "volume")
    line_breaks = _words(fields, "line_breaks")
    unknown = [norm for norm in line_breaks if norm not in LINE_BREAK_NORMS]
    if unknown:
        raise fields.error(f"unknown line_breaks {unknown[0]!r} (known: {', '.join(LINE_BREAK_NORMS)})")
    register = Fields(fields.require("register", dict), rel, "register", fields.location.line).only(
        "plural", "formal")
    locale = _text(fields, "locale")
    try:
        Locale.parse(locale)
    except (ValueError, UnknownLocaleError):
        raise fields.error(f"Babel knows no locale {locale!r} (write it as en_US, es, fr)") from None
    return Language(
        code=code, name=_text(fields, "name"), locale=locale, tag=tag,
        hyphenation_dictionary=dictionary, hyphenation=hyphenation, quotes=_quotes(fields),
        references=References(page=_text(references, "page"), pages=_text(references, "pages"),
                              volume=_text(references, "volume")),
        numbers=_numbers(fields), examples=_examples(fields), attributes=_attributes(fields),
        line_breaks=line_breaks, stated=_stated(fields),
        introducing_words=frozenset(word.lower() for word in _words(fields, "introducing_words")),
        plural_forms=tuple(word.lower() for word in _words(register, "plural")),
        formal_forms=tuple(word.lower() for word in _words(register, "formal")),
        plural_endings=_endings(fields),
        location=fields.location,
    )
