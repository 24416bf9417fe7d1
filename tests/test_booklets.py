"""The booklet PDFs, opened as a print shop and a player would open them."""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path

import pytest
from conftest import PROJECT
from pypdf import PdfReader
from pypdf.generic import IndirectObject

BOOKLETS = ["core-rules", "requisitions", "inhuman-resources", "campaign", "missions"]
VOLUMES = {name: number for number, name in enumerate(BOOKLETS, start=1)}
LANGS = ["en", "es"]
MM = 72 / 25.4
TRIM = (148 * MM, 210 * MM)
BLEED = 3 * MM  # the press edition's bleed (content/outputs.yaml)
PAGE_WORD = {"en": "p.", "es": "pág."}


@cache
def reader(path: Path) -> PdfReader:
    return PdfReader(path)


@cache
def page_texts(path: Path) -> tuple[str, ...]:
    """The text of each page in drawing order (as pdftotext -raw reads it), de-hyphenated."""
    raw = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(path), "-"], capture_output=True,
                         text=True, check=True).stdout
    pages = raw.split("\f")[:len(reader(path).pages)]
    return tuple(re.sub(r"[-\u2010]\n(?=\w)", "", page).replace("\u00a0", " ") for page in pages)


def flat(text: str) -> str:
    return " ".join(text.split())


def pdf(build_dir: Path, lang: str, name: str, edition: str = "press") -> Path:
    """A built booklet: the press edition has every page with its covers; the screen edition keeps the links."""
    return build_dir / lang / edition / f"{name}.pdf"


@pytest.fixture(params=[(lang, name) for lang in LANGS for name in BOOKLETS],
                ids=[f"{lang}-{name}" for lang in LANGS for name in BOOKLETS])
def booklet(request: pytest.FixtureRequest, build_dir: Path) -> tuple[str, str, Path]:
    lang, name = request.param
    return lang, name, pdf(build_dir, lang, name)


def test_page_boxes_trim_bleed_and_saddle_stitch(booklet) -> None:
    _, _, path = booklet
    pages = reader(path).pages
    assert len(pages) % 4 == 0
    for page in pages:
        trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
        assert float(trim.width) == pytest.approx(TRIM[0], abs=0.05)
        assert float(trim.height) == pytest.approx(TRIM[1], abs=0.05)
        assert float(bleed.width) == pytest.approx(TRIM[0] + 2 * BLEED, abs=0.05)
        assert float(bleed.height) == pytest.approx(TRIM[1] + 2 * BLEED, abs=0.05)
        assert float(media.width) >= float(bleed.width)


def _fonts(resources) -> list:
    fonts = []
    if resources is None:
        return fonts
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        fonts.append(font.get_object())
    for xobject in (resources.get("/XObject") or {}).values():
        fonts += _fonts(xobject.get_object().get("/Resources"))
    return fonts


def test_every_font_is_embedded_and_shipped(booklet) -> None:
    _, _, path = booklet
    seen = set()
    for page in reader(path).pages:
        for font in _fonts(page.get("/Resources")):
            descendants = font.get("/DescendantFonts")
            target = descendants[0].get_object() if descendants else font
            descriptor = target["/FontDescriptor"].get_object()
            name = str(descriptor["/FontName"])
            assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")), name
            seen.add(name.split("+")[-1])
    # Only the shipped families (named SW Serif, SW Sans, SW Display in fonts.css).
    assert seen and all(name.startswith("SW-") for name in seen), seen


def test_metadata(booklet) -> None:
    lang, name, path = booklet
    pdf_reader = reader(path)
    info = pdf_reader.metadata
    assert info["/Title"].startswith("Sacred Wire 28 · ")
    assert info["/Author"] == "LuisMars"
    assert info["/Subject"]
    assert info["/version"] == "0.9.0-beta"
    assert info["/CreationDate"] == "D:20261130000000Z"
    # English is tagged US English (its spelling, and its hyphenation dictionary).
    assert pdf_reader.trailer["/Root"]["/Lang"] == {"en": "en-US"}.get(lang, lang)


def _outline_titles(items) -> list[str]:
    titles = []
    for item in items:
        if isinstance(item, list):
            titles += _outline_titles(item)
        else:
            titles.append(str(item["/Title"]))
    return titles


def _section_headings(lang: str, name: str) -> list[tuple[str, str]]:
    """(ID, title) of every chapter and section, read from the content."""
    headings = []
    for source in sorted((PROJECT / "content" / name / lang).glob("*.md")):
        for match in re.finditer(r"^#{1,2} (\S+) (.+?)(?: \{from=\w+\})?$", source.read_text(), re.M):
            headings.append((match[1], match[2]))
    return headings


def test_outline_has_every_chapter_and_section(booklet) -> None:
    lang, name, path = booklet
    titles = _outline_titles(reader(path).outline)
    headings = _section_headings(lang, name)
    assert headings
    for rule_id, title in headings:
        assert f"{rule_id} {title}".replace("'", "\u2019") in titles


def test_every_section_starts_where_contents_and_outline_say(booklet) -> None:
    lang, name, path = booklet
    pdf_reader = reader(path)
    destinations = {key: pdf_reader.get_destination_page_number(dest) + 1
                    for key, dest in pdf_reader.named_destinations.items()}
    texts = page_texts(path)
    headings = _section_headings(lang, name)
    assert headings
    for rule_id, title in headings:
        page = destinations["sec-" + rule_id.replace(".", "-")]
        assert flat(f"{rule_id} {title}".replace("'", "\u2019"))[:40] in flat(texts[page - 1]), (rule_id, page)


