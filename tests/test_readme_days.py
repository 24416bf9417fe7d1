"""The README's "A day with sw28": each person's commands, run as written, in a fresh git repository.

The designer and the translator work on a copy of the project's content; the
release manager releases the minimal project (a release builds every target,
and the test keeps that cheap).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project, run_sw28, share_cache_entries
from test_serve import _free_port, wait_for

README = PROJECT / "README.md"
COMBAT_EN, COMBAT_ES = "content/core-rules/en/04-combat.md", "content/core-rules/es/04-combat.md"
LONG = 600


def commands(person: str) -> list[list[str]]:
    """The commands of one person's section of the README, in order, as argument lists (without 'sw28')."""
    text = README.read_text(encoding="utf-8")
    day = text.split("## A day with sw28\n", 1)[1].split("\n## ", 1)[0]
    section = day.split(f"### The {person}\n", 1)[1].split("\n### ", 1)[0]
    found = [shlex.split(line.strip())[1:] for line in section.splitlines() if re.match(r"^ {4}sw28 ", line)]
    assert found, f"no command in the README's section for the {person}"
    return found


def git(project: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=D", "-c", "user.email=d@example.org", *args], cwd=project,
                          check=True, capture_output=True, text=True).stdout.strip()


def _edit(project: Path, rel: str, old: str, new: str) -> None:
    path = project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _repository(project: Path) -> Path:
    (project / ".gitignore").write_text("build/\n")
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "start")
    return project


def _serve(project: Path, args: list[str]) -> None:
    """``sw28 serve`` as the designer runs it (on a free port): clean, a finding after a save, clean again."""
    port = _free_port()
    process = subprocess.Popen([sys.executable, "-m", "sacredwire", *args, "--port", str(port)], cwd=project,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "COLUMNS": "200"})
    url = f"http://127.0.0.1:{port}/__preview/status"

    def status() -> dict:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                return json.loads(response.read())
        except OSError:
            return {}

    try:
        # Clean, and the watches in place: an edit saved before them would go unseen.
        wait_for(lambda: (found := status()).get("clean") is True and found.get("watching") is True, LONG)
        _edit(project, COMBAT_EN, "{I1}", "{I9}")
        wait_for(lambda: any("XREF001" in problem for problem in status().get("problems", [])), LONG)
        _edit(project, COMBAT_EN, "{I9}", "{I1}")
        wait_for(lambda: status().get("clean") is True, LONG)
        process.send_signal(signal.SIGINT)
        _, said = process.communicate(timeout=60)
        assert process.returncode == 0, said
        assert "XREF001" in said and said.count("clean: no findings in the content") >= 2
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def test_the_designers_day(tmp_path: Path, layout_cache: Path) -> None:
    project = _repository(copy_project(tmp_path / "project"))
    # The layouts the session's builds made, as the designer's (ignored) build/ folder holds them from the day
    # before: the booklet and the PDFs the server lays out beside the site come from them.
    share_cache_entries(layout_cache, project / "build" / ".cache")
    designer = commands("designer")
    assert designer
    for args in designer:
        if args[0] == "serve":
            _serve(project, args)
            continue
        if args[0] == "check":
            _edit(project, COMBAT_EN, "{I1}", "{I9}")
            broken = run_sw28(*args, cwd=project)
            assert broken.returncode == 1 and "XREF001" in broken.stdout
            _edit(project, COMBAT_EN, "{I9}", "{I1}")
        result = run_sw28(*args, cwd=project)
        assert result.returncode == 0, (args, result.stderr)
        if args[0] == "build":
            assert (project / "build" / "en" / "screen" / "core-rules.pdf").is_file()
            assert (project / "build" / "en" / "screen" / "README.txt").is_file()


def test_the_translators_day(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    shutil.copytree(PROJECT / "src", project / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    _repository(project)
    translated = git(project, "rev-parse", "--short", "HEAD")
    _edit(project, COMBAT_EN, "Measure from base edge.", "Measure from base edge, always.")
    git(project, "commit", "-q", "-am", "English: measuring")
    listed = stamped = False
    for args in commands("translator"):
        if args[:2] == ["translations", "--stamp"]:
            # The translator has translated the section first.
            _edit(project, COMBAT_ES, "Mide desde el borde de la peana.", "Mide desde el borde de la peana, siempre.")
            result = run_sw28(*args, cwd=project)
            assert result.returncode == 0, result.stderr
            assert run_sw28("translations", cwd=project).returncode == 0
            stamped = True
        elif args == ["translations"]:
            result = run_sw28(*args, cwd=project)
            assert result.returncode == 1
            assert f"translated from the English of {translated}" in result.stdout
            assert "[-edge.-] {+edge, always.+}" in result.stdout, result.stdout
            listed = True
        else:
            result = run_sw28(*args, cwd=project)
            assert result.returncode == 0, (args, result.stderr)
    assert listed and stamped


def test_the_release_managers_day(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", PROJECT / "tests" / "roots" / "minimal" / "content")
    with (project / "content/core-rules/en/01-basics.md").open("a", encoding="utf-8") as prose:
        prose.write("\n::: summary\nLower DT wins ties.\n:::\n")
    (project / "content/quick-reference.yaml").write_text(
        "pages:\n"
        "  - blocks:\n      - title: {en: Armor}\n        tables: [armor]\n"
        "  - blocks:\n      - title: {en: Ties}\n        sections: [C1.2]\n"
        "smallest_type: 6.5\n", encoding="utf-8")
    _repository(project)
    git(project, "tag", "v0.9.0")
    _edit(project, "content/core-rules/en/01-basics.md", "Roll two dice.", "Roll three dice.")
    git(project, "commit", "-q", "-am", "three dice")
    ran = []
    for args in commands("release manager"):
        result = run_sw28(*args, cwd=project)
        assert result.returncode == 0, (args, result.stderr)
        ran.append(args[0])
        if args[0] == "changes":
            assert "C1.1" in result.stdout
        if args[0] == "release":
            tag = f"v{args[1]}"
            assert git(project, "describe", "--tags", "--exact-match", "HEAD") == tag
            manifest = json.loads((project / "build" / "release" / tag / "manifest.json").read_text())
            assert any(entry["file"] == f"en/errata-v0.9.0-{args[1]}.md" for entry in manifest["files"])
    assert ran == ["changes", "release"]


@pytest.mark.parametrize("person", ["designer", "translator", "release manager"])
def test_every_persons_section_has_commands(person: str) -> None:
    assert all(args for args in commands(person))
