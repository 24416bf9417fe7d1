"""What every ``sw28`` command shares: --version, -q/-v, progress, exit codes, --lang, "did you mean"."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project, run_sw28

BILINGUAL = PROJECT / "tests" / "roots" / "check-clean" / "content"
MINIMAL = PROJECT / "tests" / "roots" / "minimal" / "content"


def _edit(project: Path, rel: str, old: str, new: str) -> None:
    path = project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_version_names_the_package(tmp_path: Path) -> None:
    result = run_sw28("--version", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stdout.strip() == f"sw28 {version('sacredwire')}"


@pytest.mark.parametrize("args, expected", [
    (["buidl"], "did you mean build?"),
    (["build", "--edition", "screem"], "did you mean screen?"),
    (["build", "quick-ref"], "did you mean quick-reference?"),
    (["build", "--lang", "ES"], "did you mean es?"),
    (["check", "--format", "jsno"], "did you mean json?"),
    (["changes", "--lang", "esp"], "did you mean es?"),
])
def test_a_wrong_name_on_the_command_line_gets_a_suggestion_and_exit_2(tmp_path: Path, args: list[str],
                                                                       expected: str) -> None:
    project = copy_project(tmp_path, MINIMAL)
    result = run_sw28(*args, cwd=project)
    assert result.returncode == 2, result.stderr
    assert expected in result.stderr and "Traceback" not in result.stderr


def test_a_language_the_book_has_not_is_a_usage_error(tmp_path: Path) -> None:
    project = copy_project(tmp_path, MINIMAL)  # an English-only book
    result = run_sw28("build", "web", "--lang", "es", cwd=project)
    assert result.returncode == 2
    assert result.stderr.startswith("error: --lang 'es' is not a language of content/book.yaml")


def test_unknown_names_in_the_content_get_a_suggestion(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    equipment = "content/requisitions/en/03-equipment.md"
    _edit(project, equipment, "{C4.7}", "{C4.77}")
    result = run_sw28("check", cwd=project)
    assert result.returncode == 1
    assert "XREF001 reference to unknown section C4.77 (did you mean C4.7?)" in result.stdout
    _edit(project, equipment, "{C4.77}", "{C4.7}")
    _edit(project, "content/tables/core.yaml", "name: defense", "name: defence")
    result = run_sw28("check", cwd=project)
    assert "'defence' is not a glossary term (did you mean defense?)" in result.stdout, result.stdout


def test_an_unknown_table_gets_a_suggestion(tmp_path: Path) -> None:
    project = copy_project(tmp_path, MINIMAL)
    _edit(project, "content/core-rules/en/01-basics.md", "{table:armor}", "{table:armour}")
    result = run_sw28("check", cwd=project)
    assert result.returncode == 2
    assert "unknown table armour" in result.stderr and "(did you mean armor?)" in result.stderr


def test_a_build_refused_for_a_finding_exits_like_check(tmp_path: Path) -> None:
    project = copy_project(tmp_path, MINIMAL)
    _edit(project, "content/core-rules/en/01-basics.md", "See {C1.2}.", "See {C1.9}.")
    check = run_sw28("check", cwd=project)
    build = run_sw28("build", "web", cwd=project)
    assert check.returncode == build.returncode == 1
    assert "build refused" in build.stderr and not (project / "build" / "web").exists()
    _edit(project, "content/tables/core.yaml", "title: {en: Armor, es: Armadura}", "title: {en: Armor, es: Armadura")
    assert run_sw28("check", cwd=project).returncode == run_sw28("build", "web", cwd=project).returncode == 2


def test_the_default_language_is_every_language_of_the_book(tmp_path: Path) -> None:
    project = copy_project(tmp_path, BILINGUAL)
    result = run_sw28("build", "web", cwd=project)
    assert result.returncode == 0, result.stderr
    site = project / "build" / "web"
    assert (site / "en").is_dir() and (site / "es").is_dir()


def test_piped_output_is_plain_lines_and_quiet_or_verbose_change_how_much(tmp_path: Path) -> None:
    project = copy_project(tmp_path, BILINGUAL)
    plain = run_sw28("build", "web", "--out", "a", cwd=project)
    assert plain.returncode == 0, plain.stderr
    lines = plain.stderr.splitlines()
    assert lines and not any(line.startswith("wrote ") for line in lines)
    assert "\x1b" not in plain.stderr  # no terminal codes in a log
    assert any(line.startswith("[") and "/" in line.split("]")[0] for line in lines), lines
    assert lines[-1].endswith(" s") and "file(s)" in lines[-1]
    verbose = run_sw28("build", "web", "--out", "b", "-v", cwd=project)
    written = [line for line in verbose.stderr.splitlines() if line.startswith("wrote ")]
    assert len(written) == int(lines[-1].split()[0]) > 0
    quiet = run_sw28("build", "web", "--out", "c", "-q", cwd=project)
    assert quiet.returncode == 0 and quiet.stderr == "" and quiet.stdout == ""
    assert (project / "c" / "web" / "index.html").is_file()


def test_a_terminal_gets_a_live_count_and_the_current_document(tmp_path: Path) -> None:
    project = copy_project(tmp_path, BILINGUAL)
    controller, terminal = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "sacredwire", "build", "web"], cwd=project,
                               stdin=terminal, stdout=terminal, stderr=terminal,
                               env={**os.environ, "TERM": "xterm-256color", "COLUMNS": "120"})
    os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal closed: the build has ended
            break
        if not chunk:
            break
        shown += chunk
    os.close(controller)
    assert process.wait() == 0, shown
    text = shown.decode("utf-8", "replace")
    assert "en: making web" in text and "1/1" in text, text
    assert "wrote " not in text
