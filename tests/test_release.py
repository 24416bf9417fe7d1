"""``sw28 release VERSION``: from a clean tree to a tagged release folder with a manifest, or nothing at all."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import pytest
from conftest import PROJECT, copy_project, run_sw28

MINIMAL = PROJECT / "tests" / "roots" / "minimal" / "content"
PROSE = "content/core-rules/en/01-basics.md"


def git(project: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=R", "-c", "user.email=r@example.org", *args], cwd=project,
                          check=True, capture_output=True, text=True).stdout.strip()


def _edit(project: Path, rel: str, old: str, new: str) -> None:
    path = project / rel
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def released_once(tmp_path: Path) -> Path:
    """A minimal project in git, released as v0.1, with one English edit committed since."""
    project = copy_project(tmp_path / "project", MINIMAL)
    # Every target is released: the quick reference needs its layout and a summary to print.
    with (project / PROSE).open("a", encoding="utf-8") as prose:
        prose.write("\n::: summary\nLower DT wins ties.\n:::\n")
    (project / "content/quick-reference.yaml").write_text(
        "pages:\n"
        "  - blocks:\n      - title: {en: Armor}\n        tables: [armor]\n"
        "  - blocks:\n      - title: {en: Ties}\n        sections: [C1.2]\n"
        "smallest_type: 6.5\n", encoding="utf-8")
    (project / ".gitignore").write_text("build/\n")
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "first")
    git(project, "tag", "v0.1")
    _edit(project, PROSE, "Roll two dice.", "Roll three dice.")
    git(project, "commit", "-q", "-am", "three dice")
    return project


def test_release_refuses_a_dirty_tree_and_findings_and_leaves_nothing(released_once: Path) -> None:
    project = released_once
    book = (project / "content/book.yaml").read_bytes()
    (project / "notes.txt").write_text("not committed")
    dirty = run_sw28("release", "0.9.1", cwd=project)
    assert dirty.returncode == 2 and "uncommitted changes" in dirty.stderr
    (project / "notes.txt").unlink()
    _edit(project, PROSE, "See {C1.2}.", "See {C1.9}.")
    git(project, "commit", "-q", "-am", "a broken reference")
    refused = run_sw28("release", "0.9.1", cwd=project)
    assert refused.returncode == 1 and "XREF001" in refused.stderr and "release refused" in refused.stderr
    assert (project / "content/book.yaml").read_bytes() == book
    assert git(project, "status", "--porcelain") == "" and git(project, "tag", "--list", "v0.9.1") == ""
    assert run_sw28("release", "v0.9.1", cwd=project).returncode == 2  # a version, not a tag


def test_release_sets_the_version_builds_everything_tags_and_writes_a_manifest(released_once: Path) -> None:
    project = released_once
    result = run_sw28("release", "0.9.1", "--date", "2026-12-24", cwd=project)
    assert result.returncode == 0, result.stderr
    book = (project / "content/book.yaml").read_text(encoding="utf-8")
    assert "version: 0.9.1\n" in book and "date: 2026-12-24\n" in book
    assert git(project, "status", "--porcelain") == ""
    assert git(project, "describe", "--tags", "--exact-match", "HEAD") == "v0.9.1"
    assert git(project, "log", "-1", "--format=%s") == "Release 0.9.1"
    folder = project / "build" / "release" / "v0.9.1"
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["previous"] == "v0.1" and manifest["version"] == "0.9.1"
    files = {entry["file"]: entry for entry in manifest["files"]}
    assert files, "no file in the manifest"
    for name, entry in files.items():
        data = (folder / name).read_bytes()
        assert entry["size"] == len(data) and entry["sha256"] == hashlib.sha256(data).hexdigest()
    editions = {entry["edition"] for entry in files.values()}
    assert {"press", "pod", "screen", "home", "web"} <= editions
    assert files["en/pod/core-rules-cover.pdf"]["purpose"] == "print-on-demand service: booklet cover spread"
    assert "en/errata-v0.1-0.9.1.pdf" in files and "en/errata-v0.1-0.9.1.md" in files
    assert "en/home/README.txt" in files
    notes = (folder / "en/errata-v0.1-0.9.1.md").read_text(encoding="utf-8")
    assert "C1.1" in notes
    table = (folder / "MANIFEST.txt").read_text(encoding="utf-8").splitlines()
    assert table[0] == "file\tedition\tpurpose\tsize\tsha256" and len(table) == len(files) + 1
