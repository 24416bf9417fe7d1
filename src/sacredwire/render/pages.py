"""Where anchors landed: booklet key -> anchor -> physical page (cover = 1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class PageMap:
    """Page numbers known from a previous layout pass, for every booklet of a language."""

    # Printed before a layout pass has told us the page; two digits so the
    # first pass takes about the space the final number will.
    PLACEHOLDER = "00"

    anchors: Mapping[str, Mapping[str, int]] = field(default_factory=dict)

    def page(self, booklet: str, anchor: str) -> int | None:
        return self.anchors.get(booklet, {}).get(anchor)
