"""A section's new text as plain paragraphs, for the errata: references rendered, no source markup.

The section is rendered as the booklet prints it (references with title, ID
and page, fields filled in, tables as rows), then reduced to text: one
paragraph per block, with no ``{A3.10}``, ``###`` or HTML left in it.
"""

from __future__ import annotations

import html.parser
import re

# Elements that end a paragraph of the plain text.
_BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote", "figcaption", "caption", "div",
           "dt", "dd"}
_CELLS = {"td", "th"}
# Drawn, never read: an SVG picture's text is labels, not rules.
_SKIPPED = {"svg", "script", "style"}


class _Text(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.paragraphs: list[str] = []
        self._words: list[str] = []
        self._skipping = 0
        self._cells = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in _SKIPPED:
            self._skipping += 1
        elif tag in _CELLS and self._cells:
            self._words.append(" · ")
        if tag in _CELLS:
            self._cells += 1
        if tag == "tr":
            self._cells = 0

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED:
            self._skipping = max(0, self._skipping - 1)
        elif tag in _BLOCKS:
            self._flush()

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self._words.append(data)

    def _flush(self) -> None:
        text = re.sub(r"\s+", " ", "".join(self._words).replace("\u200b", "").replace("\u00ad", "")).strip()
        if text:
            self.paragraphs.append(text)
        self._words = []

    def close(self) -> None:
        super().close()
        self._flush()


def plain_paragraphs(html_text: str) -> tuple[str, ...]:
    """The paragraphs of rendered HTML as plain text (every run of spaces one space, soft hyphens dropped).

    >>> plain_paragraphs('<p>Roll <a href="#C1-2">Ties (C1.2, p.\\u00a04)</a>.</p><h4>Note</h4>')
    ('Roll Ties (C1.2, p. 4).', 'Note')
    """
    parser = _Text()
    parser.feed(html_text)
    parser.close()
    return tuple(parser.paragraphs)
