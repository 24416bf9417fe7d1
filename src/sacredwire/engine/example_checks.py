"""Engine checks for worked examples: what an example gives in, what the rules make of it.

Each check reads the plain values of an example's ``given`` and returns the
numbers and outcomes the rules compute, under the names its ``claims`` use.
Tiers and dice come back as text (``2d8``, ``d6``), outcomes as words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import activation, campaign, combat, economy, rolls, squad
from .dice import Dice, DiceTier, all_tiers, apply_modifiers
from .gear import Armor, Weapon
from .rolls import Outcome
from .rules import Rules

Computed = dict[str, Any]


class ExampleInputError(ValueError):
    """An example's ``given`` that the rules cannot read (a missing key, an impossible die)."""


@dataclass(frozen=True)
class Given:
    """An example's ``given`` values, read with their expected types."""

    values: Mapping[str, Any]

    def has(self, key: str) -> bool:
        return key in self.values

    def get(self, key: str) -> Any:
        if key not in self.values:
            raise ExampleInputError(f"given needs {key!r}")
        return self.values[key]

    def tier(self, key: str) -> DiceTier:
        try:
            return DiceTier.parse(self.get(key))
        except ValueError as error:
            raise ExampleInputError(f"{key}: {error}") from None

    def number(self, key: str, default: int | None = None) -> int:
        if default is not None and key not in self.values:
            return default
        value = self.get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ExampleInputError(f"{key} must be a whole number, not {value!r}")
        return value

    def flag(self, key: str) -> bool:
        value = self.values.get(key, False)
        if not isinstance(value, bool):
            raise ExampleInputError(f"{key} must be true or false, not {value!r}")
        return value

    def words(self, key: str, default: Sequence[str] | None = None) -> list[str]:
        if default is not None and key not in self.values:
            return list(default)
        value = self.get(key)
        if not isinstance(value, list):
            raise ExampleInputError(f"{key} must be a list, not {value!r}")
        return [str(item) for item in value]

    def entries(self, key: str) -> list[Given]:
        """A list of mappings (models, squads), each read as its own Given."""
        value = self.get(key)
        if not isinstance(value, list) or not all(isinstance(item, Mapping) for item in value):
            raise ExampleInputError(f"{key} must be a list of mappings, not {value!r}")
        return [Given(item) for item in value]

    def mapping(self, key: str) -> Mapping[str, Any]:
        value = self.get(key)
        if not isinstance(value, Mapping):
            raise ExampleInputError(f"{key} must be a mapping, not {value!r}")
        return value

    def total(self, prefix: str, tier: DiceTier) -> int:
        """A roll's total: from ``<prefix>_faces`` (the two dice) or ``<prefix>_total``.

        With an empty prefix the keys are ``faces`` and ``total``.
        """
        faces_key, total_key = (f"{prefix}_faces", f"{prefix}_total") if prefix else ("faces", "total")
        if faces_key in self.values:
            faces = self.get(faces_key)
            if not isinstance(faces, list) or not all(isinstance(face, int) for face in faces):
                raise ExampleInputError(f"{faces_key} must be a list of dice, not {faces!r}")
            try:
                return tier.total_of(faces)
            except ValueError as error:
                raise ExampleInputError(f"{faces_key}: {error}") from None
        total = self.number(total_key)
        if not tier.can_total(total):
            raise ExampleInputError(f"{total_key}: {tier} cannot total {total}")
        return total


CheckFunction = Callable[[Rules, Given], Computed]


@dataclass(frozen=True)
class ExampleCheck:
    """A named check: the ``given`` keys it reads, the claim keys it computes, and its conclusion.

    The conclusion is what the example is told for (the outcome of an attack,
    the damage a fall deals); an example must claim it, so that its claims do
    not only restate what it starts from.
    """

    name: str
    given: tuple[str, ...]
    computes: tuple[str, ...]
    run: CheckFunction
    concludes: tuple[str, ...] = ()


EXAMPLE_CHECKS: dict[str, ExampleCheck] = {}


def example_check(name: str, given: str, computes: str,
                  concludes: str = "") -> Callable[[CheckFunction], CheckFunction]:
    """Register a check under ``name``; ``given``, ``computes`` and ``concludes`` are space-separated keys
    (``concludes``: the computed keys that state the example's conclusion)."""

    def register(function: CheckFunction) -> CheckFunction:
        EXAMPLE_CHECKS[name] = ExampleCheck(name, tuple(given.split()), tuple(computes.split()), function,
                                            tuple(concludes.split()))
        return function

    return register


def run_example(check: str, rules: Rules, given: Mapping[str, Any]) -> Computed:
    """Run the check named ``check`` on ``given``; ExampleInputError when it cannot."""
    registered = EXAMPLE_CHECKS.get(check)
    if registered is None:
        raise ExampleInputError(f"no example check {check!r} (checks: {', '.join(sorted(EXAMPLE_CHECKS))})")
    unknown = sorted(set(given) - set(registered.given))
    if unknown:
        raise ExampleInputError(f"{check} does not read {', '.join(unknown)} "
                                f"(it reads {', '.join(registered.given)})")
    try:
        return registered.run(rules, Given(given))
    except ExampleInputError:
        raise
    except (ValueError, KeyError, TypeError) as error:
        # A value of the wrong shape deep inside ``given`` (a number where a list belongs).
        raise ExampleInputError(str(error).strip("'\"")) from None


def _weapon(rules: Rules, key: str) -> Weapon:
    if key not in rules.weapons:
        raise ExampleInputError(f"no weapon {key!r} in the weapon tables")
    return rules.weapons[key]


def _contract(rules: Rules, key: str) -> squad.Contract:
    if key not in rules.contracts:
        raise ExampleInputError(f"no contract type {key!r} (types: {', '.join(rules.contracts)})")
    return rules.contracts[key]


