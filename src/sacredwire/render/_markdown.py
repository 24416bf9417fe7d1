"""Parsed section tokens -> HTML, with cross-references, tables and blocks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup, escape

from ..diagnostics import ContentError
from ..example_text import FieldError, FieldRef, resolve, show
from ..ids import RuleId, TableId
from ..markup import parser
from ..model import Example, Rulebook, Section
from .pages import PageMap


@dataclass(frozen=True)
class XRefStyle:
    """How the language prints references: gettext patterns with named fields."""

    full_same: str
    full_other: str
    short_same: str
    short_other: str


@dataclass
class ProseRenderer:
    """Renders a section's tokens in one language for one booklet."""

    rulebook: Rulebook
    lang: str
    booklet_key: str
    pages: PageMap
    xref_style: XRefStyle
    render_table: Callable[[TableId], str]
    example_label: str
    # Where a reference points, given its target and the target's booklet key.
    # None: into the booklet PDFs (``#anchor`` or ``<booklet>.pdf#anchor``),
    # with the page the reference prints.
    xref_href: Callable[[RuleId, str], str] | None = None
    render_odds: Callable[[str], str] | None = None

    def __post_init__(self) -> None:
        self._sections = self.rulebook.sections(self.lang)
        md = parser()
        self._renderer = type(md.renderer)(md)
        rules = self._renderer.rules
        rules["xref"] = self._xref
        rules["table_ref"] = self._table
        rules["odds_ref"] = lambda tokens, idx, *_: self.render_odds(tokens[idx].content) if self.render_odds else ""
        rules["pagebreak"] = lambda *_: '<div class="page-break"></div>\n'
        rules["container_example_open"] = self._example_open
        rules["container_example_close"] = self._example_close
        rules["example_field"] = self._field
        rules["container_quote_open"] = self._quote_open
        rules["container_quote_close"] = self._quote_close
        rules["heading_open"] = self._heading
        rules["heading_close"] = self._heading
        self._quotes: list[str] = []
        self._example: Example | None = None
        self._section: Section | None = None

    # -- references ---------------------------------------------------------

    def xref_html(self, target: RuleId, short: bool) -> str:
        """``Contract Types (C2.4, p. 7)``: title, ID, volume if another booklet, page."""
        section = self._sections[target]
        meta = self.rulebook.meta.booklet_for_letter(target.letter)
        other = meta.key != self.booklet_key
        page = self.pages.page(meta.key, target.anchor)
        fields = {"title": section.title, "id": str(target), "volume": meta.volume,
                  "page": page if page is not None else PageMap.PLACEHOLDER}
        style = self.xref_style
        pattern = (style.short_other if other else style.short_same) if short else (
            style.full_other if other else style.full_same)
        text = escape(pattern % fields)
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

    # -- blocks ---------------------------------------------------------------

    def _table(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        return self.render_table(tokens[idx].meta["table"])

    def _example_open(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        meta = tokens[idx].meta
        self._example = self.rulebook.examples.get(meta["id"])
        return (f'<aside class="example" id="{meta["id"].anchor}">'
                f'<p class="example-title"><span class="label">{escape(self.example_label)}</span>'
                f' · {escape(meta["title"])}</p>\n')

    def _example_close(self, *_: Any) -> str:
        self._example = None
        return "</aside>\n"

    def _field(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        """A worked example's number, printed from its data in this language."""
        token = tokens[idx]
        example = self._example
        if example is None:
            raise ContentError(self._section.location if self._section else None,
                               f"{token.content} stands outside a '::: example' block")
        try:
            ref = FieldRef(token.meta["path"], token.meta["format"])
            return str(escape(show(resolve(ref, example.given, example.claims), ref.format, self.lang)))
        except FieldError as error:
            raise ContentError(example.location, f"example {example.id}: {error}") from None

    def _quote_open(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        self._quotes.append(tokens[idx].meta["attribution"])
        return '<figure class="quote"><blockquote>\n'

    def _quote_close(self, tokens: Sequence[Any], idx: int, options: Any, env: Any) -> str:
        attribution = self._quotes.pop()
        caption = f"<figcaption>{escape(attribution)}</figcaption>" if attribution else ""
        return f"</blockquote>{caption}</figure>\n"

    # -- entry points -----------------------------------------------------------

    def body(self, section: Section, heading_offset: int = 0) -> Markup:
        """The section's prose as HTML (summaries excluded), its headings
        ``heading_offset`` levels deeper than written."""
        self._section = section
        env = {"heading_offset": heading_offset}
        return Markup(self._renderer.render(list(section.tokens), parser().options, env))

    def summary(self, section: Section) -> Markup:
        """The section's ``::: summary`` block as HTML."""
        return Markup(self._renderer.render(list(section.summary), parser().options, {}))

    def inline(self, text: str) -> Markup:
        """Inline Markdown of a table cell, with references."""
        tokens = parser().parseInline(text, {})
        return Markup(self._renderer.render(tokens, parser().options, {}))
