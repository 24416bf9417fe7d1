"""Wording checks at the edges: Spanish inflections and the introducing words."""

from __future__ import annotations

import pytest

from sacredwire.check.glossary import variant_pattern
from sacredwire.check.reference_style import _repeated_title_word, _unfit_word_before
from sacredwire.diagnostics import Location
from sacredwire.languages import language
from sacredwire.model import XRef


@pytest.mark.parametrize("phrase, text", [
    ("escuadra", "Hoja de Escuadras"),
    ("emisión", "dos emisiones"),
    ("emisión", "la emision"),
    ("nivel de armadura", "los niveles  de armaduras"),
    ("tier", "Tiers de unidad"),
])
def test_variant_found_in_any_case_accent_and_plural(phrase: str, text: str) -> None:
    assert variant_pattern(phrase, language("es").plural_endings).search(text)


@pytest.mark.parametrize("phrase, text", [
    ("escuadra", "escuadrilla"),
    ("tier", "frontier"),
    ("tier", "tierra"),
    ("nivel de armadura", "nivel de dado"),
])
def test_variant_is_a_whole_word(phrase: str, text: str) -> None:
    assert not variant_pattern(phrase, language("es").plural_endings).search(text)


def _xref(before: str) -> XRef:
    return XRef(raw="C4.13", target=None, short=False, location=Location("x.md", 1), preceding_text=before)


@pytest.mark.parametrize("before, lang", [
    ("", "en"), ("The rules are in ", "en"), ("as described; ", "en"), ("(see ", "en"),
    ("Roll again. ", "en"), ("- **Melee**: ", "en"), ("se explica en ", "es"), ("ver ", "es"),
])
def test_title_can_follow(before: str, lang: str) -> None:
    assert _unfit_word_before(_xref(before), lang) is None


@pytest.mark.parametrize("before, lang, word", [
    ("armor and gear ", "en", "gear"), ("**bonus** ", "en", "bonus"),
    ("tells you to {A5.1} ", "en", "{A5.1}"), ("usa ", "es", "usa"), ("use ", "es", "use"),
    ('reduces Knockback by 1" ', "en", '1"'), ('weapons with "+N vs. armored" ', "en", 'armored"'),
    ("clubs with it (Improvised) ", "en", "(Improvised)"),
])
def test_title_cannot_follow(before: str, lang: str, word: str) -> None:
    assert _unfit_word_before(_xref(before), lang) == word


def test_repetition_is_within_the_clause_and_ignores_plurals() -> None:
    assert _repeated_title_word("takes no Cover penalty ", "Cover") == "Cover"
    assert _repeated_title_word("two melee weapons ", "Melee Weapons") == "weapons"
    assert _repeated_title_word("in ", "Cover") is None
    assert _repeated_title_word("one free Power from ", "Power Table") is None
    # "of" and "the" are not title words, even in "Line of Sight".
    assert _repeated_title_word("out of the ", "Line of Sight") is None


def test_avoid_that_is_not_a_list_is_reported_with_its_line(tmp_path) -> None:
    import shutil

    from conftest import PROJECT

    from sacredwire.diagnostics import ContentError
    from sacredwire.load import load_rulebook

    root = tmp_path / "project"
    shutil.copytree(PROJECT / "tests" / "roots" / "check-clean", root)
    glossary = root / "content" / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8")
                        + "  - {key: squad, kind: squad, en: squad, es: plantilla, avoid: escuadra}\n",
                        encoding="utf-8")
    with pytest.raises(ContentError) as raised:
        load_rulebook(root)
    assert str(raised.value).startswith("content/glossary.yaml:4:")
    assert "avoid" in str(raised.value)
