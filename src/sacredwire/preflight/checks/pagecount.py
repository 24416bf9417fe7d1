"""PF201: a saddle-stitched booklet has a multiple of 4 pages."""

from __future__ import annotations

from collections.abc import Iterator

from ...diagnostics import Severity
from ..document import Document
from ..findings import Finding
from ..profiles import Profile
from . import preflight_check


@preflight_check("pages")
def page_multiple(document: Document, profile: Profile) -> Iterator[Finding]:
    count, multiple = len(document.pages), profile.page_multiple
    if multiple and count % multiple:
        yield Finding("PF201", Severity.ERROR, document.name, None,
                      f"{count} pages, not a multiple of {multiple} (a {profile.product} is saddle-stitched)")
