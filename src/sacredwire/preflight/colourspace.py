"""PDF colour spaces reduced to what a printer cares about: which inks, how much of each.

Total area coverage (TAC, "total ink") is the sum of the ink percentages of one
colour: DeviceCMYK ``0.6 0.4 0.4 1 k`` is 240 %. Gray ``g`` prints with black
only (K = 1 − g). A Separation or DeviceN colour prints its named colorants at
their tints; the colorant ``All`` is registration colour, every plate at once,
so it counts four times. RGB, Lab and calibrated RGB have no inks until a
printer converts them: their TAC is unknown (``None``) and they are reported
as RGB-like colour in print editions.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pikepdf import Array, Name, Stream

PROCESS_INKS = ("Cyan", "Magenta", "Yellow", "Black")


class Model(enum.Enum):
    """What a colour space finally is, for printing purposes."""

    GRAY = "gray"
    CMYK = "CMYK"
    INKS = "inks"          # Separation or DeviceN: named plates
    RGB = "RGB"            # DeviceRGB, CalRGB, ICCBased with 3 components
    LAB = "Lab"
    PATTERN = "pattern"    # the colour comes from the pattern (see its shading)
    UNKNOWN = "unknown"

    @property
    def needs_conversion(self) -> bool:
        """A colour a CMYK-only (PDF/X-1a) file may not contain."""
        return self in (Model.RGB, Model.LAB)


@dataclass(frozen=True)
class ColourSpace:
    """A resolved colour space: its reported name, model, colorants and initial colour."""

    name: str
    model: Model
    components: int
    colorants: tuple[str, ...] = ()
    base: ColourSpace | None = None     # Indexed: the space of the table's entries
    lookup: bytes = b""                  # Indexed: the table

    @property
    def initial(self) -> tuple[float, ...]:
        """The colour ``cs``/``CS`` selects: black, or full tint for Separation and DeviceN."""
        if self.model is Model.CMYK:
            return (0.0, 0.0, 0.0, 1.0)
        if self.model is Model.INKS:
            return (1.0,) * self.components
        return (0.0,) * self.components

    def inks(self, values: tuple[float, ...]) -> dict[str, float] | None:
        """Ink name -> coverage 0..1 of a colour in this space, or None when it has no inks yet."""
        if self.base is not None:
            return self.base.inks(self._lookup(values))
        if self.model is Model.GRAY:
            return {"Black": 1.0 - _clamp(values[0] if values else 0.0)}
        if self.model is Model.CMYK:
            padded = (tuple(values) + (0.0, 0.0, 0.0, 0.0))[:4]
            return {ink: _clamp(value) for ink, value in zip(PROCESS_INKS, padded)}
        if self.model is Model.INKS:
            inks: dict[str, float] = {}
            for colorant, value in zip(self.colorants, values):
                if colorant == "None":
                    continue
                for ink in (PROCESS_INKS if colorant == "All" else (colorant,)):
                    inks[ink] = inks.get(ink, 0.0) + _clamp(value)
            return inks
        return None

    def _lookup(self, values: tuple[float, ...]) -> tuple[float, ...]:
        assert self.base is not None
        count = self.base.components
        index = int(values[0]) if values else 0
        entry = self.lookup[index * count:(index + 1) * count]
        return tuple(byte / 255 for byte in entry) if len(entry) == count else (0.0,) * count


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, float(value)))


DEVICE_GRAY = ColourSpace("DeviceGray", Model.GRAY, 1)
DEVICE_RGB = ColourSpace("DeviceRGB", Model.RGB, 3)
DEVICE_CMYK = ColourSpace("DeviceCMYK", Model.CMYK, 4)
PATTERN = ColourSpace("Pattern", Model.PATTERN, 0)
_DEVICE = {"/DeviceGray": DEVICE_GRAY, "/G": DEVICE_GRAY, "/DeviceRGB": DEVICE_RGB, "/RGB": DEVICE_RGB,
           "/DeviceCMYK": DEVICE_CMYK, "/CMYK": DEVICE_CMYK, "/Pattern": PATTERN}
_BY_COMPONENTS = {1: DEVICE_GRAY, 3: DEVICE_RGB, 4: DEVICE_CMYK}


def resolve(space, resources) -> ColourSpace:
    """The colour space named or described by ``space`` (a name or an array), looked up in ``resources``."""
    if isinstance(space, Name):
        space = str(space)
    if isinstance(space, str):
        if space in _DEVICE:
            return _DEVICE[space]
        named = _resource(resources, "/ColorSpace", space)
        if named is None:
            return ColourSpace(str(space).lstrip("/"), Model.UNKNOWN, 1)
        return resolve(named, None)
    if isinstance(space, Array) and space:
        return _resolve_array(space)
    return ColourSpace("?", Model.UNKNOWN, 1)


def _resolve_array(space: Array) -> ColourSpace:
    family = str(space[0])
    if family in _DEVICE and len(space) == 1:
        return _DEVICE[family]
    if family == "/ICCBased":
        stream = space[1]
        count = int(stream.get("/N", 3))
        model = _BY_COMPONENTS.get(count, DEVICE_RGB).model
        return ColourSpace(f"ICCBased({model.value})", model, count)
    if family == "/Separation":
        colorant = str(space[1]).lstrip("/")
        return ColourSpace(f"Separation({colorant})", Model.INKS, 1, (colorant,))
    if family == "/DeviceN":
        colorants = tuple(str(name).lstrip("/") for name in space[1])
        return ColourSpace(f"DeviceN({','.join(colorants)})", Model.INKS, len(colorants), colorants)
    if family == "/Indexed":
        base = resolve(space[1], None)
        lookup = space[3]
        table = lookup.read_bytes() if isinstance(lookup, Stream) else bytes(lookup)
        return ColourSpace(f"Indexed({base.name})", base.model, 1, base.colorants, base, table)
    if family == "/Pattern":
        return PATTERN
    if family == "/CalRGB":
        return ColourSpace("CalRGB", Model.RGB, 3)
    if family == "/CalGray":
        return ColourSpace("CalGray", Model.GRAY, 1)
    if family == "/Lab":
        return ColourSpace("Lab", Model.LAB, 3)
    return ColourSpace(family.lstrip("/"), Model.UNKNOWN, 1)


def _resource(resources, kind: str, name):
    if resources is None:
        return None
    category = resources.get(kind)
    if not category:
        return None
    return category.get(name)


def total_ink(inks: dict[str, float] | None) -> float | None:
    """The TAC in percent of a colour's inks, or None for a colour without inks."""
    return None if inks is None else round(100 * sum(inks.values()), 1)


def is_registration(inks: dict[str, float] | None) -> bool:
    """Registration colour: every process plate at (nearly) 100 %."""
    return inks is not None and all(inks.get(ink, 0.0) >= 0.99 for ink in PROCESS_INKS)


def is_rich_black(inks: dict[str, float] | None) -> bool:
    """A black built from K and other inks: misregisters as coloured fringes on small text."""
    if inks is None or inks.get("Black", 0.0) < 0.9:
        return False
    return any(value > 0.0 for ink, value in inks.items() if ink != "Black")