def _carrier(rules: Rules, given: Given, weapon: Weapon, holder: str) -> squad.Contract | None:
    """The contract ``given[holder]`` that carries ``weapon``, if the example names one; refused if that
    contract cannot carry it (C2.3, C2.4)."""
    if not given.has(holder):
        return None
    contract = _contract(rules, str(given.get(holder)))
    if not contract.weapons.allows(weapon):
        raise ExampleInputError(f"{holder}: a {contract.key} cannot carry the {weapon.key} (C2.3, C2.4)")
    return contract


def _held(rules: Rules, given: Given, weapon_key: str, holder: str = "attacker_contract") -> Weapon:
    """The weapon ``given[weapon_key]`` in the hands of the contract ``given[holder]``, when one is named."""
    weapon = _weapon(rules, str(given.get(weapon_key)))
    _carrier(rules, given, weapon, holder)
    return weapon


def _damage_dice(rules: Rules, given: Given, weapon: Weapon) -> Dice:
    """The weapon's damage in the attacker's hands: refused if its contract cannot carry it, with the
    contract's melee bonus when it has one (C2.3, C2.4)."""
    contract = _carrier(rules, given, weapon, "attacker_contract")
    return combat.melee_dice(weapon, contract.melee_damage_bonus if contract else 0)


def _array(rules: Rules, key: str) -> squad.StatArray:
    if key not in rules.stat_arrays:
        raise ExampleInputError(f"no attribute array {key!r} (arrays: {', '.join(rules.stat_arrays)})")
    return rules.stat_arrays[key]


def _attack(rules: Rules, attacker: DiceTier, attacker_total: int, defender: DiceTier,
            defender_total: int) -> rolls.AttackResult:
    """An opposed attack read with the rules' multiples (C4.16, C4.17)."""
    return rolls.resolve_attack(attacker, attacker_total, defender, defender_total, rules.numbers.multiples)


def _win(outcome: Outcome) -> str:
    return {Outcome.ATTACKER_WINS: "success", Outcome.DEFENDER_WINS: "fail", Outcome.REROLL: "reroll"}[outcome]


# --- C1: dice ----------------------------------------------------------------------------


@example_check("opposed_roll", "attacker_dice defender_dice attacker_total attacker_faces defender_total "
               "defender_faces", "attacker_total defender_total outcome same_tier_tie",
               concludes="outcome")
def opposed_roll(rules: Rules, given: Given) -> Computed:
    attacker, defender = given.tier("attacker_dice"), given.tier("defender_dice")
    a_total, d_total = given.total("attacker", attacker), given.total("defender", defender)
    return {"attacker_total": a_total, "defender_total": d_total,
            "outcome": rolls.opposed_outcome(attacker, a_total, defender, d_total).value,
            # The same tie between two models of the defender's tier.
            "same_tier_tie": rolls.opposed_outcome(defender, d_total, defender, d_total).value}


@example_check("overflow", "array attacker_base boss promotion_dt attacker_mod defender_dice defender_mod",
               "boss_bonus_dt attacker_attribute top_tier attacker_rolls defender_rolls",
               concludes="attacker_rolls defender_rolls")
def overflow(rules: Rules, given: Given) -> Computed:
    base = given.tier("attacker_base")
    if given.has("array") and base not in _array(rules, str(given.get("array"))).dice:
        raise ExampleInputError(f"the {given.get('array')} array has no {base}")
    bonus = _contract(rules, squad.BOSS).attribute_bonus if given.flag("boss") else 0
    attribute = base.capped(bonus + given.number("promotion_dt", 0))
    rolled = apply_modifiers(attribute, given.tier("defender_dice"),
                             given.number("attacker_mod", 0), given.number("defender_mod", 0))
    return {"boss_bonus_dt": bonus, "attacker_attribute": str(attribute), "top_tier": str(DiceTier.highest()),
            "attacker_rolls": str(rolled.attacker), "defender_rolls": str(rolled.defender)}


@example_check("stacking", "attacker_dice defender_dice attacker_situations",
               "penalty penalty_count after_first lowest_tier attacker_rolls defender_rolls defender_steps",
               concludes="attacker_rolls defender_rolls")
def stacking(rules: Rules, given: Given) -> Computed:
    situations = given.words("attacker_situations")
    unknown = [name for name in situations if name not in rules.numbers.shooting_penalties]
    if unknown or not situations:
        raise ExampleInputError(f"attacker_situations: one or more of {', '.join(rules.numbers.shooting_penalties)}")
    mods = [rules.numbers.shooting_penalties[name] for name in situations]
    attacker, defender = given.tier("attacker_dice"), given.tier("defender_dice")
    first = apply_modifiers(attacker, defender, mods[0])
    rolled = apply_modifiers(attacker, defender, sum(mods))
    computed: Computed = {"penalty_count": len(mods), "after_first": str(first.attacker),
                          "lowest_tier": str(DiceTier.lowest()), "attacker_rolls": str(rolled.attacker),
                          "defender_rolls": str(rolled.defender),
                          "defender_steps": rolled.defender.index - defender.index}
    if len(set(mods)) == 1:
        computed["penalty"] = mods[0]
    return computed


# --- C2: personnel ------------------------------------------------------------------------


@example_check("boss_dice", "array assign raise", "bonus_dt combat defense wits",
               concludes="combat defense wits")
def boss_dice(rules: Rules, given: Given) -> Computed:
    assignment = {name: DiceTier.parse(value) for name, value in given.mapping("assign").items()}
    bonus = _contract(rules, squad.BOSS).attribute_bonus
    final = squad.assign_attributes(_array(rules, str(given.get("array"))), assignment,
                                    str(given.get("raise")), bonus)
    return {"bonus_dt": bonus, **{name: str(tier) for name, tier in final.items()}}


@example_check("budget", "models groups", "prices costs group_costs remaining models_left problems",
               concludes="remaining problems")
