"""A rule two booklets state is stored once: the section that restates it prints the other's field.

The Campaign (K1.2, K2.3) and the Missions booklet (M1.2, M3.1, M3.2) state the
same placement distances, the winner's Evidence and the Evidence that triggers
The Signal and The Source; Search's and Interrogate's reach and the wounded
Coworker's DT (K2.1, K2.2) and Interact's reach (M1.2, and A5.1's dropped
weapon, picked up with Interact) are cells of the
Actions table (C4.3). Each is one entry: the restating prose of both languages
prints it through a field of that entry, and the engine and the boards read it
there. A name-based check for two parameters "saying the same thing" would
flag the missions' many ``reward_leads`` of 1, which are separate rules, so
the unified ones are pinned here instead.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import PROJECT, copy_content, replace_once

from sacredwire.engine_adapter import rule_numbers
from sacredwire.ids import RuleId, TableId
from sacredwire.load import load_rulebook

LANGS = ("en", "es")
# The entries merged away: (section, name) no longer in content/rules.yaml.
MERGED_AWAY = (("K2.1", "search_range"), ("K2.2", "interrogate_range"), ("K2.2", "wounded_dt"),
               ("M1.2", "marker_edge"), ("M1.2", "marker_clearance"), ("M1.2", "interact_range"),
               ("M1.2", "winner_evidence"), ("M3.1", "trigger_evidence"), ("M3.2", "trigger_evidence"),
               ("A5.1", "pickup_range"))
# Each restating section and the fields of the one entry it prints, in every language.
CITES = {
    ("campaign", "k2-gathering-evidence.md", "K2.1"): ("{$table.actions.search.reach}",),
    ("campaign", "k2-gathering-evidence.md", "K2.2"): ("{$table.actions.interrogate.reach}",
                                                      "{$table.actions.interrogate.dt:signed}"),
    ("missions", "01-playing-a-mission.md", "M1.2"): ("{$rule.K1.2.marker_edge_distance}",
                                                     "{$rule.K1.2.objective_clearance}",
                                                     "{$rule.K2.3.winner_evidence}",
                                                     "{$table.actions.interact.reach}"),
    ("missions", "03-finale.md", "M3.1"): ("{$rule.K1.2.signal_evidence}",),
    ("missions", "03-finale.md", "M3.2"): ("{$rule.K1.2.source_evidence}",),
    ("requisitions", "05-critical-hits.md", "A5.1"): ("{$table.actions.interact.reach}",),
}


def _section(text: str, section: str) -> str:
    """The Markdown of one section: from its heading to the next heading of its level or above."""
    start = re.search(rf"^(#+) {re.escape(section)}\b.*$", text, re.M)
    assert start, section
    level = len(start[1])
    end = re.compile(rf"^#{{1,{level}}} ", re.M).search(text, start.end())
    return text[start.end():end.start() if end else len(text)]


def test_merged_entries_are_gone_and_the_kept_ones_hold_the_designers_values() -> None:
    rulebook = load_rulebook(PROJECT)
    for section, name in MERGED_AWAY:
        assert (RuleId.parse(section), name) not in rulebook.parameters, (section, name)
    kept = {name: rulebook.parameter(section, name).value for section, name in (
        ("K1.2", "marker_edge_distance"), ("K1.2", "objective_clearance"), ("K1.2", "signal_evidence"),
        ("K1.2", "source_evidence"), ("K2.3", "winner_evidence"))}
    # The values of 004's K1.2 and K2.3 (3"+ from the edges, 1", 5+ and 8+ Evidence, 1 Evidence).
    assert kept == {"marker_edge_distance": 3, "objective_clearance": 1, "signal_evidence": 5,
                    "source_evidence": 8, "winner_evidence": 1}


@pytest.mark.parametrize("lang", LANGS)
def test_restating_sections_print_the_one_entry(lang: str) -> None:
    checked = 0
    for (booklet, file, section), fields in CITES.items():
        prose = _section((PROJECT / "content" / booklet / lang / file).read_text(encoding="utf-8"), section)
        for field in fields:
            assert field in prose, (lang, section, field)
            checked += 1
    assert checked == sum(len(fields) for fields in CITES.values())


def test_the_engine_and_the_boards_read_the_actions_cells(tmp_path: Path) -> None:
    copy_content(tmp_path)
    actions = tmp_path / "content/tables/core.yaml"
    replace_once(actions, "        dt: null\n        reach: 1\n      - key: search\n",
                 "        dt: null\n        reach: 2\n      - key: search\n")
    replace_once(actions, "        dt: 1\n        reach: 1\n      - key: cast\n",
                 "        dt: 2\n        reach: 3\n      - key: cast\n")
    before, after = load_rulebook(PROJECT), load_rulebook(tmp_path)
    old, new = rule_numbers(before), rule_numbers(after)
    assert (old.examine_reach, old.wounded_coworker_dt) == (1, 1)
    assert (new.examine_reach, new.wounded_coworker_dt) == (2, 2)
    row = after.tables[TableId.parse("actions")].row("interrogate")
    assert row.cells["reach"] == 3
    # The Signal's and Extraction's boards draw Interact's reach around the relay and the Source.
    radii = [item.radius for board in after.boards.boards.values() for item in board.items if item.draw == "reach"]
    old_radii = [item.radius for board in before.boards.boards.values() for item in board.items
                 if item.draw == "reach"]
    assert old_radii and 1 in old_radii and 2 in radii and 1 not in radii
