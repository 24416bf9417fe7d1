"""The errata output kind: what changed since a previous version, by rule ID, with new pages.

Built only when asked for (``sw28 build errata --from REV``): the change set
comes from git through the command line.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from ..model import BookMeta
from . import Artifact, OutputContext, OutputKind, Target, register


@register
class ErrataKind(OutputKind):
    name = "errata"
    target_help = "errata (with --from REV)"
    needs_page_map = True
    default = False

    def targets(self, meta: BookMeta) -> list[Target]:
        return [Target("errata", self.name, "Errata sheet since a previous version (--from REV): A5 PDF and "
                                            "Markdown release notes, every change by rule ID with its new page")]

    def make(self, context: OutputContext, target: str) -> list[Artifact]:
        from ..changes.errata import errata_documents

        if context.options.errata is None:
            raise ValueError("the errata target needs a change set (--from REV)")
        files = errata_documents(context.render_context(), context.options.errata)
        return [Artifact(PurePosixPath(context.lang, name), data) for name, data in sorted(files.items())]