def budget(rules: Rules, given: Given) -> Computed:
    models = []
    for entry in given.entries("models"):
        items = tuple(rules.item(key) for key in entry.words("items"))
        models.append(squad.SquadModel(str(entry.get("name")), _contract(rules, str(entry.get("contract"))), items))
    by_name = {model.name: model for model in models}
    groups = given.mapping("groups") if given.has("groups") else {}
    return {
        "prices": {item.key: item.cost for model in models for item in model.items},
        "costs": {model.name: model.cost for model in models},
        "group_costs": {group: squad.spent([by_name[name] for name in names]) for group, names in groups.items()},
        "remaining": dict(zip(by_name, squad.remaining_after(models, rules.numbers.budget), strict=True)),
        # The models still to equip after each one.
        "models_left": {model.name: rules.numbers.squad_size - index for index, model in enumerate(models, start=1)},
        "problems": squad.squad_problems(models, rules.numbers.budget, rules.numbers.squad_size, complete=False),
    }


@example_check("contract_row", "contract weapon armor",
               "health move weapons weapon_allowed max_armor armor_move armor_move_cost move_with_armor",
               concludes="weapon_allowed move_with_armor")
def contract_row(rules: Rules, given: Given) -> Computed:
    contract = _contract(rules, str(given.get("contract")))
    armor = rules.item(str(given.get("armor")))
    if not isinstance(armor, Armor):
        raise ExampleInputError(f"{armor.key} is not armor")
    return {"health": contract.health, "move": contract.move, "weapons": contract.weapons.value,
            "weapon_allowed": contract.weapons.allows(_weapon(rules, str(given.get("weapon")))),
            "max_armor": contract.max_armor.key, "armor_move": armor.move, "armor_move_cost": max(-armor.move, 0),
            "move_with_armor": contract.move_with(armor)}


# --- C4: the round -------------------------------------------------------------------------


# The ActivationBag methods an example's events may name, in the order C4.1 describes them.
BAG_EVENTS = ("draw_player", "draw_group", "player_out_of_action", "group_gone")


@example_check("activation_tokens", "squads hostile_groups coworker_groups activating events",
               "squads tokens move out_of_action_health remaining",
               concludes="remaining")
def activation_tokens(rules: Rules, given: Given) -> Computed:
    squads = given.get("squads")
    if not isinstance(squads, list) or not all(isinstance(size, int) for size in squads):
        raise ExampleInputError("squads must list each squad's number of models")
    bag = activation.ActivationBag.for_round(sum(squads), given.number("hostile_groups", 0),
                                             given.number("coworker_groups", 0))
    tokens = bag.total
    for event in given.words("events"):
        if event not in BAG_EVENTS:
            raise ExampleInputError(f"unknown event {event!r} (events: {', '.join(BAG_EVENTS)})")
        bag = getattr(bag, event)()
    return {"squads": len(squads), "tokens": tokens, "move": _contract(rules, str(given.get("activating"))).move,
            "out_of_action_health": rules.numbers.out_of_action_health, "remaining": bag.total}


@example_check("blessings", "rolls boosted recipients",
               "die rolls_per_round results counts boosted per_model allowed",
               concludes="results allowed")
def blessings(rules: Rules, given: Given) -> Computed:
    faces = given.get("rolls")
    if not isinstance(faces, list) or len(faces) != rules.numbers.blessing_rolls:
        raise ExampleInputError(f"rolls must list the {rules.numbers.blessing_rolls} d8 rolls of a round")
    results = activation.read_blessings(rules.blessings, faces)
    boost = next((blessing for blessing in results if blessing.dt), None)
    if boost is None:
        raise ExampleInputError("no blessing in these rolls changes a DT")
    keys = [blessing.key for blessing in results]
    return {"die": str(rules.blessing_die), "rolls_per_round": rules.numbers.blessing_rolls, "results": keys,
            "counts": {key: keys.count(key) for key in keys},
            "boosted": str(given.tier("boosted").capped(boost.dt)),
            "per_model": rules.numbers.blessings_per_model,
            "allowed": activation.blessings_allowed(given.words("recipients"), rules.numbers.blessings_per_model)}


@example_check("move_then_search", "contract distance moves",
               "move distance_after search_reach search_before search_after search_against",
               concludes="search_before search_after")
def move_then_search(rules: Rules, given: Given) -> Computed:
    move = _contract(rules, str(given.get("contract"))).move
    distance, moves = given.number("distance"), given.number("moves")
    if moves > move:
        raise ExampleInputError(f"a Move of {move}\" cannot cover {moves}\"")
    return {"move": move, "distance_after": distance - moves, "search_reach": rules.numbers.search_reach,
            "search_before": campaign.search_allowed(distance, rules.numbers),
            "search_after": campaign.search_allowed(distance - moves, rules.numbers),
            "search_against": str(rules.numbers.fixed_roll)}


@example_check("disengage", "engaged_with", "attacks_per_enemy free_attacks free_attack_dt with_disengage",
               concludes="free_attacks with_disengage")
def disengage(rules: Rules, given: Given) -> Computed:
    enemies = len(given.words("engaged_with"))
    return {"attacks_per_enemy": rules.numbers.free_attacks_per_enemy,
            "free_attacks": combat.free_attacks(enemies, False, rules.numbers),
            "free_attack_dt": rules.numbers.free_attack_dt,
            "with_disengage": combat.free_attacks(enemies, True, rules.numbers)}


@example_check("fall", "weapon height faces", "knockback free band band_from band_to dice damage",
               concludes="damage")
def fall(rules: Rules, given: Given) -> Computed:
    height = given.number("height")
    dice = combat.fall_damage(height, rules.falling, rules.numbers.fall_step)
    free = max(band.high for band in rules.falling if band.dice is None)
    row = next((band for band in rules.falling if band.low <= height <= band.high), None)
    damage = dice.total_of(given.get("faces")) if dice else 0
    return {"knockback": _weapon(rules, str(given.get("weapon"))).knockback, "free": free,
            "band": f"{row.low}-{row.high}" if row else None, "band_from": row.low if row else None,
            "band_to": row.high if row else None,
            "dice": str(dice) if dice else None, "damage": damage}


