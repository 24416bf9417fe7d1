"""The quick-reference output kind: section summaries and tables on a few dense pages.

Every block is made from the rule sections and tables it summarises (the
section's ``::: summary`` block, or a table stored once) and names their rule
IDs, so a player can look up the full rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from markupsafe import Markup

from ..diagnostics import ContentError
from ..ids import RuleId, TableId
from ..model import Section
from . import RenderContext, renderer
from ._markdown import ProseRenderer
from ._paper import paper
from ._placement import table_homes
from ._qrlayout import Block, QuickRefLayout, read_layout

# Not a booklet: every reference prints its volume, as from another booklet.
PROSE_KEY = "quick-reference"


@dataclass(frozen=True)
class Item:
    """One summary or table under its rule ID and title."""

    kind: str
    id: str
    title: str
    body: Markup
    # The full rule in its booklet's PDF, beside this one (the screen edition keeps the link).
    href: str = ""


@dataclass(frozen=True)
class RenderedBlock:
    title: str | None
    span: str
    items: tuple[Item, ...]
    anchor: str


@dataclass(frozen=True)
class RenderedPage:
    number: int
    title: str | None
    columns: int
    blocks: tuple[RenderedBlock, ...]
    anchor: str
    # The size of the page's running text in points: its columns reach the foot of the page.
    type_pt: float


def id_span(ids: Sequence[RuleId]) -> str:
    """Rule IDs in a few characters: three or more consecutive sections become a range.

    >>> id_span([RuleId.parse(i) for i in ("C1.9", "C1.10", "C4.9", "C4.10", "C4.11", "C4.13")])
    'C1.9 · C1.10 · C4.9–C4.11 · C4.13'
    """
    runs: list[list[RuleId]] = []
    for rule_id in ids:
        last = runs[-1][-1] if runs else None
        if (last is not None and last.section is not None and rule_id.section == last.section + 1
                and rule_id.chapter_id == last.chapter_id):
            runs[-1].append(rule_id)
        else:
            runs.append([rule_id])
    parts: list[str] = []
    for run in runs:
        parts += [f"{run[0]}–{run[-1]}"] if len(run) >= 3 else [str(rule_id) for rule_id in run]
    return " · ".join(parts)


def layout_for(context: RenderContext) -> QuickRefLayout:
    """The layout file, checked against the content in the context's language."""
    layout = read_layout(context.root)
    lang = context.lang
    sections = context.rulebook.sections(lang)
    blocks = [block for page in layout.pages for block in page.blocks]
    missing = [(block, rule_id) for block in blocks for rule_id in block.sections if rule_id not in sections]
    if missing:
        # All at once: a translation in progress lacks many sections, not one.
        raise ContentError(missing[0][0].location, f"no {lang} text yet for "
                                                   f"{', '.join(str(rule_id) for _, rule_id in missing)} "
                                                   f"(content/*/{lang}/)")
    explicit = {table for block in blocks for table in block.tables}
    for page in layout.pages:
        if page.title is not None and page.title.get(lang) is None:
            raise ContentError(page.location, f"the page title has no {lang} text")
    for block in blocks:
        if block.title is not None and block.title.get(lang) is None:
            raise ContentError(block.location, f"the block title has no {lang} text")
        unknown = [str(table) for table in block.tables if table not in context.rulebook.tables]
        if unknown:
            raise ContentError(block.location, f"unknown table {unknown[0]}")
        for rule_id in block.sections:
            section = sections[rule_id]
            if not section.summary:
                raise ContentError(block.location, f"{rule_id} has no '::: summary' block ({section.location})")
            repeated = [str(p.table) for p in section.tables if p.in_summary and p.table in explicit]
            if repeated:
                raise ContentError(block.location, f"{repeated[0]} is listed here and already in the summary "
                                                   f"of {rule_id}")
    return layout


def _rule_href(context: RenderContext, rule_id: RuleId) -> str:
    booklet = context.rulebook.meta.booklet_for_letter(rule_id.letter)
    return f"{booklet.key}.pdf#{rule_id.anchor}" if booklet else ""


def rendered_block(context: RenderContext, block: Block, anchor: str, sections: Mapping[RuleId, Section],
                   prose: ProseRenderer, homes: Mapping[TableId, RuleId]) -> RenderedBlock:
    """One block of the layout: its section summaries and tables, each under its rule ID."""
    items = [Item("summary", str(rule_id), sections[rule_id].title, prose.summary(sections[rule_id]),
                  _rule_href(context, rule_id)) for rule_id in block.sections]
    ids = list(block.sections)
    for table_id in block.tables:
        table = context.rulebook.tables[table_id]
        home = homes.get(table_id)
        items.append(Item("table", str(home or table_id), table.title[context.lang],
                          Markup(context.table_html(table_id, prose)), _rule_href(context, home) if home else ""))
        if home is not None and home not in ids:
            ids.append(home)
    title = block.title[context.lang] if block.title else None
    return RenderedBlock(title, id_span(sorted(ids)), tuple(items), anchor)


@renderer("quick-reference")
def render_quickref(context: RenderContext, type_pt: Mapping[int, float] | None = None,
                    only: int | None = None) -> str:
    """Every page of the quick reference, in the context's language and paper.

    ``type_pt`` sets a page (by number, from 1) at another type size than the
    layout file's, as the fitting in ``layout/quickref.py`` does; ``only``
    renders that one page alone, with its own number and folio, to try a size.
    """
    layout = layout_for(context)
    sections = context.rulebook.sections(context.lang)
    prose = context.prose(PROSE_KEY)
    homes = table_homes(context.rulebook)
    sizes = type_pt or {}
    pages = tuple(
        RenderedPage(
            number=number, title=page.title[context.lang] if page.title else None, columns=page.columns,
            blocks=tuple(rendered_block(context, block, f"qr-block-{number}-{index}", sections, prose, homes)
                         for index, block in enumerate(page.blocks, start=1)),
            anchor=f"qr-page-{number}",
            type_pt=sizes.get(number, page.type_size(context.lang)),
        )
        for number, page in enumerate(layout.pages, start=1)
        if only is None or number == only
    )
    meta = context.rulebook.meta
    gettext = context.gettext
    name = gettext("Quick Reference")
    template = context.env.get_template("quickref/quickref.html.j2")
    return template.render(
        book=meta, lang=context.lang, kind=f"quick-reference paper-{paper(context)}", pages=pages, name=name,
        page_count=len(layout.pages),
        document_title=f"{meta.title} · {name}",
        description=gettext("Rule summaries and tables, with the ID of every full rule"),
    )
