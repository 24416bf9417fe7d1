"""The screen edition: a tagged PDF in its language, opening on its outline with its title shown.

PF801 no /Lang · PF802 not tagged (no /MarkInfo /Marked true or no /StructTreeRoot) ·
PF803 an outline not shown on opening (/PageMode not /UseOutlines) · PF804 the file
name, not the title, in the title bar (/ViewerPreferences /DisplayDocTitle not true)
"""

from __future__ import annotations

from collections.abc import Iterator

from ...diagnostics import Severity
from ..document import Document
from ..findings import Finding
from ..profiles import Profile
from . import preflight_check


@preflight_check("screen")
def accessibility(document: Document, profile: Profile) -> Iterator[Finding]:
    if not profile.accessible:
        return
    catalog = document.catalog
    if not str(catalog.get("/Lang", "")).strip():
        yield Finding("PF801", Severity.ERROR, document.name, None, "no /Lang: screen readers cannot pick a voice")
    mark_info = catalog.get("/MarkInfo")
    marked = mark_info is not None and bool(mark_info.get("/Marked", False))
    if not marked or "/StructTreeRoot" not in catalog:
        yield Finding("PF802", Severity.ERROR, document.name, None,
                      "not a tagged PDF (needs /MarkInfo /Marked true and a /StructTreeRoot)")
    if "/Outlines" in catalog and catalog.get("/PageMode") != "/UseOutlines":
        yield Finding("PF803", Severity.WARNING, document.name, None,
                      "has bookmarks but does not show them on opening (/PageMode /UseOutlines)")
    preferences = catalog.get("/ViewerPreferences")
    if preferences is None or not preferences.get("/DisplayDocTitle", False):
        yield Finding("PF804", Severity.WARNING, document.name, None,
                      "the title bar shows the file name (/ViewerPreferences /DisplayDocTitle true shows the title)")