@example_check("riposte", "attacker_combat defender_defense defender_combat defender_weapon defender_contract "
               "attacker_faces defense_faces riposte_faces",
               "attacker_total defense_total defense_outcome riposte_dt riposte_base weapon_riposte_dt riposte_rolls "
               "riposte_total riposte_outcome damage_dice_factor",
               concludes="defense_outcome riposte_outcome")
def riposte(rules: Rules, given: Given) -> Computed:
    attacker = given.tier("attacker_combat")
    defense = given.tier("defender_defense")
    weapon = _held(rules, given, "defender_weapon", "defender_contract")
    a_total = given.total("attacker", attacker)
    d_total = given.total("defense", defense)
    base = apply_modifiers(attacker, given.tier("defender_combat"), 0, rules.numbers.riposte_dt)
    rolled = combat.riposte_tiers(attacker, given.tier("defender_combat"), weapon, rules.numbers)
    r_total = given.total("riposte", rolled.defender)
    outcome = rolls.opposed_outcome(rolled.attacker, a_total, rolled.defender, r_total)
    damage = combat.riposte_damage(outcome, rules.numbers)
    return {"attacker_total": a_total, "defense_total": d_total,
            "defense_outcome": rolls.opposed_outcome(attacker, a_total, defense, d_total).value,
            "riposte_dt": rules.numbers.riposte_dt, "riposte_base": str(base.defender),
            "weapon_riposte_dt": weapon.riposte_dt,
            "riposte_rolls": str(rolled.defender), "riposte_total": r_total,
            "riposte_outcome": outcome.value,
            "damage_dice_factor": damage.dice_factor if damage and damage.target == "defender" else 1}


@example_check("line_of_sight", "views", "has_los",
               concludes="has_los")
def line_of_sight(rules: Rules, given: Given) -> Computed:
    return {"has_los": {view: combat.has_line_of_sight(parts) for view, parts in given.mapping("views").items()}}


@example_check("grenade", "thrower_dice grenade distance thrower_faces thrower_total fixed_faces "
               "fixed_total scatter",
               "damage type in_range thrower_total fixed_dice fixed_total times throw scatter_dice scatter blast "
               "fumble_table",
               concludes="throw")
def grenade(rules: Rules, given: Given) -> Computed:
    weapon = _weapon(rules, str(given.get("grenade")))
    thrower = given.tier("thrower_dice")
    t_total, f_total = given.total("thrower", thrower), given.total("fixed", rules.numbers.fixed_roll)
    throw = combat.throw_grenade(thrower, t_total, f_total, rules.numbers)
    computed: Computed = {"damage": str(weapon.damage), "type": weapon.type,
                          "in_range": given.number("distance") <= rules.numbers.grenade_range,
                          "thrower_total": t_total, "fixed_dice": str(rules.numbers.fixed_roll), "fixed_total": f_total,
                          "times": rolls.multiple(f_total, t_total),
                          "throw": throw.value,
                          "scatter_dice": str(rules.numbers.grenade_scatter), "blast": rules.numbers.grenade_blast,
                          # A6.1: a fumbled throw lands at the thrower's feet and rolls the grenade's Fumble table.
                          "fumble_table": weapon.fumble_table if throw is combat.Throw.AT_FEET else None}
    if throw is combat.Throw.SCATTERS:
        computed["scatter"] = rules.numbers.grenade_scatter.total_of([given.number("scatter")])
    return computed


@example_check("multiples", "attacker_contract attacker_dice defender_dice weapon attacker_faces attacker_total "
               "defender_faces defender_total other_defender_total",
               "weapon_dice attacker_total defender_total times damage critical_table critical_modifier swapped_fumble "
               "swapped_fumble_table other_times other_critical_modifier",
               concludes="times")
def multiples(rules: Rules, given: Given) -> Computed:
    attacker, defender = given.tier("attacker_dice"), given.tier("defender_dice")
    weapon = _held(rules, given, "weapon")
    a_total, d_total = given.total("attacker", attacker), given.total("defender", defender)
    result = _attack(rules, attacker, a_total, defender, d_total)
    if result.critical and weapon.type not in rules.critical_tables:
        raise ExampleInputError(f"no critical table for the {weapon.type} type")
    # "Swap the rolls": the same two totals, the other way round.
    swapped = _attack(rules, attacker, d_total, defender, a_total)
    computed: Computed = {
        "weapon_dice": str(weapon.damage), "attacker_total": a_total, "defender_total": d_total,
        "times": result.times, "damage": weapon.damage.maximum if result.maximum_damage else None,
        "critical_table": weapon.type if result.critical else None,
        "critical_modifier": combat.critical_roll_modifier(result, weapon) if result.critical else 0,
        "swapped_fumble": combat.fumble_table(swapped, weapon) is not None,
        "swapped_fumble_table": combat.fumble_table(swapped, weapon)}
    if given.has("other_defender_total"):
        other = _attack(rules, attacker, a_total, defender, given.total("other_defender", defender))
        computed.update(other_times=other.times,
                        other_critical_modifier=combat.critical_roll_modifier(other, weapon) if other.critical else 0)
    return computed


@example_check("damage", "attacker_contract attacker_dice defender_dice weapon attacker_total attacker_faces "
               "defender_total defender_faces damage_roll armor target",
               "outcome times weapon_dice weapon_damage vs_armored armor dealt health health_after out_of_action",
               concludes="outcome dealt")
