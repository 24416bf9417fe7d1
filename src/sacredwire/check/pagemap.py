"""The committed page map (``content/pagemap.yaml``) against the sources it was measured from.

A stale map is a warning, not an error: the build never prints a page from
it without measuring that page (it lays the booklets out again and rewrites
the map), so a stale map costs a layout pass, never a wrong page. It is
reported so that the map committed with the content is the one a fresh
clone's first build can lay each booklet out once from (``--strict``, as CI
runs the check, holds a commit to that).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..build_record import PAGE_MAP
from ..diagnostics import ContentError, Diagnostic, Location, Severity
from ..model import Rulebook
from ..pagemap import read_page_map, sources_digest
from . import check

_REBUILD = "run 'sw28 build' (any booklet target), then commit content/pagemap.yaml with the content"


@check("pagemap")
def stale_page_map(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """A language whose pages the map lacks, or were measured from other sources than today's.

    A project without a map has nothing to report: its first build writes one.
    """
    root = Path(rulebook.root)
    try:
        committed = read_page_map(root)
    except ContentError as error:
        yield Diagnostic("PAGE002", Severity.WARNING, error.location,
                         f"the page map cannot be read ({error.message}); the next build replaces it", _REBUILD)
        return
    if committed is None:
        return
    for lang in rulebook.meta.languages:
        entry = committed.get(lang)
        if not any(booklet_lang == lang for _, booklet_lang in rulebook.booklets):
            continue
        if entry is None:
            yield Diagnostic("PAGE001", Severity.WARNING, Location(PAGE_MAP, 1),
                             f"the page map has no pages for {lang}: a cold build lays each {lang} booklet out twice",
                             _REBUILD)
        elif entry.sources != sources_digest(root, lang, rulebook.meta.languages):
            yield Diagnostic("PAGE001", Severity.WARNING, Location(PAGE_MAP, entry.line),
                             f"the page map's {lang} pages were measured from other sources than today's "
                             f"(content, print templates or catalog changed since): a cold build may lay each "
                             f"{lang} booklet out twice", _REBUILD)
