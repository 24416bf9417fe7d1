"""Each check finds its planted fault: one scenario tree per check, exact findings.

The trees live under tests/roots/check-*/; each is a clean minimal project with
one fault. Worked examples are left to the engine's tests, so the examples
family is not run here.
"""

from __future__ import annotations

import re

import pytest
from conftest import PROJECT
from doctests import run_doctests

from sacredwire.check import REGISTRY, run_checks
from sacredwire.diagnostics import Severity
from sacredwire.load import load_rulebook

ROOTS = PROJECT / "tests" / "roots"
FAMILIES = REGISTRY.families() - {"examples"}
EN = "content/core-rules/en/01-basics.md"
ES = "content/core-rules/es/01-basics.md"
TABLES = "content/tables/core.yaml"
BOOK = "content/book.yaml"
OUTPUTS = "content/outputs.yaml"

# scenario: [(code, file, line, words of the message)]
SCENARIOS = {
    "check-xref-unknown-target": [("XREF001", EN, 5, "unknown section C1.7")],
    "check-xref-malformed": [("XREF002", EN, 5, "malformed reference {C1.2.3}")],
    "check-xref-letter": [("XREF003", EN, 5, "booklet letter 'R'")],
    "check-xref-plain-id": [("XREF004", EN, 5, "rule ID C1.2 written as plain text")],
    "check-xref-plain-volume": [("XREF006", EN, 5, "Vol. 5 cited as plain text")],
    "check-xref-short-title": [("XREF005", EN, 11, "{=C1.1} does not follow its title 'Dice'")],
    "check-xref-glued": [("XREF007", EN, 11, "{C1.3} prints its title 'Cover' right after 'cover'"),
                         ("XREF008", EN, 15, "{C1.1} prints its title 'Dice' right after '2d6'"),
                         ("XREF007", ES, 11, "{C1.3} prints its title 'Cobertura' right after 'Cobertura'"),
                         ("XREF008", ES, 15, "{C1.1} prints its title 'Dados' right after '2d6'")],
    "check-gloss-variant": [
        ("GLOSS001", BOOK, 12, "'escuadras' is a variant of the glossary term squad ('plantilla')"),
        ("GLOSS001", ES, 15, "'Armaduras Livianas' is a variant of the glossary term light ('Ligera')"),
        ("GLOSS001", TABLES, 3, "'escuadra' is a variant of the glossary term squad"),
        ("GLOSS001", "locales/es/LC_MESSAGES/messages.po", 6, "'Escuadra' is a variant"),
        ("GLOSS001", "templates/booklet/sheet.html.j2", 4, "'escuadra' is a variant")],
    "check-id-duplicate": [("ID001", EN, 13, f"duplicate section ID C1.2 (other instance at {EN}:9)")],
    "check-id-letter": [("ID002", EN, 13, "K1.3 is in core-rules, whose letter is C")],
    "check-id-chapter": [("ID003", EN, 13, "section C2.3 is under chapter C1")],
    "check-id-order": [("ID004", EN, 13, "section C1.2 comes after C1.3")],
    "check-table-gap": [("TBL001", TABLES, 2, "table armor (d6) has no row for 6")],
    "check-table-overlap": [("TBL002", TABLES, 12, "row plate: 2 already on row rags")],
    "check-table-outside-die": [("TBL003", TABLES, 13, "row shell: d6 cannot roll 7")],
    "check-table-malformed-roll": [("TBL004", TABLES, 12, "roll '3–5' is not a face")],
    "check-table-no-roll-column": [("TBL005", TABLES, 2, "rolled on d6 but has no roll column")],
    "check-table-missing-cell": [("TBL006", TABLES, 11, "row rags has no 'save' cell")],
    "check-table-missing-language": [("TBL007", TABLES, 11, "row rags, cell 'name' has no es text")],
    "check-table-unknown-term": [("TBL008", TABLES, 11, "'lite' is not a glossary term")],
    "check-table-malformed-dice": [("TBL009", TABLES, 11, "'d5' is not dice")],
    "check-table-placed-twice": [("TBL010", EN, 17, f"table armor is placed twice in this booklet (first at {EN}:7)")],
    "check-lang-booklet-missing": [("LANG001", BOOK, 8, "booklet core-rules has no Spanish text")],
    "check-lang-section-missing": [("LANG002", EN, 13, "C1.3 Cover has no Spanish section")],
    "check-lang-tables": [("LANG003", ES, 3, "tables differ from the English text: armor only in English")],
    "check-lang-examples": [("LANG004", ES, 9, "examples differ from the English text: ties only in English")],
    "check-lang-references": [("LANG005", ES, 3, "references differ from the English text: C1.2 only in English")],
    "check-lang-numbers": [("LANG006", ES, 5, "4 only in Spanish; 3 only in English")],
    "check-lang-stale": [("LANG007", ES, 13, "C1.3 was translated from an older English text")],
    "check-lang-glossary": [("LANG008", "content/glossary.yaml", 3, "glossary term light has no Spanish text")],
    "check-meta-version-package": [("META001", "pyproject.toml", 3, "package version 0.8.0 is not the book's version")],
    "check-meta-version-prose": [("META001", EN, 15, "version 0.8.0 in the text")],
    # A booklet with a bad letter cannot hold content: its section IDs would not parse.
    "check-meta-letter": [("META002", BOOK, 13, "booklet requisitions has letter 'R'"),
                          ("META005", BOOK, 13, "booklet requisitions has no content")],
    "check-meta-volume": [("META003", BOOK, 8, "booklet core-rules has volume 6")],
    "check-meta-duplicate": [("META004", BOOK, 13, f"repeats the letter C of the booklet at {BOOK}:8")],
    "check-meta-no-content": [("META005", BOOK, 13, "booklet requisitions has no content")],
    "check-set-deck-name": [("SET001", OUTPUTS, 12, "card deck name 'Armor Cards' is not a slug")],
    "check-set-deck-table": [("SET002", OUTPUTS, 12, "card deck 'armor': no table matches 'armour'")],
    "check-set-deck-column": [("SET003", TABLES, 2, "table armor: column 'save' has no place on its cards")],
    "check-set-roster": [("SET004", OUTPUTS, 4, "roster booklet 'campaign' is not a booklet")],
    "check-set-print": [("SET005", OUTPUTS, 16, "press slug 4 mm leaves no room for crop marks")],
    "check-meta-unread-folder": [("META006", "content/core_rules/en/01-basics.md", 1,
                                  "content/core_rules/en/ is not a booklet and language")],
    "check-meta-stray-file": [("META007", "content/tables/notes.txt", 1, "content/tables/notes.txt is never read")],
    "check-meta-source-stamp": [("META008", EN, 13, "C1.3: malformed {from=...} on the heading")],
    "check-safe-attachment": [("SAFE001", EN, 15, '<a rel="attachment"> would embed a file')],
    "check-safe-script-link": [("SAFE002", EN, 15, "javascript: URLs are not allowed")],
    "check-safe-file-read": [("SAFE003", EN, 15, "image '../../pyproject.toml'")],
    "check-safe-element": [("SAFE004", EN, 15, "raw HTML <style> is not allowed")],
    "check-safe-depth": [("SAFE005", EN, 117, "elements nested more than 100 deep")],
    "check-safe-open-comment": [("SAFE006", EN, 15, "HTML comment '<!--' is not closed")],
    "check-num-typed": [("NUM001", EN, 5, "C1.1 (en): '3' is typed by hand"),
                        ("NUM001", ES, 5, "C1.1 (es): '3' is typed by hand")],
    "check-num-field": [("NUM002", EN, 5, "content/rules.yaml has no parameter 'reach' under C1.1"),
                        ("NUM002", ES, 5, "content/rules.yaml has no parameter 'reach' under C1.1")],
    "check-num-languages": [("NUM003", ES, 3, "lacks {$rule.C1.1.engage}; prints {$table.armor.plate.save}")],
    "check-qref-no-summary": [("QREF001", "content/quick-reference.yaml", 3, "C1.1 has no '::: summary' block")],
}
# Planted elsewhere: GLYPH001 needs the shipped fonts of templates/, which the
# scenario trees do not have (tests/hardening/test_untrusted_content.py); the
# allow-list's SAFE007 and SAFE008, one payload each (tests/hardening/test_html_allowlist.py); SAFE009
# and QREF002 in tests/hardening/test_content_structure.py. SQUAD001 and SQUAD002 are planted in a copy
# of the real content (tests/test_squad.py): they need its tables. Art findings need image files,
# made by tests/check/test_check_art.py. The Spanish norms and the glossary's capitals are planted in a
# copy of the real content (test_spanish_norms.py): they need its text, glossary and catalog. CAT codes
# need the catalogs of locales/ (tests/test_translator.py). PAGE codes need a build's page map
# (tests/test_pagemap.py).
PLANTED_ELSEWHERE = {"GLYPH001", "SAFE007", "SAFE008", "SAFE009", "QREF002", "SQUAD001", "SQUAD002",
                     "ART000", "ART001", "ART002", "ART003", "ART004", "ART005", "ART006", "ART007",
                     "GLOSS002", *(f"ES{number:03}" for number in range(1, 11)),
                     "CAT001", "CAT002", "CAT003", "CAT004", "PAGE001", "PAGE002"}


