"""A mission board's words fit whatever their length: wrapped, set clear of each other, within the board.

The drawings are made from ``content/boards.yaml`` with some words made longer,
as a longer language would make them, and read back: each ``<text>`` measured
in the font that prints it (its box as the placement reckons it), checked
against the others, the board and the view.
"""

from __future__ import annotations

import dataclasses
import re
import sys
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project, replace_once, run_sw28
from doctests import run_doctests

from sacredwire import text_width
from sacredwire.board_labels import LEADING, PAD, Box
from sacredwire.board_svg import SIDE, draw_board, legend_kinds
from sacredwire.diagnostics import ContentError
from sacredwire.fontsetup import FONTS_DIR
from sacredwire.ids import RuleId
from sacredwire.load import load_rulebook
from sacredwire.model import Rulebook, Text
from sacredwire.model.boards import Board, Boards, LegendEntry

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_pseudo_pdfs import overprinted  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"
FONTS = PROJECT / FONTS_DIR
BOARD = Box(0, 0, SIDE, SIDE)


@cache
def rulebook() -> Rulebook:
    return load_rulebook(PROJECT)


def boards() -> Boards:
    found = rulebook().boards
    assert found is not None
    return found


def board(key: str) -> Board:
    return boards().boards[RuleId.parse(key)]


def draw(found: Board, lang: str = "en") -> ET.Element:
    return ET.fromstring(draw_board(found, boards(), lang, rulebook().parameters, FONTS))


def relabelled(found: Board, index: int, words: dict[str, str], **changes: object) -> Board:
    """``found`` with its ``index``-th item's label (and any other field of the item) changed."""
    items = list(found.items)
    items[index] = dataclasses.replace(items[index], label=Text(words), **changes)  # type: ignore[arg-type]
    return dataclasses.replace(found, items=tuple(items))


def longer(words: str) -> str:
    """``words`` twice over: a language that needs twice the room."""
    return f"{words} {words}"


def line_box(text: ET.Element) -> Box:
    """The room one ``<text>`` of a board takes, as the placement reckons it."""
    face = text_width.font_metrics(FONTS / (text_width.SANS_BOLD if text.get("font-weight") == "700"
                                            else text_width.SANS))
    size, x, y = (float(text.get(key, "0")) for key in ("font-size", "x", "y"))
    width = face.width(text.text or "", size)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[text.get("text-anchor", "middle")]
    return Box(left - PAD, y - face.ascent * size, left + width + PAD, y + face.descent * size)


def label_boxes(svg: ET.Element) -> list[tuple[str, Box]]:
    """Each label on the board (an item's lines, a deployment zone's name), with the room it takes."""
    found = []
    for element in svg:
        lines = ([element] if element.tag == f"{SVG}text" else list(element.iter(f"{SVG}text"))
                 if (element.get("class") or "").startswith("item ") else [])
        if lines:
            boxes = [line_box(line) for line in lines]
            found.append((" ".join(line.text or "" for line in lines),
                          Box(min(box.left for box in boxes), min(box.top for box in boxes),
                              max(box.right for box in boxes), max(box.bottom for box in boxes))))
    return found


def clashes(svg: ET.Element) -> list[str]:
    """Labels that run over another label or past the board."""
    boxes = label_boxes(svg)
    found = [f"{words!r} past the board" for words, box in boxes if not box.within(BOARD)]
    found += [f"{a!r} over {b!r}" for k, (a, box) in enumerate(boxes) for b, other in boxes[k + 1:]
              if box.overlaps(other)]
    return found


def item_lines(svg: ET.Element, kind: str) -> list[list[str]]:
    """The lines of each label of the board's items of ``kind``."""
    return [[text.text or "" for text in group.iter(f"{SVG}text")] for group in svg.iter(f"{SVG}g")
            if group.get("class") == f"item {kind}"]


