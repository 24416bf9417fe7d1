"""The output-kind registry: what each build target makes and how.

A target is a name on the command line (``core-rules``, ``quick-reference``);
its kind decides how it is laid out. Booklets are laid out in passes until
every page reference is stable; other kinds are laid out once, after the
booklets' pages are known.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..model import BookMeta, Rulebook
from ..render import RenderContext
from . import LaidOut
from .cache import LayoutCache

# kind -> function(context, target name, cache) -> {file name: laid-out document}
Maker = Callable[[RenderContext, str, LayoutCache], dict[str, LaidOut]]
MAKERS: dict[str, Maker] = {}


def maker(kind: str) -> Callable[[Maker], Maker]:
    """Register how documents of ``kind`` are made."""

    def register(function: Maker) -> Maker:
        MAKERS[kind] = function
        return function

    return register


@dataclass(frozen=True)
class Target:
    name: str
    kind: str
    description: str

    @property
    def paginated(self) -> bool:
        """Booklets are referenced by page, so they are laid out until stable."""
        return self.kind == "booklet"


# Targets that are not booklets: (name, kind, description).
EXTRA_TARGETS: list[tuple[str, str, str]] = []


def extra_target(name: str, kind: str, description: str) -> None:
    EXTRA_TARGETS.append((name, kind, description))


def all_targets(meta: BookMeta) -> list[Target]:
    """Every target, booklets first in volume order."""
    targets = [Target(b.key, "booklet", f"Vol. {b.volume} {b.title['en']} ({b.letter})")
               for b in sorted(meta.booklets, key=lambda b: b.volume)]
    targets += [Target(name, kind, description) for name, kind, description in EXTRA_TARGETS
                if kind in MAKERS]
    return targets


def buildable(target: Target, rulebook: Rulebook, lang: str) -> bool:
    """A booklet is buildable in a language once it has sections in that language;
    the quick reference and cards draw on every booklet, so they need all five."""
    if target.kind == "booklet":
        return (target.name, lang) in rulebook.booklets
    return all((booklet.key, lang) in rulebook.booklets for booklet in rulebook.meta.booklets)


@maker("booklet")
def _booklet(context: RenderContext, name: str, cache: LayoutCache) -> dict[str, LaidOut]:
    from .booklet import make_booklet

    return {f"{name}.pdf": make_booklet(context, name, cache)}


from . import quickref, cards  # noqa: E402,F401  (register makers and targets, listed in this order)
