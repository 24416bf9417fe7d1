"""Plant rule changes in the rules engine and check that the tests catch every one.

Each mutation changes one rule in the engine's source: a multiple, a
threshold, a modifier, a table read. The source is copied to a temporary
folder, the mutation applied there, and the engine's tests (the worked
examples, which ``tests/engine/test_engine_examples.py`` runs through the
engine, and its unit tests) run against the copy (``PYTHONPATH`` points at
it). The tests and the content are a snapshot taken once when the run
starts, so edits made meanwhile do not reach a run. A mutation is caught
when the tests fail; one that survives is a rule nothing checks.

    python scripts/mutation_test.py             # every mutation; exit 1 if any survives
    python scripts/mutation_test.py --list      # the mutations, numbered
    python scripts/mutation_test.py --only 3 17 # some of them, by number
    python scripts/mutation_test.py --jobs 2    # two at a time

Exit code: 0 every mutation caught, 1 some survived, 2 a mutation no longer
applies (its text is gone from the source, or twice in it) or the unchanged
copy already fails its tests.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
PACKAGE = "src/sacredwire"
# The tests a mutation must fail: the worked examples and the engine's unit tests. The quick edge tests
# and the examples run first: with -x, a caught mutation stops at its first failure.
TESTS = ("tests/engine/test_engine_multiples.py", "tests/engine/test_engine_examples.py", "tests/engine")
# Tests of the checker (a changed content copy breaks its examples), not of the rules: each builds a copy of
# the content and reads no engine rule the others do not.
DESELECT = ("tests/engine/test_engine_examples.py::test_a_changed_carbine_cost_breaks_the_budget_example",
            "tests/engine/test_engine_examples.py::test_a_changed_claimed_total_breaks_its_example")
# The sampled mutation test itself, which would plant mutations from inside a mutant's run.
IGNORE = ("tests/engine/test_mutations.py",)
# A mutation that makes the tests run on for this long (an endless loop) counts as caught.
TIMEOUT_SECONDS = 600


@dataclass(frozen=True)
class Mutation:
    """One planted rule change: in ``file`` (under src/sacredwire), ``old`` (exactly once) becomes ``new``."""

    file: str
    old: str
    new: str
    description: str


MUTATIONS: tuple[Mutation, ...] = (
    # --- opposed rolls, Doubles, Triples, fumbles (C1.9, C4.16, C4.17) ---
    Mutation("engine/rolls.py", "return self.times >= self.multiples.double",
             "return self.times > self.multiples.double", "maximum damage needs more than a Double"),
    Mutation("engine/rolls.py", "return self.times >= self.multiples.triple",
             "return self.times >= self.multiples.double", "a critical at a Double instead of a Triple"),
    Mutation("engine/rolls.py", "return self.fumble_times >= self.multiples.fumble",
             "return self.fumble_times >= self.multiples.double", "an attack fumbles at 2x instead of 3x"),
    Mutation("engine/rolls.py", "self.multiples.bonus(self.times, self.multiples.triple)",
             "self.multiples.bonus(self.times, self.multiples.double)", "critical steps counted from the Double"),
    Mutation("engine/rolls.py", "self.multiples.bonus(self.fumble_times, self.multiples.fumble)",
             "self.multiples.bonus(self.fumble_times + 1, self.multiples.fumble)", "fumble steps one too many"),
    Mutation("engine/rolls.py", "if attacker == defender:\n        return Outcome.REROLL",
             "if attacker == defender:\n        return Outcome.ATTACKER_WINS", "a same-DT tie goes to the attacker"),
    Mutation("engine/rolls.py", "return Outcome.ATTACKER_WINS if attacker < defender else",
             "return Outcome.ATTACKER_WINS if attacker > defender else", "a tie goes to the higher DT"),
    Mutation("engine/rolls.py", "times=multiple(attacker_total, defender_total)",
             "times=multiple(attacker_total + 1, defender_total)", "the attacker's multiple counted one high"),
    Mutation("engine/numbers.py", "return max(times - threshold, 0) * self.step_bonus",
             "return max(times - threshold, 0) * (self.step_bonus + 1)", "each step past Triple adds one more"),
    # --- dice tiers, caps and overflow (C1.9, C1.10) ---
    Mutation("engine/dice.py", "capped = min(max(target, 0), len(TIER_SIDES) - 1)",
             "capped = min(max(target, 0), len(TIER_SIDES) - 2)", "the top tier is 2d10"),
    Mutation("engine/dice.py", "attacker=attacker_tier.capped(-defender_excess)",
             "attacker=attacker_tier.capped(defender_excess)", "overflow passes with its own sign"),
    Mutation("engine/dice.py", "defender=defender_tier.capped(-attacker_excess))",
             "defender=defender_tier)", "the attacker's overflow is lost"),
    Mutation("engine/dice.py", "return RolledTiers(attacker=model.capped(mod), defender=fixed)",
             "return RolledTiers(attacker=model.capped(-mod), defender=fixed)", "a fixed roll's modifier reversed"),
    Mutation("engine/dice.py", "return self.count * self.sides + self.bonus",
             "return self.count * self.sides", "maximum damage drops the flat bonus"),
    Mutation("engine/dice.py", "return Dice(self.count * factor, self.sides, self.bonus)",
             "return Dice(self.count + factor, self.sides, self.bonus)", "damage dice added to, not multiplied"),
    # --- damage, criticals, fumbles with a weapon (C4.18, A5.1, A6.1) ---
    Mutation("engine/combat.py", "extra = vs_armored if armor_reduction > 0 else 0",
             "extra = vs_armored", "+N vs. armored also against the unarmored"),
    Mutation("engine/combat.py", "armor = max(armor_reduction - armor_piercing, 0)",
             "armor = armor_reduction", "AP ignored"),
    Mutation("engine/combat.py", "weapon_damage = dice.maximum",
             "weapon_damage = dice.maximum - 1", "a Double deals one less than the maximum"),
    Mutation("engine/combat.py", "return self.health_after <= self.out_of_action_at",
             "return self.health_after < self.out_of_action_at", "Out of Action only below the threshold"),
    Mutation("engine/combat.py", "return result.critical_modifier + weapon.critical_bonus",
             "return result.critical_modifier", "a weapon's own critical bonus dropped"),
    Mutation("engine/combat.py", "return weapon.fumble_table if result.fumble else None",
             "return weapon.fumble_table", "every attack rolls a fumble table"),
    Mutation("engine/combat.py", "return result.outcome is Outcome.DEFENDER_WINS",
             "return result.outcome is Outcome.ATTACKER_WINS", "a shot into melee strays when it hits"),
    Mutation("engine/combat.py", "return result.critical and not result.fumble",
             "return result.maximum_damage and not result.fumble", "a Double into melee criticals"),
    # --- Riposte, falls, engagement, sight (C4.5-C4.9) ---
    Mutation("engine/combat.py", "net = numbers.riposte_dt + defender_weapon.riposte_dt + defender_mod",
             "net = defender_weapon.riposte_dt + defender_mod", "Riposte without its DT penalty"),
    Mutation("engine/combat.py", 'return RiposteDamage("defender", numbers.riposte_damage_dice)',
             'return RiposteDamage("defender", 1)', "a failed Riposte takes single damage"),
    Mutation("engine/combat.py", "extra = math.ceil((height - last.high) / step)",
             "extra = (height - last.high) // step", "a long fall's part step rounds down"),
    Mutation("engine/combat.py", "return 0 if disengaged else engaged_enemies * numbers.free_attacks_per_enemy",
             "return engaged_enemies * numbers.free_attacks_per_enemy", "Disengage still draws free attacks"),
    Mutation("engine/combat.py", "return bool(parts & set(TARGETABLE_PARTS))",
             "return bool(parts)", "arms and weapons give Line of Sight"),
    # --- grenades, morale, casting (C4.15, C4.19, C5.1) ---
    Mutation("engine/combat.py", "if fixed_total >= numbers.multiples.fumble * thrower_total:",
             "if fixed_total >= numbers.multiples.double * thrower_total:", "a grenade lands at the feet at 2x"),
    Mutation("engine/combat.py",
             "return against_fixed(wits, numbers.fixed_roll, numbers.morale_friend_dt if friend_within else 0)",
             "return against_fixed(wits, numbers.fixed_roll, -numbers.morale_friend_dt if friend_within else 0)",
             "a friend nearby lowers the Morale dice"),
    Mutation("engine/combat.py", "caster_total >= numbers.multiples.triple * opposing_total",
             "caster_total >= numbers.multiples.double * opposing_total", "a Power spreads to its area at 2x"),
    Mutation("engine/combat.py", "fumble=opposing_total >= numbers.multiples.fumble * caster_total)",
             "fumble=opposing_total >= numbers.multiples.double * caster_total)",
             "Broadcast fumble at 2x instead of 3x"),
    # --- activation and blessings (C4.1, C4.2) ---
    Mutation("engine/activation.py", "return cls(player_models, hostile_groups + coworker_groups)",
             "return cls(player_models, hostile_groups)", "Coworker groups get no token"),
    Mutation("engine/activation.py", "allowed.append(received.get(model, 0) < per_model)",
             "allowed.append(received.get(model, 0) <= per_model)", "one blessing too many per model"),
    Mutation("engine/activation.py", "if roll != face:", "if roll >= 0:", "Surplus keeps its own face"),
    # --- squads (C2) ---
    Mutation("engine/squad.py", "return armor.tier.rank <= self.max_armor.rank",
             "return armor.tier.rank < self.max_armor.rank", "a contract cannot wear its max armor"),
    Mutation("engine/squad.py", "if change < 0 and self.ignores_armor_move_penalty:",
             "if change < 0 and not self.ignores_armor_move_penalty:", "the armor Move penalty exemption reversed"),
    Mutation("engine/squad.py", "if spent(models) > budget:", "if spent(models) >= budget:",
             "spending the whole budget is refused"),
    Mutation("engine/squad.py", "if limit is not None and count > limit:", "if limit is not None and count >= limit:",
             "a contract's Max is one less"),
    Mutation("engine/squad.py", "final[raised] = final[raised].capped(raise_by)",
             "final[raised] = final[raised].capped(raise_by + 1)", "the Boss bonus raises two tiers"),
    # --- campaign (K1-K3, M3.1) ---
    Mutation("engine/campaign.py", "total >= numbers.multiples.triple * relay_total",
             "total >= numbers.multiples.double * relay_total", "Examine critical at 2x instead of 3x"),
    Mutation("engine/campaign.py", "return distance <= numbers.search_reach and not engaged",
             "return distance <= numbers.search_reach", "Search while Engaged"),
    Mutation("engine/campaign.py", "bonus = numbers.wounded_coworker_dt if wounded else 0", "bonus = 0",
             "no bonus against a wounded Coworker"),
    Mutation("engine/campaign.py", "aggressor = 0 if first.evidence > second.evidence else 1",
             "aggressor = 0 if first.evidence < second.evidence else 1", "a tie goes to less Evidence"),
    Mutation("engine/campaign.py", "aggressor: int | None = 0 if first.total > second.total else 1",
             "aggressor: int | None = 1 if first.total > second.total else 0", "the lower total is the Aggressor"),
    Mutation("engine/campaign.py", "total = roll + modifier", "total = roll - modifier",
             "an Injury modifier subtracted"),
    Mutation("engine/campaign.py", "step = ladder[-1] - ladder[-2] + 1 if len(ladder) > 1 else 1",
             "step = ladder[-1] - ladder[-2] if len(ladder) > 1 else 1", "Merit thresholds stop growing"),
    Mutation("engine/campaign.py", "return EvidenceRecord(tuple(used), None, numbers.duplicate_leads)",
             "return EvidenceRecord(tuple(used), None, 0)", "a final duplicate gives no Lead"),
    Mutation("engine/campaign.py", "return sum(by_key[event].merits for event in events)",
             "return sum(by_key[event].merits + 1 for event in events)", "one Merit too many per source"),
    # --- the campaign between games (K1.2, K2.4, K3.7-K3.9) ---
    Mutation("engine/economy.py", "owed = lost * numbers.lost_per_evidence",
             "owed = lost * (numbers.lost_per_evidence + 1)", "each Evidence lost costs one more"),
    Mutation("engine/economy.py",
             "return CampaignEvidence(held.recorded - set(chosen), held.unrecorded - from_unrecorded)",
             "return CampaignEvidence(held.recorded, held.unrecorded - from_unrecorded)",
             "a recorded type given up is kept"),
    Mutation("engine/economy.py", "from_unrecorded = owed - len(chosen)", "from_unrecorded = owed",
             "a recorded type given up still takes unrecorded Evidence"),
    Mutation("engine/economy.py", "if promoted != numbers.bosses:", "if promoted != numbers.bosses + 1:",
             "Succession promotes one Resource too many"),
    Mutation("engine/economy.py", "higher = by_rank.get(max_armor.rank + numbers.succession_armor_step)",
             "higher = by_rank.get(max_armor.rank + 2 * numbers.succession_armor_step)",
             "Succession raises the armor two steps"),
    Mutation("engine/economy.py", "            weapons = WeaponAccess.BOTH\n",
             "            weapons = WeaponAccess.RANGED\n", "Succession's Both weapons gives ranged only"),
    Mutation("engine/economy.py", "return item.cost * numbers.sell_share // 100",
             "return item.cost", "equipment sells at its full price"),
    Mutation("engine/economy.py", "return item.cost * numbers.sell_share // 100",
             "return -(-item.cost * numbers.sell_share // 100)", "a sell price rounds up"),
    Mutation("engine/economy.py", "- sum(item.cost for item in bought)",
             "- sum(sell_price(item, numbers) for item in bought)", "equipment bought at its sell price"),
    Mutation("engine/economy.py", "if not signal_played and evidence >= numbers.signal_evidence:",
             "if evidence >= numbers.signal_evidence:", "The Signal played more than once"),
    Mutation("engine/economy.py", "if evidence >= numbers.source_evidence:", "if evidence > numbers.source_evidence:",
             "The Source needs one Evidence more"),
    Mutation("engine/economy.py", "return len(held.recorded) >= numbers.victory_types",
             "return held.evidence >= numbers.victory_types", "unrecorded Evidence counts toward victory"),
    Mutation("engine/economy.py", "return len(held.recorded) >= numbers.victory_types",
             "return len(held.recorded) > numbers.victory_types", "victory needs one type more"),
    Mutation("engine_adapter.py", 'steps = {row.key: reader.number(table, row, "step") for row in table.rows}',
             'steps = {row.key: len(table.rows) + 1 - reader.number(table, row, "step") for row in table.rows}',
             "the post-game steps read backwards"),
    Mutation("engine_adapter.py", "        values[name] = value\n", "        values[name] = value + 1\n",
             "the Actions cells prose restates (reach, wounded DT) read one high"),
    # --- table reads (the adapters) ---
    Mutation("engine_adapter.py", 'ArmorTier(row.key, reader.number(tiers_table, row, "reduction"), rank)',
             'ArmorTier(row.key, reader.number(tiers_table, row, "reduction") + 1, rank)',
             "armor reduction read one high"),
    Mutation("engine_adapter.py", "for rank, row in enumerate(tiers_table.rows)}",
             "for rank, row in enumerate(reversed(tiers_table.rows))}", "armor tiers ranked backwards"),
    Mutation("engine_adapter.py", 'FallBand(reader.number(table, row, "from"), reader.number(table, row, "to"),',
             'FallBand(reader.number(table, row, "from"), reader.number(table, row, "from"),',
             "a falling band read as one inch"),
    Mutation("engine_adapter.py", 'dt=values.get("dt", 0),\n', "dt=0,\n", "Boost's DT not read"),
    Mutation("engine_adapter.py", 'health=reader.number(table, row, "health"), move=reader.number(table, row, "move")',
             'health=reader.number(table, row, "move"), move=reader.number(table, row, "move")',
             "a contract's Health read from its Move"),
    Mutation("engine_adapter.py", "critical_rows=by_roll(CRITICAL_PREFIX), fumble_rows=by_roll(FUMBLE_PREFIX)",
             "critical_rows=by_roll(FUMBLE_PREFIX), fumble_rows=by_roll(CRITICAL_PREFIX)",
             "critical and fumble tables swapped"),
    Mutation("engine_adapter.py", 'search_die, search_findings = findings("search-findings")',
             'search_die, search_findings = findings("interrogate-results")', "Search reads the Interrogate table"),
    Mutation("engine_adapter.py", '("double", "triple", "fumble", "step_bonus")',
             '("triple", "double", "fumble", "step_bonus")', "Double and Triple parameters swapped"),
    Mutation("engine_adapter.py", 'MeritSource(row.key, reader.number(table, row, "merits"))',
             'MeritSource(row.key, reader.number(table, row, "merits") + 1)', "Merit sources read one high"),
    # --- actions, vertical movement, setup, hostiles, samples ---
    Mutation("engine/movement.py", "bonus = action(actions, AIM).dt if aimed else 0",
             "bonus = -action(actions, AIM).dt if aimed else 0", "Aim lowers the shot"),
    Mutation("engine/movement.py", "return math.ceil(distance / self.per) * self.cost",
             "return math.ceil(distance / self.per) + self.cost", "a climb costs a flat amount more"),
    Mutation("engine/movement.py", "if self.max is not None and distance > self.max:",
             "if self.max is not None and distance >= self.max:", "a jump across the widest gap refused"),
    Mutation("engine/movement.py", "return cost is not None and cost <= move * climb_moves",
             "return cost is not None and cost < move * climb_moves", "a climb must leave Move over"),
    Mutation("engine/setup.py", "spawns = (Spawn(first.round + setup.spawn_delay, first.tier), *rest)",
             "spawns = (Spawn(first.round + setup.spawn_delay + 1, first.tier), *rest)",
             "a delayed spawn comes a round late"),
    Mutation("engine/setup.py", 'setup.loot_markers.get(rows["loot-layout"], 0)',
             'setup.loot_markers.get(rows["loot-modifiers"], 0)', "markers read from the wrong roll"),
    Mutation("engine/setup.py", '"setup": granted.setup + list(either).count("setup"),',
             '"setup": granted.setup,', "a free advantage roll cannot go to Setup"),
    Mutation("engine/hostiles.py", "return in_tier[unit_roll - 1]", "return in_tier[-unit_roll]",
             "the d2 picks the units the other way round"),
    Mutation("engine/hostiles.py", "lookup(tables[ATTACKED if hostile else NORMAL], roll)",
             "lookup(tables[NORMAL if hostile else ATTACKED], roll)", "Coworker behaviour tables swapped"),
    Mutation("engine/hostiles.py", "return tuple(int(part) for part in parts)",
             "return (sum(int(part) for part in parts),)", "two spawn groups read as one"),
    Mutation("engine/samples.py", "return sum(item.cost for item in items)",
             "return sum(item.cost for item in items[1:])", "a sample model's first item is free"),
    Mutation("engine_book_adapter.py", "if tier.band.contains(band.low)), None)",
             "if tier.band.contains(band.low + 1)), None)", "units sorted into the wrong tier"),
    # --- gear, implants, contract specials, critical and fumble effects ---
    Mutation("engine/specials.py", "return max(knockback - numbers.padded_vest_knockback, 0)", "return knockback",
             "a Padded Vest takes no Knockback off"),
    Mutation("engine/specials.py", "return modifier + (numbers.lining_critical if PROTECTIVE_LINING in worn else 0)",
             "return modifier", "Protective Lining ignored"),
    Mutation("engine/specials.py", "return numbers.mask_dt if MASK in carried and weapon_type == TOXIC else 0",
             "return numbers.mask_dt if MASK in carried else 0", "the Mask helps against every attack"),
    Mutation("engine/specials.py", "distance > numbers.pistol_far_range else 0",
             "distance >= numbers.pistol_far_range else 0", "the Pistol's penalty at its own range"),
    Mutation("engine/specials.py", "return contract.wounded_defense_dt if health * 2 < contract.health else 0",
             "return contract.wounded_defense_dt if health * 2 <= contract.health else 0",
             "the Veteran's bonus at exactly half Health"),
    Mutation("engine/specials.py", "engaged_enemies < contract.outnumbered_by:",
             "engaged_enemies <= contract.outnumbered_by:", "the Zealot needs one more enemy"),
    Mutation("engine/specials.py", "if not left_board or for_objective:", "if not left_board:",
             "leaving for a mission objective is reviewed"),
    Mutation("engine_book_adapter.py", 'stats = ("combat", "defense", "wits") if stat == "attributes" else (stat,)',
             'stats = ("combat",) if stat == "attributes" else (stat,)', "all attributes read as Combat alone"),
    Mutation("engine/effects.py", "return numbers.injury_penalty if effect.out_of_action else 0", "return 0",
             "an Out of Action critical without its Injury penalty"),
    Mutation("engine/effects.py", "return numbers.bleed_damage if effect.bleeds else 0",
             "return numbers.bleed_damage", "every critical bleeds"),
    Mutation("engine/effects.py", "        return weapon.maximum\n", "        return weapon.maximum - 1\n",
             "a fumble's maximum weapon damage one short"),
    Mutation("engine/activation.py", "return min(health + rolled, max_health)", "return health + rolled",
             "Wellness heals past full Health"),
    Mutation("engine/movement.py", "return face % die.sides * 360 / die.sides", "return face * 360 / die.sides",
             "a random direction's top face points a full turn round"),
    Mutation("engine/specials.py", "left = max(distance_to_edge - move, 0)",
             "left = max(distance_to_edge - move + 1, 0)", "a Fleeing model stops an inch short"),
    Mutation("engine/specials.py", "return rerolled(faces, weapon.reroll)", "return rerolled(faces, weapon.reroll + 1)",
             "a weapon re-rolls one face more"),
    Mutation("engine_adapter.py", "reroll=_reroll(reader, table, row, \"reroll\")", "reroll=0",
             "weapon re-roll specials not read"),
    Mutation("engine/specials.py", "return numbers.squad_size - alive", "return numbers.squad_size - alive - 1",
             "a squad recruits one model short"),
)


class MutationError(Exception):
    """A mutation that no longer fits the source: its text is gone, or found more than once."""


def mutated(mutation: Mutation, package: Path = PROJECT / PACKAGE) -> str:
    """The source of ``mutation``'s file in ``package`` with the mutation applied; it must still compile."""
    path = package / mutation.file
    source = path.read_text(encoding="utf-8")
    found = source.count(mutation.old)
    if found != 1:
        raise MutationError(f"{mutation.file}: {mutation.old!r} is found {found} times, not once "
                            f"({mutation.description})")
    changed = source.replace(mutation.old, mutation.new)
    try:
        compile(changed, str(path), "exec")
    except SyntaxError as error:
        raise MutationError(f"{mutation.file}: the mutation {mutation.description!r} does not compile: "
                            f"{error}") from None
    return changed


