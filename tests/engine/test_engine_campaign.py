"""Campaign arithmetic (K1-K3), read from the Campaign tables."""

from __future__ import annotations

import pytest

from sacredwire.engine import Rules
from sacredwire.engine.campaign import (
    POST_GAME_ROWS,
    Band,
    Effect,
    SquadProgress,
    evidence_gap,
    exploration,
    injury,
    interrogate_roll,
    interrogate_tiers,
    lookup,
    merits_for,
    search_allowed,
    search_roll,
    thresholds_crossed,
)
from sacredwire.engine.dice import DiceTier
from sacredwire.engine.rolls import Outcome
from sacredwire.ids import TableId
from sacredwire.model import Rulebook

from ._content import NUMBERS

D4, D6, D8 = (DiceTier.parse(t) for t in ("2d4", "2d6", "2d8"))


def test_bands():
    assert Band.parse("6+") == Band(6, None) and Band.parse("2-3") == Band(2, 3) and Band.parse(5) == Band(5, 5)
    with pytest.raises(ValueError):
        Band.parse("3-2")


def test_evidence_gap_example(rules: Rules):
    result = evidence_gap(SquadProgress(4, 3), SquadProgress(2, 1), rules.evidence_gap)
    assert (result.gap, result.aggressor, result.defender) == (4, 0, 1)
    assert (result.advantages.setup, result.advantages.tactical, result.advantages.either) == (1, 1, 1)


@pytest.mark.parametrize("first, second, gap, aggressor, rolls", [
    ((1, 0), (0, 0), 1, 0, (0, 0, 0)), ((0, 3), (2, 0), 1, 0, (0, 0, 0)), ((1, 2), (3, 2), 2, 1, (1, 1, 0)),
    ((2, 1), (3, 0), 0, 1, (0, 0, 0)), ((2, 0), (2, 0), 0, None, (0, 0, 0)), ((9, 9), (0, 0), 18, 0, (1, 1, 1)),
])
def test_evidence_gap_rows_and_ties(rules: Rules, first, second, gap, aggressor, rolls):
    result = evidence_gap(SquadProgress(*first), SquadProgress(*second), rules.evidence_gap)
    advantages = result.advantages
    assert (result.gap, result.aggressor, (advantages.setup, advantages.tactical, advantages.either)) == \
        (gap, aggressor, rolls)


def test_search_example(rules: Rules):
    reach = NUMBERS.search_reach
    assert search_allowed(reach, NUMBERS) and not search_allowed(reach + 0.5, NUMBERS)
    assert not search_allowed(reach, NUMBERS, engaged=True)
    assert search_roll(D4, 7, 7, NUMBERS.fixed_roll) is Outcome.ATTACKER_WINS
    assert search_roll(D6, 7, 7, NUMBERS.fixed_roll) is Outcome.REROLL
    finding = lookup(rules.search_findings, 14)
    assert (finding.subs, str(rules.search_die)) == (12, "d20")


def test_search_findings(rules: Rules):
    assert lookup(rules.search_findings, 19).evidence == 1
    assert lookup(rules.search_findings, 10).leads == 1
    assert lookup(rules.search_findings, 17).merits == 1


def test_interrogate_example(rules: Rules):
    clerk = rules.coworkers["data-clerk"]
    assert clerk.wits == D8
    assert interrogate_roll(D6, clerk.wits, 8, 6, NUMBERS) is Outcome.ATTACKER_WINS
    result = lookup(rules.interrogate_results, 6)
    assert (result.key, result.evidence, str(rules.interrogate_die)) == ("cooperates", 1, "2d4")


def test_interrogating_a_wounded_coworker_is_easier():
    wounded = interrogate_tiers(D6, D8, NUMBERS, wounded=True)
    assert wounded.attacker == D6.shifted(NUMBERS.wounded_coworker_dt)[0]
    assert interrogate_tiers(D6, D8, NUMBERS).attacker == D6


def test_exploration_bands(rules: Rules):
    assert (exploration(31, rules.exploration).key, exploration(31, rules.exploration).subs) == ("above-quota", 20)
    assert [exploration(total, rules.exploration).subs for total in (5, 6, 15, 16, 40, 41, 61, 90)] == \
        [0, 5, 10, 15, 20, 25, 30, 30]


def test_injuries(rules: Rules):
    hobbled = injury(9, rules.injuries)
    assert (hobbled.key, hobbled.effects) == ("hobbled", (Effect("move", -1),))
    assert injury(3, rules.injuries).key == "terminated"
    assert injury(4, rules.injuries, modifier=-2).key == "terminated"
    assert injury(2, rules.injuries, modifier=-2).key == "terminated"
    assert injury(5, rules.injuries).effects == (Effect("wits", -1),)
    assert injury(4, rules.injuries).effects == (Effect("health", -1),)


def test_promotion_thresholds(rules: Rules):
    assert rules.promotion_thresholds == (1, 2, 4, 7, 11, 16, 22)
    assert thresholds_crossed(rules.promotion_thresholds, 3, 5) == [4]
    assert thresholds_crossed(rules.promotion_thresholds, 0, 7) == [1, 2, 4, 7]
    assert thresholds_crossed(rules.promotion_thresholds, 22, 40) == [29, 37]


def test_promotion_results(rules: Rules):
    training = lookup(rules.promotions, 8)
    assert (training.key, training.effects) == ("training", (Effect("wits", 1),))
    assert lookup(rules.promotions, 7).effects == ()
    assert lookup(rules.promotions, 11).effects == (Effect("move", 2),)


def test_merits(rules: Rules):
    assert merits_for(["enemy-model-out-of-action", "enemy-boss-out-of-action"], rules.merit_sources) == 2
    with pytest.raises(ValueError, match="no Merit source"):
        merits_for(["hostile"], rules.merit_sources)


def test_the_post_game_steps_are_the_tables_numbers(rulebook: Rulebook, rules: Rules):
    table = rulebook.tables[TableId.parse("post-game-sequence")]
    assert dict(rules.post_game_steps) == {str(row.key): row.cells["step"] for row in table.rows}
    assert set(POST_GAME_ROWS.values()) <= set(rules.post_game_steps)
    # The engine's steps keep the table's order: merits before exploration before injuries before promotion.
    steps = [rules.post_game_steps[row] for row in POST_GAME_ROWS.values()]
    assert steps == sorted(steps)
