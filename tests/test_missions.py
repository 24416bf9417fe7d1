"""Every mission carries its board: the 24" table drawn to scale, as the missions booklet promises.

A mission's diagram is an inline SVG in its Markdown. Its scale is fixed so
that a reader can measure on it: 10 viewBox units to the inch, the board's
corner at the origin, so the board is the square 0..240 and a 6" grid line
falls every 60 units. These tests read the sources as the loader parses them
(no PDF), so they run in a moment.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from conftest import PROJECT

from sacredwire.load import load_rulebook
from sacredwire.model import Section

LANGS = ["en", "es"]
SVG = "{http://www.w3.org/2000/svg}"
UNITS_PER_INCH = 10
BOARD_INCHES = 24
GRID_INCHES = 6
BOARD = BOARD_INCHES * UNITS_PER_INCH
GRID = [k * GRID_INCHES * UNITS_PER_INCH for k in range(1, BOARD_INCHES // GRID_INCHES)]
INCH = "\u2033"
GREY = re.compile(r"#(?:([0-9a-f])\1\1|([0-9a-f]{2})\2\2)", re.I)


@cache
def mission_sections(lang: str) -> tuple[Section, ...]:
    """The sections of the chapters the missions booklet sets one to a page (M2, M3)."""
    booklet = load_rulebook(PROJECT).booklet("missions", lang)
    return tuple(section for chapter in booklet.chapters if str(chapter.id) in booklet.meta.page_per_section
                 for section in chapter.sections)


def diagrams(section: Section) -> list[ET.Element]:
    """The inline SVG drawings of a section, as the Markdown parser found them."""
    return [ET.fromstring(token.content) for token in section.tokens
            if token.type == "html_block" and token.content.lstrip().startswith("<svg")]


def board_diagram(section: Section) -> ET.Element:
    found = diagrams(section)
    assert len(found) == 1, f"{section.location}: {section.id} has {len(found)} diagrams, not one"
    return found[0]


def numbers(value: str) -> list[float]:
    return [float(number) for number in value.replace(",", " ").split()]


def texts(element: ET.Element) -> list[str]:
    return ["".join(text.itertext()).strip() for text in element.iter(f"{SVG}text")]


def group(svg: ET.Element, name: str) -> ET.Element:
    found = [g for g in svg.iter(f"{SVG}g") if g.get("class") == name]
    assert len(found) == 1, f"{svg.get('aria-label')}: no single <g class=\"{name}\">"
    return found[0]


def test_both_languages_have_the_fourteen_missions() -> None:
    for lang in LANGS:
        ids = [str(section.id) for section in mission_sections(lang)]
        assert len(ids) == 14, (lang, ids)
    assert [s.id for s in mission_sections("en")] == [s.id for s in mission_sections("es")]


@pytest.mark.parametrize("lang", LANGS)
def test_every_mission_has_a_board_at_scale(lang: str) -> None:
    sections = mission_sections(lang)
    assert sections
    for section in sections:
        svg = board_diagram(section)
        where = f"{lang} {section.id}"
        assert svg.get("role") == "img" and svg.get("aria-label"), where
        assert svg.find(f"{SVG}title") is not None and svg.find(f"{SVG}title").text, where
        x, y, width, height = numbers(svg.get("viewBox"))
        assert width == height, f"{where}: viewBox {width} x {height} is not square"
        # The board: the square from the origin, 24" at 10 units to the inch, with room around it.
        boards = [rect for rect in svg.iter(f"{SVG}rect")
                  if numbers(" ".join(rect.get(k, "0") for k in ("x", "y", "width", "height"))) == [0, 0, BOARD, BOARD]
                  and rect.get("stroke") == "#000"]
        assert boards, f"{where}: no outlined {BOARD} x {BOARD} board at the origin"
        assert x < 0 and y < 0 and x + width > BOARD and y + height > BOARD, f"{where}: no margin for edge labels"


@pytest.mark.parametrize("lang", LANGS)
def test_every_board_has_a_six_inch_grid(lang: str) -> None:
    sections = mission_sections(lang)
    assert sections
    for section in sections:
        lines = [line for line in board_diagram(section).iter(f"{SVG}line") if line.get("class") == "grid"]
        ends = [tuple(float(line.get(k)) for k in ("x1", "y1", "x2", "y2")) for line in lines]
        across = sorted(x1 for x1, y1, x2, y2 in ends if x1 == x2 and (y1, y2) == (0, BOARD))
        down = sorted(y1 for x1, y1, x2, y2 in ends if y1 == y2 and (x1, x2) == (0, BOARD))
        assert across == GRID and down == GRID and len(ends) == 6, f"{lang} {section.id}: grid {ends}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_board_labels_its_four_edges_and_has_a_legend(lang: str) -> None:
    sections = mission_sections(lang)
    assert sections
    for section in sections:
        svg = board_diagram(section)
        edges = texts(group(svg, "edge"))
        assert len(edges) == 4 and all(edges), f"{lang} {section.id}: edge labels {edges}"
        legend = texts(group(svg, "legend"))
        assert len(legend) >= 2 and all(legend), f"{lang} {section.id}: legend {legend}"
        assert any(f"6{INCH}" in entry for entry in legend), f"{lang} {section.id}: the legend does not give the grid"


@pytest.mark.parametrize("lang", LANGS)
def test_diagrams_are_drawn_in_greys_and_the_project_fonts(lang: str) -> None:
    # The print editions turn greys into black ink; any other colour would print as four-colour.
    sections = mission_sections(lang)
    assert sections
    for section in sections:
        elements = list(board_diagram(section).iter())
        assert elements, section.id
        for element in elements:
            for attribute in ("fill", "stroke"):
                colour = element.get(attribute)
                assert colour in (None, "none") or GREY.fullmatch(colour), \
                    f"{lang} {section.id}: {attribute}={colour!r} is not a grey"
            family = element.get("font-family")
            assert family in (None, "SW Sans", "SW Display"), f"{lang} {section.id}: font {family!r}"


def test_the_spanish_boards_are_the_english_ones_with_spanish_words() -> None:
    def drawing(svg: ET.Element) -> list[tuple[str, dict[str, str]]]:
        return [(element.tag, element.attrib) for element in svg.iter()
                if element.tag not in (f"{SVG}text", f"{SVG}title", f"{SVG}svg")]

    english_sections = mission_sections("en")
    assert english_sections
    for english, spanish in zip(english_sections, mission_sections("es"), strict=True):
        en_svg, es_svg = board_diagram(english), board_diagram(spanish)
        assert drawing(en_svg) == drawing(es_svg), english.id
        assert texts(group(en_svg, "edge")) != texts(group(es_svg, "edge")), f"{english.id}: edges not translated"
        assert texts(group(en_svg, "legend")) != texts(group(es_svg, "legend")), f"{english.id}: legend not translated"
