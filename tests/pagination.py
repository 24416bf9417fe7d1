"""Page-by-page measures of a built booklet PDF, as a layout artist checks proofs.

Each page is read twice: as text with its fonts and positions (poppler's
``pdftohtml -xml``) and as pixels (``pdftoppm``), so a measure sees what a
reader sees: a table's rows, a board, a rule or a tint count as used space.

Run as a script to print the counts of every built booklet under a folder:
``python tests/pagination.py BUILD_DIR [EDITION]``.
"""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from PIL import Image
from pypdf import PdfReader

MM = 72 / 25.4
# The booklet's text area (templates/booklet/booklet.css, @page): top and
# bottom margins are the same on both sides of the spread.
TOP, BOTTOM = 17 * MM, 16 * MM
# A page more empty than this is a hole, unless it ends a chapter.
MAX_EMPTY = 0.35
# An example box shorter than this part of the text area is never split.
SPLIT_LIMIT = 0.5
# Pixels per inch of the page images the measures read.
DPI = 50
# Lines a heading must carry with it at a page foot.
LINES_AFTER_HEADING = 2
# A justified line is loose when its word spaces stretch beyond this many
# times the font's natural space. A reader sees rivers from about twice the
# normal space on (a typesetter's own limit is near 1.5 to 2); below it the
# stretch reads as even colour.
LOOSE_SPACE = 2.0
# Prose faces only (body, examples, quotes: 8.5 to 9.5 pt, a line 11 to 13 pt
# tall as poppler boxes it): tables and captions are set flush left, headings too.
PROSE_LINE_HEIGHTS = (10.8, 13.2)
# A line inside a paragraph that stops this far short of the column (part of
# the column's width) was broken by force, not by the justification.
SHORT_LINE = 0.25


@dataclass(frozen=True)
class Line:
    """One printed line of the text area: its text, its top and bottom, and how it is set."""

    text: str
    top: float
    bottom: float
    heading: bool  # every run of it in the bold sans face
    on_dark: bool  # white text: a table's header row


@dataclass
class Page:
    number: int  # 1-based
    left: float  # where the trimmed page starts on the sheet, and its height
    top: float
    height: float
    lines: list[Line]
    running_head: bool
    text: str
    ink_top: float | None = None  # points from the page top of the highest and lowest ink in the text area
    ink_bottom: float | None = None
    example_runs: list[tuple[float, float]] = field(default_factory=list)

    @property
    def area(self) -> float:
        return self.height - TOP - BOTTOM

    @property
    def emptiness(self) -> float:
        """The part of the text area below its last ink (1.0 when nothing is printed there)."""
        if self.ink_bottom is None:
            return 1.0
        return max(0.0, (self.height - BOTTOM - self.ink_bottom) / self.area)

    @property
    def blank(self) -> bool:
        return self.ink_bottom is None and not self.text.strip()


@dataclass(frozen=True)
class Finding:
    kind: str
    page: int
    detail: str

    def __str__(self) -> str:
        return f"p{self.page} {self.kind}: {self.detail}"


KINDS = ("empty", "blank", "stranded", "split-example", "page-end-hyphen", "straight-quote", "loose-line",
         "forced-break")


def _fonts(root: ET.Element) -> dict[str, tuple[float, str, str]]:
    return {spec.get("id", ""): (float(spec.get("size", "0")), spec.get("family", ""), spec.get("color", ""))
            for spec in root.iter("fontspec")}


def _bold_sans(family: str, bold: bool) -> bool:
    # The sans face sets headings, captions and example titles in bold (poppler
    # marks those runs <b>, or names the weight); the display face sets
    # chapter titles.
    return "Display" in family or ("Sans" in family and (bold or "Semi" in family or "Ultra" in family))