def test_the_measure_reads_the_fonts_advances() -> None:
    run_doctests(text_width)
    regular = text_width.font_metrics(FONTS / text_width.SANS)
    bold = text_width.font_metrics(FONTS / text_width.SANS_BOLD)
    # Wider in bold, as wide as its letters, and twice the words twice as wide (with the space between).
    assert bold.width("Objective", 8) > regular.width("Objective", 8) > 30
    assert regular.width("ii", 8) < regular.width("mm", 8)
    twice = regular.width("Zone Zone", 8)
    assert twice == pytest.approx(2 * regular.width("Zone", 8) + regular.width(" ", 8))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_board_sets_its_labels_clear_of_each_other_and_on_the_board(lang: str) -> None:
    drawn = 0
    for found in boards().boards.values():
        svg = draw(found, lang)
        assert len(label_boxes(svg)) >= 2, found.id
        assert clashes(svg) == [], f"{lang} {found.id}"
        drawn += 1
    assert drawn == 14


def test_a_label_twice_as_long_wraps_and_runs_over_nothing() -> None:
    # Breakthrough's two arrows are labelled across the board from each other, at the same height.
    original = board("M2.6")
    assert [item.draw for item in original.items[2:4]] == ["arrow", "arrow"]
    mine, theirs = (longer(item.label["en"]) for item in original.items[2:4] if item.label is not None)
    changed = relabelled(relabelled(original, 2, {"en": mine, "es": mine}), 3, {"en": theirs, "es": theirs})
    svg = draw(changed)
    lines = item_lines(svg, "arrow")
    assert [" ".join(label) for label in lines] == [mine, theirs]
    # At least one of the two is wrapped: on one line each they would meet in the middle.
    assert max(len(label) for label in lines) > 1
    assert clashes(svg) == []


def test_a_label_above_its_marker_grows_up_away_from_it() -> None:
    original = board("M2.1")
    objective = original.items[0]
    assert objective.draw == "objective" and objective.label_at is not None
    words = " ".join([objective.label["en"]] * 9) if objective.label is not None else ""
    svg = draw(relabelled(original, 0, {"en": words, "es": words}))
    texts = [text for group in svg.iter(f"{SVG}g") if group.get("class") == "item objective"
             for text in group.iter(f"{SVG}text")]
    assert len(texts) > 1
    baselines = [float(text.get("y", "0")) for text in texts]
    # The last line stays where the board puts the label; the others stack above it.
    assert baselines[-1] == objective.label_at[1] * 10
    assert baselines == sorted(baselines)
    assert baselines[0] == pytest.approx(baselines[-1] - (len(texts) - 1) * LEADING * 8)
    assert clashes(svg) == []


def test_a_label_that_cannot_fit_even_wrapped_is_an_error_at_its_line() -> None:
    original = board("M2.11")
    one_word = "Incomprehensibilities" * 3
    with pytest.raises(ContentError) as error:
        draw(relabelled(original, 3, {"en": one_word, "es": "corto"}))
    assert str(error.value).startswith(f"content/boards.yaml:{original.items[3].location.line}: ")
    assert "runs past the board" in error.value.message and one_word in error.value.message


def test_the_build_stops_at_a_label_that_cannot_fit(tmp_path: Path) -> None:
    # As a translator meets it: a word too long for its place, and the build names the line, sets nothing.
    project = copy_project(tmp_path / "project")
    boards_file = project / "content" / "boards.yaml"
    replace_once(boards_file, 'es: "+1 paso: el tuyo"', f'es: "{"Incomprensibilidades" * 3}"')
    line = next(number for number, text in enumerate(boards_file.read_text(encoding="utf-8").splitlines(), 1)
                if "Incomprensibilidades" in text)
    result = run_sw28("build", "missions", "--lang", "es", "--edition", "screen", "--out", str(tmp_path / "out"),
                      cwd=project)
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"content/boards.yaml:{line}: error: the es label" in result.stderr
    assert "Traceback" not in result.stderr
    assert not list((tmp_path / "out").rglob("*.pdf"))


