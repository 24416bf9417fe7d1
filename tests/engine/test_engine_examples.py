"""Every worked example is executable, and a change that breaks one fails ``sw28 check``."""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sacredwire.check.examples import example_placement, failing_examples, verify_examples
from sacredwire.engine import EXAMPLE_CHECKS, ExampleInputError, Rules, run_example
from sacredwire.ids import ExampleId, RuleId, TableId
from sacredwire.load import load_rulebook
from sacredwire.model import Rulebook

PROJECT = Path(__file__).resolve().parents[2]

PROSE_BOOKLETS = ("core-rules", "requisitions", "inhuman-resources", "campaign", "missions")


def placed_in_english(rulebook: Rulebook) -> set[ExampleId]:
    return {placement.example for key in PROSE_BOOKLETS
            for section in rulebook.booklet(key, "en").all_sections() for placement in section.examples}


def with_example(rulebook: Rulebook, name: str, **changes) -> Rulebook:
    """The rulebook with one example changed (its given, claims, check or section)."""
    examples = dict(rulebook.examples)
    key = ExampleId(name)
    examples[key] = dataclasses.replace(examples[key], **changes)
    return dataclasses.replace(rulebook, examples=examples)


def outcome(rulebook: Rulebook, name: str):
    return next(o for o in verify_examples(rulebook) if str(o.example.id) == name)


def test_every_example_in_the_prose_is_verified(rulebook: Rulebook):
    outcomes = verify_examples(rulebook)
    assert [str(o.example.id) for o in outcomes if not o.passed] == []
    assert len(outcomes) >= 30
    assert placed_in_english(rulebook) == set(rulebook.examples)
    assert list(failing_examples(rulebook)) == [] and list(example_placement(rulebook)) == []


def test_every_check_used_is_registered_and_documented(rulebook: Rulebook):
    readme = (PROJECT / "content" / "README.md").read_text(encoding="utf-8")
    documented = readme.split("## Example checks", 1)[1]
    for name, registered in EXAMPLE_CHECKS.items():
        line = next((row for row in documented.splitlines() if row.startswith(f"| `{name}` |")), None)
        assert line is not None, f"{name} is not in README's Example checks"
        for key in registered.computes:
            assert f"`{key}`" in line, f"{name}: claim key {key} is not documented"
        # The last column names the conclusion an example of this check must claim.
        assert registered.concludes, f"{name} names no conclusion"
        assert line.rstrip(" |").rsplit("|", 1)[1].strip() == ", ".join(f"`{key}`" for key in registered.concludes)
    assert {example.check for example in rulebook.examples.values()} <= set(EXAMPLE_CHECKS)


def test_a_wrong_claim_names_both_numbers(rulebook: Rulebook):
    claims = {**rulebook.examples[ExampleId("damage")].claims, "health_after": 9}
    failed = outcome(with_example(rulebook, "damage", claims=claims), "damage")
    assert not failed.passed
    assert (failed.wrong, failed.computed["health_after"]) == (("health_after",), 10)


def test_a_mapping_claim_may_name_some_keys(rulebook: Rulebook):
    claims = {"remaining": {"Sunita Roche": 21}}
    assert outcome(with_example(rulebook, "budget", claims=claims), "budget").engine_agrees
    wrong = outcome(with_example(rulebook, "budget", claims={"remaining": {"Sunita Roche": 20}}), "budget")
    assert wrong.wrong == ("remaining",) and wrong.computed["remaining"]["Dmitri Osei"] == 45


def test_impossible_dice_are_reported(rulebook: Rulebook):
    given = {**rulebook.examples[ExampleId("triple")].given, "attacker_faces": [8, 8]}
    failed = outcome(with_example(rulebook, "triple", given=given), "triple")
    assert not failed.passed and "d6 cannot show 8" in failed.problem


@pytest.mark.parametrize("change, words", [
    ({"check": "overflows"}, "no example check 'overflows'"),
    ({"given": {"attacker_dice": "2d6", "defender_dice": "2d8", "attacker_total": 9, "defender_total": 9,
                "mood": "grim"}}, "opposed_roll does not read mood"),
    ({"given": {"attacker_dice": "2d6", "defender_dice": "2d8", "attacker_total": 9}}, "given needs 'defender_total'"),
])
def test_unreadable_examples_fail(rulebook: Rulebook, change, words):
    failed = outcome(with_example(rulebook, "ties", **change), "ties")
    assert not failed.passed and words in failed.problem


def test_a_missing_table_fails_every_example(rulebook: Rulebook):
    tables = {key: table for key, table in rulebook.tables.items() if key != TableId("armor-tiers")}
    outcomes = verify_examples(dataclasses.replace(rulebook, tables=tables))
    assert outcomes and not any(o.passed for o in outcomes)
    assert "needs the table 'armor-tiers'" in outcomes[0].problem


