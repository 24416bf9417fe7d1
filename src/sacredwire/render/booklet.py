"""The booklet output kind: cover, contents, chapters; and its tail pages."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from ..model import Chapter, Section
from . import RenderContext, renderer
from ._cover import cover_svg, volume_colour
from .pages import PageMap


def change_bars_option(lang: str) -> str:
    """The render option listing, comma-separated, the rule IDs in ``lang`` to mark with a change bar."""
    return f"change-bars-{lang}"


@dataclass(frozen=True)
class RenderedSection:
    section: Section
    body: Markup
    page: int | str
    changed: bool = False
    # A section set on a spread of its own (a mission): its board, set after its rules.
    drawings: Markup = Markup("")

    @property
    def id(self):
        return self.section.id

    @property
    def title(self) -> str:
        return self.section.title


@dataclass(frozen=True)
class RenderedChapter:
    intro: RenderedSection
    sections: tuple[RenderedSection, ...]


def _common(context: RenderContext, booklet_key: str) -> dict:
    meta = context.rulebook.meta
    booklet = meta.booklet(booklet_key)
    return {
        "book": meta,
        "booklet": booklet,
        "lang": context.lang,
        "kind": "booklet",
        "release_date": context.format_date(meta.date),
        "document_title": f"{meta.title} · {booklet.title[context.lang]}",
        "page_css": context.booklet_page_css(),
        "cover_art": cover_svg(booklet, context.rulebook.settings.print.ink_limit),
        "volume_colour": lambda other: volume_colour(other).css,
        "typeset": context.typesetter.text,
    }


@renderer("booklet")
def render_booklet(context: RenderContext, booklet_key: str) -> str:
    """The booklet from its cover to its last rule section."""
    booklet = context.rulebook.booklet(booklet_key, context.lang)
    prose = context.prose(booklet_key)
    changed = set(filter(None, context.options.get(change_bars_option(context.lang), "").split(",")))

    def rendered(section: Section, board_apart: bool = False) -> RenderedSection:
        page = context.pages.page(booklet_key, section.id.anchor)
        body, drawings = prose.body_and_drawings(section) if board_apart else (prose.body(section), Markup(""))
        return RenderedSection(section, body, page or PageMap.PLACEHOLDER, changed=str(section.id) in changed,
                               drawings=drawings)

    def board_faces_rules(chapter: Chapter, index: int) -> bool:
        # A mission sets its board on the page facing its rules. The chapter's
        # first mission shares its spread with the chapter's own text, which
        # leaves no page for the board alone: its board follows its introduction.
        return str(chapter.id) in booklet.meta.page_per_section and (index > 0 or not chapter.intro.tokens)

    chapters = [
        RenderedChapter(rendered(chapter.intro), tuple(
            rendered(s, board_apart=board_faces_rules(chapter, index)) for index, s in enumerate(chapter.sections)))
        for chapter in booklet.chapters
    ]
    template = context.env.get_template("booklet/booklet.html.j2")
    example_count = sum(len(section.examples) for section in booklet.all_sections())
    return template.render(chapters=chapters, example_count=example_count, **_common(context, booklet_key))


@renderer("booklet-tail")
def render_booklet_tail(context: RenderContext, booklet_key: str, blank_pages: int,
                        roster: bool) -> str:
    """The pages after the rules: a squad roster, notes pages, the back cover."""
    template = context.env.get_template("booklet/tail.html.j2")
    return template.render(blank_pages=blank_pages, roster=roster, **_common(context, booklet_key))
