"""Worked examples tie meaning, not only digits: careless edits made the same way in both languages are caught.

Each test plants one edit in a copy of the content and asserts the finding
code and the ``file:line`` it names: two fields that trade places in English
and Spanish alike (EX007), claims that leave out the example's conclusion
(EX008), givens the rules rule out (EX003), a rule's number typed back into
the prose of both languages (NUM001), and an outcome word changed by hand.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import PROJECT, copy_content, run_sw28

from sacredwire.check import run_checks
from sacredwire.check.examples import verify_examples
from sacredwire.load import load_rulebook

EN, ES = "core-rules/en/", "core-rules/es/"


@pytest.fixture()
def project_copy(tmp_path: Path) -> Path:
    copy_content(tmp_path)
    shutil.copy(PROJECT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def swap(root: Path, file: str, where: str, second: str) -> int:
    """Swap the field that begins ``where`` (its first ``}``) and the first ``second`` after it in
    ``content/<file>``; the line they stand on."""
    path = root / "content" / file
    text = path.read_text(encoding="utf-8")
    at = text.index(where)
    first = where[:where.index("}") + 1]
    then = text.index(second, at + len(first))
    path.write_text(text[:at] + second + text[at + len(first):then] + first + text[then + len(second):],
                    encoding="utf-8")
    return text.count("\n", 0, at) + 1


def replace(root: Path, file: str, old: str, new: str) -> int:
    """Replace the first ``old`` in ``content/<file>``; the line it stood on."""
    path = root / "content" / file
    text = path.read_text(encoding="utf-8")
    at = text.index(old)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text.count("\n", 0, at) + 1


def entry_line(root: Path, file: str, example: str) -> int:
    """The line of an example's entry in ``content/examples/<file>``."""
    lines = (root / "content/examples" / file).read_text(encoding="utf-8").splitlines()
    return lines.index(f"  - id: {example}") + 1


def findings(root: Path, prefix: str = "EX") -> list[tuple[str, str, str]]:
    """(code, file:line, message) of every finding whose code starts with ``prefix``."""
    return [(f.code, str(f.location), f.message) for f in run_checks(load_rulebook(root)) if f.code.startswith(prefix)]


# --- two fields trade places, the same way in both languages (EX007) ------------------------------------------

SWAPS = [
    # The attacker's and the defender's dice.
    ("ties", [(EN + "01-world.md", "{$given.attacker_dice}) attacks", "{$given.defender_dice})"),
              (ES + "01-world.md", "{$given.attacker_dice}) ataca", "{$given.defender_dice})")]),
    # The same, where Spanish names the owner after the number ("el 2d6 del Veterano").
    ("ties", [(EN + "01-world.md", "{$given.attacker_dice} beats", "{$given.defender_dice}"),
              (ES + "01-world.md", "{$given.attacker_dice} del Veterano", "{$given.defender_dice}")]),
    # Health before and after a hit.
    ("damage", [(EN + "04-combat.md", "{$claims.health}", "{$claims.health_after}"),
                (ES + "04-combat.md", "{$claims.health}", "{$claims.health_after}")]),
    # Two models' totals.
    ("morale", [(EN + "04-combat.md", "{$claims.total.Dmitri Osei}", "{$claims.total.Tobias Valdez}"),
                (ES + "04-combat.md", "{$claims.total.Dmitri Osei}", "{$claims.total.Tobias Valdez}")]),
    ("evidence_gap", [("campaign/en/k1-setting-up.md", "{$claims.totals.A}", "{$claims.totals.B}"),
                      ("campaign/es/k1-setting-up.md", "{$claims.totals.A}", "{$claims.totals.B}")]),
    # The attacker's and the defender's totals, in another booklet.
    ("critical_roll", [("requisitions/en/05-critical-hits.md", "{$claims.attacker_total}", "{$claims.defender_total}"),
                       ("requisitions/es/05-critical-hits.md", "{$claims.attacker_total}", "{$claims.defender_total}")]),
    # A searcher's total and the marker's.
    ("search", [("campaign/en/k2-gathering-evidence.md", "{$claims.total}", "{$claims.marker_total}"),
                ("campaign/es/k2-gathering-evidence.md", "{$claims.total}", "{$claims.marker_total}")]),
]


