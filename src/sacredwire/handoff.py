"""A README.txt in each edition folder: what each file is for and where to send it, in both languages.

A print shop, a print-on-demand service and a home printer each need other
files; the note beside them says which, from the edition and the kind of each
file (its name), written from ``templates/handoff/README.txt.j2``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path, PurePosixPath

import jinja2

from .editions import EDITIONS
from .model import Rulebook
from .outputs import Artifact

NOTE = "README.txt"
# The kinds of file, in the order the note lists them.
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
ROLES = ("booklet", "booklet-cover", "card-deck", "cards-single", "cards-sheet", "quick-reference")


def _role(name: str, booklets: set[str]) -> str | None:
    """The kind of an edition's file, from its name; None for a file no note describes."""
    stem = PurePosixPath(name).stem
    if stem in booklets:
        return "booklet"
    if stem.endswith("-cover") and stem.removesuffix("-cover") in booklets:
        return "booklet-cover"
    if stem == "quick-reference":
        return "quick-reference"
    if stem == "cards-single":
        return "cards-single"
    if stem == "cards":
        return "cards-sheet"
    if stem.startswith("cards-"):
        return "card-deck"
    return None


def edition_notes(rulebook: Rulebook, artifacts: Sequence[Artifact], out_dir: Path, paper: str) -> list[Artifact]:
    """A note for every ``<lang>/<edition>/`` folder this build writes to, naming every PDF in it after the
    build: the files made now and those an earlier build left there."""
    booklets = {booklet.key for booklet in rulebook.meta.booklets}
    folders: dict[PurePosixPath, set[str]] = {}
    for artifact in artifacts:
        parts = artifact.path.parts
        if len(parts) == 3 and parts[1] in EDITIONS and parts[2].endswith(".pdf"):
            folders.setdefault(PurePosixPath(parts[0], parts[1]), set()).add(parts[2])
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(Path(rulebook.root) / "templates" / "handoff"),
                             autoescape=False, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    template = env.get_template(f"{NOTE}.j2")
    notes = []
    for folder, names in sorted(folders.items()):
        existing = out_dir / folder
        if existing.is_dir():
            names |= {path.name for path in existing.glob("*.pdf")}
        by_role: dict[str, list[str]] = {}
        for name in sorted(names):
            role = _role(name, booklets)
            if role is not None:
                by_role.setdefault(role, []).append(name)
        roles = [(role, by_role[role]) for role in ROLES if role in by_role]
        settings = rulebook.settings.print.editions.get(folder.name)
        text = template.render(title=rulebook.meta.title, version=rulebook.meta.version, edition=folder.name,
                               roles=roles, bleed=f"{settings.bleed.mm:g} mm" if settings else "",
                               paper=PAPER_NAMES.get(paper, paper))
        notes.append(Artifact(folder / NOTE, text.encode("utf-8")))
    return notes


# One line per kind of file for a release manifest (README.txt says more, in both languages).
PURPOSES = {
    ("press", "booklet"): "offset or local digital printer: pages with bleed and crop marks",
    ("press", "cards-single"): "offset or local digital printer: card sides with bleed and crop marks",
    ("pod", "booklet"): "print-on-demand service: booklet interior",
    ("pod", "booklet-cover"): "print-on-demand service: booklet cover spread",
    ("pod", "card-deck"): "DriveThruCards: one deck",
    ("screen", "booklet"): "reading on screen",
    ("screen", "quick-reference"): "reading on screen",
    ("home", "booklet"): "home printer: 2-up, duplex on the short edge, actual size",
    ("home", "cards-sheet"): "home printer: print-and-play card sheets, actual size",
    ("home", "quick-reference"): "home printer: actual size",
}


def purpose_of(path: PurePosixPath, rulebook: Rulebook) -> str:
    """What a built file (relative to the build folder) is for, in a few words."""
    parts = path.parts
    if parts[0] == "web":
        return "web edition: copy build/web/ to a static host"
    if len(parts) == 3 and parts[2] == NOTE:
        return "what each file of the folder is for (English and Spanish)"
    if len(parts) == 2 and parts[1].startswith("errata-"):
        return "errata sheet (A5)" if parts[1].endswith(".pdf") else "release notes (Markdown)"
    if len(parts) == 3:
        role = _role(parts[2], {booklet.key for booklet in rulebook.meta.booklets})
        if role is not None and (parts[1], role) in PURPOSES:
            return PURPOSES[(parts[1], role)]
    return ""