@cache
def read_pages(path: Path) -> tuple[Page, ...]:
    """Every page of the PDF at ``path``, measured."""
    xml = subprocess.run(["pdftohtml", "-xml", "-i", "-stdout", "-q", "-zoom", "1", str(path)],
                         capture_output=True, check=True).stdout
    root = ET.fromstring(xml)
    # Positions are measured from the trimmed page's top left corner: an
    # edition with bleed or marks draws the same page inside a larger sheet.
    trims = [(float(page.trimbox.left) - float(page.mediabox.left), float(page.mediabox.top) - float(page.trimbox.top),
              float(page.trimbox.height)) for page in PdfReader(path).pages]
    fonts: dict[str, tuple[float, str, str]] = {}
    pages: list[Page] = []
    for element in root.iter("page"):
        fonts.update(_fonts(element))
        dx, dy, height = trims[int(element.get("number", "1")) - 1]
        runs = []
        for text in element.iter("text"):
            content = "".join(text.itertext())
            if not content.strip():
                continue
            top = float(text.get("top", "0")) - dy
            font = fonts.get(text.get("font", ""), (0.0, "", ""))
            runs.append((top, top + float(text.get("height", "0")), float(text.get("left", "0")) - dx, content,
                         font, _bold_sans(font[1], text.find(".//b") is not None)))
        body = [run for run in runs if TOP - 2 <= run[0] and run[1] <= height - BOTTOM + 2]
        head = [run for run in runs if 0 <= run[0] and run[1] < TOP]
        lines: list[Line] = []
        for run in sorted(body, key=lambda run: (run[0], run[2])):
            if lines and abs(run[0] - lines[-1].top) < 1.5:
                last = lines[-1]
                lines[-1] = Line(last.text + " " + run[3], last.top, max(last.bottom, run[1]),
                                 last.heading and run[5], last.on_dark and run[4][2].lower() == "#ffffff")
            else:
                lines.append(Line(run[3], run[0], run[1], run[5], run[4][2].lower() == "#ffffff"))
        pages.append(Page(int(element.get("number", "0")), dx, dy, height, lines,
                          bool(head), " ".join(run[3] for run in runs)))
    _measure_ink(path, pages)
    return tuple(pages)


def _accent(pixel: tuple[int, int, int]) -> bool:
    red, green, blue = pixel
    return red > 140 and red - green > 70 and red - blue > 90


def _measure_ink(path: Path, pages: list[Page]) -> None:
    """Fill each page's ink extent and example-box runs from its image."""
    with _images(path) as images:
        for page, image in zip(pages, images, strict=True):
            scale = DPI / 72
            pixels = image.load()
            top, bottom = int((page.top + TOP) * scale), int((page.top + page.height - BOTTOM) * scale)
            # The trimmed page only (an edition's bleed and marks are symmetric around it).
            columns = range(int(page.left * scale) + 1, image.width - int(page.left * scale) - 1)
            inked = [y for y in range(top, bottom) if any(
                sum(pixels[x, y]) < 3 * 235 for x in columns)]
            if inked:
                page.ink_top, page.ink_bottom = inked[0] / scale - page.top, (inked[-1] + 1) / scale - page.top
            # An example box is marked by its accent bar down its left edge:
            # a column of accent pixels near the text area's left margin.
            band = range(int((page.left + 10 * MM) * scale), int((page.left + 22 * MM) * scale))
            rows = [y for y in range(top, bottom) if any(_accent(pixels[x, y]) for x in band)]
            runs: list[list[int]] = []
            for y in rows:
                if runs and y - runs[-1][1] <= 1:
                    runs[-1][1] = y
                else:
                    runs.append([y, y])
            page.example_runs = [(a / scale - page.top, (b + 1) / scale - page.top) for a, b in runs
                                 if (b - a) / scale > 6 * MM]


class _images:
    """The pages of a PDF as RGB images, in a temporary folder removed afterwards."""

    def __init__(self, path: Path):
        self.path = path

    def __enter__(self) -> list[Image.Image]:
        import tempfile
        self._folder = tempfile.TemporaryDirectory()
        subprocess.run(["pdftoppm", "-r", str(DPI), "-png", str(self.path), f"{self._folder.name}/p"], check=True)
        files = sorted(Path(self._folder.name).glob("p-*.png"), key=lambda f: int(f.stem.split("-")[-1]))
        return [Image.open(file).convert("RGB") for file in files]

    def __exit__(self, *_: object) -> None:
        self._folder.cleanup()


def chapter_starts(path: Path) -> set[int]:
    """The pages (1-based) the outline's top-level entries open on: the contents and each chapter."""
    reader = PdfReader(path)
    starts = set()
    for item in reader.outline:
        if not isinstance(item, list):
            starts.add(reader.get_destination_page_number(item) + 1)
    return starts


