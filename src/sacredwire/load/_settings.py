"""``content/outputs.yaml`` -> :class:`~sacredwire.model.settings.OutputSettings`."""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import ContentError
from ..model.settings import (
    MIN_TYPE_RANGE_PT,
    CardDeck,
    EditionPrint,
    Length,
    OutputCondition,
    OutputSettings,
    PrintSettings,
)
from ._yaml import Fields, read_yaml

OUTPUTS_FILE = "content/outputs.yaml"


def parse_length(text: object, fields: Fields, key: str) -> Length:
    """``3mm`` or ``0.125in`` as a :class:`Length` (the one parser for lengths in content)."""
    length = Length.parse(text) if isinstance(text, str) else None
    if length is None:
        raise fields.error(f"{key!r} of {fields.what} must be a length such as 3mm or 0.125in, not {text!r}")
    return length


def _type_size(text: object, fields: Fields, key: str) -> Length:
    """A type size in points (``6.5pt``), within :data:`MIN_TYPE_RANGE_PT`."""
    size = Length.parse(text, units=("pt",)) if isinstance(text, str) else None
    low, high = MIN_TYPE_RANGE_PT
    if size is None or not low - 1e-6 <= size.pt <= high + 1e-6:
        raise fields.error(f"{key!r} of {fields.what} must be a type size from {low:g}pt to {high:g}pt, "
                           f"such as 6.5pt, not {text!r}")
    return size


def _strings(fields: Fields, key: str) -> tuple[str, ...]:
    values = fields.require(key, list)
    if not all(isinstance(value, str) for value in values):
        raise fields.error(f"{key!r} of {fields.what} must be a list of names")
    return tuple(values)


def _deck(raw: object) -> CardDeck:
    fields = Fields(raw, OUTPUTS_FILE, "a card deck").only("deck", "tables", "stats", "texts", "name",
                                                                          "ability")
    stats = fields.require("stats", list)
    if not all(isinstance(row, list) and all(isinstance(key, str) for key in row) for row in stats):
        raise fields.error("'stats' of a card deck must be a list of rows, each a list of column keys")
    return CardDeck(key=fields.require("deck", str), tables=_strings(fields, "tables"),
                    stats=tuple(tuple(row) for row in stats), texts=_strings(fields, "texts"),
                    name=fields.get("name", str, "name"), location=fields.location,
                    ability=fields.get("ability", str))


def _print(raw: object) -> PrintSettings:
    fields = Fields(raw, OUTPUTS_FILE, "print settings").only("ink_limit", "output_condition", "editions",
                                                                "cards", "booklets")
    condition = Fields(fields.require("output_condition", dict), OUTPUTS_FILE, "the output condition").only(
        "identifier", "condition", "registry")
    editions = {}
    for name, edition in fields.require("editions", dict).items():
        edition_fields = Fields(edition, OUTPUTS_FILE, f"the {name} edition").only("bleed", "slug")
        editions[str(name)] = EditionPrint(bleed=parse_length(edition_fields.require("bleed"), edition_fields,
                                                              "bleed"),
                                           slug=parse_length(edition_fields.require("slug"), edition_fields,
                                                             "slug"))
    if not editions:
        raise fields.error("print settings name no edition")
    cards = Fields(fields.require("cards", dict), OUTPUTS_FILE, "card print settings").only(
        "width", "height", "safe_margin", "min_type")
    booklets = Fields(fields.require("booklets", dict), OUTPUTS_FILE, "booklet print settings").only(
        "safe_margin", "home_printer_margin")
    home_margin = booklets.get("home_printer_margin")
    return PrintSettings(
        editions=editions, ink_limit=fields.require("ink_limit", int),
        output_condition=OutputCondition(identifier=condition.require("identifier", str),
                                         condition=condition.require("condition", str),
                                         registry=condition.require("registry", str)),
        card_width=parse_length(cards.require("width"), cards, "width"),
        card_height=parse_length(cards.require("height"), cards, "height"),
        card_safe_margin=parse_length(cards.require("safe_margin"), cards, "safe_margin"),
        card_min_type=_type_size(cards.require("min_type"), cards, "min_type"),
        booklet_safe_margin=parse_length(booklets.require("safe_margin"), booklets, "safe_margin"),
        home_printer_margin=(parse_length(home_margin, booklets, "home_printer_margin")
                             if home_margin is not None else None),
        location=fields.location,
    )


def read_settings(root: Path) -> OutputSettings:
    """The output settings of the project under ``root``."""
    path = root / OUTPUTS_FILE
    if not path.is_file():
        raise ContentError(Fields({}, OUTPUTS_FILE, "").location, "missing: the output settings file")
    fields = Fields(read_yaml(path, OUTPUTS_FILE), OUTPUTS_FILE, "output settings").only(
        "booklets", "cards", "print")
    booklets = Fields(fields.require("booklets", dict), OUTPUTS_FILE, "booklet settings").only("roster", "tokens")
    return OutputSettings(
        roster_booklets=_strings(booklets, "roster"),
        token_booklets=_strings(booklets, "tokens") if "tokens" in booklets.data else (),
        decks=tuple(_deck(raw) for raw in fields.require("cards", list)),
        print=_print(fields.require("print", dict)),
        location=fields.location,
    )
