"""The register of designer-supplied art, ``content/art/art.yaml``, read once for the checker and the booklets.

Each entry names an image file in ``content/art/``, where it comes from
(``source``, ``author``, ``licence``) and the width it prints at
(``width: 60mm`` or ``2.4in``). The checker judges the entries (check/art.py);
a booklet lays a placed image out at exactly that width (render/_figures.py),
so the resolution the checker measures is the one that prints.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import ContentError, Diagnostic, Location, Severity
from ._yaml import Mapping, read_yaml

ART_DIR = "art"
REGISTER = "art.yaml"
RECORDED = ("source", "author", "licence")
_WIDTH = re.compile(r"^\s*(?P<number>\d+(?:\.\d+)?)\s*(?P<unit>mm|in)\s*$")


@dataclass(frozen=True)
class ArtEntry:
    """One image's record: where it comes from and the width it prints at (mm)."""

    file: str
    fields: dict[str, str]
    width_mm: float | None
    location: Location

    @property
    def missing(self) -> list[str]:
        """The origin fields (source, author, licence) the entry does not give."""
        return [key for key in RECORDED if key not in self.fields]


def art_folder(root: Path) -> Path:
    """The folder designer-supplied images live in."""
    return root / "content" / ART_DIR


def read_register(root: Path) -> tuple[dict[str, ArtEntry], list[Diagnostic]]:
    """The entries of ``content/art/art.yaml`` by file name, and the problems reading it (ART000).

    No register is no entries: a book without supplied art needs no file.
    """
    rel = f"content/{ART_DIR}/{REGISTER}"
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
