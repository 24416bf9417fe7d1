"""Findings as text, JSON or GitHub Actions annotations.

>>> from sacredwire.diagnostics import Location
>>> finding = Diagnostic("XREF001", Severity.ERROR, Location("content/a.md", 3), "bad", "fix it")
>>> print(report([finding], "text", ExampleTally(passed=2, failed=0)), end="")
content/a.md:3: XREF001 bad
    hint: fix it
1 error, 0 warnings; 2 of 2 worked examples verified
>>> print(report([finding], "github", ExampleTally(passed=2, failed=0)), end="")
::error file=content/a.md,line=3::XREF001 bad
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from .diagnostics import Diagnostic, Severity

FORMATS = ("text", "json", "github")


@dataclass(frozen=True)
class ExampleTally:
    """How many worked examples the rules engine reproduced."""

    passed: int
    failed: int

    @property
    def total(self) -> int:
        return self.passed + self.failed


@dataclass(frozen=True)
class NumberTally:
    """Words marked as stating no rule (``{not-a-rule:...}``), and the booklets and table files
    (``tables/core.yaml``) whose words are not yet checked for numbers typed by hand: both show in the
    summary, so marking a rule's number away shows."""

    marks: int
    unchecked: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = f"{_count(self.marks, 'number')} marked not-a-rule"
        if self.unchecked:
            text += f"; typed numbers not checked in {', '.join(self.unchecked)}"
        return text


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def summary(findings: Sequence[Diagnostic], examples: ExampleTally, numbers: NumberTally | None = None) -> str:
    """``2 errors, 1 warning; 21 of 22 worked examples verified; 4 numbers marked not-a-rule``."""
    errors = sum(1 for finding in findings if finding.severity is Severity.ERROR)
    return (f"{_count(errors, 'error')}, {_count(len(findings) - errors, 'warning')}; "
            f"{examples.passed} of {examples.total} worked examples verified"
            + (f"; {numbers}" if numbers is not None else ""))


def _escape(text: str, in_property: bool = False) -> str:
    """GitHub workflow-command escaping (``%``, line breaks; ``:`` and ``,`` in properties)."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if in_property else text


def _github(finding: Diagnostic) -> str:
    where = (f"file={_escape(finding.location.file, True)},"
             f"line={finding.location.line}")
    return f"::{finding.severity.value} {where}::{_escape(f'{finding.code} {finding.message}')}"


def _json(findings: Sequence[Diagnostic], examples: ExampleTally, numbers: NumberTally | None) -> str:
    extra = {} if numbers is None else {"numbers": {"not_a_rule_marks": numbers.marks,
                                                    "unchecked_booklets": list(numbers.unchecked)}}
    return json.dumps({
        "findings": [{"code": f.code, "severity": f.severity.value, "file": f.location.file,
                      "line": f.location.line, "message": f.message, "hint": f.hint} for f in findings],
        "examples": {"passed": examples.passed, "failed": examples.failed},
        **extra,
    }, indent=2, ensure_ascii=False)


def report(findings: Sequence[Diagnostic], form: str, examples: ExampleTally,
           numbers: NumberTally | None = None) -> str:
    """All findings in ``form`` (text, json or github), ending with a newline."""
    if form == "json":
        return _json(findings, examples, numbers) + "\n"
    if form == "github":
        return "".join(_github(finding) + "\n" for finding in findings)
    lines = []
    for finding in findings:
        lines.append(str(finding))
        if finding.hint:
            lines.append(f"    hint: {finding.hint}")
    lines.append(summary(findings, examples, numbers))
    return "\n".join(lines) + "\n"
