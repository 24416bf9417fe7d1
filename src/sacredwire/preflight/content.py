"""What a page paints: one pass over its content stream, following the graphics state.

Every painting operator becomes a :class:`Paint`: its kind (fill, stroke,
text, shading, image), its bounding box in the page's default user space
(clipped by the current clipping path's box), the colour space and inks in
force, and for text the effective font size. Form XObjects are followed with
their /Matrix, /BBox and resources; a form is interpreted once per colour it
inherits and its paints are reused, transformed, wherever it is drawn.

Text boxes are approximations that need no font program: a show runs from its
origin along the advance widths the font dictionary declares (/Widths, or /W
for CID fonts; half an em per glyph when there are none), and from the font
descriptor's /Descent to its /Ascent (from the baseline up one font size when
the font has no descriptor).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import cast

import pikepdf
from pikepdf import Array, Dictionary

from ..pdf.operations import Name, parse_operations
from ..pdf.streams import identity, streams_of
from .colourspace import (
    DEVICE_CMYK,
    DEVICE_GRAY,
    DEVICE_RGB,
    PATTERN,
    ColourSpace,
    is_registration,
    is_rich_black,
    resolve,
    total_ink,
)
from .geometry import IDENTITY, Matrix, Rect, bounds, multiply, scale_of


class PaintKind(enum.Enum):
    FILL = "fill"
    STROKE = "stroke"
    TEXT = "text"
    SHADING = "shading"
    IMAGE = "image"


@dataclass(frozen=True, slots=True)
class Paint:
    """One painting operation, in page space."""

    kind: PaintKind
    box: Rect
    space: ColourSpace
    ink: float | None             # total ink in percent; None for RGB-like, patterns and images
    registration: bool = False
    rich_black: bool = False
    line_width: float = 0.0       # strokes: in points on the page
    text_size: float = 0.0        # text: effective size in points

    def moved(self, matrix: Matrix, clip: Rect) -> Paint | None:
        box = _intersection(self.box.transformed(matrix), clip)
        if box is None:
            return None
        return Paint(self.kind, box, self.space, self.ink, self.registration, self.rich_black,
                     self.line_width * scale_of(matrix), self.text_size * scale_of(matrix))


@dataclass(frozen=True)
class Colour:
    """A colour in force. A coloured tiling pattern carries what its cell paints instead of values."""

    space: ColourSpace
    values: tuple[float, ...]
    pattern: tuple[Paint, ...] = ()


BLACK = Colour(DEVICE_GRAY, (0.0,))


@dataclass
class _State:
    ctm: Matrix
    clip: Rect
    fill: Colour = BLACK
    stroke: Colour = BLACK
    line_width: float = 1.0
    font: Dictionary | None = None
    font_size: float = 0.0
    char_spacing: float = 0.0
    word_spacing: float = 0.0
    horizontal_scale: float = 1.0
    leading: float = 0.0
    rise: float = 0.0
    render_mode: int = 0

    def copy(self) -> _State:
        # Every field holds an immutable value (or a font dictionary only read): a shallow copy is a
        # copy, made without calling the constructor since a page saves its state thousands of times.
        clone = _State.__new__(_State)
        clone.__dict__.update(self.__dict__)
        return clone


@dataclass(frozen=True)
class _FontMetrics:
    two_byte: bool
    widths: dict[int, float]
    default_width: float
    scale: float                   # glyph-space units to text-space units (1/1000, or Type 3's FontMatrix)
    descent: float = 0.0           # below and above the baseline, in ems
    ascent: float = 1.0

    def advance(self, data: bytes, char_spacing: float, word_spacing: float, size: float) -> float:
        """Unscaled advance (before horizontal scaling) of ``data`` shown at ``size``."""
        if self.two_byte:
            codes = [data[i] << 8 | data[i + 1] for i in range(0, len(data) - 1, 2)]
        else:
            codes = list(data)
        total = 0.0
        widths, default = self.widths, self.default_width
        for code in codes:
            total += widths.get(code, default) * self.scale * size + char_spacing
            if code == 32 and not self.two_byte:
                total += word_spacing
        return total


@dataclass
class _Caches:
    fonts: dict[int, _FontMetrics] = field(default_factory=dict)
    forms: dict[tuple, list[Paint]] = field(default_factory=dict)
    spaces: dict[tuple, ColourSpace] = field(default_factory=dict)
    # qpdf hands out a new Python object on every access: an object known by its id() (a direct one,
    # which has no object number) is kept here, so that its id is never another object's.
    kept: list = field(default_factory=list)

    def key(self, obj) -> tuple[int, int]:
        """What tells ``obj`` from any other for as long as these caches live."""
        if not obj.is_indirect:
            self.kept.append(obj)
        return identity(obj)


class ContentReader:
    """Interprets content streams of one document, sharing caches between its pages."""

    def __init__(self):
        self._caches = _Caches()

    def page_paints(self, page, media_box: Rect) -> list[Paint]:
        """Every paint of ``page``, in default user space, clipped to ``media_box``."""
        contents = page_content(page)
        if contents is None:
            return []
        operations = parse_operations(contents)
        resources = page.get("/Resources")
        resources = resources if resources is not None else Dictionary()
        paints: list[Paint] = []
        self._run(operations, resources, _State(IDENTITY, media_box), paints, depth=0)
        return paints

    # -- the interpreter ------------------------------------------------------------------

    def _run(self, operations, resources, state: _State, paints: list[Paint], depth: int) -> None:
        stack: list[_State] = []
        path: list[tuple[float, float]] = []
        pending_move: tuple[float, float] | None = None
        clip_next = False
        text_matrix = line_matrix = IDENTITY
        for operands, operator in operations:
            if operator == b"TJ" or operator == b"Tj":
                shows = operands[0] if operator == b"TJ" else [operands[0]]
                text_matrix = self._show(shows, text_matrix, state, resources, paints)
            elif operator == b"Tm":
                text_matrix = line_matrix = _matrix(operands)
            elif operator == b"Td" or operator == b"TD":
                tx, ty = float(operands[0]), float(operands[1])
                if operator == b"TD":
                    state.leading = -ty
                text_matrix = line_matrix = multiply((1.0, 0.0, 0.0, 1.0, tx, ty), line_matrix)
            elif operator == b"T*":
                text_matrix = line_matrix = multiply((1.0, 0.0, 0.0, 1.0, 0.0, -state.leading), line_matrix)
            elif operator == b"'" or operator == b'"':
                if operator == b'"':
                    state.word_spacing, state.char_spacing = float(operands[0]), float(operands[1])
                text_matrix = line_matrix = multiply((1.0, 0.0, 0.0, 1.0, 0.0, -state.leading), line_matrix)
                text_matrix = self._show([operands[-1]], text_matrix, state, resources, paints)
            elif operator == b"BT":
                text_matrix = line_matrix = IDENTITY
            elif operator == b"Tf":
                font = _resource(resources, "/Font", operands[0])
                state.font, state.font_size = font, float(operands[1])
            elif operator == b"Tc":
                state.char_spacing = float(operands[0])
            elif operator == b"Tw":
                state.word_spacing = float(operands[0])
            elif operator == b"Tz":
                state.horizontal_scale = float(operands[0]) / 100
            elif operator == b"TL":
                state.leading = float(operands[0])
            elif operator == b"Ts":
                state.rise = float(operands[0])
            elif operator == b"Tr":
                state.render_mode = int(operands[0])
            elif operator == b"q":
                stack.append(state.copy())
            elif operator == b"Q":
                if stack:
                    state = stack.pop()
            elif operator == b"cm":
                state.ctm = multiply(_matrix(operands), state.ctm)
            elif operator == b"m":
                pending_move = _point(state.ctm, operands[0], operands[1])
            elif operator in (b"l", b"c", b"v", b"y"):
                if pending_move is not None:
                    path.append(pending_move)
                    pending_move = None
                for index in range(0, len(operands) - 1, 2):
                    path.append(_point(state.ctm, operands[index], operands[index + 1]))
                pending_move = None
            elif operator == b"re":
                x, y, width, height = (float(value) for value in operands)
                box = bounds(state.ctm, ((x, y), (x + width, y), (x, y + height), (x + width, y + height)))
                path.extend(((box.x0, box.y0), (box.x1, box.y1)))
            elif operator in _PAINTING:
                if path:
                    self._paint_path(operator, path, state, paints)
                if clip_next and path:
                    xs, ys = [p[0] for p in path], [p[1] for p in path]
                    state.clip = _intersection(Rect(min(xs), min(ys), max(xs), max(ys)), state.clip) or \
                        Rect(state.clip.x0, state.clip.y0, state.clip.x0, state.clip.y0)
                path, pending_move, clip_next = [], None, False
            elif operator == b"W" or operator == b"W*":
                clip_next = True
            elif operator == b"w":
                state.line_width = float(operands[0])
            elif operator in _SET_COLOUR:
                self._set_colour(operator, operands, state, resources)
            elif operator == b"sh":
                shading = _resource(resources, "/Shading", operands[0])
                if shading is not None:
                    paints.extend(self._shading_paints(shading, state.clip, resources))
            elif operator == b"Do":
                self._draw_xobject(operands[0], resources, state, paints, depth)
            elif operator == b"INLINE IMAGE":
                self._inline_image(operands[0], resources, state, paints)

    def _show(self, shows, text_matrix: Matrix, state: _State, resources, paints: list[Paint]) -> Matrix:
        metrics = self._metrics(state.font)
        size, spacing, scale = state.font_size, state.char_spacing, state.horizontal_scale
        advance = 0.0
        for item in shows:
            if isinstance(item, (int, float)):
                advance -= float(item) / 1000 * size * scale
            else:
                advance += metrics.advance(item, spacing, state.word_spacing, size) * scale
        mode = state.render_mode
        if mode not in (3, 7) and size:
            rendering = multiply(text_matrix, state.ctm)
            low, high = state.rise + metrics.descent * size, state.rise + metrics.ascent * size
            box = bounds(rendering, ((0.0, low), (advance, low), (0.0, high), (advance, high)))
            # Text the clip hides entirely is no paint; visible text keeps its whole box, so that a
            # line running off the page is measured where it would end, not where the page does.
            if not advance or _intersection(box, state.clip, allow_empty=False) is not None:
                _, _, c, d, _, _ = rendering
                colour = state.stroke if mode in (1, 5) else state.fill
                paints.extend(_paints(PaintKind.TEXT, box, colour, text_size=abs(size) * (c * c + d * d) ** 0.5))
        return multiply((1.0, 0.0, 0.0, 1.0, advance, 0.0), text_matrix)

    def _paint_path(self, operator: bytes, path, state: _State, paints: list[Paint]) -> None:
        xs, ys = [point[0] for point in path], [point[1] for point in path]
        raw = Rect(min(xs), min(ys), max(xs), max(ys))
        fills, strokes = operator in _FILLS, operator in _STROKES
        width = state.line_width * scale_of(state.ctm)
        if strokes:
            half = width / 2
            box = _intersection(Rect(raw.x0 - half, raw.y0 - half, raw.x1 + half, raw.y1 + half), state.clip)
            if box is not None:
                paints.extend(_paints(PaintKind.STROKE, box, state.stroke, line_width=width))
        if fills:
            box = _intersection(raw, state.clip, allow_empty=True)
            if box is not None:
                paints.extend(_paints(PaintKind.FILL, box, state.fill))

    def _set_colour(self, operator: bytes, operands, state: _State, resources) -> None:
        stroking = operator.isupper()
        current = state.stroke if stroking else state.fill
        lowered = operator.lower()
        if lowered == b"cs":
            space = self._space(operands[0], resources)
            colour = Colour(space, space.initial)
        elif lowered == b"g":
            colour = Colour(DEVICE_GRAY, (float(operands[0]),))
        elif lowered == b"rg":
            colour = Colour(DEVICE_RGB, tuple(float(value) for value in operands))
        elif lowered == b"k":
            colour = Colour(DEVICE_CMYK, tuple(float(value) for value in operands))
        elif operands and isinstance(operands[-1], Name):
            # scn with a pattern name: the pattern's shading decides the colour.
            pattern = _resource(resources, "/Pattern", operands[-1])
            shading = pattern.get("/Shading") if pattern is not None else None
            if pattern is not None and pattern.get("/PatternType") == 1 and pattern.get("/PaintType") == 1:
                colour = Colour(PATTERN, (), self._pattern_colours(pattern, resources))
            elif shading is not None:
                space = self._space(shading.get("/ColorSpace", "/DeviceGray"), resources)
                colour = Colour(space, _shading_extreme(shading, space))
            else:
                colour = Colour(current.space, current.values)
        else:
            colour = Colour(current.space, tuple(float(value) for value in operands))
        if stroking:
            state.stroke = colour
        else:
            state.fill = colour

    def _pattern_colours(self, pattern, resources) -> tuple[Paint, ...]:
        """What a coloured tiling pattern's cell paints: the most inked paint of each colour space.

        Positions inside the cell do not matter (the cell repeats over whatever is painted), so
        the cell is interpreted once per pattern, in its own space.
        """
        key = ("pattern", self._caches.key(pattern))
        summary = self._caches.forms.get(key)
        if summary is None:
            own = pattern.get("/Resources")
            cell = Rect.of(pattern.get("/BBox", (-1e6, -1e6, 1e6, 1e6)))
            paints: list[Paint] = []
            self._caches.forms[key] = []          # a pattern that paints with itself stops here
            self._run(parse_operations(pattern.read_bytes()), own if own is not None else resources,
                      _State(IDENTITY, cell), paints, depth=1)
            strongest: dict[tuple, Paint] = {}
            for paint in paints:
                group = (paint.kind is PaintKind.IMAGE, paint.space)
                if group not in strongest or (paint.ink or 0.0) > (strongest[group].ink or 0.0):
                    strongest[group] = paint
            summary = list(strongest.values())
            self._caches.forms[key] = summary
        return tuple(summary)

    def _space(self, name, resources) -> ColourSpace:
        key = (self._caches.key(resources), str(name)) if not isinstance(name, Array) else None
        if key is not None and key in self._caches.spaces:
            return self._caches.spaces[key]
        space = resolve(name, resources)
        if key is not None:
            self._caches.spaces[key] = space
        return space

    def _shading_paints(self, shading, clip: Rect, resources) -> list[Paint]:
        space = self._space(shading.get("/ColorSpace", "/DeviceGray"), resources)
        return _paints(PaintKind.SHADING, clip, Colour(space, _shading_extreme(shading, space)))

    def _draw_xobject(self, name, resources, state: _State, paints: list[Paint], depth: int) -> None:
        xobject = _resource(resources, "/XObject", name)
        if xobject is None:
            return
        subtype = xobject.get("/Subtype")
        if subtype == "/Image":
            self._image(xobject, resources, state, paints)
        elif subtype == "/Form" and depth < 12:
            key = (self._caches.key(xobject), state.fill, state.stroke, state.line_width)
            form_paints = self._caches.forms.get(key)
            if form_paints is None:
                form_paints = self._form_paints(xobject, resources, state, depth)
                self._caches.forms[key] = form_paints
            placement = multiply(_matrix(xobject.get("/Matrix")), state.ctm)
            for paint in form_paints:
                moved = paint.moved(placement, state.clip)
                if moved is not None:
                    paints.append(moved)

    def _form_paints(self, form, resources, state: _State, depth: int) -> list[Paint]:
        """The form's paints in its own space, clipped to its /BBox, inheriting ``state``'s colours."""
        own = form.get("/Resources")
        form_resources = own if own is not None else resources
        box = Rect.of(form.get("/BBox", (-1e6, -1e6, 1e6, 1e6)))
        inner = _State(IDENTITY, box, state.fill, state.stroke, state.line_width)
        paints: list[Paint] = []
        self._run(parse_operations(form.read_bytes()), form_resources, inner, paints, depth + 1)
        return paints

    def _image(self, image, resources, state: _State, paints: list[Paint]) -> None:
        box = _intersection(Rect(0, 0, 1, 1).transformed(state.ctm), state.clip)
        if box is None:
            return
        if image.get("/ImageMask"):
            paints.extend(_paints(PaintKind.IMAGE, box, state.fill))
            return
        space = self._space(image.get("/ColorSpace", "/DeviceGray"), resources)
        paints.append(Paint(PaintKind.IMAGE, box, space, None))

    def _inline_image(self, image, resources, state: _State, paints: list[Paint]) -> None:
        settings = image.get("settings", {})
        abbreviations = {"/G": "/DeviceGray", "/RGB": "/DeviceRGB", "/CMYK": "/DeviceCMYK"}
        if settings.get("/IM", settings.get("/ImageMask")):
            box = _intersection(Rect(0, 0, 1, 1).transformed(state.ctm), state.clip)
            if box is not None:
                paints.extend(_paints(PaintKind.IMAGE, box, state.fill))
            return
        space = settings.get("/CS", settings.get("/ColorSpace", "/DeviceGray"))
        if isinstance(space, str):
            space = abbreviations.get(space, space)
        box = _intersection(Rect(0, 0, 1, 1).transformed(state.ctm), state.clip)
        if box is not None:
            paints.append(Paint(PaintKind.IMAGE, box, self._space(space, resources), None))

    def _metrics(self, font) -> _FontMetrics:
        if font is None:
            return _HALF_EM
        key = self._caches.key(font)
        metrics = self._caches.fonts.get(key)
        if metrics is None:
            metrics = _font_metrics(font)
            self._caches.fonts[key] = metrics
        return metrics


_HALF_EM = _FontMetrics(False, {}, 500.0, 0.001)
_FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
_STROKES = {b"S", b"s", b"B", b"B*", b"b", b"b*"}
_PAINTING = _FILLS | _STROKES | {b"n"}
_SET_COLOUR = {b"cs", b"CS", b"sc", b"SC", b"scn", b"SCN", b"g", b"G", b"rg", b"RG", b"k", b"K"}


def _font_metrics(font) -> _FontMetrics:
    """Advance widths from the font dictionary (no font program needed)."""
    subtype = font.get("/Subtype")
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        descendant = descendants[0] if descendants is not None else {}
        widths: dict[int, float] = {}
        entries = descendant.get("/W")
        entries = list(entries) if entries is not None else []
        index = 0
        while index < len(entries):
            first = int(entries[index])
            following = entries[index + 1] if index + 1 < len(entries) else None
            if isinstance(following, Array):
                for offset, width in enumerate(following):
                    widths[first + offset] = float(width)
                index += 2
            elif following is not None and index + 2 < len(entries):
                for code in range(first, int(following) + 1):
                    widths[code] = float(entries[index + 2])
                index += 3
            else:
                break
        return _FontMetrics(True, widths, float(descendant.get("/DW", 1000)), 0.001,
                            *_vertical_extent(descendant))
    first_char = int(font.get("/FirstChar", 0))
    widths_array = font.get("/Widths")
    widths = {first_char + offset: float(width)
              for offset, width in enumerate(widths_array)} if widths_array is not None else {}
    descriptor = font.get("/FontDescriptor")
    missing = float(descriptor.get("/MissingWidth", 0)) if descriptor is not None else 0.0
    scale = 0.001
    if subtype == "/Type3":
        scale = float(font.get("/FontMatrix", [0.001])[0])
    default = missing if widths and missing else 0.5 / scale
    return _FontMetrics(False, widths, default, scale, *_vertical_extent(font))


def _vertical_extent(font) -> tuple[float, float]:
    """The descriptor's descent and ascent in ems; the em box's bottom and top without one."""
    descriptor = font.get("/FontDescriptor")
    descriptor = descriptor if descriptor is not None else {}
    ascent = float(descriptor.get("/Ascent", 0)) / 1000
    if ascent <= 0:
        return 0.0, 1.0
    return min(0.0, float(descriptor.get("/Descent", 0)) / 1000), ascent


def _shading_extreme(shading, space: ColourSpace) -> tuple[float, ...]:
    """The shading's colour with the most ink among its function's end points (types 2 and 3)."""
    candidates: list[tuple[float, ...]] = []
    function = shading.get("/Function")
    functions = [function] if function is not None else []
    while functions:
        current = functions.pop()
        if isinstance(current, Array):
            functions.extend(current)
            continue
        if current.get("/FunctionType") == 2:
            candidates.append(tuple(float(v) for v in current.get("/C0", [0.0])))
            candidates.append(tuple(float(v) for v in current.get("/C1", [1.0])))
        elif current.get("/FunctionType") == 3:
            functions.extend(current.get("/Functions", []))
    if not candidates:
        return space.initial
    return max(candidates, key=lambda values: total_ink(space.inks(values)) or 0.0)


def _paints(kind: PaintKind, box: Rect, colour: Colour, line_width: float = 0.0,
            text_size: float = 0.0) -> list[Paint]:
    """The paint of ``kind`` over ``box`` in ``colour``; with a tiling pattern, one per colour its cell uses."""
    if colour.pattern:
        return [Paint(PaintKind.IMAGE if used.kind is PaintKind.IMAGE else kind, box, used.space, used.ink,
                      used.registration, used.rich_black, line_width, text_size) for used in colour.pattern]
    inks = colour.space.inks(colour.values)
    return [Paint(kind, box, colour.space, total_ink(inks), is_registration(inks), is_rich_black(inks),
                  line_width, text_size)]


def _point(matrix: Matrix, x, y) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    x, y = float(x), float(y)
    return (a * x + c * y + e, b * x + d * y + f)


def _matrix(values) -> Matrix:
    # Six numbers in a well-formed file (a different count fails where the matrix is used).
    return cast(Matrix, tuple(float(value) for value in values)) if values is not None else IDENTITY


def _intersection(box: Rect, clip: Rect, allow_empty: bool = True) -> Rect | None:
    x0, y0 = max(box.x0, clip.x0), max(box.y0, clip.y0)
    x1, y1 = min(box.x1, clip.x1), min(box.y1, clip.y1)
    if x0 > x1 or y0 > y1 or (not allow_empty and (x0 == x1 or y0 == y1)):
        return None
    return Rect(x0, y0, x1, y1)


def _resource(resources, kind: str, name):
    category = resources.get(kind) if resources is not None else None
    if not isinstance(category, Dictionary) or not category:
        return None
    return category.get(name)


def page_content(page: Dictionary) -> bytes | None:
    """The decoded bytes of the page's content streams, one after the other; None without any.

    A page's streams are one stream cut in pieces (a token never spans two): a line break joins them.
    """
    streams = streams_of(page)
    if not streams:
        return None
    return b"\n".join(stream.read_bytes() for stream in streams if isinstance(stream, pikepdf.Stream))

