"""``content/boards.yaml``: the mission boards, and their drawings put in place of ``{board:...}`` lines."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..board_svg import LEGEND_SLOTS, draw_board, legend_kinds
from ..diagnostics import ContentError
from ..fontsetup import FONTS_DIR
from ..ids import RuleId, TableId
from ..markup import FIELD_PATTERN
from ..model import Booklet, Chapter, RuleParameter, Section, Table, Text
from ..model.boards import (
    EDGES,
    MARKERS,
    SHAPES,
    SIDES,
    SWATCHES,
    Board,
    BoardItem,
    Boards,
    Deployment,
    LegendEntry,
    Point,
    Rect,
)
from ..text_width import BOARD_FONTS
from ._yaml import Fields, as_text, read_yaml

BOARDS_FILE = "content/boards.yaml"
_WORDS = ("you", "opponent", "your_edge", "opponent_edge", "side_edge", "deployment", "terrain", "grid", "board")
_ITEM_KEYS = ("draw", "at", "from", "to", "label", "label_at", "anchor", "radius", "distance", "count", "side",
              "edge", "dashed")

Parameters = Mapping[tuple[RuleId, str], RuleParameter]


def _point(value: Any, fields: Fields, key: str) -> Point:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(n, (int, float)) and not isinstance(n, bool) and 0 <= n <= 24 for n in value)):
        raise fields.error(f"{key!r} of {fields.what} must be [x, y] in inches on the 24\" board, not {value!r}")
    return float(value[0]), float(value[1])


def _rule_value(raw: Any, fields: Fields, key: str, parameters: Parameters,
                tables: Mapping[TableId, Table] | None = None) -> int:
    """The number ``{rule: <section>.<name>}`` or ``{table: <table>.<row>.<column>}`` names: never typed.

    A table cell serves where the rules state the number in a table (an action's reach, C4.3).
    """
    if isinstance(raw, dict) and "table" in raw:
        return _cell_value(raw, fields, key, tables or {})
    ref = Fields(raw, fields.location.file, f"{key!r} of {fields.what}", fields.location.line).only("rule")
    path = ref.require("rule", str)
    section, _, name = path.rpartition(".")
    try:
        parameter = parameters[(RuleId.parse(section), name)]
    except (ValueError, KeyError):
        raise fields.error(f"{key!r} of {fields.what}: no rule parameter {path!r} in content/rules.yaml "
                           f"(write {{rule: <section>.<name>}}, e.g. {{rule: M2.2.zone_radius}})") from None
    if not isinstance(parameter.value, int):
        raise fields.error(f"{key!r} of {fields.what}: rule parameter {path} is {parameter.value!r}, not a number")
    return parameter.value


def _cell_value(raw: dict[Any, Any], fields: Fields, key: str, tables: Mapping[TableId, Table]) -> int:
    """The number of the table cell ``{table: <table>.<row>.<column>}`` names."""
    ref = Fields(raw, fields.location.file, f"{key!r} of {fields.what}", fields.location.line).only("table")
    path = ref.require("table", str)
    parts = path.split(".")
    table = None
    if len(parts) == 3:
        try:
            table = tables.get(TableId.parse(parts[0]))
        except ValueError:
            table = None
    row = next((row for row in table.rows if str(row.key) == parts[1]), None) if table is not None else None
    value = row.cells.get(parts[2]) if row is not None else None
    if isinstance(value, bool) or not isinstance(value, int):
        raise fields.error(f"{key!r} of {fields.what}: {path!r} names no number in content/tables/ "
                           f"(write {{table: <table>.<row>.<column>}}, e.g. {{table: actions.interact.reach}})")
    return value


def _text(raw: Any, fields: Fields, key: str, parameters: Parameters, languages: tuple[str, ...],
          tables: Mapping[TableId, Table] | None = None) -> Text:
    """Board words; a ``{$table.<table>.<row>.<column>}`` field is filled in here with the cell's number.

    The drawing fills rule fields in when it is drawn; a table cell (an action's reach, C4.3) is read
    while the tables are at hand, so the drawing is given words with the number in place.
    """
    text = as_text(raw, fields.location, f"{key!r} of {fields.what}")
    missing = [lang for lang in languages if not text.get(lang)]
    if missing:
        raise fields.error(f"{key!r} of {fields.what} has no {missing[0]} text")

    def cell(match: re.Match[str]) -> str:
        if not match["path"].startswith("table."):
            return match.group()
        path = match["path"].removeprefix("table.")
        return str(_cell_value({"table": path}, fields, key, tables or {}))

    filled = {lang: FIELD_PATTERN.sub(cell, words) for lang, words in text.values.items()}
    for words in filled.values():
        for match in FIELD_PATTERN.finditer(words):
            section, _, name = match["path"].removeprefix("rule.").rpartition(".")
            try:
                known = match["path"].startswith("rule.") and (RuleId.parse(section), name) in parameters
            except ValueError:
                known = False
            if not known:
                raise fields.error(f"{key!r} of {fields.what}: {match.group()} is no rule parameter of "
                                   f"content/rules.yaml (a board prints {{$rule.<section>.<name>}} "
                                   f"or {{$table.<table>.<row>.<column>}})")
    return Text(filled)


def _item(raw: Any, rel: str, where: str, parameters: Parameters, languages: tuple[str, ...],
          tables: Mapping[TableId, Table]) -> BoardItem:
    fields = Fields(raw, rel, f"an item of {where}").only(*_ITEM_KEYS)
    draw = fields.require("draw", str)
    if draw not in MARKERS + SHAPES:
        raise fields.error(f"{where}: unknown item {draw!r} (items: {', '.join(MARKERS + SHAPES)})")
    points: tuple[Point, ...] = ()
    if "at" in fields.data and draw == "models":
        spots = fields.require("at", list)
        points = tuple(_point(spot, fields, "at") for spot in spots)
    elif "at" in fields.data:
        points = (_point(fields.data["at"], fields, "at"),)
    elif "from" in fields.data or "to" in fields.data:
        points = (_point(fields.require("from", list), fields, "from"),
                  _point(fields.require("to", list), fields, "to"))
    needs_points = draw not in ("exit", "depth")
    if needs_points and not points:
        raise fields.error(f"{where}: a {draw} needs its place ('at', or 'from' and 'to')")
    side = fields.get("side", str, "")
    if draw == "models" and side not in SIDES:
        raise fields.error(f"{where}: models need a side ({', '.join(SIDES)}), not {side!r}")
    edge = fields.get("edge", str, "")
    if draw in ("exit", "depth", "edge_distance") and edge not in EDGES:
        raise fields.error(f"{where}: a {draw} needs an edge ({', '.join(EDGES)}), not {edge!r}")
    anchor = fields.get("anchor", str, "middle")
    if anchor not in ("start", "middle", "end"):
        raise fields.error(f"{where}: anchor is start, middle or end, not {anchor!r}")
    label = fields.get("label", dict)
    label_at = fields.get("label_at", list)

    def number(key: str) -> int:
        return _rule_value(fields.data[key], fields, key, parameters, tables) if key in fields.data else 0

    item = BoardItem(
        draw=draw, location=fields.location, points=points,
        label=_text(label, fields, "label", parameters, languages, tables) if label is not None else None,
        label_at=_point(label_at, fields, "label_at") if label_at is not None else None,
        anchor=anchor, radius=number("radius"), distance=number("distance"), count=number("count"),
        side=side, edge=edge, dashed=fields.get("dashed", bool, False),
    )
    if draw in ("zone", "reach", "radius") and not item.radius:
        raise fields.error(f"{where}: a {draw} needs its radius, {{rule: <section>.<name>}}")
    if draw in ("depth", "edge_distance") and not item.distance:
        raise fields.error(f"{where}: a {draw} needs its distance, {{rule: <section>.<name>}}")
    if draw in ("track", "steps") and not item.count:
        raise fields.error(f"{where}: a {draw} needs its count, {{rule: <section>.<name>}}")
    return item


def read_boards(root: Path, parameters: Parameters, languages: tuple[str, ...],
                tables: Mapping[TableId, Table] | None = None) -> Boards:
    """Every board of ``content/boards.yaml`` (none when the file is absent); ``tables`` for cells it names."""
    tables = tables or {}
    path = root / BOARDS_FILE
    if not path.is_file():
        return Boards({}, (), {})
    fields = Fields(read_yaml(path, BOARDS_FILE), BOARDS_FILE, "boards file").only("terrain", "markers", "words",
                                                                                 "boards")
    words_fields = Fields(fields.require("words", dict), BOARDS_FILE, "the board words").only(*_WORDS)
    words = {key: _text(words_fields.require(key, dict), words_fields, key, parameters, languages, tables)
             for key in _WORDS}
    marker_fields = Fields(fields.get("markers", dict, {}), BOARDS_FILE, "the marker names")
    for kind in marker_fields.data:
        if kind not in MARKERS:
            raise marker_fields.error(f"markers: {kind!r} is no marker (markers: {', '.join(MARKERS)})")
    markers = {kind: _text(marker_fields.data[kind], marker_fields, kind, parameters, languages, tables)
               for kind in MARKERS if kind in marker_fields.data}
    terrain = []
    for raw in fields.get("terrain", list, []):
        piece = Fields(raw, BOARDS_FILE, "a terrain piece").only("at", "size")
        x, y = _point(piece.require("at", list), piece, "at")
        width, height = _point(piece.require("size", list), piece, "size")
        terrain.append(Rect(x, y, width, height))
    boards: dict[RuleId, Board] = {}
    for key, raw in fields.require("boards", dict).items():
        try:
            board_id = RuleId.parse(str(key))
        except ValueError as exc:
            raise fields.error(f"board {key!r}: {exc}") from None
        where = f"board {board_id}"
        board = Fields(raw, BOARDS_FILE, where).only("description", "edges", "deployment", "items", "legend")
        edges = {}
        if "edges" in board.data:
            edge_fields = Fields(board.data["edges"], BOARDS_FILE, f"the edges of {where}",
                                 board.location.line).only(*EDGES)
            edges = {edge: _text(edge_fields.data[edge], edge_fields, edge, parameters, languages, tables)
                     for edge in EDGES if edge in edge_fields.data}
        deployment = Deployment()
        if "deployment" in board.data:
            zone = Fields(board.data["deployment"], BOARDS_FILE, f"the deployment of {where}",
                          board.location.line).only("bottom", "bottom_label", "top_label")
            deployment = Deployment(
                depth=_rule_value(zone.require("bottom", dict), zone, "bottom", parameters, tables),
                bottom_label=_text(zone.require("bottom_label", dict), zone, "bottom_label", parameters, languages,
                                   tables),
                top_label=_text(zone.require("top_label", dict), zone, "top_label", parameters, languages,
                                tables))
        legend = []
        for entry_raw in board.require("legend", list):
            entry = Fields(entry_raw, BOARDS_FILE, f"a legend entry of {where}").only("draw", "text")
            draw = entry.require("draw", str)
            if draw not in MARKERS + SHAPES + SWATCHES:
                raise entry.error(f"{where}: unknown legend swatch {draw!r}")
            legend.append(LegendEntry(draw, _text(entry.require("text", dict), entry, "text", parameters,
                                                  languages, tables)))
        found = Board(
            id=board_id, location=board.location,
            description=_text(board.require("description", dict), board, "description", parameters, languages,
                              tables),
            items=tuple(_item(item, BOARDS_FILE, where, parameters, languages, tables)
                        for item in board.require("items", list)),
            legend=tuple(legend), edges=edges, deployment=deployment)
        if len(legend_kinds(found)) > LEGEND_SLOTS:
            raise board.error(f"{where}: its legend has {len(legend_kinds(found))} lines with the deployment "
                              f"zones, terrain and grid; a board has room for {LEGEND_SLOTS}")
        boards[board_id] = found
    unnamed = sorted({item.draw for board in boards.values() for item in board.items
                      if item.draw in MARKERS and item.draw != "target"} - set(markers))
    if unnamed:
        raise fields.error(f"markers: no name for {unnamed[0]!r}, which a board draws (the token sheet prints it)")
    return Boards(boards, tuple(terrain), words, markers)


def with_boards(booklet: Booklet, boards: Boards, parameters: Parameters, fonts_dir: Path) -> Booklet:
    """``booklet`` with each ``{board:...}`` line replaced by the board's drawing in the booklet's language.

    The drawing's words are measured in the fonts of ``fonts_dir``.

    The drawing becomes an inline SVG block, as a drawing written into the
    Markdown would be: every output that sets a mission's board finds it there.
    """
    def section(found: Section) -> Section:
        if not any(token.type == "board_ref" for token in found.tokens):
            return found
        tokens = []
        for token in found.tokens:
            if token.type == "board_ref":
                board_id = _board_id(token.content)
                board = boards.boards.get(board_id) if board_id is not None else None
                if board is None:
                    line = token.map[0] + 1 if token.map else found.location.line
                    raise ContentError(dataclasses.replace(found.location, line=line),
                                       f"no board {token.content!r} in {BOARDS_FILE}")
                missing = [name for name in BOARD_FONTS if not (fonts_dir / name).is_file()]
                if missing:
                    line = token.map[0] + 1 if token.map else found.location.line
                    raise ContentError(dataclasses.replace(found.location, line=line),
                                       f"board {token.content!r}: its words are measured in "
                                       f"{(FONTS_DIR / missing[0]).as_posix()}, which the project lacks")
                token = token.copy(type="html_block", content=draw_board(board, boards, booklet.lang, parameters,
                                                                         fonts_dir))
            tokens.append(token)
        return dataclasses.replace(found, tokens=tuple(tokens))

    chapters = tuple(Chapter(intro=section(chapter.intro), sections=tuple(map(section, chapter.sections)))
                     for chapter in booklet.chapters)
    return dataclasses.replace(booklet, chapters=chapters)


def _board_id(text: str) -> RuleId | None:
    try:
        return RuleId.parse(text)
    except ValueError:
        return None
