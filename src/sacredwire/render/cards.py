"""The cards output kind: one card per table row, made from the YAML tables only.

A card family names the tables it is made from and the part each column plays
(title, boxed stats, text). Every column of a family's tables must have a
place on the card, so a column added to a table cannot silently go missing.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup

from ..diagnostics import ContentError, Location
from ..ids import RuleId, TableId
from ..model import Row, Table
from . import RenderContext, renderer
from ._markdown import ProseRenderer
from ._paper import paper
from ._placement import table_homes

# Not a booklet: every reference prints its volume, as from another booklet.
PROSE_KEY = "cards"


@dataclass(frozen=True)
class Family:
    """A kind of card: its tables (IDs or patterns) and what each column is on it."""

    tables: tuple[str, ...]
    stats: tuple[tuple[str, ...], ...]
    texts: tuple[str, ...] = ()
    name: str = "name"
    # The text column naming an ability whose rule the card prints in full.
    ability: str | None = None


FAMILIES: tuple[Family, ...] = (
    Family(("contract-types",), stats=(("health", "move", "max"), ("weapons", "max_armor")), texts=("special",)),
    Family(("melee-weapons", "ranged-weapons", "grenades"), stats=(("damage", "type", "cost"),), texts=("special",)),
    Family(("light-armor", "medium-armor", "heavy-armor"), stats=(("cost", "move"),), texts=("special",)),
    Family(("consumables", "gear", "cybernetics"), stats=(("cost",),), texts=("effect",)),
    Family(("broadcast-powers",), stats=(("type",),), texts=("effect",)),
    Family(("blessings",), stats=(), texts=("effect",)),
    Family(("*-units",), stats=(("combat", "defense", "wits"), ("health", "move", "spawn", "tier"),
                                ("weapon", "type", "attack", "damage")), texts=("special",), ability="special"),
)

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


@dataclass(frozen=True)
class Side:
    """One printed side of an imposed sheet: a card index per slot, row by row."""

    back: bool
    slots: tuple[int | None, ...]


def _step(length: int, steps: tuple[tuple[int, str], ...]) -> str:
    return next((size for limit, size in steps if length <= limit), "s")


def family_tables(family: Family, tables: Sequence[TableId]) -> list[TableId]:
    """The tables a family is made from, in the order the content stores them."""
    found = [table for pattern in family.tables for table in tables if fnmatch.fnmatchcase(str(table), pattern)]
    if not found:
        raise ContentError(Location("content/tables", 1), f"no table matches card family {family.tables}")
    return list(dict.fromkeys(found))


def _unplaced(family: Family, table: Table) -> list[str]:
    placed = {family.name, *family.texts, *(key for row in family.stats for key in row)}
    return [column.key for column in table.columns if column.key not in placed and column.kind != "roll"]


def _card(context: RenderContext, family: Family, table: Table, row: Row, home: RuleId | None,
          prose: ProseRenderer) -> Card:
    lang = context.lang

    def stat(key: str) -> Stat:
        column = table.column(key)
        return Stat(column.title[lang], context.cell(table, column, row, prose))

    roll_column = next((column for column in table.columns if column.kind == "roll"), None)
    texts = tuple(stat(key) for key in family.texts if row.cells.get(key) is not None)
    words = sum(len(row.cells[key][lang]) for key in family.texts if row.cells.get(key) is not None)

    words += len(table.note[lang]) if table.note else 0
    name = row.cells[family.name][lang]
    booklet = context.rulebook.meta.booklet_for_letter(home.letter) if home else None
    return Card(
        owner=f"{name} ({table.id} {row.key}, {home or 'no rule ID'})", family=table.title[lang],
        booklet=booklet.title[lang] if booklet else "", name=prose.inline(name),
        name_size=_step(len(name), NAME_STEPS),
        roll=Stat(roll_column.title[lang], context.cell(table, roll_column, row, prose)) if roll_column else None,
        stats=tuple(tuple(stat(key) for key in keys) for keys in family.stats), texts=texts,
        note=prose.inline(table.note[lang]) if table.note else None, rule_id=str(home) if home else "",
        text_size=_step(words + STAT_ROW_LOAD * len(family.stats), TEXT_STEPS),
        abilities=_abilities(context, family, row, home, prose),
    )


def _abilities(context: RenderContext, family: Family, row: Row, home: RuleId | None,
               prose: ProseRenderer) -> tuple[Stat, ...]:
    """What the abilities a card names do, from the rule section the card's table is printed in.

    A unit card names its faction's ability ("Mob Up"); the ability's rule is
    the paragraph of that section which opens with its name in bold.
    """
    if family.ability is None or home is None or row.cells.get(family.ability) is None:
        return ()
    section = context.rulebook.sections(context.lang).get(home)
    if section is None:
        return ()
    found = []
    for name in row.cells[family.ability][context.lang].split(","):
        rule = prose.lead_in(section, name.strip())
        if rule is None:
            return ()  # an ability without a paragraph of its own: the front's name and rule ID stand
        found.append(Stat(name.strip(), rule))
    return tuple(found)


def cards(context: RenderContext) -> tuple[Card, ...]:
    """Every card, family by family, one per row of the family's tables."""
    prose = context.prose(PROSE_KEY)
    homes = table_homes(context.rulebook)
    made: list[Card] = []
    for family in FAMILIES:
        for table_id in family_tables(family, list(context.rulebook.tables)):
            table = context.rulebook.tables[table_id]
            unplaced = _unplaced(family, table)
            if unplaced:
                raise ContentError(table.location, f"table {table_id}: column {unplaced[0]!r} has no place on "
                                                   f"its cards (card families: render/cards.py)")
            made += [_card(context, family, table, row, homes.get(table_id), prose) for row in table.rows]
    return tuple(made)


def _common(context: RenderContext, layout: str) -> dict:
    meta = context.rulebook.meta
    name = context.gettext("Cards")
    return {"book": meta, "lang": context.lang, "kind": f"cards {layout}",
            "document_title": f"{meta.title} · {name}", "description": name}


@renderer("cards")
def render_cards(context: RenderContext, deck: Sequence[Card]) -> str:
    """One card side per page, front then back, trimmed to the card with bleed."""
    template = context.env.get_template("cards/cards.html.j2")
    return template.render(cards=deck, **_common(context, "layout-single"))


@renderer("card-sheets")
def render_card_sheets(context: RenderContext, deck: Sequence[Card], sides: Sequence[Side]) -> str:
    """Cards imposed on sheets of the context's paper, sides in printing order."""
    template = context.env.get_template("cards/sheets.html.j2")
    return template.render(cards=deck, sides=sides, **_common(context, f"layout-sheets paper-{paper(context)}"))
