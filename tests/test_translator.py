"""The translator's day: what is stale or missing with the English changed since, stamping only what was
done, and template strings that are findings wherever the content is checked."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project, run_sw28

EN = "content/core-rules/en/04-combat.md"
ES = "content/core-rules/es/04-combat.md"
CATALOG = "locales/es/LC_MESSAGES/messages.po"


def _git(project: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@example.org", *args], cwd=project,
                          check=True, capture_output=True, text=True).stdout.strip()


def _edit(project: Path, rel: str, old: str, new: str) -> None:
    path = project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    project = copy_project(tmp_path / "project")
    _git(project, "init", "-q", "-b", "main")
    _git(project, "add", "-A")
    _git(project, "commit", "-q", "-m", "translated")
    return project


def test_stale_and_missing_sections_are_listed_with_the_english_diff_since_translation(repository: Path) -> None:
    translated = _git(repository, "rev-parse", "--short", "HEAD")
    _edit(repository, EN, "Measure from base edge.", "Measure from the edge of the base.")
    with (repository / EN).open("a", encoding="utf-8") as english:
        english.write("\n## C4.21 Overtime\n\nPlay one more round when both squads agree.\n")
    _git(repository, "commit", "-q", "-am", "English edits")
    result = run_sw28("translations", cwd=repository)
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    stale = next(index for index, line in enumerate(lines) if " C4.4 was translated from an older English" in line)
    assert lines[stale].startswith(f"{ES}:56: es: ")
    assert lines[stale + 1].strip() == f"translated from the English of {translated} (see 'sw28 changes {translated}')"
    assert "[-base edge.-] {+the edge of the base.+}" in lines[stale + 2]
    assert any(line.startswith(f"{EN}:") and "C4.21 Overtime has no es translation yet" in line for line in lines)
    # The revision it names is one 'sw28 changes' accepts, and it reports the same section.
    changes = run_sw28("changes", translated, "--lang", "en", cwd=repository)
    assert changes.returncode == 0 and "C4.4" in changes.stdout
    # A FILE narrows the list; it is never silently ignored.
    narrowed = run_sw28("translations", ES, cwd=repository)
    assert narrowed.returncode == 1 and "C4.4" in narrowed.stdout
    other = run_sw28("translations", "content/core-rules/es/01-world.md", cwd=repository)
    assert other.returncode == 0 and "C4.4" not in other.stdout, other.stdout


def test_stamp_takes_section_ids_and_stamps_only_those(repository: Path) -> None:
    _edit(repository, EN, "Measure from base edge.", "Measure from the edge of the base.")
    _edit(repository, EN, "## C4.19 Morale\n\n", "## C4.19 Morale\n\nMorale matters.\n\n")
    before = (repository / ES).read_text(encoding="utf-8").splitlines()
    for args, why in ((["--stamp"], "add --all"), (["--stamp", ES], "--whole-file"),
                      (["--stamp", "C4.44"], "did you mean C4.4?"), (["--whole-file"], "only go with --stamp")):
        result = run_sw28("translations", *args, cwd=repository)
        assert result.returncode == 2 and why in result.stderr, (args, result.stderr)
    assert (repository / ES).read_text(encoding="utf-8").splitlines() == before
    result = run_sw28("translations", "--stamp", "C4.4", cwd=repository)
    assert result.returncode == 0, result.stderr
    after = (repository / ES).read_text(encoding="utf-8").splitlines()
    changed = [(old, new) for old, new in zip(before, after, strict=True) if old != new]
    assert len(changed) == 1 and changed[0][0].startswith("## C4.4 ") and "{from=" in changed[0][1]
    listing = run_sw28("translations", cwd=repository)
    assert " C4.4 " not in listing.stdout and " C4.19 " in listing.stdout
    assert run_sw28("translations", "--stamp", "--whole-file", ES, cwd=repository).returncode == 0
    assert run_sw28("translations", cwd=repository).returncode == 0


def test_untranslated_or_fuzzy_template_strings_are_findings(tmp_path: Path) -> None:
    from sacredwire.preview import Preview

    project = copy_project(tmp_path)
    catalog = (project / CATALOG).read_text(encoding="utf-8")
    line = catalog[:catalog.index('msgid "Contents"')].count("\n") + 1
    _edit(project, CATALOG, 'msgid "Contents"\nmsgstr "Índice"', 'msgid "Contents"\nmsgstr ""')
    _edit(project, CATALOG, 'msgid "Errata"\n', '#, fuzzy\nmsgid "Errata"\n')
    check = run_sw28("check", cwd=project)
    assert check.returncode == 1
    assert f"{CATALOG}:{line}: CAT001 template string 'Contents' is not translated" in check.stdout
    assert "CAT002 template string 'Errata' is fuzzy" in check.stdout
    refused = run_sw28("build", "web", "--lang", "es", "--out", "out", cwd=project)
    assert refused.returncode == 1 and "CAT001" in refused.stderr and not (project / "out" / "web").exists()
    # An English build needs no Spanish catalog.
    assert run_sw28("build", "web", "--lang", "en", "--out", "out", cwd=project).returncode == 0
    said: list[str] = []
    Preview(project, ["en", "es"], said.append, pdfs=False).rebuild()
    assert any(f"{CATALOG}:{line}: error: CAT001" in line_said for line_said in said), said


def test_one_catalog_command_with_stable_headers(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    # The strings the renderer prints are extracted from the code too.
    shutil.copytree(PROJECT / "src", project / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    committed = {rel: (PROJECT / rel).read_bytes() for rel in ("locales/messages.pot", CATALOG)}
    result = run_sw28("catalogs", cwd=project)
    assert result.returncode == 0, result.stderr
    # The committed catalogs are what the command makes: no date or header churn, run after run.
    assert {rel: (project / rel).read_bytes() for rel in committed} == committed
    assert run_sw28("catalogs", cwd=project).stderr.strip() == "every template string is translated"
