"""The campaign between games (K1.2, K2.4, K3.7-K3.9): losing Evidence, Boss Succession, the Trading Post, victory.

Every number comes from the rules: the parameters of ``content/rules.yaml`` in
:class:`~sacredwire.engine.numbers.RuleNumbers`, the prices of the Requisitions
tables and the armor tiers' order, all read by the adapter.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .dice import Dice
from .gear import ArmorTier, Item
from .numbers import RuleNumbers
from .squad import Contract, WeaponAccess


@dataclass(frozen=True)
class CampaignEvidence:
    """A squad's Evidence between games: the types it has recorded, and Evidence not recorded yet (K2.3).

    Its Evidence, as the triggers (K1.2) and the gap (K1.3) count it, is both together.
    """

    recorded: frozenset[int]
    unrecorded: int = 0

    @property
    def evidence(self) -> int:
        return len(self.recorded) + self.unrecorded


# --- Losing Evidence (K2.4) ----------------------------------------------------------------------


def lose_evidence(held: CampaignEvidence, lost: int, types_given_up: Sequence[int],
                  numbers: RuleNumbers) -> CampaignEvidence:
    """K2.4: for each Evidence lost the owner gives up unrecorded Evidence or recorded types, as it chooses.

    ``types_given_up`` are the recorded types the owner chooses; the rest of
    what is owed comes from unrecorded Evidence. A squad that holds less than
    it owes loses everything it holds. ValueError for a choice the rules do
    not allow: a type it has not recorded, one named twice, more types than
    it owes, or types given up while unrecorded Evidence could still pay.
    """
    if lost < 0:
        raise ValueError("Evidence lost cannot be negative")
    owed = lost * numbers.lost_per_evidence
    chosen = list(types_given_up)
    unknown = [kind for kind in chosen if kind not in held.recorded]
    if unknown or len(set(chosen)) != len(chosen):
        raise ValueError(f"the squad cannot give up types {chosen}: it has recorded {sorted(held.recorded)}")
    if len(chosen) > owed:
        raise ValueError(f"{lost} Evidence lost costs {owed}, not {len(chosen)} recorded types")
    from_unrecorded = owed - len(chosen)
    if from_unrecorded > held.unrecorded:
        # Not enough unrecorded Evidence to pay the rest: every recorded type must go too.
        if len(chosen) < min(owed - held.unrecorded, len(held.recorded)):
            raise ValueError(f"{lost} Evidence lost and {held.unrecorded} unrecorded: give up "
                             f"{min(owed - held.unrecorded, len(held.recorded))} recorded type(s)")
        from_unrecorded = held.unrecorded
    return CampaignEvidence(held.recorded - set(chosen), held.unrecorded - from_unrecorded)


# --- Boss Succession (K3.7) ------------------------------------------------------------------------


class Succession(enum.Enum):
    """The benefits a promoted Resource chooses from (K3.7)."""

    BOTH_WEAPONS = "both-weapons"
    ARMOR = "armor"


@dataclass(frozen=True)
class Successor:
    """The new Boss: its contract (kept, with the chosen benefit) and that it counts as the Boss for Morale."""

    contract: Contract
    is_boss: bool = True


def succession(contract: Contract, promoted: int, chosen: Sequence[Succession],
               tiers: Mapping[str, ArmorTier], numbers: RuleNumbers) -> Successor:
    """K3.7: the Boss died; ``promoted`` Resources become the Boss, each keeping its contract, with ``chosen``.

    Both weapons opens every weapon to the contract; armor raises its maximum
    armor by the rules' step up the armor tiers' order. ValueError when the
    number promoted or chosen is not the rules', a benefit would change
    nothing, or the armor has no higher tier.
    """
    if promoted != numbers.bosses:
        raise ValueError(f"a squad promotes {numbers.bosses} Resource(s) to Boss, not {promoted}")
    if len(chosen) != numbers.succession_choices or len(set(chosen)) != len(chosen):
        raise ValueError(f"the new Boss chooses {numbers.succession_choices} benefit(s), not {len(chosen)}")
    weapons, max_armor = contract.weapons, contract.max_armor
    for benefit in chosen:
        if benefit is Succession.BOTH_WEAPONS:
            if weapons is WeaponAccess.BOTH:
                raise ValueError(f"{contract.key} already has access to both weapons")
            weapons = WeaponAccess.BOTH
        else:
            by_rank = {tier.rank: tier for tier in tiers.values()}
            higher = by_rank.get(max_armor.rank + numbers.succession_armor_step)
            if higher is None:
                raise ValueError(f"no armor tier above {max_armor.key} for {contract.key}")
            max_armor = higher
    return Successor(dataclasses.replace(contract, weapons=weapons, max_armor=max_armor))


# --- Trading Post (K3.8) ---------------------------------------------------------------------------


def sell_price(item: Item, numbers: RuleNumbers) -> int:
    """K3.8: an item sells for the rules' share of its listed price, in whole subs (rounded down)."""
    return item.cost * numbers.sell_share // 100


def trade(subs: int, bought: Sequence[Item], sold: Sequence[Item], numbers: RuleNumbers) -> int:
    """K3.8: the squad's subs after buying at listed prices and selling; ValueError if it cannot pay."""
    after = subs + sum(sell_price(item, numbers) for item in sold) - sum(item.cost for item in bought)
    if after < 0:
        raise ValueError(f"{subs} subs and the sales do not pay for {sum(item.cost for item in bought)} subs")
    return after


# --- Trigger missions and Campaign Victory (K1.2, K3.9) ----------------------------------------------


class NextGame(enum.Enum):
    """What a squad's Evidence makes of the next game (K1.2)."""

    GENERATOR = "generator"
    SIGNAL = "signal"
    SOURCE_ALLOWED = "source-allowed"


def next_game(evidence: int, signal_played: bool, numbers: RuleNumbers) -> NextGame:
    """K1.2: The Signal the first time a squad reaches its Evidence (once a campaign); The Source is open
    while a squad holds enough; else the mission generator."""
    if not signal_played and evidence >= numbers.signal_evidence:
        return NextGame.SIGNAL
    if evidence >= numbers.source_evidence:
        return NextGame.SOURCE_ALLOWED
    return NextGame.GENERATOR


def has_won(held: CampaignEvidence, numbers: RuleNumbers, evidence_die: Dice) -> bool:
    """K3.9: whether a squad has recorded the different Evidence types that win the campaign.

    ValueError when the rules ask for more types than the Evidence Types die has faces: no one could win.
    """
    if numbers.victory_types > evidence_die.maximum - evidence_die.minimum + 1:
        raise ValueError(f"{numbers.victory_types} types to win, but the {evidence_die} gives "
                         f"{evidence_die.maximum - evidence_die.minimum + 1}")
    return len(held.recorded) >= numbers.victory_types


def campaign_winner(squads: Sequence[CampaignEvidence], numbers: RuleNumbers, evidence_die: Dice) -> int | None:
    """K3.9: the first squad, in the order they record, that has won the campaign; None if none has."""
    return next((index for index, held in enumerate(squads) if has_won(held, numbers, evidence_die)), None)
