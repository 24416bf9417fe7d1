"""Designer-supplied art: every image in ``content/art/`` is recorded and sharp enough to print.

``content/art/art.yaml`` lists each image file with its source, author,
licence and the width it prints at (``width: 60mm``). An image without an
entry, or an entry without one of them, is a finding: the book is shared
under a licence, and it may only carry art whose licence is known. The
effective resolution is the image's pixels over its printed width: under
300 ppi the print editions show it soft (a warning), under 150 ppi
pixelated (an error).

An image is placed in a section by a line ``{art: file.png | caption}``. A
placement of a file the register does not record (or that is not in
``content/art/``) is a finding too: the booklet could neither credit it nor
know the width to print it at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from ..diagnostics import Diagnostic, Location, Severity
from ..load import CONTENT_DIR
from ..load.art import ART_DIR, REGISTER, read_register
from ..model import Rulebook
from ..render import PANEL_WIDTH as COLUMN_WIDTH_MM
from . import check

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")
# Pixels per inch at the printed size: below GOOD the print is soft, below
# LEAST it is visibly pixelated.
GOOD_PPI = 300
LEAST_PPI = 150


def placements(rulebook: Rulebook) -> Iterator[tuple[str, Location]]:
    """Every ``{art: ...}`` line of every booklet in every language: the file it places and where."""
    for booklet in rulebook.booklets.values():
        for section in booklet.all_sections():
            for token in section.tokens:
                if token.type == "art_ref":
                    line = token.map[0] + 1 if token.map else section.location.line
                    yield token.content, Location(section.location.file, line)


def effective_ppi(pixels: int, width_mm: float) -> float:
    """Pixels per inch of an image ``pixels`` wide printed ``width_mm`` wide.

    >>> effective_ppi(600, 50.8)
    300.0
    """
    return pixels / (width_mm / 25.4)


@check("art")
def art_records_and_resolution(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """Every image in content/art/ has its source, author, licence and printed width, and enough pixels."""
    root = Path(rulebook.root)
    folder = root / CONTENT_DIR / ART_DIR
    entries, findings = read_register(root)
    yield from findings
    for name, location in placements(rulebook):
        if name not in entries:
            yield Diagnostic("ART006", Severity.ERROR, location, f"{{art: {name}}} places an image that "
                             f"{ART_DIR}/{REGISTER} does not record",
                             f"add {name} to {CONTENT_DIR}/{ART_DIR}/ and record its source, author, licence and "
                             f"width in {REGISTER}")
    if not folder.is_dir():
        return
    files = sorted(path for path in folder.iterdir() if path.suffix.lower() in IMAGE_SUFFIXES)
    for path in files:
        rel = path.relative_to(root).as_posix()
        entry = entries.get(path.name)
        if entry is None:
            yield Diagnostic("ART001", Severity.ERROR, Location(rel, 1),
                             f"{path.name} has no source, author or licence recorded",
                             f"add it to {CONTENT_DIR}/{ART_DIR}/{REGISTER} with file, source, author, licence "
                             f"and width")
            continue
        missing = entry.missing
        if missing:
            yield Diagnostic("ART001", Severity.ERROR, entry.location,
                             f"{path.name} has no {', '.join(missing)} recorded",
                             "the book may only carry art whose origin and licence are known")
        if entry.width_mm is None:
            yield Diagnostic("ART002", Severity.ERROR, entry.location,
                             f"{path.name} gives no printed width", "add `width: 60mm` (mm or in)")
            continue
        if entry.width_mm > COLUMN_WIDTH_MM:
            yield Diagnostic("ART007", Severity.ERROR, entry.location,
                             f"{path.name} prints {entry.width_mm:g} mm wide, wider than the text column "
                             f"({COLUMN_WIDTH_MM:g} mm)", "print it at most as wide as the column")
        try:
            with Image.open(path) as image:
                pixels = image.width
        except (UnidentifiedImageError, OSError):
            yield Diagnostic("ART000", Severity.ERROR, Location(rel, 1), f"{path.name} is not a readable image")
            continue
        ppi = effective_ppi(pixels, entry.width_mm)
        if ppi < LEAST_PPI:
            yield Diagnostic("ART003", Severity.ERROR, entry.location,
                             f"{path.name} prints at {ppi:.0f} ppi at {entry.width_mm:g} mm wide "
                             f"(at least {LEAST_PPI}, {GOOD_PPI} for a sharp print)",
                             "supply a larger image or print it smaller")
        elif ppi < GOOD_PPI:
            yield Diagnostic("ART004", Severity.WARNING, entry.location,
                             f"{path.name} prints at {ppi:.0f} ppi at {entry.width_mm:g} mm wide "
                             f"({GOOD_PPI} for a sharp print)", "supply a larger image or print it smaller")
    for name, entry in sorted(entries.items()):
        if not (folder / name).is_file():
            yield Diagnostic("ART005", Severity.ERROR, entry.location, f"{name} is recorded but not in {ART_DIR}/")
