"""Preflight findings: a code, a severity, the file, the page (or the whole file), what is wrong."""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Severity


@dataclass(frozen=True)
class Finding:
    """One problem found in a PDF. ``page`` is 1-based; None for the document as a whole.

    >>> print(Finding("PF303", Severity.ERROR, "core-rules.pdf", 3, "fill at 283% total ink (limit 240%)"))
    core-rules.pdf:p3: error PF303: fill at 283% total ink (limit 240%)
    >>> print(Finding("PF703", Severity.ERROR, "core-rules.pdf", None, "no PDF/X OutputIntent"))
    core-rules.pdf: error PF703: no PDF/X OutputIntent
    """

    code: str
    severity: Severity
    file: str
    page: int | None
    message: str

    @property
    def where(self) -> str:
        return self.file if self.page is None else f"{self.file}:p{self.page}"

    def sort_key(self) -> tuple:
        return (self.file, self.page or 0, self.code, self.message)

    def as_dict(self) -> dict:
        return {"code": self.code, "severity": self.severity.value, "file": self.file, "page": self.page,
                "message": self.message}

    def __str__(self) -> str:
        return f"{self.where}: {self.severity.value} {self.code}: {self.message}"


class UnreadablePdf(Exception):
    """The bytes are not a PDF qpdf can open, or not one to check (exit code 2)."""

    def __init__(self, name: str, reason: str):
        super().__init__(f"{name}: {reason}")
        self.name = name
        self.reason = reason
