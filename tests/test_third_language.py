"""A third language from data alone: French, one section translated and the rest marked untranslated.

The French files (its language entry, its catalog, one translated section)
live in tests/roots/french-overlay/ and are laid over a copy of the minimal
project; nothing else is written for French but its code in book.yaml and the
table titles a build checks. The build must print French where there is
French, and the English of the section nobody translated yet, marked.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest
from conftest import PROJECT, copy_project, run_sw28
from web_harness import CHROMIUM, Browser, serve

from sacredwire.languages import use
from sacredwire.layout.verify import document_language, printed_references
from sacredwire.load import load_rulebook, read_language_entries

MINIMAL = PROJECT / "tests" / "roots" / "minimal" / "content"
FRENCH = PROJECT / "tests" / "roots" / "french-overlay"
NBSP = "\u00a0"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The minimal project with French added, built: one booklet in the screen edition, and the web edition."""
    project = copy_project(tmp_path_factory.mktemp("french"), MINIMAL)
    shutil.copytree(FRENCH, project, dirs_exist_ok=True)
    _edit(project / "content" / "book.yaml", "languages: [en]", "languages: [en, fr]")
    tables = project / "content" / "tables" / "core.yaml"
    for english, spanish, french_title in (("Armor", "Armadura", "Armure"), ("d4", "d4", "d4"),
                                           ("Tier", "Nivel", "Catégorie")):
        _edit(tables, f"{{en: {english}, es: {spanish}}}", f"{{en: {english}, es: {spanish}, fr: {french_title}}}")
    result = run_sw28("build", "core-rules", "web", "--lang", "fr", "--edition", "screen", "--out", "build",
                      cwd=project)
    assert result.returncode == 0, result.stdout + result.stderr
    return project


def test_the_translator_sees_what_is_left_to_translate(french: Path) -> None:
    result = run_sw28("translations", "--lang", "fr", cwd=french)
    assert "C1.2 Ties has no fr translation yet" in result.stdout, result.stdout
    # The translated section is not listed as missing.
    assert "C1.1 Dice has no fr" not in result.stdout


def test_the_french_booklet_prints_french_and_marks_what_is_not_translated(french: Path) -> None:
    pdf = french / "build" / "fr" / "screen" / "core-rules.pdf"
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    text = text.replace(NBSP, " ")
    # The translated section, with French quotes (guillemets) and a French catalog's words.
    assert "Lancez deux dés." in text
    assert "« Les égalités penchent vers le bas. »" in text
    assert "Sommaire" in text and "Contents" not in text
    # The section nobody translated: the English text, marked.
    assert "Pas encore traduit" in text
    assert "Lower DT wins ties" in text
    with pikepdf.open(pdf) as document:
        assert str(document.Root.Lang) == "fr"


def test_the_french_web_page_is_french(french: Path) -> None:
    page = (french / "build" / "web" / "fr" / "core-rules.html").read_text(encoding="utf-8")
    assert '<html lang="fr"' in page
    # Guillemets with the no-break spaces French sets inside them.
    assert f"«{NBSP}Les égalités penchent vers le bas.{NBSP}»" in page


def test_the_verifier_reads_the_french_page_references_in_the_french_entry_s_words(french: Path) -> None:
    """The build read every reference back (it fails otherwise); here the reader is shown to read French."""
    pdf = french / "build" / "fr" / "screen" / "core-rules.pdf"
    rulebook = load_rulebook(french)
    try:
        with pikepdf.open(pdf) as document:
            language = document_language(document)
            references = printed_references(document, "core-rules", rulebook.meta)
            pages = _destination_pages(document)
    finally:
        # Later tests read the project's own languages.
        use(*read_language_entries(PROJECT))
    assert (language.code, language.references.page) == ("fr", "p.")
    # "Pour les égalités : Ties (C1.2, p. N)" in the French section, and the reference of the English one
    # ("as Dice (C1.1, p. N) says"), printed in French: each read with the page its section starts on.
    assert [(str(reference.target), reference.printed_page) for reference in references] == \
        [("C1.2", pages["sec-C1-2"]), ("C1.1", pages["sec-C1-1"])]


def _destination_pages(document: pikepdf.Pdf) -> dict[str, int]:
    """Each named destination's page number."""
    numbers = {page.obj.objgen: number for number, page in enumerate(document.pages, start=1)}
    found = {}
    for name, destination in pikepdf.NameTree(document.Root.Names.Dests).items():
        target = destination.D if isinstance(destination, pikepdf.Dictionary) else destination
        found[str(name)] = numbers[target[0].objgen]
    return found


@pytest.mark.skipif(not CHROMIUM, reason="chromium is not installed")
def test_the_french_web_page_marks_the_untranslated_section_for_readers_and_screen_readers(
        french: Path, tmp_path: Path) -> None:
    browser = Browser(tmp_path / "profile")
    try:
        with serve(french / "build" / "web") as (url, _):
            browser.open()
            browser.go(url + "fr/core-rules.html")
            found = browser.evaluate("""(() => {
                const language = (element) => element.closest("[lang]").getAttribute("lang");
                const part = (id) => {
                    const section = document.getElementById(id);
                    const note = section.querySelector(".untranslated-note");
                    const text = section.querySelector("p:not(.untranslated-note)");
                    return {title: language(section.querySelector("h3")), text: language(text),
                            words: text.innerText, note: note && note.innerText, note_lang: note && language(note),
                            note_shown: !!note && note.getBoundingClientRect().height > 0
                                        && getComputedStyle(note).visibility === "visible"};
                };
                return {translated: part("C1.1"), untranslated: part("C1.2"),
                        contents: language(document.querySelector('.contents a[href="#C1.2"]'))};
            })()""")
    finally:
        browser.close()
    untranslated, translated = found["untranslated"], found["translated"]
    # The English text is read as English, under a visible note in French from the French catalog.
    assert "Lower DT wins ties" in untranslated["words"]
    assert (untranslated["title"], untranslated["text"], found["contents"]) == ("en-US", "en-US", "en-US")
    assert (untranslated["note"], untranslated["note_lang"], untranslated["note_shown"]) == \
        ("Pas encore traduit", "fr", True)
    # The translated section is French and carries no note.
    assert (translated["title"], translated["text"], translated["note"]) == ("fr", "fr", None)
    assert "Lancez deux dés." in translated["words"]
