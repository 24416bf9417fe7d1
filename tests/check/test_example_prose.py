"""Every number an example prints is its data: a changed printed number, in either language, fails the check."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import PROJECT, copy_content, run_sw28

from sacredwire.check import run_checks
from sacredwire.check.examples import verify_examples
from sacredwire.load import load_rulebook


@pytest.fixture()
def project_copy(tmp_path: Path) -> Path:
    copy_content(tmp_path)
    shutil.copy(PROJECT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def replace_once(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` in ``path``; the 1-based line it stood on."""
    text = path.read_text(encoding="utf-8")
    index = text.index(old)
    path.write_text(text[:index] + new + text[index + len(old):], encoding="utf-8")
    return text.count("\n", 0, index) + 1


def ex_findings(root: Path):
    return [finding for finding in run_checks(load_rulebook(root)) if finding.code.startswith("EX")]


# A reviewer edits the number a reader sees, in the prose: the field is replaced by a number typed by hand.
PRINTED = [
    ("core-rules/en/04-combat.md", "a_round", "{$claims.remaining:Word}", "Eight"),
    ("core-rules/en/04-combat.md", "damage", "{$claims.health_after}", "11"),
    ("core-rules/en/02-personnel.md", "budget", "{$claims.costs.Dmitri Osei}", "16"),
    ("core-rules/en/01-world.md", "ties", "{$claims.attacker_total}", "8"),
    ("campaign/en/k2-gathering-evidence.md", "search", "{$claims.subs}", "13"),
    ("core-rules/en/04-combat.md", "triple", "{$claims.times:word}", "four"),
    ("core-rules/es/04-combat.md", "a_round", "{$claims.remaining:word}", "ocho"),
    ("core-rules/es/04-combat.md", "frag_grenade", "{$claims.fixed_total}", "11"),
    ("campaign/es/k1-setting-up.md", "evidence_gap", "{$claims.gap}", "5"),
    ("core-rules/es/05-broadcast.md", "area_cast", "{$claims.caster_total:Word}", "Catorce"),
    ("campaign/es/k3-after-the-mission.md", "post_game", "{$claims.merits}", "6"),
    ("core-rules/es/02-personnel.md", "budget", "{$claims.models_left.Dmitri Osei:word}", "tres"),
]


@pytest.mark.parametrize("file, example, field, typed", PRINTED, ids=[f"{c[1]}-{c[0][-20:]}" for c in PRINTED])
def test_a_number_typed_into_the_prose_fails(project_copy: Path, file: str, example: str, field: str, typed: str):
    line = replace_once(project_copy / "content" / file, field, typed)
    findings = ex_findings(project_copy)
    assert findings and all(f.code == "EX004" and f"example {example}" in f.message for f in findings)
    typed_here = [f for f in findings if f"{typed!r} is typed by hand" in f.message]
    assert [str(f.location) for f in typed_here] == [f"content/{file}:{line}"]
    outcome = next(o for o in verify_examples(load_rulebook(project_copy)) if str(o.example.id) == example)
    assert not outcome.passed


# The printed number changes because the data behind it changed: the engine disagrees.
DATA = [
    ("core-rules.yaml", "a_round", "remaining: 9}", "remaining: 8}", "Eight tokens remain", "Quedan ocho fichas"),
    ("core-rules.yaml", "ties", "attacker_total: 9, defender_total: 9}", "attacker_total: 8, defender_total: 9}",
     "Both total 9", "the engine computes attacker_total = 8"),
    ("campaign.yaml", "search", "subs: 12}", "subs: 11}", "14, 11 subs", "14, 11 subs"),
]


@pytest.mark.parametrize("file, example, old, new, english, spanish", DATA, ids=[c[1] for c in DATA])
def test_a_changed_value_behind_a_printed_number_fails(project_copy: Path, file, example, old, new, english, spanish):
    replace_once(project_copy / "content/examples" / file, old, new)
    findings = ex_findings(project_copy)
    assert [f.code for f in findings] == ["EX001"]
    message = findings[0].message
    assert message.startswith(f"example {example}: the text says ")
    assert english in message and spanish in message and "the engine computes" in message


