"""The rules core: pure, deterministic, standard library only.

No I/O and no rendering. Everything the tables hold comes in as a
:class:`Rules` value built by an adapter outside this package, and so do the
numbers the rules state in prose (:mod:`.numbers`, read from ``content/rules.yaml``).

- :mod:`.dice`: dice tiers, damage dice, DT modifiers with caps and overflow (C1.9, C1.10)
- :mod:`.rolls`: opposed rolls, Doubles, Triples and fumbles (C1.9, C4.16, C4.17)
- :mod:`.odds`: exact odds of an opposed roll
- :mod:`.gear`, :mod:`.squad`: requisitions, contracts and squad building (C2, A3)
- :mod:`.activation`: the activation bag and Corporate Blessings (C4.1, C4.2)
- :mod:`.combat`: damage, Riposte, falls, grenades, morale, sight, casting (C4, C5.1)
- :mod:`.campaign`: Evidence gap, Search, Interrogate and the post-game (K1-K3)
- :mod:`.movement`: actions' DT and reach, climbing and jumping, Random Direction (C4.3, C4.6, C4.12)
- :mod:`.setup`: the mission generator, the advantages and the mission roll (K1.2, K1.4, M1)
- :mod:`.hostiles`: hostile and Coworker profiles, spawning by tier, Coworker behaviour (I2-I4)
- :mod:`.specials`: contract specials, gear, implants, lasting effects (C2.4, A2, A3, A5, C4.20)
- :mod:`.effects`: what each critical and fumble row does (A5, A6)
- :mod:`.samples`: the Sample Models' costs from the Requisitions prices (A7.1)
- :mod:`.book`: the tables the modules above read, as one value
- :mod:`.example_checks`: the checks worked examples name
"""

from .dice import Dice, DiceTier, RolledTiers, apply_modifiers
from .example_checks import EXAMPLE_CHECKS, ExampleInputError, run_example
from .odds import Odds, opposed_odds
from .rolls import AttackResult, Outcome, opposed_outcome, resolve_attack
from .rules import Coworker, Rules

__all__ = [
    "EXAMPLE_CHECKS", "AttackResult", "Coworker", "Dice", "DiceTier", "ExampleInputError", "Odds",
    "Outcome", "RolledTiers", "Rules", "apply_modifiers", "opposed_odds", "opposed_outcome",
    "resolve_attack", "run_example",
]
