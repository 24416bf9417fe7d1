"""The cards, read back from their PDFs and compared with the table rows they are made from."""

from __future__ import annotations

import math
import re
import subprocess
from pathlib import Path

import pytest
import yaml
from doctests import run_doctests
from pypdf import PdfReader
from qr_cards_build import (
    CONTENT,
    MIN_TYPE_PT,
    MM,
    build_edited,
    card_rows,
    pattern,
    pdf_pages,
    printed,
    smallest_type,
    table_homes,
)

from sacredwire.editions.home import impose
from sacredwire.layout import cards as cards_layout

# The single cards: US poker trim and the 0.125 in bleed card printers ask for.
CARD = (2.5 * 72, 3.5 * 72)
BLEED = 3 * MM  # the press edition's bleed (content/outputs.yaml); the pod decks have 0.125 in
A4_PORTRAIT = (210 * MM, 297 * MM)
SHEET_CARD = (63 * MM, 88 * MM)  # a card on the laid-out print-and-play sheets
GRID_ORIGIN = (10.5 * MM, 16.5 * MM)  # 3 x 3 cards centred on A4
# Columns that are the card's title or its roll badge; every other one is printed with its title.
NAME, ROLL = "name", "roll"


@pytest.fixture(scope="session")
def out(build_dir: Path) -> Path:
    """The session's full build (tests/conftest.py)."""
    return build_dir


@pytest.fixture(scope="module")
def fronts(out: Path) -> list[str]:
    """The text of each card front of cards-single.pdf (fronts and backs alternate)."""
    return pdf_pages(out / "en" / "press" / "cards-single.pdf")[::2]


def test_one_card_per_source_row(fronts: list[str]) -> None:
    rows = card_rows()
    assert len(fronts) == len(rows) == 154
    for text, (table, row) in zip(fronts, rows):
        assert re.search(pattern(printed("text", row[NAME])), text), f"{table['id']} {row['key']}"


def test_each_card_shows_its_rule_id_and_numbers(fronts: list[str]) -> None:
    assert fronts
    for text, (table, row) in zip(fronts, card_rows()):
        where = f"{table['id']} {row['key']}"
        # The footer names the rule, never the table's internal key.
        assert re.search(rf"{re.escape(table_homes()[table['id']])}$", text), where
        assert table["id"] not in text, where
        for column in table["columns"]:
            value = row.get(column["key"])
            if column["key"] == NAME or (column["kind"] == "text" and value is None):
                continue
            if not column.get("in_booklet", True) and column["kind"] != "text":
                continue  # a structured value for the rules engine; the card's words print it
            label = "" if column["kind"] == "roll" else re.escape(column["title"]["en"].upper()) + r"\s+"
            assert re.search(label + pattern(printed(column["kind"], value)), text), f"{where}: {column['key']}"


def test_single_cards_are_poker_size_with_bleed(out: Path) -> None:
    reader = PdfReader(out / "en" / "press" / "cards-single.pdf")
    assert len(reader.pages) == 2 * len(card_rows())
    for page in reader.pages[:6]:
        trim, bleed = page.trimbox, page.bleedbox
        assert (float(trim.width), float(trim.height)) == pytest.approx(CARD, abs=0.05)
        assert float(trim.left) - float(bleed.left) == pytest.approx(BLEED, abs=0.05)
        assert float(bleed.top) - float(trim.top) == pytest.approx(BLEED, abs=0.05)
        assert (float(bleed.width), float(bleed.height)) == pytest.approx((CARD[0] + 2 * BLEED, CARD[1] + 2 * BLEED),
                                                                          abs=0.05)


def test_sheets_are_a4_portrait_fronts_then_backs(out: Path) -> None:
    path = out / "en" / "home" / "cards.pdf"
    reader = PdfReader(path)
    sheets = math.ceil(len(card_rows()) / 9)
    assert len(reader.pages) == 2 * sheets
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(A4_PORTRAIT, abs=0.1)
    texts = pdf_pages(path)
    first_names = [printed("text", row[NAME]) for _, row in card_rows()[:9]]
    assert all(name in texts[0] for name in first_names)
    assert not any(name in texts[1] for name in first_names)  # a back shows no card's name


