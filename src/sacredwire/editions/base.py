"""What every edition works on and returns, and the registry of editions.

An edition never lays anything out again: it takes the one laid-out PDF of a
document and language and post-processes it with pikepdf, a binding of qpdf (boxes, marks, colour,
imposition). Every function is bytes in, bytes out, and deterministic: the same
input bytes give the same output bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ..artifact import Artifact
from ..diagnostics import LayoutError
from ..languages import language

if TYPE_CHECKING:
    # Only named here: loading the layout (WeasyPrint) is what an edition never needs.
    from ..layout.cards import Deck

DocumentKind = Literal["booklet", "quick-reference", "cards"]
Paper = Literal["a4", "letter"]

MM = 72 / 25.4
INCH = 72.0
# The card files: one card side per page (press), and print-and-play sheets (home).
SINGLE_FILE, SHEETS_FILE = "cards-single.pdf", "cards.pdf"


class EditionError(LayoutError):
    """A laid-out document cannot become this edition (reported like a failed layout)."""


@dataclass(frozen=True)
class LaidOutDocument:
    """One document in one language, laid out once for every edition.

    Booklets and cards carry their widest bleed (MediaBox = BleedBox = TrimBox
    grown by it) and no marks; a booklet's pages 1, 2, n-1 and n are its cover
    sheet. ``decks`` splits the single-card PDF; it is empty for other kinds.
    """

    kind: DocumentKind
    name: str
    lang: str
    title: str
    pdf: bytes
    decks: tuple[Deck, ...] = ()


@dataclass(frozen=True)
class EditionSettings:
    """Choices a project may change; the defaults follow the print specifications.

    Lengths are millimetres. The output condition defaults to SWOP (CGATS TR
    001), which card printers ask for.
    """

    press_bleed_mm: float = 3.0
    slug_mm: float = 10.0
    pod_bleed_mm: float = 3.175
    paper: Paper = "a4"
    card_gutter_mm: float = 0.0
    output_condition_identifier: str = "CGATS TR 001"
    output_condition: str = "US Web Coated (SWOP) v2"
    output_registry: str = "http://www.color.org"
    # A home printer's unprinted edge: booklet pages shrink to keep art and marks inside it.
    home_margin_mm: float = 0.0
    # Total ink in percent a print file's images may carry (``ink_limit`` in content/outputs.yaml,
    # the value the preflight checks). None: no limit given, and a print file with an RGB image
    # cannot be made.
    ink_limit: float | None = None
    output_info: str = "CGATS TR 001-1995 (SWOP): offset printing on coated paper"

    def __post_init__(self) -> None:
        if not 0 <= self.press_bleed_mm <= 10:
            raise ValueError(f"press bleed must be between 0 and 10 mm, not {self.press_bleed_mm}")
        if not 0 <= self.pod_bleed_mm <= 10:
            raise ValueError(f"pod bleed must be between 0 and 10 mm, not {self.pod_bleed_mm}")
        if not 5 <= self.slug_mm <= 30:
            raise ValueError(f"the slug must be between 5 and 30 mm (it holds the crop marks), not {self.slug_mm}")
        if self.paper not in ("a4", "letter"):
            raise ValueError(f"paper must be a4 or letter, not {self.paper!r}")
        if not 0 <= self.card_gutter_mm <= 5:
            raise ValueError(f"the card gutter must be between 0 and 5 mm, not {self.card_gutter_mm}")

    def screen_language(self, lang: str) -> str:
        """The language tag a screen reader is given for ``lang`` (its entry's ``tag``)."""
        return language(lang).tag


Finish = Callable[[LaidOutDocument, EditionSettings], list[Artifact]]


@dataclass(frozen=True)
class Edition:
    """A way of publishing: ``finish`` returns its files for a document, none for a kind not in ``applies_to``."""

    name: str
    description: str
    applies_to: frozenset[DocumentKind]
    finish: Finish


EDITIONS: dict[str, Edition] = {}


def edition(name: str, description: str, applies_to: tuple[DocumentKind, ...]) -> Callable[[Finish], Finish]:
    """Register ``finish`` as the edition ``name`` for the given kinds of document."""

    def register(finish: Finish) -> Finish:
        if name in EDITIONS:
            raise ValueError(f"edition {name!r} registered twice")
        EDITIONS[name] = Edition(name, description, frozenset(applies_to), finish)
        return finish

    return register


def file_name(document_name: str) -> str:
    """The published file name of a document, the same in every edition's folder."""
    return f"{document_name}.pdf"
