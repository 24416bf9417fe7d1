"""Affine matrices and rectangles in PDF user space (points, y up)."""

from __future__ import annotations

from typing import NamedTuple

POINTS_PER_INCH = 72.0
POINTS_PER_MM = 72.0 / 25.4

# (a, b, c, d, e, f): a point (x, y) maps to (a·x + c·y + e, b·x + d·y + f).
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(first: Matrix, then: Matrix) -> Matrix:
    """The matrix applying ``first`` and then ``then`` (PDF's ``first × then``)."""
    a, b, c, d, e, f = first
    A, B, C, D, E, F = then
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
            e * A + f * C + E, e * B + f * D + F)


def scale_of(matrix: Matrix) -> float:
    """How much ``matrix`` scales lengths on average (the square root of its area factor)."""
    a, b, c, d, _, _ = matrix
    return abs(a * d - b * c) ** 0.5


class Rect(NamedTuple):
    """An axis-aligned rectangle, normalised so that x0 <= x1 and y0 <= y1."""

    x0: float
    y0: float
    x1: float
    y1: float

    @classmethod
    def of(cls, values) -> Rect:
        """A rectangle from any four numbers (a PDF box array), normalised."""
        x0, y0, x1, y1 = (float(value) for value in values)
        return cls(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def contains(self, other: Rect, tolerance: float = 0.0) -> bool:
        return (other.x0 >= self.x0 - tolerance and other.y0 >= self.y0 - tolerance
                and other.x1 <= self.x1 + tolerance and other.y1 <= self.y1 + tolerance)

    def overlaps(self, other: Rect, tolerance: float = 0.0) -> bool:
        """True when the interiors share more than ``tolerance`` in both directions."""
        return (min(self.x1, other.x1) - max(self.x0, other.x0) > tolerance
                and min(self.y1, other.y1) - max(self.y0, other.y0) > tolerance)

    def enters(self, other: Rect, tolerance: float = 0.0) -> bool:
        """True when this box reaches into ``other`` by more than ``tolerance``; lines (zero
        thickness) count, boxes that only touch ``other``'s edge do not."""
        across = min(self.x1, other.x1) - max(self.x0, other.x0)
        along = min(self.y1, other.y1) - max(self.y0, other.y0)
        return across >= -tolerance and along >= -tolerance and max(across, along) > tolerance

    def same_as(self, other: Rect, tolerance: float) -> bool:
        return all(abs(mine - theirs) <= tolerance for mine, theirs in zip(self, other))

    def transformed(self, matrix: Matrix) -> Rect:
        """The bounding box of this rectangle after ``matrix``."""
        return bounds(matrix, ((self.x0, self.y0), (self.x1, self.y0), (self.x0, self.y1), (self.x1, self.y1)))


def bounds(matrix: Matrix, points) -> Rect:
    """The bounding box of ``points`` mapped through ``matrix``."""
    a, b, c, d, e, f = matrix
    xs = [a * x + c * y + e for x, y in points]
    ys = [b * x + d * y + f for x, y in points]
    return Rect(min(xs), min(ys), max(xs), max(ys))


def mm(points: float) -> float:
    return points / POINTS_PER_MM


def format_mm(points: float) -> str:
    """A length in millimetres, to the micrometre, without trailing zeros: ``3``, ``3.175``."""
    return f"{mm(points):.3f}".rstrip("0").rstrip(".")
