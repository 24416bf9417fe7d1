"""One number, one place: a changed table cell reaches every page that states it, in both languages.

A copy of the content gets a new climb cost, a new falling band, a new weapon
damage and a new blessing effect; it still checks clean, and the Core Rules and
Requisitions booklets, the quick reference and the cards, English and Spanish,
all print the new values (the prose and the summaries through their fields).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import build_sharing_cache, copy_project, pdf_words, replace_once, run_sw28

LANGS = ("en", "es")




@pytest.fixture(scope="module")
def changed(tmp_path_factory: pytest.TempPathFactory, layout_cache: Path) -> Path:
    project = copy_project(tmp_path_factory.mktemp("changed"))
    core = project / "content/tables/core.yaml"
    replace_once(core, "        action: {en: Climb, es: Escalar}\n        cost: 2\n",
             "        action: {en: Climb, es: Escalar}\n        cost: 3\n")
    replace_once(core, "        from: 10\n        to: 12\n        damage: 3d6\n",
             "        from: 10\n        to: 12\n        damage: 4d6\n")
    replace_once(core, "effect: {en: One model takes two actions, es: Una miniatura realiza dos acciones}",
             "effect: {en: One model takes two actions and heals, es: Una miniatura realiza dos acciones y se cura}")
    weapons = project / "content/tables/requisitions-weapons.yaml"
    replace_once(weapons, "        name: {en: Cable Whip, es: Látigo de Cable}\n        damage: d6\n",
             "        name: {en: Cable Whip, es: Látigo de Cable}\n        damage: d10\n")
    out = project / "out"
    for targets, edition in ((("core-rules", "requisitions", "quick-reference"), "screen"), (("cards",), "pod")):
        built = build_sharing_cache(layout_cache, project, out, *targets, "--lang", "all", "--edition", edition)
        assert built.returncode == 0, built.stdout + built.stderr
    # Checked as the designer does after the build, which rewrites the page map the change made stale.
    check = run_sw28("check", "--strict", cwd=project)
    assert check.returncode == 0, check.stdout + check.stderr
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_climb_cost_reaches_the_booklet_and_the_quick_reference(changed: Path, lang: str) -> None:
    booklet = pdf_words(changed / lang / "screen/core-rules.pdf")
    quick = pdf_words(changed / lang / "screen/quick-reference.pdf")
    climb = {"en": "Climb: 3″ per 1″ vertical", "es": "Escalar: 3″ por cada 1″ vertical"}[lang]
    assert climb in quick and {"en": "Climb: 2″", "es": "Escalar: 2″"}[lang] not in quick
    # The booklet's table row: Climb, 3", 1", vertical.
    assert re.search({"en": r"Climb 3″ 1″ vertical", "es": r"Escalar 3″ 1″ vertical"}[lang], booklet)


@pytest.mark.parametrize("lang", LANGS)
def test_falling_band_reaches_the_prose_the_table_and_the_quick_reference(changed: Path, lang: str) -> None:
    booklet = pdf_words(changed / lang / "screen/core-rules.pdf")
    quick = pdf_words(changed / lang / "screen/quick-reference.pdf")
    prose = {"en": "10 to 12″ deals 4d6", "es": "de 10 a 12″ inflige 4d6"}[lang]
    assert prose in booklet
    assert {"en": "12″ deals 3d6", "es": "12″ inflige 3d6"}[lang] not in booklet
    # The Falling table itself is placed in the section's summary: the quick reference prints it.
    assert re.search(r"10″ 12″ 4d6", quick) and not re.search(r"10″ 12″ 3d6", quick)
    assert {"en": "Beyond 12″, add 1d6", "es": "Más allá de 12″, suma 1d6"}[lang] in quick


@pytest.mark.parametrize("lang", LANGS)
def test_weapon_damage_reaches_the_booklet_and_its_card(changed: Path, lang: str) -> None:
    name = {"en": "Cable Whip", "es": "Látigo de Cable"}[lang]
    booklet = pdf_words(changed / lang / "screen/requisitions.pdf")
    assert re.search(rf"{name} d10 ", booklet) and not re.search(rf"{name} d6 ", booklet)
    card = pdf_words(changed / lang / "pod/cards-weapons.pdf")
    at = card.index(name)
    assert "d10" in card[at:at + 120] and " d6 " not in card[at:at + 60]


@pytest.mark.parametrize("lang", LANGS)
def test_blessing_effect_reaches_the_booklet_the_quick_reference_and_its_card(changed: Path, lang: str) -> None:
    effect = {"en": "One model takes two actions and heals", "es": "Una miniatura realiza dos acciones y se cura"}[lang]
    for pdf in ("screen/core-rules.pdf", "screen/quick-reference.pdf", "pod/cards-blessings.pdf"):
        assert effect in pdf_words(changed / lang / pdf), pdf
