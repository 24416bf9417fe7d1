"""Where anchors landed: booklet key -> anchor -> physical page (cover = 1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..ids import SECTION_ANCHOR


@dataclass(frozen=True)
class PageMap:
    """Page numbers known from a previous layout pass, for every booklet of a language."""

    # Printed before a layout pass has told us the page; two digits so the
    # first pass takes about the space the final number will.
    PLACEHOLDER = "00"

    anchors: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def page(self, booklet: str, anchor: str) -> int | None:
        return self.anchors.get(booklet, {}).get(anchor)


def printed(anchors: Mapping[str, int]) -> dict[str, int]:
    """The anchors of ``anchors`` whose pages a document prints: the rule sections'.

    Where a table or a worked example landed is never printed, so whether a
    layout pass printed the right pages is decided by the sections alone (and
    the committed page map holds only theirs).
    """
    return {name: page for name, page in anchors.items() if name.startswith(SECTION_ANCHOR)}


def same_printed_pages(first: Mapping[str, Mapping[str, int]], second: Mapping[str, Mapping[str, int]]) -> bool:
    """Whether two maps of booklets' anchors print the same pages (the same booklets, the same sections' pages)."""
    return first.keys() == second.keys() and all(printed(first[key]) == printed(second[key]) for key in first)
