"""The web output kind: the rules as a static site, both languages in one folder."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path, PurePosixPath

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

    def languages(self, rulebook: Rulebook, langs: Sequence[str], out_dir: Path) -> tuple[str, ...]:
        """The languages built and those whose pages are already published: the site is one piece (its
        index, search and language links span every language), so building one language keeps the others."""
        return tuple(lang for lang in rulebook.meta.languages
                     if lang in langs or ((out_dir / SITE_FOLDER / lang).is_dir()
                                          and self.missing(rulebook, "web", lang) is None))

    def make(self, context: OutputContext, target: str) -> list[Artifact]:
        from ..web import make_site

        site = make_site(context.rulebook, context.langs, context.cache.folder)
        return [Artifact(PurePosixPath(SITE_FOLDER) / path, data) for path, data in sorted(site.items())]
