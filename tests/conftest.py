"""Shared fixtures: the project, and one full build per test session."""

from __future__ import annotations

import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path, PurePosixPath
from types import MappingProxyType
from typing import IO

import pytest
from hypothesis import settings

from sacredwire.fontsetup import FONTS_DIR

PROJECT = Path(__file__).resolve().parent.parent

# Hypothesis fails an example that takes longer than 200 ms by default: on a busy machine that is the
# clock deciding a test. Speed is for the benchmarks; property tests judge only what the code returns.
settings.register_profile("sw28", deadline=None)
settings.load_profile("sw28")


def run_sw28(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """Run the ``sw28`` command as a user would, capturing its output."""
    return subprocess.run([sys.executable, "-m", "sacredwire", *args], cwd=cwd,
                          capture_output=True, text=True, env={**os.environ, "COLUMNS": "200"})


def copy_project(destination: Path, content: Path | None = None) -> Path:
    """A copy of the project's content and templates (or of another content tree)."""
    shutil.copytree(content or PROJECT / "content", destination / "content")
    shutil.copytree(PROJECT / "templates", destination / "templates")
    shutil.copytree(PROJECT / "locales", destination / "locales")
    return destination


def copy_content(destination: Path) -> Path:
    """A copy of the project's content and of the fonts loading it needs (a board's words are measured in
    them), without the rest of the templates or the catalogs: a project the content checks read alone."""
    shutil.copytree(PROJECT / "content", destination / "content")
    shutil.copytree(PROJECT / FONTS_DIR, destination / FONTS_DIR)
    return destination


def replace_once(path: Path, old: str, new: str) -> None:
    """Change a copied file where ``old`` stands exactly once (a test's planted change)."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def pdf_words(pdf: Path) -> str:
    """A PDF's text as one line of words: line ends, hyphenation (a hyphen or the typesetter's U+2010 at
    a line's end) and the no-break spaces the typesetter adds fold away."""
    raw = subprocess.run(["pdftotext", "-raw", "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    raw = raw.replace("-\n", "").replace("\u2010\n", "")
    return re.sub(r"\s+", " ", raw.replace("\u00a0", " ").replace("\u202f", " "))


# The names of the build cache's entries (sacredwire.layout.cache, and the web fonts' subsets of
# sacredwire.web._fonts): a key of 64 hex digits, its PDF, record, finished file, verified mark or WOFF2
# subset. An output folder's own files (its build record and build lock, its font configuration) are never
# among them.
_CACHE_ENTRY = re.compile(r"[0-9a-f]{64}(\.(pdf|json|bin|woff2))?")


def share_cache_entries(source: Path, target: Path) -> None:
    """Hard-link into the build cache folder ``target`` the entries of ``source`` it lacks.

    The cache is content-addressed (a layout's key covers the HTML, the styles, the fonts and the layout
    code; a font subset's the font and the characters), so an entry made in one copy of the project is
    right in any other. Its writers replace files by renaming, never in place, so a linked file never
    changes under another folder. Data goes before the record that makes it visible, as the cache itself
    writes them.
    """
    for folder in ("", "finished", "verified", "web-fonts"):
        if not (source / folder).is_dir():
            continue
        (target / folder).mkdir(parents=True, exist_ok=True)
        for path in sorted((source / folder).iterdir(), key=lambda path: (path.suffix == ".json", path.name)):
            if _CACHE_ENTRY.fullmatch(path.name) and not (target / folder / path.name).exists():
                try:
                    os.link(path, target / folder / path.name)
                except OSError:  # another file system: a copy is as good
                    shutil.copy2(path, target / folder / path.name)


@pytest.fixture(scope="session")
def layout_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The build cache every fixture build of the session shares (:func:`build_sharing_cache`)."""
    return tmp_path_factory.mktemp("layout-cache")


def build_sharing_cache(cache: Path, project: Path, out: Path, *args: str) -> subprocess.CompletedProcess:
    """``sw28 build ARGS --out OUT`` in ``project``, starting from the session's layout ``cache`` and adding
    what it laid out to it: a document no test changed is laid out once per session, not once per copy."""
    share_cache_entries(cache, out / ".cache")
    result = run_sw28("build", *args, "--out", str(out), cwd=project)
    share_cache_entries(out / ".cache", cache)
    return result


@pytest.fixture(scope="session")
def build_dir(tmp_path_factory: pytest.TempPathFactory, layout_cache: Path) -> Path:
    """Every target in every language, built once for all the PDF tests."""
    out = tmp_path_factory.mktemp("build")
    result = build_sharing_cache(layout_cache, PROJECT, out, "--lang", "all")
    assert result.returncode == 0, result.stdout + result.stderr
    return out


@pytest.fixture(scope="session")
def web_site() -> Mapping[PurePosixPath, bytes]:
    """The web edition of the project's content in both languages, made once for every test that reads it
    (read-only: a test that needs another site makes its own)."""
    # Imported here: the tests that never read the site do not pay for the renderer.
    from sacredwire.load import load_rulebook
    from sacredwire.web import make_site

    return MappingProxyType(make_site(load_rulebook(PROJECT), ["en", "es"]))


@pytest.fixture(scope="session")
def changed_numbers_build(tmp_path_factory: pytest.TempPathFactory, layout_cache: Path) -> Path:
    """The content with rule numbers changed in every booklet (tests/changed_numbers.py), built once for the
    tests that read those numbers back from the PDFs."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from changed_numbers import build_changed_numbers

    return build_changed_numbers(tmp_path_factory.mktemp("changed-numbers"), layout_cache)


# How long a test waits for an event before it gives up. Never the thing measured: only a net that
# turns a hang into a failure that says what never happened, however loaded the machine.
SAFETY_NET_S = 600.0


def wait_until(condition: Callable[[], object], what: str, safety: float = SAFETY_NET_S) -> None:
    """Wait for an event the code under test causes (``condition`` true); fail naming ``what`` if it
    never comes."""
    give_up = time.monotonic() + safety
    while not condition():
        if time.monotonic() > give_up:
            pytest.fail(f"never happened (waited {safety:.0f} s): {what}")
        time.sleep(0.05)


class Lines:
    """The lines a process writes to one stream, read as they come (a thread reads them)."""

    def __init__(self, stream: IO[str]):
        self.seen: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self._queue.put(line)
        self._queue.put(None)

    def wait_for(self, text: str, safety: float = SAFETY_NET_S) -> str:
        """The first line (from here on) holding ``text``; fails if the stream ends or the net runs out."""
        give_up = time.monotonic() + safety
        while True:
            try:
                line = self._queue.get(timeout=max(0.0, give_up - time.monotonic()))
            except queue.Empty:
                pytest.fail(f"no line with {text!r} (waited {safety:.0f} s); lines so far: {self.seen}")
            if line is None:
                pytest.fail(f"the stream ended without a line with {text!r}; lines: {self.seen}")
            self.seen.append(line)
            if text in line:
                return line

    def rest(self) -> str:
        """Every line not yet read, once the stream has ended."""
        while (line := self._queue.get()) is not None:
            self.seen.append(line)
        return "".join(self.seen)


@pytest.fixture(scope="session")
def pseudo_project_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project with the pseudo-language (tests/pseudo.py) added."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from pseudo import make_pseudo_project

    return make_pseudo_project(PROJECT, tmp_path_factory.mktemp("pseudo-project"))


@pytest.fixture(scope="session")
def pseudo_build_dir(pseudo_project_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pseudo-language built once: every booklet, the quick reference and the cards in the screen
    edition with the web edition, then Core Rules in every edition. Editions finish one layout per language,
    so the second build reuses the first's layout and proves the editions."""
    out = tmp_path_factory.mktemp("pseudo-build")
    booklets = ("core-rules", "requisitions", "inhuman-resources", "campaign", "missions")
    for args in ((*booklets, "web", "quick-reference", "cards", "--edition", "screen"),
                 ("core-rules", "--edition", "all")):
        result = run_sw28("build", "--lang", "qps", "--out", str(out), *args, cwd=pseudo_project_dir)
        assert result.returncode == 0, result.stdout + result.stderr
    return out