def damage(rules: Rules, given: Given) -> Computed:
    attacker, defender = given.tier("attacker_dice"), given.tier("defender_dice")
    weapon = _weapon(rules, str(given.get("weapon")))
    dice = _damage_dice(rules, given, weapon)
    result = _attack(rules, attacker, given.total("attacker", attacker),
                                  defender, given.total("defender", defender))
    if result.outcome is not Outcome.ATTACKER_WINS:
        raise ExampleInputError("the attack does not hit")
    tier_key = str(given.get("armor"))
    if tier_key not in rules.armor_tiers:
        raise ExampleInputError(f"armor must be a tier ({', '.join(rules.armor_tiers)}), not {tier_key!r}")
    health = _contract(rules, str(given.get("target"))).health
    hit = combat.resolve_damage(dice, health, maximum=result.maximum_damage,
                                rolled=given.number("damage_roll") if given.has("damage_roll") else None,
                                armor_reduction=rules.armor_tiers[tier_key].reduction,
                                armor_piercing=weapon.armor_piercing, vs_armored=weapon.vs_armored,
                                out_of_action_at=rules.numbers.out_of_action_health)
    return {"outcome": result.outcome.value, "times": result.times, "weapon_dice": str(dice),
            "weapon_damage": hit.weapon_damage,
            "vs_armored": weapon.vs_armored, "armor": hit.armor, "dealt": hit.dealt, "health": health,
            "health_after": hit.health_after,
            "out_of_action": hit.out_of_action}


@example_check("hit_damage", "weapon attacker_contract damage_roll armor",
               "weapon_dice weapon_damage vs_armored armor dealt",
               concludes="dealt")
def hit_damage(rules: Rules, given: Given) -> Computed:
    """One hit's damage roll against a target in armor (or none): "+N vs. armored" before the reduction (A2)."""
    weapon = _weapon(rules, str(given.get("weapon")))
    dice = _damage_dice(rules, given, weapon)
    reduction = 0
    if given.has("armor"):
        tier_key = str(given.get("armor"))
        if tier_key not in rules.armor_tiers:
            raise ExampleInputError(f"armor must be a tier ({', '.join(rules.armor_tiers)}), not {tier_key!r}")
        reduction = rules.armor_tiers[tier_key].reduction
    hit = combat.resolve_damage(dice, 0, maximum=False, rolled=given.number("damage_roll"),
                                armor_reduction=reduction, armor_piercing=weapon.armor_piercing,
                                vs_armored=weapon.vs_armored, out_of_action_at=rules.numbers.out_of_action_health)
    return {"weapon_dice": str(dice), "weapon_damage": hit.weapon_damage, "vs_armored": weapon.vs_armored,
            "armor": hit.armor, "dealt": hit.dealt}


@example_check("into_melee", "attacker_contract attacker_dice defender_dice weapon attacker_faces attacker_total "
               "defender_faces defender_total other_defender_total",
               "penalty attacker_rolls attacker_total defender_total outcome stray stray_range other_times "
               "other_fumble_table other_critical",
               concludes="outcome")
def into_melee(rules: Rules, given: Given) -> Computed:
    """C4.11: -1 DT at an Engaged target; a miss hits a random model within 1"; a fumble rolls only its table."""
    weapon = _held(rules, given, "weapon")
    rolled = apply_modifiers(given.tier("attacker_dice"), given.tier("defender_dice"), rules.numbers.into_melee_dt)
    a_total, d_total = given.total("attacker", rolled.attacker), given.total("defender", rolled.defender)
    result = _attack(rules, rolled.attacker, a_total, rolled.defender, d_total)
    computed: Computed = {"penalty": rules.numbers.into_melee_dt, "attacker_rolls": str(rolled.attacker),
                          "attacker_total": a_total, "defender_total": d_total, "outcome": result.outcome.value,
                          "stray": combat.shot_strays(result), "stray_range": rules.numbers.stray_range}
    if given.has("other_defender_total"):
        other = _attack(rules, rolled.attacker, a_total, rolled.defender,
                                     given.total("other_defender", rolled.defender))
        computed.update(other_times=other.fumble_times, other_fumble_table=combat.fumble_table(other, weapon),
                        other_critical=combat.into_melee_critical(other))
    return computed


@example_check("fumble", "attacker_contract attacker_dice defender_dice weapon attacker_faces attacker_total "
               "defender_faces defender_total",
               "outcome attacker_total defender_total fumble_times fumble_table fumble_die fumble_modifier",
               concludes="fumble_times fumble_table")
def fumble(rules: Rules, given: Given) -> Computed:
    """C4.17, A6.1: the defender triples the attacker; each step past Triple adds 1 to the Fumble roll."""
    attacker, defender = given.tier("attacker_dice"), given.tier("defender_dice")
    weapon = _held(rules, given, "weapon")
    a_total, d_total = given.total("attacker", attacker), given.total("defender", defender)
    result = _attack(rules, attacker, a_total, defender, d_total)
    table = combat.fumble_table(result, weapon)
    return {"outcome": result.outcome.value, "attacker_total": a_total, "defender_total": d_total,
            "fumble_times": result.fumble_times,
            "fumble_table": table, "fumble_die": str(combat.CRITICAL_DIE),
            "fumble_modifier": result.fumble_modifier if table else 0}


@example_check("critical", "attacker_contract attacker_dice defender_dice weapon attacker_faces attacker_total "
               "defender_faces defender_total critical_roll",
               "outcome attacker_total defender_total times critical_table critical_die step_bonus weapon_bonus "
               "critical_modifier critical_total critical_row top_row",
               concludes="critical_row")
def critical(rules: Rules, given: Given) -> Computed:
    """A5.1: a Triple or better rolls d6 on the weapon type's table, plus steps and the weapon's bonus; 6+ row."""
    attacker, defender = given.tier("attacker_dice"), given.tier("defender_dice")
    weapon = _held(rules, given, "weapon")
    a_total, d_total = given.total("attacker", attacker), given.total("defender", defender)
    result = _attack(rules, attacker, a_total, defender, d_total)
    if not result.critical:
        raise ExampleInputError("the attack is not a Triple: no critical roll")
    rows = rules.critical_rows.get(str(weapon.type))
    if not rows:
        raise ExampleInputError(f"no critical table for the {weapon.type} type")
    roll = given.number("critical_roll")
    if not 1 <= roll <= combat.CRITICAL_DIE.sides:
        raise ExampleInputError(f"critical_roll: a {combat.CRITICAL_DIE} cannot roll {roll}")
    modifier = combat.critical_roll_modifier(result, weapon)
    row = combat.table_row(rows, roll + modifier)
    return {"outcome": result.outcome.value, "attacker_total": a_total, "defender_total": d_total,
            "times": result.times, "critical_table": weapon.type, "critical_die": str(combat.CRITICAL_DIE),
            "step_bonus": result.critical_modifier,
            "weapon_bonus": weapon.critical_bonus, "critical_modifier": modifier, "critical_total": roll + modifier,
            "critical_row": row.key, "top_row": str(rows[-1].band)}


