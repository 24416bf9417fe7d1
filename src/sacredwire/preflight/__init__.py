"""Preflight: read any PDF and report what a printer (or a screen reader) would object to.

>>> profile = profile_for("pod", "booklet-interior")
>>> findings = preflight_pdf(pdf_bytes, "core-rules.pdf", profile)      # doctest: +SKIP
>>> [str(f) for f in findings if f.severity is Severity.ERROR]         # doctest: +SKIP
['core-rules.pdf:p3: error PF303: fill at 283% total ink (limit 240%), at 10.0, 20.0 mm ...']

:func:`preflight_pdf` is pure: bytes in, findings out. :func:`inspect_pdf`
adds the per-page facts (boxes, bleed, colour spaces, total ink, text size,
fonts) the ``sw28 preflight`` command prints. Unreadable bytes raise
:class:`UnreadablePdf`. The codes and their checks live in ``checks/``, one
module per family; the requirements of each edition in :mod:`.profiles`.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

import pikepdf

from ..diagnostics import Severity
from .checks import REGISTRY, preflight_check, run_checks
from .document import Document, PageFacts
from .findings import Finding, UnreadablePdf
from .profiles import AUTO_PRODUCT, EDITIONS, PRODUCTS, Profile, guess_product, profile_for


@dataclass(frozen=True)
class PreflightReport:
    """One file's facts page by page, and its findings."""

    file: str
    profile: Profile
    pages: tuple[PageFacts, ...]
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> tuple[Finding, ...]:
        return tuple(finding for finding in self.findings if finding.severity is Severity.ERROR)


def inspect_pdf(data: bytes, name: str, profile: Profile | None = None, *, edition: str = "any",
                product: str = AUTO_PRODUCT, **overrides) -> PreflightReport:
    """Facts and findings for the PDF ``data`` called ``name``.

    Pass a ``profile``, or an ``edition`` and ``product`` (``auto`` guesses it from the
    file, see :mod:`.profiles`) with optional ``ink_limit``/``safe_margin`` overrides.
    """
    document = Document(data, name)
    if profile is None:
        if product == AUTO_PRODUCT:
            with _damage_is_unreadable(name):
                first = document.pages[0].trim if document.pages else None
                product = guess_product(len(document.pages), (first.width, first.height) if first else (0.0, 0.0))
        profile = profile_for(edition, product, **overrides)
    with _damage_is_unreadable(name):
        findings = run_checks(document, profile)
        pages = tuple(page.facts() for page in document.pages)
    return PreflightReport(name, profile, pages, tuple(findings))


def preflight_pdf(data: bytes, name: str, profile: Profile) -> list[Finding]:
    """Every finding for the PDF ``data`` (reported as ``name``) against ``profile``, sorted by page.

    Raises :class:`UnreadablePdf` when the bytes are not a PDF or are damaged beyond checking.
    """
    document = Document(data, name)
    with _damage_is_unreadable(name):
        return run_checks(document, profile)


@contextmanager
def _damage_is_unreadable(name: str):
    """A foreign file's damage met while checking (a box that is not numbers, a dictionary that is
    an array...) makes the file unreadable, never a crash."""
    try:
        yield
    except (pikepdf.PdfError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError) as error:
        raise UnreadablePdf(name, f"damaged beyond checking ({type(error).__name__}: {error})") from None


__all__ = ["AUTO_PRODUCT", "EDITIONS", "PRODUCTS", "REGISTRY", "Finding", "PageFacts", "PreflightReport",
           "Profile", "Severity", "UnreadablePdf", "inspect_pdf", "preflight_check", "preflight_pdf",
           "profile_for"]
