"""Printed sheets of the player's kit: the one-page mission sheet."""

from __future__ import annotations

from pathlib import Path

from markupsafe import Markup

from ..layout import lay_out, pdf_bytes
from ..model import Rulebook
from ..render import RenderContext
from ..render.pages import PageMap
from .catalogue import Entry
from .mission import Mission
from .references import RuleIndex

# The paper a sheet is printed on, as CSS names it.
PAPERS = {"a5": "A5", "a4": "A4", "letter": "letter"}


def mission_sheet(rulebook: Rulebook, mission: Mission, index: RuleIndex, paper: str) -> bytes:
    """The mission sheet as PDF bytes: the rolled results, the rules by ID and page, the board.

    The board is the mission's own drawing in the Missions booklet, drawn to
    the same 24-inch scale; the same seed and language give the same bytes.
    """
    context = RenderContext(rulebook, mission.lang, PageMap())
    gettext = context.gettext
    table = rulebook.tables[next(key for key in rulebook.tables if str(key) == mission.mission.table)]
    row = table.row(mission.mission.row)
    entry = Entry(row.key, table, row)
    name, goal = (entry.words(column, rulebook, mission.lang) for column in ("name", "goal"))
    rolls = [{"title": roll.title, "note": roll.note, "note_label": _note(roll.note, gettext), "die": roll.die,
              "faces": roll.faces, "total": roll.total, "words": roll.words, "cite": index.cite(roll.rule)}
             for roll in mission.rolls]
    gap = None
    if mission.gap is not None:
        gap = gettext("Evidence gap %(gap)s: squad %(aggressor)s is the Aggressor, squad %(defender)s the "
                      "Defender.") % mission.gap
    html = context.env.get_template("mission/sheet.html.j2").render(
        book=rulebook.meta, lang=mission.lang, kind="mission-sheet", mission=mission, rolls=rolls,
        mission_name=name, mission_goal=goal,
        board=Markup(mission.board), gap=gap,
        rules=[f"{rule.title} {index.cite(rule)}" for rule in mission.rules],
        document_title=f"{rulebook.meta.title} · {name} · {mission.seed}",
        description=gettext("Mission sheet"), page_css=f"@page {{ size: {PAPERS[paper]}; }}",
    )
    what = f"mission-{mission.seed}-{mission.lang}"
    document = lay_out(html, Path(rulebook.root) / "templates", Path(rulebook.root), what)
    return pdf_bytes(document, html, what)


def _note(note: str, gettext) -> str:
    return gettext("round %(round)s") % {"round": note.split()[-1]} if note else ""