@example_check("injury", "faces total modifier", "die roll modifier total terminated_at injury",
               concludes="injury")
def injury(rules: Rules, given: Given) -> Computed:
    """K3.3: 2d6 plus modifiers on the Injuries table; any total at or below the lowest row's top is Terminated."""
    die = rules.injury_die
    if given.has("faces"):
        try:
            roll = die.total_of(given.get("faces"))
        except ValueError as error:
            raise ExampleInputError(f"faces: {error}") from None
    else:
        roll = given.number("total")
    modifier = given.number("modifier", 0)
    return {"die": str(die), "roll": roll, "modifier": modifier, "total": roll + modifier,
            "terminated_at": campaign.terminated_at(rules.injuries),
            "injury": campaign.injury(roll, rules.injuries, modifier).key}


@example_check("record_evidence", "recorded leads_spent rolls",
               "die rolls_used rerolls recorded duplicate leads_gained",
               concludes="recorded leads_gained")
def record_evidence(rules: Rules, given: Given) -> Computed:
    """K2.3: one Evidence recorded after the game."""
    recorded = given.get("recorded")
    rolled = given.get("rolls")
    if not isinstance(recorded, list) or not isinstance(rolled, list):
        raise ExampleInputError("recorded and rolls list d10 results")
    record = campaign.record_evidence(recorded, given.number("leads_spent"), rolled, rules.evidence_die.sides,
                                     rules.numbers)
    return {"die": str(rules.evidence_die), "rolls_used": len(record.rolls), "rerolls": len(record.rolls) - 1,
            "recorded": record.recorded, "duplicate": record.recorded is None, "leads_gained": record.leads_gained}


@example_check("behaviour", "faction roll models", "die row actions",
               concludes="actions")
def behaviour(rules: Rules, given: Given) -> Computed:
    """I1.1, I1.4: one d6 roll per group; each model reads the column of its own situation."""
    faction = str(given.get("faction"))
    if faction not in rules.behaviours:
        raise ExampleInputError(f"no behavior table for {faction!r} (factions: {', '.join(rules.behaviours)})")
    roll = given.number("roll")
    die = rules.behaviour_die
    if not die.minimum <= roll <= die.maximum:
        raise ExampleInputError(f"a {die} cannot roll {roll}")
    row = campaign.lookup(rules.behaviours[faction], roll)
    actions = {}
    for name, situation in given.mapping("models").items():
        if situation not in row.actions:
            raise ExampleInputError(f"{name}: no situation {situation!r} (situations: {', '.join(row.actions)})")
        actions[name] = row.actions[situation]
    return {"die": str(die), "row": str(row.band), "actions": actions}


@example_check("examine", "wits faces total relay_faces relay_total",
               "reach total relay_dice relay_total result critical critical_times leads evidence",
               concludes="result")
def examine(rules: Rules, given: Given) -> Computed:
    """M3.1: Examine, Wits against 2d6 at the relay: 1 Lead; a critical also gives 1 Evidence."""
    wits = given.tier("wits")
    total, relay = given.total("", wits), given.total("relay", rules.numbers.fixed_roll)
    outcome, is_critical = campaign.examine(wits, total, relay, rules.numbers)
    won = outcome is Outcome.ATTACKER_WINS
    return {"reach": rules.numbers.examine_reach, "total": total, "relay_dice": str(rules.numbers.fixed_roll),
            "relay_total": relay,
            "result": _win(outcome), "critical": is_critical, "critical_times": rules.numbers.multiples.triple,
            "leads": rules.numbers.examine_leads if won else 0,
            "evidence": rules.numbers.examine_critical_evidence if is_critical else 0}


@example_check("morale", "models", "against friend_range dice total result",
               concludes="result")
def morale(rules: Rules, given: Given) -> Computed:
    dice, totals, results = {}, {}, {}
    for entry in given.entries("models"):
        name, wits, friend = str(entry.get("name")), entry.tier("wits"), entry.flag("friend_within")
        tier = combat.morale_dice(wits, friend, rules.numbers)
        total = entry.total("wits", tier)
        dice[name], totals[name] = str(tier), total
        against = entry.total("against", rules.numbers.fixed_roll)
        results[name] = combat.morale_test(wits, friend, total, against, rules.numbers).value
    return {"against": str(rules.numbers.fixed_roll), "friend_range": rules.numbers.morale_friend_range, "dice": dice,
            "total": totals, "result": results}


# --- C5: casting ------------------------------------------------------------------------------


@example_check("area_cast", "power caster_wits target_wits caster_faces caster_total target_faces target_total "
               "other_caster_total other_power",
               "offensive power_dt opposing_dice caster_total target_total times outcome area radius other_area "
               "other_power_area fumble",
               concludes="outcome area")
