"""Fields of the rules text: a rule parameter or a table cell, printed where the prose states it.

Rules prose prints every number that states a rule through a field, written as
a worked example's fields are, ``{$<path>}`` or ``{$<path>:<format>}``, with the
same formats (:func:`sacredwire.example_text.show`):

- ``{$rule.C4.15.blast}``: the parameter ``blast`` of section C4.15 in
  ``content/rules.yaml``;
- ``{$table.falling.4-to-6.damage}``: the ``damage`` cell of the row ``4-to-6``
  of the table ``falling`` (a number, modifier, inches, dice, roll or plain cell;
  words are placed with the table, not quoted);
- ``{$table.blessings.die}``: the die a table is rolled on.

Besides the formats of worked examples, a rule field takes ``:fraction``: a
share of a whole printed in words ("half", "mitad"), from a parameter stored as
its divisor (2) or in percent (50); and ``:inches``: a length stored in feet,
printed in inches (the 2' board is 24").

The words of a table (a text cell, a note) hold fields too: the booklets, the
quick reference and the cards print them through the Markdown renderer, and
the player's kit (its sheets, ``sw28 squad``/``sw28 mission`` and the web
pages' data) through :func:`table_words`, which prints the same values as plain text.

So a number is typed once, in ``content/``, and the booklets, the quick
reference and the rules engine read the same value.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from .example_text import FieldError, FieldRef, show
from .ids import RuleId, TableId
from .languages import UnknownLanguage, language
from .markup import FIELD_PATTERN, NOT_A_RULE_PATTERN
from .model import Rulebook, Text

RULE_ROOTS = ("rule", "table")
# Table cells a field may print: numbers and dice, never a language's words.
_NUMERIC_KINDS = ("roll", "number", "modifier", "inches", "dice", "plain")
# ``:fraction``: a share of a whole printed as the words the rules use ("moves at half of its Move",
# "a la mitad de su Movimiento", "at least half of the lanes"), which each language's entry gives
# (``numbers.fractions``). A parameter states it as its divisor (the Move divided by 2) or in percent
# (50% of a price): the same share, the same words.
_PERCENT = 100
# ``:inches``: a length stored in feet (the board's side), printed in inches where the prose measures in inches.
_INCHES_PER_FOOT = 12


def is_rule_field(ref: FieldRef) -> bool:
    """Whether ``ref`` reads the rules (a parameter or a table cell) rather than an example's data."""
    return ref.root in RULE_ROOTS


def rule_value(ref: FieldRef, rulebook: Rulebook) -> Any:
    """The value a rule field names; FieldError when it names none."""
    parts = [part.strip() for part in ref.path.split(".")]
    if parts[0] == "rule":
        if len(parts) < 3:
            raise FieldError(f"{{${ref.path}}}: write {{$rule.<section>.<name>}}, e.g. {{$rule.C4.15.blast}}")
        section_text, name = ".".join(parts[1:-1]), parts[-1]
        try:
            section = RuleId.parse(section_text)
        except ValueError as exc:
            raise FieldError(f"{{${ref.path}}}: {exc}") from None
        parameter = rulebook.parameters.get((section, name))
        if parameter is None:
            raise FieldError(f"{{${ref.path}}}: content/rules.yaml has no parameter {name!r} under {section}")
        return parameter.value
    if parts[0] == "table":
        if len(parts) not in (3, 4) or (len(parts) == 3 and parts[2] != "die"):
            raise FieldError(f"{{${ref.path}}}: write {{$table.<table>.<row>.<column>}} or "
                             f"{{$table.<table>.die}}, e.g. {{$table.falling.4-to-6.damage}}")
        try:
            table = rulebook.tables.get(TableId.parse(parts[1]))
        except ValueError as exc:
            raise FieldError(f"{{${ref.path}}}: {exc}") from None
        if table is None:
            raise FieldError(f"{{${ref.path}}}: no table {parts[1]!r} under content/tables/")
        if len(parts) == 3:
            if table.die is None:
                raise FieldError(f"{{${ref.path}}}: table {table.id} is rolled on no die")
            return table.die
        row = next((row for row in table.rows if str(row.key) == parts[2]), None)
        if row is None:
            raise FieldError(f"{{${ref.path}}}: table {table.id} has no row {parts[2]!r}")
        column = next((column for column in table.columns if column.key == parts[3]), None)
        if column is None:
            raise FieldError(f"{{${ref.path}}}: table {table.id} has no column {parts[3]!r}")
        if column.kind not in _NUMERIC_KINDS:
            raise FieldError(f"{{${ref.path}}}: the {column.key} column holds words ({column.kind}); "
                             f"a field prints a number or dice")
        value = row[column.key]
        if value is None:
            raise FieldError(f"{{${ref.path}}}: the cell is empty")
        return value
    raise FieldError(f"{{${ref.path}}}: a field of the rules text starts with rule. or table.")


