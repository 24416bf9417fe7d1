"""Markdown dialect of the rule sections: markdown-it-py plus our constructs.

- ``{C2.4}`` / ``{=C2.4}``: cross-references (inline token ``xref``);
- ``{$claims.damage}`` / ``{$given.faces.0:word}``: a worked example's number, printed from its
  data (inline token ``example_field``; see :mod:`sacredwire.example_text`);
- ``{$rule.C4.15.blast}`` / ``{$table.falling.4-to-6.damage}``: a rule's number, printed from
  ``content/rules.yaml`` or a table cell (the same ``example_field`` token; see :mod:`sacredwire.rule_fields`);
- ``{not-a-rule:28 mm}``: words holding a number that states no rule (a scale, a volume, a year),
  printed as written (inline token ``not_a_rule``), so the checker does not ask for a field;
- a line ``{table:melee-weapons}``: a table placement (block token ``table_ref``);
- a line ``{pagebreak}``: a forced page break (block token ``pagebreak``);
- a line ``{odds:win}``: a chart of opposed-roll odds the rules engine computes at build time
  (block token ``odds_ref``);
- a line ``{board:M2.1}``: a mission's board, drawn from ``content/boards.yaml`` (block token
  ``board_ref``, which the loader replaces by the drawing);
- a line ``{art: file.png | caption}``: a designer-supplied image from ``content/art/`` placed here
  (block token ``art_ref``: the file as content, ``meta["caption"]`` its caption);
- ``::: example <id> <title>``, ``::: quote <attribution>``, ``::: summary``:
  fenced blocks (mdit-py-plugins' container).

Parsing produces tokens only; what they print is decided by the renderer.
"""

from __future__ import annotations

import re
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline
from mdit_py_plugins.container import container_plugin

BLOCK_NAMES = ("example", "quote", "summary")

# Anything that looks like an ID in braces; the loader parses it and the
# checker reports what does not parse, so a typo is never silently printed.
XREF_PATTERN = re.compile(r"\{(=?)([A-Z][A-Za-z0-9.]{0,12})\}")
# A worked example's field: a path into its given or claims, and an optional format.
FIELD_PATTERN = re.compile(r"\{\$(?P<path>[^{}:]+?)(?::(?P<format>[A-Za-z-]+))?\}")
# Words with a number that is not a rule, marked so a reader of the source sees it is meant.
NOT_A_RULE_PATTERN = re.compile(r"\{not-a-rule:(?P<text>[^{}\n]+)\}")
_DIRECTIVE = re.compile(r"^\{(table:(?P<table>[^}\s]*)|odds:(?P<odds>[^}\s]*)|board:(?P<board>[^}\s]*)"
                        r"|(?P<pagebreak>pagebreak)|art:(?P<art>[^}|]*)(?:\|(?P<caption>[^}]*))?)\}\s*$")


def _xref_rule(state: StateInline, silent: bool) -> bool:
    if state.src[state.pos] != "{":
        return False
    match = XREF_PATTERN.match(state.src, state.pos)
    if not match:
        return False
    if not silent:
        token = state.push("xref", "", 0)
        token.content = match.group(2)
        token.meta = {"short": match.group(1) == "="}
    state.pos = match.end()
    return True


def _field_rule(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith("{$", state.pos):
        return False
    match = FIELD_PATTERN.match(state.src, state.pos)
    if not match:
        return False
    if not silent:
        token = state.push("example_field", "", 0)
        token.content = match.group()
        token.meta = {"path": match["path"].strip(), "format": match["format"] or ""}
    state.pos = match.end()
    return True


def _not_a_rule(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith("{not-a-rule:", state.pos):
        return False
    match = NOT_A_RULE_PATTERN.match(state.src, state.pos)
    if not match:
        return False
    if not silent:
        token = state.push("not_a_rule", "", 0)
        token.content = match["text"]
    state.pos = match.end()
    return True


def _directive_rule(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    if state.is_code_block(start_line):
        return False
    begin = state.bMarks[start_line] + state.tShift[start_line]
    line = state.src[begin : state.eMarks[start_line]]
    match = _DIRECTIVE.match(line)
    if not match:
        return False
    if silent:
        return True
    if match["pagebreak"]:
        token = state.push("pagebreak", "", 0)
    elif match["odds"] is not None:
        token = state.push("odds_ref", "", 0)
        token.content = match["odds"]
    elif match["board"] is not None:
        token = state.push("board_ref", "", 0)
        token.content = match["board"]
    elif match["art"] is not None:
        token = state.push("art_ref", "", 0)
        token.content = match["art"].strip()
        token.meta = {"caption": (match["caption"] or "").strip()}
    else:
        token = state.push("table_ref", "", 0)
        token.content = match["table"]
    token.map = [start_line, start_line + 1]
    state.line = start_line + 1
    return True


def _block_validator(name: str):
    def validate(params: str, *args) -> bool:
        words = params.strip().split(maxsplit=1)
        return bool(words) and words[0] == name

    return validate


@cache
def parser() -> MarkdownIt:
    """The shared parser (raw HTML allowed for inline SVG diagrams)."""
    md = MarkdownIt("commonmark", {"html": True, "typographer": False})
    # `{` is one of markdown-it's text terminators, so this rule sees every brace.
    md.inline.ruler.before("text", "xref", _xref_rule)
    md.inline.ruler.before("text", "example_field", _field_rule)
    md.inline.ruler.before("text", "not_a_rule", _not_a_rule)
    # A directive line may follow a text line directly: it ends the paragraph.
    md.block.ruler.before("paragraph", "directive", _directive_rule, {"alt": ["paragraph"]})
    for name in BLOCK_NAMES:
        md.use(container_plugin, name=name, validate=_block_validator(name))
    return md


def block_argument(info: str) -> str:
    """What follows the block name on a ``:::`` line (``example ties Ties`` -> ``ties Ties``)."""
    words = info.strip().split(maxsplit=1)
    return words[1].strip() if len(words) > 1 else ""
