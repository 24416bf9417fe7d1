"""The numbers a worked example prints: fields read from its data, and numbers typed by hand.

Inside a ``::: example`` block every number a reader sees is a field,
``{$<path>}`` or ``{$<path>:<format>}``. The path starts at the example's
``given`` or ``claims`` and walks mapping keys and list positions
(``given.faces.0``, ``claims.total.Dmitri Osei``); the format says how the
value prints in the block's language:

>>> show(9, "Word", "en"), show(9, "word", "es"), show(1, "wordf", "es")
('Nine', 'nueve', 'una')
>>> show(-1, "signed", "en"), show([3, 3, 5], "list", "es"), show(4, "times", "en"), show(2, "adverb", "en")
('-1', '3, 3 y 5', 'quadruple', 'twice')

An outcome the engine computes prints as the word for it, so the words follow the result:

>>> show("attacker_wins", "hits", "en"), show("defender_wins", "hits", "es"), show("holds", "Holds", "es")
('hits', 'falla', 'Aguanta')

Anything else that reads as a number inside a block (digits, dice such as
``2d6``, number words such as "nine" or "nueve") was typed by hand and is
found by :func:`typed_numbers`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .languages import UnknownLanguage, language
from .model import ExampleRole
from .model.language import OUTCOME_FORMATS, Language, NumberWords

ROOTS = ("given", "claims")

# The number words of each language (words, tens, "one" before a noun, times, adverbs, the word before a
# list's last item, the other words that state a count) are in its entry: content/languages/<code>.yaml.

# The outcome formats ({$claims.x:hits}) and the outcomes each prints are OUTCOME_FORMATS; each language's
# words for them, and the words that state an outcome typed by hand, are in its entry (``examples``).
FORMATS = ("", "signed", "word", "Word", "wordf", "Wordf", "wordm", "Wordm", "times", "Times", "adverb", "list",
           *(form for name in OUTCOME_FORMATS for form in (name, name.capitalize())))


def outcome_words(lang: str) -> frozenset[str]:
    """The words that state an outcome the engine computes in ``lang`` ("hit", "falla"), lower case."""
    return language(lang).examples.outcome_words


_DIGITS = re.compile(r"(?<![A-Za-z])\d*[dD]\d+(?:[+-]\d+)?|\d+")
_WORD = re.compile(r"[^\W\d_]+")
_RANGE = re.compile(r"^(\d+)-(\d+)$")


class FieldError(ValueError):
    """A field whose path names no value of the example, or whose format does not fit the value."""


@dataclass(frozen=True)
class FieldRef:
    """A field as written: its path into the example's data and its format."""

    path: str
    format: str = ""

    @property
    def root(self) -> str:
        return self.path.split(".", 1)[0]

    @property
    def claim(self) -> str | None:
        """The claim key the field prints, if it prints a claim."""
        parts = self.path.split(".")
        return parts[1] if parts[0] == "claims" and len(parts) > 1 else None


def resolve(ref: FieldRef, given: Mapping[str, Any], claims: Mapping[str, Any]) -> Any:
    """The value at the field's path; FieldError when there is none."""
    parts = [part.strip() for part in ref.path.split(".")]
    if parts[0] not in ROOTS or len(parts) < 2:
        raise FieldError(f"{{${ref.path}}}: a field starts with given. or claims. and names a key")
    value: Any = {"given": given, "claims": claims}[parts[0]]
    for depth, part in enumerate(parts[1:], start=1):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            raise FieldError(f"{{${ref.path}}}: {'.'.join(parts[:depth])} has no {part!r}")
    return value


def show(value: Any, fmt: str, lang: str) -> str:
    """How ``value`` prints in ``lang`` with the format ``fmt``; FieldError when it cannot."""
    if fmt not in FORMATS:
        raise FieldError(f"unknown format {fmt!r} (formats: {', '.join(f for f in FORMATS if f)})")
    if fmt == "list":
        if not isinstance(value, list) or not value:
            raise FieldError(f"the list format needs a list, not {value!r}")
        items = [show(item, "", lang) for item in value]
        return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {_numbers(lang).list_and} {items[-1]}"
    if fmt.lower() in OUTCOME_FORMATS:
        words = _language(lang).examples.outcomes[fmt.lower()]
        if isinstance(value, (list, Mapping)) or value not in words:
            raise FieldError(f"the {fmt} format prints an outcome ({', '.join(map(str, words))}), not {value!r}")
        text = words[value]
        return text[0].upper() + text[1:] if fmt[0].isupper() else text
    if isinstance(value, bool) or value is None or isinstance(value, (list, Mapping)):
        raise FieldError(f"{value!r} is not a number or dice to print")
    if not fmt:
        # A band of a table ("7-9", "1-4") prints with an en dash, as the tables print it.
        return _RANGE.sub("\\1\u2013\\2", value) if isinstance(value, str) else str(value)
    if not isinstance(value, int):
        raise FieldError(f"the {fmt} format needs a whole number, not {value!r}")
    if fmt == "signed":
        return f"{value:+d}"
    numbers = _numbers(lang)
    if fmt.lower() in ("word", "wordf", "wordm"):
        before_noun = {"wordf": numbers.before_feminine, "wordm": numbers.before_masculine}.get(fmt.lower(), {})
        text = before_noun.get(value) or _number_word(value, lang)
    elif fmt.lower() == "times":
        text = (numbers.times.get(value) or _missing(value, fmt)).lower()
    else:
        text = numbers.adverbs.get(value) or numbers.adverb_many.format(_number_word(value, lang))
    return text[0].upper() + text[1:] if fmt[0].isupper() else text