def test_deleted_or_empty_claims_fail(project_copy: Path):
    examples = project_copy / "content/examples/core-rules.yaml"
    original = examples.read_text(encoding="utf-8")
    for replacement in ("", "    claims: {}\n"):
        examples.write_text(re.sub(r"    claims: \{attacker_total: 9.*?\}\n", replacement, original, count=1),
                            encoding="utf-8")
        rulebook = load_rulebook(project_copy)
        findings = [f for f in run_checks(rulebook) if f.code == "EX003"]
        assert [f"{f.location}" for f in findings] == ["content/examples/core-rules.yaml:5"]
        assert "example ties cannot be checked: it claims nothing" in findings[0].message
        assert sum(outcome.passed for outcome in verify_examples(rulebook)) == len(rulebook.examples) - 1


def test_a_claim_the_check_does_not_compute_fails(project_copy: Path):
    replace_once(project_copy / "content/examples/core-rules.yaml", "claims: {attacker_total: 9,",
                 "claims: {mood: grim, attacker_total: 9,")
    findings = ex_findings(project_copy)
    assert [f.code for f in findings] == ["EX003"]
    assert "check opposed_roll does not compute mood" in findings[0].message


def test_a_field_that_names_nothing_fails(project_copy: Path):
    line = replace_once(project_copy / "content/core-rules/en/04-combat.md", "{$claims.remaining:Word}",
                        "{$claims.left:Word}")
    findings = ex_findings(project_copy)
    assert [(str(f.location), f.code) for f in findings][0] == (f"content/core-rules/en/04-combat.md:{line}", "EX004")
    assert "field {$claims.left} prints nothing: {$claims.left}: claims has no 'left'" in findings[0].message


def test_languages_print_the_same_fields(project_copy: Path):
    replace_once(project_copy / "content/core-rules/es/04-combat.md", "{$claims.remaining:word}",
                 "{$claims.tokens:word}")
    messages = [f.message for f in ex_findings(project_copy)]
    assert any("example a_round prints different fields in es and en" in m and "claims.remaining" in m
               for m in messages)


def test_sw28_check_reports_the_example_and_exits_1(project_copy: Path):
    replace_once(project_copy / "content/core-rules/es/04-combat.md", "{$claims.remaining:word}", "ocho")
    result = run_sw28("check", cwd=project_copy)
    assert result.returncode == 1
    assert "EX004 example a_round: 'ocho' is typed by hand" in result.stdout
    total = len(load_rulebook(project_copy).examples)
    assert f"; {total - 1} of {total} worked examples verified;" in result.stdout.splitlines()[-1]


def test_a_field_outside_an_example_fails(project_copy: Path):
    line = replace_once(project_copy / "content/core-rules/en/01-world.md",
                        "Roll {$rule.C1.9.dice_per_roll} dice and add the results.",
                        "Roll {$claims.dice} dice and add the results.")
    findings = ex_findings(project_copy)
    assert [(str(f.location), f.code) for f in findings] == [(f"content/core-rules/en/01-world.md:{line}", "EX004")]
    assert "{$claims.dice} stands outside a '::: example' block" in findings[0].message


def test_a_reworded_knockback_is_a_finding_with_its_line(project_copy: Path):
    tables = project_copy / "content/tables/requisitions-weapons.yaml"
    row_line = tables.read_text(encoding="utf-8").splitlines().index("      - key: shock-maul") + 1
    replace_once(tables, 'special: {en: "Re-roll {$table.melee-weapons.shock-maul.reroll}s, Knockback {$',
                 'special: {en: "Re-roll {$table.melee-weapons.shock-maul.reroll}s, Knocks back {$')
    rulebook = load_rulebook(project_copy)
    findings = [f for f in run_checks(rulebook) if f.code.startswith("EX")]
    assert [(str(f.location), f.code) for f in findings] == [
        (f"content/tables/requisitions-weapons.yaml:{row_line}", "EX005")]
    assert "shock-maul: knockback is 2\" but the en special does not say so" in findings[0].message
