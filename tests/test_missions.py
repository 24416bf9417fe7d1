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

from sacredwire.example_text import FieldRef
from sacredwire.load import load_rulebook
from sacredwire.model import Section
from sacredwire.rule_fields import show_rule_field

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


# --- what each board shows (content/boards.yaml, drawn by board_svg.py) ----

# What a mission's Markers and Placement words name (a pattern), and the item
# its board must draw for it: the board shows what the text says.
NAMED = {
    "objective marker": "objective", "terminal": "terminal", "beacon": "beacon", "signal marker": "signal",
    "conduit": "enemy_conduit", "relay node": "node", "relay marker": "relay", "informant": "informant",
    "target": "target", r"(?<!deployment )zone\b": "zone", "quadrant": "centerline", "exit edge": "exit", "spawn": "spawn",
}
# Items every board draws whatever its mission: they tell no mission apart.
SHARED = {"terrain"}
ZONE_WORDS = re.compile(r'within (\d+)" of (?:the board center|the center|it|each node|the relay)'
                        r'|zone of (\d+)" around', re.I)


def items(svg: ET.Element) -> list[ET.Element]:
    return [g for g in svg.iter(f"{SVG}g") if (g.get("class") or "").startswith("item ")]


def diagram(svg: ET.Element) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """What a board draws for its mission, words left out: its items' shapes and places."""
    return tuple((g.get("class", ""), tuple(sorted((element.tag, str(sorted(element.attrib.items())))
                                                  for element in g.iter() if element.tag != f"{SVG}text")))
                 for g in items(svg))


RULE_FIELD = re.compile(r"\{\$((?:rule|table)\.[^}:]+)(?::([\w-]+))?\}")


def printed(text: str) -> str:
    """``text`` with its rule fields printed as the English booklet prints them."""
    rulebook = load_rulebook(PROJECT)
    return RULE_FIELD.sub(lambda field: show_rule_field(FieldRef(field[1], field[2] or ""), rulebook, "en"), text)


def mission_words(section: Section) -> str:
    """The words of a mission's Markers, Placement and Hostiles headings, where it says what is on the board."""
    text, keep = [], False
    for token in section.tokens:
        if token.type == "heading_open":
            keep = False
        if token.type == "inline" and token.content in ("Markers", "Placement", "Hostiles"):
            keep = True
        elif token.type == "inline" and keep:
            text.append(token.content.replace("\n", " "))
    return " ".join(text)


def test_no_two_boards_draw_the_same_diagram_and_none_is_empty() -> None:
    for lang in LANGS:
        drawn = {}
        for section in mission_sections(lang):
            svg = board_diagram(section)
            own = items(svg)
            drawn_elements = [element for g in own for element in g.iter() if element is not g]
            shapes = [element for element in drawn_elements if element.tag != f"{SVG}text"]
            assert len(own) >= 2 and len(shapes) >= 2 and len(drawn_elements) >= 5, \
                f"{lang} {section.id}: {len(own)} items, {len(drawn_elements)} elements, {len(shapes)} shapes"
            drawn[section.id] = diagram(svg)
        assert len(drawn) == 14
        same = [(a, b) for a in drawn for b in drawn if str(a) < str(b) and drawn[a] == drawn[b]]
        assert not same, f"{lang}: boards that draw the same diagram: {same}"


def test_every_board_shows_what_its_mission_names() -> None:
    checked = 0
    for section in mission_sections("en"):
        words = mission_words(section).lower()
        assert words, f"{section.id}: no Markers or Placement text found"
        kinds = {g.get("class", "").split()[1] for g in items(board_diagram(section))}
        for named, kind in NAMED.items():
            if re.search(named, words):
                checked += 1
                assert kind in kinds, f"{section.id} names {named!r}; its board draws {sorted(kinds)}"
    assert checked >= 14, checked


def test_every_board_draws_the_dense_terrain_of_setup() -> None:
    # Setup (K1.2) sets every mission on a board with dense terrain.
    boards = 0
    for lang in LANGS:
        for section in mission_sections(lang):
            pieces = [rect for rect in board_diagram(section).iter(f"{SVG}rect") if rect.get("class") == "terrain"]
            assert len(pieces) >= 5, f"{lang} {section.id}: {len(pieces)} terrain pieces"
            boards += 1
    assert boards == 2 * 14, boards


def test_a_zone_on_a_board_has_the_radius_its_text_states() -> None:
    # One number, one place: the board reads the zone's radius from the rule
    # parameter; the mission's words state the same number.
    checked = 0
    for section in mission_sections("en"):
        stated = {int(a or b) for a, b in ZONE_WORDS.findall(printed(mission_words(section) + " " + " ".join(
            token.content for token in section.tokens if token.type == "inline")))}
        zones = [float(circle.get("r")) / UNITS_PER_INCH for g in items(board_diagram(section))
                 if g.get("class") == "item zone" for circle in g.iter(f"{SVG}circle")]
        if zones:
            checked += 1
            assert stated and set(zones) <= stated, f"{section.id}: zones of {zones}\" drawn, text says {stated}"
    assert checked >= 4, checked
