"""The cards output kind: one card per table row of the card decks."""

from __future__ import annotations

from pathlib import PurePosixPath

from ..model import BookMeta
from . import Artifact, OutputContext, OutputKind, Target, register


@register
class CardsKind(OutputKind):
    name = "cards"
    target_help = "cards"
    needs_page_map = True

    def targets(self, meta: BookMeta) -> list[Target]:
        return [Target("cards", self.name, "Cards: one per contract type, item, power, blessing and hostile "
                                           "unit; single cards with bleed and 3x3 print-and-play sheets")]

    def make(self, context: OutputContext, target: str) -> list[Artifact]:
        from ..layout.cards import make_cards

        made = make_cards(context.render_context(), context.cache)
        return [Artifact(PurePosixPath(context.lang, name), laid_out.pdf) for name, laid_out in made.items()]