def show_rule_field(ref: FieldRef, rulebook: Rulebook, lang: str) -> str:
    """How a rule field prints in ``lang``; FieldError when it names no value or its format does not fit."""
    value = rule_value(ref, rulebook)
    if ref.format == "fraction":
        return show_fraction(_share(ref, rulebook, value), lang)
    if ref.format in _UNIT_FORMATS:
        return _show_in_unit(ref, rulebook, value, lang)
    if ref.format == "top":
        return _top(ref, value)
    return show(value, ref.format, lang)


def show_fraction(share: Fraction, lang: str) -> str:
    """A share printed as words, as ``lang``'s entry gives them: ``show_fraction(Fraction(1, 2), "en")`` is
    "half"; FieldError for a share with no word or a language with no entry.

    >>> show_fraction(Fraction(1, 2), "en"), show_fraction(Fraction(1, 2), "es"), show_fraction(Fraction(1, 3), "en")
    ('half', 'mitad', 'a third')
    """
    try:
        words = language(lang).numbers.fractions
    except UnknownLanguage as error:
        raise FieldError(str(error)) from None
    if share not in words:
        raise FieldError(f"the fraction format prints a share with words ({', '.join(map(str, words))}), "
                         f"not {share}: content/languages/{lang}.yaml gives no word for it (numbers: fractions)")
    return words[share]


def _share(ref: FieldRef, rulebook: Rulebook, value: Any) -> Fraction:
    """The share a ``:fraction`` field names: a parameter in percent is that many hundredths, any other
    whole number is a divisor (2: half)."""
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise FieldError(f"{{${ref.path}}}: the fraction format prints a divisor or a percent, not {value!r}")
    parts = ref.path.split(".")
    parameter = rulebook.parameters.get((RuleId.parse(".".join(parts[1:-1])), parts[-1])) \
        if parts[0] == "rule" else None
    return Fraction(value, _PERCENT) if parameter is not None and parameter.unit == "percent" else Fraction(1, value)


# Formats only a parameter has, because they read its unit: a length stored in feet printed in inches
# (the board's 2' is 24") or half of it (the center of that board is 12" from each edge).
_UNIT_FORMATS = {"inches": "feet", "half-inches": "feet"}
_BAND = re.compile(r"^\d+-(\d+)$")


def _show_in_unit(ref: FieldRef, rulebook: Rulebook, value: Any, lang: str) -> str:
    """A parameter printed through a format that converts its unit (``:inches``, ``:half-inches``).

    ``{$rule.C1.8.board_size:inches}`` prints 24 for a board of 2 feet, ``:half-inches`` 12.
    """
    parts = ref.path.split(".")
    parameter = rulebook.parameters.get((RuleId.parse(".".join(parts[1:-1])), parts[-1])) \
        if parts[0] == "rule" else None
    unit = _UNIT_FORMATS[ref.format]
    if parameter is None or parameter.unit != unit or not isinstance(value, int):
        raise FieldError(f"{{${ref.path}}}: the {ref.format} format prints a parameter in {unit}")
    inches = value * _INCHES_PER_FOOT
    if ref.format == "half-inches":
        if inches % 2:
            raise FieldError(f"{{${ref.path}}}: half of {inches} inches is not a whole number")
        inches //= 2
    return str(inches)


def _top(ref: FieldRef, value: Any) -> str:
    """The highest roll of a table's band (``:top``): "A total of 3 or less" from the band ``2-3``.

    >>> _top(FieldRef("table.injuries.terminated.roll", "top"), "2-3"), _top(FieldRef("x", "top"), 7)
    ('3', '7')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    match = _BAND.match(str(value).strip())
    if match is None:
        raise FieldError(f"{{${ref.path}}}: the top format prints the highest roll of a band such as 2-3, "
                         f"not {value!r}")
    return match.group(1)


def table_words(text: Text, rulebook: Rulebook, lang: str, keep_unknown: bool = False) -> str:
    """The words of a table cell or note in ``lang`` as plain text, each rule field printed and each
    ``{not-a-rule:...}`` mark's words kept, for outputs that print text rather than HTML (the kit).

    The booklets, the quick reference and the cards print the same words through the Markdown
    renderer; this prints the same values. FieldError when a field names no value (``sw28 check``
    reports it as NUM002 first), unless ``keep_unknown``: then that field stays as written.
    """
    def printed(match: re.Match[str]) -> str:
        try:
            return show_rule_field(FieldRef(match["path"].strip(), match["format"] or ""), rulebook, lang)
        except FieldError:
            if keep_unknown:
                return match.group()
            raise

    return NOT_A_RULE_PATTERN.sub(lambda match: match["text"], FIELD_PATTERN.sub(printed, text[lang]))