def _findings(scenario: str):
    return run_checks(load_rulebook(ROOTS / scenario), families=FAMILIES)


@pytest.mark.parametrize("scenario", ["check-clean", "check-clean-en"])
def test_clean_scenarios_have_no_findings(scenario: str) -> None:
    assert [str(finding) for finding in _findings(scenario)] == []


@pytest.mark.parametrize("scenario, expected", SCENARIOS.items(), ids=list(SCENARIOS))
def test_planted_fault_is_found(scenario: str, expected: list[tuple[str, str, int, str]]) -> None:
    findings = _findings(scenario)
    assert [(f.code, f.location.file, f.location.line) for f in findings] == \
        [(code, file, line) for code, file, line, _ in expected], [str(f) for f in findings]
    for finding, (_, _, _, words) in zip(findings, expected):
        assert words in finding.message
        assert finding.hint, f"{finding.code} has no hint"


def test_only_stale_translations_and_wording_are_warnings() -> None:
    severities = {f.code: f.severity for scenario in SCENARIOS for f in _findings(scenario)}
    assert {code for code, severity in severities.items() if severity is Severity.WARNING} == \
        {"LANG007", "XREF007", "XREF008", "GLOSS001"}


def _documented_codes() -> set[str]:
    readme = (PROJECT / "content" / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Checker findings", 1)[1]
    return set(re.findall(r"^\| ([A-Z]+\d{3}) \|", section, re.MULTILINE))


def test_every_code_is_documented_and_planted() -> None:
    planted = {code for expected in SCENARIOS.values() for code, *_ in expected}
    documented = {code for code in _documented_codes() if not code.startswith("EX")}
    assert planted | PLANTED_ELSEWHERE == documented


def test_every_scenario_tree_is_tested() -> None:
    trees = {path.name for path in ROOTS.glob("check-*")}
    assert trees == set(SCENARIOS) | {"check-clean", "check-clean-en"}


def test_every_check_is_registered_once() -> None:
    names = [(registered.family, registered.name) for registered in REGISTRY]
    assert len(names) == len(set(names))
    assert FAMILIES == {"xref", "ids", "tables", "languages", "metadata", "settings", "glossary", "safety",
                        "glyphs", "quickref", "squads", "art", "spanish", "catalogs", "numbers", "pagemap"}


def test_doctests() -> None:
    from sacredwire import report, runs
    from sacredwire.check import glossary, metadata, tables

    for module in (report, runs, metadata, tables, glossary):
        run_doctests(module)
