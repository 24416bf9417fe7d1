"""The search index: every chapter and section of every language, as a script.

The index is a JavaScript file assigning a JSON array, not a JSON file to
fetch: browsers refuse ``fetch`` from ``file://``, and a script tag works
from a folder on disk as well as from any static host.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..model import Rulebook

# The variables site/search.js reads.
INDEX_VARIABLE = "SW28_SEARCH_INDEX"
WORDS_VARIABLE = "SW28_SEARCH_WORDS"


@dataclass(frozen=True)
class SearchEntry:
    """One rule section as search sees it; ``url`` is relative to the site root."""

    lang: str
    rule_id: str
    title: str
    volume: str
    url: str
    html: str
    # Index terms of content/search.yaml this rule defines.
    terms: tuple[str, ...] = ()

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {"lang": self.lang, "id": self.rule_id, "title": self.title, "volume": self.volume,
                                   "url": self.url, "text": plain_text(self.html)}
        if self.terms:
            data["terms"] = list(self.terms)
        return data


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


def search_words(rulebook: Rulebook, langs: Sequence[str]) -> dict[str, dict[str, list]]:
    """Per language, the synonym groups and stop words search.js uses.

    The groups are ``content/search.yaml``'s and the glossary's abbreviations
    (a term and its abbreviation find each other); groups that share a member
    become one.
    """
    words: dict[str, dict[str, list]] = {}
    for lang in langs:
        groups = [list(group) for group in rulebook.search[lang].synonyms] if lang in rulebook.search else []
        for term in rulebook.glossary.values():
            if term.abbr is None or lang not in term.abbr.values or lang not in term.text.values:
                continue
            pair = [term.text[lang].lower(), term.abbr[lang].lower()]
            if pair[0] != pair[1]:
                groups.append(pair)
        words[lang] = {"synonyms": _merged(groups),
                       "stop": list(rulebook.search[lang].stop_words) if lang in rulebook.search else []}
    return words


def _merged(groups: list[list[str]]) -> list[list[str]]:
    """Groups that share a member, as one group; members in first-seen order."""
    merged: list[list[str]] = []
    for group in groups:
        joined = [existing for existing in merged if set(existing) & set(group)]
        combined = [member for existing in joined for member in existing] + group
        merged = [existing for existing in merged if existing not in joined] + [list(dict.fromkeys(combined))]
    return merged


def search_index_script(entries: Sequence[SearchEntry], words: Mapping[str, Mapping[str, list]]) -> str:
    """``search-index.js``: the entries as one JSON array assigned to a global, then the search words."""
    data = json.dumps([entry.as_json() for entry in entries], ensure_ascii=False, separators=(",", ":"))
    # "</" cannot end a script element early when the file is inlined somewhere.
    data = data.replace("</", "<\\/")
    return (f"window.{INDEX_VARIABLE} = {data};\n"
            f"window.{WORDS_VARIABLE} = {json.dumps(words, ensure_ascii=False, separators=(',', ':'))};\n")
