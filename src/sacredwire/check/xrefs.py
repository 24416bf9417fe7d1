"""Cross-reference checks: every ``{ID}`` must name a section that exists."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..diagnostics import Diagnostic, Severity
from ..ids import BOOKLET_LETTERS
from ..model import Rulebook
from . import check, iter_sections

_ID_SHAPE = re.compile(r"^[A-Z]\d+(?:\.\d+)?$")


@check("xref")
def malformed_reference(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for _, section in iter_sections(rulebook):
        for xref in section.xrefs:
            if xref.target is not None:
                continue
            if _ID_SHAPE.match(xref.raw) and xref.raw[0] not in BOOKLET_LETTERS:
                yield Diagnostic("XREF003", Severity.ERROR, xref.location,
                                 f"reference {{{xref.raw}}} uses booklet letter {xref.raw[0]!r}, "
                                 f"which is not C, A, I, K or M",
                                 "Requisitions is A: R3.2 is written {A3.2}")
            else:
                yield Diagnostic("XREF002", Severity.ERROR, xref.location,
                                 f"malformed reference {{{xref.raw}}}", "write an ID such as {C4.7}")


@check("xref")
def unknown_target(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for booklet, section in iter_sections(rulebook):
        known = rulebook.sections(booklet.lang)
        for xref in section.xrefs:
            if xref.target is not None and xref.target not in known:
                yield Diagnostic("XREF001", Severity.ERROR, xref.location,
                                 f"reference to unknown section {xref.target}",
                                 "check the ID, or write the target section first")
