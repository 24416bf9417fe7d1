"""A build from the command line: after its layout, a booklet's editions are finished side by side when
processes would be idle, and a build with nothing to do imports nothing it does not use."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project, run_sw28

from sacredwire.build import MakeJob, edition_jobs
from sacredwire.layout import LaidOut
from sacredwire.outputs import BuildOptions

MINIMAL = PROJECT / "tests" / "roots" / "minimal" / "content"
EDITIONS = ("press", "pod", "screen", "home")
# What a build with nothing to do has no use for.
HEAVY = ("weasyprint", "jinja2", "markdown_it", "pikepdf", "sacredwire.engine", "sacredwire.load",
         "sacredwire.editions", "sacredwire.outputs")


def _job(target: str, laid_out: bool) -> MakeJob:
    booklets = {target: LaidOut(pdf=b"%PDF", anchors={}, page_count=8)} if laid_out else {}
    return MakeJob("booklet" if laid_out else "cards", target, "en", ("en",), {}, booklets,
                   BuildOptions(editions=EDITIONS))


def test_a_laid_out_booklet_is_finished_one_edition_per_job_when_workers_would_idle() -> None:
    jobs = edition_jobs([_job("core-rules", True), _job("cards", False)], workers=4)
    # The cards lay themselves out in their job: theirs stays one job for every edition.
    assert [(job.target, job.options.editions) for job in jobs] == [
        *(("core-rules", (edition,)) for edition in EDITIONS), ("cards", EDITIONS)]


def test_as_many_jobs_as_workers_are_left_whole() -> None:
    jobs = [_job("core-rules", True), _job("requisitions", True)]
    assert edition_jobs(jobs, workers=2) == jobs


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Path]]:
    """The minimal project's booklet built with one layout process and with two: (project, out folder by jobs)."""
    folder = tmp_path_factory.mktemp("edit-build")
    project = copy_project(folder / "project", MINIMAL)
    outs = {}
    for jobs in ("1", "2"):
        outs[jobs] = folder / f"out-{jobs}"
        result = run_sw28("build", "core-rules", "--lang", "en", "--jobs", jobs, "--out", str(outs[jobs]),
                          cwd=project)
        assert result.returncode == 0, result.stderr
    return project, outs


def test_editions_finished_apart_are_the_files_finished_together(built: tuple[Path, dict[str, Path]]) -> None:
    _, outs = built
    files = {jobs: {path.relative_to(out).as_posix(): path.read_bytes()
                    for path in sorted((out / "en").rglob("*")) if path.is_file()} for jobs, out in outs.items()}
    assert len([name for name in files["1"] if name.endswith(".pdf")]) >= 4  # a booklet in every edition
    assert files["1"] == files["2"]


def test_a_build_with_nothing_to_do_imports_no_typesetter(built: tuple[Path, dict[str, Path]]) -> None:
    project, outs = built
    result = subprocess.run(
        [sys.executable, "-c",
         "import json, sys\n"
         "from sacredwire.cli import main\n"
         f"code = main(['build', 'core-rules', '--lang', 'en', '--jobs', '1', '--out', {str(outs['1'])!r}])\n"
         f"print(json.dumps({{'code': code, 'heavy': [m for m in {HEAVY!r} if m in sys.modules]}}))\n"],
        cwd=project, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "up to date" in result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == {"code": 0, "heavy": []}
