"""The search index: every chapter and section of every language, as a script.

The index is a JavaScript file assigning a JSON array, not a JSON file to
fetch: browsers refuse ``fetch`` from ``file://``, and a script tag works
from a folder on disk as well as from any static host.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass

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


# Diagrams' drawing labels are left out (their alternative text is in the prose).
_SVG = re.compile(r"<svg\b.*?</svg>", re.S)
# Elements whose text never runs on into the next one's ("<td>2</td><td>4</td>").
_BREAK = re.compile(r"</?(?:p|li|td|th|tr|caption|div|h[1-6]|aside|figcaption|br)\b[^>]*>")
_TAG = re.compile(r"<[^>]*>")


def plain_text(fragment: str) -> str:
    """The words a reader sees in an HTML fragment the renderer made, whitespace collapsed.

    The renderer escapes ``<`` and ``>`` in text and attributes, so every
    ``<`` here starts a tag.

    >>> plain_text('<p>Roll <strong>2d8</strong> &amp; add.</p><p>Next</p>\\n<svg><text>A</text></svg>')
    'Roll 2d8 & add. Next'
    >>> plain_text('Out \\u200b<span>of\\u00a0Action</span>')
    'Out of Action'
    """
    text = _TAG.sub("", _BREAK.sub(" ", _SVG.sub(" ", fragment)))
    # Zero-width spaces and soft hyphens only mark line break opportunities (render/_typography.py).
    return re.sub(r"\s+", " ", re.sub("[\u00ad\u200b\u2060]", "", html.unescape(text))).strip()


def search_index_script(entries: Sequence[SearchEntry]) -> str:
    """``search-index.js``: the entries as one JSON array assigned to a global."""
    data = json.dumps([entry.as_json() for entry in entries], ensure_ascii=False, separators=(",", ":"))
    # "</" cannot end a script element early when the file is inlined somewhere.
    data = data.replace("</", "<\\/")
    return f"window.{INDEX_VARIABLE} = {data};\n"