def area_cast(rules: Rules, given: Given) -> Computed:
    key = str(given.get("power"))
    if key not in rules.powers:
        raise ExampleInputError(f"no Broadcast Power {key!r}")
    power = rules.powers[key]
    caster = given.tier("caster_wits")
    # An offensive power rolls against the target's Wits, a support power against the fixed 2d6.
    target = given.tier("target_wits") if power.offensive else None
    c_total, t_total = given.total("caster", caster), given.total("target", target or rules.numbers.fixed_roll)
    result = combat.cast(power, caster, c_total, t_total, rules.numbers, target)
    if given.has("other_power"):
        # The same rolls with another Power of the same kind (Focus instead of Ping).
        other_key = str(given.get("other_power"))
        if other_key not in rules.powers or rules.powers[other_key].offensive != power.offensive:
            raise ExampleInputError(f"other_power: no {'offensive' if power.offensive else 'support'} Power "
                                    f"{other_key!r}")
        other_power_area = combat.cast(rules.powers[other_key], caster, c_total, t_total, rules.numbers, target).area
    computed: Computed = {"offensive": power.offensive, "power_dt": power.dt,
                          "opposing_dice": str(target or rules.numbers.fixed_roll), "caster_total": c_total,
                          "target_total": t_total, "times": rolls.multiple(c_total, t_total),
                          "outcome": result.outcome.value, "area": result.area,
                          "fumble": result.fumble}
    if power.triple_area is not None:
        computed["radius"] = power.triple_area
    if given.has("other_power"):
        computed["other_power_area"] = other_power_area
    if given.has("other_caster_total") or given.has("other_caster_faces"):
        computed["other_area"] = combat.cast(power, caster, given.total("other_caster", caster), t_total,
                                             rules.numbers, target).area
    return computed


# --- K: campaign ---------------------------------------------------------------------------------


@example_check("search", "wits faces total marker_faces marker_total finding_roll",
               "total marker_dice marker_total result finding_die finding subs evidence leads merits",
               concludes="result")
def search(rules: Rules, given: Given) -> Computed:
    wits = given.tier("wits")
    total, marker = given.total("", wits), given.total("marker", rules.numbers.fixed_roll)
    result = campaign.search_roll(wits, total, marker, rules.numbers.fixed_roll)
    computed: Computed = {"total": total, "marker_dice": str(rules.numbers.fixed_roll), "marker_total": marker,
                          "result": _win(result)}
    if result is Outcome.ATTACKER_WINS:
        computed["finding_die"] = str(rules.search_die)
        computed.update(_finding(rules.search_findings, rules.search_die, given.number("finding_roll")))
    return computed


@example_check("interrogate", "wits coworker wounded faces total coworker_faces coworker_total result_faces",
               "coworker_wits total coworker_total result result_die result_total finding subs evidence leads "
               "merits",
               concludes="result finding")
def interrogate(rules: Rules, given: Given) -> Computed:
    key = str(given.get("coworker"))
    if key not in rules.coworkers:
        raise ExampleInputError(f"no Coworker {key!r} (Coworkers: {', '.join(rules.coworkers)})")
    coworker = rules.coworkers[key].wits
    rolled = campaign.interrogate_tiers(given.tier("wits"), coworker, rules.numbers, given.flag("wounded"))
    total, other = given.total("", rolled.attacker), given.total("coworker", rolled.defender)
    result = campaign.interrogate_roll(given.tier("wits"), coworker, total, other, rules.numbers, given.flag("wounded"))
    computed: Computed = {"coworker_wits": str(coworker), "total": total, "coworker_total": other,
                          "result": _win(result)}
    if result is Outcome.ATTACKER_WINS:
        faces = given.get("result_faces")
        try:
            roll = rules.interrogate_die.total_of(faces)
        except ValueError as error:
            raise ExampleInputError(f"result_faces: {error}") from None
        computed.update(result_die=str(rules.interrogate_die), result_total=roll)
        computed.update(_finding(rules.interrogate_results, rules.interrogate_die, roll))
    return computed


def _finding(rows: Sequence[campaign.Finding], die: Dice, roll: int) -> Computed:
    if not die.minimum <= roll <= die.maximum:
        raise ExampleInputError(f"a {die} cannot roll {roll}")
    found = campaign.lookup(rows, roll)
    return {"finding": found.key, "subs": found.subs, "evidence": found.evidence,
            "leads": found.leads, "merits": found.merits}


@example_check("evidence_gap", "squads", "totals gap aggressor defender row setup tactical either",
               concludes="aggressor defender row")
def evidence_gap(rules: Rules, given: Given) -> Computed:
    squads = given.mapping("squads")
    if len(squads) != 2:
        raise ExampleInputError("squads must name two squads")
    names = list(squads)
    progress = [campaign.SquadProgress(Given(squads[name]).number("evidence"), Given(squads[name]).number("leads"))
                for name in names]
    result = campaign.evidence_gap(progress[0], progress[1], rules.evidence_gap)
    return {"totals": {name: squad_progress.total for name, squad_progress in zip(names, progress, strict=True)},
            "gap": result.gap,
            "aggressor": names[result.aggressor] if result.aggressor is not None else "random",
            "defender": names[result.defender] if result.defender is not None else "random",
            "row": str(result.advantages.band), "setup": result.advantages.setup,
            "tactical": result.advantages.tactical, "either": result.advantages.either}


@example_check("post_game", "merits_before scored exploration_rolls exploration_total injury_roll injury_modifier "
               "promotion_roll",
               "steps merits_by_source merits_logged merits exploration subs injury injury_effects thresholds "
               "promotion_die promotion promotion_effects",
               concludes="merits exploration injury promotion")
