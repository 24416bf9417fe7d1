"""Mission boards as ``content/boards.yaml`` describes them (see :mod:`sacredwire.load._boards`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..diagnostics import Location
from ..ids import RuleId
from . import Text

# What a board item may draw: a marker's symbol, a zone, a line or a label.
# The renderer (:mod:`sacredwire.board_svg`) has one drawing for each.
MARKERS = ("objective", "beacon", "signal", "node", "relay", "conduit", "enemy_conduit", "terminal",
           "informant", "target", "spawn", "elite_spawn")
SHAPES = ("zone", "reach", "radius", "models", "centerline", "quadrant", "arrow", "exit", "track", "steps",
          "spacing", "edge_distance", "depth", "text")
# Legend swatches that are no item of their own: the deployment zones.
SWATCHES = ("deployment", "deployment_deep")
EDGES = ("top", "bottom", "left", "right")
SIDES = ("you", "opponent")

Point = tuple[float, float]


@dataclass(frozen=True)
class BoardItem:
    """One thing a board draws, in inches from the board's top-left corner.

    ``points`` are its position (``at``), its two ends (``from``, ``to``) or
    its models; ``radius``, ``distance`` and ``count`` are read from the rule
    parameter the item names, so the board and the prose print one number.
    """

    draw: str
    location: Location
    points: tuple[Point, ...] = ()
    label: Text | None = None
    label_at: Point | None = None
    anchor: str = "middle"
    radius: float = 0.0
    distance: float = 0.0
    count: int = 0
    side: str = ""
    edge: str = ""
    dashed: bool = False


@dataclass(frozen=True)
class LegendEntry:
    """A legend line: the swatch of one kind of item and its words."""

    draw: str
    text: Text


@dataclass(frozen=True)
class Deployment:
    """Where the two sides deploy: the standard strips, or the bottom zone ``depth`` inches deep."""

    depth: float = 0.0
    bottom_label: Text | None = None
    top_label: Text | None = None


@dataclass(frozen=True)
class Rect:
    """A terrain piece: its top-left corner and size, in inches."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Board:
    """A mission's board: what it draws, its edges' names and its legend."""

    id: RuleId
    location: Location
    description: Text
    items: tuple[BoardItem, ...]
    legend: tuple[LegendEntry, ...]
    edges: dict[str, Text] = field(default_factory=dict)
    deployment: Deployment = Deployment()


@dataclass(frozen=True)
class Boards:
    """Every mission board, the terrain every board shares and the words every board prints."""

    boards: dict[RuleId, Board]
    terrain: tuple[Rect, ...]
    words: dict[str, Text]
    # Each mission marker's name (``objective``: Objective), for the token sheet.
    markers: dict[str, Text] = field(default_factory=dict)

    def marker_counts(self) -> dict[str, int]:
        """How many of each mission marker the busiest board draws: what a token sheet must hold."""
        counts: dict[str, int] = {}
        for board in self.boards.values():
            on_board: dict[str, int] = {}
            for item in board.items:
                if item.draw in MARKERS and item.draw != "target":
                    on_board[item.draw] = on_board.get(item.draw, 0) + len(item.points)
            for kind, count in on_board.items():
                counts[kind] = max(counts.get(kind, 0), count)
        return {kind: counts[kind] for kind in MARKERS if kind in counts}
