"""``sw28 check`` as CI runs it: three formats, exit codes 0, 1 and 2, --strict."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import PROJECT, run_sw28

ROOTS = PROJECT / "tests" / "roots"
EN = "content/core-rules/en/01-basics.md"
ES = "content/core-rules/es/01-basics.md"
UNKNOWN = f"{EN}:5: XREF001 reference to unknown section C1.7 (did you mean C1.3?)"


def test_clean_content_exits_0_with_a_summary() -> None:
    result = run_sw28("check", cwd=ROOTS / "check-clean")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ("0 errors, 0 warnings; 0 of 0 worked examples verified; 0 numbers marked "
                             "not-a-rule; typed numbers not checked in core-rules, tables/core.yaml\n")


def test_text_lists_findings_with_hints_then_counts() -> None:
    result = run_sw28("check", cwd=ROOTS / "check-xref-unknown-target")
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        UNKNOWN,
        "    hint: check the ID, or write the target section first",
        "1 error, 0 warnings; 0 of 0 worked examples verified; 0 numbers marked not-a-rule; "
        "typed numbers not checked in core-rules, tables/core.yaml",
    ]


def test_json() -> None:
    result = run_sw28("check", "--format", "json", cwd=ROOTS / "check-xref-unknown-target")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["examples"] == {"passed": 0, "failed": 0}
    [finding] = data["findings"]
    assert {key: finding[key] for key in ("code", "severity", "file", "line", "message")} == {
        "code": "XREF001", "severity": "error", "file": EN, "line": 5,
        "message": "reference to unknown section C1.7 (did you mean C1.3?)"}


def test_github_annotations() -> None:
    result = run_sw28("check", "--format", "github", cwd=ROOTS / "check-xref-unknown-target")
    assert result.returncode == 1
    assert result.stdout == (f"::error file={EN},line=5::XREF001 reference to unknown section C1.7 "
                             "(did you mean C1.3?)\n")
    assert "1 error, 0 warnings" in result.stderr


def test_warnings_fail_only_with_strict() -> None:
    stale = ROOTS / "check-lang-stale"
    assert run_sw28("check", cwd=stale).returncode == 0
    result = run_sw28("check", "--strict", "--format", "github", cwd=stale)
    assert result.returncode == 1
    assert result.stdout.startswith(f"::warning file={ES},line=13::LANG007 C1.3 was translated")


def test_unloadable_content_exits_2_without_traceback(tmp_path: Path) -> None:
    shutil.copytree(ROOTS / "check-clean" / "content", tmp_path / "content")
    tables = tmp_path / "content" / "tables" / "core.yaml"
    tables.write_text(tables.read_text().replace("    die: d6\n", "    die: d6\n    die: d8\n"))
    result = run_sw28("check", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "content/tables/core.yaml:5: error: duplicate key 'die'\n"
    assert "Traceback" not in result.stderr
    assert result.stdout == ""
