"""Mission boards: labels knocked out of the grid lines under them.

A board's labels sit on its grid; a grid line through a word strikes it out.
Each label is drawn twice: first in white with a white outline (a halo that
covers the lines under the word, printing no ink), then as written.
"""

from __future__ import annotations

import re

_TEXT = re.compile(r"<text\b(?P<attributes>[^>]*)>(?P<content>.*?)</text>", re.S)
# Paint attributes the halo sets itself.
_PAINT = re.compile(r"\s(?:fill|stroke|stroke-width|stroke-linejoin)=\"[^\"]*\"")
HALO_WIDTH = 2.2


def knocked_out_labels(svg: str) -> str:
    """``svg`` with a white halo drawn under each of its labels.

    >>> knocked_out_labels('<text x="1" fill="#000">Zone</text>')  # doctest: +NORMALIZE_WHITESPACE
    '<text x="1" fill="#fff" stroke="#fff" stroke-width="2.2" stroke-linejoin="round"
      aria-hidden="true">Zone</text><text x="1" fill="#000">Zone</text>'
    """
    def halo(match: re.Match[str]) -> str:
        attributes = _PAINT.sub("", match["attributes"])
        return (f'<text{attributes} fill="#fff" stroke="#fff" stroke-width="{HALO_WIDTH:g}" '
                f'stroke-linejoin="round" aria-hidden="true">{match["content"]}</text>{match.group()}')

    return _TEXT.sub(halo, svg)
