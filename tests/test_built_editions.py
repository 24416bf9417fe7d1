"""The built editions, read with tools that share no code with the build.

Every check opens the files of the session build (``build_dir``) with
poppler (pdftotext, pdfinfo, pdftoppm), Ghostscript or pypdf's object
model, never with the project's own PDF helpers or preflight, so a fault in
those cannot hide a fault in the files.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from pypdf.generic import (
    ArrayObject,
    BooleanObject,
    ContentStream,
    DictionaryObject,
    IndirectObject,
    NameObject,
    StreamObject,
)

PROJECT = Path(__file__).resolve().parent.parent
BOOKLETS = ("core-rules", "requisitions", "inhuman-resources", "campaign", "missions")
LANGUAGES = {"en": "en-US", "es": "es"}
MM = 72 / 25.4
# pdfinfo prints boxes to 1/100 pt; sizes made from millimetres round to that.
POINT_TOLERANCE = 0.02

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("gs", "pdftotext", "pdfinfo", "pdftoppm")),
    reason="needs Ghostscript (gs) and poppler (pdftotext, pdfinfo, pdftoppm) on the PATH")

Box = tuple[float, float, float, float]


# --- poppler and Ghostscript, read back -------------------------------------------------------------


def _run(*command: str | Path) -> str:
    return subprocess.run([str(part) for part in command], check=True, capture_output=True,
                          text=True).stdout


def words(text: str) -> list[str]:
    """Text as a list of words: line breaks, spacing and page-layout whitespace do not count."""
    return text.split()


def page_text(pdf: Path, page: int, crop: Box | None = None) -> list[str]:
    """The words pdftotext finds on one page (1-based), optionally only inside ``crop``.

    ``crop`` is (x, y, width, height) in points from the top left of the MediaBox.
    The words come in content-stream order (``-raw``): pdftotext's layout
    analysis can order two columns differently when the same page sits at
    another place on the sheet, the content does not change.
    """
    area: list[str] = []
    if crop is not None:
        x, y, width, height = crop
        area = ["-x", str(round(x)), "-y", str(round(y)), "-W", str(round(width)), "-H", str(round(height))]
    return words(_run("pdftotext", "-q", "-raw", "-f", str(page), "-l", str(page), *area, pdf, "-"))


def page_count(pdf: Path) -> int:
    match = re.search(r"^Pages:\s+(\d+)$", _run("pdfinfo", pdf), re.MULTILINE)
    assert match, f"pdfinfo finds no page count in {pdf}"
    return int(match.group(1))


def page_boxes(pdf: Path) -> list[dict[str, Box]]:
    """Every page's boxes as pdfinfo reports them (``pdfinfo -box``), page by page."""
    pages = page_count(pdf)
    report = _run("pdfinfo", "-box", "-f", "1", "-l", str(pages), pdf)
    boxes: list[dict[str, Box]] = [{} for _ in range(pages)]
    for number, name, *values in re.findall(
            r"^Page\s+(\d+) (\w+Box):\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)$", report, re.MULTILINE):
        boxes[int(number) - 1][name] = tuple(float(value) for value in values)
    assert all(boxes), f"pdfinfo -box reports no boxes for some page of {pdf}"
    return boxes


def size(box: Box) -> tuple[float, float]:
    return box[2] - box[0], box[3] - box[1]


def near(a: float, b: float, tolerance: float = POINT_TOLERANCE) -> bool:
    return abs(a - b) <= tolerance


@dataclass(frozen=True)
class Raster:
    """A rendered page: ``channels`` bytes per pixel, row by row from the top left."""

    width: int
    height: int
    channels: int
    pixels: bytes

    def pixel(self, x: int, y: int) -> bytes:
        start = (y * self.width + x) * self.channels
        return self.pixels[start:start + self.channels]