def findings(path: Path) -> list[Finding]:
    """Every pagination and character defect of a booklet PDF."""
    pages = read_pages(path)
    starts = chapter_starts(path)
    found: list[Finding] = []
    for index, page in enumerate(pages):
        following = pages[index + 1] if index + 1 < len(pages) else None
        # A chapter ends on the last page with running heads before the next
        # chapter opens (a sheet without running heads may come between).
        next_ruled = next((later for later in pages[index + 1:] if later.running_head), None)
        chapter_end = next_ruled is None or next_ruled.number in starts
        # Holes: a page of rules more than MAX_EMPTY empty, unless a chapter ends on it.
        if page.running_head and not chapter_end and page.emptiness > MAX_EMPTY:
            found.append(Finding("empty", page.number, f"{page.emptiness:.0%} of the text area unused"))
        # Blank pages inside the book (the covers are printed all over).
        if page.blank:
            found.append(Finding("blank", page.number, "nothing printed on it"))
        if not page.running_head or not page.lines:
            continue
        lines = page.lines
        # Stranded headings and lead-ins: the last heading on the page carries
        # fewer than LINES_AFTER_HEADING lines (or one row under a table header).
        last_heading = max((i for i, line in enumerate(lines) if line.heading and not line.on_dark), default=None)
        if last_heading is not None and not chapter_end:
            after = [line for line in lines[last_heading + 1:] if not line.on_dark]
            # A form under its heading (a record box's rows) is ink without text.
            room = (page.ink_bottom or 0) - lines[last_heading].bottom
            # One line ending a sentence is a whole paragraph, not a stranded
            # start, unless it opens a table the page turn left overleaf.
            top = following.lines[:2] if following is not None else []
            table_overleaf = bool(top) and (top[0].on_dark or (len(top) == 2 and top[0].heading and top[1].on_dark))
            whole = (len(after) == 1 and re.search(r"[.!?)]$", after[0].text.rstrip()) is not None
                     and not table_overleaf)
            if len(after) < LINES_AFTER_HEADING and not whole and room < LINES_AFTER_HEADING * 4.5 * MM:
                found.append(Finding("stranded", page.number, lines[last_heading].text.strip()[:60]))
        last = lines[-1].text.rstrip()
        if last.endswith(":") and not lines[-1].heading:
            found.append(Finding("stranded", page.number, f"lead-in '{last[-50:]}'"))
        # A word hyphenated over the page turn.
        if re.search(r"[^\W\d_][-\u2010\u00ad]$", last):
            found.append(Finding("page-end-hyphen", page.number, last[-40:]))
        # An example box split over the turn when it is short.
        if following is not None and page.example_runs and following.example_runs:
            end = page.example_runs[-1]
            start = following.example_runs[0]
            if end[1] >= page.height - BOTTOM - 4 * MM and start[0] <= TOP + 4 * MM:
                length = (end[1] - end[0]) + (start[1] - start[0])
                if length < SPLIT_LIMIT * page.area:
                    found.append(Finding("split-example", page.number,
                                         f"{length / MM:.0f} mm box split over p{page.number}/p{following.number}"))
    found += spacing_findings(path)
    for page in pages:
        count = page.text.count("'") + page.text.count('"')
        if count:
            snippet = re.search(r".{0,20}['\"].{0,20}", page.text)
            found.append(Finding("straight-quote", page.number,
                                 f"{count} straight quote(s): {snippet.group() if snippet else ''}"))
    return found


@dataclass(frozen=True)
class TextLine:
    """A printed line as poppler boxes its words: the words' left and right edges, and its paragraph's."""

    page: int
    text: str
    words: tuple[tuple[float, float], ...]
    height: float
    top: float
    block_left: float
    block_right: float
    last_in_block: bool
    block_lines: int
    column_right: float = 0.0  # the right edge of the page's text column: its prose lines' furthest


    @property
    def gaps(self) -> list[float]:
        return [b[0] - a[1] for a, b in zip(self.words, self.words[1:])]

    @property
    def full(self) -> bool:
        """Set to the full measure: its last word ends at its paragraph's right edge (a paragraph
        of one line, at the column's)."""
        right = self.block_right if self.block_lines > 1 else self.column_right
        return self.words[-1][1] >= right - 0.6

    @property
    def height_class(self) -> float:
        return round(self.height * 2) / 2

    @property
    def text_left(self) -> float:
        """Where its words start: after a list item's bullet or number, which hangs to the left."""
        marker = re.fullmatch(r"[\u2022\u2013\u2014-]|\d+[.)]", self.text.split()[0]) is not None
        return self.words[1][0] if marker and len(self.words) > 1 else self.words[0][0]


@cache
def text_lines(path: Path) -> tuple[TextLine, ...]:
    """Every line of prose in the text area of the pages with running heads, with its words' positions."""
    xhtml = subprocess.run(["pdftotext", "-bbox-layout", str(path), "-"], capture_output=True, check=True).stdout
    namespace = "{http://www.w3.org/1999/xhtml}"
    root = ET.fromstring(xhtml)
    pages = read_pages(path)
    found: list[TextLine] = []
    for number, page_element in enumerate(root.iter(f"{namespace}page"), 1):
        page = pages[number - 1]
        if not page.running_head:
            continue
        on_page: list[TextLine] = []
        for block in page_element.iter(f"{namespace}block"):
            # poppler may split a printed line in two where its colour changes (a reference):
            # the parts, at the same height in the same block, are one line again.
            rows: list[tuple[float, float, list[ET.Element]]] = []
            for part in block.iter(f"{namespace}line"):
                part_top, part_bottom = float(part.get("yMin", "0")), float(part.get("yMax", "0"))
                same = next((row for row in rows if abs(row[0] - part_top) < 1), None)
                if same is None:
                    rows.append((part_top, part_bottom, list(part.iter(f"{namespace}word"))))
                else:
                    same[2].extend(part.iter(f"{namespace}word"))
            rows.sort(key=lambda row: row[0])
            lines = rows
            for index, (line_top, line_bottom, line_words) in enumerate(lines):
                words = sorted((word for word in line_words if (word.text or "").strip()),
                               key=lambda word: float(word.get("xMin", "0")))
                top, bottom = line_top - page.top, line_bottom - page.top
                height = bottom - top
                if (not words or not PROSE_LINE_HEIGHTS[0] <= height <= PROSE_LINE_HEIGHTS[1]
                        or top < TOP - 2 or bottom > page.height - BOTTOM + 2):
                    continue
                on_page.append(TextLine(
                    number, " ".join(word.text or "" for word in words),
                    tuple((float(word.get("xMin", "0")), float(word.get("xMax", "0"))) for word in words),
                    height, top, float(block.get("xMin", "0")), float(block.get("xMax", "0")),
                    index == len(lines) - 1, len(lines)))
        on_page = _joined(on_page)
        column_right = max((line.words[-1][1] for line in on_page), default=0.0)
        found += [dataclasses.replace(line, column_right=column_right) for line in on_page]
    return tuple(found)


