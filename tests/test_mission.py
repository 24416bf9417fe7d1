"""``sw28 mission``: the Mission Generator rolled as the rules say, the same for a seed, fair over many."""

from __future__ import annotations

import json
import math
import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from conftest import PROJECT, run_sw28

from sacredwire.engine.campaign import SquadProgress
from sacredwire.engine_adapter import rules_from_tables
from sacredwire.ids import TableId
from sacredwire.kit.mission import SPAWN_TABLE, TIMING_TABLE, Mission, MissionRoller, row_chances, spawn_rounds
from sacredwire.kit.sheets import mission_sheet
from sacredwire.load import load_rulebook
from sacredwire.preflight import inspect_pdf
from sacredwire.rule_fields import table_words

SEEDS = range(1000)
# A row's count over the seeds may stray this many standard deviations from what its dice say.
# The seeds are fixed, so the test gives the same verdict every run; 4.5 sigma would fail a fair
# roller about once in 150,000 rows.
SIGMAS = 4.5


@pytest.fixture(scope="module")
def roller() -> MissionRoller:
    rulebook = load_rulebook(PROJECT)
    return MissionRoller(rulebook, rules_from_tables(rulebook), "en")


def test_seed_7_is_byte_identical_across_runs() -> None:
    first = run_sw28("mission", "--seed", "7", cwd=PROJECT)
    second = run_sw28("mission", "--seed", "7", cwd=PROJECT)
    assert first.returncode == 0, first.stderr
    assert first.stdout.encode() == second.stdout.encode()
    assert "seed 7" in first.stdout and "d12 rolled" in first.stdout
    other = run_sw28("mission", "--seed", "8", cwd=PROJECT)
    assert other.stdout != first.stdout


def test_the_tables_are_rolled_in_the_order_k1_3_prints_them(roller: MissionRoller) -> None:
    mission = roller.roll(7)
    order = [str(table.id) for table in roller.tables]
    assert order[0] == "campaign-deployment" and order[-1] == "mission-table" and len(order) == 9
    rolled = list(dict.fromkeys(roll.table for roll in mission.rolls))
    assert rolled == order and mission.rolls
    for roll in mission.rolls:
        table = roller.rulebook.tables[TableId(roll.table)]
        assert roll.row in {row.key for row in table.rows}
        assert roll.words, roll


def test_a_seed_rolls_the_same_mission_with_or_without_squads(roller: MissionRoller) -> None:
    alone = roller.roll(11)
    with_gap = roller.roll(11, (SquadProgress(5, 1), SquadProgress(1, 0)))
    assert [roll.row for roll in alone.rolls] == [roll.row for roll in with_gap.rolls][:len(alone.rolls)]
    assert with_gap.gap is not None and with_gap.gap["gap"] == 5 and with_gap.gap["aggressor"] == "A"
    extra = {roll.table for roll in with_gap.rolls[len(alone.rolls):]}
    assert extra == {"setup-advantages", "tactical-advantages"}


def test_every_row_comes_up_as_often_as_its_dice_say(roller: MissionRoller) -> None:
    counts: dict[str, Counter[str]] = {}
    rolls: Counter[str] = Counter()
    for seed in SEEDS:
        for roll in roller.roll(seed, (SquadProgress(4, 0), SquadProgress(0, 0))).rolls:
            counts.setdefault(roll.table, Counter())[roll.row] += 1
            rolls[roll.table] += 1
    assert set(counts) >= {str(table.id) for table in roller.tables} | {"setup-advantages", "tactical-advantages"}
    checked = 0
    for table_id, seen in counts.items():
        table = roller.rulebook.tables[TableId(table_id)]
        n = rolls[table_id]
        for key, chance in row_chances(table).items():
            expected = n * chance
            spread = math.sqrt(n * chance * (1 - chance))
            assert seen[key] > 0, f"{table_id}: row {key} never came up in {n} rolls"
            assert abs(seen[key] - expected) <= SIGMAS * spread, (table_id, key, seen[key], expected)
            checked += 1
    assert checked >= 60


def test_the_mission_sheet_is_one_page_and_passes_preflight(roller: MissionRoller, tmp_path: Path) -> None:
    mission = roller.roll(7, (SquadProgress(9, 0), SquadProgress(2, 0)))
    data = mission_sheet(roller.rulebook, mission, roller.index, "a5")
    assert data == mission_sheet(roller.rulebook, mission, roller.index, "a5")
    report = inspect_pdf(data, "mission.pdf")
    assert len(report.pages) == 1 and report.errors == ()
    path = tmp_path / "mission.pdf"
    path.write_bytes(data)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert "UPLINK" in text.upper() and "Seed 7" in text and "M2.10" in text
    for roll in mission.rolls:
        assert roll.title in text
    # The board is the Missions booklet's drawing of this mission.
    assert 'aria-label="Uplink' in mission.board
    letter = mission_sheet(roller.rulebook, mission, roller.index, "letter")
    assert len(inspect_pdf(letter, "letter.pdf").pages) == 1


def test_cli_json_and_sheet(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    result = run_sw28("mission", "--seed", "3", "--lang", "es", "--format", "json", "--pdf", str(out), cwd=PROJECT)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["seed"] == 3 and data["lang"] == "es" and data["rolls"][-1]["table"] == "mission-table"
    assert out.read_bytes().startswith(b"%PDF")
    preflight = run_sw28("preflight", str(out), cwd=PROJECT)
    assert preflight.returncode == 0, preflight.stdout
    wrong = run_sw28("mission", "--squads", "3", "1:0", cwd=PROJECT)
    assert wrong.returncode == 2 and "EVIDENCE:LEADS" in wrong.stderr


def test_spawn_location_is_rolled_once_per_round_the_timing_prints(roller: MissionRoller) -> None:
    """The rounds come from the Hostile Timing cells; they are the rounds its words print, in both languages."""
    rulebook = roller.rulebook
    rows = rulebook.tables[TableId(TIMING_TABLE)].rows
    assert rows
    for row in rows:
        words = row.text("spawns")
        assert words.values
        for lang in words.values:
            printed = [int(number) for number in re.findall(r"\b(?:Round|[Rr]onda) (\d+)", table_words(words, rulebook, lang))]
            assert printed == spawn_rounds(row.cells), (row.key, lang, printed)
        mission = next(mission for mission in map(roller.roll, SEEDS) if _timing(mission) == row.key)
        assert [roll.note for roll in mission.rolls if roll.table == SPAWN_TABLE] == \
            [f"round {number}" for number in spawn_rounds(row.cells)]


def _timing(mission: Mission) -> str:
    return next(roll.row for roll in mission.rolls if roll.table == TIMING_TABLE)