@pytest.mark.parametrize("example, edits", SWAPS, ids=[f"{case[0]}-{n}" for n, case in enumerate(SWAPS)])
def test_fields_swapped_alike_in_both_languages_are_caught(project_copy: Path, example: str, edits) -> None:
    lines = {file: swap(project_copy, file, where, second) for file, where, second in edits}
    found = findings(project_copy)
    assert found, "the swap passed every check"
    assert {code for code, _, _ in found} == {"EX007"}, found
    assert all(f"example {example} (" in message for _, _, message in found)
    where = {location for _, location, _ in found}
    # Both languages are reported, on the line of the swap.
    assert {f"content/{file}:{line}" for file, line in lines.items()} <= where, (lines, where)
    assert {location.split("/")[2] for location in where} == {"en", "es"}
    # The example no longer counts as verified.
    outcome = next(o for o in verify_examples(load_rulebook(project_copy)) if str(o.example.id) == example)
    assert not outcome.passed


def test_sw28_check_reports_a_swap_made_in_both_languages(project_copy: Path) -> None:
    en = swap(project_copy, EN + "04-combat.md", "{$claims.health}", "{$claims.health_after}")
    es = swap(project_copy, ES + "04-combat.md", "{$claims.health}", "{$claims.health_after}")
    result = run_sw28("check", "--strict", "--format", "json", cwd=project_copy)
    assert result.returncode == 1, result.stderr
    reported = [(f["code"], f"{f['file']}:{f['line']}", f["message"]) for f in json.loads(result.stdout)["findings"]
                if f["code"] == "EX007"]
    assert (f"content/{EN}04-combat.md:{en}", "EX007") in {(where, code) for code, where, _ in reported}
    assert (f"content/{ES}04-combat.md:{es}", "EX007") in {(where, code) for code, where, _ in reported}
    messages = " ".join(message for _, _, message in reported)
    assert "{$claims.health_after} is the number of health_after, but its sentence gives it to 'from'" in messages
    assert "{$claims.health_after} is the number of health_after, but its sentence gives it to 'de'" in messages


def test_a_role_the_text_never_names_is_a_finding(project_copy: Path) -> None:
    line = entry_line(project_copy, "core-rules.yaml", "ties")
    replace(project_copy, "examples/core-rules.yaml", "roles: {attacker: veteran, defender: brute}",
            "roles: {attacker: scout, defender: brute}")
    found = findings(project_copy)
    assert [(code, where) for code, where, _ in found] == [
        ("EX007", f"content/{EN}01-world.md:92"), ("EX007", f"content/{ES}01-world.md:92")]
    assert "role attacker is named 'Scout', which its text never prints" in found[0][2]
    assert "role attacker is named 'Explorador', which its text never prints" in found[1][2]
    # A role no field belongs to is reported on the example's entry.
    replace(project_copy, "examples/core-rules.yaml", "roles: {attacker: scout, defender: brute}",
            "roles: {attacker: veteran, defender: brute, boss: boss}")
    found = findings(project_copy)
    assert (f"content/examples/core-rules.yaml:{line}") in {where for code, where, _ in found if code == "EX007"}
    assert any("no field its text prints belongs to role boss" in message for _, _, message in found)


# --- claims that only restate the givens (EX008) ---------------------------------------------------------------


def test_claims_without_the_outcome_are_a_finding(project_copy: Path) -> None:
    # The outcome is no longer claimed, and both languages type a word the checker cannot tie to the dice.
    replace(project_copy, "examples/core-rules.yaml", "defender_total: 9, outcome: attacker_wins,", "defender_total: 9,")
    replace(project_copy, EN + "01-world.md", "so the attack {$claims.outcome:hits}.", "so the attack lands.")
    replace(project_copy, ES + "01-world.md", "así que el ataque {$claims.outcome:hits}.", "así que el ataque acierta.")
    found = findings(project_copy)
    assert [(code, where) for code, where, _ in found] == [
        ("EX008", f"content/examples/core-rules.yaml:{entry_line(project_copy, 'core-rules.yaml', 'ties')}")]
    assert "example ties does not claim its conclusion (outcome = attacker_wins" in found[0][2]


def test_claims_without_the_conclusion_in_another_booklet(project_copy: Path) -> None:
    replace(project_copy, "examples/campaign.yaml", "rerolls: 1, recorded: null, duplicate", "rerolls: 1, duplicate")
    found = findings(project_copy)
    assert [(code, where) for code, where, _ in found] == [
        ("EX008", f"content/examples/campaign.yaml:{entry_line(project_copy, 'campaign.yaml', 'record_evidence')}")]
    assert "(recorded = null, as the engine computes it)" in found[0][2]


# --- givens the rules rule out (EX003) ------------------------------------------------------------------------

