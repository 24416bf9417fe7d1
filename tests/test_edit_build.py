"""After its layout, a booklet's editions are finished side by side when processes would be idle."""

from __future__ import annotations

from pathlib import Path

from conftest import PROJECT, copy_project, run_sw28

from sacredwire.build import MakeJob, edition_jobs
from sacredwire.layout import LaidOut
from sacredwire.outputs import BuildOptions

MINIMAL = PROJECT / "tests" / "roots" / "minimal" / "content"
EDITIONS = ("press", "pod", "screen", "home")


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


def test_editions_finished_apart_are_the_files_finished_together(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", MINIMAL)
    built = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"out-{jobs}"
        result = run_sw28("build", "core-rules", "--lang", "en", "--jobs", jobs, "--out", str(out), cwd=project)
        assert result.returncode == 0, result.stderr
        built[jobs] = {path.relative_to(out).as_posix(): path.read_bytes()
                       for path in sorted((out / "en").rglob("*")) if path.is_file()}
    assert len([name for name in built["1"] if name.endswith(".pdf")]) >= 4  # a booklet in every edition
    assert built["1"] == built["2"]