def read_tiff(path: Path) -> Raster:
    """An uncompressed, chunky TIFF (what Ghostscript's tiff32nc writes with -sCompression=none)."""
    data = path.read_bytes()
    order = {b"II": "<", b"MM": ">"}[data[:2]]
    (ifd,) = struct.unpack(order + "I", data[4:8])
    (count,) = struct.unpack(order + "H", data[ifd:ifd + 2])
    tags: dict[int, list[int]] = {}
    type_formats = {3: "H", 4: "I"}
    for index in range(count):
        entry = data[ifd + 2 + 12 * index: ifd + 14 + 12 * index]
        tag, kind, values = struct.unpack(order + "HHI", entry[:8])
        if kind not in type_formats:
            continue
        item = type_formats[kind]
        width = struct.calcsize(item) * values
        where = entry[8:12] if width <= 4 else data[struct.unpack(order + "I", entry[8:12])[0]:][:width]
        tags[tag] = list(struct.unpack(order + item * values, where[:width]))
    assert tags.get(259, [1]) == [1], f"{path} is compressed"
    width, height, channels = tags[256][0], tags[257][0], tags.get(277, [1])[0]
    pixels = b"".join(data[offset:offset + length] for offset, length in zip(tags[273], tags[279]))
    assert len(pixels) == width * height * channels, f"{path}: {len(pixels)} bytes of pixels"
    return Raster(width, height, channels, pixels)


def render_cmyk(pdf: Path, out: Path, resolution: int, first: int = 1, last: int | None = None,
                text_only: bool = False) -> list[Raster]:
    """Pages ``first``..``last`` rendered by Ghostscript as 8-bit CMYK, the whole MediaBox."""
    out.mkdir(parents=True, exist_ok=True)
    last = last or page_count(pdf)
    filters = ["-dFILTERVECTOR", "-dFILTERIMAGE"] if text_only else []
    _run("gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc", "-sCompression=none",
         f"-r{resolution}", f"-dFirstPage={first}", f"-dLastPage={last}", *filters,
         f"-sOutputFile={out / 'page-%03d.tif'}", pdf)
    pages = [out / f"page-{index:03d}.tif" for index in range(1, last - first + 2)]
    missing = [page.name for page in pages if not page.is_file()]
    assert not missing, f"Ghostscript rendered no {', '.join(missing)} of {pdf}"
    return [read_tiff(page) for page in pages]


def render_gray(pdf: Path, page: int, out: Path, resolution: int) -> Raster:
    """One page rendered by pdftoppm in 8-bit gray, the whole MediaBox."""
    _run("pdftoppm", "-f", str(page), "-l", str(page), "-r", str(resolution), "-gray", "-singlefile", pdf,
         out / "gray")
    data = (out / "gray.pgm").read_bytes()
    match = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", data)
    assert match, "pdftoppm wrote no 8-bit PGM"
    width, height = int(match.group(1)), int(match.group(2))
    return Raster(width, height, 1, data[match.end():match.end() + width * height])


def max_ink(raster: Raster) -> float:
    """The highest total area coverage (C+M+Y+K) of any pixel, in percent."""
    pixels = raster.pixels
    best = max(map(sum, zip(pixels[0::4], pixels[1::4], pixels[2::4], pixels[3::4])))
    return best * 100 / 255


def crop_of(inner: Box, media: Box) -> Box:
    """A box in PDF points as a pdftotext crop: (x, y, width, height) from the MediaBox's top left."""
    return inner[0] - media[0], media[3] - inner[3], inner[2] - inner[0], inner[3] - inner[1]


def trimmed_text(pdf: Path, page: int, boxes: dict[str, Box]) -> list[str]:
    """The words on a page inside its TrimBox (no slug, no bleed)."""
    return page_text(pdf, page, crop_of(boxes["TrimBox"], boxes["MediaBox"]))


@pytest.fixture(scope="module")
def press_texts(build_dir: Path) -> dict[tuple[str, str], list[list[str]]]:
    """The words inside the trim of every page of every press booklet, per (language, booklet)."""
    texts = {}
    for language in LANGUAGES:
        for booklet in BOOKLETS:
            pdf = build_dir / language / "press" / f"{booklet}.pdf"
            texts[language, booklet] = [trimmed_text(pdf, number, boxes)
                                        for number, boxes in enumerate(page_boxes(pdf), start=1)]
    return texts


