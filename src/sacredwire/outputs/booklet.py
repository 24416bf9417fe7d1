"""The booklet output kind: the five rule booklets.

Booklets are referenced by page, so the build lays them out in passes until
no page moves (``layout.booklet``); this kind turns each finished layout into
its files.
"""

from __future__ import annotations

from ..model import BookMeta, Rulebook
from . import Artifact, OutputContext, OutputKind, Target, register


@register
class BookletKind(OutputKind):
    name = "booklet"
    target_help = "a booklet key from content/book.yaml"
    needs_page_map = True

    def targets(self, meta: BookMeta) -> list[Target]:
        return [Target(b.key, self.name, f"Vol. {b.volume} {b.title['en']} ({b.letter})")
                for b in sorted(meta.booklets, key=lambda b: b.volume)]

    def missing(self, rulebook: Rulebook, target: str, lang: str) -> str | None:
        return None if (target, lang) in rulebook.booklets else f"content/{target}/{lang}/ is empty"

    def make(self, context: OutputContext, target: str) -> list[Artifact]:
        from ..editions import LaidOutDocument

        meta = context.rulebook.meta
        title = f"{meta.title} · {meta.booklet(target).title[context.lang]}"
        return context.finish(LaidOutDocument("booklet", target, context.lang, title, context.booklets[target].pdf))
