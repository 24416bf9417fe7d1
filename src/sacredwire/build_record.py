"""What the last successful build was made from and what it wrote, so a build with nothing new does nothing.

The record lives in ``<out>/.cache/build-record.json``: a digest of every
input (content, templates, catalogs, the toolchain's own code and the
versions of the libraries that shape the bytes, and the command's choices),
the digest of every file written, and the pages every booklet's anchors
landed on. A build whose inputs match the record, and whose files on disk
are still the files it wrote, is already done. The pages seed the next
build's first layout pass, so a build whose pages did not move lays each
booklet out once.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

RECORD_FILE = "build-record.json"
# Where ``sw28 build`` writes when not told (``--out``): the project's own output folder, whose layout
# cache and record ``sw28 serve`` and the player's commands read too.
BUILD_FOLDER = "build"
# Folders of the project that shape the outputs.
INPUT_FOLDERS = ("content", "templates", "locales")
PACKAGE = Path(__file__).resolve().parent
# Libraries whose versions change the bytes written.
LIBRARIES = ("weasyprint", "pydyf", "fonttools", "pikepdf")
# The committed page map (``pagemap.py``): the build writes it, so it is no input of the build. It only
# says where the first layout pass starts; every page printed is measured and read back all the same.
PAGE_MAP = "content/pagemap.yaml"


def is_page_map(rel: str) -> bool:
    """Whether ``rel`` (a path relative to the project) is the page map or a temporary copy being written."""
    folder, _, name = rel.rpartition("/")
    return rel == PAGE_MAP or (folder == "content" and name.startswith(".pagemap.yaml."))


def digest_files(digest: hashlib._Hash, base: Path, files: Iterable[Path]) -> None:
    """Add each regular file of ``files`` to ``digest``: its path below ``base`` and the digest of its bytes."""
    for path in sorted(files):
        if path.is_file() and not path.is_symlink():
            digest.update(path.relative_to(base).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())


def code_digest(package: Path = PACKAGE, skip: Collection[str] = ()) -> str:
    """The versions of the libraries that shape the bytes, and a digest of the package's code.

    ``skip`` names top-level modules or folders of the package left out (the
    layout cache leaves out code that never shapes a PDF).
    """
    digest = hashlib.sha256()
    for library in LIBRARIES:
        try:
            digest.update(f"{library}={metadata.version(library)}\0".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{library}=absent\0".encode())
    digest_files(digest, package, (path for path in package.rglob("*.py")
                                    if path.relative_to(package).parts[0] not in skip))
    return digest.hexdigest()


def inputs_digest(root: Path, choices: Mapping[str, object]) -> str:
    """One digest of everything a build's outputs are made from."""
    digest = hashlib.sha256()
    for folder in INPUT_FOLDERS:
        digest_files(digest, root, (path for path in (root / folder).rglob("*")
                                     if not is_page_map(path.relative_to(root).as_posix())))
    digest.update(code_digest().encode())
    digest.update(json.dumps(choices, sort_keys=True, default=str).encode())
    return digest.hexdigest()


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class BuildRecord:
    """The inputs of the last successful build into one output folder, and what it wrote there."""

    inputs: str
    # Output file (relative to the output folder) -> sha256 of its bytes.
    files: Mapping[str, str]
    # Language -> booklet -> anchor -> page.
    pages: Mapping[str, Mapping[str, Mapping[str, int]]] = field(default_factory=dict)
    # The layout work the build did: language -> booklet -> {"passes": layout passes it went through,
    # "parts": parts (front matter, chapters, closing pages) laid out, none taken from a cache}.
    layouts: Mapping[str, Mapping[str, Mapping[str, int]]] = field(default_factory=dict)

    @classmethod
    def read(cls, out_dir: Path) -> BuildRecord | None:
        """The record in ``out_dir``, or ``None`` when there is none or it cannot be read."""
        try:
            data = json.loads((out_dir / ".cache" / RECORD_FILE).read_text(encoding="utf-8"))
            return cls(inputs=str(data["inputs"]), files=dict(data["files"]), pages=dict(data.get("pages", {})),
                       layouts=dict(data.get("layouts", {})))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def write(self, out_dir: Path) -> None:
        folder = out_dir / ".cache"
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f".{RECORD_FILE}.tmp"
        temporary.write_text(json.dumps({"inputs": self.inputs, "files": dict(self.files), "pages": self.pages,
                                         "layouts": self.layouts}, sort_keys=True), encoding="utf-8")
        temporary.replace(folder / RECORD_FILE)

    def is_current(self, out_dir: Path, inputs: str) -> bool:
        """The inputs are the same and every file written is still there, unchanged."""
        if inputs != self.inputs or not self.files:
            return False
        try:
            return all(file_digest(out_dir / name) == digest for name, digest in self.files.items())
        except OSError:
            return False
