"""The cards output kind: one card per table row of the card decks."""

from __future__ import annotations

from ..model import BookMeta, Rulebook
from . import Artifact, OutputContext, OutputKind, Target, register


@register
class CardsKind(OutputKind):
    name = "cards"
    target_help = "cards"
    needs_page_map = True

    def targets(self, meta: BookMeta) -> list[Target]:
        return [Target("cards", self.name, "Cards: one per contract type, item, power, blessing and hostile "
                                           "unit: one file per deck (pod), single cards with marks (press), "
                                           "3x3 print-and-play sheets (home)")]

    def missing(self, rulebook: Rulebook, target: str, lang: str) -> str | None:
        """No deck, no card: a project whose outputs.yaml lists none has no cards to make."""
        return "content/outputs.yaml lists no card decks ('cards: [...]')" if not rulebook.settings.decks else None

    def make(self, context: OutputContext, target: str) -> list[Artifact]:
        from ..editions import LaidOutDocument
        from ..layout.cards import make_cards

        laid_out, decks = make_cards(context.render_context(), context.cache)
        title = f"{context.rulebook.meta.title} · {context.render_context().gettext('Cards')}"
        return context.finish(LaidOutDocument("cards", target, context.lang, title, laid_out.pdf, decks))
