"""A printed squad: a roster sheet, and one model card per model in the cards' design and print specs.

Three files: the roster sheet (A5, like the booklets), the single cards with
bleed, crop marks and PDF/X for a print shop (the press edition of the
cards), and the same cards 3 x 3 on A4 or Letter for a home printer (the home
edition's card sheets). Every label is a column title of the tables or a
string of the template catalogs, in the language asked.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from ..editions.base import EditionSettings, Paper
from ..editions.home import card_sheets
from ..editions.press import press_pdf
from ..ids import TableId
from ..layout import lay_out, pdf_bytes
from ..model import Rulebook, Text
from ..render import RenderContext
from ..render.cards import Card, Stat
from ..render.pages import PageMap
from .catalogue import Kind, translated
from .squad import ModelSheet, SquadChecker, SquadReport

# Where each label of a model card comes from: (table, column) whose title the card prints.
LABELS = {"combat": ("sample-models", "combat"), "defense": ("sample-models", "defense"),
          "wits": ("sample-models", "wits"), "move": ("contract-types", "move"),
          "health": ("contract-types", "health"), "cost": ("sample-models", "cost"),
          "weapons": ("contract-types", "weapons"), "armor": ("light-armor", "name"),
          "gear": ("sample-models", "gear"), "powers": ("broadcast-powers", "name"),
          "special": ("contract-types", "special"), "model": ("sample-models", "name"),
          "contract": ("sample-models", "contract")}
# A card with more text than this sets it one step smaller (the cards' own steps).
TEXT_STEPS = ((220, "l"), (340, "m"))


@dataclass(frozen=True)
class SquadPdfs:
    """The three files of a printed squad."""

    roster: bytes
    cards: bytes
    sheets: bytes


def _label(rulebook: Rulebook, lang: str, key: str) -> str:
    table_id, column = LABELS[key]
    table = rulebook.tables[TableId(table_id)]
    return translated(table.column(column).title, lang, table, column=column)


def model_cards(checker: SquadChecker, report: SquadReport, context: RenderContext) -> list[Card]:
    """One card per model: final dice, Move, Health and cost as stats; weapons, armor, gear and Powers as text."""
    rulebook, lang = checker.rulebook, checker.lang
    prose = context.prose("cards")
    label = lambda key: _label(rulebook, lang, key)  # noqa: E731
    described = [entry for kind in (Kind.POWER, Kind.CONSUMABLE, Kind.GEAR, Kind.IMPLANT)
                 for entry in checker.catalogue.entries[kind].values()]
    made = []
    for model in report.models:
        weapons = "; ".join(f"{weapon.name} {weapon.damage}" + (f" ({weapon.special})" if weapon.special else "")
                            for weapon in model.weapons)
        carried = ", ".join(model.consumables + model.gear + model.implants)
        texts = [Stat(label(key), prose.inline(value)) for key, value in
                 (("weapons", weapons), ("armor", ", ".join(model.armor)), ("gear", carried),
                  ("powers", ", ".join(model.powers))) if value]
        abilities = [Stat(model.contract_name, prose.inline(model.special))] if model.special else []
        # The back says what each Power and piece of gear does, in the words of its table.
        for entry in described:
            words = entry.row.cells.get("effect")
            if entry.name(lang) in model.powers + model.consumables + model.gear + model.implants \
                    and isinstance(words, Text):
                abilities.append(Stat(entry.name(lang), prose.inline(translated(words, lang, entry.table, entry.row,
                                                                                 "effect"))))
        load = sum(len(text.value.striptags()) for text in texts)
        made.append(Card(
            owner=f"{model.name} ({report.file})", deck="squad", family=model.contract_name,
            booklet=report.name, name=prose.inline(model.name), name_size="l" if len(model.name) <= 12 else "m",
            roll=None,
            stats=(tuple(Stat(label(key), Markup(model.dice.get(key, "–"))) for key in ("combat", "defense", "wits")),
                   (Stat(label("move"), Markup(f"{model.move}\"")), Stat(label("health"), Markup(str(model.health))),
                    Stat(label("cost"), Markup(str(model.cost))))),
            texts=tuple(texts), note=None, rule_id=" · ".join(model.rules),
            text_size=next((size for limit, size in TEXT_STEPS if load <= limit), "s"),
            abilities=tuple(abilities)))
    return made


def squad_pdfs(checker: SquadChecker, report: SquadReport, paper: Paper) -> SquadPdfs:
    """The roster sheet, the print-shop cards and the home card sheets of a valid squad."""
    rulebook, lang = checker.rulebook, checker.lang
    context = RenderContext(rulebook, lang, PageMap())
    root = Path(rulebook.root)
    meta = rulebook.meta
    title = f"{meta.title} · {report.name or report.file}"
    cards = model_cards(checker, report, context)
    html = context.env.get_template("cards/cards.html.j2").render(
        cards=cards, book=meta, lang=lang, kind="cards layout-single", document_title=title,
        description=context.gettext("Cards"), page_css=context.card_page_css())
    what = f"{lang}/squad-cards"
    single = pdf_bytes(lay_out(html, root / "templates", root, what), html, what)
    settings = EditionSettings(paper=paper, ink_limit=rulebook.settings.print.ink_limit)
    roster_html = context.env.get_template("squad/roster.html.j2").render(
        book=meta, lang=lang, kind="squad-roster", report=report,
        models=[(model, model_summary(model)) for model in report.models],
        labels={key: _label(rulebook, lang, key) for key in LABELS}, document_title=title,
        description=context.gettext("Squad roster"), rules=_rules(checker, report))
    roster_what = f"{lang}/squad-roster"
    roster = pdf_bytes(lay_out(roster_html, root / "templates", root, roster_what), roster_html, roster_what)
    return SquadPdfs(
        roster=roster, cards=press_pdf(single, title, settings, f"{what} press"),
        sheets=card_sheets(single, title, settings.screen_language(lang), paper, settings.card_gutter_mm,
                           f"{what} home"))


def _rules(checker: SquadChecker, report: SquadReport) -> list[str]:
    ids = sorted({rule for model in report.models for rule in model.rules})
    refs = [checker.index.rule(rule_id) for rule_id in ids]
    return [f"{ref.title} {checker.index.cite(ref)}" for ref in refs]


def model_summary(model: ModelSheet) -> str:
    """A model's equipment on one line, for the roster sheet."""
    weapons = [f"{weapon.name} {weapon.damage}" for weapon in model.weapons]
    return ", ".join(weapons + model.armor + model.consumables + model.gear + model.implants + model.powers)
