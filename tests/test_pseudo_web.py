"""The pseudo-language's web edition, read as a reader sees it: no string escaped translation.

``tests/pseudo.py`` makes ``qps`` (accented, about a third longer, each string
marked ``[!!`` … ``!!]``); the ``pseudo_build_dir`` fixture builds its site.
Every page's text a reader sees (script and style aside, and what is hidden
from every reader with ``aria-hidden``) is read: the static pages as HTML, the
kit's pages (squad builder, mission generator) and the search, whose text is
made by script, in headless Chromium. A word outside every marked string is a
template or data string that escaped translation, unless it is one of:

- numbers, dice, measures and rule IDs (and ranges of them), as the PDFs'
  test allows;
- a title, which the pseudo-language prints unmarked (see tests/pseudo.py);
- the book's own name, version, author and licence (``content/book.yaml``
  gives each once, for every language) and the file name of the fonts'
  licence (``OFL.txt``): names no translator translates;
- the language's name in itself, as Babel gives it for the entry's locale (a
  pseudo-language borrows English's locale), and its code in capitals, which
  a search hit prints after its booklet's title;
- text marked as another language (``lang``): the link to another edition.

Inside a marked string, a word of plain English letters where the language
prints accented ones is a value put in from elsewhere that escaped too (a
number word, a share, a data string in a catalog string's placeholder); a
single capital letter there is an ID ("squad A", "booklet letter C").
"""

from __future__ import annotations

import html
import json
import re
import sys
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from babel import Locale
from doctests import run_doctests
from test_pseudo_pdfs import NAMES, escaped, titles
from test_web_browser import CHROMIUM, DESKTOP, PROBE, chromium, dom

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pseudo import CLOSE, CODE, OPEN, string, words  # noqa: E402

# The font licence the site ships beside the fonts (templates/fonts/OFL.txt).
LICENCE_FILES = frozenset({"OFL.txt"})
# A range of rule IDs, as the quick reference's summaries cite them ("C4.7–C4.9").
_RULE_RANGE = re.compile(r"\(?[CAIKM]\d+(?:\.\d+)*\u2013[CAIKM]\d+(?:\.\d+)*\)?[,.;:]?")
# Elements whose text no reader sees as the page's words.
_UNSEEN = frozenset({"script", "style", "template"})
# Elements without an end tag.
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                   "wbr"})
# A word of the pseudo-language: ``words`` accents every a, e, i, o, u, y, c and n, so a word with one of
# them plain was never made by it.
_ACCENTABLE = re.compile(r"[aeiouycnAEIOUYCN]")
_LETTERS = re.compile(r"[^\W\d_]+")
# A letter a translated sentence names a thing by: a booklet's letter ("booklet letter C"), a squad's
# ("squad A is the Aggressor").
_LETTER_ID = re.compile(r"[A-Z]")
_MARKED = re.compile(re.escape(OPEN) + r"(.*?)" + re.escape(CLOSE), re.DOTALL)


class _Text(HTMLParser):
    """The words of a page a reader sees, in the page's language."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = ""
        # Each open element: whether its text is unseen or in another language, and what ends its text.
        self._open: list[tuple[str, bool, str]] = []
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "html":
            self.lang = attributes.get("lang") or ""
            return
        if tag in _VOID:
            if tag == "input" and attributes.get("placeholder"):
                self.parts.append(attributes["placeholder"] or "")
            return
        other = attributes.get("lang") not in (None, self.lang)
        # An SVG's title is no drawn text: a board's words are its text elements, its name the aria-label.
        inside_svg = any(name == "svg" for name, _, _ in self._open)
        skipped = tag in _UNSEEN or attributes.get("aria-hidden") == "true" or other or (tag == "title" and inside_svg)
        # A search hit's excerpt is cut out of its section's marked strings: its two ends stand for marks.
        excerpt = "search-snippet" in (attributes.get("class") or "").split()
        if excerpt:
            self.parts.append(OPEN)
        self._open.append((tag, skipped, CLOSE if excerpt else ""))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            name, _, end = self._open.pop()
            if end:
                self.parts.append(end)
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if not any(skipped for _, skipped, _ in self._open):
            self.parts.append(data)


def visible_text(page: str) -> str:
    """The text of the HTML ``page`` a reader sees in the page's language, one run per text node."""
    parser = _Text()
    parser.feed(page)
    parser.close()
    return "\n".join(parser.parts)


