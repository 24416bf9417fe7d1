"""The consistency checker: registered checks, each a generator of findings.

Checks never stop at the first problem: every registered check runs, and the
findings are sorted by place. Each family of checks lives in its own module
and registers its checks with :func:`check`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator

from ..diagnostics import Diagnostic, Severity
from ..model import Rulebook
from ..registry import CheckRegistry

CheckFunction = Callable[[Rulebook], Iterable[Diagnostic]]

REGISTRY: CheckRegistry[CheckFunction] = CheckRegistry()
# Register a check of a family (``xref``, ``ids``, ``tables``, ...).
check = REGISTRY.register


def run_checks(rulebook: Rulebook, families: Collection[str] | None = None) -> list[Diagnostic]:
    """Every finding of every registered check (or of ``families``), sorted by file and line."""
    findings = [finding for registered in REGISTRY.of(families) for finding in registered.function(rulebook)]
    return sorted(findings, key=Diagnostic.sort_key)


def errors_in(findings: Iterable[Diagnostic]) -> list[Diagnostic]:
    return [finding for finding in findings if finding.severity is Severity.ERROR]


def iter_xrefs(rulebook: Rulebook) -> Iterator:
    """(language, reference) for every reference in prose and in table words."""
    for booklet, section in iter_sections(rulebook):
        for xref in section.xrefs:
            yield booklet.lang, xref
    for table in rulebook.tables.values():
        yield from table.xrefs


def iter_sections(rulebook: Rulebook) -> Iterator:
    """(booklet, section) for every section of every booklet and language (an English section
    standing in a translation that has none yet is checked once, as English)."""
    for booklet in rulebook.booklets.values():
        for section in booklet.all_sections():
            if not section.untranslated:
                yield booklet, section


# Importing each family's module registers its checks.
from . import (  # noqa: E402,F401
    art,
    catalogs,
    examples,
    glossary,
    glyphs,
    ids,
    languages,
    metadata,
    numbers,
    pagemap,
    quickref,
    reference_style,
    safety,
    settings,
    spanish,
    squads,
    tables,
    xrefs,
)
