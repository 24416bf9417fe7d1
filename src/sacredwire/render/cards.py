"""The cards output kind: one card per table row, made from the YAML tables only.

A card deck (``content/outputs.yaml``) names the tables it is made from and the
part each column plays (title, boxed stats, text). Every column of a deck's tables must have a
place on the card, so a column added to a table cannot silently go missing.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup

from ..ids import RuleId, TableId
from ..model import Row, Table
from ..model.settings import CardDeck
from ..rule_fields import table_words
from . import RenderContext, renderer
from ._markdown import ProseRenderer
from ._placement import table_homes

# Not a booklet: every reference prints its volume, as from another booklet.
PROSE_KEY = "cards"


# Size steps: a card with more to say sets its text one step smaller. The load
# is the text's length plus a line's worth for each row of stats.
TEXT_STEPS = ((260, "l"), (400, "m"))
STAT_ROW_LOAD = 60
NAME_STEPS = ((12, "l"), (24, "m"))
LONG_ABILITIES = 300


@dataclass(frozen=True)
class Stat:
    label: str
    value: Markup


@dataclass(frozen=True)
class Card:
    """One card, front and back, ready for the template."""

    owner: str
    deck: str
    family: str
    booklet: str
    name: Markup
    name_size: str
    roll: Stat | None
    stats: tuple[tuple[Stat, ...], ...]
    texts: tuple[Stat, ...]
    note: Markup | None
    rule_id: str
    text_size: str
    # What the abilities named on the front do, printed on the back: a unit's
    # front is full with its stats.
    abilities: tuple[Stat, ...] = ()

    @property
    def abilities_long(self) -> bool:
        """Abilities with more to say are set one step smaller on the back."""
        return sum(len(ability.value.striptags()) for ability in self.abilities) > LONG_ABILITIES


def _step(length: int, steps: tuple[tuple[int, str], ...]) -> str:
    return next((size for limit, size in steps if length <= limit), "s")


def deck_tables(deck: CardDeck, tables: Sequence[TableId]) -> list[TableId]:
    """The tables a deck is made from, in the order the content stores them."""
    found = [table for pattern in deck.tables for table in tables if fnmatch.fnmatchcase(str(table), pattern)]
    return list(dict.fromkeys(found))


def unplaced_columns(deck: CardDeck, table: Table) -> list[str]:
    """Columns of ``table`` that have no place on the deck's cards (a roll goes in the corner).

    A structured column the booklets leave out holds a number the rules engine
    reads; the card prints the same number in its words (the special), so it
    needs no place of its own.
    """
    placed = {deck.name, *deck.texts, *(key for row in deck.stats for key in row)}
    return [column.key for column in table.columns if column.key not in placed and column.kind != "roll"
            and (column.in_booklet or column.kind == "text")]


def _card(context: RenderContext, deck: CardDeck, table: Table, row: Row, home: RuleId | None,
          prose: ProseRenderer) -> Card:
    lang = context.lang

    def stat(key: str) -> Stat:
        column = table.column(key)
        return Stat(column.title[lang], context.cell(table, column, row, prose))

    roll_column = next((column for column in table.columns if column.kind == "roll"), None)
    texts = tuple(stat(key) for key in deck.texts if row.cells.get(key) is not None)
    # The load of the words as printed: a rule field counts as the number it prints.
    rulebook = context.rulebook
    words = sum(len(table_words(row.text(key), rulebook, lang)) for key in deck.texts
                if row.cells.get(key) is not None)
    words += len(table_words(table.note, rulebook, lang)) if table.note else 0
    name = row.text(deck.name)[lang]
    booklet = context.rulebook.meta.booklet_for_letter(home.letter) if home else None
    return Card(
        owner=f"{name} ({table.id} {row.key}, {home or 'no rule ID'})", deck=deck.key, family=table.title[lang],
        booklet=booklet.title[lang] if booklet else "", name=prose.inline(name),
        name_size=_step(len(name), NAME_STEPS),
        roll=Stat(roll_column.title[lang], context.cell(table, roll_column, row, prose)) if roll_column else None,
        stats=tuple(tuple(stat(key) for key in keys) for keys in deck.stats), texts=texts,
        note=prose.inline(table.note[lang]) if table.note else None, rule_id=str(home) if home else "",
        text_size=_step(words + STAT_ROW_LOAD * len(deck.stats), TEXT_STEPS),
        abilities=_abilities(context, deck, row, home, prose),
    )


def _abilities(context: RenderContext, deck: CardDeck, row: Row, home: RuleId | None,
               prose: ProseRenderer) -> tuple[Stat, ...]:
    """What the abilities a card names do, from the rule section the card's table is printed in.

    A unit card names its faction's ability ("Mob Up"); the ability's rule is
    the paragraph of that section which opens with its name in bold.
    """
    if deck.ability is None or home is None or row.cells.get(deck.ability) is None:
        return ()
    section = context.rulebook.sections(context.lang).get(home)
    if section is None:
        return ()
    found = []
    for name in row.text(deck.ability)[context.lang].split(","):
        rule = prose.lead_in(section, name.strip())
        if rule is None:
            return ()  # an ability without a paragraph of its own: the front's name and rule ID stand
        found.append(Stat(name.strip(), rule))
    return tuple(found)


def cards(context: RenderContext) -> tuple[Card, ...]:
    """Every card, deck by deck, one per row of the deck's tables (``sw28 check`` checks the decks)."""
    prose = context.prose(PROSE_KEY)
    homes = table_homes(context.rulebook)
    made: list[Card] = []
    for deck in context.rulebook.settings.decks:
        for table_id in deck_tables(deck, list(context.rulebook.tables)):
            table = context.rulebook.tables[table_id]
            made += [_card(context, deck, table, row, homes.get(table_id), prose) for row in table.rows]
    return tuple(made)


def _common(context: RenderContext, layout: str) -> dict:
    meta = context.rulebook.meta
    name = context.gettext("Cards")
    return {"book": meta, "lang": context.lang, "kind": f"cards {layout}",
            "document_title": f"{meta.title} · {name}", "description": name,
            "page_css": context.card_page_css()}


@renderer("cards")
def render_cards(context: RenderContext, deck: Sequence[Card]) -> str:
    """One card side per page, front then back, trimmed to the card with bleed."""
    template = context.env.get_template("cards/cards.html.j2")
    return template.render(cards=deck, **_common(context, "layout-single"))