def allowed_names(project: Path) -> frozenset[str]:
    """The words every language prints as they are: the book's name, version, author and licence, the
    fonts' licence file, and the pseudo-language's name in itself; and the abbreviations its references
    print before a number, which its entry keeps from English ("Vol. 2", as tests/pseudo.py says)."""
    book = yaml.safe_load((project / "content" / "book.yaml").read_text(encoding="utf-8"))
    entry = yaml.safe_load((project / "content" / "languages" / f"{CODE}.yaml").read_text(encoding="utf-8"))
    own_name = Locale.parse(entry["locale"]).get_language_name() or ""
    fixed = " ".join(str(book[key]) for key in ("title", "version", "author", "licence"))
    abbreviations = {word.rstrip(".") for word in entry["references"].values()}
    return frozenset({*fixed.split(), *NAMES, *LICENCE_FILES, own_name[:1].upper() + own_name[1:], CODE.upper(),
                      *abbreviations})


def escaped_words(text: str, headings: frozenset[str], names: frozenset[str]) -> list[str]:
    """The words of ``text`` that escaped translation: outside every marked string (``escaped`` of the
    PDFs' test, less the names and ranges above), or plain English inside one.

    >>> escaped_words(f"{string('Roll')} Roll [!!{words('Attacks')} one!!] C4.7–C4.9 OFL.txt", frozenset(),
    ...               frozenset({"OFL.txt"}))
    ['Roll', 'one']
    """
    outside = [word for word in escaped(text, headings) if word not in names and not _RULE_RANGE.fullmatch(word)]
    inside = [word for marked in _MARKED.findall(text) for word in marked.split()
              if escaped(word, frozenset()) and _folded(word) not in names and not _LETTER_ID.fullmatch(_folded(word))
              and any(_ACCENTABLE.search(letters) for letters in _LETTERS.findall(word))]
    return outside + inside


def _folded(word: str) -> str:
    """A word without the punctuation around it, as a name is listed."""
    return word.strip(",.;:()·!?\"'“”«»")


def test_the_examples_of_this_module_hold() -> None:
    run_doctests(sys.modules[__name__])


def test_a_string_left_unmarked_is_found() -> None:
    page = (f'<html lang="{CODE}"><head><title>{string("Cards")}</title><style>p {{ color: red }}</style></head>'
            f'<body><p>{string("Roll the dice")}</p><p aria-hidden="true">Hidden</p><p lang="en">English</p>'
            f'<script>var shown = "no";</script><input placeholder="Search"><p>Escaped words</p>'
            f'<p>{OPEN}{words("A Boss")} raises one{CLOSE}</p><svg><title>Board</title></svg></body></html>')
    text = visible_text(page)
    assert escaped_words(text, frozenset(), frozenset()) == ["Search", "Escaped", "words", "raises", "one"]


@pytest.fixture(scope="module")
def site(pseudo_build_dir: Path) -> Path:
    return pseudo_build_dir / "web"


@pytest.fixture(scope="module")
def allowed(pseudo_project_dir: Path) -> tuple[frozenset[str], frozenset[str]]:
    """The titles and the names the pages may print unmarked."""
    headings = titles(pseudo_project_dir)
    assert headings
    return headings, allowed_names(pseudo_project_dir)


def test_a_template_string_left_unmarked_on_a_built_page_is_found(site: Path, allowed) -> None:
    # A real page of the site with one string a template printed without the catalog: it is found, and
    # only it.
    page = (site / CODE / "cards.html").read_text(encoding="utf-8")
    planted = page.replace("</main>", "<p>Print the cards</p></main>", 1)
    assert planted != page
    assert escaped_words(visible_text(planted), *allowed) == ["Print", "the", "cards"]


def test_no_string_escaped_translation_on_the_static_pages(site: Path, allowed) -> None:
    pages = sorted(site.rglob("*.html"))
    # Every booklet, the quick reference, the cards, the kit's and search's forms, the short links, the front
    # page and the 404 page.
    assert len(pages) > 100
    found = {}
    for page in pages:
        text = visible_text(page.read_text(encoding="utf-8"))
        assert text.strip(), page
        if escaped := escaped_words(text, *allowed):
            found[page.relative_to(site).as_posix()] = escaped
    assert found == {}


