"""PF001: a page whose content stream cannot be interpreted (its other checks saw nothing)."""

from __future__ import annotations

from collections.abc import Iterator

from ...diagnostics import Severity
from ..document import Document
from ..findings import Finding
from ..profiles import Profile
from . import preflight_check


@preflight_check("content")
def readable_content(document: Document, profile: Profile) -> Iterator[Finding]:
    for page in document.pages:
        page.paints  # noqa: B018  (interpreting the page sets its content_error)
        if page.content_error:
            yield Finding("PF001", Severity.ERROR, document.name, page.number,
                          f"content stream unreadable ({page.content_error})")