def _slots(path: Path, page: int, word: str) -> set[tuple[int, int]]:
    """(column, row) of the grid cells where ``word`` is printed on an A4 sheet."""
    html = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
                          capture_output=True, text=True, check=True).stdout
    found = re.findall(r'xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)</word>', html)
    return {(int((float(x) - GRID_ORIGIN[0]) // SHEET_CARD[0]), int((float(y) - GRID_ORIGIN[1]) // SHEET_CARD[1]))
            for x, y, text in found if text == word}


def test_backs_are_mirrored_for_long_edge_duplex(out: Path) -> None:
    path = out / "en" / "home" / "cards.pdf"
    version = yaml.safe_load((CONTENT / "book.yaml").read_text(encoding="utf-8"))["version"]
    sheets = len(PdfReader(path).pages) // 2
    assert sheets
    for sheet in range(sheets):
        fronts = _slots(path, 2 * sheet + 1, version)
        backs = _slots(path, 2 * sheet + 2, "Sacred")
        assert fronts and backs == {(2 - column, row) for column, row in fronts}


def test_imposition_order() -> None:
    sides = impose(20)
    assert [side.back for side in sides] == [False, True, False, True, False, True]
    assert sides[1].slots == (2, 1, 0, 5, 4, 3, 8, 7, 6)
    assert sides[4].slots == (18, 19, None, None, None, None, None, None, None)
    assert sides[5].slots == (None, 19, 18, None, None, None, None, None, None)
    run_doctests(cards_layout)


def test_no_text_below_minimum_size(out: Path) -> None:
    single = PdfReader(out / "en" / "press" / "cards-single.pdf").pages
    sheets = PdfReader(out / "en" / "home" / "cards.pdf").pages
    assert single and sheets
    for page in [*single[::9], *sheets[:4]]:
        assert smallest_type(page) >= MIN_TYPE_PT - 0.01


def _set_cell(content: Path, table_id: str, row_key: str, column: str, value: object) -> None:
    for path in (content / "tables").glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for table in data["tables"]:
            if table["id"] == table_id:
                next(row for row in table["rows"] if row["key"] == row_key)[column] = value
                path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
                return
    raise AssertionError(f"no table {table_id}")


def test_a_changed_cell_shows_on_the_quick_reference_and_the_cards(tmp_path: Path, out: Path) -> None:
    def edit(content: Path) -> None:
        _set_cell(content, "ranged-weapons", "carbine", "cost", 97)
        _set_cell(content, "blessings", "boost", "effect", {"en": "+1 DT to one planted roll",
                                                            "es": "+1 ND a una tirada plantada"})

    result, edited = build_edited(tmp_path, out, edit, "quick-reference", "cards", "--lang", "en")
    assert result.returncode == 0, result.stdout + result.stderr
    fronts = pdf_pages(edited / "en" / "press" / "cards-single.pdf")[::2]
    carbine = next(text for text, (_, row) in zip(fronts, card_rows()) if row["key"] == "carbine")
    boost = next(text for text, (table, row) in zip(fronts, card_rows())
                 if table["id"] == "blessings" and row["key"] == "boost")
    assert re.search(r"COST\s+97", carbine)
    assert "+1 DT to one planted roll" in boost
    quick_reference = " ".join(pdf_pages(edited / "en" / "screen" / "quick-reference.pdf"))
    assert re.search(r"3 Boost \+1 DT to one planted roll", quick_reference)


def test_text_that_does_not_fit_a_card_fails_the_build(tmp_path: Path, out: Path) -> None:
    special = {"en": "Overheats, jams and complains to the union. " * 24,
               "es": "Se recalienta, se encasquilla y se queja al sindicato. " * 24}
    result, _ = build_edited(tmp_path, out, lambda content: _set_cell(content, "ranged-weapons", "carbine",
                                                                      "special", special), "cards", "--lang", "en")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Carbine (ranged-weapons carbine" in result.stdout + result.stderr
