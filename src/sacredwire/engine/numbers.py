"""The numbers the rules text states outside its tables, as the engine computes with them.

The engine types none of them: an adapter outside this package reads each from
the rule parameters of ``content/rules.yaml`` (the section and name in
:data:`SOURCES`) or from a table's cell (:data:`CELL_SOURCES`), the same values
the booklets print through their fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .dice import Dice, DiceTier


@dataclass(frozen=True)
class Multiples:
    """How many times one total must hold the other (C4.16, C4.17), and the bonus per further step."""

    double: int
    triple: int
    fumble: int
    step_bonus: int

    def bonus(self, times: int, threshold: int) -> int:
        """The bonus to a critical or fumble roll: ``step_bonus`` per step past ``threshold``."""
        return max(times - threshold, 0) * self.step_bonus


@dataclass(frozen=True)
class RuleNumbers:
    """Every number of the rules prose the engine computes with, each read from its rule parameter."""

    multiples: Multiples
    fixed_roll: DiceTier
    squad_size: int
    budget: int
    blessing_rolls: int
    blessings_per_model: int
    free_attacks_per_enemy: int
    free_attack_dt: int
    riposte_dt: int
    riposte_damage_dice: int
    moving_dt: int
    into_melee_dt: int
    cover_dt: int
    stray_range: int
    fall_step: int
    grenade_range: int
    grenade_blast: int
    grenade_scatter: Dice
    out_of_action_health: int
    morale_friend_range: int
    morale_friend_dt: int
    climb_moves: int
    sample_max_cost: int
    improvised_dt: int
    pistol_far_dt: int
    pistol_far_range: int
    padded_vest_knockback: int
    lining_critical: int
    mask_dt: int
    scope_dt: int
    scope_range: int
    targeting_dt: int
    targeting_needs: int
    trauma_kit_criticals: int
    slag_tiers: int
    bleed_damage: int
    injury_penalty: int
    review_damage: Dice
    compass_die: Dice
    clock_die: Dice
    search_reach: int
    wounded_coworker_dt: int
    duplicate_leads: int
    examine_reach: int
    examine_leads: int
    examine_critical_evidence: int
    signal_evidence: int
    source_evidence: int
    lost_per_evidence: int
    bosses: int
    succession_choices: int
    succession_armor_step: int
    sell_share: int
    victory_types: int
    spawn_delay: int

    @property
    def shooting_penalties(self) -> Mapping[str, int]:
        """C4.10, C4.11, C4.13: Combat penalties for shooting after moving, into melee, at a target in Cover."""
        return MappingProxyType({"moved": self.moving_dt, "into_melee": self.into_melee_dt, "cover": self.cover_dt})


# Where the rules state each number: RuleNumbers field -> (section, parameter) of content/rules.yaml.
SOURCES: Mapping[str, tuple[str, str]] = MappingProxyType({
    "double": ("C4.16", "double"),
    "triple": ("C4.16", "triple"),
    "fumble": ("C4.17", "fumble_times"),
    "step_bonus": ("C4.16", "step_bonus"),
    "fixed_roll": ("C1.10", "fixed_roll"),
    "squad_size": ("C2", "squad_size"),
    "budget": ("C2.3", "budget"),
    "blessing_rolls": ("C4.2", "blessing_rolls"),
    "blessings_per_model": ("C4.2", "blessings_per_model"),
    "free_attacks_per_enemy": ("C4.5", "free_attacks"),
    "free_attack_dt": ("C4.5", "free_attack_dt"),
    "riposte_dt": ("C4.7", "riposte_dt"),
    "riposte_damage_dice": ("C4.7", "riposte_damage_dice"),
    "moving_dt": ("C4.10", "moving_dt"),
    "into_melee_dt": ("C4.11", "into_melee_dt"),
    "cover_dt": ("C4.13", "cover_dt"),
    "stray_range": ("C4.11", "stray_range"),
    "fall_step": ("C4.6", "fall_step"),
    "grenade_range": ("C4.15", "grenade_range"),
    "grenade_blast": ("C4.15", "blast"),
    "grenade_scatter": ("C4.15", "scatter"),
    "out_of_action_health": ("C4.18", "out_of_action_health"),
    "morale_friend_range": ("C4.19", "friend_range"),
    "morale_friend_dt": ("C4.19", "friend_dt"),
    "climb_moves": ("C4.6", "climb_moves"),
    "sample_max_cost": ("A7", "sample_max_cost"),
    "improvised_dt": ("A3.1", "improvised_dt"),
    "pistol_far_dt": ("A3.3", "pistol_far_dt"),
    "pistol_far_range": ("A3.3", "pistol_far_range"),
    "padded_vest_knockback": ("A3.6", "padded_vest_knockback"),
    "lining_critical": ("A3.6", "lining_critical"),
    "mask_dt": ("A3.10", "mask_dt"),
    "scope_dt": ("A3.10", "scope_dt"),
    "scope_range": ("A3.10", "scope_range"),
    "targeting_dt": ("A3.11", "targeting_dt"),
    "targeting_needs": ("A3.11", "targeting_needs"),
    "trauma_kit_criticals": ("A3.9", "trauma_kit_criticals"),
    "slag_tiers": ("A5.5", "slag_tiers"),
    "bleed_damage": ("A5.1", "bleed_damage"),
    "injury_penalty": ("A5.1", "injury_penalty"),
    "review_damage": ("C4.20", "review_damage"),
    "compass_die": ("C4.12", "compass_die"),
    "clock_die": ("C4.12", "clock_die"),
    "duplicate_leads": ("K2.3", "duplicate_leads"),
    "examine_leads": ("M3.1", "examine_leads"),
    "examine_critical_evidence": ("M3.1", "critical_evidence"),
    "signal_evidence": ("K1.2", "signal_evidence"),
    "source_evidence": ("K1.2", "source_evidence"),
    "lost_per_evidence": ("K2.4", "lost_per_evidence"),
    "bosses": ("C2", "bosses"),
    "succession_choices": ("K3.7", "succession_choices"),
    "succession_armor_step": ("K3.7", "armor_step"),
    "sell_share": ("K3.8", "sell_share"),
    "victory_types": ("K3.9", "victory_types"),
    "spawn_delay": ("K1.4", "spawn_delay"),
})

# Numbers the rules state in a table's cell and the prose of other sections restates through a field of
# that cell: RuleNumbers field -> (table, row, column). The Actions table (C4.3) gives Search, Interrogate
# and Interact their reach and Interrogate its DT against a wounded Coworker; K2.1, K2.2 and M1.2 print them.
CELL_SOURCES: Mapping[str, tuple[str, str, str]] = MappingProxyType({
    "search_reach": ("actions", "search", "reach"),
    "wounded_coworker_dt": ("actions", "interrogate", "dt"),
    "examine_reach": ("actions", "interact", "reach"),
})
