"""Editions: one laid-out PDF finished for press, print on demand, screen and home printing.

The inputs are laid out here by WeasyPrint the way the build lays them out
(the widest bleed, no marks, tagged, device-cmyk colours), small enough to be
quick; one test runs every edition over a booklet built from the minimal
project. Every check reads the output back: boxes and keys with pypdf, text
positions with pdftotext, pixels with pdftoppm.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
import weasyprint
from conftest import PROJECT, copy_project, run_sw28
from doctests import run_doctests
from pikepdf import Array, Dictionary, Name, String
from pypdf import PdfReader
from pypdf.generic import ContentStream, DecodedStreamObject

from sacredwire import editions
from sacredwire.editions import EDITIONS, EditionError, EditionSettings, LaidOutDocument, _pdfx, home, press
from sacredwire.editions import _rgb as rgb
from sacredwire.editions.base import MM
from sacredwire.layout.cards import Deck
from sacredwire.model import settings
from sacredwire.pdf import operations, streams

PAGES = 24
A5 = (148 * MM, 210 * MM)
CARD = (2.5 * 72, 3.5 * 72)
CARD_PAGE = (2.75 * 72, 3.75 * 72)
POD_BLEED = 0.125 * 72
TOLERANCE = 0.01


def folio(number: int) -> str:
    return f"FOLIO{number:02d}"


# PDF/X files must carry both dates; the build writes them from the content's release date.
DATES = '<meta name="dcterms.created" content="2026-11-30"><meta name="dcterms.modified" content="2026-11-30">'
BOOKLET_HTML = """<!doctype html><html lang="en"><head><title>Test Rules</title>{dates}<style>
@page { size: 148mm 210mm; bleed: 3.175mm; margin: 15mm; background: device-cmyk(0 0 0.1 0); }
@page cover { background: device-cmyk(0.7 0.6 0.5 0.9); }
.cover { page: cover; color: device-cmyk(0 0.8 1 0); }
body { font: 14pt sans-serif; color: device-cmyk(0 0 0 1); } a { color: inherit; }
section { break-after: page; } section:last-child { break-after: auto; }
h1 { border-bottom: 1mm solid device-cmyk(0 0.7 1 0); font-size: 16pt; }
</style></head><body>{sections}</body></html>"""


def _section(number: int) -> str:
    cover = ' class="cover"' if number in (1, PAGES) else ""
    extra = {1: "FRONTCOVER", PAGES: "BACKCOVER"}.get(number, "")
    links = ('<p><a href="#s12">inside link</a> and <a href="requisitions.pdf#sec-A3-2">other volume</a></p>'
             if number == 5 else "")
    heading = f'<h1 id="s{number}">Chapter {number}</h1>' if 2 < number < PAGES - 1 else ""
    return f"<section{cover}>{heading}<p>{folio(number)} {extra}</p>{links}</section>"


@pytest.fixture(scope="module")
def booklet(tmp_path_factory: pytest.TempPathFactory) -> LaidOutDocument:
    """A 24-page tagged A5 booklet with the widest bleed, CMYK colours, bookmarks and both kinds of link."""
    folder = tmp_path_factory.mktemp("booklet")
    html = BOOKLET_HTML.replace("{sections}", "".join(_section(n) for n in range(1, PAGES + 1)))
    html = html.replace("{dates}", DATES)
    pdf = weasyprint.HTML(string=html, base_url=str(folder) + "/").write_pdf(pdf_tags=True)
    return LaidOutDocument("booklet", "core-rules", "en", "Test Rules", pdf)


CARDS_HTML = """<!doctype html><html lang="en"><head><title>Cards</title>{dates}<style>
@page { size: 2.5in 3.5in; bleed: 0.125in; margin: 5mm; background: device-cmyk(0.8 0.7 0.6 0.9); }
body { font: 9pt sans-serif; color: device-cmyk(0 0 0 0); }
p + p { break-before: page; }
</style></head><body>{cards}</body></html>"""
CARD_COUNT = 11


@pytest.fixture(scope="module")
def cards() -> LaidOutDocument:
    """Eleven cards, front then back, one side per page, in two decks."""
    sides = "".join(f"<p>CARD{n:02d}FRONT</p><p>CARD{n:02d}BACK</p>" for n in range(1, CARD_COUNT + 1))
    html = CARDS_HTML.replace("{cards}", sides).replace("{dates}", DATES)
    pdf = weasyprint.HTML(string=html).write_pdf(pdf_tags=True)
    return LaidOutDocument("cards", "cards", "en", "Cards", pdf, (Deck("alpha", 1, 8), Deck("beta", 9, 14)))


def finished(edition: str, document: LaidOutDocument, settings: EditionSettings | None = None) -> dict[str, bytes]:
    artifacts = EDITIONS[edition].finish(document, settings or EditionSettings())
    return {str(artifact.path): artifact.data for artifact in artifacts}


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def box(page, key: str) -> tuple[float, ...]:
    return tuple(float(value) for value in page[key])


def dimensions(rectangle: tuple[float, ...]) -> tuple[float, float]:
    return rectangle[2] - rectangle[0], rectangle[3] - rectangle[1]


def close(a: tuple[float, ...], b: tuple[float, ...], tolerance: float = TOLERANCE) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= tolerance for x, y in zip(a, b))


def save(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def text_in(path: Path, page: int, area: tuple[float, float, float, float]) -> str:
    """Text inside ``area`` (x, y from the top left, width, height, in points) of one page."""
    x, y, width, height = (str(round(value)) for value in area)
    return subprocess.run(["pdftotext", "-r", "72", "-f", str(page), "-l", str(page), "-x", x, "-y", y,
                           "-W", width, "-H", height, str(path), "-"],
                          capture_output=True, text=True, check=True).stdout


def folios(text: str) -> list[int]:
    return [int(number) for number in re.findall(r"FOLIO(\d\d)", text)]


def render_gray(path: Path, page: int) -> tuple[int, int, bytes]:
    """One page at 72 dpi as 8-bit grey pixels: (width, height, pixels)."""
    data = subprocess.run(["pdftoppm", "-r", "72", "-gray", "-f", str(page), "-l", str(page), str(path)],
                          capture_output=True, check=True).stdout
    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", data)
    assert header, data[:40]
    return int(header[1]), int(header[2]), data[header.end():]


def cmyk_operators(pdf: PdfReader) -> list[str]:
    """Every DeviceCMYK colour operator in page contents and the forms and patterns they paint."""
    found = []
    pending = list(pdf.pages)
    seen = set()
    while pending:
        owner = pending.pop()
        data = owner.get_contents().get_data() if owner.get("/Type") == "/Page" else owner.get_data()
        for operands, operator in ContentStream(rgb_stream(data), pdf).operations:
            if operator in (b"k", b"K") or (operator in (b"cs", b"CS") and operands[0] == "/DeviceCMYK"):
                found.append(operator.decode())
        resources = (owner.get("/Resources") or {})
        for category in ("/XObject", "/Pattern"):
            for child in (resources.get_object().get(category) or {}).values():
                child = child.get_object()
                if id(child) not in seen and (child.get("/Subtype") == "/Form" or child.get("/PatternType") == 1):
                    seen.add(id(child))
                    pending.append(child)
    return found


def rgb_stream(data: bytes) -> DecodedStreamObject:
    stream = DecodedStreamObject()
    stream.set_data(data)
    return stream


def file_id(data: bytes, index: int) -> bytes:
    identifier = reader(data).trailer["/ID"][index]
    return getattr(identifier, "original_bytes", identifier)


def test_doctests() -> None:
    for module in (home, press, rgb, operations, streams, settings):
        run_doctests(module)


def test_registry_names_every_edition(booklet: LaidOutDocument, cards: LaidOutDocument) -> None:
    assert set(editions.EDITIONS) == {"press", "pod", "screen", "home"}
    assert all(edition.description for edition in EDITIONS.values())
    for edition in EDITIONS.values():
        for document in (booklet, cards):
            assert bool(finished(edition.name, document)) == (document.kind in edition.applies_to), edition.name


def test_the_input_is_laid_out_as_the_build_lays_it_out(booklet: LaidOutDocument) -> None:
    pdf = reader(booklet.pdf)
    page = pdf.pages[0]
    assert len(pdf.pages) == PAGES
    assert close(dimensions(box(page, "/TrimBox")), A5)
    assert close(box(page, "/MediaBox"), box(page, "/BleedBox"))
    assert close(dimensions(box(page, "/MediaBox")), (A5[0] + 2 * POD_BLEED, A5[1] + 2 * POD_BLEED))
    assert cmyk_operators(pdf), "the input must paint in CMYK, or the screen test proves nothing"


# press


def test_press_grows_the_media_for_a_slug_and_keeps_the_trim(booklet: LaidOutDocument) -> None:
    pdf = reader(finished("press", booklet)["core-rules.pdf"])
    source = reader(booklet.pdf)
    assert len(pdf.pages) == PAGES
    for page, original in zip(pdf.pages, source.pages):
        trim, bleed, media = box(page, "/TrimBox"), box(page, "/BleedBox"), box(page, "/MediaBox")
        assert close(trim, box(original, "/TrimBox"))
        assert close(bleed, (trim[0] - 3 * MM, trim[1] - 3 * MM, trim[2] + 3 * MM, trim[3] + 3 * MM))
        assert close(media, (bleed[0] - 10 * MM, bleed[1] - 10 * MM, bleed[2] + 10 * MM, bleed[3] + 10 * MM))


def test_press_crop_marks_stand_outside_the_bleed(booklet: LaidOutDocument) -> None:
    pdf = reader(finished("press", booklet)["core-rules.pdf"])
    page = pdf.pages[0]
    trim, bleed, media = box(page, "/TrimBox"), box(page, "/BleedBox"), box(page, "/MediaBox")
    marks = page.get_contents().get_data().rsplit(b"SCN", 1)[1]
    lines = [tuple(float(v) for v in match) for match in
             re.findall(rb"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S", marks)]
    assert len(lines) == 8
    colour_space = page["/Resources"]["/ColorSpace"]["/SW28Registration"]
    assert [colour_space[0], colour_space[1], colour_space[2]] == ["/Separation", "/All", "/DeviceCMYK"]
    for x0, y0, x1, y1 in lines:
        for x, y in ((x0, y0), (x1, y1)):
            outside_bleed = x < bleed[0] or x > bleed[2] or y < bleed[1] or y > bleed[3]
            assert outside_bleed and media[0] < x < media[2] and media[1] < y < media[3], (x, y)
            # At least the bleed away from the trim.
            assert x <= trim[0] - 3 * MM or x >= trim[2] + 3 * MM or y <= trim[1] - 3 * MM or y >= trim[3] + 3 * MM
        # Each line continues a trim edge.
        assert (x0 == x1 and any(abs(x0 - edge) < TOLERANCE for edge in (trim[0], trim[2]))) or \
               (y0 == y1 and any(abs(y0 - edge) < TOLERANCE for edge in (trim[1], trim[3])))


def test_press_pixels_inside_the_bleed_are_the_laid_out_pixels(booklet: LaidOutDocument, tmp_path: Path) -> None:
    # A 9 pt bleed and a 36 pt slug put every box on whole pixels at 72 dpi.
    settings = EditionSettings(press_bleed_mm=0.125 * 25.4, slug_mm=0.5 * 25.4)
    marked = save(tmp_path, "press.pdf", finished("press", booklet, settings)["core-rules.pdf"])
    source = save(tmp_path, "source.pdf", booklet.pdf)
    for page in (1, 5):
        width, height, before = render_gray(source, page)
        big_width, big_height, after = render_gray(marked, page)
        assert (big_width, big_height) == (width + 72, height + 72)
        inside = b"".join(after[(row + 36) * big_width + 36:(row + 36) * big_width + 36 + width]
                          for row in range(height))
        assert inside == before
        # Outside the BleedBox only the marks are inked: the top slug is white except on the two trim lines.
        slug_rows = [after[row * big_width:(row + 1) * big_width] for row in range(30)]
        inked_columns = {column for row in slug_rows for column, value in enumerate(row) if value < 250}
        assert inked_columns and all(abs(column - 45) <= 1 or abs(column - (45 + width - 18)) <= 1
                                     for column in inked_columns), sorted(inked_columns)


def test_press_paints_nothing_but_marks_outside_its_bleed(booklet: LaidOutDocument, tmp_path: Path) -> None:
    # The layout's bleed (9 pt) is wider than the press bleed (3 mm = 8.5 pt): the rest is clipped away.
    marked = save(tmp_path, "press.pdf", finished("press", booklet)["core-rules.pdf"])
    width, height, pixels = render_gray(marked, 1)  # the dark front cover
    trim_left, trim_right = 13 * MM, 13 * MM + A5[0]
    bleed_top = 10 * MM  # the slug; the BleedBox starts below it
    rows = [pixels[row * width:(row + 1) * width] for row in range(int(bleed_top))]
    inked = {column for row in rows for column, value in enumerate(row) if value < 250}
    assert inked and all(min(abs(column + 0.5 - edge) for edge in (trim_left, trim_right)) <= 1.5
                         for column in inked), sorted(inked)


def test_press_refuses_a_bleed_that_was_not_laid_out(booklet: LaidOutDocument) -> None:
    with pytest.raises(EditionError, match="laid out with 3.175 mm of bleed"):
        finished("press", booklet, EditionSettings(press_bleed_mm=5))


def test_press_marks_the_single_cards(cards: LaidOutDocument) -> None:
    pdf = reader(finished("press", cards)["cards-single.pdf"])
    assert len(pdf.pages) == 2 * CARD_COUNT
    page = pdf.pages[3]
    assert close(dimensions(box(page, "/TrimBox")), CARD)
    assert close(dimensions(box(page, "/MediaBox")), (CARD[0] + 26 * MM, CARD[1] + 26 * MM))
    assert b"/SW28Registration CS" in page.get_contents().get_data()


# PDF/X keys (pod and press)


@pytest.mark.parametrize("edition, file", [("press", "core-rules.pdf"), ("pod", "core-rules.pdf"),
                                           ("pod", "core-rules-cover.pdf")])
def test_print_files_carry_the_pdfx_keys(booklet: LaidOutDocument, edition: str, file: str) -> None:
    pdf = reader(finished(edition, booklet)[file])
    info = pdf.metadata
    assert info["/GTS_PDFXVersion"] == "PDF/X-1:2003"
    assert pdf.pdf_header == "%PDF-1.4"
    assert info["/Trapped"] == "/False"
    assert info["/Title"] == "Test Rules"
    assert info["/CreationDate"] == reader(booklet.pdf).metadata["/CreationDate"]
    intent = pdf.trailer["/Root"]["/OutputIntents"][0]
    assert intent["/S"] == "/GTS_PDFX"
    assert intent["/OutputConditionIdentifier"] == "CGATS TR 001"
    assert intent["/RegistryName"] == "http://www.color.org"
    assert all("/Annots" not in page for page in pdf.pages)
    assert "/StructTreeRoot" not in pdf.trailer["/Root"]
    # No Lab colour spaces left over (WeasyPrint declares them on every page).
    assert all("/ColorSpace" not in page["/Resources"] or
               all(str(space) != "/Lab" and space[0] != "/Lab" for space in page["/Resources"]["/ColorSpace"].values())
               for page in pdf.pages)


def test_the_output_condition_is_a_setting(booklet: LaidOutDocument) -> None:
    settings = EditionSettings(output_condition_identifier="FOGRA39", output_condition="Coated FOGRA39")
    pdf = reader(finished("press", booklet, settings)["core-rules.pdf"])
    assert pdf.trailer["/Root"]["/OutputIntents"][0]["/OutputConditionIdentifier"] == "FOGRA39"


def test_print_files_refuse_transparency() -> None:
    html = (f'<html><head>{DATES}</head><style>@page {{ size: 148mm 210mm; bleed: 3.175mm }}</style>'
            '<p style="opacity: 0.5">half</p></html>')
    pages = "".join(f"<section style='break-after: page'>{n}</section>" for n in range(7))
    pdf = weasyprint.HTML(string=html.replace("</html>", pages + "</html>")).write_pdf()
    document = LaidOutDocument("booklet", "x", "en", "X", pdf)
    with pytest.raises(EditionError, match="page 1: transparency"):
        finished("press", document)


def test_print_files_keep_a_colour_space_any_painter_sharing_its_resources_names() -> None:
    """Pages and forms share one resource dictionary: a space page 1 does not name but a form on page 2 does,
    or that a form without resources of its own borrows, stays (for the preflight to report); one nobody
    names goes."""
    document = pikepdf.new()
    shared = document.make_indirect(Dictionary(ColorSpace=Dictionary(
        CS0=Array([Name.CalRGB, Dictionary(WhitePoint=Array([0.9505, 1, 1.089]))]),
        CS1=Array([Name.Lab, Dictionary(WhitePoint=Array([0.9642, 1, 0.8249]))]),
        CS2=Array([Name.CalGray, Dictionary(WhitePoint=Array([0.9505, 1, 1.089]))]),
        CS3=Array([Name.Separation, Name("/Varnish"), Name.DeviceCMYK, Dictionary()]))))
    own_form = pikepdf.Stream(document, b"/CS0 cs 1 0 0 sc 0 0 10 10 re f")
    own_form.update(Dictionary(Type=Name.XObject, Subtype=Name.Form, BBox=Array([0, 0, 10, 10]), Resources=shared))
    borrowing_form = pikepdf.Stream(document, b"/CS2 cs 0.5 sc 0 0 10 10 re f")
    borrowing_form.update(Dictionary(Type=Name.XObject, Subtype=Name.Form, BBox=Array([0, 0, 10, 10])))
    shared.XObject = Dictionary(Fm1=document.make_indirect(own_form), Fm2=document.make_indirect(borrowing_form))
    for stream in (b"0 0 0 1 k 0 0 10 10 re f", b"/Fm1 Do /Fm2 Do"):
        document.pages.append(pikepdf.Page(Dictionary(Type=Name.Page, MediaBox=Array([0, 0, 100, 100]),
                                                       Resources=shared, Contents=pikepdf.Stream(document, stream))))
    document.docinfo["/CreationDate"] = document.docinfo["/ModDate"] = String("D:20261130000000Z")
    _pdfx.make_pdfx(document, "X", EditionSettings(), "x")
    assert sorted(shared.ColorSpace.keys()) == ["/CS0", "/CS2", "/CS3"]


# pod


def test_pod_interior_leaves_out_the_cover_sheet(booklet: LaidOutDocument, tmp_path: Path) -> None:
    data = finished("pod", booklet)["core-rules.pdf"]
    pdf = reader(data)
    assert len(pdf.pages) == PAGES - 4 and len(pdf.pages) % 4 == 0
    path = save(tmp_path, "interior.pdf", data)
    assert folios(text_in(path, 1, (0, 0, 500, 700))) == [3]
    assert folios(text_in(path, len(pdf.pages), (0, 0, 500, 700))) == [PAGES - 2]
    for page in pdf.pages:
        assert close(box(page, "/MediaBox"), box(page, "/BleedBox"))
        assert close(dimensions(box(page, "/MediaBox")), (A5[0] + 2 * POD_BLEED, A5[1] + 2 * POD_BLEED))
        assert b"/SW28Registration" not in page.get_contents().get_data()
    # The bookmarks of the interior pages stay.
    assert [item["/Title"] for item in pdf.outline] == [f"Chapter {n}" for n in range(3, PAGES - 1)]


def test_pod_cover_spread_puts_the_back_left_and_the_front_right(booklet: LaidOutDocument, tmp_path: Path) -> None:
    data = finished("pod", booklet)["core-rules-cover.pdf"]
    pdf = reader(data)
    assert len(pdf.pages) == 1
    page = pdf.pages[0]
    trim, media = box(page, "/TrimBox"), box(page, "/MediaBox")
    assert close(dimensions(trim), (296 * MM, 210 * MM))
    assert close(media, (trim[0] - POD_BLEED, trim[1] - POD_BLEED, trim[2] + POD_BLEED, trim[3] + POD_BLEED))
    assert close(box(page, "/BleedBox"), media)
    path = save(tmp_path, "cover.pdf", data)
    spine = media[2] / 2
    left, right = text_in(path, 1, (0, 0, spine, media[3])), text_in(path, 1, (spine, 0, spine, media[3]))
    assert "BACKCOVER" in left and folios(left) == [PAGES]
    assert "FRONTCOVER" in right and folios(right) == [1]


def test_pod_cover_halves_are_clipped_at_the_spine(booklet: LaidOutDocument) -> None:
    page = reader(finished("pod", booklet)["core-rules-cover.pdf"]).pages[0]
    forms = page["/Resources"]["/XObject"]
    back, front = (tuple(float(v) for v in forms[name]["/BBox"]) for name in ("/Back", "/Front"))
    assert close(back, (-POD_BLEED, -POD_BLEED, A5[0], A5[1] + POD_BLEED))
    assert close(front, (0, -POD_BLEED, A5[0] + POD_BLEED, A5[1] + POD_BLEED))


def test_pod_splits_the_cards_into_decks(cards: LaidOutDocument, tmp_path: Path) -> None:
    files = finished("pod", cards)
    assert sorted(files) == ["cards-alpha.pdf", "cards-beta.pdf"]
    alpha, beta = reader(files["cards-alpha.pdf"]), reader(files["cards-beta.pdf"])
    assert (len(alpha.pages), len(beta.pages)) == (8, 14)
    for page in [*alpha.pages, *beta.pages]:
        assert close(dimensions(box(page, "/MediaBox")), CARD_PAGE)  # 198 x 270 pt
        assert close(dimensions(box(page, "/TrimBox")), CARD)  # 180 x 252 pt
    first_beta = text_in(save(tmp_path, "beta.pdf", files["cards-beta.pdf"]), 1, (0, 0, 198, 270))
    assert "CARD05FRONT" in first_beta
    assert alpha.metadata["/GTS_PDFXVersion"] == "PDF/X-1:2003"


def test_pod_refuses_a_deck_outside_the_cards(cards: LaidOutDocument) -> None:
    for deck in (Deck("gamma", 21, 4), Deck("gamma", 2, 4), Deck("gamma", 1, 3)):
        document = LaidOutDocument("cards", "cards", "en", "Cards", cards.pdf, (deck,))
        with pytest.raises(EditionError, match="deck gamma"):
            finished("pod", document)


# screen


def test_screen_pages_are_the_trim(booklet: LaidOutDocument) -> None:
    pdf = reader(finished("screen", booklet)["core-rules.pdf"])
    assert len(pdf.pages) == PAGES
    for page in pdf.pages:
        assert close(box(page, "/MediaBox"), (0, 0, *A5))
        assert close(box(page, "/CropBox"), (0, 0, *A5))
        assert close(box(page, "/TrimBox"), (0, 0, *A5))


def test_screen_reading_preferences_and_tags(booklet: LaidOutDocument) -> None:
    source = reader(booklet.pdf)
    pdf = reader(finished("screen", booklet)["core-rules.pdf"])
    root = pdf.trailer["/Root"]
    assert root["/PageMode"] == "/UseOutlines"
    assert root["/ViewerPreferences"]["/DisplayDocTitle"].value is True
    assert root["/Lang"] == "en-US"
    assert pdf.pdf_header == "%PDF-1.7"  # tagged, OpenType fonts: not the 1.3 pypdf writes by default
    assert root["/MarkInfo"]["/Marked"]
    assert "/StructTreeRoot" in source.trailer["/Root"]
    tree, original = root["/StructTreeRoot"], source.trailer["/Root"]["/StructTreeRoot"]
    assert len(tree["/ParentTree"]["/Nums"]) == len(original["/ParentTree"]["/Nums"]) > 0
    assert [page.get("/StructParents") for page in pdf.pages] == [page.get("/StructParents")
                                                                   for page in source.pages]
    assert len(pdf.outline) == len(source.outline) > 0


def test_screen_is_rgb(booklet: LaidOutDocument, tmp_path: Path) -> None:
    pdf = reader(finished("screen", booklet)["core-rules.pdf"])
    assert cmyk_operators(pdf) == []
    # The front cover's colour follows r = (1 - c)(1 - k): CMYK 0.7 0.6 0.5 0.9 is a near black.
    path = save(tmp_path, "screen.pdf", finished("screen", booklet)["core-rules.pdf"])
    width, height, pixels = render_gray(path, 1)
    corner = pixels[5 * width + 5]
    assert corner == pytest.approx(round(255 * (0.3 * 0.1 * 0.299 + 0.4 * 0.1 * 0.587 + 0.5 * 0.1 * 0.114)), abs=3)


def test_screen_links_name_the_sibling_file(booklet: LaidOutDocument) -> None:
    pdf = reader(finished("screen", booklet)["core-rules.pdf"])
    actions = [annotation.get_object().get("/A") for page in pdf.pages for annotation in page.get("/Annots") or []]
    remote = [action for action in actions if action is not None and action["/S"] == "/GoToR"]
    assert [(str(action["/F"]), str(action["/D"])) for action in remote] == [("requisitions.pdf", "sec-A3-2")]
    assert any(action is None or action["/S"] != "/GoToR" for action in actions)


# home


def test_home_booklet_is_2_up_in_saddle_stitch_order(booklet: LaidOutDocument, tmp_path: Path) -> None:
    data = finished("home", booklet)["core-rules.pdf"]
    pdf = reader(data)
    assert len(pdf.pages) == PAGES // 2
    width, height = 297 * MM, 210 * MM
    assert all(close(box(page, "/MediaBox"), (0, 0, width, height)) for page in pdf.pages)
    path = save(tmp_path, "home.pdf", data)
    halves = [(folios(text_in(path, side, (0, 0, width / 2, height))),
               folios(text_in(path, side, (width / 2, 0, width / 2, height)))) for side in (1, 2)]
    assert halves == [([PAGES], [1]), ([2], [PAGES - 1])]


def test_home_booklet_folds_into_reading_order(booklet: LaidOutDocument, tmp_path: Path) -> None:
    """Print the sides duplex (flip on the short edge), stack the six sheets, fold them, read the pages."""
    path = save(tmp_path, "home.pdf", finished("home", booklet)["core-rules.pdf"])
    width, height = 297 * MM, 210 * MM

    def half(side: int, right: bool) -> int:
        found = folios(text_in(path, side, (width / 2 if right else 0, 0, width / 2, height)))
        assert len(found) == 1, (side, right, found)
        return found[0]

    sheets = []
    for sheet in range(PAGES // 4):
        front, back = 2 * sheet + 1, 2 * sheet + 2
        # Flipped on the short edge, the back's left half lies behind the front's right half.
        sheets.append({"outside_left": half(front, False), "outside_right": half(front, True),
                       "inside_left": half(back, False), "inside_right": half(back, True)})
    # Stacked with the first sheet outermost and folded, the right halves are the first leaves
    # (outside face first), then the left halves from the innermost sheet out (inside face first).
    reading = [page for sheet in sheets for page in (sheet["outside_right"], sheet["inside_left"])]
    reading += [page for sheet in reversed(sheets) for page in (sheet["inside_right"], sheet["outside_left"])]
    assert reading == list(range(1, PAGES + 1))


def test_home_booklet_places_the_trim_only(booklet: LaidOutDocument) -> None:
    pdf = reader(finished("home", booklet)["core-rules.pdf"])
    forms = pdf.pages[0]["/Resources"]["/XObject"]
    assert all(close(tuple(float(v) for v in form["/BBox"]), (0, 0, *A5)) for form in forms.values())


def test_home_booklet_on_letter_is_scaled_to_fit(booklet: LaidOutDocument, tmp_path: Path) -> None:
    data = finished("home", booklet, EditionSettings(paper="letter"))["core-rules.pdf"]
    page = reader(data).pages[0]
    assert close(box(page, "/MediaBox"), (0, 0, 792, 612))
    scale = min(396 / A5[0], 612 / A5[1])
    placements = re.findall(rb"q ([\d.]+) 0 0 [\d.]+ ([\d.]+) ([\d.]+) cm /P(\d+) Do Q", page.get_contents().get_data())
    assert [int(p[3]) for p in placements] == [PAGES, 1]
    for factor, _x, y, _ in placements:
        assert float(factor) == pytest.approx(scale, abs=1e-4)
        assert float(y) == pytest.approx((612 - A5[1] * scale) / 2, abs=0.01)
    assert float(placements[0][1]) == pytest.approx((396 - A5[0] * scale) / 2, abs=0.01)
    assert float(placements[1][1]) == pytest.approx(396 + (396 - A5[0] * scale) / 2, abs=0.01)


def _card_words(path: Path, page: int) -> dict[str, tuple[float, float]]:
    """Each CARD word on a page and its centre (x, y from the top)."""
    html = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
                          capture_output=True, text=True, check=True).stdout
    words = {}
    for x0, y0, x1, y1, word in re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                                           r"(CARD\d\d\w+)<", html):
        words[word] = ((float(x0) + float(x1)) / 2, (float(y0) + float(y1)) / 2)
    return words


@pytest.mark.parametrize("gutter", [0.0, 4.0])
def test_home_card_sheets_mirror_the_backs(cards: LaidOutDocument, tmp_path: Path, gutter: float) -> None:
    data = finished("home", cards, EditionSettings(card_gutter_mm=gutter))["cards.pdf"]
    pdf = reader(data)
    assert len(pdf.pages) == 4  # two sheets, front and back
    path = save(tmp_path, "cards.pdf", data)
    width, height = 210 * MM, 297 * MM
    step_x, step_y = CARD[0] + gutter * MM, CARD[1] + gutter * MM
    left = (width - 3 * CARD[0] - 2 * gutter * MM) / 2
    top = (height - 3 * CARD[1] - 2 * gutter * MM) / 2

    def slot(x: float, y: float) -> tuple[int, int]:
        column, row = int((x - left) // step_x), int((y - top) // step_y)
        assert 0 <= column < 3 and 0 <= row < 3, (x, y)
        return row, column

    fronts, backs = _card_words(path, 1), _card_words(path, 2)
    assert len(fronts) == len(backs) == 9
    for card in range(1, 10):
        front_row, front_column = slot(*fronts[f"CARD{card:02d}FRONT"])
        back_row, back_column = slot(*backs[f"CARD{card:02d}BACK"])
        assert (back_row, back_column) == (front_row, 2 - front_column)
    # Slot 1's back lies where the sheet, flipped on its long edge, puts it: the mirrored slot.
    x, y = fronts["CARD01FRONT"]
    back_x, back_y = backs["CARD01BACK"]
    assert back_y == pytest.approx(y, abs=0.5)
    assert back_x == pytest.approx(width - x, abs=CARD[0])
    assert set(_card_words(path, 3)) == {"CARD10FRONT", "CARD11FRONT"}


def test_home_card_sheets_cut_marks_stay_outside_the_grid(cards: LaidOutDocument) -> None:
    page = reader(finished("home", cards)["cards.pdf"]).pages[0]
    slots = home.card_slots((0, 0, *CARD), "a4", 0)
    grid = (min(s[0] for s in slots), min(s[1] for s in slots), max(s[2] for s in slots), max(s[3] for s in slots))
    lines = [tuple(float(v) for v in match) for match in
             re.findall(rb"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l S", page.get_contents().get_data())]
    assert len(lines) == 2 * 4 + 2 * 4
    for x0, y0, x1, y1 in lines:
        for x, y in ((x0, y0), (x1, y1)):
            assert not (grid[0] <= x <= grid[2] and grid[1] <= y <= grid[3]), (x, y)
            assert 0 < x < 210 * MM and 0 < y < 297 * MM


def test_home_card_gutter_too_wide_for_letter(cards: LaidOutDocument) -> None:
    with pytest.raises(EditionError, match="too little for cut marks"):
        finished("home", cards, EditionSettings(paper="letter", card_gutter_mm=5))


def test_home_quick_reference_is_as_laid_out() -> None:
    pdf = weasyprint.HTML(string="<html lang=en><style>@page { size: A4 landscape }</style><p>QR</p></html>"
                          ).write_pdf(pdf_tags=True)
    document = LaidOutDocument("quick-reference", "quick-reference", "es", "Referencia", pdf)
    out = reader(finished("home", document)["quick-reference.pdf"])
    assert close(box(out.pages[0], "/MediaBox"), box(reader(pdf).pages[0], "/MediaBox"))
    assert out.trailer["/Root"]["/Lang"] == "es"
    assert out.trailer["/Root"]["/PageMode"] == "/UseOutlines"
    assert finished("pod", document) == {} and finished("press", document) == {}


def viewer_preferences(data: bytes) -> dict[str, str]:
    preferences = reader(data).trailer["/Root"]["/ViewerPreferences"]
    return {key: str(value) for key, value in preferences.items()}


def test_home_files_print_at_full_size_and_flip_as_they_fold(booklet: LaidOutDocument,
                                                             cards: LaidOutDocument) -> None:
    sheets = finished("home", booklet)["core-rules.pdf"]
    width, height = dimensions(box(reader(sheets).pages[0], "/MediaBox"))
    assert width > height  # 2-up sides are landscape: turned on the sheet's short edge
    assert viewer_preferences(sheets) == {"/DisplayDocTitle": "True", "/PrintScaling": "/None",
                                          "/Duplex": "/DuplexFlipShortEdge"}
    card_sheets = finished("home", cards)["cards.pdf"]
    width, height = dimensions(box(reader(card_sheets).pages[0], "/MediaBox"))
    assert width < height  # portrait sheets whose backs are mirrored for the long edge
    assert viewer_preferences(card_sheets) == {"/DisplayDocTitle": "True", "/PrintScaling": "/None",
                                               "/Duplex": "/DuplexFlipLongEdge"}
    for size, pages, duplex in (("A4 landscape", 2, "/DuplexFlipShortEdge"), ("A4", 2, "/DuplexFlipLongEdge"),
                                ("A4 landscape", 1, "/Simplex")):
        html = f"<html lang=en><style>@page {{ size: {size} }} p + p {{ break-before: page }}</style>" \
               + "<p>QR</p>" * pages + "</html>"
        document = LaidOutDocument("quick-reference", "quick-reference", "en", "QR",
                                   weasyprint.HTML(string=html).write_pdf(pdf_tags=True))
        data = finished("home", document)["quick-reference.pdf"]
        assert len(reader(data).pages) == pages
        assert viewer_preferences(data)["/PrintScaling"] == "/None"
        assert viewer_preferences(data)["/Duplex"] == duplex, size
    # The screen and print editions leave printing to the reader.
    assert "/Duplex" not in viewer_preferences(finished("screen", booklet)["core-rules.pdf"])


def test_importing_the_editions_loads_no_renderer() -> None:
    """The editions post-process PDFs: no templates, Markdown, rules engine or layout engine is loaded."""
    code = ("import sys, sacredwire.editions; "
            "print(' '.join(name for name in ('jinja2', 'markdown_it', 'sacredwire.engine', 'sacredwire.outputs', "
            "'sacredwire.layout', 'weasyprint', 'pypdf') if name in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == ""


# every edition


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_editions_are_deterministic(booklet: LaidOutDocument, cards: LaidOutDocument, edition: str) -> None:
    for document in (booklet, cards):
        first, second = finished(edition, document), finished(edition, document)
        assert first == second
        for data in first.values():
            first_id, second_id = (file_id(data, index) for index in (0, 1))
            assert first_id == second_id and len(first_id) == 16


def test_file_identifiers_differ_between_editions(booklet: LaidOutDocument) -> None:
    identifiers = {file_id(data, 0) for name in EDITIONS
                   for data in finished(name, booklet).values()}
    assert len(identifiers) == 5  # press, screen, home and the two pod files


def test_settings_refuse_nonsense() -> None:
    with pytest.raises(ValueError, match="slug"):
        EditionSettings(slug_mm=1)
    with pytest.raises(ValueError, match="paper"):
        EditionSettings(paper="a3")  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def minimal_booklet(tmp_path_factory: pytest.TempPathFactory) -> LaidOutDocument:
    """The minimal project's booklet, laid out by the build."""
    project = copy_project(tmp_path_factory.mktemp("minimal"), PROJECT / "tests" / "roots" / "minimal" / "content")
    result = run_sw28("build", "core-rules", cwd=project)
    assert result.returncode == 0, result.stderr
    # The one layout every edition is made from, as the layout cache keeps it.
    cached = [path for path in (project / "build" / ".cache").glob("*.pdf") if path.stat().st_size]
    laid_out = max(cached, key=lambda path: len(PdfReader(path).pages))
    return LaidOutDocument("booklet", "core-rules", "en", "Core Rules", laid_out.read_bytes())


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf checks the structure of the files")
def test_a_built_booklet_goes_through_every_edition(minimal_booklet: LaidOutDocument, tmp_path: Path) -> None:
    pages = len(reader(minimal_booklet.pdf).pages)
    assert pages == 8  # the shortest booklet: a cover sheet and one more sheet
    files = {}
    for name in ("press", "pod", "screen", "home"):
        for path, data in finished(name, minimal_booklet).items():
            files[f"{name}/{path}"] = data
    assert sorted(files) == ["home/core-rules.pdf", "pod/core-rules-cover.pdf", "pod/core-rules.pdf",
                             "press/core-rules.pdf", "screen/core-rules.pdf"]
    assert len(reader(files["pod/core-rules.pdf"]).pages) == pages - 4
    for name, data in files.items():
        path = save(tmp_path, name.replace("/", "-"), data)
        check = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
    assert len(reader(files["home/core-rules.pdf"]).pages) == pages // 2
    assert len(reader(files["press/core-rules.pdf"]).pages) == pages