def test_ex002_placed_without_an_entry(rulebook: Rulebook):
    examples = {key: ex for key, ex in rulebook.examples.items() if key != ExampleId("fall")}
    findings = list(example_placement(dataclasses.replace(rulebook, examples=examples)))
    assert {f.code for f in findings} == {"EX002"}
    assert any(f.location.file == "content/core-rules/en/04-combat.md" and "fall is placed in C4.6" in f.message
               for f in findings)


def test_ex002_entry_never_placed(rulebook: Rulebook):
    ghost = dataclasses.replace(rulebook.examples[ExampleId("ties")], id=ExampleId("ghost"))
    findings = list(example_placement(dataclasses.replace(
        rulebook, examples={**rulebook.examples, ExampleId("ghost"): ghost})))
    assert [(f.code, f.message) for f in findings] == [("EX002", "example ghost is not placed in any section")]


def test_ex002_wrong_section(rulebook: Rulebook):
    changed = with_example(rulebook, "ties", section=RuleId.parse("C1.10"))
    findings = list(example_placement(changed))
    assert [f.code for f in findings] == ["EX002"]
    assert findings[0].location == changed.examples[ExampleId("ties")].location
    assert "has section C1.10 but is placed in C1.9" in findings[0].message


# --- the examples bite: planted changes in a copy of the project ------------------------


def sw28_check(root: Path) -> subprocess.CompletedProcess:
    script = Path(sys.executable).with_name("sw28")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "sacredwire"]
    return subprocess.run([*command, "check"], cwd=root, capture_output=True, text=True,
                          env={**os.environ, "COLUMNS": "200"})


@pytest.fixture()
def project_copy(tmp_path: Path) -> Path:
    # The content and the fonts a board's words are measured in when the content loads.
    shutil.copytree(PROJECT / "content", tmp_path / "content")
    shutil.copytree(PROJECT / "templates" / "fonts", tmp_path / "templates" / "fonts")
    shutil.copy(PROJECT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def edit(path: Path, pattern: str, replacement: str) -> None:
    text = path.read_text(encoding="utf-8")
    changed, count = re.subn(pattern, replacement, text, count=1, flags=re.S)
    assert count == 1, f"{pattern!r} not found in {path}"
    path.write_text(changed, encoding="utf-8")


def test_a_changed_carbine_cost_breaks_the_budget_example(project_copy: Path):
    edit(project_copy / "content/tables/requisitions-weapons.yaml",
         r"(key: carbine\n.*?cost: )13\b", r"\g<1>14")
    location = load_rulebook(project_copy).examples[ExampleId("budget")].location
    result = sw28_check(project_copy)
    assert result.returncode == 1, result.stdout + result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith(f"{location}: EX001"))
    assert "example budget" in line and "carbine: 13" in line and "carbine: 14" in line


def test_a_changed_claimed_total_breaks_its_example(project_copy: Path):
    edit(project_copy / "content/examples/core-rules.yaml", r"riposte_total: 7\b", "riposte_total: 8")
    location = load_rulebook(project_copy).examples[ExampleId("riposte")].location
    result = sw28_check(project_copy)
    assert result.returncode == 1, result.stdout + result.stderr
    line = next(line for line in result.stdout.splitlines() if line.startswith(f"{location}: EX001"))
    # What the reader sees, in both languages, and what the engine computes.
    def line_of(rel: str, words: str) -> int:
        text = (project_copy / rel).read_text(encoding="utf-8")
        return text[:text.index(words)].count("\n") + 1

    en, es = "content/core-rules/en/04-combat.md", "content/core-rules/es/04-combat.md"
    assert f'the text says "The Veteran rolls 3 and 4: 8" ({en}:{line_of(en, "{$given.riposte_faces.0}")})' in line
    assert f'"El Veterano saca 3 y 4: 8" ({es}:{line_of(es, "{$given.riposte_faces.0}")})' in line
    assert line.endswith("the engine computes riposte_total = 7")


def test_givens_the_rules_rule_out_are_refused(rules: Rules):
    """An example's givens are checked against the rules: a weapon its model cannot carry."""
    given = {"attacker_contract": "brute", "attacker_dice": "2d6", "defender_dice": "2d6", "weapon": "carbine",
             "attacker_total": 9, "defender_total": 4, "armor": "medium", "target": "gunner"}
    with pytest.raises(ExampleInputError, match="a brute cannot carry the carbine"):
        run_example("damage", rules, given)
    assert run_example("damage", rules, {**given, "attacker_contract": "gunner"})["outcome"] == "attacker_wins"
