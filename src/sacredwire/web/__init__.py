"""The web edition: the rules as a static site, every rule ID a permalink.

:func:`make_site` turns the rulebook into the files of a static site, as
paths relative to the site root and their bytes::

    index.html                  both languages: the five volumes, quick reference, cards, search
    style.css, tokens.css       the site's styles; tokens.css is the print editions' design tokens in RGB
    site.js, search.js          the language switch, contents mark, copy links, table shades; search
    search-index.js             every chapter and section of every language and the search words, as a script
    fonts/                      the project's fonts as WOFF2 subsets (_fonts.py) and their licence (SIL OFL 1.1)
    <lang>/<booklet>.html       one page per booklet: every chapter and section has id="<rule ID>"
    <lang>/quick-reference.html, <lang>/cards.html, <lang>/search.html
    <lang>/squad.html, <lang>/mission.html   the squad builder and the mission generator
    kit-data.js, kit-core.js, squad-builder.js, mission-generator.js, kit.css   their data (from the tables) and scripts
    <lang>/<rule ID>/index.html short link: forwards to the section on its booklet page
    404.html, sitemap.xml       for a missing address; every page for search engines
    manifest.webmanifest, sw.js the offline app (_app.py), with favicon.svg and icons/

Every page reads without JavaScript; the search index is a script assigning
an array, so search works from ``file://`` as well as from any static host.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import jinja2
from babel import Locale
from babel.core import get_global
from markupsafe import Markup, escape

from ..colour import css_to_rgb
from ..ids import RuleId, TableId
from ..languages import language
from ..markup.allowlist import sanitize
from ..model import Booklet, Rulebook, Section
from ..render import LAYOUT_FILE, ProseRenderer, RenderContext, XRefStyle, table_homes
from ..render.cards import Card, cards, deck_tables
from ..render.pages import PageMap
from ..render.quickref import layout_for, rendered_block
from ._app import ICON_SIZES, favicon_svg, icon_png, manifest, service_worker, sitemap, token_colours
from ._fonts import (
    BOOKLET,
    CARDS,
    HOME,
    MISSION,
    QUICK_REFERENCE,
    SEARCH,
    SQUAD,
    characters,
    coverage,
    font_faces,
    preloads,
    web_fonts,
    with_fallbacks,
)
from ._search import SearchEntry, search_index_script, search_words

__all__ = ["make_site"]

# References print title and ID; a web page has no page numbers, and the ID's
# letter names the volume. Language-neutral, so not in the catalogs.
FULL_REFERENCE = "%(title)s (%(id)s)"
SHORT_REFERENCE = "(%(id)s)"

STATIC = ("site.js", "search.js", "kit.css", "kit-core.js", "squad-builder.js", "mission-generator.js")
# Characters the PDF typography pass adds for line breaking (zero-width spaces,
# soft hyphens, word joiners): a browser breaks lines itself, and a player who
# copies a rule must not carry them into a message.
INVISIBLE = re.compile("[\u00ad\u200b\u200c\u2060\ufeff]")



@dataclass(frozen=True)
class WebContext(RenderContext):
    """The renderer's context for web pages: references are links with title and ID."""

    def prose(self, booklet_key: str) -> ProseRenderer:
        """Prose for the page of ``booklet_key``: references into other pages link across."""

        def href(target: RuleId, target_key: str) -> str:
            return f"#{target}" if target_key == booklet_key else f"{target_key}.html#{target}"

        holder: dict[str, ProseRenderer] = {}
        prose = ProseRenderer(
            rulebook=self.rulebook, lang=self.lang, booklet_key=booklet_key, pages=self.pages,
            xref_style=XRefStyle(FULL_REFERENCE, FULL_REFERENCE, SHORT_REFERENCE, SHORT_REFERENCE),
            render_table=lambda table_id, caption: self.table_html(table_id, holder["prose"], caption),
            example_label=self.gettext("Example"), typesetter=self.typesetter, xref_href=href,
            render_odds=self.odds_html, raw_html=sanitize,
        )
        holder["prose"] = prose
        return prose

    def table_html(self, table_id: TableId, prose: ProseRenderer, caption: bool = True) -> str:
        """The table in a labelled region that scrolls sideways on a narrow screen, not the page.

        On the web every table keeps its caption, which names it to screen readers, even where the
        printed page drops it under a heading of the same name.
        """
        title = escape(self.rulebook.tables[table_id].title[self.lang])
        # The frame, which does not scroll, carries the shades that show there is more to the side.
        return (f'<div class="table-frame"><div class="table-scroll" role="region" tabindex="0" aria-label="{title}">'
                f"{super().table_html(table_id, prose, True)}</div></div>")


