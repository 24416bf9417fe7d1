"""Numbers inside table words: a number typed by hand in a checked table file's words is a finding at the
YAML line of that language's words (NUM001), both languages print the same fields (NUM003), and every
output that prints table words as plain text (the kit) prints the fields' values, never a raw field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import PROJECT, copy_content, pdf_words

from sacredwire.check import run_checks
from sacredwire.check.numbers import number_tally, table_words
from sacredwire.engine_adapter import rules_from_tables
from sacredwire.kit.mission import MissionRoller
from sacredwire.kit.sheets import mission_sheet
from sacredwire.load import load_rulebook
from sacredwire.model import Rulebook
from sacredwire.web.kit_data import kit_script

CORE = "content/tables/core.yaml"
MISSIONS = "content/tables/missions.yaml"

# (file, the field as written, what a careless edit types instead, the finding's words)
PLANTED = [
    (CORE, "effect: {en: 'Within {$table.actions.interact.reach}\". Grab objective",
     "effect: {en: 'Within 1\". Grab objective", "table actions, row interact, effect (en): '1' is typed by hand"),
    (CORE, "es: 'A {$table.actions.interact.reach}\". Recoge", "es: 'A 1\". Recoge",
     "table actions, row interact, effect (es): '1' is typed by hand"),
    (MISSIONS, "es: \"Primero en completar {$rule.M2.11.win_steps} pasos", "es: \"Primero en completar tres pasos",
     "table mission-table, row lockdown, goal (es): 'tres' is typed by hand"),
    (CORE, "note: {en: \"Assign {$rule.C2.1.dice_per_attribute:word} die", "note: {en: \"Assign 1 die",
     "table stat-arrays, note (en): '1' is typed by hand"),
]


@pytest.fixture(scope="module")
def rulebook() -> Rulebook:
    return load_rulebook(PROJECT)


def _plant(root: Path, rel: str, field: str, typed: str) -> int:
    """Type ``typed`` where ``field`` stood in the copied content; the line it stands on."""
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert text.count(field) == 1, f"{field!r} is no longer once in {rel}: update this planted number"
    path.write_text(text.replace(field, typed), encoding="utf-8")
    return text[:text.index(field)].count("\n") + 1


def _copy(tmp_path: Path) -> Path:
    copy_content(tmp_path)
    return tmp_path


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[list, list[int]]:
    """One copy of the content with every planted number (one check run), and the line of each."""
    root = _copy(tmp_path_factory.mktemp("planted"))
    lines = [_plant(root, rel, field, typed) for rel, field, typed, _ in PLANTED]
    return run_checks(load_rulebook(root)), lines


@pytest.mark.parametrize("index", range(len(PLANTED)), ids=[p[3].split(":")[0] for p in PLANTED])
def test_a_number_typed_in_table_words_is_a_finding_at_its_language_line(planted, index: int) -> None:
    findings, lines = planted
    rel, _, _, message = PLANTED[index]
    found = [finding for finding in findings if finding.code == "NUM001"]
    assert [(f.location.file, f.location.line) for f in found if message in f.message] == [(rel, lines[index])], \
        [str(finding) for finding in found]


def test_a_language_that_drops_a_field_of_a_cell_is_a_finding(planted) -> None:
    findings, lines = planted
    # The Spanish Lockdown goal lost the field its English prints; the Spanish Attribute Arrays note
    # (the line after the English) prints the one its English lost. Interact lost its field in both.
    found = {(f.location.file, f.location.line): f.message for f in findings if f.code == "NUM003"}
    assert sorted(found) == sorted([(MISSIONS, lines[2]), (CORE, lines[3] + 1)]), found
    assert found[(MISSIONS, lines[2])].endswith("lacks {$rule.M2.11.win_steps}")
    assert found[(CORE, lines[3] + 1)].endswith("prints {$rule.C2.1.dice_per_attribute} that en does not")


def test_a_table_file_not_yet_checked_reports_nothing_but_is_named_in_the_summary(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _plant(root, "content/rules.yaml", "checked_tables: [core, ", "checked_tables: [")
    _plant(root, CORE, "es: 'A {$table.actions.interact.reach}\". Recoge", "es: 'A 1\". Recoge")
    changed = load_rulebook(root)
    assert not [f for f in run_checks(changed) if f.code == "NUM001"]
    assert "tables/core.yaml" in number_tally(changed).unchecked


def test_the_checked_tables_hold_no_typed_number(rulebook: Rulebook) -> None:
    checked = [words for words in table_words(rulebook) if words.table.file_name in rulebook.checked_tables]
    assert {words.table.file_name for words in checked} >= {"core", "inhuman-resources", "missions"}
    assert [(str(words.location), words.typed) for words in checked if words.typed] == []
    assert sum(len(words.fields) for words in checked) > 300  # fields, not marks, carry the numbers


def test_the_kit_data_prints_table_words_with_their_values(rulebook: Rulebook) -> None:
    script = kit_script(rulebook, ("en", "es"), lambda rule_id, lang: f"{lang}/{rule_id}").decode("utf-8")
    assert "{$" not in script and "{not-a-rule:" not in script
    data = json.loads(script[script.index("{"):script.rindex(";")])
    zealot = next(row for row in data["rows"]["contract"] if row["key"] == "zealot")
    assert zealot["special"] == {"en": '+2" Move if ending Engaged, +1 DT Combat vs. 2+ enemies',
                                 "es": '+2" Mov si acaba Trabado, +1 ND Combate vs. 2+ enemigos'}
    goals = {row["key"]: row["words"] for table in data["langs"]["es"]["missionTables"] for row in table["rows"]}
    assert any("Controla más de los cuatro cuadrantes de 12\"" in word for word in goals["quadrants"])


def test_a_changed_parameter_reaches_the_kit_data(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _plant(root, "content/rules.yaml", "    scout_deploy_move: {value: 3,", "    scout_deploy_move: {value: 4,")
    script = kit_script(load_rulebook(root), ("en", "es"), lambda rule_id, lang: "").decode("utf-8")
    data = json.loads(script[script.index("{"):script.rindex(";")])
    scout = next(row for row in data["rows"]["contract"] if row["key"] == "scout")
    assert scout["special"] == {"en": 'Free Disengage, Move 4" after deployment',
                                "es": 'Destrabarse gratis, avanza 4" tras desplegar'}


@pytest.mark.parametrize("lang, goal", [("en", "Hold more of 3 relay nodes alone at game end"),
                                        ("es", "De los 3 nodos repetidores, controla en solitario")])
def test_the_mission_sheet_prints_the_goal_with_its_values(rulebook: Rulebook, tmp_path: Path, lang: str,
                                                           goal: str) -> None:
    # Seed 7 rolls Uplink, whose goal prints its node count from the mission table's markers column.
    roller = MissionRoller(rulebook, rules_from_tables(rulebook), lang)
    mission = roller.roll(7)
    assert mission.mission.row == "uplink"
    path = tmp_path / "mission.pdf"
    path.write_bytes(mission_sheet(rulebook, mission, roller.index, "a5"))
    text = pdf_words(path)
    assert goal in text and "{$" not in text and "{not-a-rule" not in text
