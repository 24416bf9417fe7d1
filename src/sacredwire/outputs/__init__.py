"""Output kinds: what the build can make, one module per kind behind one registry.

An output kind renders and lays out its documents and finishes them into
files (:class:`Artifact`). The build asks each kind for its targets, gives the
kinds that print page references the booklets' final page map, and writes
whatever files the kinds return, all together. The target list of
``sw28 build``, its ``--help`` and the README's table come from here.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from ..artifact import Artifact
from ..changes.model import ChangeSet
from ..model import BookMeta, Rulebook
from ..render import RenderContext
from ..render.booklet import change_bars_option
from ..render.pages import PageMap

if TYPE_CHECKING:  # the layout stage imports WeasyPrint, which 'sw28 build --help' need not load
    from ..editions import Edition, EditionSettings, LaidOutDocument
    from ..editions.base import Paper
    from ..layout import LaidOut
    from ..layout.cache import LayoutCache

__all__ = ["Artifact", "BuildOptions", "KINDS", "OutputContext", "OutputKind", "Target", "all_targets",
           "register"]


@dataclass(frozen=True)
class BuildOptions:
    """What the command line chose, beyond targets and languages."""

    paper: Paper = "a4"
    # The editions to finish documents for (``--edition``); every edition by default.
    editions: tuple[str, ...] = ("press", "pod", "screen", "home")
    # The gap between print-and-play cards on a home sheet, in millimetres.
    card_gutter_mm: float = 0.0
    # The changes the errata sheet lists (``--from REV``).
    errata: ChangeSet | None = None
    # Rule IDs to mark with a change bar, per language (``--changes-since REV``).
    change_bars: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def render_options(self) -> dict[str, str]:
        """The options templates see (``RenderContext.options``)."""
        options: dict[str, str] = {"paper": self.paper}
        for lang, rule_ids in self.change_bars.items():
            options[change_bars_option(lang)] = ",".join(rule_ids)
        return options


@dataclass(frozen=True)
class OutputContext:
    """What a kind needs to make one target in one language."""

    rulebook: Rulebook
    lang: str
    options: BuildOptions
    cache: LayoutCache
    # Every language of the build, for kinds made once for all of them.
    langs: tuple[str, ...] = ()
    # The booklets' final page map, for kinds that print page references.
    pages: PageMap = field(default_factory=PageMap)
    # The booklets, laid out once with their final page numbers.
    booklets: Mapping[str, LaidOut] = field(default_factory=dict)
    # What the build tells the designer about a document made (not a warning): a kind adds lines here.
    notes: list[str] = field(default_factory=list)

    def render_context(self) -> RenderContext:
        return RenderContext(self.rulebook, self.lang, self.pages, self.options.render_options())

    def finish(self, document: LaidOutDocument) -> list[Artifact]:
        """The files of a laid-out document in every edition asked for, under ``<lang>/<edition>/``.

        Each file passes ``sw28 preflight`` for its edition before it is handed
        back; an error stops the build, naming the file and page.
        """
        from ..editions import EDITIONS
        from ..preflight.analysis import shared_analysis

        settings = self.edition_settings()
        # The editions paint the same pages: their preflights interpret each page stream once.
        with shared_analysis():
            return self._finish_editions(document, settings, EDITIONS)

    def _finish_editions(self, document: LaidOutDocument, settings: EditionSettings,
                         editions: Mapping[str, Edition]) -> list[Artifact]:
        finished: list[Artifact] = []
        for name in self.options.editions:
            # An edition is a pure function of the laid-out document and the settings: the
            # same input gives the same, already preflighted, files.
            key = self.cache.key("finished", name, hashlib.sha256(document.pdf).hexdigest(), document.kind,
                                 document.name, document.lang, document.title, repr(document.decks),
                                 repr(settings), repr(self.rulebook.settings.print))
            files = self.cache.get_files(key)
            if files is None:
                made = editions[name].finish(document, settings)
                for artifact in made:
                    self.preflight(name, document, artifact)
                files = [(artifact.path.as_posix(), artifact.data) for artifact in made]
                self.cache.put_files(key, files)
            finished += [Artifact(PurePosixPath(self.lang, name, path), data) for path, data in files]
        return finished

    def preflight(self, edition: str, document: LaidOutDocument, artifact: Artifact) -> None:
        """Check a finished file against its edition's profile; :class:`LayoutError` on any error."""
        from ..diagnostics import LayoutError
        from ..preflight import Severity, preflight_pdf, profile_for

        settings = self.rulebook.settings.print
        product = _product(document.kind, edition, artifact.path.name)
        margin = settings.card_safe_margin if document.kind == "cards" else settings.booklet_safe_margin
        name = f"{self.lang}/{edition}/{artifact.path}"
        # The edition's own settings (content/outputs.yaml), not the print services' defaults.
        bleed = settings.editions[edition].bleed.pt if edition in settings.editions else None
        profile = profile_for(edition, product, ink_limit=settings.ink_limit, safe_margin=margin.pt, bleed=bleed,
                              card_trim=(settings.card_width.pt, settings.card_height.pt))
        errors = [finding for finding in preflight_pdf(artifact.data, name, profile)
                  if finding.severity is Severity.ERROR]
        if errors:
            shown = "\n  ".join(str(finding) for finding in errors[:10])
            more = f"\n  ... and {len(errors) - 10} more" if len(errors) > 10 else ""
            raise LayoutError(f"{name} fails preflight for the {edition} edition:\n  {shown}{more}")

    def edition_settings(self) -> EditionSettings:
        """The print settings of the content and the command line, as the editions take them."""
        from ..editions import EditionSettings

        settings = self.rulebook.settings.print
        condition = settings.output_condition
        return EditionSettings(
            press_bleed_mm=settings.editions["press"].bleed.mm, slug_mm=settings.editions["press"].slug.mm,
            pod_bleed_mm=settings.editions["pod"].bleed.mm, paper=self.options.paper,
            card_gutter_mm=self.options.card_gutter_mm, output_condition_identifier=condition.identifier,
            output_condition=condition.condition, output_registry=condition.registry,
            output_info=condition.condition,
            home_margin_mm=settings.home_printer_margin.mm if settings.home_printer_margin else 0.0,
            ink_limit=settings.ink_limit,
        )


