"""Booklets laid out part by part: a changed chapter is laid out again, and so is whatever prints a page that moved.

The parts (front matter, each chapter) must give the pages the whole booklet
gives as one document, and after an edit that changes a chapter's page count
every page reference in every booklet must still be right: checked here by
reading the printed numbers back from the PDFs with pypdf, independently of
the build's own check.
"""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project
from pypdf import PdfReader

from sacredwire.languages import language
from sacredwire.layout import anchors, lay_out
from sacredwire.layout.booklet import PartCache, lay_out_parts
from sacredwire.layout.cache import LayoutCache
from sacredwire.load import load_rulebook
from sacredwire.preview.booklets import PreviewLayouts
from sacredwire.render import RenderContext, render
from sacredwire.render.pages import PageMap

PERSONNEL = "content/core-rules/en/02-personnel.md"


def _page_texts(pdf: bytes) -> list[str]:
    return [re.sub(r"\s+", " ", page.extract_text() or "") for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("key", ["missions", "core-rules"])
def test_parts_give_the_pages_of_the_whole_booklet(tmp_path: Path, key: str) -> None:
    # Missions open on left pages (a filler page comes first where needed); core rules has cross-references.
    rulebook = load_rulebook(PROJECT)
    context = RenderContext(rulebook, "en", PageMap({}), {"paper": "a4"})
    whole = lay_out(render("booklet", context, booklet_key=key), PROJECT / "templates", PROJECT, key)
    parts = lay_out_parts(context, key, LayoutCache(tmp_path, PROJECT / "templates"), PartCache())
    assert anchors(parts) == anchors(whole)
    assert len(parts.pages) == len(whole.pages)
    # The same text on every page, folios and running heads included.
    assert _page_texts(parts.write_pdf()) == _page_texts(whole.write_pdf())


def _printed_references(files: dict, booklets: list[str]) -> dict[str, list[tuple[int, str, str, int]]]:
    """Booklet -> (page, target booklet, anchor, printed page) of every reference printed in its PDF."""
    volumes = {booklet.volume: booklet.key for booklet in load_rulebook(PROJECT).meta.booklets}
    pattern = language("en").references.pattern()
    found = {}
    for key in booklets:
        reader = PdfReader(io.BytesIO(files[key]))
        found[key] = [(number, volumes[int(match["volume"])] if match["volume"] else key,
                       "sec-" + match["id"].replace(".", "-"), int(match["page"]))
                      for number, page in enumerate(reader.pages, start=1)
                      for match in pattern.finditer(page.extract_text() or "")]
    return found


def _destinations(pdf: bytes) -> dict[str, int]:
    reader = PdfReader(io.BytesIO(pdf))
    return {name: reader.get_destination_page_number(destination) + 1
            for name, destination in reader.named_destinations.items()}


def test_a_chapter_that_grows_moves_every_reference_to_what_follows(build_dir: Path, tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    # The full build's layouts and its page map (kept in its cache folder): the first layout comes from them.
    shutil.copytree(build_dir / ".cache", project / "build" / ".cache")
    layouts = PreviewLayouts(project, ["en"])
    first = layouts.update(load_rulebook(project), None)
    assert first.problem is None
    files = {path.stem: data for path, data in first.files.items()}
    booklets = sorted(files)
    assert len(booklets) == 5
    before = _destinations(files["core-rules"])

    # Half a page more in C2, the chapter before combat: every C4 section moves on.
    path = project / PERSONNEL
    paragraph = ("A squad that trains together fights together: every model knows where the others stand, "
                 "what they carry and when they will move, and the whole squad acts on that knowledge. ")
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + "\n\n" + "\n\n".join([paragraph * 3] * 4)
                    + "\n", encoding="utf-8")
    edited = layouts.update(load_rulebook(project), None)
    assert edited.problem is None, edited.problem
    changed = {path.stem for path in edited.files}
    files.update({path.stem: data for path, data in edited.files.items()})
    after = _destinations(files["core-rules"])
    assert after["sec-C4-7"] > before["sec-C4-7"], "C4 did not move: the edit did not add a page"
    assert after["sec-C2-1"] == before["sec-C2-1"]
    # Booklets citing the moved sections were laid out again, the others came from memory or the cache.
    assert {"core-rules", "requisitions"} <= changed

    targets = {key: _destinations(files[key]) for key in booklets}
    wrong = [f"{key} p. {page}: {anchor} of {target} printed as p. {printed}, is on p. {targets[target].get(anchor)}"
             for key, references in _printed_references(files, booklets).items()
             for page, target, anchor, printed in references if targets[target].get(anchor) != printed]
    assert not wrong, wrong
    moved = [printed for page, target, anchor, printed in _printed_references(files, ["requisitions"])["requisitions"]
             if target == "core-rules" and anchor.startswith("sec-C4-")]
    assert moved and all(printed >= after["sec-C4-1"] for printed in moved)
