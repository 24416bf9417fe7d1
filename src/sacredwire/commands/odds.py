"""``sw28 odds``: exact chances of an opposed roll between two dice tiers."""

from __future__ import annotations

import argparse
import json

from rich.console import Console

from ..cli import EXIT_OK, EXIT_UNLOADABLE, command
from ..engine import DiceTier, Odds, opposed_odds
from ..engine_adapter import rule_numbers
from . import load_project

_ROWS = (("p_win", "wins", "win"), ("p_double", "Double or better", "double"),
         ("p_triple", "Triple or better (critical)", "triple"), ("p_fumble", "fumbles", "fumble"))


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("attacker", metavar="ATT", help="the attacker's dice tier, e.g. 2d8")
    parser.add_argument("defender", metavar="DEF", help="the defender's dice tier, e.g. 2d6")
    parser.add_argument("--att-mod", type=int, default=0, metavar="N", help="the attacker's net DT modifier")
    parser.add_argument("--def-mod", type=int, default=0, metavar="N", help="the defender's net DT modifier")
    parser.add_argument("--fixed", action="store_true",
                        help="DEF is a fixed roll (Search, grenades, Morale, a support Cast): no overflow passes "
                             "to it or comes from it (C1.10)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")


def _as_json(odds: Odds, args: argparse.Namespace) -> str:
    chances = {key: getattr(odds, attribute) for key, _, attribute in _ROWS}
    return json.dumps({
        "attacker_dice": str(odds.attacker), "defender_dice": str(odds.defender), "fixed": args.fixed,
        **{key: float(value) for key, value in chances.items()},
        "exact": {key: str(value) for key, value in chances.items()},
    }, indent=2)


def _as_table(odds: Odds, args: argparse.Namespace) -> str:
    fixed = " (a fixed roll: no overflow)" if args.fixed else ""
    lines = [f"{args.attacker} ({args.att_mod:+d} DT) against {args.defender} ({args.def_mod:+d} DT){fixed}: "
             f"the attacker rolls {odds.attacker}, the defender {odds.defender}"]
    for _, label, attribute in _ROWS:
        chance = getattr(odds, attribute)
        lines.append(f"  attacker {label:<28} {float(chance):8.2%}   {chance}")
    return "\n".join(lines)


@command(
    "odds", help="exact odds of an opposed roll between two dice tiers",
    description="Enumerate every pair of totals for ATT against DEF, after the DT modifiers with caps and "
                "overflow (C1.9, C1.10; each side's modifiers are added up first, then what a cap swallows "
                "passes once to the other side; --fixed for a fixed 2d6, which takes no overflow), "
                "and print the attacker's chance to win (same-tier ties re-roll), "
                "to roll a Double or a Triple, and to fumble (C4.16, C4.17). Exact fractions, no sampling.",
    configure=_arguments,
)
def odds_command(args: argparse.Namespace, console: Console) -> int:
    try:
        attacker, defender = DiceTier.parse(args.attacker), DiceTier.parse(args.defender)
    except ValueError as error:
        console.print(f"error: {error}", markup=False)
        return EXIT_UNLOADABLE
    _, rulebook = load_project()
    odds = opposed_odds(attacker, defender, rule_numbers(rulebook).multiples, args.att_mod, args.def_mod,
                        fixed=args.fixed)
    print(_as_json(odds, args) if args.json else _as_table(odds, args))
    return EXIT_OK
