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