def plant(mutation: Mutation, package: Path) -> None:
    """Apply ``mutation`` to the copy of the package at ``package``."""
    (package / mutation.file).write_text(mutated(mutation, package), encoding="utf-8")


def _environment(copy: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(copy / "src"), *filter(None, [env.get("PYTHONPATH")])])
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


# What a run reads besides the package: the tests, the content and the settings they load.
SNAPSHOT = ("src", "tests", "content", "templates", "locales", "pyproject.toml")
_IGNORED = shutil.ignore_patterns("__pycache__", ".hypothesis", ".pytest_cache")


def snapshot(into: Path, project: Path = PROJECT) -> Path:
    """A copy of what the tests read, taken once for a run; returns the copy's root."""
    for name in SNAPSHOT:
        source = project / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=_IGNORED)
        elif source.is_file():
            shutil.copy2(source, into / name)
    return into


def copy_source(into: Path, project: Path = PROJECT) -> Path:
    """A copy of ``project``'s package under ``into``/src; returns the package folder."""
    target = into / PACKAGE
    shutil.copytree(project / PACKAGE, target, ignore=_IGNORED)
    return target


def imported_from(copy: Path, project: Path = PROJECT) -> Path:
    """Where the engine is imported from with the copy's environment (the copy, or the checks prove nothing)."""
    result = subprocess.run([sys.executable, "-c", "import sacredwire.engine as e; print(e.__file__)"],
                            cwd=project, env=_environment(copy), capture_output=True, text=True, check=True)
    return Path(result.stdout.strip())


