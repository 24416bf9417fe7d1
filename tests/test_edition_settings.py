"""The editions and their preflight take the print geometry from content/outputs.yaml.

A project that prints its cards at another size, or asks its printers for
another bleed, changes ``outputs.yaml`` only: the cards are laid out at that
size, the editions cut that bleed, and the preflight of every file expects
what the content says, not the print services' usual values.
"""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
import pytest
from conftest import PROJECT, copy_project, run_sw28

MINIMAL = PROJECT / "tests" / "roots" / "minimal" / "content"
MM = 72 / 25.4
CARD_MM = (63.0, 88.0)   # a European card, not the US poker card the defaults describe
POD_BLEED_MM, PRESS_BLEED_MM = 2.5, 5.0   # the pod bleed under the 0.125 in the defaults ask for
# A deck for the minimal project, which has no cards of its own.
GIFTS = """  - id: gifts
    title: {en: Gifts, es: Regalos}
    die: d4
    columns:
      - {key: roll, kind: roll, title: {en: d4, es: d4}}
      - {key: name, kind: text, title: {en: Gift, es: Regalo}}
      - {key: effect, kind: text, title: {en: Effect, es: Efecto}}
    rows:
      - {key: coin, roll: "1-2", name: {en: Coin, es: Moneda}, effect: {en: Gain a coin., es: Gana una moneda.}}
      - {key: cake, roll: "3-4", name: {en: Cake, es: Pastel}, effect: {en: Eat the cake., es: Come el pastel.}}
"""


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("geometry"), MINIMAL)
    with (project / "content" / "tables" / "core.yaml").open("a", encoding="utf-8") as tables:
        tables.write(GIFTS)
    outputs = project / "content" / "outputs.yaml"
    _replace(outputs, "cards: []", "cards:\n  - deck: gifts\n    tables: [gifts]\n    stats: []\n    texts: [effect]")
    _replace(outputs, "pod: {bleed: 0.125in,", f"pod: {{bleed: {POD_BLEED_MM:g}mm,")
    _replace(outputs, "press: {bleed: 3mm,", f"press: {{bleed: {PRESS_BLEED_MM:g}mm,")
    _replace(outputs, "width: 2.5in", f"width: {CARD_MM[0]:g}mm")
    _replace(outputs, "height: 3.5in", f"height: {CARD_MM[1]:g}mm")
    result = run_sw28("build", "core-rules", "cards", "--lang", "en", cwd=project)
    # The build preflights every file it writes: a profile still expecting 2.5 x 3.5 in
    # cards or a 0.125 in bleed fails it here.
    assert result.returncode == 0, result.stdout + result.stderr
    return project / "build" / "en"


def _boxes(path: Path) -> list[dict[str, tuple[float, float, float, float]]]:
    with pikepdf.open(io.BytesIO(path.read_bytes())) as pdf:
        assert len(pdf.pages) > 0
        return [{key: tuple(float(v) for v in page.obj[key]) for key in ("/MediaBox", "/BleedBox", "/TrimBox")
                 if key in page.obj} for page in pdf.pages]


def _size_mm(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return round((box[2] - box[0]) / MM, 2), round((box[3] - box[1]) / MM, 2)


def _bleed_mm(page: dict[str, tuple[float, float, float, float]]) -> float:
    trim, bleed = page["/TrimBox"], page["/BleedBox"]
    return round(min(trim[0] - bleed[0], trim[1] - bleed[1], bleed[2] - trim[2], bleed[3] - trim[3]) / MM, 2)


def test_cards_are_cut_at_the_size_outputs_yaml_gives(built: Path) -> None:
    for deck in (built / "pod" / "cards-gifts.pdf", built / "press" / "cards-single.pdf"):
        pages = _boxes(deck)
        assert {_size_mm(page["/TrimBox"]) for page in pages} == {CARD_MM}, deck.name


def test_print_editions_cut_the_bleed_outputs_yaml_gives(built: Path) -> None:
    expected = {"pod": POD_BLEED_MM, "press": PRESS_BLEED_MM}
    for edition, files in (("pod", ("core-rules.pdf", "cards-gifts.pdf")), ("press", ("core-rules.pdf",))):
        assert files
        for name in files:
            pages = _boxes(built / edition / name)
            assert {_bleed_mm(page) for page in pages} == {expected[edition]}, f"{edition}/{name}"
