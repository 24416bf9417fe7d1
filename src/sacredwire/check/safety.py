"""Raw HTML in content may draw (inline SVG, spans) but never reach outside the page.

Content is untrusted input: a pull request could write
``<link rel="attachment" href="../.env">`` to embed a file of the machine
that builds it into a PDF, or a ``javascript:`` link for the reader to click.
Every raw HTML fragment of the prose and of table words is parsed, and each
construct that reads a file, attaches one or runs a script is a finding at its
line, before anything is laid out. Beyond those, whatever is not on the
allow-list of ``markup/allowlist.py`` (an element, an attribute, an event
handler, a link's scheme) is a finding too: the web renderer leaves it out.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser

from ..diagnostics import Diagnostic, Location, Severity
from ..markup import parser
from ..markup.allowlist import IGNORED_IN_URL, REFUSED_SCHEMES, refusals
from ..model import Rulebook, Text
from . import check, iter_sections

_HINT = "content may use inline SVG and plain markup; it cannot read, attach or run anything"


# Deeper nesting than any drawing needs; thousands of levels exhaust the
# layout engine's recursion.
MAX_DEPTH = 100
_VOID = frozenset({"area", "br", "col", "hr", "img", "input", "wbr"})


class _Fragment(HTMLParser):
    """The problems of one raw HTML fragment, each with its line within the fragment."""

    def __init__(self, depth: int) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[tuple[int, str, str]] = []
        # Elements stay open across fragments (an inline <span> closed in a
        # later one), so the depth is carried from fragment to fragment.
        self.depth = depth

    def handle_endtag(self, tag: str) -> None:
        self.depth = max(0, self.depth - 1)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._check(tag, attrs)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._check(tag, attrs)
        if tag not in _VOID:
            self.depth += 1
            if self.depth == MAX_DEPTH + 1:
                self.problems.append((self.getpos()[0], "SAFE005", f"elements nested more than {MAX_DEPTH} deep"))

    def _check(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        for refusal in refusals(tag, attrs):
            self.problems.append((line, refusal.code, refusal.message))


@dataclass
class _Nesting:
    """How deep elements (raw HTML and Markdown's own) are open at this point of a file."""

    depth: int = 0
    # The ``:::`` blocks open at this point: name and line.
    blocks: list[tuple[str, int]] = field(default_factory=list)

    def step(self, change: int, file: str, line: int) -> Iterator[Diagnostic]:
        """Open (+1) or close (-1) an element; a finding when this passes the limit."""
        self.depth = max(0, self.depth + change)
        if change > 0 and self.depth == MAX_DEPTH + 1:
            yield Diagnostic("SAFE005", Severity.ERROR, Location(file, line),
                             f"elements nested more than {MAX_DEPTH} deep", _HINT)


def _html_problems(html: str, first_line: int, file: str, nesting: _Nesting) -> Iterator[Diagnostic]:
    # Each fragment is parsed on its own, so an unclosed comment or tag in one
    # cannot hide what the next one says.
    fragment = _Fragment(nesting.depth)
    fragment.feed(html)
    fragment.close()
    nesting.depth = fragment.depth
    opened = html.rfind("<!--")
    if opened >= 0 and html.find("-->", opened + 4) < 0:
        # An unclosed comment hides everything after it, headings and anchors included.
        yield Diagnostic("SAFE006", Severity.ERROR, Location(file, first_line + html.count("\n", 0, opened)),
                         "HTML comment '<!--' is not closed: it would hide the rest of the text",
                         "close it with '-->' on the same block, or remove it")
    for line, code, message in fragment.problems:
        yield Diagnostic(code, Severity.ERROR, Location(file, first_line + line - 1), message, _HINT)


def _link_problem(token, location: Location) -> Iterator[Diagnostic]:
    """A Markdown link or image whose target is refused."""
    for name in ("href", "src"):
        target = token.attrGet(name)
        if not target:
            continue
        url = IGNORED_IN_URL.sub("", str(target)).lower()
        if url.startswith(REFUSED_SCHEMES):
            yield Diagnostic("SAFE002", Severity.ERROR, location,
                             f"link to {target!r}: {url.split(':')[0]}: URLs are not allowed", _HINT)
        elif name == "src":
            yield Diagnostic("SAFE003", Severity.ERROR, location,
                             f"image {target!r}: content images are not supported "
                             f"(draw diagrams as inline SVG)", _HINT)


def _inline_problems(inline, first_line: int, file: str, nesting: _Nesting) -> Iterator[Diagnostic]:
    line = first_line
    for child in inline.children or []:
        if child.type in ("softbreak", "hardbreak"):
            line += 1
        elif child.type == "html_inline":
            yield from _html_problems(child.content, line, file, nesting)
        elif child.type in ("link_open", "image"):
            yield from _link_problem(child, Location(file, line))
            if child.type == "image":
                yield from _inline_problems(child, line, file, nesting)
        # Emphasis, links and the like nest too; thousands of levels exhaust the layout engine.
        yield from nesting.step(child.nesting, file, line)


def _block_problems(token, file: str, line: int, nesting: _Nesting) -> Iterator[Diagnostic]:
    """A ``:::`` block left open: the parser closes it only at the end of the file (or at the closing
    line of a later block), so it swallows what follows, headings included."""
    if token.type.endswith("_open"):
        name = token.info.strip().split(maxsplit=1)[0] if token.info.strip() else ""
        if any(open_name == name for open_name, _ in nesting.blocks):
            # Blocks never hold one of their own kind: the earlier one was left open.
            open_line = next(open_line for open_name, open_line in nesting.blocks if open_name == name)
            yield Diagnostic("SAFE009", Severity.ERROR, Location(file, open_line),
                             f"'::: {name}' block is not closed before the next '::: {name}' (line {line}): "
                             f"it swallows what lies between", "close it with a line of ':::'")
        nesting.blocks.append((name, line))
    elif nesting.blocks:
        name, open_line = nesting.blocks.pop()
        if not token.markup:
            yield Diagnostic("SAFE009", Severity.ERROR, Location(file, open_line),
                             f"'::: {name}' block is never closed: everything after it would be inside it",
                             "close it with a line of ':::'")


def _token_problems(tokens, file: str, nesting: _Nesting) -> Iterator[Diagnostic]:
    for token in tokens:
        first_line = token.map[0] + 1 if token.map else 1
        if token.type.startswith("container_") and token.type.endswith(("_open", "_close")):
            yield from _block_problems(token, file, first_line, nesting)
        elif token.type == "heading_open" and nesting.blocks:
            # No block holds a heading: the block was left open and swallowed the next section.
            name, open_line = nesting.blocks[-1]
            yield Diagnostic("SAFE009", Severity.ERROR, Location(file, open_line),
                             f"'::: {name}' block is not closed before the heading of line {first_line}: it "
                             f"swallows what follows", "close it with a line of ':::'")
            nesting.blocks.clear()
        if token.type == "html_block":
            yield from _html_problems(token.content, first_line, file, nesting)
        elif token.type == "inline":
            yield from _inline_problems(token, first_line, file, nesting)
        yield from nesting.step(token.nesting, file, first_line)


def _text_problems(text: Text, location: Location) -> Iterator[Diagnostic]:
    for _, words in sorted(text.values.items()):
        for problem in _token_problems(parser().parse(words, {}), location.file, _Nesting()):
            # Table words are one YAML value: the finding points at its row.
            yield Diagnostic(problem.code, problem.severity, location, problem.message, problem.hint)


@check("safety")
def unsafe_markup(rulebook: Rulebook) -> Iterator[Diagnostic]:
    nesting: dict[str, _Nesting] = {}
    for _, section in iter_sections(rulebook):
        file = section.location.file
        yield from _token_problems((*section.tokens, *section.summary), file,
                                   nesting.setdefault(file, _Nesting()))
    for table in rulebook.tables.values():
        texts = [(table.location, table.title)] + ([(table.location, table.note)] if table.note else [])
        texts += [(row.location, cell) for row in table.rows for cell in row.cells.values()
                  if isinstance(cell, Text)]
        for location, text in texts:
            yield from _text_problems(text, location)
