"""Book metadata: one version everywhere, five well-formed booklets, no stray folders."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

from ..diagnostics import ContentError, Diagnostic, Location, Severity
from ..ids import BOOKLET_LETTERS
from ..load import CONTENT_DIR, read_content_text
from ..model import BookletMeta, Rulebook
from . import check, iter_sections
from ._source import prose_lines

VOLUMES = range(1, 6)
# Folders of content/ that hold no booklet.
DATA_FOLDERS = ("tables", "examples", "languages")

_PROSE_VERSION = re.compile(r"(?<![\w.])v?(?P<version>\d+\.\d+\.\d+(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?)\b")
_PEP440 = re.compile(r"^v?(?P<release>\d+(?:\.\d+)*)(?:[-_.]?(?P<pre>a|alpha|b|beta|c|rc|pre|preview)"
                     r"[-_.]?(?P<number>\d*))?$")
_PRE = {"alpha": "a", "beta": "b", "c": "rc", "pre": "rc", "preview": "rc"}


def normalized_version(version: str) -> str:
    """The PEP 440 form, so ``0.9.0-beta`` (book) equals ``0.9.0b0`` (package).

    >>> normalized_version("0.9.0-beta")
    '0.9b0'
    """
    match = _PEP440.match(version.strip().lower())
    if not match:
        return version.strip()
    release = match["release"].split(".")
    while len(release) > 1 and release[-1] == "0":
        release.pop()
    pre = match["pre"]
    suffix = f"{_PRE.get(pre, pre)}{int(match['number'] or 0)}" if pre else ""
    return ".".join(release) + suffix


def package_version_of(version: str) -> str | None:
    """The book's version as a Python package writes it, or None when it has no PEP 440 form.

    >>> package_version_of("0.9.0-beta"), package_version_of("1.0.0")
    ('0.9.0b0', '1.0.0')
    """
    match = _PEP440.match(version.strip().lower())
    if not match:
        return None
    pre = match["pre"]
    return match["release"] + (f"{_PRE.get(pre, pre)}{int(match['number'] or 0)}" if pre else "")


def _package_version(root: Path) -> tuple[str, Location] | None:
    """The ``[project] version`` of pyproject.toml and its line, if the project has one."""
    path = root / "pyproject.toml"
    if not path.is_file():
        return None
    text = read_content_text(path, "pyproject.toml")
    try:
        project = tomllib.loads(text).get("project", {})
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(Location("pyproject.toml", getattr(exc, "lineno", 1) or 1),
                           f"malformed TOML: {exc}") from None
    version = project.get("version") if isinstance(project, dict) else None
    if not isinstance(version, str):
        return None
    line = next((number for number, content in enumerate(text.splitlines(), 1)
                 if re.match(r"\s*version\s*=", content)), 1)
    return version, Location("pyproject.toml", line)


@check("metadata")
def version_mismatch(rulebook: Rulebook) -> Iterator[Diagnostic]:
    book = rulebook.meta.version
    hint = f"content/book.yaml says {book}; every version printed or packaged must say the same"
    package = _package_version(Path(rulebook.root))
    if package and normalized_version(package[0]) != normalized_version(book):
        yield Diagnostic("META001", Severity.ERROR, package[1],
                         f"package version {package[0]} is not the book's version {book}", hint)
    for _, section in iter_sections(rulebook):
        for line, text in prose_lines(section):
            for match in _PROSE_VERSION.finditer(text):
                if match["version"] != book:
                    yield Diagnostic("META001", Severity.ERROR, Location(section.location.file, line),
                                     f"version {match['version']} in the text is not the book's version {book}",
                                     hint)


@check("metadata")
def booklet_numbering(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """Letters C/A/I/K/M and volumes 1-5, each used once, as are keys."""
    seen: dict[tuple[str, object], BookletMeta] = {}
    for booklet in rulebook.meta.booklets:
        if len(booklet.letter) != 1 or booklet.letter not in BOOKLET_LETTERS:
            yield Diagnostic("META002", Severity.ERROR, booklet.location,
                             f"booklet {booklet.key} has letter {booklet.letter!r}",
                             f"booklet letters are {', '.join(BOOKLET_LETTERS)}")
        if booklet.volume not in VOLUMES:
            yield Diagnostic("META003", Severity.ERROR, booklet.location,
                             f"booklet {booklet.key} has volume {booklet.volume}",
                             f"volumes are {VOLUMES.start} to {VOLUMES.stop - 1}")
        for field, value in (("key", booklet.key), ("letter", booklet.letter), ("volume", booklet.volume)):
            first = seen.setdefault((field, value), booklet)
            if first is not booklet:
                yield Diagnostic("META004", Severity.ERROR, booklet.location,
                                 f"booklet {booklet.key} repeats the {field} {value} of the booklet "
                                 f"at {first.location}",
                                 "each booklet has its own key, letter and volume")


@check("metadata")
def booklet_without_content(rulebook: Rulebook) -> Iterator[Diagnostic]:
    for booklet in rulebook.meta.booklets:
        if not any(key == booklet.key for key, _ in rulebook.booklets):
            yield Diagnostic("META005", Severity.ERROR, booklet.location,
                             f"booklet {booklet.key} has no content",
                             f"write its sections under content/{booklet.key}/<lang>/*.md")


@check("metadata")
def unread_folder(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """Markdown outside ``content/<booklet>/<language>/`` is silently never read."""
    content = Path(rulebook.root) / CONTENT_DIR
    keys = {booklet.key for booklet in rulebook.meta.booklets}
    reported: set[Path] = set()
    for path in sorted(content.glob("*/**/*.md")):
        parts = path.relative_to(content).parts
        read = len(parts) == 3 and parts[0] in keys and parts[1] in rulebook.meta.languages
        if read or parts[0] in DATA_FOLDERS or path.parent in reported:
            continue
        reported.add(path.parent)
        folder = path.parent.relative_to(content.parent).as_posix()
        yield Diagnostic("META006", Severity.ERROR, Location(path.relative_to(content.parent).as_posix(), 1),
                         f"{folder}/ is not a booklet and language of content/book.yaml: "
                         f"its files are never read",
                         "move the files to content/<booklet key>/<language>/, or add the booklet "
                         "to content/book.yaml")


@check("metadata")
def stray_file(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """A file the loader never reads where content is read: a note among the
    tables, or ``Rules.MD`` beside ``rules.md``."""
    content = Path(rulebook.root) / CONTENT_DIR
    folders = [(content / folder, ".yaml") for folder in DATA_FOLDERS]
    folders += [(content / booklet.key / lang, ".md")
                for booklet in rulebook.meta.booklets for lang in rulebook.meta.languages]
    for folder, suffix in folders:
        if not folder.is_dir() or folder.is_symlink():
            continue
        for path in sorted(folder.iterdir()):
            if path.name.endswith(suffix) or path.name.startswith("."):
                continue
            rel = path.relative_to(content.parent).as_posix()
            yield Diagnostic("META007", Severity.ERROR, Location(rel, 1),
                             f"{rel} is never read: only *{suffix} files of "
                             f"{folder.relative_to(content.parent).as_posix()}/ are",
                             f"rename it to end in {suffix} (lower case), or move it out of content/")


_FROM = re.compile(r"\{\s*from\s*=")


@check("metadata")
def malformed_source_stamp(rulebook: Rulebook) -> Iterator[Diagnostic]:
    """A ``{from=...}`` that is not eight hex digits is read as part of the title."""
    for _, section in iter_sections(rulebook):
        if _FROM.search(section.title):
            yield Diagnostic("META008", Severity.ERROR, section.location,
                             f"{section.id}: malformed {{from=...}} on the heading (it would print in the title)",
                             f"run 'sw28 translations --stamp {section.id}' to write it, or remove it")
