"""``<booklet>/<lang>/*.md`` -> chapters and sections, parsed once."""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from ..diagnostics import ContentError, Location
from ..engine.odds import CHARTS
from ..ids import ExampleId, RuleId, TableId
from ..markup import block_argument, parser
from ..model import Chapter, ExamplePlacement, Section, TablePlacement, XRef
from ..suggest import did_you_mean

_HEADING = re.compile(r"^(?P<id>\S+)\s+(?P<title>.+?)(?:\s+\{from=(?P<from>[0-9a-f]{8})\})?\s*$")
_CONTEXT_CHARS = 80


@dataclass
class _Draft:
    """A section while its tokens are being collected."""

    id: RuleId
    title: str
    translated_from: str | None
    location: Location
    first_line: int
    tokens: list = field(default_factory=list)
    summary: list = field(default_factory=list)
    xrefs: list = field(default_factory=list)
    tables: list = field(default_factory=list)
    examples: list = field(default_factory=list)
    last_line: int = 0

    def freeze(self, lines: list[str]) -> Section:
        return Section(
            id=self.id, title=self.title,
            source="\n".join(lines[self.first_line:self.last_line]),
            tokens=tuple(self.tokens), summary=tuple(self.summary),
            location=self.location, xrefs=tuple(self.xrefs), tables=tuple(self.tables),
            examples=tuple(self.examples), translated_from=self.translated_from,
        )


def _heading(inline: Any, location: Location, level: int) -> tuple[RuleId, str, str | None]:
    match = _HEADING.match(inline.content)
    what = "chapter" if level == 1 else "section"
    if not match:
        raise ContentError(location, f"{what} heading without ID: {inline.content!r} "
                                     f"(write e.g. '{'#' * level} C4.7 Attack Resolution')")
    try:
        rule_id = RuleId.parse(match["id"])
    except ValueError:
        raise ContentError(location, f"{what} heading without ID: {inline.content!r} "
                                     f"({match['id']!r} is not a rule ID)") from None
    if (level == 1) != rule_id.is_chapter:
        expected = "a chapter ID like C4" if level == 1 else "a section ID like C4.7"
        raise ContentError(location, f"level-{level} heading needs {expected}, not {rule_id}")
    return rule_id, match["title"].strip(), match["from"]


def _scan_inline(inline: Any, file: str, draft: _Draft) -> None:
    line = inline.map[0] + 1
    before = ""
    for child in inline.children or []:
        if child.type in ("softbreak", "hardbreak"):
            line += 1
            before += " "
        elif child.type == "xref":
            try:
                target = RuleId.parse(child.content)
            except ValueError:
                target = None
            draft.xrefs.append(XRef(raw=child.content, target=target, short=child.meta["short"],
                                    location=Location(file, line),
                                    preceding_text=before[-_CONTEXT_CHARS:]))
            before += "{" + child.content + "}"
        else:
            before += child.content


