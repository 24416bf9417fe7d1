"""The pseudo-language's cards, read back: what the next translation will do to a card.

The ``pseudo_build_dir`` build lays the ``qps`` cards out (a card whose text
does not fit even set tight fails it); the press edition's single cards are
finished from that layout here, and read as a player holds them:

- no card text within the safe margin the print settings give (cut at the
  trim, or too close to it for the printer);
- no text printed over other text (a rule pushed out of its panel onto the
  footer, a label run into its neighbour);
- no string that escaped translation: a template's or a table's English (the book's
  version, in every card's footer, is printed as it is in every language).

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
    # Every card's footer prints the book's version, which every language prints as it is.
    version = str(yaml.safe_load((pseudo_project_dir / "content" / "book.yaml").read_text(encoding="utf-8"))
                  ["version"])
    assert version in text
    assert [word for word in escaped(text, headings) if word != version] == []


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


# --- the fitting itself, on two cards -----------------------------------------------------------------


def _sides(document) -> dict[str, set[str]]:  # type: ignore[no-untyped-def]
    """Each card's classes, read from the laid-out boxes of its sides."""
    found: dict[str, set[str]] = {}

    def walk(box) -> None:  # type: ignore[no-untyped-def]
        box = getattr(box, "_box", box)  # an absolutely positioned box sits behind a placeholder
        element = getattr(box, "element", None)
        if element is not None and element.get("data-owner") and element.tag == "article":
            found.setdefault(element.get("data-owner"), set()).update(element.get("class", "").split())
        for child in getattr(box, "children", ()):
            walk(child)

    for page in document.pages:
        walk(page._page_box)
    return found


def test_only_a_card_whose_text_does_not_fit_is_set_tight() -> None:
    from markupsafe import Markup

    from sacredwire.layout._boxes import spills
    from sacredwire.layout.cards import tighten
    from sacredwire.load import load_rulebook
    from sacredwire.render import RenderContext, render
    from sacredwire.render.cards import Card, Stat
    from sacredwire.render.pages import PageMap

    def card(owner: str, label: str) -> Card:
        stats = tuple(tuple(Stat(f"{label}{row}{column}", Markup("2d6")) for column in range(4)) for row in range(3))
        return Card(owner=owner, deck="test", family="Test units", booklet="", name=Markup(owner), name_size="l",
                    roll=None, stats=stats, texts=(Stat("Special", Markup("Opportunist. " * 4)),), note=None,
                    rule_id="I3.1", text_size="l")

    # Short labels keep each row of stats one line; labels as long as a longer language gives them wrap
    # each row onto two or more, and the rule below runs out of the panel.
    html = render("cards", RenderContext(load_rulebook(PROJECT), "en", PageMap()),
                  deck=[card("Fits", "Hp"), card("Crowded", "Resistance")])
    document = tighten(html, PROJECT, "test cards")
    assert spills(document) == []
    sides = _sides(document)
    assert "tight" not in sides["Fits"]
    assert "tight" in sides["Crowded"]
