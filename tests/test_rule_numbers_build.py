"""One number, one place: a changed table cell reaches every page that states it, in both languages.

A copy of the content gets a new climb cost, a new falling band, a new weapon
damage and a new blessing effect, and two numbers printed inside table words: the
Interact reach (the actions table's own `reach` cell, 1" to 2") and Synergy's
range (a parameter of `content/rules.yaml`, 6" to 8"); it still checks clean,
and the Core Rules and Requisitions booklets, the quick reference and the cards,
English and Spanish, all print the new values (the prose, the summaries and the
tables' words through their fields).
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
    replace_once(core, '{$rule.C4.2.overtime_actions:word} actions",\n', '{$rule.C4.2.overtime_actions:word} actions and heals",\n')
    replace_once(core, '{$rule.C4.2.overtime_actions:word} acciones"}', '{$rule.C4.2.overtime_actions:word} acciones y se cura"}')
    # Numbers inside table words: the Interact row's own reach cell, and a parameter of rules.yaml.
    replace_once(core, "        es: 'A {$table.actions.interact.reach}\". Recoge un objetivo o un arma caída'}\n"
                       "        dt: null\n        reach: 1\n",
                 "        es: 'A {$table.actions.interact.reach}\". Recoge un objetivo o un arma caída'}\n"
                 "        dt: null\n        reach: 2\n")
    # The Examine example claims Interact's reach, which the engine now computes as 2: the designer
    # updates its claim when the check says so, as here.
    replace_once(project / "content/examples/missions.yaml", "    claims: {reach: 1, total: 11,",
                 "    claims: {reach: 2, total: 11,")
    replace_once(project / "content/rules.yaml", "    synergy_range: {value: 6,", "    synergy_range: {value: 8,")
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


@pytest.mark.parametrize("lang", LANGS)
def test_a_reach_in_table_words_reaches_the_booklet_and_the_quick_reference(changed: Path, lang: str) -> None:
    # The actions table is printed in the booklet and in C4's summary; no card deck holds it.
    reach = {"en": "Within 2″. Grab objective", "es": "A 2″. Recoge un objetivo"}[lang]
    old = {"en": "Within 1″. Grab", "es": "A 1″. Recoge"}[lang]
    for pdf in ("screen/core-rules.pdf", "screen/quick-reference.pdf"):
        words = pdf_words(changed / lang / pdf)
        assert reach in words and old not in words, pdf
        assert "{$" not in words, pdf


@pytest.mark.parametrize("lang", LANGS)
def test_a_parameter_in_table_words_reaches_the_booklet_the_quick_reference_and_its_card(
        changed: Path, lang: str) -> None:
    synergy = {"en": "an ally within 8″ gains a bonus action", "es": "con un aliado a 8″ gana una acción extra"}[lang]
    old = {"en": "an ally within 6″", "es": "un aliado a 6″"}[lang]
    for pdf in ("screen/core-rules.pdf", "screen/quick-reference.pdf", "pod/cards-blessings.pdf"):
        words = pdf_words(changed / lang / pdf)
        assert synergy in words and old not in words, pdf
        assert "{$" not in words, pdf
