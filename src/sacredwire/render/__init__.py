"""Rulebook + output kind + language -> HTML.

Each output kind (booklet, quick reference, cards) registers a renderer; the
layout stage asks for HTML by kind and never branches on the kind itself.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import jinja2
from babel.dates import format_date
from babel.numbers import format_decimal
from markupsafe import Markup, escape

from ..engine_adapter import rule_numbers
from ..ids import TableId
from ..languages import language
from ..model import SOURCE_LANG, Column, Row, Rulebook, Table, Text
from ..rule_fields import table_words
from ._art import PANEL_WIDTH
from ._figures import art_figure
from ._i18n import translations
from ._markdown import ProseRenderer, XRefStyle, is_drawing
from ._odds import odds_table
from ._placement import table_homes
from ._qrlayout import LAYOUT_FILE, QuickRefLayout, read_layout
from ._typography import Typesetter
from .pages import PageMap

# What other packages use; the modules named with a leading underscore stay this package's own.
__all__ = ["LAYOUT_FILE", "PANEL_WIDTH", "PageMap", "ProseRenderer", "QuickRefLayout", "RENDERERS", "RenderContext",
           "XRefStyle", "is_drawing", "read_layout", "render", "table_homes", "translations"]


@dataclass(frozen=True)
class RenderContext:
    """What every renderer needs: the content, the language, the known pages."""

    rulebook: Rulebook
    lang: str
    pages: PageMap
    options: Mapping[str, str] = field(default_factory=dict)

    @property
    def root(self) -> Path:
        return Path(self.rulebook.root)

    @property
    def env(self) -> jinja2.Environment:
        return environment(str(self.root / "templates"), str(self.root / "locales"), self.lang)

    def gettext(self, message: str) -> str:
        """``message`` in the context's language (template strings use ``_()`` instead)."""
        return translations(str(self.root / "locales"), self.lang).gettext(message)

    def prose(self, booklet_key: str) -> ProseRenderer:
        """A Markdown renderer for sections printed in ``booklet_key``."""
        gettext = self.gettext
        style = XRefStyle(
            full_same=gettext("%(title)s (%(id)s, p.\u00a0%(page)s)"),
            full_other=gettext("%(title)s (%(id)s, Vol.\u00a0%(volume)s, p.\u00a0%(page)s)"),
            short_same=gettext("(%(id)s, p.\u00a0%(page)s)"),
            short_other=gettext("(%(id)s, Vol.\u00a0%(volume)s, p.\u00a0%(page)s)"),
        )
        holder: dict[str, ProseRenderer] = {}
        prose = ProseRenderer(
            rulebook=self.rulebook, lang=self.lang, booklet_key=booklet_key, pages=self.pages,
            xref_style=style,
            render_table=lambda table_id, caption: self.table_html(table_id, holder["prose"], caption),
            example_label=gettext("Example"), render_odds=self.odds_html, typesetter=self.typesetter,
            render_art=lambda file, caption: art_figure(self.root, file, caption),
        )
        holder["prose"] = prose
        return prose

    @property
    def typesetter(self) -> Typesetter:
        """The text pass of the context's language (quotes, minus signs, word breaks)."""
        return Typesetter(self.lang, self.rulebook.hyphenation_rules(self.lang))

    def table_html(self, table_id: TableId, prose: ProseRenderer, caption: bool = True) -> str:
        """A table as HTML; without its caption where a heading right above already names it."""
        table = self.rulebook.tables[table_id]
        template = self.env.get_template("base/table.html.j2")
        return template.render(table=table, lang=self.lang, inline=prose.inline, typeset=self.typesetter.text,
                               lines=table_lines(table), caption=caption,
                               compact=table_is_compact(table, self.lang, self.rulebook),
                               cell=lambda column, row: self.cell(table, column, row, prose))

    def odds_html(self, measure: str) -> str:
        """A chart of opposed-roll odds, computed by the rules engine now (never typed in)."""
        table = odds_table(measure, self.lang, self.gettext, rule_numbers(self.rulebook).multiples)
        template = self.env.get_template("base/table.html.j2")
        return template.render(table=table, lang=self.lang, inline=self.typesetter.text, typeset=self.typesetter.text,
                               lines=table_lines(table), caption=True, compact=True,
                               cell=lambda column, row: escape(row.cells[column.key]))

    def cell(self, table: Table, column: Column, row: Row, prose: ProseRenderer) -> Markup:
        """One table cell, formatted for its column kind and the language."""
        value = row.cells.get(column.key)
        if value is None:
            return Markup("–")
        # The loader gives each column kind its one type of cell.
        if column.kind == "text" and isinstance(value, Text):
            return prose.inline(value[self.lang])
        if column.kind == "term" and isinstance(value, str):
            return self.typesetter.text(self.rulebook.glossary[value].text[self.lang])
        if column.kind == "number" and isinstance(value, int):
            return escape(format_decimal(value, locale=language(self.lang).locale))
        if column.kind == "modifier":
            return escape(f"{value:+d}" if value else "0").replace("-", "\u2212")
        if column.kind == "inches" and isinstance(value, int):
            return escape(f"{format_decimal(value, locale=language(self.lang).locale)}\u2033")
        if column.kind == "roll" and isinstance(value, str):
            return escape(value.replace("-", "\u2013"))
        return escape(str(value))

    def booklet_page_css(self) -> str:
        """Booklet pages bleed as far as the widest edition needs (content/outputs.yaml)."""
        return f"@page {{ bleed: {self.rulebook.settings.print.layout_bleed.css}; }}"

    def card_page_css(self) -> str:
        """The card's trim and bleed and its minimum type, from the print settings (content/outputs.yaml)."""
        settings = self.rulebook.settings.print
        width, height = settings.card_width.css, settings.card_height.css
        return (f"@page {{ size: {width} {height}; bleed: {settings.layout_bleed.css}; }} "
                f".card {{ width: {width}; height: {height}; --card-type-min: {settings.card_min_type.pt:g}pt; }}")

    def format_date(self, iso_date: str) -> str:
        return format_date(datetime.date.fromisoformat(iso_date), format="long", locale=language(self.lang).locale)


