"""One number, one place, in Inhuman Resources and Campaign: a changed parameter or cell reaches the PDFs.

A copy of the content gets a new Inhuman Resources parameter (the spacing of a
spawn's models), a new Campaign parameter (the Evidence that triggers The
Signal), a new hostile weapon's damage and a new Promotion threshold; it
still checks clean, and both booklets (prose and tables) and the quick
reference (the summaries), English and Spanish, print the new values. The copy
is the one the other rule-number tests change too (tests/changed_numbers.py), built once.
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
def test_inhuman_resources_parameter_reaches_the_booklet_and_the_quick_reference(changed: Path, lang: str) -> None:
    booklet = pdf_words(changed / lang / "screen/inhuman-resources.pdf")
    quick = pdf_words(changed / lang / "screen/quick-reference.pdf")
    # The prose in the booklet; the section's summary on the quick reference.
    assert {"en": "as the location allows, at least 2″ apart", "es": "y separadas al menos 2″"}[lang] in booklet
    assert {"en": "place near the center, 2″+ apart", "es": "coloca cerca del centro, a 2″+ entre sí"}[lang] in quick
    assert {"en": "at least 1″ apart", "es": "separadas al menos 1″"}[lang] not in booklet
    assert {"en": "1″+ apart", "es": "a 1″+ entre sí"}[lang] not in quick


@pytest.mark.parametrize("lang", LANGS)
def test_campaign_parameter_reaches_the_booklet(changed: Path, lang: str) -> None:
    booklet = pdf_words(changed / lang / "screen/campaign.pdf")
    assert {"en": "reaches 6 or more Evidence", "es": "alcanza 6 o más Pruebas"}[lang] in booklet
    assert {"en": "reaches 5 or more", "es": "alcanza 5 o más"}[lang] not in booklet


@pytest.mark.parametrize("lang", LANGS)
def test_hostile_weapon_cell_reaches_the_prose_and_the_table(changed: Path, lang: str) -> None:
    booklet = pdf_words(changed / lang / "screen/inhuman-resources.pdf")
    prose = {"en": "Static Burst is a Broadcast d10 Power", "es": "tipo Emisión y daño d10;"}[lang]
    assert prose in booklet
    assert {"en": "a Broadcast d6 Power", "es": "Emisión y daño d6;"}[lang] not in booklet


@pytest.mark.parametrize("lang", LANGS)
def test_promotion_threshold_cell_reaches_the_prose_and_the_table(changed: Path, lang: str) -> None:
    booklet = pdf_words(changed / lang / "screen/campaign.pdf")
    prose = {"en": "11, 16 and 23 Merits. The step", "es": "11, 16, 23 Méritos (la diferencia"}[lang]
    assert prose in booklet
    assert not re.search(r"16(,| and) 22 ", booklet)
    # The Promotion Thresholds table's last row: the seventh Promotion at 23 Merits.
    assert " 7 23 " in booklet and " 7 22 " not in booklet
