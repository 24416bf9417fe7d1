"""The pseudo-language's cards, read back: what the next translation will do to a card.

The ``pseudo_build_dir`` build lays the ``qps`` cards out (a card whose text
does not fit even set tight fails it); the press edition's single cards are
finished from that layout here, and read as a player holds them:

- no card text within the safe margin the print settings give (cut at the
  trim, or too close to it for the printer);
- no text printed over other text (a rule pushed out of its panel onto the
  footer, a label run into its neighbour);
- no string that escaped translation: a template's or a table's English.

And the card's minimum type, the size a too-full card is set down to, is a
content setting checked at load.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from conftest import PROJECT, run_sw28
from pseudo import CODE, OPEN
from qr_cards_build import card_rows
from test_pseudo_pdfs import _length, escaped, outside, overprinted, page_words, pdf_text, safe_areas, titles

from sacredwire.diagnostics import ContentError
from sacredwire.load import read_settings
from sacredwire.model.settings import MIN_TYPE_RANGE_PT

CARD_SAFE = _length(yaml.safe_load((PROJECT / "content" / "outputs.yaml").read_text(encoding="utf-8"))
                    ["print"]["cards"]["safe_margin"])


@pytest.fixture(scope="module")
def qps_cards(pseudo_build_dir: Path, pseudo_project_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pseudo-language's single cards (press edition), finished from the session build's card layout."""
    out = tmp_path_factory.mktemp("pseudo-cards")
    shutil.copytree(pseudo_build_dir / ".cache", out / ".cache")
    result = run_sw28("build", "cards", "--lang", CODE, "--edition", "press", "--out", str(out),
                      cwd=pseudo_project_dir)
    assert result.returncode == 0, result.stdout + result.stderr
    return out / CODE / "press" / "cards-single.pdf"


def test_every_card_is_built_front_and_back(qps_cards: Path) -> None:
    pages: dict[int, int] = {}
    for word in page_words(qps_cards):
        pages[word.page] = pages.get(word.page, 0) + 1
    # One card per row of the decks' tables, each a front and a back, and every side prints words.
    assert sorted(pages) == list(range(1, 2 * len(card_rows()) + 1))


def test_no_card_text_within_the_safe_margin(qps_cards: Path) -> None:
    assert page_words(qps_cards)
    assert outside(qps_cards, safe_areas(qps_cards, CARD_SAFE)) == []


def test_no_card_text_printed_over_other_text(qps_cards: Path) -> None:
    assert page_words(qps_cards)
    assert overprinted(qps_cards) == []


def test_no_card_string_escaped_translation(qps_cards: Path, pseudo_project_dir: Path) -> None:
    headings = titles(pseudo_project_dir)
    assert headings
    text = pdf_text(qps_cards)
    assert OPEN in text
    assert escaped(text, headings) == []


@pytest.mark.parametrize("size", ["5pt", "9pt", "6.5mm", "small"])
def test_a_minimum_card_type_out_of_range_is_a_load_error(tmp_path: Path, size: str) -> None:
    outputs = (PROJECT / "content" / "outputs.yaml").read_text(encoding="utf-8")
    line = next(number for number, text in enumerate(outputs.splitlines(), start=1) if "min_type:" in text)
    assert "min_type: 6.5pt" in outputs
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "outputs.yaml").write_text(outputs.replace("min_type: 6.5pt", f"min_type: {size}"),
                                                       encoding="utf-8")
    with pytest.raises(ContentError) as error:
        read_settings(tmp_path)
    low, high = MIN_TYPE_RANGE_PT
    assert f"from {low:g}pt to {high:g}pt" in str(error.value)
    # The error names the card settings, whose block opens a few lines above the key.
    assert "content/outputs.yaml:" in str(error.value)
    assert int(str(error.value).split("content/outputs.yaml:")[1].split(":")[0]) in range(line - 4, line + 1)


def test_the_minimum_card_type_is_read_in_points() -> None:
    written = yaml.safe_load((PROJECT / "content" / "outputs.yaml").read_text(encoding="utf-8"))
    size = written["print"]["cards"]["min_type"]
    assert size.endswith("pt")
    assert read_settings(PROJECT).print.card_min_type.pt == pytest.approx(float(size.removesuffix("pt")))