def parse_prose(text: str, file: str, table_ids: Collection[TableId]) -> list[Chapter]:
    """Split one Markdown file into chapters and sections, checking its constructs."""
    tokens = parser().parse(text, {})
    lines = text.splitlines()
    chapters: list[tuple[_Draft, list[_Draft]]] = []
    current: _Draft | None = None
    open_blocks: list[str] = []
    index = 0
    location = Location(file, 1)
    while index < len(tokens):
        token = tokens[index]
        # A closing token has no source lines; it is reported at the last token that had.
        location = Location(file, token.map[0] + 1) if token.map else location
        if token.type == "heading_open" and token.tag in ("h1", "h2"):
            if open_blocks:
                raise ContentError(location, f"'::: {open_blocks[-1]}' block is not closed "
                                             f"before this heading (end it with a ':::' line)")
            assert token.map is not None  # block tokens always carry their source lines
            level = int(token.tag[1])
            rule_id, title, translated_from = _heading(tokens[index + 1], location, level)
            if current:
                current.last_line = token.map[0]
            current = _Draft(rule_id, title, translated_from, location, first_line=token.map[1])
            if level == 1:
                chapters.append((current, []))
            elif not chapters:
                raise ContentError(location, f"section {rule_id} comes before any chapter heading "
                                             f"('# {rule_id.chapter_id} Title')")
            else:
                chapters[-1][1].append(current)
            index += 3
            continue
        if current is None:
            if token.type == "inline" or token.map:
                raise ContentError(location or Location(file, 1),
                                   "text before the first chapter heading ('# C1 Title')")
            index += 1
            continue
        into = current.summary if "summary" in open_blocks else current.tokens
        if token.type.startswith("container_") and token.type.endswith("_open"):
            assert token.map is not None  # block tokens always carry their source lines
            name = token.info.strip().split()[0]
            if name == "summary":
                if "summary" in open_blocks:
                    raise ContentError(location, "a summary cannot contain another summary")
                if token.map[1] >= len(lines) and not lines[token.map[1] - 1].strip().startswith(":::"):
                    raise ContentError(location, "'::: summary' block is not closed (end it with a ':::' line)")
                open_blocks.append(name)
                index += 1
                continue
            if name == "example":
                argument = block_argument(token.info)
                words = argument.split(maxsplit=1)
                if len(words) < 2:
                    raise ContentError(location, "example block needs an ID and a title: "
                                                 "'::: example <id> <Title>'")
                try:
                    example_id = ExampleId.parse(words[0])
                except ValueError as exc:
                    raise ContentError(location, str(exc)) from None
                token.meta = {"id": example_id, "title": words[1]}
                current.examples.append(ExamplePlacement(example_id, words[1], location))
            elif name == "quote":
                token.meta = {"attribution": block_argument(token.info)}
            open_blocks.append(name)
            if token.map[1] >= len(lines) and not lines[token.map[1] - 1].strip().startswith(":::"):
                raise ContentError(location, f"'::: {name}' block is not closed (end it with a ':::' line)")
        elif token.type.startswith("container_") and token.type.endswith("_close"):
            name = open_blocks.pop()
            if name == "summary":
                index += 1
                continue
        elif token.type == "table_ref":
            try:
                table_id = TableId.parse(token.content)
            except ValueError as exc:
                raise ContentError(location, str(exc)) from None
            if table_id not in table_ids:
                raise ContentError(location, f"unknown table {table_id!s} (no table with this ID "
                                             f"under content/tables/){did_you_mean(table_id, table_ids)}")
            token.meta = {"table": table_id}
            current.tables.append(TablePlacement(table_id, location, in_summary=into is current.summary))
        elif token.type == "board_ref":
            try:
                RuleId.parse(token.content)
            except ValueError:
                raise ContentError(location, f"{{board:{token.content}}} names no mission: write the "
                                             f"mission's section ID, e.g. {{board:M2.1}}") from None
        elif token.type == "odds_ref":
            if token.content not in CHARTS:
                raise ContentError(location, f"unknown odds chart {{odds:{token.content}}} "
                                             f"(charts: {', '.join(CHARTS)}){did_you_mean(token.content, CHARTS)}")
        elif token.type == "art_ref":
            # A file of content/art/ by its name alone: a path could reach outside it.
            if not token.content or "/" in token.content or "\\" in token.content \
                    or token.content.startswith("."):
                raise ContentError(location, f"{{art: {token.content}}} must name an image file of content/art/ "
                                             f"by its name: '{{art: file.png | caption}}'")
        elif token.type == "inline":
            if token.content.startswith(":::"):
                raise ContentError(location, f"unknown or malformed block {token.content.splitlines()[0]!r} "
                                             f"(blocks: '::: example <id> <Title>', '::: quote <by>', "
                                             f"'::: summary', closed by ':::')")
            if any(directive in token.content
                   for directive in ("{table:", "{pagebreak}", "{odds:", "{board:", "{art:")):
                raise ContentError(location, "a {table:...}, {odds:...}, {board:...}, {art:...} or {pagebreak} line "
                                             "must stand on a line of its own")
            _scan_inline(token, file, current)
        into.append(token)
        index += 1
    if open_blocks:
        raise ContentError(Location(file, len(lines)), f"'::: {open_blocks[-1]}' block is not closed")
    if current:
        current.last_line = len(lines)
    return [
        Chapter(intro=intro.freeze(lines), sections=tuple(s.freeze(lines) for s in sections))
        for intro, sections in chapters
    ]
