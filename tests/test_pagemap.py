"""The committed page map: one layout per booklet in a cold build when it is up to date, right pages when not.

The layout work is read from the build's own record (``layouts``: passes and
parts laid out per booklet), never from a clock.
"""

from __future__ import annotations

import re
import subprocess
import threading
from pathlib import Path

import pikepdf
import pytest
from conftest import PROJECT, copy_project, run_sw28

from sacredwire.build_record import BuildRecord, inputs_digest
from sacredwire.check import run_checks
from sacredwire.diagnostics import ContentError, Severity
from sacredwire.ids import RuleId
from sacredwire.layout.verify import printed_references
from sacredwire.load import load_rulebook
from sacredwire.pagemap import (
    LanguagePages,
    page_map_path,
    page_map_text,
    read_page_map,
    sources_digest,
    update_page_map,
)

MINIMAL = PROJECT / "tests" / "roots" / "minimal" / "content"
PROSE = "content/core-rules/en/01-basics.md"
# The minimal booklet: one chapter, its front matter, its closing pages.
BUILD = ("build", "core-rules", "--edition", "screen")
PDF = Path("build/en/screen/core-rules.pdf")


def _build(project: Path) -> BuildRecord:
    result = run_sw28(*BUILD, cwd=project)
    assert result.returncode == 0, result.stdout + result.stderr
    record = BuildRecord.read(project / "build")
    assert record is not None
    return record


def _printed_pages(pdf: Path) -> dict[str, int]:
    """Rule ID -> the page the PDF's own text prints for it, from every '(C1.2, p. 3)' poppler reads."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    found = {match[1]: int(match[2]) for match in re.finditer(r"\((C\d+\.\d+), p\.\s+(\d+)\)", text)}
    assert found, "no page reference in the PDF's text"
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A minimal project with no map, built once: (project, the map that build wrote)."""
    project = copy_project(tmp_path_factory.mktemp("pagemap"), MINIMAL)
    assert not page_map_path(project).exists()
    _build(project)
    return project, page_map_path(project).read_text(encoding="utf-8")


def test_a_build_writes_the_map_of_every_section(built: tuple[Path, str]) -> None:
    project, text = built
    committed = read_page_map(project)
    assert committed is not None and set(committed) == {"en"}
    pages = committed["en"].booklets["core-rules"]
    assert list(pages) == [RuleId.parse("C1"), RuleId.parse("C1.1"), RuleId.parse("C1.2")]
    assert committed["en"].sources == sources_digest(project, "en", ("en",))
    # The pages the build measured are the ones the record kept.
    record = BuildRecord.read(project / "build")
    assert record is not None
    assert {str(section): page for section, page in pages.items()} == {
        str(section): record.pages["en"]["core-rules"][section.anchor] for section in pages}
    assert text == page_map_text(committed)


def test_cold_build_with_an_up_to_date_map_lays_each_booklet_out_once(built: tuple[Path, str],
                                                                      tmp_path: Path) -> None:
    project = copy_project(tmp_path, built[0] / "content")  # the map comes along, the build folder does not
    assert page_map_path(project).read_text(encoding="utf-8") == built[1]
    record = _build(project)
    assert record.layouts == {"en": {"core-rules": {"passes": 1, "parts": 3}}}
    assert page_map_path(project).read_text(encoding="utf-8") == built[1]  # same pages, same bytes
    committed = read_page_map(project)
    assert committed is not None
    printed = _printed_pages(project / PDF)
    assert printed == {str(section): page for section, page in committed["en"].booklets["core-rules"].items()
                       if str(section) in printed}


def test_stale_map_gives_the_right_pages_and_is_rewritten(built: tuple[Path, str], tmp_path: Path) -> None:
    project = copy_project(tmp_path, built[0] / "content")
    committed = read_page_map(project)
    assert committed is not None
    right = committed["en"].booklets["core-rules"]
    wrong = {section: page + 4 for section, page in right.items()}
    page_map_path(project).write_text(page_map_text({"en": LanguagePages(committed["en"].sources,
                                                                          {"core-rules": wrong})}))
    record = _build(project)
    assert record.layouts["en"]["core-rules"]["passes"] == 2
    printed = _printed_pages(project / PDF)
    assert printed == {str(section): page for section, page in right.items() if str(section) in printed}
    assert {RuleId.parse(section) for section in printed} & set(right), "no reference printed a section's page"
    assert page_map_path(project).read_text(encoding="utf-8") == built[1]


def test_the_map_is_no_input_of_the_build(built: tuple[Path, str], tmp_path: Path) -> None:
    """A build that rewrites the map is still the last build: the same build again does nothing."""
    project = copy_project(tmp_path, built[0] / "content")
    before = inputs_digest(project, {})
    page_map_path(project).write_text("en: {}\n")
    assert inputs_digest(project, {}) == before