def test_two_labels_set_over_each_other_however_wrapped_are_an_error() -> None:
    # Two signals' labels put at the same place: single words, which no wrapping moves apart.
    original = board("M2.7")
    first = original.items[0]
    assert first.draw == "signal" and first.label_at is not None
    changed = relabelled(original, 1, {"en": "Signal", "es": "Señal"}, label_at=first.label_at)
    with pytest.raises(ContentError) as error:
        draw(changed)
    assert str(error.value).startswith(f"content/boards.yaml:{original.items[1].location.line}: ")
    assert "runs over the label 'Signal'" in error.value.message


def test_a_long_legend_line_wraps_and_the_drawing_stays_the_same_in_every_language() -> None:
    original = board("M2.1")
    english = longer(longer(original.legend[0].text["en"]))
    legend = (LegendEntry(original.legend[0].draw, Text({"en": english, "es": "Marcador"})), *original.legend[1:])
    changed = dataclasses.replace(original, legend=legend)
    drawn = {lang: draw(changed, lang) for lang in ("en", "es")}
    groups = {lang: next(group for group in svg.iter(f"{SVG}g") if group.get("class") == "legend")
              for lang, svg in drawn.items()}
    lines = [text.text or "" for text in groups["en"].iter(f"{SVG}text")]
    assert english in " ".join(lines) and len(lines) > len(legend_kinds(changed))
    # Rows as deep as the longest language needs: the Spanish drawing is the English one.
    shapes = {lang: [(element.tag, element.attrib) for element in group.iter() if element.tag != f"{SVG}text"]
              for lang, group in groups.items()}
    assert shapes["en"] == shapes["es"]
    # Every line within its column, none over another, all inside a view still square.
    x, y, width, height = (float(value) for value in drawn["en"].get("viewBox", "").split())
    assert width == height > 320
    face = text_width.font_metrics(FONTS / text_width.SANS)
    boxes = []
    for text in groups["en"].iter(f"{SVG}text"):
        left, baseline = float(text.get("x", "0")), float(text.get("y", "0"))
        boxes.append(Box(left, baseline - face.ascent * 7.5, left + face.width(text.text or "", 7.5),
                         baseline + face.descent * 7.5))
    assert all(box.within(Box(x, y, x + width, y + height)) for box in boxes)
    assert all(not a.overlaps(b) for k, a in enumerate(boxes) for b in boxes[k + 1:])


def test_a_legend_word_wider_than_its_column_is_an_error_at_its_board() -> None:
    original = board("M2.1")
    word = "Incomprehensibilities" * 2
    legend = (LegendEntry(original.legend[0].draw, Text({"en": word, "es": "Marcador"})), *original.legend[1:])
    with pytest.raises(ContentError) as error:
        draw(dataclasses.replace(original, legend=legend), "es")
    assert str(error.value).startswith(f"content/boards.yaml:{original.location.line}: ")
    assert re.search(r"the en legend words '\w+' are wider than a legend column", error.value.message)


def test_an_edge_name_longer_than_its_edge_is_an_error_at_its_board() -> None:
    original = board("M3.1")
    name = longer(longer(longer(original.edges["left"]["en"])))
    changed = dataclasses.replace(original, edges={**original.edges, "left": Text({"en": name, "es": name})})
    with pytest.raises(ContentError) as error:
        draw(changed)
    assert str(error.value).startswith(f"content/boards.yaml:{original.location.line}: ")
    assert "left edge" in error.value.message


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_word_of_the_built_missions_booklet_is_printed_over_another(build_dir: Path, lang: str) -> None:
    pdf = build_dir / lang / "screen" / "missions.pdf"
    assert pdf.is_file()
    assert overprinted(pdf) == []


def test_a_project_without_the_fonts_a_board_is_measured_in_is_refused_at_the_board(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    (project / FONTS_DIR / text_width.SANS).unlink()
    result = run_sw28("check", cwd=project)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert re.search(rf"content/missions/en/[\w-]+\.md:\d+: error: board '[AM][\d.]+': its words are measured in "
                     rf"templates/fonts/{re.escape(text_width.SANS)}, which the project lacks", result.stderr), \
        result.stderr
