"""The quick-reference output kind: rule summaries and tables on a few landscape sides."""

from __future__ import annotations

from ..model import BookMeta
from . import Artifact, OutputContext, OutputKind, Target, register


@register
class QuickReferenceKind(OutputKind):
    name = "quick-reference"
    target_help = "quick-reference"
    needs_page_map = True

    def targets(self, meta: BookMeta) -> list[Target]:
        return [Target("quick-reference", self.name,
                       "Quick reference: rule summaries and tables, 2-4 landscape sides (A4 or --paper letter)")]

    def make(self, context: OutputContext, target: str) -> list[Artifact]:
        from ..editions import LaidOutDocument
        from ..layout.quickref import set_quickref

        quick_reference = set_quickref(context.render_context(), context.cache)
        # A page set smaller than typed: the designer may prefer to move a block.
        note = quick_reference.note(f"{context.lang}/{target}")
        if note is not None:
            context.notes.append(note)
        title = f"{context.rulebook.meta.title} · {context.render_context().gettext('Quick Reference')}"
        return context.finish(LaidOutDocument("quick-reference", target, context.lang, title,
                                              quick_reference.laid_out.pdf))
