"""Findings as text, JSON or GitHub Actions annotations."""

from __future__ import annotations

import json
from collections.abc import Sequence

from .diagnostics import Diagnostic, Severity


def _summary(findings: Sequence[Diagnostic]) -> str:
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = len(findings) - errors
    return f"{errors} error(s), {warnings} warning(s)"


def report(findings: Sequence[Diagnostic], form: str) -> str:
    """All findings in ``form`` (text, json or github), ending with a newline."""
    if form == "json":
        return json.dumps({"findings": [
            {"code": f.code, "severity": f.severity.value, "file": f.location.file,
             "line": f.location.line, "message": f.message, "hint": f.hint} for f in findings
        ]}, indent=2, ensure_ascii=False) + "\n"
    if form == "github":
        lines = [f"::{f.severity.value} file={f.location.file},line={f.location.line}::{f.code} {f.message}"
                 for f in findings]
        return "".join(line + "\n" for line in lines)
    lines = [str(f) for f in findings]
    lines.append(_summary(findings))
    return "\n".join(lines) + "\n"