IMPOSSIBLE = [
    ("a total no dice can roll", "core-rules.yaml", "ties", "attacker_total: 9, defender_total: 9}",
     "attacker_total: 30, defender_total: 9}", "attacker_total: 2d6 cannot total 30"),
    ("a count of rolls that does not match", "core-rules.yaml", "blessings", "rolls: [3, 3, 5]",
     "rolls: [3, 3, 5, 1]", "rolls must list the 3 d8 rolls of a round"),
    ("a total the count of rolls cannot reach", "campaign.yaml", "post_game", "exploration_rolls: 5",
     "exploration_rolls: 1", "exploration_total: 1 Wits roll(s) total 2 to 24, not 31"),
    ("more re-rolls than Leads spent", "campaign.yaml", "record_evidence", "rolls: [7, 3]}", "rolls: [7, 3, 5]}",
     "3 rolls, but 1 Lead(s) spent allow 2"),
    ("a weapon the model cannot carry", "core-rules.yaml", "triple", "weapon: pistol,", "weapon: sword,",
     "attacker_contract: a gunner cannot carry the sword"),
    ("a Riposte weapon the defender cannot carry", "core-rules.yaml", "riposte", "defender_contract: veteran",
     "defender_contract: gunner", "defender_contract: a gunner cannot carry the sword"),
    ("a critical weapon the attacker cannot carry", "requisitions.yaml", "critical_roll",
     "attacker_contract: zealot", "attacker_contract: gunner", "attacker_contract: a gunner cannot carry the arc-claw"),
]


@pytest.mark.parametrize("what, file, example, old, new, message", IMPOSSIBLE, ids=[case[0] for case in IMPOSSIBLE])
def test_impossible_givens_are_a_finding(project_copy: Path, what, file, example, old, new, message) -> None:
    replace(project_copy, "examples/" + file, old, new)
    found = findings(project_copy)
    refused = [(code, where, text) for code, where, text in found if code == "EX003"]
    assert [(code, where) for code, where, _ in refused] == [
        ("EX003", f"content/examples/{file}:{entry_line(project_copy, file, example)}")], found
    assert f"example {example} cannot be checked: {message}" in refused[0][2]
    # Another contract is also another name than the one the text prints (EX007); nothing else is reported.
    assert {code for code, _, _ in found} <= {"EX003", "EX007"}


# --- a rule's number or an outcome word changed by hand, in both languages -----------------------------------


def test_a_rule_number_typed_in_both_languages_is_a_finding(project_copy: Path) -> None:
    en = replace(project_copy, EN + "04-combat.md", 'within {$rule.C4.19.friend_range}" tests', 'within 4" tests')
    es = replace(project_copy, ES + "04-combat.md", 'aliada a {$rule.C4.19.friend_range}" tira', 'aliada a 4" tira')
    found = findings(project_copy, "NUM")
    assert [(code, where) for code, where, _ in found] == [
        ("NUM001", f"content/{EN}04-combat.md:{en}"), ("NUM001", f"content/{ES}04-combat.md:{es}")]
    assert all("'4'" in message for _, _, message in found)


@pytest.mark.parametrize("file, old, new, word", [
    (EN + "01-world.md", "so the attack {$claims.outcome:hits}.", "so the attack misses.", "misses"),
    (ES + "01-world.md", "así que el ataque {$claims.outcome:hits}.", "así que el ataque falla.", "falla"),
    (EN + "04-combat.md", "He {$claims.result.Dmitri Osei:holds}.", "He fails.", "fails"),
    (ES + "04-combat.md", "{$claims.result.Dmitri Osei:Holds}.", "Falla.", "Falla"),
])
def test_an_outcome_word_changed_by_hand_is_a_finding(project_copy: Path, file, old, new, word) -> None:
    line = replace(project_copy, file, old, new)
    found = findings(project_copy)
    typed = [(code, where) for code, where, message in found if f"the outcome {word!r} is typed by hand" in message]
    assert typed == [("EX004", f"content/{file}:{line}")], found


def test_an_outcome_changed_in_the_data_is_a_finding_quoting_both_languages(project_copy: Path) -> None:
    replace(project_copy, "examples/core-rules.yaml", "defender_total: 9, outcome: attacker_wins,",
            "defender_total: 9, outcome: defender_wins,")
    found = findings(project_copy)
    assert [(code, where) for code, where, _ in found] == [
        ("EX001", f"content/examples/core-rules.yaml:{entry_line(project_copy, 'core-rules.yaml', 'ties')}")]
    # The prose of both languages prints the wrong word from the data, and the message quotes each.
    assert "so the attack misses" in found[0][2] and "así que el ataque falla" in found[0][2]
    assert "the engine computes outcome = attacker_wins" in found[0][2]
