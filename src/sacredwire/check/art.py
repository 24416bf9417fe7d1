"""Designer-supplied art: every image in ``content/art/`` is recorded and sharp enough to print.

``content/art/art.yaml`` lists each image file with its source, author,
licence and the width it prints at (``width: 60mm``). An image without an
entry, or an entry without one of them, is a finding: the book is shared
under a licence, and it may only carry art whose licence is known. The
effective resolution is the image's pixels over its printed width: under
300 ppi the print editions show it soft (a warning), under 150 ppi
pixelated (an error).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from ..diagnostics import ContentError, Diagnostic, Location, Severity
from ..load import CONTENT_DIR, Mapping, read_yaml
from ..model import Rulebook
from . import check

ART_DIR = "art"
REGISTER = "art.yaml"
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".tif", ".tiff")
RECORDED = ("source", "author", "licence")
# Pixels per inch at the printed size: below GOOD the print is soft, below
# LEAST it is visibly pixelated.
GOOD_PPI = 300
LEAST_PPI = 150
_WIDTH = re.compile(r"^\s*(?P<number>\d+(?:\.\d+)?)\s*(?P<unit>mm|in)\s*$")


@dataclass(frozen=True)
class ArtEntry:
    """One image's record: where it comes from and the width it prints at (mm)."""

    file: str
    fields: dict[str, str]
    width_mm: float | None
    location: Location


def _entries(root: Path) -> tuple[dict[str, ArtEntry], list[Diagnostic]]:
    rel = f"{CONTENT_DIR}/{ART_DIR}/{REGISTER}"
    path = root / rel
    if not path.is_file():
        return {}, []
    try:
        data = read_yaml(path, rel)
    except ContentError as error:
        return {}, [Diagnostic("ART000", Severity.ERROR, error.location, error.message)]
    entries: dict[str, ArtEntry] = {}
    findings: list[Diagnostic] = []
    images = data.get("images") if isinstance(data, dict) else None
    if not isinstance(images, list):
        return {}, [Diagnostic("ART000", Severity.ERROR, Location(rel, 1), "art.yaml must list `images:`",
                               "images: [{file: name.png, source: ..., author: ..., licence: ..., width: 60mm}]")]
    for item in images:
        line = item.line if isinstance(item, Mapping) else 1
        if not isinstance(item, dict) or not isinstance(item.get("file"), str):
            findings.append(Diagnostic("ART000", Severity.ERROR, Location(rel, line), "an image entry names no `file`"))
            continue
        width = _WIDTH.match(str(item.get("width", "")))
        width_mm = None
        if width:
            width_mm = float(width["number"]) * (25.4 if width["unit"] == "in" else 1.0)
        fields = {key: str(item[key]).strip() for key in RECORDED if item.get(key) not in (None, "")}
        entries[item["file"]] = ArtEntry(item["file"], fields, width_mm, Location(rel, line))
    return entries, findings


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
    if not folder.is_dir():
        return
    entries, findings = _entries(root)
    yield from findings
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
        missing = [key for key in RECORDED if key not in entry.fields]
        if missing:
            yield Diagnostic("ART001", Severity.ERROR, entry.location,
                             f"{path.name} has no {', '.join(missing)} recorded",
                             "the book may only carry art whose origin and licence are known")
        if entry.width_mm is None:
            yield Diagnostic("ART002", Severity.ERROR, entry.location,
                             f"{path.name} gives no printed width", "add `width: 60mm` (mm or in)")
            continue
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
