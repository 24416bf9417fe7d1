"""``content/quick-reference.yaml`` is checked with the rest, not first inside a build."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..diagnostics import ContentError, Diagnostic, Location, Severity
from ..model import Rulebook
from ..render import LAYOUT_FILE, RenderContext
from ..render.pages import PageMap
from ..render.quickref import layout_for
from . import check, iter_sections


@check("quickref")
def quick_reference_layout(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """The layout file, validated against the content of every complete language.

    A language still missing booklets cannot have a quick reference yet, so it
    is not checked against it; a project without the file builds no quick
    reference.
    """
    if not (Path(rulebook.root) / LAYOUT_FILE).exists():
        # Summaries are written for the quick reference alone: without its layout they are lost.
        summaries = sorted({str(section.id) for _, section in iter_sections(rulebook) if section.summary})
        if summaries:
            yield Diagnostic("QREF002", Severity.ERROR, Location(LAYOUT_FILE, 1),
                             f"missing: {len(summaries)} section(s) have a '::: summary' block for the quick "
                             f"reference ({', '.join(summaries[:3])}{', …' if len(summaries) > 3 else ''}) but no "
                             f"layout places them", "restore the file, or see the quick reference section of "
                                                    "content/README.md")
        return
    for lang in rulebook.meta.languages:
        if not all((booklet.key, lang) in rulebook.booklets for booklet in rulebook.meta.booklets):
            continue
        try:
            layout_for(RenderContext(rulebook, lang, PageMap(), {}))
        except ContentError as error:
            yield Diagnostic("QREF001", Severity.ERROR, error.location, error.message,
                             "see the quick reference section of content/README.md")
            return  # the same layout error would repeat for every language
