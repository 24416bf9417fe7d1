"""What each edition requires of a file: one :class:`Profile` per edition and product.

==========  ==================================================================================
edition     requirements
==========  ==================================================================================
pod         PDF/X-1a (2001 or 2003), CMYK/gray/spot only, total ink <= 240 %, 0.125 in bleed on
            every side, MediaBox = BleedBox, no marks, fonts embedded, no transparency, text at
            least 0.125 in inside the trim; interiors a multiple of 4 pages; card decks trimmed
            to 2.5 × 3.5 in
press       any PDF/X, CMYK/gray/spot only, total ink <= 240 %, at least 3 mm bleed, crop marks in
            a slug outside the BleedBox (MediaBox larger than BleedBox), fonts embedded, text at
            least 0.125 in inside the trim; booklets a multiple of 4 pages
screen      MediaBox = TrimBox (or no TrimBox), no marks, RGB allowed, tagged with /Lang; the
            outline shown on opening and the title in the title bar
home        A4 or US Letter sheets, RGB allowed
any         no requirement beyond a sound file: reports facts, unembedded fonts, Type 3 fonts
==========  ==================================================================================

The bleeds, card trim, ink limit and safe margin above are the defaults of
``sw28 preflight`` (what the common print services ask for); a build gives
:func:`profile_for` the values of ``content/outputs.yaml`` instead.

The multiple of 4 applies to the products that are saddle-stitched as they
are (``booklet`` and ``booklet-interior`` in pod and press); a cover, a card
deck, a sheet of cards and a quick reference are not. ``auto`` picks the
product from the file: up to 2 pages is a cover, a first-page trim within
3 × 4 in is a card deck, anything else a booklet.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .geometry import POINTS_PER_INCH, POINTS_PER_MM

EDITIONS = ("pod", "press", "screen", "home", "any")
PRODUCTS = ("booklet-interior", "booklet-cover", "booklet", "card-deck", "cards-sheet", "quick-reference")
AUTO_PRODUCT = "auto"

INK_LIMIT = 240.0
POD_BLEED = 0.125 * POINTS_PER_INCH
PRESS_BLEED = 3 * POINTS_PER_MM
SAFE_MARGIN = 0.125 * POINTS_PER_INCH
MIN_TEXT_SIZE = 5.0
CARD_TRIM = (2.5 * POINTS_PER_INCH, 3.5 * POINTS_PER_INCH)
HOME_SHEETS = (("A4", (595.28, 841.89)), ("US Letter", (612.0, 792.0)))
PDFX_1A = ("PDF/X-1a:2001", "PDF/X-1a:2003")


@dataclass(frozen=True)
class Profile:
    """The requirements one file is checked against (lengths in points)."""

    edition: str
    product: str
    ink_limit: float | None = None           # total ink in percent; None: not checked
    rgb_allowed: bool = True
    bleed: float | None = None               # the least bleed each side; None: no bleed required
    media: str = "any"                       # "bleed": MediaBox = BleedBox; "slug": larger; "trim"; "sheet"
    marks_allowed: bool = True               # marks outside the BleedBox (a slug)
    marks_expected: bool = False             # crop marks must be present in the slug
    safe_margin: float | None = None         # text at least this far inside the trim
    min_text_size: float | None = None       # smaller text is a warning
    pdfx_versions: tuple[str, ...] = ()      # accepted PDF/X versions; () = PDF/X not required
    no_transparency: bool = False
    fonts_embedded: bool = False             # an unembedded font is an error (else a warning)
    page_multiple: int | None = None
    trim_size: tuple[float, float] | None = None
    sheet_sizes: tuple[tuple[str, tuple[float, float]], ...] = ()   # (name, size) pairs
    accessible: bool = False                 # tagged, /Lang, outline and title shown (screen)

    @property
    def prints(self) -> bool:
        """A file for a printing press: bleed, CMYK and PDF/X rules apply."""
        return self.edition in ("pod", "press")


def profile_for(edition: str, product: str, *, ink_limit: float = INK_LIMIT,
                safe_margin: float | None = None, bleed: float | None = None,
                card_trim: tuple[float, float] | None = None) -> Profile:
    """The profile of ``product`` (one of :data:`PRODUCTS`) in ``edition`` (one of :data:`EDITIONS`).

    ``ink_limit`` (percent), ``safe_margin``, ``bleed`` (the print edition's)
    and ``card_trim`` (a card deck's width and height) override the defaults
    above, which describe the common print services; a build gives the
    values of ``content/outputs.yaml``. Lengths are points.

    >>> profile_for("pod", "card-deck", bleed=9.0, card_trim=(180.0, 252.0)).trim_size
    (180.0, 252.0)

    >>> profile_for("pod", "booklet-interior").page_multiple
    4
    >>> profile_for("pod", "booklet-cover").page_multiple is None
    True
    """
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r} (one of {', '.join(EDITIONS)})")
    if product not in PRODUCTS:
        raise ValueError(f"unknown product {product!r} (one of {', '.join(PRODUCTS)})")
    stitched = 4 if product in ("booklet", "booklet-interior") else None
    margin = SAFE_MARGIN if safe_margin is None else safe_margin
    if edition == "pod":
        profile = Profile(edition, product, ink_limit, False, POD_BLEED if bleed is None else bleed, "bleed", False,
                          False, margin, MIN_TEXT_SIZE, PDFX_1A, True, True, stitched,
                          (card_trim or CARD_TRIM) if product == "card-deck" else None)
    elif edition == "press":
        profile = Profile(edition, product, ink_limit, False, PRESS_BLEED if bleed is None else bleed, "slug", True,
                          True, margin,
                          MIN_TEXT_SIZE, ("PDF/X-",), False, True, stitched)
    elif edition == "screen":
        profile = Profile(edition, product, media="trim", marks_allowed=False, accessible=True,
                          safe_margin=safe_margin)
    elif edition == "home":
        profile = Profile(edition, product, media="sheet", min_text_size=MIN_TEXT_SIZE, sheet_sizes=HOME_SHEETS,
                          safe_margin=safe_margin)
    else:
        profile = Profile(edition, product, safe_margin=safe_margin)
    return profile if edition in ("pod", "press") else replace(profile, ink_limit=None)


def guess_product(page_count: int, first_trim: tuple[float, float]) -> str:
    """The product a file most likely is, for ``--product auto`` (see the module docstring)."""
    if page_count <= 2:
        return "booklet-cover"
    width, height = sorted(first_trim)
    if width <= 3 * POINTS_PER_INCH and height <= 4 * POINTS_PER_INCH:
        return "card-deck"
    return "booklet"