# Wider than any space a justified line stretches to, narrower than a column gap.
_JOIN_GAP = 30.0


def _joined(lines: list[TextLine]) -> list[TextLine]:
    """The page's lines with a printed line's parts joined: poppler cuts a line stretched wide
    into blocks of a few words each, at the same height side by side."""
    joined: list[TextLine] = []
    for line in sorted(lines, key=lambda line: (round(line.top), line.words[0][0])):
        last = joined[-1] if joined else None
        if (last is not None and abs(last.top - line.top) < 1 and last.height_class == line.height_class
                and 0 < line.words[0][0] - last.words[-1][1] < _JOIN_GAP):
            joined[-1] = dataclasses.replace(
                last, text=f"{last.text} {line.text}", words=last.words + line.words,
                block_left=min(last.block_left, line.block_left), block_right=max(last.block_right, line.block_right),
                block_lines=max(last.block_lines, line.block_lines))
        else:
            joined.append(line)
    return sorted(joined, key=lambda line: (line.top, line.words[0][0]))


def natural_spaces(lines: tuple[TextLine, ...]) -> dict[float, float]:
    """The natural word space of each prose size: the median space of the lines set unjustified
    (a paragraph's last line, which ends short), per line height."""
    spaces: dict[float, list[float]] = {}
    for line in lines:
        if not line.full and len(line.words) >= 3:
            spaces.setdefault(line.height_class, []).extend(gap for gap in line.gaps if gap > 0)
    return {size: sorted(gaps)[len(gaps) // 2] for size, gaps in spaces.items() if len(gaps) >= 20}


def spacing_findings(path: Path) -> list[Finding]:
    """Loose justified lines and lines broken short inside a paragraph."""
    lines = text_lines(path)
    natural = natural_spaces(lines)
    found: list[Finding] = []
    for index, line in enumerate(lines):
        space = natural.get(line.height_class)
        if space is None or len(line.words) < 2:
            continue
        following = lines[index + 1] if index + 1 < len(lines) else None
        if line.full and not line.last_in_block:
            stretch = sum(line.gaps) / len(line.gaps) / space
            if stretch > LOOSE_SPACE:
                found.append(Finding("loose-line", line.page, f"spaces at {stretch:.1f}x: {line.text[:50]}"))
        # Short inside its paragraph: the next line carries on at the same left edge, in the same
        # block, and this one neither ends a sentence nor comes near the column's right edge.
        width = line.column_right - line.block_left
        short = line.words[-1][1] < line.column_right - SHORT_LINE * width
        if (short and not line.last_in_block and following is not None and following.page == line.page
                and abs(following.words[0][0] - line.text_left) < 1 and following.top - line.top < line.height * 1.2
                and not re.search(r"[.!?;)\]]$", line.text)):
            found.append(Finding("forced-break", line.page, f"{line.text[:40]!r} ends short, then "
                                                            f"{following.text[:30]!r}"))
    return found


def counts(paths: list[Path]) -> Counter:
    """The number of findings of each kind over ``paths``."""
    total: Counter = Counter({kind: 0 for kind in KINDS})
    for path in paths:
        total.update(finding.kind for finding in findings(path))
    return total


if __name__ == "__main__":
    build = Path(sys.argv[1])
    edition = sys.argv[2] if len(sys.argv) > 2 else "screen"
    for lang in ("en", "es"):
        files = sorted((build / lang / edition).glob("*.pdf"))
        files = [f for f in files if f.stem in ("core-rules", "requisitions", "inhuman-resources", "campaign",
                                                 "missions")]
        for file in files:
            for finding in findings(file):
                print(f"{lang}/{file.stem} {finding}")
        print(lang, dict(counts(files)))
