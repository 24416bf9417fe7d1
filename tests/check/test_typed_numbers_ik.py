"""Inhuman Resources and Campaign: a number typed back into the prose is a finding, with its file and line.

Both booklets are in ``checked_booklets``: a rule's number typed by hand where
a field printed it, in either language, in prose or a summary, digits or a
number word, is NUM001 at the line that holds it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import PROJECT, copy_content

from sacredwire.check import run_checks
from sacredwire.load import load_rulebook

FACTIONS_EN = "content/inhuman-resources/en/03-factions.md"
SPAWNING_ES = "content/inhuman-resources/es/02-spawning.md"
COWORKERS_EN = "content/inhuman-resources/en/04-coworkers.md"
SETTING_UP_EN = "content/campaign/en/k1-setting-up.md"
AFTER_EN = "content/campaign/en/k3-after-the-mission.md"
AFTER_ES = "content/campaign/es/k3-after-the-mission.md"
EVIDENCE_ES = "content/campaign/es/k2-gathering-evidence.md"

# (file, the field as written, the number typed in its place, what the finding names)
PLANTS = [
    (FACTIONS_EN, "Scrapers get {$rule.I3.1.opportunists_dt:signed} DT", "Scrapers get +1 DT", "I3.1 (en): '1'"),
    (SPAWNING_ES, 'separadas al menos {$rule.I2.1.spawn_spacing}".', 'separadas al menos 1".', "I2.1 (es): '1'"),
    # A summary line, and a number word.
    (COWORKERS_EN, "{$table.coworker-behaviour-normal.roll-5.roll} Cooperate.", "5 Cooperate.", "I4.4 (en): '5'"),
    (SETTING_UP_EN, "always ends after round {$rule.K1.2.last_round}.", "always ends after round 7.",
     "K1.2 (en): '7'"),
    (AFTER_EN, "Choose {$rule.K3.7.succession_choices:word}:", "Choose one:", "K3.7 (en): 'one'"),
    (AFTER_ES, "Vende a la {$rule.K3.8.sell_share:fraction}.", "Vende a la mitad.", "K3.8 (es): 'mitad'"),
    (EVIDENCE_ES, "tira {$table.evidence-types.die} para su tipo", "tira d10 para su tipo", "K2.3 (es): 'd10'"),
]


def test_real_booklets_are_checked() -> None:
    rulebook = load_rulebook(PROJECT)
    assert {"inhuman-resources", "campaign"} <= set(rulebook.checked_booklets)


@pytest.mark.parametrize("rel, field, typed, named", PLANTS, ids=[plant[3] for plant in PLANTS])
def test_typed_number_is_found_at_its_line(tmp_path: Path, rel: str, field: str, typed: str, named: str) -> None:
    copy_content(tmp_path)
    shutil.copy(PROJECT / "pyproject.toml", tmp_path / "pyproject.toml")
    path = tmp_path / rel
    text = path.read_text(encoding="utf-8")
    assert text.count(field) == 1, f"{field!r} is not once in {rel}: update this plant"
    line = text[:text.index(field)].count("\n") + 1
    path.write_text(text.replace(field, typed), encoding="utf-8")
    findings = [finding for finding in run_checks(load_rulebook(tmp_path), families={"numbers"})
                if finding.code == "NUM001"]
    assert [(finding.location.file, finding.location.line) for finding in findings] == [(rel, line)], \
        [str(finding) for finding in findings]
    assert named in findings[0].message
