"""What a build reads and writes: nothing outside the project, outputs complete
or untouched, reproducible bytes, no process left behind."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from contextlib import AbstractContextManager
from pathlib import Path, PurePosixPath

import pytest
from conftest import PROJECT, SAFETY_NET_S, copy_project, run_sw28, wait_until

from sacredwire.layout.cache import LOCK_FILE
from sacredwire.locks import locked
from sacredwire.publish import PublishError, publish

from .conftest import BOOK, MINIMAL, PROSE, edit

PDF = Path("build", "en", "press", "core-rules.pdf")

# Each way content could reach outside the project, and where the build must say it was stopped.
ESCAPES = {
    "traversal key": (lambda p: edit(p, BOOK, "key: core-rules", "key: ../../escape/missions"),
                      f"{BOOK}:8: error: booklet key"),
    "symlink": (lambda p: (p / "content/core-rules/en/02-x.md").symlink_to("/etc/hostname"),
                "content/core-rules/en/02-x.md:1: error: a symbolic link"),
    "attachment": (lambda p: edit(p, PROSE, "Roll two dice.", '<a rel="attachment" href="../pyproject.toml">x</a>'),
                   f"{PROSE}:5: SAFE001"),
    "javascript link": (lambda p: edit(p, PROSE, "Roll two dice.", '<a href="javascript:alert(1)">x</a>'),
                        f"{PROSE}:5: SAFE002"),
    "missing glyph": (lambda p: edit(p, PROSE, "Roll two dice.", "Roll two dice \u2603 \U0001F3B2."),
                      f"{PROSE}:5: GLYPH001"),
}


@pytest.mark.parametrize("escape", ESCAPES)
def test_the_build_refuses_every_escape(tmp_path: Path, escape: str) -> None:
    project = copy_project(tmp_path / "project", MINIMAL)
    (tmp_path / "pyproject.toml").write_text("secret")
    plant, expected = ESCAPES[escape]
    plant(project)
    result = run_sw28("build", "core-rules", cwd=project)
    # Unloadable content exits 2; content that loads with findings exits 1, as 'sw28 check' does.
    assert result.returncode == (2 if ": error: " in expected else 1), result.stderr
    assert "Traceback" not in result.stderr
    assert any(line.startswith(expected) for line in result.stderr.splitlines()), result.stderr
    assert not (project / PDF).exists()
    assert not (tmp_path / "escape").exists()


@pytest.mark.parametrize("out, why", [("file", "it is a file, not a folder"), ("/proc/sw28", "")])
def test_an_unusable_out_folder_is_a_clean_error(tmp_path: Path, out: str, why: str) -> None:
    project = copy_project(tmp_path / "project", MINIMAL)
    (project / "file").write_text("not a folder")
    result = run_sw28("build", "core-rules", "--out", out, cwd=project)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.startswith("error: cannot write to") and why in result.stderr


@pytest.mark.parametrize("jobs", ["0", "-1", "two"])
def test_jobs_must_be_at_least_one(tmp_path: Path, jobs: str) -> None:
    result = run_sw28("build", "--jobs", jobs, cwd=copy_project(tmp_path / "project", MINIMAL))
    assert result.returncode == 2 and "argument --jobs" in result.stderr and "Traceback" not in result.stderr


def test_a_damaged_cache_entry_is_laid_out_again(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", MINIMAL)
    assert run_sw28("build", "core-rules", cwd=project).returncode == 0
    clean = (project / PDF).read_bytes()
    cached = sorted((project / "build" / ".cache").glob("*.pdf"), key=lambda path: path.stat().st_size)[-1]
    data = bytearray(cached.read_bytes())
    data[len(data) // 2] ^= 0x01
    cached.write_bytes(bytes(data))
    # Without its outputs the build is not up to date, so it reads the layout cache.
    shutil.rmtree(project / "build" / "en")
    result = run_sw28("build", "core-rules", cwd=project)
    assert result.returncode == 0, result.stderr
    assert (project / PDF).read_bytes() == clean
    # A truncated entry is not used either, and does not break later builds.
    cached.write_bytes(cached.read_bytes()[:100])
    for _ in range(2):
        shutil.rmtree(project / "build" / "en")
        assert run_sw28("build", "core-rules", cwd=project).returncode == 0
        assert (project / PDF).read_bytes() == clean


def test_outputs_have_normal_permissions(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", MINIMAL)
    previous = os.umask(0o022)
    try:
        assert run_sw28("build", "core-rules", cwd=project).returncode == 0
    finally:
        os.umask(previous)
    assert (project / PDF).stat().st_mode & 0o777 == 0o644


def _two_volume_project(path: Path) -> Path:
    """The minimal project plus a second booklet that the first refers to (a cross-volume link)."""
    project = copy_project(path, MINIMAL)
    with open(project / BOOK, "a", encoding="utf-8") as book:
        book.write("  - key: requisitions\n    volume: 2\n    letter: A\n"
                   "    title: {en: Requisitions, es: Requisiciones}\n    subtitle: {en: Gear, es: Equipo}\n")
    (project / "content/requisitions/en").mkdir(parents=True)
    (project / "content/requisitions/en/01-gear.md").write_text("# A1 Gear\n\n## A1.1 Knives\n\nSharp.\n")
    edit(project, PROSE, "See {C1.2}.", "See {C1.2} and {A1.1}.")
    return project


def test_the_same_sources_give_the_same_bytes_from_any_folder(tmp_path: Path) -> None:
    first = _two_volume_project(tmp_path / "a")
    second = _two_volume_project(tmp_path / "somewhere" / "much" / "deeper")
    for project in (first, second):
        result = run_sw28("build", "core-rules", "requisitions", cwd=project)
        assert result.returncode == 0, result.stderr
    assert b"/GoToR" in (first / "build/en/screen/core-rules.pdf").read_bytes()
    made = sorted(path.relative_to(first / "build/en") for path in (first / "build/en").rglob("*.pdf"))
    assert len(made) > 8  # both booklets in every edition
    for name in made:
        assert (first / "build/en" / name).read_bytes() == (second / "build/en" / name).read_bytes(), name
        # No file names a folder of the machine that built it (a link's URI, even one no page shows).
        assert b"file:" not in (first / "build/en" / name).read_bytes(), name


def test_publish_replaces_all_outputs_or_none(tmp_path: Path) -> None:
    out = tmp_path / "out"
    publish({PurePosixPath("en/a.pdf"): b"old a", PurePosixPath("en/b.pdf"): b"old b"}, out)
    (out / "en" / "c.pdf").mkdir()  # cannot be replaced by a file
    with pytest.raises(PublishError):
        publish({PurePosixPath("en/a.pdf"): b"new a", PurePosixPath("en/b.pdf"): b"new b",
                 PurePosixPath("en/c.pdf"): b"new c"}, out)
    assert (out / "en" / "a.pdf").read_bytes() == b"old a"
    assert (out / "en" / "b.pdf").read_bytes() == b"old b"
    assert sorted(path.name for path in out.iterdir()) == ["en"]  # no staging folder left
    with pytest.raises(PublishError):
        publish({PurePosixPath("../escape.pdf"): b"x"}, out)
    assert not (tmp_path / "escape.pdf").exists()


def _descendants(pid: int) -> set[int]:
    """Every living process under ``pid``, read from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, pending = set(), [pid]
    while pending:
        for child in children.get(pending.pop(), []):
            found.add(child)
            pending.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def _held_at_the_layout_cache(project: Path) -> AbstractContextManager[None]:
    """Hold the layout cache's lock: the build's layout processes wait at their first use of the
    cache, so the build is surely still running when the test acts on it."""
    return locked(project / "build" / ".cache" / LOCK_FILE)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_killing_the_build_leaves_no_layout_process(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", PROJECT / "content")
    workers: set[int] = set()
    with _held_at_the_layout_cache(project):
        build = subprocess.Popen([sys.executable, "-m", "sacredwire", "build", "core-rules", "--jobs", "2"],
                                 cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_until(lambda: _descendants(build.pid), "the build starts a layout process")
            workers = _descendants(build.pid)
            os.kill(build.pid, signal.SIGKILL)
            build.wait()
            wait_until(lambda: not any(_alive(pid) for pid in workers),
                       f"the layout processes {sorted(workers)} end with the killed build")
        finally:
            if build.poll() is None:
                build.kill()
            for pid in workers:  # only if the test failed: they are orphans now
                if _alive(pid):
                    os.kill(pid, signal.SIGKILL)
    shutil.rmtree(project)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_an_interrupted_build_exits_130_without_a_traceback(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", PROJECT / "content")
    try:
        with _held_at_the_layout_cache(project):
            # Ctrl-C as at a terminal, even when the tests run where interrupts are ignored (a
            # background job of a shell ignores SIGINT, and its children inherit that).
            build = subprocess.Popen([sys.executable, "-m", "sacredwire", "build", "core-rules", "--jobs", "1"],
                                     cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
            wait_until(lambda: _descendants(build.pid), "the build starts a layout process")
            # Ctrl-C while the layout process waits: the build cannot have finished.
            build.send_signal(signal.SIGINT)
        _, stderr = build.communicate(timeout=SAFETY_NET_S)
    finally:
        if build.poll() is None:
            build.kill()
    assert build.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    assert not (project / PDF).exists()
