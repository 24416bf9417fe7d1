"""A section's Markdown source, line by line, with real file line numbers.

Checks that read prose as written (plain-text IDs, numbers, version strings)
use these instead of the parsed tokens, which carry no line for inline text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..model import Section

# `{C4.7}`, `{=C4.7}`, `{table:x}`, `{pagebreak}`: printed by the renderer, not as written.
_BRACES = re.compile(r"\{[^{}\n]*\}")
# `::: example <id> <title>` and friends: block syntax, not prose.
_BLOCK_LINE = re.compile(r"^\s*:::")


def source_lines(section: Section) -> Iterator[tuple[int, str]]:
    """``(line, text)`` for every line of the section's body.

    The body starts on the line after the heading (headings are one ``#`` line).
    """
    first = section.location.line + 1
    for offset, text in enumerate(section.source.splitlines()):
        yield first + offset, text


def prose_lines(section: Section) -> Iterator[tuple[int, str]]:
    """Like :func:`source_lines`, without block lines and with every ``{...}`` blanked."""
    for line, text in source_lines(section):
        if not _BLOCK_LINE.match(text):
            yield line, _BRACES.sub(" ", text)