# --- issue 12: print production --------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("booklet", BOOKLETS)
def test_page_references_hold_in_every_edition(build_dir: Path, language: str, booklet: str) -> None:
    """Press page i reads as screen page i and as pod interior page i-2; page counts fold into sheets."""
    folder = build_dir / language
    press, screen, pod = (folder / edition / f"{booklet}.pdf" for edition in ("press", "screen", "pod"))
    pages = page_count(press)
    assert pages % 4 == 0, f"{press}: {pages} pages"
    assert page_count(screen) == pages
    assert page_count(pod) == pages - 4 and (pages - 4) % 4 == 0, f"{pod}: {page_count(pod)} pages"
    for number in range(1, pages + 1):
        press_words = page_text(press, number)
        assert press_words == page_text(screen, number), f"{booklet} page {number}: press and screen differ"
        if 3 <= number <= pages - 2:
            assert press_words == page_text(pod, number - 2), f"{booklet} page {number}: press and pod differ"


def _body_words(pdf: Path, page: int, link_rects: list[Box], media: Box) -> list[Box]:
    """Word boxes (points, top left origin) of running body text on a page.

    Body text is what sits on lines of six words or more in blocks of two
    lines or more (headings, running heads, labels and captions are shorter);
    words under a link are left out, as cross-references take the accent
    colour on purpose.
    """
    html = _run("pdftotext", "-q", "-bbox-layout", "-f", str(page), "-l", str(page), pdf, "-")
    links = [(x0 - media[0], media[3] - y1, x1 - media[0], media[3] - y0) for x0, y0, x1, y1 in link_rects]
    found = []
    number = r'"([\d.]+)"'
    word_pattern = re.compile(rf'<word xMin={number} yMin={number} xMax={number} yMax={number}>')
    for block in re.findall(r"<block .*?</block>", html, re.DOTALL):
        lines = re.findall(r"<line .*?</line>", block, re.DOTALL)
        if len(lines) < 2:
            continue
        for line in lines:
            boxes = [tuple(map(float, match)) for match in word_pattern.findall(line)]
            if len(boxes) < 6:
                continue
            found += [box for box in boxes
                      if not any(box[0] < link[2] and link[0] < box[2] and box[1] < link[3] and link[1] < box[3]
                                 for link in links)]
    return found


