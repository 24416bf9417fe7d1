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
from pypdf.generic import ArrayObject, ContentStream, DictionaryObject, IndirectObject, NameObject, StreamObject

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
    return [read_tiff(out / f"page-{index:03d}.tif") for index in range(1, last - first + 2)]


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
                      if not any(box[0] < l[2] and l[0] < box[2] and box[1] < l[3] and l[1] < box[3] for l in links)]
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
    for number, boxes in enumerate(page_boxes(press), start=1):
        media, bleed = boxes["MediaBox"], boxes["BleedBox"]
        assert media[0] < bleed[0] and media[1] < bleed[1] and media[2] > bleed[2] and media[3] > bleed[3], number
    page = 12
    boxes = page_boxes(press)[page - 1]
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
