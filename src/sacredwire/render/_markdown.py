"""Parsed section tokens -> HTML, with cross-references, tables and blocks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from markdown_it.renderer import RendererHTML
from markupsafe import Markup, escape

from ..board_svg import knocked_out_labels
from ..diagnostics import ContentError, Location
from ..example_text import FieldError, FieldRef, resolve, show
from ..ids import RuleId, TableId
from ..markup import parser
from ..model import Example, Rulebook, Section
from ..rule_fields import is_rule_field, show_rule_field
from ._typography import Typesetter
from .pages import PageMap

# Characters of text in an example box short enough to keep on one page: at
# 8.6 pt about 22 lines of 70 characters, half the booklet's text area. A
# longer box may continue overleaf rather than leave a hole.
SHORT_EXAMPLE = 1500
# Characters of a sentence opening a table that is kept with it: two lines.
SHORT_LEAD_IN = 140


def _example_length(tokens: Sequence[Any], start: int) -> int:
    """The characters of text from the example box opening at ``start`` to its close."""
    length = 0
    for token in tokens[start + 1:]:
        if token.type == "container_example_close":
            break
        if token.type == "inline":
            length += len(token.content)
    return length


@dataclass(frozen=True)
class XRefStyle:
    """How the language prints references: gettext patterns with named fields."""

    full_same: str
    full_other: str
    short_same: str
    short_other: str


def is_drawing(token: Any) -> bool:
    """An inline SVG drawing written into the Markdown as a block of its own (a mission's board)."""
    return token.type == "html_block" and token.content.lstrip().startswith("<svg")


@dataclass
class ProseRenderer:
    """Renders a section's tokens in one language for one booklet."""

    rulebook: Rulebook
    lang: str
    booklet_key: str
    pages: PageMap
    xref_style: XRefStyle
    render_table: Callable[[TableId, bool], str]
    example_label: str
    typesetter: Typesetter
    # Where a reference points, given its target and the target's booklet key.
    # None: into the booklet PDFs (``#anchor`` or ``<booklet>.pdf#anchor``),
    # with the page the reference prints.
    xref_href: Callable[[RuleId, str], str] | None = None
    render_odds: Callable[[str], str] | None = None
    # A designer-supplied image placed with ``{art: file | caption}``, given the
    # file and its typeset caption; None: an output that shows no supplied images.
    render_art: Callable[[str, Markup], str] | None = None
    # What the content's raw HTML goes through before it reaches the page: the
    # web edition leaves out whatever the allow-list refuses (markup/allowlist.py).
    raw_html: Callable[[str], str] | None = None

    def __post_init__(self) -> None:
        self._sections = self.rulebook.sections(self.lang)
        md = parser()
        self._renderer = RendererHTML(md)
        # markdown-it types its render rules as bound methods; any callable of the same arguments serves.
        rules: dict[str, Any] = self._renderer.rules
        rules["xref"] = self._xref
        rules["table_ref"] = self._table
        rules["odds_ref"] = lambda tokens, idx, *_: self.render_odds(tokens[idx].content) if self.render_odds else ""
        rules["pagebreak"] = lambda *_: '<div class="page-break"></div>\n'
        rules["art_ref"] = self._art
        rules["container_example_open"] = self._example_open
        rules["container_example_close"] = self._example_close
        rules["example_field"] = self._field
        rules["not_a_rule"] = lambda tokens, idx, *_: str(escape(tokens[idx].content))
        rules["container_quote_open"] = self._quote_open
        rules["container_quote_close"] = self._quote_close
        rules["heading_open"] = self._heading
        rules["paragraph_open"] = self._paragraph_open
        rules["html_block"] = self._html_block
        rules["heading_close"] = self._heading
        self._quotes: list[str] = []
        self._example: Example | None = None
        self._section: Section | None = None
        self._section_title: str | None = None

    # -- references ---------------------------------------------------------

    def xref_html(self, target: RuleId, short: bool) -> str:
        """``Contract Types (C2.4, p. 7)``: title, ID, volume if another booklet, page."""
        section = self._sections[target]
        meta = self.rulebook.meta.booklet_for_letter(target.letter)
        assert meta is not None  # every loaded section belongs to a booklet
        other = meta.key != self.booklet_key
        page = self.pages.page(meta.key, target.anchor)
        fields = {"title": section.title, "id": str(target), "volume": meta.volume,
                  "page": page if page is not None else PageMap.PLACEHOLDER}
        style = self.xref_style
        pattern = (style.short_other if other else style.short_same) if short else (
            style.full_other if other else style.full_same)
        text = self.typesetter.text(pattern % fields)
        if self.xref_href is not None:
            return (f'<a class="xref" href="{escape(self.xref_href(target, meta.key))}" '
                    f'data-target="{target}">{text}</a>')
        href = f"{meta.key}.pdf#{target.anchor}" if other else f"#{target.anchor}"
        return (f'<a class="xref" href="{href}" data-target="{target}" data-booklet="{meta.key}" '
                f'data-page="{fields["page"]}">{text}</a>')

    def _xref(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        token = tokens[idx]
        return self.xref_html(RuleId.parse(token.content), token.meta["short"])

    def _heading(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        # A page that nests sections one level deeper than the booklet
        # (``body(section, heading_offset=1)``) moves the section's own
        # headings down with them, so heading levels never skip.
        offset = env.get("heading_offset", 0)
        token = tokens[idx]
        if not offset:
            return self._renderer.renderToken(tokens, idx, options, env)
        tag = f"h{min(int(token.tag[1]) + offset, 6)}"
        if token.nesting == -1:
            return f"</{tag}>\n"
        return f"<{tag}{self._renderer.renderAttrs(token)}>"

    def _html_block(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        token = tokens[idx]
        return knocked_out_labels(token.content) if is_drawing(token) else token.content

    def _paragraph_open(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        # A lead-in (a paragraph ending in a colon: "before any modifier:")
        # announces what follows it, so it never ends a page without it.
        # So does a sentence of a line or two that opens a table ("A Coworker
        # marked Hostile fights back, or runs." over its behavior table).
        inline = tokens[idx + 1] if idx + 1 < len(tokens) else None
        after = tokens[idx + 3] if idx + 3 < len(tokens) else None
        if inline is None or inline.type != "inline" or tokens[idx].hidden or tokens[idx].attrs:
            return self._renderer.renderToken(tokens, idx, options, env)
        text = inline.content.rstrip()
        if text.endswith(":") or (after is not None and after.type == "table_ref" and len(text) <= SHORT_LEAD_IN):
            return '<p class="lead-in">'
        return self._renderer.renderToken(tokens, idx, options, env)

    # -- blocks ---------------------------------------------------------------

    def _table(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        table_id = tokens[idx].meta["table"]
        # A table that opens its section under a heading of the same name
        # prints no caption: the heading already says it.
        caption = not (idx == 0 and self._section_title is not None
                       and self.rulebook.tables[table_id].title[self.lang] == self._section_title)
        return self.render_table(table_id, caption)

    def _art(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        token = tokens[idx]
        if self.render_art is None:
            return ""
        try:
            return self.render_art(token.content, self.typesetter.text(token.meta["caption"]))
        except ValueError as error:
            location = self._nearest_location()
            line = token.map[0] + 1 if token.map else location.line
            raise ContentError(Location(location.file, line), str(error)) from None

    def _example_open(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        meta = tokens[idx].meta
        self._example = self.rulebook.examples.get(meta["id"])
        keep = ' keep' if _example_length(tokens, idx) <= SHORT_EXAMPLE else ''
        return (f'<aside class="example{keep}" id="{meta["id"].anchor}">'
                f'<p class="example-title"><span class="label">{escape(self.example_label)}</span>'
                f' · {self.typesetter.text(meta["title"])}</p>\n')

    def _example_close(self, *_: Any) -> str:
        self._example = None
        return "</aside>\n"

    def _nearest_location(self) -> Location:
        """The section being rendered; outside any (a table cell), the booklet's prose folder."""
        return self._section.location if self._section else Location(f"content/{self.booklet_key}/{self.lang}", 1)

    def _field(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        """A number printed from the content: a worked example's data, a rule parameter or a table cell."""
        token = tokens[idx]
        example = self._example
        rule_ref = FieldRef(token.meta["path"], token.meta["format"])
        if is_rule_field(rule_ref):
            # A rule's number (a parameter or a table cell), read from the content where it is stored.
            try:
                return str(self.typesetter.text(show_rule_field(rule_ref, self.rulebook, self.lang)))
            except FieldError as error:
                raise ContentError(self._nearest_location(), f"{token.content}: {error}") from None
        if example is None:
            raise ContentError(self._nearest_location(), f"{token.content} stands outside a '::: example' block")
        try:
            ref = FieldRef(token.meta["path"], token.meta["format"])
            # Typeset like the words around it: a negative number prints with a true minus sign.
            return str(self.typesetter.text(show(resolve(ref, example.given, example.claims), ref.format,
                                                 self.lang)))
        except FieldError as error:
            raise ContentError(example.location, f"example {example.id}: {error}") from None

    def _quote_open(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        self._quotes.append(tokens[idx].meta["attribution"])
        return '<figure class="quote"><blockquote>\n'

    def _quote_close(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        attribution = self._quotes.pop()
        caption = f"<figcaption>{self.typesetter.text(attribution)}</figcaption>" if attribution else ""
        return f"</blockquote>{caption}</figure>\n"

    # -- entry points -----------------------------------------------------------

    def body(self, section: Section, heading_offset: int = 0) -> Markup:
        """The section's prose as HTML (summaries excluded), its headings
        ``heading_offset`` levels deeper than written."""
        return self._render_body(section, section.tokens, heading_offset)

    def body_and_drawings(self, section: Section) -> tuple[Markup, Markup]:
        """The section's prose without its drawings (its inline SVG blocks), and the drawings.

        A mission is set as a spread: its briefing on the left page and its
        board on the facing one, so the board leaves the flow of the text.
        """
        drawings = [token for token in section.tokens if is_drawing(token)]
        prose = [token for token in section.tokens if not is_drawing(token)]
        return (self._render_body(section, prose, 0),
                Markup("".join(self._raw(knocked_out_labels(token.content)) for token in drawings)))

    def _render_body(self, section: Section, tokens: Sequence[Any], heading_offset: int) -> Markup:
        self._section = section
        self._section_title = section.title
        env = {"heading_offset": heading_offset}
        return Markup(self._renderer.render(self._typeset(tokens), parser().options, env))

    def summary(self, section: Section) -> Markup:
        """The section's ``::: summary`` block as HTML."""
        self._section_title = None
        return Markup(self._renderer.render(self._typeset(section.summary), parser().options, {}))

    def lead_in(self, section: Section, name: str) -> Markup | None:
        """The paragraph of ``section`` that opens with ``name`` in bold, without that name.

        Faction abilities are written this way ("**Mob Up.** A Feral Crews model
        that..."), so a card can say what an ability does, not only its name.
        """
        tokens = list(section.tokens)
        for index, token in enumerate(tokens):
            # markdown-it may open a paragraph's children with an empty text token.
            children = [child for child in token.children or [] if child.type != "text" or child.content]
            if (token.type != "inline" or index == 0 or tokens[index - 1].type != "paragraph_open"
                    or len(children) < 4 or children[0].type != "strong_open" or children[2].type != "strong_close"):
                continue
            if children[1].content.rstrip(".:").strip().lower() != name.lower():
                continue
            rest = [child.copy() for child in children[3:]]
            if rest[0].type == "text":
                rest[0] = rest[0].copy(content=rest[0].content.lstrip(" .:"))
            body = token.copy(children=rest)
            return Markup(self._renderer.render(self._typeset([body]), parser().options, {}))
        return None

    def inline(self, text: str) -> Markup:
        """Inline Markdown of a table cell, with references."""
        self._section_title = None
        tokens = self._typeset(parser().parseInline(text, {}))
        return Markup(self._renderer.render(tokens, parser().options, {}))

    def _raw(self, html: str) -> str:
        return self.raw_html(html) if self.raw_html else html

    def _typeset(self, tokens: Sequence[Any]) -> list[Any]:
        """The content's tokens, raw HTML through :attr:`raw_html`, text typeset."""
        if self.raw_html:
            tokens = [token.copy(content=self._raw(token.content)) if token.type == "html_block"
                      else token.copy(children=[child.copy(content=self._raw(child.content))
                                                if child.type == "html_inline" else child
                                                for child in token.children]) if token.children
                      else token for token in tokens]
        return self.typesetter.tokens(tokens)