def _font_programs(pdf: PdfReader) -> set[tuple[str, str]]:
    programs = set()
    for page in pdf.pages:
        for font in page["/Resources"]["/Font"].values():
            descriptor = font.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            for key in ("/FontFile2", "/FontFile3"):
                if key in descriptor:
                    programs.add((key, str(descriptor[key].get_object().get("/Subtype"))))
    return programs


def test_print_fonts_are_pdf_1_4_and_draw_the_same_glyphs(minimal_booklet: LaidOutDocument, tmp_path: Path) -> None:
    """The project's CFF fonts lose their OpenType wrapper (PDF 1.6), and not a pixel changes."""
    assert ("/FontFile3", "/OpenType") in _font_programs(reader(minimal_booklet.pdf))
    settings = EditionSettings(press_bleed_mm=0.125 * 25.4, slug_mm=0.5 * 25.4)
    data = finished("press", minimal_booklet, settings)["core-rules.pdf"]
    assert reader(data).pdf_header == "%PDF-1.4"
    assert ("/FontFile3", "/CIDFontType0C") in _font_programs(reader(data))
    assert ("/FontFile3", "/OpenType") not in _font_programs(reader(data))
    marked, source = save(tmp_path, "press.pdf", data), save(tmp_path, "source.pdf", minimal_booklet.pdf)
    for page in range(1, 5):
        width, height, before = render_gray(source, page)
        big_width, _, after = render_gray(marked, page)
        inside = b"".join(after[(row + 36) * big_width + 36:(row + 36) * big_width + 36 + width]
                          for row in range(height))
        assert inside == before, page


