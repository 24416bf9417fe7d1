"""The preflight checks: one module per family, each check registered with :func:`preflight_check`.

A check is a generator ``(document, profile) -> findings``; it decides from the
profile whether it applies and how severe its findings are. Every registered
check runs; the findings are sorted by file, page and code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...diagnostics import Severity
from ...registry import CheckRegistry
from ..document import Document
from ..findings import Finding
from ..profiles import Profile

CheckFunction = Callable[[Document, Profile], Iterable[Finding]]

REGISTRY: CheckRegistry[CheckFunction] = CheckRegistry()
# Register a check of a family (``boxes``, ``colour``, ``text``, ``marks``, ``fonts``, ...).
preflight_check = REGISTRY.register


def run_checks(document: Document, profile: Profile) -> list[Finding]:
    """Every finding of every registered check, sorted by page and code."""
    findings = [finding for registered in REGISTRY for finding in registered.function(document, profile)]
    return sorted(findings, key=Finding.sort_key)


def error_if(required: bool) -> Severity:
    """Error when the profile requires it, else warning."""
    return Severity.ERROR if required else Severity.WARNING


from . import boxes, colour, content, fonts, images, marks, pagecount, pdfx, screen, text  # noqa: E402,F401
