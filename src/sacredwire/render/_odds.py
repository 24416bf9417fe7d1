"""Odds charts: the rules engine's exact odds of an opposed roll, as a table in the reader's language."""

from __future__ import annotations

from collections.abc import Callable

from babel.numbers import format_percent

from ..diagnostics import Location
from ..engine.dice import all_tiers
from ..engine.numbers import Multiples
from ..engine.odds import odds_chart
from ..ids import TableId
from ..languages import language
from ..model import Column, Row, Table, Text


def _titles(gettext: Callable[[str], str]) -> dict[str, str]:
    return {"win": gettext("Chance that the attacker wins"),
            "double": gettext("Chance of a Double or better"),
            "triple": gettext("Chance of a Triple or better")}


def odds_table(measure: str, lang: str, gettext: Callable[[str], str], multiples: Multiples) -> Table:
    """The chart of ``measure`` (``win``, ``double``, ``triple``): attacker tiers down, defender tiers across.

    Cells are whole percentages of the engine's exact fractions, with no
    modifiers; same-tier ties re-roll, so they count as neither side's.
    """
    tiers = [str(tier) for tier in all_tiers()]
    location = Location("src/sacredwire/engine/odds.py", 1)
    columns = (Column("attacker", "plain", Text({lang: gettext("Attacker \u2193 Defender \u2192")})),
               *(Column(tier, "plain", Text({lang: tier}), numeric=True) for tier in tiers))
    rows = tuple(Row(str(attacker), {"attacker": str(attacker),
                                     **{tier: format_percent(float(chance), locale=language(lang).locale)
                                        for tier, chance in zip(tiers, chances, strict=True)}}, location)
                 for attacker, chances in odds_chart(measure, multiples))
    note = gettext("Rows are the attacker's dice, columns the defender's, before modifiers. "
                   "A tie between the same dice is re-rolled.")
    return Table(id=TableId(f"odds-{measure}"), title=Text({lang: _titles(gettext)[measure]}), die=None,
                 columns=columns, rows=rows, note=Text({lang: note}), location=location)