def test_home_booklet_pages_stay_inside_a_home_printers_margin(tmp_path: Path) -> None:
    """A full-bleed page (a cover) imposed for home printing leaves the sheet's 5 mm edge unprinted."""
    html = ("<style>@page { size: 148mm 210mm; margin: 0; bleed: 3mm; background: black; }"
            " p { break-after: page; }</style>" + "<p>Page</p>" * 4)
    pdf = weasyprint.HTML(string=html).write_pdf()
    sheets = home.booklet_sheets(pdf, "Test", "en", "a4", "test", margin_mm=5.0)
    path = tmp_path / "home.pdf"
    path.write_bytes(sheets)
    subprocess.run(["pdftoppm", "-r", "72", "-gray", "-f", "1", "-l", "1", str(path), str(tmp_path / "s")],
                   check=True)
    image = next(tmp_path.glob("s*.pgm")).read_bytes()
    # A binary PGM: header lines, then one byte per pixel.
    header = image.split(b"\n", 3)
    width, height = map(int, header[1].split())
    pixels = header[3]
    edge = int(5 * 72 / 25.4) - 1
    inked = [(x, y) for y in range(height) for x in range(width) if pixels[y * width + x] < 128]
    assert inked, "the pages were printed"
    assert min(x for x, _ in inked) >= edge and max(x for x, _ in inked) < width - edge
    assert min(y for _, y in inked) >= edge and max(y for _, y in inked) < height - edge
    # The two pages meet at the fold.
    middle = [pixels[(height // 2) * width + x] for x in (width // 2 - 2, width // 2 + 1)]
    assert max(middle) < 128