@dataclass(frozen=True)
class Target:
    """A name on the command line and the kind that makes it."""

    name: str
    kind: str
    description: str


class OutputKind(ABC):
    """One kind of output: its targets and how to make their files."""

    name: str
    # What TARGET may be for this kind, for ``sw28 build --help``.
    target_help: str
    # Made when ``sw28 build`` names no target.
    default: bool = True
    # Made once per language, or once for all languages together.
    per_language: bool = True
    # A folder the kind's files fill alone: files an earlier build wrote there
    # and a build of the kind did not make again are removed with it.
    folder: str | None = None
    # Booklets print each other's pages: kinds that print page references are
    # made once the booklets' pages are final.
    needs_page_map: bool = False

    @abstractmethod
    def targets(self, meta: BookMeta) -> list[Target]:
        """The targets of this kind, in the order ``sw28 build`` lists them."""

    def missing(self, rulebook: Rulebook, target: str, lang: str) -> str | None:
        """Why ``target`` cannot be built in ``lang``, or ``None`` when it can."""
        absent = [b.key for b in rulebook.meta.booklets if (b.key, lang) not in rulebook.booklets]
        return f"it needs all five booklets in {lang!r}" if absent else None

    @abstractmethod
    def make(self, context: OutputContext, target: str) -> list[Artifact]:
        """Every file of ``target`` in the context's language."""

    def languages(self, rulebook: Rulebook, langs: Sequence[str], out_dir: Path) -> tuple[str, ...]:
        """The languages a kind made once for all of them (``per_language`` false) is made in: those built."""
        return tuple(langs)


KINDS: dict[str, OutputKind] = {}


def _product(kind: str, edition: str, file_name: str) -> str:
    """What a finished file is, in the preflight's terms (its profile depends on it)."""
    if kind == "booklet":
        if edition == "pod":
            return "booklet-cover" if file_name.endswith("-cover.pdf") else "booklet-interior"
        return "booklet"
    if kind == "cards":
        return "cards-sheet" if edition == "home" else "card-deck"
    return "quick-reference"


def register(kind: type[OutputKind]) -> type[OutputKind]:
    """Class decorator: add an output kind to the registry (in import order)."""
    KINDS[kind.name] = kind()
    return kind


def all_targets(meta: BookMeta) -> list[Target]:
    """Every target of every kind, in registry order."""
    return [target for kind in KINDS.values() for target in kind.targets(meta)]


# The kinds register as they are imported, in the order they are listed.
# isort: off
from . import booklet, quick_reference, cards, web, errata  # noqa: E402,F401
# isort: on
