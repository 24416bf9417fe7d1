"""Where a mission board's words go, whatever the language.

``content/boards.yaml`` places each label for its item (above a marker,
beside an arrow); the words' length is the language's. Each label is measured
in the font that prints it (:mod:`sacredwire.text_width`) and set on as few
lines as keep it on the board and off every other label: a longer translation
wraps, a label that another one runs into wraps too, and a label that cannot
be set without running over another or past the board is an error at its
line of ``content/boards.yaml``, never a drawing with words over words.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

from .diagnostics import ContentError, Location
from .text_width import SANS, SANS_BOLD, FontMetrics, font_metrics

# Lines one below the other, as a multiple of the font size: clear of each other's ascent and descent
# (1.21 em in the sans).
LEADING = 1.25
# Room kept around a label's words: its halo (the white outline that knocks the grid out under it).
PAD = 1.2
# More lines than this and a label is a paragraph, not a label.
MAX_LINES = 4


@dataclass(frozen=True)
class Box:
    """A rectangle in board units: left, top, right, bottom."""

    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Box) -> bool:
        """Whether the two share any area (touching edges do not)."""
        return (self.left < other.right and other.left < self.right
                and self.top < other.bottom and other.top < self.bottom)

    def within(self, other: Box) -> bool:
        return (other.left <= self.left and self.right <= other.right
                and other.top <= self.top and self.bottom <= other.bottom)


@dataclass(frozen=True)
class Wanted:
    """A label as the board places it: its words, where its first line's baseline is anchored, its style.

    ``upward`` labels sit above what they name: their extra lines go up, away
    from it; the others' go down.
    """

    words: str
    x: float
    y: float
    anchor: str
    size: float
    bold: bool
    upward: bool
    location: Location


@dataclass(frozen=True)
class Placed:
    """A label set: its lines, the anchor of its lines (x) and its first baseline (y), and the room it takes."""

    lines: tuple[str, ...]
    x: float
    y: float
    anchor: str
    size: float
    bold: bool
    box: Box

    @property
    def words(self) -> str:
        return " ".join(self.lines)


class Fonts:
    """The faces a board's labels are set in, from a project's font folder."""

    def __init__(self, directory: Path):
        self.directory = directory

    def face(self, bold: bool) -> FontMetrics:
        return font_metrics(self.directory / (SANS_BOLD if bold else SANS))


def wrap(words: str, width: float, measure: FontMetrics, size: float) -> tuple[str, ...]:
    """``words`` broken at spaces into lines no wider than ``width``, each as full as it can be.

    A single word wider than ``width`` keeps a line of its own (the caller sees it is too wide).
    """
    lines: list[str] = []
    for word in words.split():
        if lines and measure.width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return tuple(lines)


def balanced(words: str, count: int, measure: FontMetrics, size: float) -> tuple[str, ...]:
    """``words`` on ``count`` lines (broken at spaces) with the widest line as narrow as it can be."""
    tokens = words.split()
    best: tuple[str, ...] = (words,)
    best_width = float("inf")
    for breaks in itertools.combinations(range(1, len(tokens)), count - 1):
        ends = (0, *breaks, len(tokens))
        lines = tuple(" ".join(tokens[start:end]) for start, end in itertools.pairwise(ends))
        widest = max(measure.width(line, size) for line in lines)
        if widest < best_width:
            best, best_width = lines, widest
    return best


def set_lines(lines: tuple[str, ...], x: float, y: float, anchor: str, size: float, bold: bool,
              fonts: Fonts) -> Placed:
    """``lines`` set with their anchor at ``x`` and the first baseline at ``y``, and the box they take."""
    measure = fonts.face(bold)
    width = max(measure.width(line, size) for line in lines)
    left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
    box = Box(left - PAD, y - measure.ascent * size,
              left + width + PAD, y + (len(lines) - 1) * LEADING * size + measure.descent * size)
    return Placed(lines, x, y, anchor, size, bold, box)


def _options(label: Wanted, least: int, fonts: Fonts, bounds: Box) -> list[Placed]:
    """The ways to set ``label`` on ``least`` lines or more that keep it within ``bounds``, fewest lines first.

    A centred label slides sideways to stay on the board; the others keep their anchor.
    """
    measure = fonts.face(label.bold)
    found = []
    for count in range(least, min(MAX_LINES, len(label.words.split())) + 1):
        lines = balanced(label.words, count, measure, label.size)
        y = label.y - (count - 1) * LEADING * label.size if label.upward else label.y
        placed = set_lines(lines, label.x, y, label.anchor, label.size, label.bold, fonts)
        if label.anchor == "middle":
            shift = max(0.0, bounds.left - placed.box.left) - max(0.0, placed.box.right - bounds.right)
            placed = set_lines(lines, label.x + shift, y, label.anchor, label.size, label.bold, fonts)
        if placed.box.within(bounds):
            found.append(placed)
    return found


def place_labels(wanted: list[Wanted], fixed: list[Placed], fonts: Fonts, bounds: Box, lang: str) -> list[Placed]:
    """Each of ``wanted`` set within ``bounds``, clear of ``fixed`` and of each other, on as few lines as can be.

    Labels are set in order. One that runs over an earlier label however it
    is wrapped makes that label take one more line, and the board is set
    again; a label with no way left raises :class:`ContentError` at its line.
    """
    least = [1] * len(wanted)
    while True:
        placed: list[Placed] = []
        for index, label in enumerate(wanted):
            options = _options(label, least[index], fonts, bounds)
            if not options:
                raise ContentError(label.location, f"the {lang} label {label.words!r} runs past the board however "
                                                   f"it is wrapped (at most {MAX_LINES} lines): shorten it or "
                                                   f"move it (label_at)")
            taken = [*fixed, *placed]
            free = next((option for option in options
                         if not any(option.box.overlaps(other.box) for other in taken)), None)
            if free is not None:
                placed.append(free)
                continue
            movable = [k for k, other in enumerate(placed) if options[0].box.overlaps(other.box)
                       and _options(wanted[k], len(other.lines) + 1, fonts, bounds)]
            if not movable:
                over = next(other for other in taken if options[0].box.overlaps(other.box))
                raise ContentError(label.location, f"the {lang} label {label.words!r} runs over the label "
                                                   f"{over.words!r} however the two are wrapped: shorten one "
                                                   f"or move it (label_at)")
            least[movable[0]] = len(placed[movable[0]].lines) + 1
            break
        else:
            return placed
