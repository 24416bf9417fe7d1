"""The search index: every chapter and section of every language, as a script.

The index is a JavaScript file assigning a JSON array, not a JSON file to
fetch: browsers refuse ``fetch`` from ``file://``, and a script tag works
from a folder on disk as well as from any static host.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from html.parser import HTMLParser

# The variable site/search.js reads.
INDEX_VARIABLE = "SW28_SEARCH_INDEX"


@dataclass(frozen=True)
class SearchEntry:
    """One rule section as search sees it; ``url`` is relative to the site root."""

    lang: str
    rule_id: str
    title: str
    volume: str
    url: str
    html: str

    def as_json(self) -> dict[str, str]:
        return {"lang": self.lang, "id": self.rule_id, "title": self.title, "volume": self.volume,
                "url": self.url, "text": plain_text(self.html)}


_SKIPPED = {"svg", "script", "style"}
# Elements whose text never runs on into the next one's ("<td>2</td><td>4</td>").
_BLOCKS = {"p", "li", "td", "th", "tr", "caption", "div", "h3", "h4", "h5", "h6", "aside", "figcaption", "br"}


class _TextCollector(HTMLParser):
    """The words a reader sees; diagrams' drawing labels are left out (their alt text is in the prose)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs) -> None:
        if tag in _SKIPPED:
            self._skipping += 1
        elif tag in _BLOCKS:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIPPED and self._skipping:
            self._skipping -= 1
        elif tag in _BLOCKS:
            self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.parts.append(data)


def plain_text(html: str) -> str:
    """The text of an HTML fragment, whitespace collapsed.

    >>> plain_text('<p>Roll <strong>2d8</strong>.</p>\\n<svg><text>A</text></svg>')
    'Roll 2d8.'
    """
    collector = _TextCollector()
    collector.feed(html)
    collector.close()
    return re.sub(r"\s+", " ", "".join(collector.parts)).strip()


def search_index_script(entries: Sequence[SearchEntry]) -> str:
    """``search-index.js``: the entries as one JSON array assigned to a global."""
    data = json.dumps([entry.as_json() for entry in entries], ensure_ascii=False, separators=(",", ":"))
    # "</" cannot end a script element early when the file is inlined somewhere.
    data = data.replace("</", "<\\/")
    return f"window.{INDEX_VARIABLE} = {data};\n"