def post_game(rules: Rules, given: Given) -> Computed:
    before = given.number("merits_before")
    if given.has("exploration_rolls") and not 1 <= given.number("exploration_rolls") <= rules.numbers.squad_size:
        raise ExampleInputError(f"exploration_rolls: a squad has 1 to {rules.numbers.squad_size} models to roll Wits")
    if given.has("exploration_rolls"):
        # K3.2: each model rolls its Wits once; no tier rolls below 2 or above the top tier's maximum.
        rolls_made, total = given.number("exploration_rolls"), given.number("exploration_total")
        lowest, highest = all_tiers()[0], all_tiers()[-1]
        if not rolls_made * lowest.minimum <= total <= rolls_made * highest.maximum:
            raise ExampleInputError(f"exploration_total: {rolls_made} Wits roll(s) total "
                                    f"{rolls_made * lowest.minimum} to {rolls_made * highest.maximum}, not {total}")
    scored = given.words("scored")
    logged = campaign.merits_for(scored, rules.merit_sources)
    found = campaign.exploration(given.number("exploration_total"), rules.exploration)
    hurt = campaign.injury(given.number("injury_roll"), rules.injuries, given.number("injury_modifier", 0))
    crossed = campaign.thresholds_crossed(rules.promotion_thresholds, before, before + logged)
    missing = [row for row in campaign.POST_GAME_ROWS.values() if row not in rules.post_game_steps]
    if missing:
        raise ExampleInputError(f"the Post-Game Sequence table has no row {', '.join(missing)}")
    computed: Computed = {"steps": {name: rules.post_game_steps[row] for name, row in campaign.POST_GAME_ROWS.items()},
                          "promotion_die": str(rules.promotion_die),
                          "merits_by_source": {event: campaign.merits_for([event], rules.merit_sources)
                                               for event in scored},
                          "merits_logged": logged, "merits": before + logged, "exploration": found.key,
                          "subs": found.subs, "injury": hurt.key, "injury_effects": _effects(hurt),
                          "thresholds": crossed}
    if crossed:
        promoted = campaign.lookup(rules.promotions, given.number("promotion_roll"))
        computed.update(promotion=promoted.key, promotion_effects=_effects(promoted))
    return computed


def _effects(result: campaign.Result) -> dict[str, int]:
    return {effect.stat: effect.change for effect in result.effects}


# --- K2.4, K3.7-K3.9: the campaign between games ----------------------------------------------------


def _evidence_held(given: Given) -> economy.CampaignEvidence:
    recorded = given.get("recorded")
    if not isinstance(recorded, list) or not all(isinstance(kind, int) for kind in recorded):
        raise ExampleInputError(f"recorded lists Evidence types (results of the Evidence die), not {recorded!r}")
    if len(set(recorded)) != len(recorded):
        raise ExampleInputError(f"recorded names a type twice: {recorded}")
    return economy.CampaignEvidence(frozenset(recorded), given.number("unrecorded", 0))


@example_check("lose_evidence", "recorded unrecorded lost types_given_up",
               "per_evidence evidence_before recorded unrecorded evidence",
               concludes="recorded unrecorded")
def lose_evidence(rules: Rules, given: Given) -> Computed:
    """K2.4: Evidence lost, paid from unrecorded Evidence or recorded types as the owner chooses."""
    held = _evidence_held(given)
    for kind in held.recorded:
        if not rules.evidence_die.minimum <= kind <= rules.evidence_die.maximum:
            raise ExampleInputError(f"recorded: a {rules.evidence_die} cannot roll {kind}")
    chosen = given.get("types_given_up") if given.has("types_given_up") else []
    if not isinstance(chosen, list):
        raise ExampleInputError(f"types_given_up must be a list, not {chosen!r}")
    after = economy.lose_evidence(held, given.number("lost"), chosen, rules.numbers)
    return {"per_evidence": rules.numbers.lost_per_evidence, "evidence_before": held.evidence,
            "recorded": sorted(after.recorded), "unrecorded": after.unrecorded, "evidence": after.evidence}


@example_check("succession", "contract chosen",
               "promoted choices weapons max_armor boss",
               concludes="weapons max_armor")
def succession(rules: Rules, given: Given) -> Computed:
    """K3.7: the Boss died; a Resource becomes the Boss with the benefit it chooses."""
    contract = _contract(rules, str(given.get("contract")))
    keys = {benefit.value: benefit for benefit in economy.Succession}
    chosen = given.words("chosen")
    unknown = [key for key in chosen if key not in keys]
    if unknown:
        raise ExampleInputError(f"chosen: no benefit {', '.join(unknown)} (benefits: {', '.join(keys)})")
    heir = economy.succession(contract, rules.numbers.bosses, [keys[key] for key in chosen], rules.armor_tiers,
                              rules.numbers)
    return {"promoted": rules.numbers.bosses, "choices": rules.numbers.succession_choices,
            "weapons": heir.contract.weapons.value, "max_armor": heir.contract.max_armor.key, "boss": heir.is_boss}


@example_check("trading_post", "subs bought sold",
               "prices listed sell_prices spent earned subs",
               concludes="subs")
def trading_post(rules: Rules, given: Given) -> Computed:
    """K3.8: buy at the listed price, sell at the rules' share of it."""
    bought = [rules.item(key) for key in given.words("bought", [])]
    sold = [rules.item(key) for key in given.words("sold", [])]
    return {"prices": {item.key: item.cost for item in bought}, "listed": {item.key: item.cost for item in sold},
            "sell_prices": {item.key: economy.sell_price(item, rules.numbers) for item in sold},
            "spent": sum(item.cost for item in bought),
            "earned": sum(economy.sell_price(item, rules.numbers) for item in sold),
            "subs": economy.trade(given.number("subs"), bought, sold, rules.numbers)}


@example_check("campaign_victory", "squads signal_played",
               "evidence types needed next_game winner",
               concludes="winner")
def campaign_victory(rules: Rules, given: Given) -> Computed:
    """K1.2, K3.9: what each squad's Evidence makes of the next game, and who has won the campaign."""
    squads = given.mapping("squads")
    if not squads:
        raise ExampleInputError("squads must name at least one squad")
    held = {name: _evidence_held(Given(squad_given)) for name, squad_given in squads.items()}
    winner = economy.campaign_winner(list(held.values()), rules.numbers, rules.evidence_die)
    return {"evidence": {name: evidence.evidence for name, evidence in held.items()},
            "types": {name: len(evidence.recorded) for name, evidence in held.items()},
            "needed": rules.numbers.victory_types,
            "next_game": {name: economy.next_game(evidence.evidence, given.flag("signal_played"),
                                                  rules.numbers).value for name, evidence in held.items()},
            "winner": list(held)[winner] if winner is not None else None}
