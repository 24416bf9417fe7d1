"""Locations and findings shared by every stage.

A :class:`Diagnostic` is a checker finding; a :class:`ContentError` is input
so broken that nothing can be built from it (exit code 2).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Location:
    """Where something was read from: a project-relative path and a 1-based line."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Diagnostic:
    """One finding: a stable code, a severity, where, what, and how to fix it."""

    code: str
    severity: Severity
    location: Location
    message: str
    hint: str = ""

    def sort_key(self) -> tuple:
        return (self.location.file, self.location.line, self.code, self.message)

    def __str__(self) -> str:
        return f"{self.location}: {self.code} {self.message}"


class ContentError(Exception):
    """Input that cannot be loaded: reported as ``file:line: message``."""

    def __init__(self, location: Location, message: str):
        super().__init__(f"{location}: {message}")
        self.location = location
        self.message = message


class LayoutError(Exception):
    """A document could not be laid out or finished cleanly (the build reports it and writes nothing)."""
