"""The web output kind: the rules as a static site, both languages in one folder."""

from __future__ import annotations

from pathlib import PurePosixPath

from ..model import BookMeta, Rulebook
from . import Artifact, OutputContext, OutputKind, Target, register

SITE_FOLDER = "web"


@register
class WebKind(OutputKind):
    name = "web"
    target_help = "web"
    per_language = False
    # The site is one piece: a page of a renamed rule ID must not linger.
    folder = SITE_FOLDER

    def targets(self, meta: BookMeta) -> list[Target]:
        return [Target("web", self.name, "Web edition: a static site of every booklet, the quick reference and "
                                         "the cards, both languages, a permalink per rule ID, client-side search")]

    def missing(self, rulebook: Rulebook, target: str, lang: str) -> str | None:
        has_text = any(key_lang == lang for _, key_lang in rulebook.booklets)
        return None if has_text else f"no booklet has {lang} text"

    def make(self, context: OutputContext, target: str) -> list[Artifact]:
        from ..web import make_site

        site = make_site(context.rulebook, context.langs, context.cache.folder)
        return [Artifact(PurePosixPath(SITE_FOLDER) / path, data) for path, data in sorted(site.items())]