def _squad_file() -> str:
    """A legal squad (content/squads/sample-roster-a.yaml) whose own words (its name, its models') are
    written in the pseudo-language, as a player of that language would name them."""
    text = (Path(__file__).resolve().parent.parent / "content" / "squads" / "sample-roster-a.yaml").read_text(
        encoding="utf-8")
    # Quoted: a bare "[" opens a YAML list.
    return re.sub(r"(?m)^(\s*(?:- )?(?:squad|name): )(.+)$", lambda match: match[1] + json.dumps(string(match[2]),
                  ensure_ascii=False), text)


# What a reader sees once the pages' scripts ran: a mission rolled with and without the Evidence gap, a
# valid squad loaded, and a search.
SCRIPTED = [
    f"{CODE}/mission.html?seed=7&squads=4:1,0:0",
    f"{CODE}/mission.html?seed=3",
    f"{CODE}/squad.html#yaml=" + urllib.parse.quote(_squad_file()),
    f"{CODE}/search.html?q=" + urllib.parse.quote(words("Riposte")),
]


def _url(site: Path, page: str) -> str:
    """The address of ``page`` of the site on disk, its query or fragment kept."""
    path, mark, rest = re.match(r"([^?#]*)([?#]?)(.*)", page).groups()  # type: ignore[union-attr]
    return (site / path).as_uri() + mark + rest


@pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed")
@pytest.mark.parametrize("page", SCRIPTED, ids=["mission-gap", "mission", "squad", "search"])
def test_no_string_escaped_translation_on_the_pages_scripts_make(site: Path, allowed, tmp_path: Path,
                                                                  page: str) -> None:
    shown = dom(tmp_path, _url(site, page), DESKTOP, "--virtual-time-budget=5000")
    # The script ran: the rolls, the squad's cards, the search's hits are on the page.
    made = {"mission": "<tr data-row=", "squad": 'data-verdict="ok"', "search": 'class="search-hit"'}
    assert made[next(key for key in made if f"/{key}.html" in page)] in shown
    assert escaped_words(visible_text(shown), *allowed) == []


@pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed")
def test_the_squad_checker_s_findings_are_translated(site: Path, allowed, tmp_path: Path) -> None:
    broken = _squad_file().replace("    raise: wits\n", "", 1)
    assert broken != _squad_file()
    shown = dom(tmp_path, (site / CODE / "squad.html").as_uri() + "#yaml=" + urllib.parse.quote(broken), DESKTOP,
                "--virtual-time-budget=5000")
    assert 'data-verdict="findings"' in shown
    assert escaped_words(visible_text(shown), *allowed) == []


# Every kind of page of the site at a phone's width, the kit's pages with their results shown.
PHONE_PAGES = ["index.html", *(f"{CODE}/{name}.html" for name in (
    "core-rules", "requisitions", "inhuman-resources", "campaign", "missions", "quick-reference", "cards", "search",
    "squad", "mission")), *SCRIPTED]


@pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed")
def test_no_page_scrolls_sideways_on_a_phone_in_a_longer_language(site: Path, tmp_path: Path) -> None:
    # The probe of the English and Spanish site (tests/test_web_browser.py) over the pseudo-language's pages:
    # words a third longer must wrap, or scroll inside their own table, not widen the page.
    # The probe stays out of the site: it opens each page by its full address.
    urls = {_url(site, page): page for page in PHONE_PAGES}
    (tmp_path / "phone-probe.html").write_text(PROBE % {"pages": json.dumps(list(urls))}, encoding="utf-8")
    result = chromium(tmp_path, "--allow-file-access-from-files", "--virtual-time-budget=60000", "--dump-dom",
                      (tmp_path / "phone-probe.html").as_uri())
    found = re.search(r'<pre id="result">(.*)</pre>', result.stdout)
    assert found and found.group(1), result.stderr[-2000:]
    measured = {urls[entry["page"]]: entry for entry in json.loads(html.unescape(found.group(1)))}
    assert set(measured) == set(PHONE_PAGES)
    wide = [page for page, entry in measured.items() if entry["scrollWidth"] > entry["clientWidth"]]
    assert wide == []
