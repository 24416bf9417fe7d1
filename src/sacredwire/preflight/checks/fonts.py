"""Fonts: every font embedded; Type 3 fonts flagged.

PF601 font not embedded (an error where the edition needs them all, else a warning) ·
PF602 Type 3 font (often a bitmap; prints soft)
Each font is reported once, on the first page that uses it.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...diagnostics import Severity
from ..document import Document
from ..findings import Finding
from ..profiles import Profile
from . import error_if, preflight_check


@preflight_check("fonts")
def font_programs(document: Document, profile: Profile) -> Iterator[Finding]:
    reported: set[str] = set()
    for page in document.pages:
        for font in page.fonts:
            if font.name in reported:
                continue
            if not font.embedded:
                reported.add(font.name)
                yield Finding("PF601", error_if(profile.fonts_embedded or bool(profile.pdfx_versions)),
                              document.name, page.number, f"font {font.name} ({font.subtype}) is not embedded")
            elif font.type3:
                reported.add(font.name)
                yield Finding("PF602", Severity.WARNING, document.name, page.number,
                              f"font {font.name} is a Type 3 font")
