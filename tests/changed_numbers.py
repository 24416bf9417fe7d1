"""One copy of the content with rule numbers changed in every booklet, built once for the one-number-one-place
tests (test_rule_numbers_build.py, test_rule_numbers_ik_build.py, test_mission_numbers.py).

Each group of changes below belongs to one of those modules and touches numbers the others never read; one
copy holding all of them is checked and laid out once, where three copies cost three checks and lay the quick
reference out twice over.
"""

from __future__ import annotations

from pathlib import Path

from conftest import build_sharing_cache, copy_project, replace_once, run_sw28

# The Missions booklet's Control zone and Triangulation markers (test_mission_numbers.py).
RADIUS = "    zone_radius: {value: 3, unit: inches, about: the zone around the board center}\n"
MARKERS = "        markers: 3\n        section: M2.7\n"


def change_core_and_requisitions(project: Path) -> None:
    """A new climb cost, falling band, weapon damage and blessing effect, and two numbers printed inside table
    words: the Interact reach (1" to 2") and Synergy's range (6" to 8") (test_rule_numbers_build.py)."""
    core = project / "content/tables/core.yaml"
    replace_once(core, "        action: {en: Climb, es: Escalar}\n        cost: 2\n",
             "        action: {en: Climb, es: Escalar}\n        cost: 3\n")
    replace_once(core, "        from: 10\n        to: 12\n        damage: 3d6\n",
             "        from: 10\n        to: 12\n        damage: 4d6\n")
    replace_once(core, '{$rule.C4.2.overtime_actions:word} actions",\n', '{$rule.C4.2.overtime_actions:word} actions and heals",\n')
    replace_once(core, '{$rule.C4.2.overtime_actions:word} acciones"}', '{$rule.C4.2.overtime_actions:word} acciones y se cura"}')
    # Numbers inside table words: the Interact row's own reach cell, and a parameter of rules.yaml.
    replace_once(core, "        es: 'A {$table.actions.interact.reach}\". Recoge un objetivo o un arma caída'}\n"
                       "        dt: null\n        reach: 1\n",
                 "        es: 'A {$table.actions.interact.reach}\". Recoge un objetivo o un arma caída'}\n"
                 "        dt: null\n        reach: 2\n")
    # The Examine example claims Interact's reach, which the engine now computes as 2: the designer
    # updates its claim when the check says so, as here.
    replace_once(project / "content/examples/missions.yaml", "    claims: {reach: 1, total: 11,",
                 "    claims: {reach: 2, total: 11,")
    replace_once(project / "content/rules.yaml", "    synergy_range: {value: 6,", "    synergy_range: {value: 8,")
    weapons = project / "content/tables/requisitions-weapons.yaml"
    replace_once(weapons, "        name: {en: Cable Whip, es: Látigo de Cable}\n        damage: d6\n",
             "        name: {en: Cable Whip, es: Látigo de Cable}\n        damage: d10\n")


def change_inhuman_resources_and_campaign(project: Path) -> None:
    """A new spawn spacing, Signal Evidence, hostile weapon damage and Promotion threshold
    (test_rule_numbers_ik_build.py)."""
    rules = project / "content/rules.yaml"
    replace_once(rules, "spawn_spacing: {value: 1,", "spawn_spacing: {value: 2,")
    replace_once(rules, "signal_evidence: {value: 5,", "signal_evidence: {value: 6,")
    hostiles = project / "content/tables/inhuman-resources.yaml"
    replace_once(hostiles, "        weapon: {en: Static Burst, es: Estallido Estático}\n        type: broadcast\n"
                       "        attack: {en: Power, es: Poder}\n        damage: d6\n",
             "        weapon: {en: Static Burst, es: Estallido Estático}\n        type: broadcast\n"
             "        attack: {en: Power, es: Poder}\n        damage: d10\n")
    campaign = project / "content/tables/campaign.yaml"
    replace_once(campaign, "        promotion: 7\n        merits: 22\n", "        promotion: 7\n        merits: 23\n")


def change_missions(project: Path) -> None:
    """A new zone radius for Control (a parameter) and a fourth signal marker for Triangulation (a table cell)
    (test_mission_numbers.py)."""
    replace_once(project / "content/rules.yaml", RADIUS, RADIUS.replace("value: 3", "value: 5"))
    replace_once(project / "content/tables/missions.yaml", MARKERS, MARKERS.replace("markers: 3", "markers: 4"))


def build_changed_numbers(folder: Path, layout_cache: Path) -> Path:
    """The changed copy made in ``folder``, built (the booklets and the quick reference for the screen, the card
    decks for print on demand, both languages) and then checked clean; the output folder."""
    project = copy_project(folder)
    change_core_and_requisitions(project)
    change_inhuman_resources_and_campaign(project)
    change_missions(project)
    out = project / "out"
    booklets = ("core-rules", "requisitions", "inhuman-resources", "campaign", "missions")
    for targets, edition in (((*booklets, "quick-reference"), "screen"), (("cards",), "pod")):
        built = build_sharing_cache(layout_cache, project, out, *targets, "--lang", "all", "--edition", edition)
        assert built.returncode == 0, built.stdout + built.stderr
    # Checked as the designer does after the build, which rewrites the page map the change made stale.
    check = run_sw28("check", "--strict", cwd=project)
    assert check.returncode == 0, check.stdout + check.stderr
    return out
