"""The real content checks clean, and each kind of fault planted in a copy of it fails CI.

Planted faults run the checks ``sw28 check`` runs over a copy of the project, in the test's own process
(the command's start-up is paid once, by the test that runs ``sw28 check`` itself as CI does).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import PROJECT, copy_content, run_sw28

from sacredwire.check import run_checks
from sacredwire.load import load_rulebook

COMBAT = "content/core-rules/en/04-combat.md"
CORE = "content/tables/core.yaml"
BOOK = "content/book.yaml"
SPAWNING = "content/inhuman-resources/en/02-spawning.md"
COMBAT_ES = "content/core-rules/es/04-combat.md"
DENIED = "      - key: denied\n        roll: 1\n        name: {en: Denied, es: Denegada}\n"


def test_real_content_is_clean() -> None:
    findings = run_checks(load_rulebook(PROJECT))
    assert [str(finding) for finding in findings] == []


def _edit(project: Path, rel: str, old: str, new: str) -> None:
    path = project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is no longer in {rel}: update this planted fault"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _copy_folder(project: Path, source: str, destination: str) -> None:
    shutil.copytree(project / source, project / destination)


def _remove_folder(project: Path, rel: str) -> None:
    shutil.rmtree(project / rel)


# (code, what the finding's message names, how to plant it)
FAULTS = [
    ("XREF001", "C4.99", lambda p: _edit(p, COMBAT, "Cover {=C4.13}", "Cover {=C4.99}")),
    ("XREF001", "C9.9", lambda p: _edit(p, "content/tables/campaign.yaml", "{K2.4}", "{C9.9}")),
    ("XREF004", "C4.13", lambda p: _edit(p, COMBAT, "Cover {=C4.13}", "Cover (C4.13)")),
    ("XREF005", "C4.13", lambda p: _edit(p, COMBAT, "Cover {=C4.13}", "Armor {=C4.13}")),
    ("ID001", "C4.3", lambda p: _edit(p, COMBAT, "## C4.4 Movement", "## C4.3 Movement")),
    ("ID002", "K4.4", lambda p: _edit(p, COMBAT, "## C4.4 Movement", "## K4.4 Movement")),
    ("ID003", "C9.4", lambda p: _edit(p, COMBAT, "## C4.4 Movement", "## C9.4 Movement")),
    ("ID004", "C4.5", lambda p: _edit(p, COMBAT, "## C4.4 Movement", "## C4.9 Movement")),
    ("TBL001", "blessings", lambda p: _edit(p, CORE, "Bendiciones Corporativas}\n    die: d8",
                                            "Bendiciones Corporativas}\n    die: d10")),
    ("TBL002", "blessings", lambda p: _edit(p, CORE, DENIED, DENIED.replace("roll: 1", "roll: 2"))),
    ("TBL003", "blessings", lambda p: _edit(p, CORE, DENIED, DENIED.replace("roll: 1", 'roll: "0-1"'))),
    ("TBL004", "blessings", lambda p: _edit(p, CORE, DENIED, DENIED.replace("roll: 1", "roll: one"))),
    ("TBL006", "blessings", lambda p: _edit(p, CORE, DENIED, DENIED.replace(
        "        name: {en: Denied, es: Denegada}\n", ""))),
    ("TBL007", "blessings", lambda p: _edit(p, CORE, DENIED, DENIED.replace(", es: Denegada", ""))),
    ("TBL008", "heavvy", lambda p: _edit(p, "content/tables/requisitions-armor.yaml", "tier: heavy",
                                         "tier: heavvy")),
    ("TBL009", "d7", lambda p: _edit(p, "content/tables/requisitions-weapons.yaml", "damage: d4",
                                     "damage: d7")),
    ("LANG001", "campaign", lambda p: _remove_folder(p, "content/campaign/es")),
    ("LANG002", "C4.99", lambda p: _edit(p, COMBAT, "## C4.4 Movement",
                                         "## C4.99 Extra\n\nMore.\n\n## C4.4 Movement")),
    ("LANG003", "C4.2", lambda p: _edit(p, COMBAT, "{table:blessings}\n\n::: example", "::: example")),
    ("LANG004", "fall", lambda p: _edit(p, COMBAT, "::: example fall Fall", "::: quote Fall")),
    ("LANG005", "C4.13", lambda p: _edit(p, COMBAT, "Cover {=C4.13}", "cover")),
    ("LANG006", "I2.1", lambda p: _edit(p, SPAWNING, 'place near the center, {$rule.I2.1.spawn_spacing}"+ apart.',
                                        'place near the center, 2"+ apart.')),
    ("LANG007", "I2.1", lambda p: _edit(p, SPAWNING, 'place near the center, {$rule.I2.1.spawn_spacing}"+ apart.',
                                        'place near the center, {$rule.I2.1.spawn_spacing} inch+ apart.')),
    # A rule's number typed back into the prose, in either language, is a finding of its own.
    ("NUM001", "'one'", lambda p: _edit(p, COMBAT, "within {$rule.C4.6.climb_moves:word} move",
                                        "within one move")),
    ("NUM001", "'3'", lambda p: _edit(p, COMBAT_ES, "a {$rule.C4.19.friend_range}\" tira", 'a 3" tira')),
    ("NUM001", "C4.5 (en): '1'", lambda p: _edit(p, COMBAT, "at {$rule.C4.5.free_attack_dt:signed} DT from", "at -1 DT from")),
    ("NUM002", "no parameter 'fall_steps'", lambda p: _edit(p, COMBAT_ES, "{$rule.C4.6.fall_step}", "{$rule.C4.6.fall_steps}")),
    ("NUM003", "C4.19 (es)", lambda p: _edit(p, COMBAT_ES, "a {$rule.C4.19.friend_range}\" tira",
                                             'a {$rule.C4.15.blast}" tira')),
    # The engine reads the rule parameters too: a Riposte at -2 DT no longer gives the example's dice.
    ("EX001", "riposte", lambda p: _edit(p, "content/rules.yaml", "riposte_dt: {value: -1,", "riposte_dt: {value: -2,")),
    # Two fields trading places print each other's numbers: the attacker's dice where the defender's belong.
    ("EX006", "example ties (es): field 1 is {$given.defender_dice}", lambda p: _edit(
        p, "content/core-rules/es/01-world.md", "(Combate {$given.attacker_dice}) ataca a un Bruto (Defensa "
        "{$given.defender_dice})", "(Combate {$given.defender_dice}) ataca a un Bruto (Defensa {$given.attacker_dice})")),
    ("EX006", "example riposte (es): field 5 is {$claims.attacker_total}", lambda p: _edit(
        p, COMBAT, "The Brute rolls {$given.attacker_faces.0} and {$given.attacker_faces.1}: {$claims.attacker_total}. "
        "The Veteran rolls {$given.defense_faces.0} and {$given.defense_faces.1}: {$claims.defense_total}.",
        "The Brute rolls {$given.attacker_faces.0} and {$given.attacker_faces.1}: {$claims.defense_total}. "
        "The Veteran rolls {$given.defense_faces.0} and {$given.defense_faces.1}: {$claims.attacker_total}.")),
    # Outcome words print from the engine's result: typed back, or turned around, they are caught.
    ("EX004", "example ties: the outcome 'misses' is typed by hand", lambda p: _edit(
        p, "content/core-rules/en/01-world.md", "so the attack {$claims.outcome:hits}.", "so the attack misses.")),
    ("EX004", "example morale: the outcome 'Falla' is typed by hand", lambda p: _edit(
        p, COMBAT_ES, "{$claims.result.Dmitri Osei:Holds}. Tobias", "Falla. Tobias")),
    ("EX001", "damage", lambda p: _edit(p, "content/examples/core-rules.yaml", "claims: {outcome: attacker_wins, times: 2,",
                                        "claims: {outcome: defender_wins, times: 2,")),
    # Givens the rules rule out: one Wits roll cannot total 31.
    ("EX003", "1 Wits roll(s) total 2 to 24, not 31", lambda p: _edit(
        p, "content/examples/campaign.yaml", "exploration_rolls: 5", "exploration_rolls: 1")),
    ("LANG008", "dice-tier", lambda p: _edit(p, "content/glossary.yaml", "  es: Nivel de Dado\n", "")),
    ("EX001", "fall", lambda p: _edit(p, "content/examples/core-rules.yaml", "dice: 2d6, damage: 8}",
                                      "dice: 2d6, damage: 9}")),
    ("EX002", "fall2", lambda p: _edit(p, COMBAT, "::: example fall Fall", "::: example fall2 Fall")),
    ("META001", "0.9.1", lambda p: _edit(p, BOOK, "version: 0.9.0-beta", "version: 0.9.1")),
    ("META002", "'Q'", lambda p: _edit(p, BOOK, "letter: K", "letter: Q")),
    ("META003", "volume 6", lambda p: _edit(p, BOOK, "volume: 5", "volume: 6")),
    ("META004", "volume 1", lambda p: _edit(p, BOOK, "volume: 2", "volume: 1")),
    ("META005", "missions", lambda p: shutil.move(p / "content/missions", p / "content/mission")),
    ("META006", "content/core-rules/fr/", lambda p: _copy_folder(p, "content/core-rules/en",
                                                                 "content/core-rules/fr")),
]


def _planted(tmp_path: Path, plant) -> Path:
    """A copy of the project's content (and its package version) with one fault planted."""
    copy_content(tmp_path)
    shutil.copy(PROJECT / "pyproject.toml", tmp_path / "pyproject.toml")
    plant(tmp_path)
    return tmp_path


@pytest.mark.parametrize("code, named, plant", FAULTS, ids=[fault[0] for fault in FAULTS])
def test_planted_fault_fails_the_check(tmp_path: Path, code: str, named: str, plant) -> None:
    # What 'sw28 check --strict' reports and fails on: every finding of the loaded copy.
    findings = run_checks(load_rulebook(_planted(tmp_path, plant)))
    assert findings
    messages = [finding.message for finding in findings if finding.code == code]
    assert any(named in message for message in messages), messages


def test_a_planted_fault_fails_sw28_check(tmp_path: Path) -> None:
    """The command CI runs exits 1 and names the fault in its JSON report."""
    code, named, plant = FAULTS[0]
    result = run_sw28("check", "--strict", "--format", "json", cwd=_planted(tmp_path, plant))
    assert result.returncode == 1, result.stderr
    messages = [finding["message"] for finding in json.loads(result.stdout)["findings"]
                if finding["code"] == code]
    assert any(named in message for message in messages), messages