def test_check_says_when_the_map_is_stale(built: tuple[Path, str], tmp_path: Path) -> None:
    project = copy_project(tmp_path, built[0] / "content")
    assert run_checks(load_rulebook(project), families=("pagemap",)) == []
    prose = project / PROSE
    prose.write_text(prose.read_text().replace("Roll two dice.", "Roll two dice, then add them."))
    (finding,) = run_checks(load_rulebook(project), families=("pagemap",))
    assert (finding.code, finding.severity, finding.location.file) == ("PAGE001", Severity.WARNING,
                                                                        "content/pagemap.yaml")
    assert finding.location.line == 5  # the language's sources
    assert "en pages were measured from other sources" in finding.message
    result = run_sw28("check", "--strict", cwd=project)
    assert result.returncode == 1 and "PAGE001" in result.stdout, result.stdout + result.stderr
    page_map_path(project).write_text("en: [1, 2]\n")
    (finding,) = run_checks(load_rulebook(project), families=("pagemap",))
    assert (finding.code, finding.location.line) == ("PAGE002", 1)


def test_a_project_without_a_map_has_no_finding(tmp_path: Path) -> None:
    project = copy_project(tmp_path, MINIMAL)
    assert run_checks(load_rulebook(project), families=("pagemap",)) == []


@pytest.mark.parametrize("text, line, words", [
    ("en:\n  sources: abc\n  booklets:\n    core-rules:\n      C1.x: 3\n", 5, "malformed rule ID"),
    ("en:\n  sources: abc\n  booklets:\n    core-rules:\n      C1.1: 0\n", 5, "whole number from 1"),
    ("en:\n  sources: abc\n", 2, "'sources' (a digest) and 'booklets'"),
    ("- en\n", 1, "mapping of languages"),
])
def test_a_malformed_map_is_a_file_line_error(tmp_path: Path, text: str, line: int, words: str) -> None:
    (tmp_path / "content").mkdir()
    page_map_path(tmp_path).write_text(text)
    with pytest.raises(ContentError) as error:
        read_page_map(tmp_path)
    assert error.value.location.file == "content/pagemap.yaml"
    assert error.value.location.line == line and words in error.value.message


def test_the_text_is_one_order_whatever_the_order_given() -> None:
    ids = [RuleId.parse(name) for name in ("C10.1", "C2", "C2.10", "C2.2", "C10")]
    pages = dict(zip(ids, range(1, 6)))
    first = page_map_text({"es": LanguagePages("b", {"z": pages, "a": {}}), "en": LanguagePages("a", {})})
    second = page_map_text({"en": LanguagePages("a", {}),
                            "es": LanguagePages("b", {"a": {}, "z": dict(reversed(list(pages.items())))})})
    assert first == second
    assert first.index("      C2: 2") < first.index("      C2.2: 4") < first.index("      C2.10: 3") \
        < first.index("      C10: 5") < first.index("      C10.1: 1")


def test_builds_at_once_keep_each_others_languages(tmp_path: Path) -> None:
    """Writers at once each add their language: none is lost, and the file is always whole."""
    (tmp_path / "content").mkdir()
    languages = [f"l{number}" for number in range(12)]
    start = threading.Barrier(len(languages))
    problems: list[BaseException] = []

    def write(lang: str) -> None:
        try:
            start.wait()
            update_page_map(tmp_path, {lang: LanguagePages(lang * 4, {"core-rules": {RuleId.parse("C1"): 3}})})
            assert read_page_map(tmp_path) is not None  # never half a file
        except BaseException as error:  # reported below, in the test's own thread
            problems.append(error)

    threads = [threading.Thread(target=write, args=(lang,)) for lang in languages]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert problems == []
    committed = read_page_map(tmp_path)
    assert committed is not None and sorted(committed) == sorted(languages)
    assert [path.name for path in (tmp_path / "content").iterdir()] == ["pagemap.yaml"]


def test_a_language_keeps_booklets_not_laid_out_while_its_sources_are_the_same(tmp_path: Path) -> None:
    (tmp_path / "content").mkdir()
    one, two = {RuleId.parse("C1"): 3}, {RuleId.parse("A1"): 4}
    update_page_map(tmp_path, {"en": LanguagePages("s1", {"core-rules": one})})
    assert not update_page_map(tmp_path, {"en": LanguagePages("s1", {"core-rules": one})})  # nothing new
    update_page_map(tmp_path, {"en": LanguagePages("s1", {"requisitions": two})})
    assert read_page_map(tmp_path)["en"].booklets == {"core-rules": one, "requisitions": two}
    update_page_map(tmp_path, {"en": LanguagePages("s2", {"requisitions": two})})
    assert read_page_map(tmp_path)["en"].booklets == {"requisitions": two}


def test_the_reference_reader_reads_what_poppler_reads(built: tuple[Path, str]) -> None:
    """The build's page-reference reader (pikepdf and the shared tokenizer) against poppler's text."""
    project = built[0]
    rulebook = load_rulebook(project)
    with pikepdf.open(project / PDF) as pdf:
        references = printed_references(pdf, "core-rules", rulebook.meta)
    assert references
    assert {str(reference.target): reference.printed_page for reference in references} == \
        _printed_pages(project / PDF)
