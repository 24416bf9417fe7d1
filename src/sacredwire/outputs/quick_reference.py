"""The quick-reference output kind: rule summaries and tables on a few landscape sides."""

from __future__ import annotations

from pathlib import PurePosixPath

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
        from ..layout.quickref import FILE_NAME, make_quickref

        laid_out = make_quickref(context.render_context(), context.cache)
        return [Artifact(PurePosixPath(context.lang, FILE_NAME), laid_out.pdf)]
