"""The booklet output kind: cover, contents, chapters; and its tail pages."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from ..model import Chapter, Section
from . import RenderContext, renderer
from ._art import chapter_art, opener_art
from ._cover import cover_svg, volume_colour
from ._tokens import SHEETS, sheet_svg
from ._typography import NBSP, characters
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
        # The volume's cover colour marks its interior too (chapter rules,
        # record boxes): rules only, never small text, which stays in one ink.
        "page_css": context.booklet_page_css() + f" :root {{ --volume: {volume_colour(booklet).css}; }}",
        "cover_art": cover_svg(booklet, context.rulebook.settings.print.ink_limit),
        "volume_colour": lambda other: volume_colour(other).css,
        "chapter_art": lambda chapter_id: chapter_art(booklet, chapter_id),
        "opener_art": lambda chapter_id: opener_art(booklet, chapter_id,
                                                    context.rulebook.settings.print.layout_bleed.mm),
        "typeset": context.typesetter.text,
        # Titles as plain text with the typesetter's characters (apostrophes,
        # quotes): they also go into attributes and running heads.
        "chars": lambda text: characters(text, context.lang),
        # A bookmark is read, never broken over lines: its title keeps plain spaces.
        "bookmark": lambda text: characters(text, context.lang).replace(NBSP, " "),
    }


FRONT = "front"
# Rows of a mission log sheet: one per mission of the d12 table.
LOG_ROWS = 12


@dataclass(frozen=True)
class BookletPart:
    """One part of a booklet laid out on its own: the front matter or one chapter.

    Every part starts on a new page, so a booklet can be laid out part by part:
    ``first_page`` is the number its first page prints, and ``filler`` puts a
    page with nothing on it first, for a chapter that must open on a left page
    but would start on a right one; the styles print on it what they print on
    a page the layout leaves blank (the missions' log sheet), as the whole
    booklet does on the blank page it gets there.
    """

    name: str  # FRONT, or the chapter's rule ID
    first_page: int = 1
    filler: bool = False

    def page_css(self) -> str:
        """The side and number of the part's first page (the front starts the booklet as it is)."""
        if self.first_page == 1 and not self.filler:
            return ""
        side = "right" if self.first_page % 2 else "left"
        return f"html {{ break-before: {side}; }} @page :first {{ counter-reset: page {self.first_page}; }}"


def part_names(context: RenderContext, booklet_key: str) -> list[str]:
    """The parts of a booklet in order: its front matter, then each chapter."""
    booklet = context.rulebook.booklet(booklet_key, context.lang)
    return [FRONT] + [str(chapter.intro.id) for chapter in booklet.chapters]


@renderer("booklet")
def render_booklet(context: RenderContext, booklet_key: str, part: BookletPart | None = None) -> str:
    """The booklet from its cover to its last rule section, or one part of it."""
    booklet = context.rulebook.booklet(booklet_key, context.lang)
    prose = context.prose(booklet_key)
    changed = set(filter(None, context.options.get(change_bars_option(context.lang), "").split(",")))

    def rendered(section: Section, shown: bool, board_apart: bool = False) -> RenderedSection:
        page = context.pages.page(booklet_key, section.id.anchor)
        # A part prints the bodies of its own chapter only; the contents need titles and pages.
        if not shown:
            body, drawings = Markup(""), Markup("")
        elif board_apart:
            body, drawings = prose.body_and_drawings(section)
        else:
            body, drawings = prose.body(section), Markup("")
        return RenderedSection(section, body, page or PageMap.PLACEHOLDER, changed=str(section.id) in changed,
                               drawings=drawings)

    def board_faces_rules(chapter: Chapter, index: int) -> bool:
        # A mission sets its board on the page facing its rules. The chapter's
        # first mission shares its spread with the chapter's own text, which
        # leaves no page for the board alone: its board follows its introduction.
        return str(chapter.id) in booklet.meta.page_per_section and (index > 0 or not chapter.intro.tokens)

    chapters = []
    for chapter in booklet.chapters:
        shown = part is None or part.name == str(chapter.intro.id)
        chapters.append(RenderedChapter(rendered(chapter.intro, shown), tuple(
            rendered(s, shown, board_apart=board_faces_rules(chapter, index))
            for index, s in enumerate(chapter.sections))))
    template = context.env.get_template("booklet/booklet.html.j2")
    example_count = sum(len(section.examples) for section in booklet.all_sections())
    common = _common(context, booklet_key)
    if part is not None:
        common["page_css"] += " " + part.page_css()
    return template.render(chapters=chapters, example_count=example_count, part=part.name if part else None,
                           filler=bool(part and part.filler),
                           log_rows=LOG_ROWS, **common)


@renderer("booklet-tail")
def render_booklet_tail(context: RenderContext, booklet_key: str, blank_pages: int,
                        roster: bool) -> str:
    """The pages after the rules: a squad roster, a token sheet, the players' sheets, notes, the back cover."""
    template = context.env.get_template("booklet/tail.html.j2")
    sheet = None
    if booklet_key in context.rulebook.settings.token_booklets:
        sheet = SHEETS[booklet_key](context.rulebook, context.lang, context.gettext)
    return template.render(blank_pages=blank_pages, roster=roster, token_sheet=sheet,
                           token_svg=sheet_svg(sheet) if sheet else "", **_common(context, booklet_key))
