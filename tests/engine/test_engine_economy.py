"""The campaign between games (K1.2, K2.4, K3.7-K3.9), every number read from the content.

Contracts, items and the armor tiers come from the tables, the counts and
shares from ``content/rules.yaml`` (``NUMBERS``): changing one there changes
what these tests expect.
"""

from __future__ import annotations

import dataclasses

import pytest

from sacredwire.engine import Rules
from sacredwire.engine.economy import (
    CampaignEvidence,
    NextGame,
    Succession,
    campaign_winner,
    has_won,
    lose_evidence,
    next_game,
    sell_price,
    succession,
    trade,
)
from sacredwire.engine.squad import WeaponAccess

from ._content import NUMBERS


def _types(count: int) -> frozenset[int]:
    return frozenset(range(1, count + 1))


# --- K2.4 ------------------------------------------------------------------------------------------


def test_each_evidence_lost_costs_the_rules_count_from_what_the_owner_chooses():
    per = NUMBERS.lost_per_evidence
    held = CampaignEvidence(_types(3), unrecorded=2 * per)
    # Paid from unrecorded Evidence alone.
    assert lose_evidence(held, 1, [], NUMBERS) == CampaignEvidence(_types(3), per)
    # Paid with a recorded type: the owner's choice, the unrecorded Evidence stays.
    after = lose_evidence(held, 1, sorted(_types(per)), NUMBERS)
    assert after.recorded == _types(3) - _types(per) and after.unrecorded == 2 * per
    assert after.evidence == held.evidence - per


def test_a_squad_that_cannot_pay_loses_what_it_holds_and_choices_are_checked():
    per = NUMBERS.lost_per_evidence
    held = CampaignEvidence(_types(2), unrecorded=0)
    assert lose_evidence(held, 5, sorted(held.recorded), NUMBERS) == CampaignEvidence(frozenset(), 0)
    with pytest.raises(ValueError, match="give up"):
        lose_evidence(held, 5, [], NUMBERS)
    with pytest.raises(ValueError, match="cannot give up"):
        lose_evidence(held, 1, [9], NUMBERS)
    with pytest.raises(ValueError, match="costs"):
        lose_evidence(CampaignEvidence(_types(per + 1)), 1, sorted(_types(per + 1)), NUMBERS)
    with pytest.raises(ValueError, match="negative"):
        lose_evidence(held, -1, [], NUMBERS)


# --- K3.7 ------------------------------------------------------------------------------------------


def test_the_new_boss_keeps_its_contract_and_gains_both_weapons(rules: Rules):
    melee = next(contract for contract in rules.contracts.values() if contract.weapons is WeaponAccess.MELEE)
    chosen = [Succession.BOTH_WEAPONS] * NUMBERS.succession_choices
    heir = succession(melee, NUMBERS.bosses, chosen, rules.armor_tiers, NUMBERS)
    assert heir.is_boss and heir.contract.weapons is WeaponAccess.BOTH
    assert dataclasses.replace(heir.contract, weapons=melee.weapons) == melee


def test_the_new_boss_may_rise_an_armor_step_but_not_past_the_top_tier(rules: Rules):
    ranks = {tier.rank: tier for tier in rules.armor_tiers.values()}
    light = next(contract for contract in rules.contracts.values() if contract.max_armor.rank == min(ranks))
    heavy = next(contract for contract in rules.contracts.values() if contract.max_armor.rank == max(ranks))
    chosen = [Succession.ARMOR] * NUMBERS.succession_choices
    heir = succession(light, NUMBERS.bosses, chosen, rules.armor_tiers, NUMBERS)
    assert heir.contract.max_armor == ranks[min(ranks) + NUMBERS.succession_armor_step]
    assert heir.contract.weapons is light.weapons
    with pytest.raises(ValueError, match="no armor tier above"):
        succession(heavy, NUMBERS.bosses, chosen, rules.armor_tiers, NUMBERS)