@dataclass(frozen=True)
class Verdict:
    """What the tests made of one mutation (None: the unchanged source)."""

    mutation: Mutation | None
    caught: bool
    seconds: float
    detail: str


def by_description(description: str) -> Mutation:
    """The mutation described so (KeyError when none is)."""
    for mutation in MUTATIONS:
        if mutation.description == description:
            return mutation
    raise KeyError(description)


def run_all(mutations: Sequence[Mutation], base: Path, jobs: int = 1) -> Iterator[Verdict]:
    """Test each mutation on its own copy of ``base``'s package, ``jobs`` at a time; verdicts in order, as they come."""
    with ThreadPoolExecutor(max_workers=max(jobs, 1)) as pool:
        yield from pool.map(lambda mutation: run_tests(mutation, base), mutations)


def run_tests(mutation: Mutation | None, base: Path, tests: Sequence[str] = TESTS) -> Verdict:
    """Copy ``base``'s package, plant ``mutation`` (none: the baseline) and run ``base``'s ``tests`` on it.

    The tests stop at their first failure: a caught mutation needs no more.
    """
    with tempfile.TemporaryDirectory(prefix="sw28-mutant-") as folder:
        copy = Path(folder)
        package = copy_source(copy, base)
        if mutation is not None:
            plant(mutation, package)
        command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "--no-header",
                   *(f"--deselect={test}" for test in DESELECT), *(f"--ignore={test}" for test in IGNORE), *tests]
        start = time.perf_counter()
        try:
            result = subprocess.run(command, cwd=base, env=_environment(copy), capture_output=True, text=True,
                                    timeout=TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            return Verdict(mutation, True, time.perf_counter() - start, "the tests ran on past the time limit")
        lines = [line for line in result.stdout.splitlines() if line.strip()]
        failed = next((line for line in lines if line.startswith(("FAILED", "ERROR"))), lines[-1] if lines else "")
        return Verdict(mutation, result.returncode != 0, time.perf_counter() - start, failed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--list", action="store_true", help="list the mutations and exit")
    parser.add_argument("--only", type=int, nargs="+", metavar="N", help="run only these mutations (numbers of --list)")
    parser.add_argument("--jobs", type=int, default=1, help="mutations tested at the same time (default 1)")
    args = parser.parse_args(argv)
    if args.list:
        for number, mutation in enumerate(MUTATIONS, start=1):
            print(f"{number:3} {mutation.file}: {mutation.description}")
        return 0
    chosen = MUTATIONS if not args.only else tuple(MUTATIONS[number - 1] for number in args.only
                                                   if 1 <= number <= len(MUTATIONS))
    if args.only and len(chosen) != len(args.only):
        parser.error(f"mutations are numbered 1 to {len(MUTATIONS)}")
    try:
        for mutation in chosen:
            mutated(mutation)
    except MutationError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="sw28-mutation-run-") as folder:
        base = snapshot(Path(folder))
        baseline = run_tests(None, base)
        if baseline.caught:
            print(f"error: the unchanged source fails its tests: {baseline.detail}", file=sys.stderr)
            return 2
        verdicts = []
        numbers = (MUTATIONS.index(mutation) + 1 for mutation in chosen)
        for number, verdict in zip(numbers, run_all(chosen, base, args.jobs)):
            assert verdict.mutation is not None
            verdicts.append(verdict)
            state = "caught  " if verdict.caught else "SURVIVED"
            by = f"  <- {verdict.detail}" if verdict.caught and verdict.detail else ""
            print(f"{number:3} {state} {verdict.seconds:5.1f}s {verdict.mutation.file}: "
                  f"{verdict.mutation.description}{by}", flush=True)
    caught = sum(verdict.caught for verdict in verdicts)
    print(f"{len(verdicts)} planted, {caught} caught, {len(verdicts) - caught} survived")
    return 0 if caught == len(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
