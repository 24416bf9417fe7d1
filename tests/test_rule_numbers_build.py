"""One number, one place: a changed table cell reaches every page that states it, in both languages.

A copy of the content gets a new climb cost, a new falling band, a new weapon
damage and a new blessing effect, and two numbers printed inside table words: the
Interact reach (the actions table's own `reach` cell, 1" to 2") and Synergy's
range (a parameter of `content/rules.yaml`, 6" to 8"); it still checks clean,
and the Core Rules and Requisitions booklets, the quick reference and the cards,
English and Spanish, all print the new values (the prose, the summaries and the
tables' words through their fields). The copy is the one the other rule-number
tests change too (tests/changed_numbers.py), built once.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import pdf_words

LANGS = ("en", "es")




@pytest.fixture(scope="module")
def changed(changed_numbers_build: Path) -> Path:
    """The session's build of the changed copy (tests/changed_numbers.py)."""
    return changed_numbers_build


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
