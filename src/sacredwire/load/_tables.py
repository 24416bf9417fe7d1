"""``tables/*.yaml`` and ``examples/*.yaml`` -> Table and Example objects."""

from __future__ import annotations

import re
from typing import Any

from ..diagnostics import ContentError, Location
from ..ids import ExampleId, RuleId, TableId
from ..languages import known_codes
from ..markup import XREF_PATTERN
from ..model import COLUMN_KINDS, Column, Example, ExampleRole, Row, Table, Text, XRef
from ._yaml import Fields, as_text

_DIE = re.compile(r"^(?:2d4|2d6|d4|d6|d8|d10|d12|d20)$")


def _id(parse, value: Any, location: Location):
    try:
        return parse(value)
    except (ValueError, TypeError) as exc:
        raise ContentError(location, str(exc)) from None


def _cell(column: Column, value: Any, location: Location):
    if value is None:
        return None
    what = f"cell {column.key!r}"
    if column.kind == "text":
        return as_text(value, location, what)
    if column.kind in ("number", "modifier", "inches"):
        if not isinstance(value, int) or isinstance(value, bool):
            raise ContentError(location, f"{what} ({column.kind}) must be a whole number, not {value!r}")
        return value
    if column.kind == "roll":
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise ContentError(location, f"{what} (roll) must be a face, a range or N+, not {value!r}")
        return value
    if not isinstance(value, str):
        raise ContentError(location, f"{what} ({column.kind}) must be a string, not {value!r}")
    return value


def read_table(data: Any, file: str) -> Table:
    fields = Fields(data, file, "table").only("id", "title", "die", "columns", "rows", "note")
    location = fields.location
    table_id = _id(TableId.parse, fields.require("id", str), location)
    die = fields.get("die", str)
    if die is not None and not _DIE.match(die):
        raise fields.error(f"table {table_id}: unknown die {die!r} (d4, d6, d8, d10, d12, d20, 2d4, 2d6)")
    columns = []
    for raw in fields.require("columns", list):
        column_fields = Fields(raw, file, f"a column of table {table_id}", location.line)
        column_fields.only("key", "kind", "title", "numeric", "in_booklet")
        kind = column_fields.require("kind", str)
        if kind not in COLUMN_KINDS:
            raise column_fields.error(f"unknown column kind {kind!r} (one of {', '.join(COLUMN_KINDS)})")
        columns.append(Column(
            key=column_fields.require("key", str),
            kind=kind,
            title=column_fields.text("title"),
            numeric=column_fields.get("numeric", bool, False),
            in_booklet=column_fields.get("in_booklet", bool, True),
        ))
    by_key = {column.key: column for column in columns}
    if len(by_key) != len(columns):
        raise fields.error(f"table {table_id} has two columns with the same key")
    rows = []
    for raw in fields.require("rows", list):
        row_fields = Fields(raw, file, f"a row of table {table_id}", location.line)
        row_fields.only("key", *by_key)
        key = row_fields.require("key", (str, int))
        cells = {name: _cell(by_key[name], value, row_fields.location)
                 for name, value in raw.items() if name != "key"}
        rows.append(Row(key=str(key), cells=cells, location=row_fields.location,
                        word_lines={name: _word_lines(raw, name) for name, cell in cells.items()
                                    if isinstance(cell, Text)}))
    seen: dict[str, Row] = {}
    for row in rows:
        if row.key in seen:
            raise ContentError(row.location, f"table {table_id}: duplicate row key {row.key!r} "
                                             f"(first at {seen[row.key].location})")
        seen[row.key] = row
    note = fields.text("note", required=False)
    texts = [(row.location, cell) for row in rows for cell in row.cells.values() if isinstance(cell, Text)]
    if note is not None:
        texts.append((location, note))
    return Table(
        id=table_id,
        title=fields.text("title"),
        die=die,
        columns=tuple(columns),
        rows=tuple(rows),
        note=note,
        location=location,
        xrefs=tuple(_references(texts)),
        note_lines=_word_lines(data, "note") if note is not None else {},
    )


def _word_lines(owner: Any, key: str) -> dict[str, int]:
    """language -> the line its words of ``owner[key]`` (a ``{en: ..., es: ...}`` mapping) start on,
    so a finding in the words of one language points at that line."""
    words = owner[key]
    start = getattr(owner, "value_lines", {}).get(key, getattr(owner, "line", 1))
    lines = getattr(words, "value_lines", {})
    return {str(lang): lines.get(lang, start) for lang in words} if isinstance(words, dict) else {}


def _references(texts: list[tuple[Location, Text]]):
    """(language, reference) for every ``{ID}`` written in the table's words."""
    for location, text in texts:
        for lang, words in sorted(text.values.items()):
            for match in XREF_PATTERN.finditer(words):
                try:
                    target = RuleId.parse(match[2])
                except ValueError:
                    target = None
                yield lang, XRef(raw=match[2], target=target, short=match[1] == "=", location=location,
                                 preceding_text=words[:match.start()][-80:])


def read_example(data: Any, file: str) -> Example:
    fields = Fields(data, file, "example").only("id", "section", "check", "given", "claims", "roles")
    location = fields.location
    return Example(
        id=_id(ExampleId.parse, fields.require("id", str), location),
        section=_id(RuleId.parse, fields.require("section", str), location),
        check=fields.require("check", str),
        given=dict(fields.get("given", dict, {})),
        claims=dict(fields.get("claims", dict, {})),
        location=location,
        roles=_roles(fields.get("roles", (dict, list), {}), location),
    )


def _roles(data: dict[Any, Any] | list[Any], location: Location) -> tuple[ExampleRole, ...]:
    """An example's ``roles``: a list of names (each its own role), or role -> who (a contract type, a
    name, or ``{en: ..., es: ..., keys: [...]}``)."""
    if isinstance(data, list):
        if not all(isinstance(name, str) for name in data):
            raise ContentError(location, f"roles must list names, not {data!r}")
        return tuple(ExampleRole(name, name) for name in data)
    roles = []
    for name, who in data.items():
        if isinstance(who, str):
            roles.append(ExampleRole(str(name), who))
            continue
        if not isinstance(who, dict):
            raise ContentError(location, f"role {name!r}: give a contract type, a name, or words by language")
        languages = known_codes()
        unknown = sorted(set(map(str, who)) - {*languages, "keys"})
        if unknown:
            raise ContentError(location, f"role {name!r}: unknown key {unknown[0]!r} (allowed: "
                                         f"{', '.join((*languages, 'keys'))})")
        words: dict[str, tuple[str, ...]] = {}
        for lang in languages:
            forms = who.get(lang)
            if forms is None:
                continue
            forms = [forms] if isinstance(forms, str) else forms
            if not isinstance(forms, list) or not forms or not all(isinstance(form, str) for form in forms):
                raise ContentError(location, f"role {name!r}: the {lang} words must be a word or a list of words")
            words[lang] = tuple(forms)
        keys = who.get("keys", [])
        if not isinstance(keys, list) or not all(isinstance(key, str) for key in keys):
            raise ContentError(location, f"role {name!r}: keys must list keys of given or claims")
        roles.append(ExampleRole(str(name), str(name), words, tuple(keys)))
    return tuple(roles)
