"""Output settings that are content: card decks, closing pages, print production.

They live in ``content/outputs.yaml`` so the designer sees and changes them,
and ``sw28 check`` checks them (the SET codes), rather than in the code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..diagnostics import Location

MM_PER_INCH = 25.4
PT_PER_MM = 72 / MM_PER_INCH
# The range a card's minimum type may take (points): below it text does not read at the table; above it
# the labels, set at that size, no longer fit their boxes.
MIN_TYPE_RANGE_PT = (6.0, 8.0)


# Three digits and four decimals are more than any page needs, and keep a typo from reading as a length.
_LENGTH = re.compile(r"^\s*(?P<number>\d{1,3}(?:\.\d{1,4})?)\s*(?P<unit>mm|in|pt)?\s*$")


@dataclass(frozen=True, order=True)
class Length:
    """A printed length, kept in millimetres; written ``3mm`` or ``0.125in`` in content."""

    mm: float

    @property
    def pt(self) -> float:
        return self.mm * PT_PER_MM

    @property
    def css(self) -> str:
        return f"{self.mm:g}mm"

    @classmethod
    def parse(cls, text: str, units: tuple[str, ...] = ("mm", "in"), bare: str | None = None) -> Length | None:
        """``3mm``, ``0.125in`` (or ``9pt``, when ``units`` allow it), or ``None``; the one parser for lengths.

        ``bare`` is the unit of a number written without one (none by default).

        >>> Length.parse("0.125in").mm, Length.parse("9pt", units=("pt",)).pt, Length.parse("3", bare="mm").mm
        (3.175, 9.0, 3.0)
        """
        match = _LENGTH.match(text)
        unit = match["unit"] or bare if match else None
        if match is None or unit is None or unit not in units:
            return None
        return cls(float(match["number"]) * {"mm": 1.0, "in": MM_PER_INCH, "pt": 1 / PT_PER_MM}[unit])

    def __str__(self) -> str:
        inches = self.mm / MM_PER_INCH
        return f"{inches:g} in" if abs(inches * 1000 - round(inches * 1000)) < 1e-6 else f"{self.mm:g} mm"


@dataclass(frozen=True)
class CardDeck:
    """One deck of cards: the tables it is made from and the place of each column on a card."""

    key: str
    tables: tuple[str, ...]
    stats: tuple[tuple[str, ...], ...]
    texts: tuple[str, ...]
    name: str
    location: Location
    # A text column naming an ability whose rule the card prints in full (from its rule section).
    ability: str | None = None


@dataclass(frozen=True)
class EditionPrint:
    """Print settings of one print edition."""

    bleed: Length
    # The margin outside the bleed that holds crop marks; zero: no marks.
    slug: Length


@dataclass(frozen=True)
class OutputCondition:
    """The registered printing condition a print file is made for (its OutputIntent)."""

    identifier: str
    condition: str
    registry: str


@dataclass(frozen=True)
class PrintSettings:
    """Print production: bleed and marks per edition, ink limit, printing condition, safe areas."""

    editions: dict[str, EditionPrint]
    ink_limit: int
    output_condition: OutputCondition
    card_width: Length
    card_height: Length
    card_safe_margin: Length
    # The smallest type a card may print (its labels), and the size a card too full to fit sets its text at.
    card_min_type: Length
    booklet_safe_margin: Length
    location: Location
    # The edge a home printer leaves unprinted: the home edition's pages shrink inside it.
    home_printer_margin: Length | None = None

    @property
    def layout_bleed(self) -> Length:
        """The bleed documents are laid out with: the largest any edition needs."""
        return max(edition.bleed for edition in self.editions.values())


@dataclass(frozen=True)
class OutputSettings:
    """Everything ``content/outputs.yaml`` sets."""

    roster_booklets: tuple[str, ...]
    decks: tuple[CardDeck, ...]
    print: PrintSettings
    # Booklets whose closing pages hold a sheet of tokens and templates to cut out.
    token_booklets: tuple[str, ...] = ()
    location: Location = field(default_factory=lambda: Location("content/outputs.yaml", 1))