def test_succession_promotes_and_chooses_as_many_as_the_rules_say(rules: Rules):
    melee = next(contract for contract in rules.contracts.values() if contract.weapons is WeaponAccess.MELEE
                 and contract.max_armor.rank < max(tier.rank for tier in rules.armor_tiers.values()))
    with pytest.raises(ValueError, match="chooses"):
        succession(melee, NUMBERS.bosses, [Succession.ARMOR] * (NUMBERS.succession_choices + 1), rules.armor_tiers,
                   NUMBERS)
    with pytest.raises(ValueError, match="promotes"):
        succession(melee, NUMBERS.bosses + 1, [Succession.ARMOR] * NUMBERS.succession_choices, rules.armor_tiers,
                   NUMBERS)
    both = next(contract for contract in rules.contracts.values() if contract.weapons is WeaponAccess.BOTH)
    with pytest.raises(ValueError, match="already"):
        succession(both, NUMBERS.bosses, [Succession.BOTH_WEAPONS] * NUMBERS.succession_choices, rules.armor_tiers,
                   NUMBERS)


# --- K3.8 ------------------------------------------------------------------------------------------


def test_every_item_sells_for_the_rules_share_of_its_listed_price(rules: Rules):
    items = [*rules.weapons.values(), *rules.armor.values(), *rules.gear.values()]
    assert items
    for item in items:
        price = sell_price(item, NUMBERS)
        assert price * 100 <= item.cost * NUMBERS.sell_share < (price + 1) * 100
    priced = next(item for item in items if item.cost * NUMBERS.sell_share % 100 == 0 and item.cost)
    assert sell_price(priced, NUMBERS) == priced.cost * NUMBERS.sell_share // 100


def test_trading_buys_at_listed_price_and_sells_at_the_share(rules: Rules):
    bought, sold = max(rules.armor.values(), key=lambda item: item.cost), max(rules.weapons.values(),
                                                                             key=lambda item: item.cost)
    subs = bought.cost
    assert trade(subs, [bought], [sold], NUMBERS) == sell_price(sold, NUMBERS)
    assert trade(subs, [], [sold, sold], NUMBERS) == subs + 2 * sell_price(sold, NUMBERS)
    with pytest.raises(ValueError, match="do not pay"):
        trade(subs - 1, [bought], [], NUMBERS)


# --- K1.2, K3.9 ------------------------------------------------------------------------------------


def test_the_signal_once_then_the_source_while_the_squad_holds_enough():
    assert next_game(NUMBERS.signal_evidence - 1, False, NUMBERS) is NextGame.GENERATOR
    assert next_game(NUMBERS.signal_evidence, False, NUMBERS) is NextGame.SIGNAL
    assert next_game(NUMBERS.signal_evidence, True, NUMBERS) is (
        NextGame.SOURCE_ALLOWED if NUMBERS.signal_evidence >= NUMBERS.source_evidence else NextGame.GENERATOR)
    assert next_game(NUMBERS.source_evidence, True, NUMBERS) is NextGame.SOURCE_ALLOWED
    assert next_game(NUMBERS.source_evidence - 1, True, NUMBERS) is NextGame.GENERATOR


def test_the_first_squad_to_record_the_rules_types_wins(rules: Rules):
    short, enough = CampaignEvidence(_types(NUMBERS.victory_types - 1), unrecorded=5), \
        CampaignEvidence(_types(NUMBERS.victory_types))
    assert not has_won(short, NUMBERS, rules.evidence_die) and has_won(enough, NUMBERS, rules.evidence_die)
    assert campaign_winner([short, enough], NUMBERS, rules.evidence_die) == 1
    assert campaign_winner([enough, enough], NUMBERS, rules.evidence_die) == 0
    assert campaign_winner([short, short], NUMBERS, rules.evidence_die) is None
    impossible = dataclasses.replace(NUMBERS, victory_types=rules.evidence_die.maximum + 1)
    with pytest.raises(ValueError, match="types to win"):
        has_won(enough, impossible, rules.evidence_die)
