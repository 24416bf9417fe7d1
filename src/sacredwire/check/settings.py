"""Output settings (``content/outputs.yaml``): decks, closing pages and print values that make sense."""

from __future__ import annotations

import fnmatch
from collections.abc import Iterator

from ..diagnostics import Diagnostic, Severity
from ..ids import TableId, is_file_key
from ..model import Rulebook
from ..render.cards import deck_tables, unplaced_columns
from . import check

PRINT_EDITIONS = ("pod", "press")


@check("settings")
def card_decks(rulebook: Rulebook) -> Iterator[Diagnostic]:
    seen: set[str] = set()
    tables = list(rulebook.tables)
    owner: dict[TableId, str] = {}
    for deck in rulebook.settings.decks:
        if not is_file_key(deck.key):
            yield Diagnostic("SET001", Severity.ERROR, deck.location,
                             f"card deck name {deck.key!r} is not a slug (it names the file cards-<deck>.pdf)",
                             "use lower-case letters, digits and single hyphens")
        if deck.key in seen:
            yield Diagnostic("SET001", Severity.ERROR, deck.location, f"duplicate card deck {deck.key!r}")
        seen.add(deck.key)
        for pattern in deck.tables:
            if not any(fnmatch.fnmatchcase(str(table_id), pattern) for table_id in tables):
                yield Diagnostic("SET002", Severity.ERROR, deck.location,
                                 f"card deck {deck.key!r}: no table matches {pattern!r}",
                                 "name a table ID from content/tables/ (a * matches any part)")
        for table_id in deck_tables(deck, tables):
            table = rulebook.tables[table_id]
            if table_id in owner:
                yield Diagnostic("SET002", Severity.ERROR, deck.location,
                                 f"table {table_id} is in card decks {owner[table_id]!r} and {deck.key!r}",
                                 "a table's rows make cards of one deck")
            owner[table_id] = deck.key
            columns = {column.key for column in table.columns}
            named = [deck.name, *deck.texts, *(key for row in deck.stats for key in row), *filter(None, [deck.ability])]
            for key in dict.fromkeys(key for key in named if key not in columns):
                yield Diagnostic("SET003", Severity.ERROR, deck.location,
                                 f"card deck {deck.key!r} places column {key!r}, which table {table_id} "
                                 f"does not have", "name the table's column keys")
            for key in unplaced_columns(deck, table):
                yield Diagnostic("SET003", Severity.ERROR, table.location,
                                 f"table {table_id}: column {key!r} has no place on its cards "
                                 f"(deck {deck.key!r} in content/outputs.yaml)",
                                 "add the column to the deck's stats or texts")


@check("settings")
def roster_booklets(rulebook: Rulebook) -> Iterator[Diagnostic]:
    keys = {booklet.key for booklet in rulebook.meta.booklets}
    for kind, listed in (("roster", rulebook.settings.roster_booklets), ("token", rulebook.settings.token_booklets)):
        for key in listed:
            if key not in keys:
                yield Diagnostic("SET004", Severity.ERROR, rulebook.settings.location,
                                 f"{kind} booklet {key!r} is not a booklet of content/book.yaml",
                                 f"booklets: {', '.join(sorted(keys))}")


@check("settings")
def print_values(rulebook: Rulebook) -> Iterator[Diagnostic]:
    settings = rulebook.settings.print
    where = settings.location

    def finding(message: str, hint: str = "") -> Diagnostic:
        return Diagnostic("SET005", Severity.ERROR, where, message, hint)

    if not 100 <= settings.ink_limit <= 400:
        yield finding(f"ink limit {settings.ink_limit}% is outside 100-400%",
                      "print services ask for 240% to 300% total area coverage")
    for name in PRINT_EDITIONS:
        if name not in settings.editions:
            yield finding(f"print settings have no {name!r} edition")
    for name, edition in settings.editions.items():
        if name not in PRINT_EDITIONS:
            yield finding(f"print settings for {name!r}: only {', '.join(PRINT_EDITIONS)} are print editions")
        if not 0 < edition.bleed.mm <= 10:
            yield finding(f"{name} bleed {edition.bleed} is outside 0-10 mm", "3mm (Europe) or 0.125in (US)")
        if edition.slug.mm and edition.slug.mm < edition.bleed.mm + 3:
            yield finding(f"{name} slug {edition.slug} leaves no room for crop marks outside a {edition.bleed} "
                          f"bleed", "a slug at least 3 mm wider than the bleed, or 0mm for no marks")
    if not (40 <= settings.card_width.mm <= 130 and 40 <= settings.card_height.mm <= 130):
        yield finding(f"card size {settings.card_width} x {settings.card_height} is not a card size")
    for label, margin in (("card", settings.card_safe_margin), ("booklet", settings.booklet_safe_margin)):
        if not 0 < margin.mm <= 15:
            yield finding(f"{label} safe margin {margin} is outside 0-15 mm")