@dataclass(frozen=True)
class Head:
    """What every page's head shares (``web/_head.html.j2``): fonts to fetch first, sharing tags, alternates."""

    preload: tuple[str, ...]
    title: str
    description: str
    locale: str
    other_locales: tuple[str, ...]
    url: str
    image: str
    alternates: tuple[dict[str, str], ...]
    og_type: str


@dataclass(frozen=True)
class NavLink:
    """A page of one language, as the site's navigation lists it."""

    key: str
    href: str
    label: str
    detail: str


@dataclass(frozen=True)
class WebSection:
    """A chapter's own text or a section, with its body rendered for the page."""

    section: Section
    body: Markup

    @property
    def id(self) -> RuleId:
        return self.section.id

    @property
    def title(self) -> str:
        return self.section.title


@dataclass(frozen=True)
class WebChapter:
    """A chapter on its booklet's page: its own text, then its sections."""

    intro: WebSection
    sections: tuple[WebSection, ...]


@dataclass(frozen=True)
class WebCard:
    """A card as the card list shows it, with a link to its rule."""

    card: Card
    href: str | None


class _Site:
    """The files of the site, gathered language by language."""

    def __init__(self, rulebook: Rulebook, langs: Sequence[str], cache_dir: Path | None = None):
        self.rulebook = rulebook
        self.cache_dir = cache_dir
        self.langs = [lang for lang in rulebook.meta.languages if lang in langs]
        self.root = Path(rulebook.root)
        self.files: dict[PurePosixPath, bytes] = {}
        self.search: list[SearchEntry] = []
        # (page, its languages' pages) for sitemap.xml
        self.sitemap: list[tuple[str, list[tuple[str, str]]]] = []
        # lang -> page key -> file name, for the navigation and the language switch
        self.pages: dict[str, dict[str, str]] = {lang: self._page_names(lang) for lang in self.langs}

    # -- what exists ------------------------------------------------------------

    def _complete(self, lang: str) -> bool:
        """The quick reference and the cards draw on every booklet: made once all are written."""
        return all((meta.key, lang) in self.rulebook.booklets for meta in self.rulebook.meta.booklets)

    def _booklets(self, lang: str) -> list[Booklet]:
        metas = sorted(self.rulebook.meta.booklets, key=lambda meta: meta.volume)
        return [self.rulebook.booklet(meta.key, lang) for meta in metas if (meta.key, lang) in self.rulebook.booklets]

    def _has_cards(self) -> bool:
        """Whether the content has card decks (``content/outputs.yaml``; a small project may have none)."""
        return any(deck_tables(deck, list(self.rulebook.tables)) for deck in self.rulebook.settings.decks)

    def _has_kit(self) -> bool:
        """Whether the content has the squad and mission tables the builder and the generator run on."""
        from .kit_data import kit_available

        return kit_available(self.rulebook)

    def _page_names(self, lang: str) -> dict[str, str]:
        names = {booklet.meta.key: f"{booklet.meta.key}.html" for booklet in self._booklets(lang)}
        if self._complete(lang) and (self.root / LAYOUT_FILE).is_file():
            names[QUICK_REFERENCE] = f"{QUICK_REFERENCE}.html"
        if self._complete(lang) and self._has_cards():
            names[CARDS] = f"{CARDS}.html"
        names[SEARCH] = f"{SEARCH}.html"
        if self._complete(lang) and self._has_kit():
            names[SQUAD], names[MISSION] = f"{SQUAD}.html", f"{MISSION}.html"
        return names

    def rule_href(self, text: str, lang: str) -> str | None:
        """The link to a rule ID's section from a page of ``lang``, or None if it is no rule ID."""
        try:
            rule_id = RuleId.parse(text)
        except ValueError:
            return None
        meta = self.rulebook.meta.booklet_for_letter(rule_id.letter)
        if meta is None or meta.key not in self.pages[lang]:
            return None
        return f"{meta.key}.html#{rule_id}"

    # -- rendering ----------------------------------------------------------------

    def context(self, lang: str) -> WebContext:
        return WebContext(self.rulebook, lang, PageMap())

    def env(self, lang: str) -> jinja2.Environment:
        return self.context(lang).env

    def nav(self, lang: str) -> list[NavLink]:
        context = self.context(lang)
        links = []
        for booklet in self._booklets(lang):
            meta = booklet.meta
            links.append(NavLink(meta.key, f"{meta.key}.html", meta.title[lang],
                                 context.gettext("Vol. %(volume)s") % {"volume": meta.volume}))
        if QUICK_REFERENCE in self.pages[lang]:
            links.append(NavLink(QUICK_REFERENCE, f"{QUICK_REFERENCE}.html", context.gettext("Quick Reference"), ""))
        if CARDS in self.pages[lang]:
            links.append(NavLink(CARDS, f"{CARDS}.html", context.gettext("Cards"), ""))
        if SQUAD in self.pages[lang]:
            links.append(NavLink(SQUAD, f"{SQUAD}.html", context.gettext("Squad builder"), ""))
            links.append(NavLink(MISSION, f"{MISSION}.html", context.gettext("Mission generator"), ""))
        return links

    def switches(self, lang: str, key: str) -> list[dict[str, str]]:
        """Links to the same page in the other languages built (the script keeps the rule ID)."""
        return [{"lang": other, "name": language_name(other), "href": f"../{other}/{self.pages[other][key]}"}
                for other in self.langs if other != lang and key in self.pages[other]]

    def head(self, lang: str, path: str, page_kind: str, title: str, description: str,
             alternates: Sequence[tuple[str, str]], og_type: str = "article") -> Head:
        """The shared head of the page at ``path`` (from the site root), a page of ``page_kind`` (it
        preloads the fonts such a page shows); ``alternates`` are (lang, path)."""
        site_url = self.rulebook.meta.site_url
        # hreflang alternates must be absolute (search engines ignore the rest): written only
        # where the site's address is known; the language switch links every page anyway.
        links = [{"lang": other, "href": site_url + other_path} for other, other_path in alternates] \
            if site_url and len(alternates) > 1 else []
        if links:
            links.append({"lang": "x-default", "href": site_url + alternates[0][1]})
        return Head(preload=preloads(page_kind), title=title,
                    description=description, locale=og_locale(lang),
                    other_locales=tuple(og_locale(other) for other, _ in alternates if other != lang),
                    url=site_url + path if site_url else "", image=f"{site_url}icons/icon-512.png",
                    alternates=tuple(links), og_type=og_type)

    def page(self, lang: str, key: str, template: str, title: str, **values) -> None:
        path = f"{lang}/{self.pages[lang][key]}"
        # A page is named after what it shows; every key but the tools' own is a booklet's.
        page_kind = key if key in (QUICK_REFERENCE, CARDS, SEARCH, SQUAD, MISSION) else BOOKLET
        meta = self.rulebook.meta
        alternates = [(other, f"{other}/{self.pages[other][key]}") for other in self.langs if key in self.pages[other]]
        head = self.head(lang, path, page_kind, f"{title} · {meta.title}", f"{meta.title} {meta.version} · {title}",
                         alternates)
        html = self.env(lang).get_template(template).render(
            book=meta, lang=lang, root="../", nav=self.nav(lang), current=key, page_title=title,
            switches=self.switches(lang, key), head=head, **values)
        self.add(path, html)
        self.sitemap.append((path, alternates))

    def add(self, path: str, content: str | bytes) -> None:
        if isinstance(content, str):
            content = (INVISIBLE.sub("", content) if path.endswith(".html") else content).encode("utf-8")
        self.files[PurePosixPath(path)] = content

    # -- the pages ----------------------------------------------------------------

    def booklet_page(self, booklet: Booklet) -> None:
        lang, key = booklet.lang, booklet.meta.key
        prose = self.context(lang).prose(key)
        page_url = f"{lang}/{key}.html"

        def rendered(section: Section, heading_offset: int) -> WebSection:
            web_section = WebSection(section, prose.body(section, heading_offset=heading_offset))
            words = self.rulebook.search.get(lang)
            terms = dict(words.index).get(str(section.id), ()) if words else ()
            self.search.append(SearchEntry(lang, str(section.id), section.title, booklet.meta.title[lang],
                                           f"{page_url}#{section.id}", web_section.body, terms))
            self.redirect(lang, section, key)
            return web_section

        # Chapters are h2 on the page and sections h3: a chapter's own
        # subheadings (###) keep their level, a section's move one down.
        chapters = [WebChapter(rendered(chapter.intro, 0), tuple(rendered(s, 1) for s in chapter.sections))
                    for chapter in booklet.chapters]
        self.page(lang, key, "web/booklet.html.j2", booklet.meta.title[lang], booklet=booklet.meta,
                  chapters=chapters)

    def redirect(self, lang: str, section: Section, key: str) -> None:
        """``<lang>/C4.7/index.html``: the short link a player sends, forwarding to the section."""
        html = self.env(lang).get_template("web/redirect.html.j2").render(
            book=self.rulebook.meta, lang=lang, section=section, target=f"../{key}.html#{section.id}",
            alternates=[{"lang": other, "href": f"{self.rulebook.meta.site_url}{other}/{section.id}/index.html"}
                        for other in self.langs if other != lang and self.rulebook.meta.site_url])
        self.add(f"{lang}/{section.id}/index.html", html)

    def quick_reference_page(self, lang: str) -> None:
        context = self.context(lang)
        layout = layout_for(context)
        sections = self.rulebook.sections(lang)
        prose = context.prose(QUICK_REFERENCE)
        homes = table_homes(self.rulebook)
        pages = [
            (page.title[lang] if page.title else None,
             [rendered_block(context, block, f"qr-{number}-{index}", sections, prose, homes)
              for index, block in enumerate(page.blocks, start=1)])
            for number, page in enumerate(layout.pages, start=1)
        ]
        self.page(lang, QUICK_REFERENCE, "web/quickref.html.j2", context.gettext("Quick Reference"), pages=pages,
                  rule_href=lambda text: self.rule_href(text, lang))

    def cards_page(self, lang: str) -> None:
        context = self.context(lang)
        families: dict[str, list[WebCard]] = {}
        for card in cards(context):
            families.setdefault(card.family, []).append(WebCard(card, self.rule_href(card.rule_id, lang)))
        self.page(lang, CARDS, "web/cards.html.j2", context.gettext("Cards"), families=families)

    def kit_pages(self, lang: str) -> None:
        """The squad builder and the mission generator: forms over kit-data.js, written once for every language."""
        context = self.context(lang)
        self.page(lang, SQUAD, "web/squad.html.j2", context.gettext("Squad builder"))
        self.page(lang, MISSION, "web/mission.html.j2", context.gettext("Mission generator"))

    def search_page(self, lang: str) -> None:
        self.page(lang, SEARCH, "web/search.html.j2", self.context(lang).gettext("Search"))

    def index_page(self) -> None:
        editions = [
            self.env(lang).get_template("web/edition.html.j2").render(
                book=self.rulebook.meta, lang=lang, language=language_name(lang),
                nav=[NavLink(link.key, f"{lang}/{link.href}", link.label, link.detail) for link in self.nav(lang)],
                subtitles={booklet.meta.key: booklet.meta.subtitle[lang] for booklet in self._booklets(lang)},
                search=f"{lang}/{SEARCH}.html")
            for lang in self.langs
        ]
        lang = self.langs[0]
        meta = self.rulebook.meta
        head = self.head(lang, "index.html", HOME, f"{meta.title} {meta.version}", f"{meta.title} {meta.version}",
                         [], og_type="website")
        html = self.env(lang).get_template("web/index.html.j2").render(
            book=meta, lang=lang, editions=[Markup(edition) for edition in editions], root="", head=head,
            search=f"{lang}/{SEARCH}.html")
        self.add("index.html", html)
        self.sitemap.insert(0, ("index.html", []))

    def not_found_page(self) -> None:
        """``404.html``: a static host shows it at any address, so its links start at the site's root."""
        editions = []
        for lang in self.langs:
            gettext = self.context(lang).gettext
            editions.append({"lang": lang, "search": f"{lang}/{SEARCH}.html", "button": gettext("Search"),
                             "label": gettext("Search the rules"), "home": gettext("All volumes"),
                             "text": gettext("This page is not part of the rules. Search for the rule, or "
                                             "start from the volumes.")})
        html = self.env(self.langs[0]).get_template("web/404.html.j2").render(
            book=self.rulebook.meta, lang=self.langs[0], root=self.rulebook.meta.site_url or "/",
            editions=editions)
        self.add("404.html", html)

    def app_files(self) -> None:
        """Icons, the manifest and the sitemap; the service worker last, as it lists every other file."""
        colours = token_colours(self.files[PurePosixPath("tokens.css")].decode("utf-8"))
        self.add("favicon.svg", favicon_svg(colours))
        for size in ICON_SIZES:
            self.add(f"icons/icon-{size}.png", icon_png(colours, size))
        self.add("manifest.webmanifest", manifest(self.rulebook.meta.title, self.langs[0], colours))
        self.add("sitemap.xml", sitemap(self.sitemap, self.rulebook.meta.site_url))
        worker = (self.root / "templates" / "web" / "sw.js").read_text(encoding="utf-8")
        self.add("sw.js", service_worker(worker, self.files))

    def static_files(self) -> None:
        templates = self.root / "templates"
        for name in STATIC:
            self.add(name, (templates / "web" / name).read_bytes())
        # The print editions' tokens, their inks turned into screen colours, each family followed by the
        # machine's face that stands in for it until it arrives.
        tokens = (templates / "base" / "tokens.css").read_text(encoding="utf-8")
        self.add("tokens.css", with_fallbacks(css_to_rgb(tokens)).encode("utf-8"))
        self.add("fonts/OFL.txt", (templates / "fonts" / "OFL.txt").read_bytes())
        # Subset to what the pages and the search index show, so made after them.
        # The whole text of each file, entities read, tags and all: tags add only ASCII.
        shown = [html.unescape(data.decode("utf-8")) for path, data in self.files.items()
                 if path.suffix in (".html", ".js")]
        subsets = web_fonts(templates / "fonts", characters(shown), self.cache_dir)
        for name, data in subsets.items():
            self.add(f"fonts/{name}", data)
        # The @font-face rules follow WEB_FONTS, so style.css names no font file itself; each fallback
        # face covers what its subset covers.
        style = (templates / "web" / "style.css").read_text(encoding="utf-8")
        self.add("style.css", font_faces(coverage(subsets)) + style)

    def build(self) -> dict[PurePosixPath, bytes]:
        for lang in self.langs:
            for booklet in self._booklets(lang):
                self.booklet_page(booklet)
            if QUICK_REFERENCE in self.pages[lang]:
                self.quick_reference_page(lang)
            if CARDS in self.pages[lang]:
                self.cards_page(lang)
            if SQUAD in self.pages[lang]:
                self.kit_pages(lang)
            self.search_page(lang)
        self.index_page()
        self.not_found_page()
        if any(SQUAD in self.pages[lang] for lang in self.langs):
            from .kit_data import KIT_DATA, kit_script

            self.add(KIT_DATA, kit_script(self.rulebook, self.langs, self.rule_href))
        self.add("search-index.js", search_index_script(self.search, search_words(self.rulebook, self.langs)))
        self.static_files()
        self.app_files()
        return dict(sorted(self.files.items()))


