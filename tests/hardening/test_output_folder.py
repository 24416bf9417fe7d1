"""The output folder: a build adds to what other builds published, removes only what a build there
wrote, refuses folders that hold the project, and a second build into a folder in use waits."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PROJECT, Lines, copy_project, run_sw28

from sacredwire.build_record import file_digest
from sacredwire.locks import BUILD_LOCK, locked

from .conftest import MINIMAL, PROSE, edit


def test_building_one_language_keeps_the_others_site(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run_sw28("build", "web", "--lang", "all", "--out", str(out), cwd=PROJECT).returncode == 0
    english = (out / "web" / "en" / "core-rules.html").read_bytes()
    result = run_sw28("build", "web", "--lang", "es", "--out", str(out), cwd=PROJECT)
    assert result.returncode == 0, result.stderr
    assert (out / "web" / "en" / "core-rules.html").read_bytes() == english
    assert (out / "web" / "en" / "C4.7" / "index.html").is_file()
    index = (out / "web" / "index.html").read_text()
    for lang in ("en", "es"):
        assert f'href="{lang}/core-rules.html"' in index, lang
    # The search index still covers both languages.
    search = (out / "web" / "search-index.js").read_text()
    assert '"en/core-rules.html' in search and '"es/core-rules.html' in search


def test_a_build_removes_only_the_files_a_build_there_wrote(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", MINIMAL)
    out = tmp_path / "out"
    (out / "web" / "notes").mkdir(parents=True)
    (out / "web" / "mine.txt").write_text("mine")
    (out / "web" / "notes" / "todo.txt").write_text("mine too")
    assert run_sw28("build", "web", "--out", str(out), cwd=project).returncode == 0
    assert (out / "web" / "en" / "C1.2" / "index.html").is_file()
    # A rule renamed: its old short link was this build's, so the next build removes it.
    edit(project, PROSE, "## C1.2 Ties", "## C1.3 Ties")
    edit(project, PROSE, "See {C1.2}.", "See {C1.3}.")
    result = run_sw28("build", "web", "--out", str(out), cwd=project)
    assert result.returncode == 0, result.stderr
    assert not (out / "web" / "en" / "C1.2").exists()
    assert (out / "web" / "en" / "C1.3" / "index.html").is_file()
    assert (out / "web" / "mine.txt").read_text() == "mine"
    assert (out / "web" / "notes" / "todo.txt").read_text() == "mine too"
    record = json.loads((out / ".cache" / "build-record.json").read_text())
    assert "web/en/C1.3/index.html" in record["files"] and "web/en/C1.2/index.html" not in record["files"]
    assert "web/mine.txt" not in record["files"]


@pytest.mark.parametrize("out", ["", ".", "..", "content/.."])
def test_a_folder_holding_the_project_is_refused(tmp_path: Path, out: str) -> None:
    project = copy_project(tmp_path / "project", MINIMAL)
    before = sorted(path.relative_to(tmp_path) for path in tmp_path.rglob("*"))
    result = run_sw28("build", "web", "--out", out, cwd=project)
    assert result.returncode == 2
    lines = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    assert "Traceback" not in result.stderr
    assert any("empty folder name" in line or "refusing to build into" in line for line in lines), lines
    assert sorted(path.relative_to(tmp_path) for path in tmp_path.rglob("*")) == before


def test_a_second_build_into_a_folder_in_use_waits_for_the_first(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", MINIMAL)
    out = tmp_path / "out"
    # The first build is this test, holding the folder as a build does.
    with locked(out / ".cache" / BUILD_LOCK):
        second = subprocess.Popen([sys.executable, "-m", "sacredwire", "build", "web", "--out", str(out)],
                                  cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines = Lines(second.stderr)
        lines.wait_for(f"waiting: another sw28 build is writing to {out}")
        assert second.poll() is None and not (out / "web").exists()
    # Released: the waiting build goes on and writes the site.
    second.stdout.close()
    assert second.wait() == 0, lines.rest()
    assert (out / "web" / "en" / "core-rules.html").is_file()


def test_two_builds_at_once_into_one_folder_both_succeed(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", MINIMAL)
    out = tmp_path / "out"
    builds = [subprocess.Popen([sys.executable, "-m", "sacredwire", "build", "web", "core-rules",
                                "--edition", "screen", "--out", str(out)],
                               cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
              for _ in range(2)]
    outcomes = [build.communicate() for build in builds]
    assert [build.returncode for build in builds] == [0, 0], outcomes
    assert not any("Traceback" in err for _, err in outcomes)
    # What the record says was written is what is on disk.
    record = json.loads((out / ".cache" / "build-record.json").read_text())
    assert "en/screen/core-rules.pdf" in record["files"] and "web/index.html" in record["files"]
    for name, digest in record["files"].items():
        assert file_digest(out / name) == digest, name
