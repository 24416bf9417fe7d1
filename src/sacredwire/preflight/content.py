"""What a page paints: one pass over its content stream, following the graphics state.

Every painting operator becomes a :class:`Paint`: its kind (fill, stroke,
text, shading, image), its bounding box in the page's default user space
(clipped by the current clipping path's box), the colour space and inks in
force, and for text the effective font size. Form XObjects are followed with
their /Matrix, /BBox and resources; a form is interpreted once per colour it
inherits and its paints are reused, transformed, wherever it is drawn.

A content stream is interpreted without knowing the box it will be clipped
to (a page's MediaBox, a form's BBox): each paint keeps the clipping paths in
force when it was painted (a :class:`_ClipPath` chain), and the box is
applied afterwards (:func:`_clipped`), exactly as if it had been known from
the start. So one interpretation serves every file that paints the same
stream with the same resources inside another box: the editions of a
document share it through :mod:`.analysis`.

Text boxes are approximations that need no font program: a show runs from its
origin along the advance widths the font dictionary declares (/Widths, or /W
for CID fonts; half an em per glyph when there are none), and from the font
descriptor's /Descent to its /Ascent (from the baseline up one font size when
the font has no descriptor).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Any, cast

import pikepdf
from pikepdf import Array, Dictionary

from ..pdf.operations import Name, parse_operations
from ..pdf.streams import identity, streams_of
from . import analysis
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

    def placed(self, matrix: Matrix) -> Paint:
        """This paint drawn through ``matrix`` (a form's placement), not clipped yet."""
        return Paint(self.kind, self.box.transformed(matrix), self.space, self.ink, self.registration,
                     self.rich_black, self.line_width * scale_of(matrix), self.text_size * scale_of(matrix))


class _ClipPath:
    """A clipping path's box, inside the clipping paths in force before it (``parent``; None: none yet).

    The box a paint is clipped to is the stream's outer box cut by each path of
    its chain in turn (:func:`_clip_box`); nodes are compared by identity.
    """

    __slots__ = ("parent", "box")

    def __init__(self, parent: _ClipPath | None, box: Rect):
        self.parent = parent
        self.box = box


# How a pending paint meets its clip: cut to it; text, kept whole when any of it shows; a shading, the clip
# itself; text of no width, shown whatever the clip; a stream interpreted on its own (an _Analysis), inside it.
_CUT, _TEXT, _FILLS_CLIP, _SHOWN, _INSIDE = 0, 1, 2, 3, 4
# (how, the paint with its unclipped box or an _Analysis, the clipping paths in force)
_Pending = tuple[int, Any, "_ClipPath | None"]


@dataclass(frozen=True)
class _Analysis:
    """One content stream interpreted from a fresh state.

    ``nesting`` is how deep it nests forms (for the depth limit); ``end``,
    the interpreter as the stream leaves it, for the stream that follows on
    the same page.
    """

    pending: tuple[_Pending, ...]
    nesting: int
    end: _Machine

    @property
    def self_contained(self) -> bool:
        """Whether the stream restores every state it saves and never restores one it did not save."""
        return not self.end.stack and not self.end.underflowed


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
    clip: _ClipPath | None
    fill: Colour = BLACK
    stroke: Colour = BLACK
    line_width: float = 1.0
    font: Dictionary | None = None
    font_name: str | None = None   # the font's resource name, to find it again in another file
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


_FRESH = _State(IDENTITY, None)


@dataclass
class _Machine:
    """The interpreter between two operations: the graphics state, the saved ones, the path and text position."""

    state: _State
    stack: list[_State] = field(default_factory=list)
    path: list[tuple[float, float]] = field(default_factory=list)
    pending_move: tuple[float, float] | None = None
    clip_next: bool = False
    text_matrix: Matrix = IDENTITY
    line_matrix: Matrix = IDENTITY
    underflowed: bool = False      # a Q found no saved state

    def fresh(self) -> bool:
        """Whether a stream starting here starts as on a new page, but for the clip."""
        return (not self.path and self.pending_move is None and not self.clip_next
                and self.text_matrix == IDENTITY and self.line_matrix == IDENTITY and _same_but_clip(self.state))

    def after(self, unit: _Analysis, resources) -> _Machine:
        """This machine once a self-contained stream interpreted on its own (``unit``) has run from it.

        The unit may have been interpreted in another file: its font is found again in ``resources``.
        """
        end = unit.end
        state = end.state.copy()
        state.clip = _rooted(end.state.clip, self.state.clip)
        if state.font is not None:
            state.font = _resource(resources, "/Font", state.font_name)
        return _Machine(state, self.stack, list(end.path), end.pending_move, end.clip_next, end.text_matrix,
                        end.line_matrix, self.underflowed)


def _same_but_clip(state: _State) -> bool:
    fresh = _FRESH.copy()
    fresh.clip = state.clip
    return state == fresh


def _rooted(path: _ClipPath | None, root: _ClipPath | None) -> _ClipPath | None:
    """The clipping paths ``path`` (counted from none) counted from ``root`` instead."""
    boxes = []
    while path is not None:
        boxes.append(path.box)
        path = path.parent
    for box in reversed(boxes):
        root = _ClipPath(root, box)
    return root


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
    fonts: dict[tuple[int, int], _FontMetrics] = field(default_factory=dict)
    forms: dict[tuple, tuple[list[Paint], int]] = field(default_factory=dict)
    patterns: dict[tuple, list[Paint]] = field(default_factory=dict)
    # Resource fingerprints by object, for the analyses shared between files (see .analysis).
    fingerprints: dict[tuple[int, int], bytes] = field(default_factory=dict)
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

    def __init__(self, pdf: pikepdf.Pdf):
        self._pdf = pdf
        self._caches = _Caches()

    def page_paints(self, page, media_box: Rect) -> list[Paint]:
        """Every paint of ``page``, in default user space, clipped to ``media_box``."""
        resources = page.get("/Resources")
        resources = resources if resources is not None else Dictionary()
        streams = [stream.read_bytes() for stream in streams_of(page) if isinstance(stream, pikepdf.Stream)]
        if not streams:
            return []
        if len(streams) > 1 and analysis.active() is not None and all(map(_ends_cleanly, streams)):
            # Each stream on its own, so that one another file paints too (a press page's laid-out
            # stream between its clip and its marks) is interpreted once for both.
            return _clipped(self._streams_in_turn(streams, resources), media_box)
        # A page's streams are one stream cut in pieces (a token never spans two): a line break joins them.
        return _clipped(self._analyse(b"\n".join(streams), resources, BLACK, BLACK, 1.0, depth=0).pending,
                        media_box)

    def _streams_in_turn(self, streams: list[bytes], resources) -> list[_Pending]:
        machine = _Machine(_FRESH.copy())
        pending: list[_Pending] = []
        for data in streams:
            if machine.fresh():
                unit = self._analyse(data, resources, BLACK, BLACK, 1.0, depth=0)
                if unit.self_contained:
                    pending.append((_INSIDE, unit, machine.state.clip))
                    machine = machine.after(unit, resources)
                    continue
            self._run(parse_operations(data), resources, machine, pending, depth=0)
        return pending

    def _analyse(self, data: bytes, resources, fill: Colour, stroke: Colour, line_width: float,
                 depth: int) -> _Analysis:
        """``data`` interpreted from a fresh state with the given colours; shared when other files paint it too."""
        shared = analysis.active()
        key = None
        if shared is not None:
            key = (analysis.digest(data), self._fingerprint(data, resources), fill, stroke, line_width)
            known = shared.get(key)
            # Deeper down, the same stream may meet the nesting limit where it did not before.
            if known is not None and depth + known.nesting <= _MAX_DEPTH:
                return known
        pending: list[_Pending] = []
        machine = _Machine(_State(IDENTITY, None, fill, stroke, line_width))
        nesting = self._run(parse_operations(data), resources, machine, pending, depth)
        result = _Analysis(tuple(pending), nesting, machine)
        if key is not None and shared is not None and depth + nesting <= _MAX_DEPTH:
            shared[key] = result
        return result

    def _fingerprint(self, data: bytes, resources) -> bytes:
        return analysis.resources_fingerprint(data, resources, self._pdf, self._caches.fingerprints)

    # -- the interpreter ------------------------------------------------------------------

    def _run(self, operations, resources, machine: _Machine, paints: list[_Pending], depth: int) -> int:
        """Interpret ``operations`` from ``machine`` (left as they leave it), adding their pending paints.

        Returns how many levels of forms they nest; ``_MAX_DEPTH + 1`` says the
        nesting limit cut a form off.
        """
        nesting = 0
        state, stack, path = machine.state, machine.stack, machine.path
        pending_move, clip_next = machine.pending_move, machine.clip_next
        text_matrix, line_matrix = machine.text_matrix, machine.line_matrix
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
                state.font, state.font_name, state.font_size = font, operands[0], float(operands[1])
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
                else:
                    machine.underflowed = True
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
                    state.clip = _ClipPath(state.clip, Rect(min(xs), min(ys), max(xs), max(ys)))
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
                    paints.extend((_FILLS_CLIP, paint, state.clip)
                                  for paint in self._shading_paints(shading, resources))
            elif operator == b"Do":
                nesting = max(nesting, self._draw_xobject(operands[0], resources, state, paints, depth))
            elif operator == b"INLINE IMAGE":
                self._inline_image(operands[0], resources, state, paints)
        machine.state, machine.path, machine.pending_move, machine.clip_next = state, path, pending_move, clip_next
        machine.text_matrix, machine.line_matrix = text_matrix, line_matrix
        return nesting

    def _show(self, shows, text_matrix: Matrix, state: _State, resources, paints: list[_Pending]) -> Matrix:
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
            _, _, c, d, _, _ = rendering
            colour = state.stroke if mode in (1, 5) else state.fill
            how = _TEXT if advance else _SHOWN  # text of no width shows whatever the clip
            paints.extend((how, paint, state.clip) for paint in
                          _paints(PaintKind.TEXT, box, colour, text_size=abs(size) * (c * c + d * d) ** 0.5))
        return multiply((1.0, 0.0, 0.0, 1.0, advance, 0.0), text_matrix)

    def _paint_path(self, operator: bytes, path, state: _State, paints: list[_Pending]) -> None:
        xs, ys = [point[0] for point in path], [point[1] for point in path]
        raw = Rect(min(xs), min(ys), max(xs), max(ys))
        fills, strokes = operator in _FILLS, operator in _STROKES
        width = state.line_width * scale_of(state.ctm)
        if strokes:
            half = width / 2
            box = Rect(raw.x0 - half, raw.y0 - half, raw.x1 + half, raw.y1 + half)
            paints.extend((_CUT, paint, state.clip)
                          for paint in _paints(PaintKind.STROKE, box, state.stroke, line_width=width))
        if fills:
            paints.extend((_CUT, paint, state.clip) for paint in _paints(PaintKind.FILL, raw, state.fill))

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
        summary = self._caches.patterns.get(key)
        if summary is None:
            own = pattern.get("/Resources")
            cell = Rect.of(pattern.get("/BBox", (-1e6, -1e6, 1e6, 1e6)))
            pending: list[_Pending] = []
            self._caches.patterns[key] = []          # a pattern that paints with itself stops here
            self._run(parse_operations(pattern.read_bytes()), own if own is not None else resources,
                      _Machine(_State(IDENTITY, None)), pending, depth=1)
            strongest: dict[tuple, Paint] = {}
            for paint in _clipped(pending, cell):
                group = (paint.kind is PaintKind.IMAGE, paint.space)
                if group not in strongest or (paint.ink or 0.0) > (strongest[group].ink or 0.0):
                    strongest[group] = paint
            summary = list(strongest.values())
            self._caches.patterns[key] = summary
        return tuple(summary)

    def _space(self, name, resources) -> ColourSpace:
        key = (self._caches.key(resources), str(name)) if not isinstance(name, Array) else None
        if key is not None and key in self._caches.spaces:
            return self._caches.spaces[key]
        space = resolve(name, resources)
        if key is not None:
            self._caches.spaces[key] = space
        return space

    def _shading_paints(self, shading, resources) -> list[Paint]:
        """The shading's paint; its box is the clip, given when the paint is clipped."""
        space = self._space(shading.get("/ColorSpace", "/DeviceGray"), resources)
        return _paints(PaintKind.SHADING, _NO_BOX, Colour(space, _shading_extreme(shading, space)))

    def _draw_xobject(self, name, resources, state: _State, paints: list[_Pending], depth: int) -> int:
        """Paint an image or a form; how many levels of forms that nests (see :meth:`_run`)."""
        xobject = _resource(resources, "/XObject", name)
        if xobject is None:
            return 0
        subtype = xobject.get("/Subtype")
        if subtype == "/Image":
            self._image(xobject, resources, state, paints)
        elif subtype == "/Form":
            if depth >= _MAX_DEPTH:
                return _MAX_DEPTH + 1
            key = (self._caches.key(xobject), state.fill, state.stroke, state.line_width)
            known = self._caches.forms.get(key)
            if known is None:
                known = self._caches.forms[key] = self._form_paints(xobject, resources, state, depth)
            form_paints, nesting = known
            placement = multiply(_matrix(xobject.get("/Matrix")), state.ctm)
            paints.extend((_CUT, paint.placed(placement), state.clip) for paint in form_paints)
            return nesting + 1
        return 0

    def _form_paints(self, form, resources, state: _State, depth: int) -> tuple[list[Paint], int]:
        """The form's paints in its own space, clipped to its /BBox, inheriting ``state``'s colours; its nesting."""
        own = form.get("/Resources")
        form_resources = own if own is not None else resources
        box = Rect.of(form.get("/BBox", (-1e6, -1e6, 1e6, 1e6)))
        analysed = self._analyse(form.read_bytes(), form_resources, state.fill, state.stroke, state.line_width,
                                 depth + 1)
        return _clipped(analysed.pending, box), analysed.nesting

    def _image(self, image, resources, state: _State, paints: list[_Pending]) -> None:
        box = Rect(0, 0, 1, 1).transformed(state.ctm)
        if image.get("/ImageMask"):
            paints.extend((_CUT, paint, state.clip) for paint in _paints(PaintKind.IMAGE, box, state.fill))
            return
        space = self._space(image.get("/ColorSpace", "/DeviceGray"), resources)
        paints.append((_CUT, Paint(PaintKind.IMAGE, box, space, None), state.clip))

    def _inline_image(self, image, resources, state: _State, paints: list[_Pending]) -> None:
        settings = image.get("settings", {})
        abbreviations = {"/G": "/DeviceGray", "/RGB": "/DeviceRGB", "/CMYK": "/DeviceCMYK"}
        box = Rect(0, 0, 1, 1).transformed(state.ctm)
        if settings.get("/IM", settings.get("/ImageMask")):
            paints.extend((_CUT, paint, state.clip) for paint in _paints(PaintKind.IMAGE, box, state.fill))
            return
        space = settings.get("/CS", settings.get("/ColorSpace", "/DeviceGray"))
        if isinstance(space, str):
            space = abbreviations.get(space, space)
        paints.append((_CUT, Paint(PaintKind.IMAGE, box, self._space(space, resources), None), state.clip))

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
# Forms nested deeper than this are not followed (a form that draws itself would never end).
_MAX_DEPTH = 12
# A shading's box before it is clipped: it covers whatever the clip leaves.
_NO_BOX = Rect(0.0, 0.0, 0.0, 0.0)
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


def _clip_box(path: _ClipPath | None, outer: Rect, boxes: dict[_ClipPath, Rect]) -> Rect:
    """The box ``path`` clips to inside ``outer``: each clipping path cuts the box before it.

    A path that leaves nothing shrinks the clip to the point at its lower left corner.
    """
    if path is None:
        return outer
    known = boxes.get(path)
    if known is None:
        before = _clip_box(path.parent, outer, boxes)
        known = _intersection(path.box, before) or Rect(before.x0, before.y0, before.x0, before.y0)
        boxes[path] = known
    return known


def _clipped(pending, outer: Rect) -> list[Paint]:
    """The paints of an interpretation (:class:`_Pending`) clipped inside ``outer``, those the clip hides left out."""
    boxes: dict[_ClipPath, Rect] = {}
    paints: list[Paint] = []
    for how, paint, path in pending:
        clip = _clip_box(path, outer, boxes)
        if how == _CUT:
            box = _intersection(paint.box, clip)
            if box is not None:
                paints.append(paint if box == paint.box else Paint(
                    paint.kind, box, paint.space, paint.ink, paint.registration, paint.rich_black,
                    paint.line_width, paint.text_size))
        elif how == _TEXT:
            if _intersection(paint.box, clip, allow_empty=False) is not None:
                paints.append(paint)
        elif how == _INSIDE:
            paints += _clipped(paint.pending, clip)
        elif how == _FILLS_CLIP:
            paints.append(Paint(paint.kind, clip, paint.space, paint.ink, paint.registration, paint.rich_black,
                                paint.line_width, paint.text_size))
        else:  # _SHOWN
            paints.append(paint)
    return paints


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


def _ends_cleanly(data: bytes) -> bool:
    """Whether ``data`` ends with an operator (so it reads the same on its own as joined to the next stream).

    A stream whose last token is an operand, a string, an array or a comment
    may continue in the next one: such a page is read joined.
    """
    return _LAST_OPERATOR.search(data) is not None and data.count(b"(") == data.count(b")")


_LAST_OPERATOR = re.compile(rb"(?:^|[\x00\t\n\x0c\r ])(?!(?:true|false|null)[\x00\t\n\x0c\r ]*\Z)"
                            rb"[A-Za-z'\"][A-Za-z0-9*'\"]*[\x00\t\n\x0c\r ]*\Z")


def page_content(page: Dictionary) -> bytes | None:
    """The decoded bytes of the page's content streams, one after the other; None without any.

    A page's streams are one stream cut in pieces (a token never spans two): a line break joins them.
    """
    streams = streams_of(page)
    if not streams:
        return None
    return b"\n".join(stream.read_bytes() for stream in streams if isinstance(stream, pikepdf.Stream))

