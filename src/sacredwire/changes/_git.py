"""The content tree at a git revision, read with the ``git`` command line.

Nothing is written inside the project: the revision's ``content/`` is unpacked
from ``git archive`` into a temporary folder and loaded from there.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from ..diagnostics import ContentError, Location
from ..fontsetup import FONTS_DIR
from ..load import CONTENT_DIR, load_rulebook
from ..model import Rulebook

# Release tags look like v0.9.0 (see "Releasing a new version" in the README).
RELEASE_TAG_PATTERN = "v*"


class GitError(Exception):
    """git is missing, the project is not a repository, or a revision is unknown."""


def _git(root: Path, *arguments: str) -> bytes:
    """Run ``git`` in ``root`` with a fixed argument list; its standard output."""
    result = subprocess.run(["git", *arguments], cwd=root, capture_output=True, check=False)
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise GitError(message[-1] if message else f"git {arguments[0]} failed")
    return result.stdout


def _check_repository(root: Path) -> str:
    """The project's path inside its repository ('' at the top, else 'sub/dir/')."""
    if shutil.which("git") is None:
        raise GitError("the 'git' command is not installed: comparing versions reads the project's "
                       "history with it")
    try:
        return _git(root, "rev-parse", "--show-prefix").decode("utf-8").strip()
    except GitError:
        raise GitError(f"{root} is not inside a git repository: comparing versions needs the "
                       f"project's history") from None


def resolve(root: Path, revision: str) -> str:
    """The commit ``revision`` names; a clear error when this clone lacks it."""
    _check_repository(root)
    if revision.startswith("-"):
        raise GitError(f"unknown revision {revision!r}")
    try:
        return _git(root, "rev-parse", "--verify", "--quiet", "--end-of-options",
                    f"{revision}^{{commit}}").decode("ascii").strip()
    except GitError:
        raise GitError(f"unknown revision {revision!r} in this repository; a shallow clone may lack "
                       f"it (fetch it with 'git fetch --tags --unshallow')") from None


def latest_release_tag(root: Path) -> str:
    """The newest release tag reachable from HEAD (tags named like v0.9.0)."""
    _check_repository(root)
    try:
        return _git(root, "describe", "--tags", "--abbrev=0", "--match", RELEASE_TAG_PATTERN,
                    "HEAD").decode("utf-8").strip()
    except GitError:
        raise GitError(f"no release tag ({RELEASE_TAG_PATTERN}) is reachable from HEAD; name the "
                       f"revision to compare with, or fetch the tags ('git fetch --tags --unshallow' "
                       f"in a shallow clone)") from None


def commits_touching(root: Path, folders: list[str], limit: int) -> list[str]:
    """The newest ``limit`` commits that changed any of ``folders`` (relative to the project), newest first."""
    prefix = _check_repository(root)
    paths = [f"{prefix}{folder}" for folder in folders]
    top = Path(_git(root, "rev-parse", "--show-toplevel").decode("utf-8").strip())
    try:
        output = _git(top, "log", f"--max-count={limit}", "--format=%h", "HEAD", "--", *paths)
    except GitError:
        return []  # a repository without commits yet
    return output.decode("ascii").split()


def _unpack(archive: bytes, destination: Path, named: str, revision: str) -> None:
    """Unpack a tree ``git archive`` wrote into ``destination``; ``named`` is how its files are named."""
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        # Project files are plain files; a link committed among them is named, as the
        # loader names one on disk, and never unpacked (it could point anywhere).
        for member in tar.getmembers():
            if member.issym() or member.islnk():
                raise ContentError(Location(f"{named}/{member.name}", 1),
                                   "a symbolic link, not a content file (content files must be plain "
                                   "files inside the project)")
        try:
            tar.extractall(destination, filter="data")
        except tarfile.FilterError as error:
            raise GitError(f"revision {revision!r}: {error}") from None


def load_revision(root: Path, revision: str) -> Rulebook:
    """The rulebook as it was at ``revision``, loaded from a temporary copy of its content/."""
    commit = resolve(root, revision)
    prefix = _check_repository(root)
    # Run at the top: in a sub-folder, git archive keeps only that folder's part.
    top = Path(_git(root, "rev-parse", "--show-toplevel").decode("utf-8").strip())
    try:
        # The tree of content/ itself, so its files unpack under one known folder
        # wherever the project sits in its repository.
        archive = _git(top, "archive", "--format=tar", f"{commit}:{prefix}{CONTENT_DIR}")
    except GitError:
        raise GitError(f"revision {revision!r} has no {prefix}{CONTENT_DIR}/ folder") from None
    try:
        # The fonts a board's words were measured in at that revision: loading draws the boards.
        fonts: bytes | None = _git(top, "archive", "--format=tar", f"{commit}:{prefix}{FONTS_DIR.as_posix()}")
    except GitError:
        fonts = None  # a revision without them: only a board would need them, and says so at its line
    with tempfile.TemporaryDirectory(prefix="sw28-rev-") as folder:
        tree = Path(folder)
        _unpack(archive, tree / CONTENT_DIR, f"{revision}:{prefix}{CONTENT_DIR}", revision)
        if fonts is not None:
            _unpack(fonts, tree / FONTS_DIR, f"{revision}:{prefix}{FONTS_DIR.as_posix()}", revision)
        if not (tree / CONTENT_DIR / "book.yaml").is_file():
            raise GitError(f"revision {revision!r} has no {prefix}{CONTENT_DIR}/book.yaml")
        try:
            return load_rulebook(tree)
        except ContentError as error:
            # Name the revision, as git does ("v0.8.0:content/book.yaml:3").
            raise ContentError(Location(f"{revision}:{error.location.file}", error.location.line),
                               error.message) from None
