"""Typography: the text pass (fast unit tests) and what it and the styles give on the built PDFs.

The PDF tests read the session build. How each is measured:

- Hyphenation: WeasyPrint ends a line broken inside a word with its
  hyphenate character, U+2010 HYPHEN, while a hyphen typed in the text
  (``Hit-and-run``) stays U+002D. Every table cell, heading, card, reference
  label and quick-reference term is set in the sans face, and running prose in
  the serif face; so a U+2010 drawn in the sans face is a word broken where no
  word may break. pypdf reports the font of every run of text it extracts.
- Quotes, minus signs, inch marks: the extracted text of every page.
- Page fill: the lowest text block inside the page's text area (poppler's
  ``pdftotext -bbox-layout``), as a share of the area's height. A page
  without a folio (cover, roster, notes, back cover) is a deliberate page; a
  chapter's last page is the page before the next chapter's first (the PDF
  outline's top level) or the last page with a folio.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
import yaml
from conftest import PROJECT, copy_content
from pypdf import PdfReader

from sacredwire.diagnostics import ContentError
from sacredwire.load import load_rulebook
from sacredwire.model import HyphenationRules
from sacredwire.render._typography import (
    INCH,
    MINUS,
    NBSP,
    SOFT_HYPHEN,
    ZERO_WIDTH_SPACE,
    Typesetter,
    characters,
    words_html,
)

BOOKLETS = ["core-rules", "requisitions", "inhuman-resources", "campaign", "missions"]
LANGS = ["en", "es"]
MM = 72 / 25.4
# The booklet's trimmed page and its top and bottom margins (templates/booklet/booklet.css).
TRIM_HEIGHT_MM = 210
TEXT_TOP_MM, TEXT_BOTTOM_MM = 17, 16
AUTO_HYPHEN = "\u2010"


# -- the text pass ------------------------------------------------------------


def test_quotes_are_curly_in_english_and_angled_in_spanish() -> None:
    assert characters('He said "run" and left.', "en") == "He said \u201crun\u201d and left."
    assert characters('Dijo "corre" y se fue.', "es") == "Dijo \u00abcorre\u00bb y\u00a0se fue."
    # Spanish nests “ ” inside « », English ‘ ’ inside “ ”.
    assert characters('"a "b" c"', "es") == "\u00aba\u00a0\u201cb\u201d c\u00bb"
    assert characters("\"a 'b' c\"", "en") == "\u201ca \u2018b\u2019 c\u201d"


def test_apostrophes_feet_and_inches() -> None:
    assert characters("it's the players' turn", "en") == "it\u2019s the players\u2019 turn"
    assert characters("a board 2' by 2' (24\" by 24\")", "en") == \
        "a board 2\u2032 by 2\u2032 (24\u2033 by 24\u2033)"
    # A number closing a quotation is not an inch mark.
    assert characters('roll a "6" again', "en") == "roll a \u201c6\u201d again"


def test_a_quote_spanning_bold_text_is_decided_across_pieces() -> None:
    from sacredwire.markup import parser
    tokens = Typesetter("en", HyphenationRules()).tokens(parser().parse('Say "**stop**" now.', {}))
    html = parser().renderer.render(tokens, parser().options, {})
    assert "\u201c<strong>stop</strong>" in html and "</strong>\u201d" in html
    assert '"' not in html.replace('class="nohyphen"', "")


def test_minus_sign_only_where_a_number_is_negative() -> None:
    assert characters("-1 DT, target -2\" Move; (-2)", "en") == \
        f"{MINUS}1{NBSP}DT, target {MINUS}2{INCH} Move; ({MINUS}2)"
    # Ranges, compound IDs and dates keep their hyphen.
    for text in ("rolls 2-3", "C2-4", "2026-11-30", "Hit-and-run", "d6-1"):
        assert characters(text, "en") == text


def test_no_break_spaces_where_a_break_reads_badly() -> None:
    assert characters("+1 ND and -1 DT", "es") == f"+1{NBSP}ND and {MINUS}1{NBSP}DT"
    assert characters("see p. 14, Vol. 2, pág. 3", "en") == f"see p.{NBSP}14, Vol.{NBSP}2, pág.{NBSP}3"
    assert characters("roll 2d6 + 1 and d6 - 1", "en").startswith(f"roll 2d6{NBSP}+{NBSP}1")
    assert characters("28 mm miniatures", "en") == f"28{NBSP}mm miniatures"
    # An ordinary number and word may still break.
    assert characters("5 models", "en") == "5 models"


def test_hyphenation_list_keeps_words_whole_and_sets_break_points() -> None:
    rules = HyphenationRules(keep=frozenset({"severance"}), breaks={"investigation": "in-ves-ti-ga-tion"})
    html = str(words_html("Severance pay; Investigation ahead", rules))
    assert '<span class="nohyphen">Severance</span>' in html
    # The word keeps its own capital; soft hyphens only at the listed points.
    assert f"In{SOFT_HYPHEN}ves{SOFT_HYPHEN}ti{SOFT_HYPHEN}ga{SOFT_HYPHEN}tion" in html


def test_last_two_words_of_a_paragraph_stay_together() -> None:
    html = str(words_html("pass it with the opposite effect.", HyphenationRules(), last_word_whole=True))
    assert html.endswith(f'the {ZERO_WIDTH_SPACE}<span class="nohyphen">opposite{NBSP}effect</span>.')
    # A one-word paragraph has nothing to tie.
    assert str(words_html("Done.", HyphenationRules(), last_word_whole=True)) == "Done."
    # Words held to the first of the two by no-break spaces are held in the same span.
    held = str(words_html(characters("Shooting after moving: -1 DT Combat.", "en"), HyphenationRules(),
                          last_word_whole=True))
    assert held.endswith(f'moving: {ZERO_WIDTH_SPACE}<span class="nohyphen">{MINUS}1{NBSP}DT{NBSP}Combat</span>.')


def _lines(html: str, width_mm: int, lang: str) -> list[str]:
    """The lines WeasyPrint sets ``html`` in, in a column ``width_mm`` wide."""
    import weasyprint

    from sacredwire.languages import language
    css = (f"@page {{ size: {width_mm}mm 100mm; margin: 0 }} body {{ margin: 0 }}"
           " html { font: 9.4pt/1.28 serif; hyphens: auto } p { text-align: left; margin: 0 }"
           " .nohyphen { hyphens: manual; white-space: nowrap; }")
    document = weasyprint.HTML(string=f"<html lang='{language(lang).tag}'><style>{css}</style><p>{html}</p></html>")
    lines: list[str] = []

    def walk(box) -> None:
        if type(box).__name__ == "LineBox":
            lines.append("".join(getattr(child, "text", "") for child in box.descendants()).strip())
            return
        for child in getattr(box, "children", []):
            walk(child)
    walk(document.render().pages[0]._page_box)
    return lines


@pytest.mark.parametrize(("lang", "text", "width_mm"), [
    ("es", "Disparar después de moverte en esta activación: -1 ND Combate.", 50),
    ("en", "Hostiles ignore models Out of Action and are removed at Out of Action.", 52),
    ("es", "Suma el daño de crítico que haya, resta la armadura y descuéntalo de la Salud.", 60),
    ("en", "Gear works all the time while the model carries it: no action needed. Any model may carry it.", 75),
])
def test_held_words_do_not_strand_the_words_before_them_on_lines_of_their_own(lang: str, text: str,
                                                                               width_mm: int) -> None:
    # When the held span did not fit at a line's end, WeasyPrint went back into
    # the text before it for a break and broke a line after a single word or
    # syllable ("Out of | Ac- | tion and are removed at Out | of Action.").
    # Holding the last words together may cost a line, never more, and leaves
    # no line holding only a broken word.
    text = characters(text, lang)
    held = _lines(str(words_html(text, HyphenationRules(), last_word_whole=True)), width_mm, lang)
    free = _lines(str(words_html(text, HyphenationRules())), width_mm, lang)
    assert len(held) <= len(free) + 1, held
    assert not any(re.fullmatch(r"\S+\u2010", line) or len(line.split()) == 1 for line in held[:-1]), held


@pytest.mark.parametrize("lang", LANGS)
def test_a_quote_mark_after_an_example_field_is_an_inch_mark(lang: str) -> None:
    from sacredwire.markup import parser

    tokens = parser().parse('He moves {$claims.move}" and shouts "{$claims.move:word}" now.')
    children = Typesetter(lang, HyphenationRules()).tokens(tokens)[1].children
    texts = "|".join(child.content for child in children if child.type == "html_inline")
    opening = "\u201c" if lang == "en" else "\u00ab"
    assert f"|{INCH} and shouts {opening}|" in texts.replace(NBSP, " ")


def test_text_is_escaped() -> None:
    assert str(Typesetter("en", HyphenationRules()).text("<b> & 'x'")) == "&lt;b&gt; &amp; \u2018x\u2019"


# -- the project's lists and colours --------------------------------------------


def test_project_hyphenation_list_is_loaded() -> None:
    rulebook = load_rulebook(PROJECT)
    assert "severance" in rulebook.hyphenation_rules("en").keep
    assert "enjambre" in rulebook.hyphenation_rules("es").keep
    assert rulebook.hyphenation_rules("es").breaks


def _project_with(tmp_path: Path, filename: str, edit) -> Path:
    copy_content(tmp_path)
    path = tmp_path / "content" / filename
    path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return tmp_path


def test_a_word_both_kept_and_broken_is_an_error_with_its_location(tmp_path: Path) -> None:
    root = _project_with(tmp_path, "languages/en.yaml", lambda text: text.replace(
        "    - in-ves-ti-ga-tion\n", "    - in-ves-ti-ga-tion\n    - Sev-er-ance\n", 1))
    with pytest.raises(ContentError, match="severance.*both kept whole and given break points") as error:
        load_rulebook(root)
    assert error.value.location.file == "content/languages/en.yaml"


def test_a_colour_over_the_ink_limit_is_an_error(tmp_path: Path) -> None:
    root = _project_with(tmp_path, "book.yaml", lambda text: text.replace(
        "colour: {c: 0, m: 70, y: 100, k: 5}", "colour: {c: 60, m: 70, y: 100, k: 50}", 1))
    with pytest.raises(ContentError, match="280% total ink"):
        load_rulebook(root)


def test_every_volume_has_its_own_colour_and_a_blurb_in_every_language() -> None:
    meta = load_rulebook(PROJECT).meta
    colours = [booklet.colour for booklet in meta.booklets]
    assert meta.booklets and None not in colours and len(set(colours)) == len(colours)
    for booklet in meta.booklets:
        assert booklet.colour.total_ink <= 240
        assert all(booklet.blurb.get(lang) for lang in LANGS)


def test_english_is_set_in_us_english() -> None:
    from sacredwire.render import PageMap, RenderContext, render
    rulebook = load_rulebook(PROJECT)
    html = render("booklet", RenderContext(rulebook, "en", PageMap()), booklet_key="core-rules")
    assert '<html lang="en-US">' in html
    html = render("booklet", RenderContext(rulebook, "es", PageMap()), booklet_key="core-rules")
    assert '<html lang="es">' in html


# -- the built PDFs ---------------------------------------------------------------


def find_pdf(build_dir: Path, lang: str, name: str) -> Path:
    """A built PDF: booklets and the quick reference as the screen edition has them (the trimmed
    pages of the one layout every edition shares), the single cards from the press edition and the
    card sheets from the home edition."""
    for candidate in (build_dir / lang / edition / f"{name}.pdf" for edition in ("screen", "press", "home")):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"{name}.pdf for {lang} under {build_dir}")


def all_pdfs(build_dir: Path) -> list[Path]:
    names = [*BOOKLETS, "quick-reference", "cards-single"]
    return [find_pdf(build_dir, lang, name) for lang in LANGS for name in names]


@cache
def _runs(path: Path) -> tuple[tuple[int, str, str], ...]:
    """(page, font, text) for every run of text pypdf extracts."""
    runs: list[tuple[int, str, str]] = []
    for number, page in enumerate(PdfReader(path).pages, start=1):
        def visit(text, _cm, _tm, font, _size, number=number):
            if text.strip():
                runs.append((number, str(font.get("/BaseFont", "")) if font else "", text))
        page.extract_text(visitor_text=visit)
    return tuple(runs)


@cache
def _page_texts(path: Path) -> tuple[str, ...]:
    raw = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True,
                         check=True).stdout
    return tuple(raw.split("\f")[:-1])  # the text ends with a form feed


def test_no_word_is_broken_in_tables_headings_cards_or_references(build_dir: Path) -> None:
    broken = [f"{path.parent.name}/{path.name} p.{page}: {text.strip()[-40:]!r}"
              for path in all_pdfs(build_dir) for page, font, text in _runs(path)
              if "Sans" in font and AUTO_HYPHEN in text]
    assert not broken, "\n".join(broken[:20])


def test_no_line_holds_only_a_broken_word(build_dir: Path) -> None:
    # A line holding one hyphenated fragment ("resulta-") is a line broken where
    # more would have fitted (see words_html on the held last words).
    stranded = [f"{path.parent.parent.name}/{path.name}: {line.strip()!r}"
                for path in all_pdfs(build_dir)
                for line in subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"],
                                           capture_output=True, text=True, check=True).stdout.splitlines()
                if re.fullmatch(rf"\S+{AUTO_HYPHEN}", line.strip())]
    assert not stranded, "\n".join(stranded)


def test_prose_still_hyphenates(build_dir: Path) -> None:
    # The measurement above means something only if hyphenation is on at all.
    runs = _runs(find_pdf(build_dir, "en", "core-rules"))
    assert any("Serif" in font and AUTO_HYPHEN in text for _, font, text in runs)


def test_no_straight_quotes_hyphen_minus_numbers_or_mixed_inch_marks(build_dir: Path) -> None:
    findings = []
    for path in all_pdfs(build_dir):
        for page, text in enumerate(_page_texts(path), start=1):
            where = f"{path.parent.name}/{path.name} p.{page}"
            findings += [f"{where}: straight quote in {text[max(0, m.start() - 25):m.end() + 5]!r}"
                         for m in re.finditer('"', text)]
            findings += [f"{where}: hyphen-minus number {text[max(0, m.start() - 20):m.end() + 5]!r}"
                         for m in re.finditer(r"(?<![\w.\-\u2013/])-\d", text)]
            findings += [f"{where}: closing quote as inch mark {text[max(0, m.start() - 20):m.end() + 5]!r}"
                         for m in re.finditer(r"\d[\u201d\u00bb](?=\s*(?:[a-z]|by|por|from|de)\b)", text)]
    assert not findings, "\n".join(findings[:20])
    inches = sum(text.count(INCH) for path in all_pdfs(build_dir) for text in _page_texts(path))
    assert inches > 100  # the inch mark is in use, and it is the only one


@dataclass(frozen=True)
class PageFill:
    number: int
    fill: float
    has_folio: bool


def page_fills(path: Path) -> list[PageFill]:
    """How far down its text area each page is filled, and whether it has a folio."""
    html = subprocess.run(["pdftotext", "-bbox-layout", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    fills = []
    pages = re.finditer(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', html, re.S)
    for number, page in enumerate(pages, start=1):
        height = float(page.group(1))
        # The screen edition's pages are trimmed; a print edition's carry a bleed all round.
        bleed = (height - TRIM_HEIGHT_MM * MM) / 2
        top, bottom = bleed + TEXT_TOP_MM * MM, height - bleed - TEXT_BOTTOM_MM * MM
        lowest = top
        for block in re.finditer(r'<block xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"',
                                 page.group(2)):
            y0, y1 = float(block.group(1)), float(block.group(2))
            if y0 >= top - 1 and y1 <= bottom + 1:
                lowest = max(lowest, y1)
        words = re.findall(r'<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>([^<]*)</word>', page.group(2))
        folio = any(float(y) > bottom and word == str(number) for y, word in words)
        fills.append(PageFill(number, (lowest - top) / (bottom - top), folio))
    return fills


def chapter_starts(path: Path) -> set[int]:
    reader = PdfReader(path)
    return {reader.get_destination_page_number(item) + 1 for item in reader.outline if not isinstance(item, list)}


def last_page_before(fills: list[PageFill], start: int) -> int:
    """The last page with a folio before page ``start``: blank pages carry none."""
    earlier = [page.number for page in fills if page.number < start and page.has_folio]
    return max(earlier, default=start - 1)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", BOOKLETS)
def test_no_page_is_left_mostly_empty(build_dir: Path, lang: str, name: str) -> None:
    path = find_pdf(build_dir, lang, name)
    fills = page_fills(path)
    last_with_folio = max(page.number for page in fills if page.has_folio)
    # A chapter's last page may run short; a blank page (no folio) may stand
    # between it and the next chapter, which opens a spread. A mission's pages
    # may not: its rules and its board share the spread.
    allowed = {last_page_before(fills, start) for start in chapter_starts(path)} | {last_with_folio}
    low = [f"p.{page.number}: {page.fill:.0%} full" for page in fills
           if page.has_folio and page.fill < 1 / 3 and page.number not in allowed]
    assert not low, f"{lang}/{name}: " + ", ".join(low)


def test_no_internal_key_is_printed_on_cards(build_dir: Path) -> None:
    # Keys of one word ("actions") are ordinary words card text may use; a
    # compound key ("contract-types") is never printed but as a key.
    keys = {str(table_id) for table_id in load_rulebook(PROJECT).tables if "-" in str(table_id)}
    for lang in LANGS:
        for name in ("cards-single", "cards"):
            text = "\n".join(_page_texts(find_pdf(build_dir, lang, name)))
            printed = sorted(key for key in keys if re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", text))
            assert not printed, f"{lang}/{name}: {printed}"


def test_the_front_cover_carries_no_version(build_dir: Path) -> None:
    version = yaml.safe_load((PROJECT / "content" / "book.yaml").read_text(encoding="utf-8"))["version"]
    for lang in LANGS:
        for name in BOOKLETS:
            pages = _page_texts(find_pdf(build_dir, lang, name))
            assert version not in pages[0]
            assert version in pages[-1]  # the back cover


def _section_pages(path: Path) -> dict[str, int]:
    """Outline title -> page, for every entry of the outline."""
    reader = PdfReader(path)
    pages: dict[str, int] = {}

    def walk(items) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                pages[item.title] = reader.get_destination_page_number(item) + 1
    walk(reader.outline)
    return pages


@pytest.mark.parametrize("lang", LANGS)
def test_every_mission_starts_on_a_new_page(build_dir: Path, lang: str) -> None:
    pages = _section_pages(find_pdf(build_dir, lang, "missions"))
    missions = {title: page for title, page in pages.items() if re.match(r"M[23]\.\d+ ", title)}
    assert len(missions) == 14
    assert len(set(missions.values())) == len(missions), missions
    # Each mission opens a spread (a left page) and its board is on that spread:
    # the board's legend names the grid. A mission that does not open its
    # chapter has its board on the right page, facing its rules.
    assert all(page % 2 == 0 for page in missions.values()), missions
    pages = _page_texts(find_pdf(build_dir, lang, "missions"))
    grid = {"en": "Grid: 6″", "es": "Cuadrícula: 6″"}[lang]
    chapter_openers = {title for title in missions if title.split(" ")[0].endswith(".1")}
    for title, page in missions.items():
        left, right = (" ".join(pages[number - 1].split()) for number in (page, page + 1))
        assert (left + right).count(grid) == 1, f"{title}: no board on pp.{page}-{page + 1}"
        if title not in chapter_openers:
            assert grid in right, f"{title}: the board is not on p.{page + 1}, facing the rules"


def test_an_unknown_chapter_in_page_per_section_is_an_error(tmp_path: Path) -> None:
    root = _project_with(tmp_path, "book.yaml", lambda text: text.replace(
        "page_per_section: [M2, M3]", "page_per_section: [M2, M9]", 1))
    with pytest.raises(ContentError, match="missions has no chapter M9") as error:
        load_rulebook(root)
    assert error.value.location.file == "content/book.yaml"


def test_spanish_words_that_must_not_end_a_line_are_held_to_the_next() -> None:
    text = characters('Tira y elige a 2 miniaturas: gana +1 Mérito, Empuje 1", el 50 %.', "es")
    assert text == ("Tira y\u00a0elige a\u00a02\u00a0miniaturas: gana +1\u00a0Mérito, "
                    "Empuje\u00a01\u2033, el 50\u00a0%.")
    # English keeps its ordinary spaces.
    assert characters("a 2 models", "en") == "a 2 models"


_KEPT_WORD_TEXTS = [
    "Las tablas de armas usan un d20; Armadura ligera, Consumibles, Equipo y la Tabla de Poderes, un d8; "
    "Granadas, Armadura media, Armadura pesada y Cibernética, un d6.",
    "El Bruto saca 5 y 5: 10, al menos tres veces su total. Cualquier otra arma de disparo pifiaría; "
    "la Pistola de Arco nunca lo hace, así que el disparo simplemente falla.",
]


@pytest.mark.parametrize("width_mm", [60, 69, 78, 93, 108])
def test_a_kept_word_that_does_not_fit_does_not_end_the_lines_before_it_early(width_mm: int) -> None:
    # A kept word is a box WeasyPrint cannot break; when it did not fit at a line's end,
    # WeasyPrint went back into the text before it and ended lines on a syllable
    # ("pifia-" / "ría", "Armadu-" / "ra"). The box now carries the words no-break
    # spaces hold to it, and a break opportunity right before it.
    rules = load_rulebook(PROJECT).hyphenation_rules("es")
    assert {"cibernética", "pifia"} <= rules.keep
    for text in _KEPT_WORD_TEXTS:
        lines = _lines(str(words_html(characters(text, "es"), rules, last_word_whole=True)), width_mm, "es")
        longest = max(len(line) for line in lines)
        assert len(lines) > 1
        assert all(len(line) >= 0.55 * longest for line in lines[:-1]), lines