def _missing(value: int, fmt: str) -> str:
    raise FieldError(f"no {fmt} word for {value}")


def _numbers(lang: str) -> NumberWords:
    """The number words of ``lang``; FieldError for a language the content has no entry for."""
    return _language(lang).numbers


def _language(lang: str) -> Language:
    """The entry of ``lang``; FieldError for a language the content has no entry for."""
    try:
        return language(lang)
    except UnknownLanguage as error:
        raise FieldError(str(error)) from None


def _number_word(value: int, lang: str) -> str:
    numbers = _numbers(lang)
    if 0 <= value < len(numbers.words):
        return numbers.words[value]
    if value in numbers.tens:
        return numbers.tens[value]
    raise FieldError(f"no {lang} number word for {value}: print it as digits")


@dataclass(frozen=True)
class TypedNumber:
    """A number typed by hand inside an example block."""

    text: str
    offset: int


def typed_numbers(text: str, lang: str, outcomes: bool = False) -> Iterator[TypedNumber]:
    """Digits, dice and number words in ``text`` (the words between fields); with ``outcomes``, outcome
    words too (inside a worked example, where the engine computes the outcome)."""
    found = [TypedNumber(match.group(), match.start()) for match in _DIGITS.finditer(text)]
    words: frozenset[str] = _numbers(lang).count_words()
    if outcomes:
        words = words | _language(lang).examples.outcome_words
    found += [TypedNumber(match.group(), match.start()) for match in _WORD.finditer(text)
              if match.group().lower() in words]
    yield from sorted(found, key=lambda number: number.offset)


def field_role(path: str, given: Mapping[str, Any], claims: Mapping[str, Any],
               roles: Sequence[ExampleRole]) -> str | None:
    """The role a field's number belongs to, by its path: ``given.attacker_dice`` is the attacker's,
    ``claims.total.Dmitri Osei`` and ``given.models.0.wits`` (that model's ``name``) are Dmitri Osei's.

    The deepest key that names a role decides; None when no key does.
    """
    keys = path.split(".")
    if keys[0] not in ROOTS or len(keys) < 2:
        return None
    first = keys[1]
    owner = max((role.name for role in roles
                 if first == role.name or first in role.keys or first.startswith(role.name + "_")),
                key=len, default=None)
    names = {role.name for role in roles}
    value: Any = {"given": given, "claims": claims}[keys[0]]
    for key in keys[1:]:
        if isinstance(value, Mapping):
            value = value.get(key)
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
            # A listed model stands for its name.
            if isinstance(value, Mapping) and value.get("name") in names:
                owner = str(value["name"])
            continue
        else:
            break
        if key in names and key != first:
            owner = key
    return owner


def role_mentions(text: str, words: Mapping[str, Sequence[str]]) -> list[tuple[int, int, str]]:
    """Where ``text`` names each role, as (start, end, role), in order; ``words`` gives each role's forms.

    A form counts as a whole word ("Veteran", "Veteran's", not "Veterans"), with its capitals.
    """
    found = [(match.start(), match.end(), role) for role, forms in words.items() for form in forms
             for match in re.finditer(rf"(?<!\w){re.escape(form)}(?!\w)", text)]
    return sorted(found)


def names_owner_after(between: str, lang: str) -> bool:
    """Whether the words between a number and the role named next give the number to that role.

    >>> names_owner_after(" del ", "es"), names_owner_after(" vence al ", "es"), names_owner_after(" of the ", "en")
    (True, False, True)
    """
    return between.strip() in language(lang).examples.owner_after and between[:1].isspace() and between[-1:].isspace()
