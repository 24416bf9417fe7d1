"""Stylesheets, fonts and pictures read once per process give the pages a plain WeasyPrint pass gives.

The layout hands WeasyPrint the project's stylesheets already parsed
(``layout.SharedAssets``) instead of letting it read and parse them for every
document. These tests hold it to the same bytes as a pass that reads
everything afresh, and check that a style edit is seen at the next layout.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
import weasyprint
from conftest import PROJECT, copy_project

from sacredwire.layout import lay_out
from sacredwire.layout.cache import forget_assets
from sacredwire.load import load_rulebook
from sacredwire.render import RenderContext, render
from sacredwire.render.booklet import BookletPart
from sacredwire.render.cards import cards
from sacredwire.render.pages import PageMap

WRITE = {"pdf_identifier": b"0" * 32, "hinting": True, "pdf_tags": True, "uncompressed_pdf": True,
         "custom_metadata": True}


def _documents() -> dict[str, str]:
    rulebook = load_rulebook(PROJECT)
    context = RenderContext(rulebook, "en", PageMap({}), {"paper": "a4"})
    return {
        # A part with its own page styles (first page number, side, filler page) and the cover's art.
        "front matter": render("booklet", context, booklet_key="missions", part=BookletPart("front", 1, False)),
        "a chapter after a filler page": render("booklet", context, booklet_key="missions",
                                                part=BookletPart("M2", 7, True)),
        "the closing pages": render("booklet-tail", context, booklet_key="core-rules", blank_pages=1, roster=True),
        "a card deck": render("cards", context, deck=cards(context)[:6]),
    }


@pytest.mark.parametrize("name", list(_documents()))
def test_shared_assets_give_the_bytes_of_a_plain_pass(name: str) -> None:
    html = _documents()[name]
    plain = weasyprint.HTML(string=html, base_url=str(PROJECT / "templates") + "/").render()
    # Twice: the second layout uses what the first one read.
    shared = [lay_out(html, PROJECT / "templates", PROJECT, name) for _ in range(2)]
    expected = hashlib.sha256(plain.write_pdf(**WRITE)).hexdigest()
    assert [hashlib.sha256(document.write_pdf(**WRITE)).hexdigest() for document in shared] == [expected] * 2


def test_a_style_edit_is_seen_at_the_next_layout(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    links = "".join(f'<link rel="stylesheet" href="base/{name}.css">' for name in ("fonts", "tokens", "print-base"))
    html = f'<!DOCTYPE html><html><head>{links}</head><body><p>one</p><p class="next">two</p></body></html>'
    assert len(lay_out(html, project / "templates", project, "before").pages) == 1
    styles = project / "templates" / "base" / "print-base.css"
    styles.write_text(styles.read_text() + "\n.next { break-before: page; }\n")
    forget_assets()  # as sw28 serve does after every edit
    assert len(lay_out(html, project / "templates", project, "after").pages) == 2


def test_a_stylesheet_for_the_screen_only_is_left_out_of_print(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    (project / "templates" / "screen-only.css").write_text(".next { break-before: page; }\n")
    links = "".join(f'<link rel="stylesheet" href="base/{name}.css">' for name in ("fonts", "tokens", "print-base"))
    body = '<body><p>one</p><p class="next">two</p></body></html>'
    for media, pages in (("screen", 1), ("print", 2), ("all", 2)):
        html = f'<!DOCTYPE html><html><head>{links}<link rel="stylesheet" media="{media}" href="screen-only.css">'
        assert len(lay_out(html + "</head>" + body, project / "templates", project, media).pages) == pages, media
