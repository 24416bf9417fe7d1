"""Preflight reports as text (page ranges folded) or JSON.

>>> from sacredwire.diagnostics import Severity
>>> findings = [Finding("PF301", Severity.ERROR, "a.pdf", page, "DeviceRGB colour (text) in a CMYK-only edition")
...             for page in (1, 2, 3, 5)]
>>> print("\\n".join(finding_lines(findings)))
a.pdf:p1-3,5: error PF301: DeviceRGB colour (text) in a CMYK-only edition
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from ..diagnostics import Severity
from ..runs import runs
from .findings import Finding

FORMATS = ("text", "json")


def page_ranges(pages: Iterable[int]) -> str:
    """``1-3,5`` for pages 1, 2, 3 and 5."""
    return ",".join(str(first) if first == last else f"{first}-{last}" for first, last in runs(sorted(set(pages))))


def finding_lines(findings: Sequence[Finding]) -> list[str]:
    """One line per distinct finding, its pages folded into ranges, in page order."""
    groups: dict[tuple, list[int | None]] = {}
    for finding in findings:
        groups.setdefault((finding.file, finding.severity.value, finding.code, finding.message), []).append(
            finding.page)
    lines = []
    for (file, severity, code, message), pages in groups.items():
        numbers = [page for page in pages if page is not None]
        where = f"{file}:p{page_ranges(numbers)}" if numbers else file
        first = min(numbers, default=0)
        lines.append(((file, first, code), f"{where}: {severity} {code}: {message}"))
    return [line for _, line in sorted(lines, key=lambda item: item[0])]


def fact_lines(report) -> list[str]:
    """``  p3-22: trim 148.0×210.0 mm, …``: pages with the same facts on one line, in page order."""
    pages_by_summary: dict[str, list[int]] = {}
    for page in report.pages:
        pages_by_summary.setdefault(page.summary(), []).append(page.number)
    return [f"  p{page_ranges(pages)}: {summary}" for summary, pages in pages_by_summary.items()]


def counts(findings: Sequence[Finding]) -> tuple[int, int]:
    errors = sum(1 for finding in findings if finding.severity is Severity.ERROR)
    return errors, len(findings) - errors


def as_text(report, with_facts: bool = True) -> str:
    """A file's report: heading, facts page by page, findings, totals."""
    profile = report.profile
    lines = [f"{report.file}: {len(report.pages)} page(s), checked as {profile.edition} {profile.product}"]
    if with_facts:
        lines.extend(fact_lines(report))
    lines.extend(finding_lines(report.findings))
    errors, warnings = counts(report.findings)
    lines.append(f"{report.file}: {errors} error(s), {warnings} warning(s)")
    return "\n".join(lines) + "\n"


def as_json(reports, unreadable: dict[str, str]) -> str:
    """Every file's facts and findings, and the files that could not be read."""
    files = []
    for report in reports:
        errors, warnings = counts(report.findings)
        files.append({"file": report.file, "edition": report.profile.edition, "product": report.profile.product,
                      "errors": errors, "warnings": warnings,
                      "pages": [page.as_dict() for page in report.pages],
                      "findings": [finding.as_dict() for finding in report.findings]})
    files.extend({"file": name, "unreadable": reason} for name, reason in unreadable.items())
    return json.dumps({"files": files}, indent=2, ensure_ascii=False) + "\n"
