"""``sw28 mission``: roll the Mission Generator for a seed, as text, JSON or a one-page mission sheet."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from rich.console import Console

from ..cli import EXIT_OK, EXIT_UNLOADABLE, command
from ..engine.campaign import SquadProgress
from ..engine_adapter import rules_from_tables
from ..kit.mission import MissionRoller, mission_text
from . import book_has_language, load_project

# Seeds a player types: a fresh one is drawn from this range and printed, so any mission can be rolled again.
SEED_RANGE = 1_000_000


def _progress(text: str) -> SquadProgress:
    try:
        evidence, leads = (int(part) for part in text.split(":"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not EVIDENCE:LEADS, e.g. 3:1") from None
    if evidence < 0 or leads < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: Evidence and Leads are 0 or more")
    return SquadProgress(evidence, leads)


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seed", type=int, default=None, metavar="N",
                        help="roll with this seed (the same seed always rolls the same mission); "
                             "without it a seed is drawn and printed")
    parser.add_argument("--lang", default="en", help="the language of the results (default: en)")
    parser.add_argument("--squads", nargs=2, type=_progress, metavar="EVIDENCE:LEADS",
                        help="the two squads' Evidence and Leads: works out the Evidence gap, the Aggressor "
                             "and the Defender's advantage rolls (K1.3, K1.4)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default): each roll with its die, faces, total and row; json: one object")
    parser.add_argument("--pdf", metavar="OUT.pdf", type=Path, default=None,
                        help="also write the one-page mission sheet, with the board of the rolled mission")
    parser.add_argument("--paper", choices=("a5", "a4", "letter"), default="a5",
                        help="the mission sheet's paper (default: a5, the booklets' page)")


@command(
    "mission", help="roll a mission with the Mission Generator's tables, for a seed",
    description="Roll every table of the Mission Generator (K1.3) in order (Spawn Location once per spawn of "
                "the rolled Hostile Timing), then the mission (M1.1), from one seeded random generator: the "
                "same seed always gives the same mission. With --squads, work out the Evidence gap first and "
                "roll the Defender's advantages (K1.4). Prints each roll's die, faces and row; --pdf writes "
                "a one-page mission sheet with the mission's board.",
    configure=_arguments,
)
def mission_command(args: argparse.Namespace, console: Console) -> int:
    _, rulebook = load_project()
    if not book_has_language(rulebook, args.lang, console):
        return EXIT_UNLOADABLE
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(SEED_RANGE)
    roller = MissionRoller(rulebook, rules_from_tables(rulebook), args.lang)
    mission = roller.roll(seed, tuple(args.squads) if args.squads else None)
    if args.format == "json":
        print(json.dumps(mission.as_json(), indent=2, ensure_ascii=False))
    else:
        print(mission_text(mission, roller.index))
    if args.pdf is not None:
        from ..kit.sheets import mission_sheet

        args.pdf.write_bytes(mission_sheet(rulebook, mission, roller.index, args.paper))
        console.print(f"wrote {args.pdf}", markup=False)
    return EXIT_OK