def og_locale(lang: str) -> str:
    """The language's locale with its likeliest territory, as Open Graph writes it: ``en_US``, ``es_ES``.

    Read from the language's entry, so a language whose code Babel does not
    know (a pseudo-language) gives its entry's locale.
    """
    locale = Locale.parse(language(lang).locale)
    territory = locale.territory or get_global("likely_subtags").get(locale.language, "").rpartition("_")[2]
    return f"{locale.language}_{territory}" if territory else locale.language


def language_name(lang: str) -> str:
    """The language's name in itself (``English``, ``Español``), from its entry's locale."""
    name = Locale.parse(language(lang).locale).get_language_name() or lang
    return name[:1].upper() + name[1:]


def make_site(rulebook: Rulebook, langs: Sequence[str], cache_dir: Path | None = None) -> dict[PurePosixPath, bytes]:
    """Every file of the web edition in ``langs``, as paths relative to the site root and their bytes.

    Reads only the project's templates, locales and fonts; writes nothing but
    font subsets into ``cache_dir`` when one is given (the build's cache), so
    the next build with the same characters reuses them.
    Raises :class:`~sacredwire.diagnostics.ContentError` (with ``file:line``)
    for content the renderer cannot place, as the print build does.
    """
    if not any(lang in rulebook.meta.languages for lang in langs):
        raise ValueError(f"none of {', '.join(langs)} is a language of this book")
    return _Site(rulebook, langs, cache_dir).build()

