"""The glossary speaks of languages by code: a third language's words are checked from data alone.

The French overlay (its language entry, catalog and one translated section) is
laid over a copy of the minimal project; the glossary gains a French term with
words to avoid and a French form whose capitals are fixed. Each word planted in
the French section comes back at its line, in the French entry's plural; the
same words in the English section are not French text and are left alone. The
loader takes one format only and names a wrong language code at its line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project

from sacredwire.check import run_checks
from sacredwire.diagnostics import ContentError
from sacredwire.languages import use
from sacredwire.load import load_rulebook, read_language_entries

MINIMAL = PROJECT / "tests" / "roots" / "minimal" / "content"
FRENCH_OVERLAY = PROJECT / "tests" / "roots" / "french-overlay"
GLOSSARY = "content/glossary.yaml"
FRENCH = "content/core-rules/fr/01-basics.md"
ENGLISH = "content/core-rules/en/01-basics.md"
TERMS = ("  - {key: squad, kind: squad, en: squad, es: plantilla, fr: escouade,\n"
         "     avoid: {fr: [troupe, niveau de dé, équipe]}}\n"
         "  - {key: round, kind: turn, en: round, es: ronda, fr: manche, case: {fr: exact}}\n")
# (what the finding's message starts with, or None for a line with nothing to find; the line).
PLANTED = [
    ("'troupes' is a variant of the glossary term squad ('escouade')", "Les troupes lancent ensemble."),
    # The French entry's plural ending "x", and an accent left out.
    ("'niveaux de dé' is a variant", "Comparez les niveaux de dé."),
    ("'Equipe' is a variant", "Chaque Equipe joue."),
    ("'Manche': the glossary term round is written 'manche'", "À la fin de la Manche 3, comptez."),
    (None, "Manche 4 : la manche finit."),
]


def _load(root: Path) -> None:
    """Load the rulebook at ``root``; the project's own languages are put back for the tests after."""
    try:
        load_rulebook(root)
    finally:
        use(*read_language_entries(PROJECT))


def _findings(root: Path) -> list[tuple[str, str, int, str]]:
    """``(code, file, line, message)`` of each glossary finding at ``root``, in order."""
    try:
        findings = run_checks(load_rulebook(root), {"glossary"})
    finally:
        use(*read_language_entries(PROJECT))
    return sorted((finding.code, finding.location.file, finding.location.line, finding.message)
                  for finding in findings)


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The minimal project with French added and French glossary words to avoid."""
    project = copy_project(tmp_path_factory.mktemp("french-glossary"), MINIMAL)
    shutil.copytree(FRENCH_OVERLAY, project, dirs_exist_ok=True)
    book = project / "content" / "book.yaml"
    book.write_text(book.read_text(encoding="utf-8").replace("languages: [en]", "languages: [en, fr]"),
                    encoding="utf-8")
    glossary = project / GLOSSARY
    glossary.write_text(glossary.read_text(encoding="utf-8") + TERMS, encoding="utf-8")
    return project


def _append(path: Path, lines: list[str]) -> int:
    """Append ``lines`` as one paragraph; the line number of the first."""
    text = path.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    first = text.count("\n") + 1
    path.write_text(text + "\n".join(lines) + "\n", encoding="utf-8")
    return first


def test_a_french_word_to_avoid_is_found_at_its_line_in_french_text_only(french: Path) -> None:
    first = _append(french / FRENCH, [text for _, text in PLANTED])
    _append(french / ENGLISH, ["The troupe and the equipe stay English words here."])
    found = _findings(french)
    expected = [(FRENCH, first + index, start) for index, (start, _) in enumerate(PLANTED) if start]
    assert [code for code, *_ in found] == ["GLOSS001", "GLOSS001", "GLOSS001", "GLOSS002"], found
    assert len(found) == len(expected), found
    for (_, file, line, message), (want_file, want_line, start) in zip(sorted(found, key=lambda f: f[2]), expected,
                                                                      strict=True):
        assert (file, line) == (want_file, want_line) and message.startswith(start), (file, line, message)


@pytest.mark.parametrize("avoid, line, message", [
    # A code with no language entry: a typo, reported at the line of the mapping that holds it.
    ("avoid: {fr: [troupe], de: [Trupp]}", 9, "avoid of band names 'de', which is no language"),
    # The one format: words under their language's code, never a bare list.
    ("avoid: [troupe]", 6, "avoid of band must name its languages, as in avoid: {es: [escuadra]}"),
    ("avoid: {fr: troupe}", 9, "avoid of band: fr must be a list of words"),
])
def test_the_loader_takes_one_format_and_known_languages(french: Path, tmp_path: Path, avoid: str, line: int,
                                                          message: str) -> None:
    project = tmp_path / "project"
    shutil.copytree(french, project)
    glossary = project / GLOSSARY
    glossary.write_text(glossary.read_text(encoding="utf-8")
                        + f"  - key: band\n    kind: squad\n    en: band\n    {avoid}\n", encoding="utf-8")
    with pytest.raises(ContentError) as raised:
        _load(project)
    assert str(raised.value).startswith(f"{GLOSSARY}:{line}:"), str(raised.value)
    assert message in str(raised.value), str(raised.value)


def test_a_language_entry_without_plural_endings_is_refused_naming_the_field(french: Path, tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(french, project)
    entry = project / "content" / "languages" / "fr.yaml"
    text = entry.read_text(encoding="utf-8")
    assert "\nplural_endings: [s, x]\n" in text
    entry.write_text(text.replace("\nplural_endings: [s, x]\n", "\n"), encoding="utf-8")
    with pytest.raises(ContentError) as raised:
        _load(project)
    assert str(raised.value).startswith("content/languages/fr.yaml:"), str(raised.value)
    assert "plural_endings" in str(raised.value)


def test_a_catalog_placeholder_is_no_word_of_the_language(french: Path, tmp_path: Path) -> None:
    # ``%(troupe)s`` names a value the program fills in; the same word written out is French text.
    project = tmp_path / "project"
    shutil.copytree(french, project)
    catalog = project / "locales" / "fr" / "LC_MESSAGES" / "messages.po"
    text = catalog.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
    first = text.count("\n") + 1
    catalog.write_text(text + '#, python-format\nmsgid "%(troupe)s wins"\nmsgstr "%(troupe)s gagne"\n\n'
                       'msgid "The troupe wins"\nmsgstr "La troupe gagne"\n', encoding="utf-8")
    found = [(file, line, message) for code, file, line, message in _findings(project) if file.endswith(".po")]
    assert found == [("locales/fr/LC_MESSAGES/messages.po", first + 4,
                      "'troupe' is a variant of the glossary term squad ('escouade')")], found