REFERENCE = re.compile(r"\(([CAIKM]\d+(?:\.\d+)?),\s+(?:[Vv]ol\.\s+(\d),\s+)?(p\.|pág\.)\s+(\d+)\)")


def test_every_printed_page_reference_is_right(build_dir: Path) -> None:
    """Each "(C2.4, p. 7)" names the page where C2.4 starts, in this or another volume."""
    checked = 0
    for lang in LANGS:
        destinations = {}
        for name in BOOKLETS:
            pdf_reader = reader(pdf(build_dir, lang, name))
            destinations[name] = {key: pdf_reader.get_destination_page_number(dest) + 1
                                  for key, dest in pdf_reader.named_destinations.items()}
        for name in BOOKLETS:
            path = pdf(build_dir, lang, name)
            text = flat(" ".join(page_texts(path)))
            found = REFERENCE.findall(text)
            written = sum(len(re.findall(r"\{=?[CAIKM]\d+(?:\.\d+)?\}", _booklet_prose(source)))
                          for source in (PROJECT / "content" / name / lang).glob("*.md"))
            assert len(found) >= written, f"{lang}/{name}: {written} references written, {len(found)} printed"
            for rule_id, volume, word, page in found:
                target = BOOKLETS[int(volume) - 1] if volume else name
                assert word == PAGE_WORD[lang]
                if volume:
                    assert VOLUMES[target] != VOLUMES[name], "a same-volume reference printed its volume"
                else:
                    assert rule_id[0] == {"core-rules": "C", "requisitions": "A", "inhuman-resources": "I",
                                          "campaign": "K", "missions": "M"}[name]
                anchor = "sec-" + rule_id.replace(".", "-")
                assert destinations[target][anchor] == int(page), (lang, name, rule_id, page)
                checked += 1
    assert checked > 100


def _booklet_prose(source: Path) -> str:
    """A source file without its summaries, which only the quick reference prints."""
    return re.sub(r"^::: summary\n.*?^:::\n", "", source.read_text(), flags=re.M | re.S)


def test_internal_links_are_clickable(build_dir: Path) -> None:
    links = 0
    for page in reader(pdf(build_dir, "en", "core-rules", "screen")).pages:
        for annotation in page.get("/Annots") or []:
            annotation = annotation.get_object() if isinstance(annotation, IndirectObject) else annotation
            if annotation.get("/Subtype") == "/Link":
                links += 1
    assert links > 50


def test_core_rules_has_every_0_9_section_and_its_text(build_dir: Path) -> None:
    text = flat(" ".join(page_texts(pdf(build_dir, "en", "core-rules"))))
    rows = [line.split("\t") for line in (PROJECT / "tests" / "data" / "core-0.9-sections.tsv")
            .read_text().splitlines() if not line.startswith("#")]
    assert len(rows) == 37
    for rule_id, title, words in rows:
        assert f"{rule_id} {title}".replace("'", "\u2019") in text
        assert words in text, (rule_id, words)


def test_core_rules_keeps_every_example_and_quote(build_dir: Path) -> None:
    text = flat(" ".join(page_texts(pdf(build_dir, "en", "core-rules"))))
    for title in ["Ties", "Overflow", "Boss dice", "Budget", "Reading a row", "A round", "Blessings",
                  "Move, then Search", "Disengage", "Fall", "Riposte", "Line of sight", "Stacking",
                  "Frag grenade", "Triple", "Damage", "Morale", "Area cast"]:
        assert f"Example · {title}" in text or f"EXAMPLE · {title}" in text, title
    for attribution in ["By mandate of the Chief Executive Sovereign", "Open Channel Broadcast, freq. unknown",
                        "Conduit-Certified Proverb"]:
        assert attribution in text


def test_spanish_references_read_in_spanish(build_dir: Path) -> None:
    text = flat(" ".join(page_texts(pdf(build_dir, "es", "core-rules"))))
    assert re.search(r"\(C\d+\.\d+, pág\. \d+\)", text)
    assert re.search(r"\(A\d+\.\d+, vol\. 2, pág\. \d+\)", text)
    assert "Índice" in text


def test_links_to_other_volumes_are_relative(build_dir: Path) -> None:
    """A reference to another volume opens that PDF beside this one, not a path on the build machine."""
    remote = 0
    for lang in LANGS:
        for name in BOOKLETS:
            path = pdf(build_dir, lang, name, "screen")
            assert b"file:" not in path.read_bytes()
            for page in reader(path).pages:
                for annotation in page.get("/Annots") or []:
                    action = annotation.get_object().get("/A")
                    if action is not None and action.get("/S") == "/GoToR":
                        assert str(action["/F"]) in {f"{other}.pdf" for other in BOOKLETS if other != name}
                        assert str(action["/D"]).startswith("sec-")
                        remote += 1
    assert remote > 50


def test_no_heading_is_left_at_a_page_foot(booklet) -> None:
    """The last thing on a page is never a chapter, section or sub-section heading."""
    lang, name, path = booklet
    headings = set()
    for source in (PROJECT / "content" / name / lang).glob("*.md"):
        for match in re.finditer(r"^#{1,3} (.+?)(?: \{from=\w+\})?$", source.read_text(), re.M):
            headings.add(flat(match[1]))
    texts = page_texts(path)
    assert texts
    for number, text in enumerate(texts, start=1):
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        # Drawn after the body: the page number, then the running head.
        if lines and lines[-1].isdigit():
            lines.pop()
        if lines and ("·" in lines[-1] or lines[-1].isupper()):
            lines.pop()
        if lines:
            last = flat(lines[-1])
            assert not any(last == heading or (len(last) > 8 and heading.startswith(last))
                           for heading in headings), f"p. {number} ends with the heading {last!r}"