def _link_rects(pdf: Path, page: int) -> list[Box]:
    rects = []
    for annotation in PdfReader(pdf).pages[page - 1].get("/Annots", []) or []:
        annotation = annotation.get_object()
        if annotation.get("/Subtype") == "/Link":
            x0, y0, x1, y1 = (float(value) for value in annotation["/Rect"])
            rects.append((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
    return rects


def first_page_with_line(pdf: Path, pattern: str) -> int:
    """The first page (1-based) with a line of text matching ``pattern``."""
    for number in range(1, page_count(pdf) + 1):
        text = _run("pdftotext", "-q", "-f", str(number), "-l", str(number), pdf, "-")
        if re.search(pattern, text, re.MULTILINE):
            return number
    raise AssertionError(f"no page of {pdf} has a line matching {pattern!r}")


def test_body_text_prints_on_the_black_plate_only(build_dir: Path, tmp_path: Path) -> None:
    """Ghostscript's CMYK render of the text of chapter C4's first page: body words are K only."""
    press = build_dir / "en" / "press" / "core-rules.pdf"
    page = first_page_with_line(press, r"^C4 ")
    boxes = page_boxes(press)[page - 1]
    # Cross-references are links in the screen edition, whose pages share the press pages' coordinates.
    links = _link_rects(build_dir / "en" / "screen" / "core-rules.pdf", page)
    body = _body_words(press, page, links, boxes["MediaBox"])
    assert len(body) > 50, f"page {page}: only {len(body)} body words found"
    resolution = 100
    raster = render_cmyk(press, tmp_path, resolution, page, page, text_only=True)[0]
    scale = resolution / 72
    black = coloured = 0
    for x0, y0, x1, y1 in body:
        for y in range(round(y0 * scale), round(y1 * scale)):
            for x in range(round(x0 * scale), round(x1 * scale)):
                cyan, magenta, yellow, key = raster.pixel(x, y)
                coloured += bool(cyan or magenta or yellow)
                black += key > 0
    assert black > 1000, f"page {page}: hardly any black in {len(body)} body words"
    assert coloured == 0, f"page {page}: {coloured} body text pixels carry C, M or Y ({black} carry K)"


def _ink_limit() -> float:
    settings = yaml.safe_load((PROJECT / "content" / "outputs.yaml").read_text(encoding="utf-8"))
    return float(settings["print"]["ink_limit"])


def test_no_pod_page_exceeds_the_ink_limit(build_dir: Path, tmp_path: Path) -> None:
    """Every page of the pod interiors and cover spreads and a card deck stays under the ink limit."""
    limit = _ink_limit()
    pod = build_dir / "en" / "pod"
    files = [pod / f"{booklet}{suffix}.pdf" for booklet in BOOKLETS for suffix in ("", "-cover")]
    files.append(pod / "cards-hostiles.pdf")
    highest: dict[str, float] = {}
    for pdf in files:
        last = min(page_count(pdf), 24)
        rasters = render_cmyk(pdf, tmp_path / pdf.stem, 20, 1, last)
        highest[pdf.name] = max(map(max_ink, rasters))
    over = {name: round(ink, 1) for name, ink in highest.items() if ink > limit + 1}
    assert not over, f"total ink above {limit:g}%: {over}"
    # The cover's rich black comes close to the limit, so the measurement means something.
    assert highest["core-rules-cover.pdf"] > limit - 30, highest


def rgb_uses(pdf: Path) -> list[str]:
    """Every use of an RGB colour space or RGB colour operator anywhere in the file."""
    reader = PdfReader(pdf)
    found: list[str] = []

    def scan_content(stream: object, where: str) -> None:
        for operands, operator in ContentStream(stream, reader).operations:
            if operator in (b"rg", b"RG"):
                found.append(f"{where}: {operator.decode()} operator")
            elif operator == b"INLINE IMAGE" and str(operands["settings"].get("/CS")) in (
                    "/RGB", "/DeviceRGB", "/CalRGB"):
                found.append(f"{where}: RGB inline image")

    for number, page in enumerate(reader.pages, start=1):
        contents = page.get("/Contents")
        if contents is not None:
            scan_content(contents.get_object(), f"page {number}")
    seen: set[tuple[int, int]] = set()
    pending: list[object] = [reader.trailer]
    while pending:
        item = pending.pop()
        if isinstance(item, IndirectObject):
            if (item.idnum, item.generation) in seen:
                continue
            seen.add((item.idnum, item.generation))
            where = f"object {item.idnum}"
            item = item.get_object()
        else:
            where = "direct object"
        if isinstance(item, NameObject) and item in ("/DeviceRGB", "/CalRGB"):
            found.append(f"{where}: {item}")
        elif isinstance(item, DictionaryObject):
            if isinstance(item, StreamObject):
                if item.get("/N") == 3:
                    found.append(f"{where}: ICC profile with 3 components")
                if item.get("/Subtype") == "/Form" or item.get("/PatternType") == 1:
                    scan_content(item, where)
            for key, value in item.items():
                if key not in ("/Parent", "/P"):
                    pending.append(value)
        elif isinstance(item, ArrayObject):
            pending.extend(item)
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_pod_files_hold_no_rgb(build_dir: Path, language: str) -> None:
    pod = build_dir / language / "pod"
    files = sorted(pod.glob("*.pdf"))
    assert len(files) >= 2 * len(BOOKLETS) + 1
    found = {pdf.name: uses for pdf in files if (uses := rgb_uses(pdf))}
    assert not found, found


def _pdfx_faults(pdf: Path, condition: str) -> list[str]:
    reader = PdfReader(pdf)
    info = reader.trailer["/Info"].get_object()
    faults = []
    if not str(info.get("/GTS_PDFXVersion", "")).startswith("PDF/X-1"):
        faults.append(f"GTS_PDFXVersion {info.get('/GTS_PDFXVersion')!r}")
    if info.get("/GTS_PDFXConformance") != "PDF/X-1a:2003":
        faults.append(f"GTS_PDFXConformance {info.get('/GTS_PDFXConformance')!r}")
    if info.get("/Trapped") not in ("/True", "/False"):
        faults.append(f"Trapped {info.get('/Trapped')!r}")
    intents = [intent.get_object() for intent in reader.trailer["/Root"].get("/OutputIntents", [])]
    if not any(intent.get("/S") == "/GTS_PDFX" and intent.get("/OutputConditionIdentifier") == condition
               for intent in intents):
        faults.append(f"no GTS_PDFX output intent for {condition!r}: {intents!r}")
    return faults


@pytest.mark.parametrize("language", LANGUAGES)
def test_print_files_are_pdfx(build_dir: Path, language: str) -> None:
    settings = yaml.safe_load((PROJECT / "content" / "outputs.yaml").read_text(encoding="utf-8"))
    condition = settings["print"]["output_condition"]["identifier"]
    files = sorted((build_dir / language / "pod").glob("*.pdf")) + sorted(
        (build_dir / language / "press").glob("*.pdf"))
    faults = {pdf.name: problems for pdf in files if (problems := _pdfx_faults(pdf, condition))}
    assert not faults, faults


@pytest.mark.parametrize("language", LANGUAGES)
def test_pod_boxes(build_dir: Path, language: str) -> None:
    """Pod interiors are cut to the bleed (no room for marks); DriveThruCards decks are poker cards with bleed."""
    pod = build_dir / language / "pod"
    bleed = 0.125 * 72
    for booklet in BOOKLETS:
        for number, boxes in enumerate(page_boxes(pod / f"{booklet}.pdf"), start=1):
            assert boxes["MediaBox"] == boxes["BleedBox"], f"{booklet} page {number}: {boxes}"
            trim, media = boxes["TrimBox"], boxes["MediaBox"]
            assert all(near(abs(edge), bleed) for edge in (trim[0] - media[0], trim[1] - media[1],
                                                           media[2] - trim[2], media[3] - trim[3])), boxes
    decks = sorted(pod.glob("cards-*.pdf"))
    assert decks
    for deck in decks:
        for number, boxes in enumerate(page_boxes(deck), start=1):
            assert all(near(a, b) for a, b in zip(size(boxes["MediaBox"]), (198, 270))), f"{deck.name} {number}"
            assert all(near(a, b) for a, b in zip(size(boxes["TrimBox"]), (180, 252))), f"{deck.name} {number}"
            assert boxes["MediaBox"] == boxes["BleedBox"], f"{deck.name} page {number}"


def test_press_pages_carry_marks_in_the_slug_only(build_dir: Path, tmp_path: Path) -> None:
    """A press page: MediaBox beyond the BleedBox on every side, crop marks in line with the trim, nothing else."""
    press = build_dir / "en" / "press" / "core-rules.pdf"
    every_page = page_boxes(press)
    assert every_page
    for number, boxes in enumerate(every_page, start=1):
        media, bleed = boxes["MediaBox"], boxes["BleedBox"]
        assert media[0] < bleed[0] and media[1] < bleed[1] and media[2] > bleed[2] and media[3] > bleed[3], number
    page = len(every_page) // 2
    boxes = every_page[page - 1]
    media, bleed, trim = boxes["MediaBox"], boxes["BleedBox"], boxes["TrimBox"]
    resolution = 50
    raster = render_gray(press, page, tmp_path, resolution)
    scale = resolution / 72

    def column(x: float) -> float:
        return (x - media[0]) * scale

    def row(y: float) -> float:
        return (media[3] - y) * scale

    trim_columns, trim_rows = (column(trim[0]), column(trim[2])), (row(trim[3]), row(trim[1]))
    bleed_columns, bleed_rows = (column(bleed[0]), column(bleed[2])), (row(bleed[3]), row(bleed[1]))
    marks = {"left": 0, "right": 0, "top": 0, "bottom": 0}
    stray = []
    for y in range(raster.height):
        for x in range(raster.width):
            inside = bleed_columns[0] - 1 <= x <= bleed_columns[1] + 1 and bleed_rows[0] - 1 <= y <= bleed_rows[1] + 1
            if inside or raster.pixel(x, y)[0] > 128:
                continue
            if abs(x - trim_columns[0]) <= 2:
                marks["left"] += 1
            elif abs(x - trim_columns[1]) <= 2:
                marks["right"] += 1
            elif abs(y - trim_rows[0]) <= 2:
                marks["top"] += 1
            elif abs(y - trim_rows[1]) <= 2:
                marks["bottom"] += 1
            else:
                stray.append((x, y))
    assert all(count >= 4 for count in marks.values()), f"crop marks missing: {marks}"
    assert not stray, f"{len(stray)} dark slug pixels off the trim lines, e.g. {stray[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_pod_cover_spread(build_dir: Path, language: str,
                          press_texts: dict[tuple[str, str], list[list[str]]]) -> None:
    """One page, trimmed to two A5 pages side by side: the back cover left, the front cover right."""
    for booklet in BOOKLETS:
        cover = build_dir / language / "pod" / f"{booklet}-cover.pdf"
        (boxes,) = page_boxes(cover)
        trim, media = boxes["TrimBox"], boxes["MediaBox"]
        assert near(size(trim)[0], 296 * MM) and near(size(trim)[1], 210 * MM), f"{cover.name}: {trim}"
        half = size(trim)[0] / 2
        left = (trim[0], trim[1], trim[0] + half, trim[3])
        right = (trim[0] + half, trim[1], trim[2], trim[3])
        pages = press_texts[language, booklet]
        assert page_text(cover, 1, crop_of(left, media)) == pages[-1], f"{cover.name}: left half"
        assert page_text(cover, 1, crop_of(right, media)) == pages[0], f"{cover.name}: right half"


# --- issue 13: screen and home ---------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_screen_files_open_as_documents(build_dir: Path, language: str) -> None:
    """A5 pages, the outline open, the title in the window, tagged, in the reader's language."""
    screen = build_dir / language / "screen"
    for pdf in [screen / f"{booklet}.pdf" for booklet in BOOKLETS] + [screen / "quick-reference.pdf"]:
        reader = PdfReader(pdf)
        root = reader.trailer["/Root"]
        assert root.get("/PageMode") == "/UseOutlines", pdf.name
        assert root.get("/ViewerPreferences", {}).get("/DisplayDocTitle") == BooleanObject(True), pdf.name
        assert "/StructTreeRoot" in root, pdf.name
        assert root.get("/Lang") == LANGUAGES[language], pdf.name
        assert reader.metadata and reader.metadata.title and "Sacred Wire" in reader.metadata.title, pdf.name
        if pdf.stem in BOOKLETS:
            pages = page_boxes(pdf)
            assert pages, pdf.name
            for number, boxes in enumerate(pages, start=1):
                assert near(size(boxes["MediaBox"])[0], 148 * MM) and near(size(boxes["MediaBox"])[1], 210 * MM), (
                    f"{pdf.name} page {number}: {boxes['MediaBox']}")


@dataclass(frozen=True)
class Link:
    """A link annotation: its page (1-based), rectangle, and where it goes."""

    page: int
    rect: Box
    file: str | None
    destination: object


def links(pdf: Path) -> list[Link]:
    """Every link annotation of a file, as pypdf reads its dictionaries."""
    found = []
    for number, page in enumerate(PdfReader(pdf).pages, start=1):
        for annotation in page.get("/Annots", []) or []:
            annotation = annotation.get_object()
            if annotation.get("/Subtype") != "/Link":
                continue
            x0, y0, x1, y1 = (float(value) for value in annotation["/Rect"])
            rect = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
            action = annotation.get("/A")
            if action is None:
                found.append(Link(number, rect, None, annotation.get("/Dest")))
                continue
            action = action.get_object()
            if action.get("/S") == "/GoToR":
                target = action["/F"]
                target = target.get_object()
                if isinstance(target, DictionaryObject):
                    target = target.get("/UF", target.get("/F"))
                found.append(Link(number, rect, str(target), action.get("/D")))
            elif action.get("/S") == "/GoTo":
                found.append(Link(number, rect, None, action.get("/D")))
    return found


def destination_page(reader: PdfReader, destination: object) -> int | None:
    """The page (1-based) a named destination of the file or an explicit destination lands on, if any."""
    destination = destination.get_object() if isinstance(destination, IndirectObject) else destination
    if not isinstance(destination, ArrayObject):
        named = reader.named_destinations.get(str(destination))
        if named is None:
            return None
        return reader.get_destination_page_number(named) + 1
    page = destination[0]
    for number, candidate in enumerate(reader.pages, start=1):
        if isinstance(page, IndirectObject) and candidate.indirect_reference == page:
            return number
    return None


def resolves(reader: PdfReader, destination: object) -> bool:
    return destination_page(reader, destination) is not None


@pytest.mark.parametrize("language", LANGUAGES)
def test_screen_links_resolve(build_dir: Path, language: str) -> None:
    """Internal links land in the file; links to another volume name a destination it defines."""
    screen = build_dir / language / "screen"
    core = screen / "core-rules.pdf"
    found = links(core)
    internal = [link for link in found if link.file is None]
    remote = [link for link in found if link.file is not None]
    assert internal and remote, f"{core.name}: {len(internal)} internal, {len(remote)} cross-volume links"
    reader = PdfReader(core)
    dangling = [link for link in internal if not resolves(reader, link.destination)]
    assert not dangling, dangling[:5]
    readers: dict[str, PdfReader] = {}
    for link in remote:
        target = screen / link.file
        assert target.parent == screen and target.is_file(), f"page {link.page} links to missing {link.file}"
        readers.setdefault(link.file, PdfReader(target))
        assert resolves(readers[link.file], link.destination), (
            f"page {link.page}: {link.file} has no destination {link.destination!r}")


RULE_ID = re.compile(r"\b[A-Z]\d+(?:\.\d+)*\b")


@pytest.mark.parametrize("language", LANGUAGES)
def test_quick_reference_rule_ids_link_to_the_booklets(build_dir: Path, language: str) -> None:
    """Every rule ID printed in the quick reference opens its booklet on the page of that rule."""
    screen = build_dir / language / "screen"
    quick = screen / "quick-reference.pdf"
    media = page_boxes(quick)[0]["MediaBox"]
    readers: dict[str, PdfReader] = {}
    # A citation broken over lines, or holding inline boxes, is one link with several rectangles.
    covered: dict[tuple[int, str | None, str], list[str]] = {}
    quick_links = links(quick)
    assert quick_links
    for link in quick_links:
        assert link.file in {f"{booklet}.pdf" for booklet in BOOKLETS}, link
        covered.setdefault((link.page, link.file, str(link.destination)), []).extend(
            page_text(quick, link.page, crop_of(link.rect, media)))
    ids = []
    for (page, file, destination), text in covered.items():
        target = readers.setdefault(file, PdfReader(screen / file))
        landing = destination_page(target, destination)
        assert landing, f"page {page}: {file} has no destination {destination}"
        label = RULE_ID.search(" ".join(text))
        assert label, f"page {page}: the link to {file} {destination} covers no rule ID: {text}"
        assert label.group() in page_text(screen / file, landing), (
            f"page {page}: {file} page {landing} does not show {label.group()}")
        ids.append(label.group())
    assert len(ids) >= 20, ids
    text = " ".join(" ".join(page_text(quick, number)) for number in range(1, page_count(quick) + 1))
    printed = {word for word in re.findall(r"\b[A-Z]\d+\.\d+\b", text)}
    assert printed <= set(ids), f"rule IDs without a link: {sorted(printed - set(ids))}"


def halves(pdf: Path, page: int, boxes: dict[str, Box]) -> tuple[list[str], list[str]]:
    """The words on the left and right half of a landscape sheet."""
    media = boxes["MediaBox"]
    width, height = size(media)
    left = page_text(pdf, page, (0, 0, width / 2, height))
    right = page_text(pdf, page, (width / 2, 0, width / 2, height))
    return left, right


def folded_reading_order(sides: list[tuple[object, object]]) -> list[object]:
    """The pages, in reading order, of sheets printed with these (left, right) halves and folded.

    ``sides`` alternate: a sheet's front, then its back. Printed duplex and
    flipped on the short edge, a landscape sheet's back is turned over a
    vertical axis, so the back's left half lies behind the front's right half.
    The sheets are stacked in printing order, the first outermost, and folded
    in the middle with the first front outside: its right half is the cover.
    Reading then runs through the right-hand leaves from the outside in (each
    leaf: the front's right half, then the back's left half behind it), then
    through the left-hand leaves from the inside out (the back's right half,
    then the front's left half behind it).
    """
    sheets = [(sides[index], sides[index + 1]) for index in range(0, len(sides), 2)]
    order: list[object] = []
    for front, back in sheets:
        order += [front[1], back[0]]
    for front, back in reversed(sheets):
        order += [back[1], front[0]]
    return order


@pytest.mark.parametrize("language", LANGUAGES)
def test_home_booklets_are_sheets_to_fold(build_dir: Path, language: str,
                                          press_texts: dict[tuple[str, str], list[list[str]]]) -> None:
    """A4 landscape sides, two booklet pages each; the first sheet carries (n, 1) and (2, n-1)."""
    for booklet in BOOKLETS:
        home = build_dir / language / "home" / f"{booklet}.pdf"
        pages = press_texts[language, booklet]
        boxes = page_boxes(home)
        assert len(boxes) == len(pages) // 2, f"{home.name}: {len(boxes)} sides for {len(pages)} pages"
        for number, page_boxes_ in enumerate(boxes, start=1):
            media = page_boxes_["MediaBox"]
            assert near(size(media)[0], 297 * MM) and near(size(media)[1], 210 * MM), f"{home.name} {number}"
        n = len(pages)
        assert halves(home, 1, boxes[0]) == (pages[n - 1], pages[0]), f"{home.name}: side 1"
        assert halves(home, 2, boxes[1]) == (pages[1], pages[n - 2]), f"{home.name}: side 2"


@pytest.mark.parametrize("language", LANGUAGES)
def test_home_core_rules_read_in_order_when_folded(build_dir: Path, language: str,
                                                   press_texts: dict[tuple[str, str], list[list[str]]]) -> None:
    """Fold the printed sheets of the core rules as a reader would: pages 1 ... n in order."""
    home = build_dir / language / "home" / "core-rules.pdf"
    pages = press_texts[language, "core-rules"]
    assert len(pages) in (24, 28), len(pages)
    sides = [halves(home, number, boxes) for number, boxes in enumerate(page_boxes(home), start=1)]
    order = folded_reading_order(sides)
    assert len(order) == len(pages)
    for number, (text, expected) in enumerate(zip(order, pages), start=1):
        assert text == expected, f"page {number} of the folded booklet is not press page {number}"
    # Pages carry text of their own (only closing sheets repeat: notes, a roster for each squad), so no
    # page of rules could have made a match in the wrong place.
    repeated = [page for page in pages if pages.count(page) > 1]
    assert all(not any(re.fullmatch(r"[CAIKM]\d+(\.\d+)?", word) for word in page) for page in repeated), \
        [page[:6] for page in repeated]


def test_home_card_backs_lie_behind_their_fronts(build_dir: Path) -> None:
    """On the card sheets, the back of each slot's card prints in the mirrored slot of the next side."""
    home = build_dir / "en" / "home" / "cards.pdf"
    single = build_dir / "en" / "press" / "cards-single.pdf"
    card_boxes = page_boxes(single)
    card_width, card_height = size(card_boxes[0]["TrimBox"])
    sheet_width, sheet_height = size(page_boxes(home)[0]["MediaBox"])
    # Built without --gutter: the 3 x 3 grid of cards touches, centred on the sheet.
    left, top = (sheet_width - 3 * card_width) / 2, (sheet_height - 3 * card_height) / 2

    def slot_text(side: int, row: int, column: int) -> list[str]:
        return page_text(home, side, (left + column * card_width, top + row * card_height, card_width, card_height))

    checked = 0
    for sheet in (0, 1):
        for row in range(3):
            for column in range(3):
                card = 9 * sheet + 3 * row + column
                front = trimmed_text(single, 2 * card + 1, card_boxes[2 * card])
                back = trimmed_text(single, 2 * card + 2, card_boxes[2 * card + 1])
                assert front and front != back, f"card {card + 1}"
                assert slot_text(2 * sheet + 1, row, column) == front, f"sheet {sheet + 1}, front slot {row},{column}"
                assert slot_text(2 * sheet + 2, row, 2 - column) == back, f"sheet {sheet + 1}, back of {row},{column}"
                checked += 1
    assert checked == 18