# A table with this many columns or more does not fit the booklet's measure at
# a readable size: each row is set on two lines.
STACKED_COLUMNS = 9
SHORT_KINDS = frozenset({"dice", "number", "inches", "modifier", "plain", "roll"})


@dataclass(frozen=True)
class TableLines:
    """How a table's columns are set: the identity columns span both lines of a
    row, then the first line's columns, then (stacked tables only) the columns
    gathered into one cell on a second line."""

    identity: tuple[Column, ...]
    first: tuple[Column, ...]
    second: tuple[Column, ...] = ()


def table_lines(table: Table) -> TableLines:
    """Split a wide table's columns over two lines; a narrow table keeps one.

    The second line starts at the first text column that follows the numbers
    (a unit's weapon after its stats, a model's gear after its dice); the
    identity columns are the roll and the name before the first text column.
    """
    columns = table.booklet_columns
    if len(columns) < STACKED_COLUMNS:
        return TableLines((), columns)
    first_text = next((i for i, c in enumerate(columns) if c.kind in ("text", "term")), 0)
    split = next((i for i in range(first_text + 1, len(columns))
                  if columns[i].kind in ("text", "term") and any(c.kind in SHORT_KINDS and c.kind not in
                                                                  ("roll", "plain")
                                                                  for c in columns[first_text:i])), len(columns))
    return TableLines(columns[:first_text + 1], columns[first_text + 1:split], columns[split:])


# A table whose every text cell is this short holds names and numbers only:
# it is set to the width of its columns rather than across the measure.
COMPACT_TEXT_CHARS = 24


def table_is_compact(table: Table, lang: str, rulebook: Rulebook) -> bool:
    """Whether ``table`` holds only short words and numbers (no sentence in any cell), measured as
    printed: a rule field counts as the number it prints."""
    for row in table.rows:
        for column in table.booklet_columns:
            value = row.cells.get(column.key)
            if column.kind == "text" and isinstance(value, Text) \
                    and len(table_words(value, rulebook, lang)) > COMPACT_TEXT_CHARS:
                return False
    return True


@cache
def environment(templates_dir: str, locales_dir: str, lang: str) -> jinja2.Environment:
    """The Jinja environment for one language, with gettext installed."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(templates_dir),
        autoescape=True,
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    # (added by the i18n extension at run time, so jinja2's types do not know it)
    env.install_gettext_translations(translations(locales_dir, lang), newstyle=True)  # type: ignore[attr-defined]
    env.globals["html_lang"] = language(lang).tag
    # What a section not translated yet is set in (it prints the English text).
    env.globals["source_tag"] = language(SOURCE_LANG).tag
    return env


Renderer = Callable[..., str]
RENDERERS: dict[str, Renderer] = {}


def renderer(kind: str) -> Callable[[Renderer], Renderer]:
    """Register the HTML renderer of an output kind."""

    def register(function: Renderer) -> Renderer:
        RENDERERS[kind] = function
        return function

    return register


def render(kind: str, context: RenderContext, **options) -> str:
    """HTML for one document of ``kind``."""
    return RENDERERS[kind](context, **options)


from . import booklet, cards, quickref  # noqa: E402,F401  (register their renderers)
