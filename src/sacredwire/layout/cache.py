"""A content-addressed cache of laid-out documents.

The HTML (with the styles and fonts it uses) and the code that lays it out
and post-processes it fully determine the PDF, so a document whose key did not
change is never laid out again. The key therefore covers the HTML, the
template assets, the versions of the libraries that shape the bytes (WeasyPrint,
pydyf, fontTools, pikepdf) and a digest of this
package's own layout code.

Each entry is a PDF and a JSON record beside it holding its anchors and the
SHA-256 of both; an entry whose PDF does not match its digest (a flipped byte, a
truncated write) is discarded and laid out again, never published. Entries
beyond a size bound are pruned, least recently used first.

Every layout process of a build, a running ``sw28 serve`` and another build
may use one cache at once. Whatever changes the set of files (storing an
entry, pruning, discarding) holds the cache's lock exclusively, and reading an
entry holds it shared: a pruner never sees a file written but not yet
referenced, and never removes a file between a reader's record and its data.
"""

from __future__ import annotations

import hashlib
import json
import os
from contextlib import AbstractContextManager
from functools import cache
from pathlib import Path

from ..build_record import code_digest as package_digest
from ..locks import locked
from . import LaidOut, write_atomically

# Enough for every document of both languages several times over.
MAX_CACHE_BYTES = 500 * 1024 * 1024
# Records of page references read back and found right: one per booklet and build that changed it.
MAX_VERIFIED_RECORDS = 1024
_PACKAGE = Path(__file__).resolve().parent.parent
# Code that never shapes a PDF's bytes: the checker, the commands and the rules
# engine. Every other module of the package may, so all of them are hashed.
_NOT_LAYOUT = ("check", "commands", "engine")
# The lock file in each folder of the cache (never an entry: entries end in .pdf, .json or .bin).
LOCK_FILE = ".lock"


def assets_digest(templates: Path) -> str:
    """The digest of the styles, fonts and pictures a document may read (not the web edition's)."""
    return _assets_digest(str(templates))


@cache
def _assets_digest(templates_dir: str) -> str:
    digest = hashlib.sha256()
    for path in sorted(Path(templates_dir).rglob("*")):
        # The web edition's styles never reach a PDF: editing them keeps the cache.
        if path.relative_to(templates_dir).parts[0] == "web":
            continue
        if path.is_file() and path.suffix in (".css", ".ttf", ".otf", ".svg", ".png"):
            digest.update(path.relative_to(templates_dir).as_posix().encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def forget_assets() -> None:
    """Hash the styles and fonts again at the next key: a long-running process calls this after an edit."""
    _assets_digest.cache_clear()


@cache
def code_digest(package: Path = _PACKAGE) -> str:
    """The versions of the libraries that shape a PDF and the digest of the package's layout code."""
    return package_digest(package, skip=_NOT_LAYOUT)


def _entry_digest(pdf: bytes, anchors: object, page_count: object, references: object) -> str:
    """The digest of everything an entry holds, so a change to any of it is noticed."""
    record = json.dumps({"anchors": anchors, "page_count": page_count, "references": references},
                        sort_keys=True)
    return hashlib.sha256(pdf + b"\0" + record.encode()).hexdigest()


class LayoutCache:
    """PDF bytes and anchors by the digest of everything that produced them."""

    def __init__(self, folder: Path, templates_dir: Path, max_bytes: int = MAX_CACHE_BYTES):
        self.folder = folder
        self.templates_dir = templates_dir
        # The bound each store prunes to, for the documents and for the finished files.
        self.max_bytes = max_bytes

    def key(self, *parts: str) -> str:
        digest = hashlib.sha256(_assets_digest(str(self.templates_dir)).encode())
        digest.update(b"\0" + code_digest().encode())
        for part in parts:
            digest.update(b"\0" + part.encode("utf-8"))
        return digest.hexdigest()

    def _lock(self, shared: bool = False) -> AbstractContextManager[None]:
        """The cache's lock (see the module's docstring): one per cache folder."""
        return locked(self.folder / LOCK_FILE, shared=shared)

    def get(self, key: str) -> LaidOut | None:
        """The entry for ``key`` if it is present and intact; a damaged entry is removed."""
        pdf_path, meta_path = self.folder / f"{key}.pdf", self.folder / f"{key}.json"
        with self._lock(shared=True):
            try:
                meta = json.loads(meta_path.read_bytes())
                pdf = pdf_path.read_bytes()
                intact = (isinstance(meta, dict) and isinstance(meta.get("anchors"), dict)
                          and isinstance(meta.get("page_count"), int) and isinstance(meta.get("references"), int)
                          and meta.get("sha256") == _entry_digest(pdf, meta["anchors"], meta["page_count"],
                                                                  meta["references"]))
            except FileNotFoundError:
                return None
            except (OSError, ValueError):
                intact = False
            if intact:
                os.utime(meta_path)  # recently used: pruned last
                return LaidOut(pdf=pdf, anchors=meta["anchors"], page_count=meta["page_count"],
                               references=meta["references"])
        with self._lock():
            self._discard(key)
        return None

    def put(self, key: str, laid_out: LaidOut) -> None:
        """Store an entry: the PDF first, then its record, which makes it visible."""
        meta = {"anchors": laid_out.anchors, "page_count": laid_out.page_count,
                "references": laid_out.references,
                "sha256": _entry_digest(laid_out.pdf, laid_out.anchors, laid_out.page_count, laid_out.references)}
        with self._lock():
            write_atomically(self.folder / f"{key}.pdf", laid_out.pdf)
            write_atomically(self.folder / f"{key}.json", json.dumps(meta, sort_keys=True).encode())
            self._prune_entries(self.max_bytes)

    # -- finished files: what an edition made of a laid-out document, already preflighted --

    def get_files(self, key: str) -> list[tuple[str, bytes]] | None:
        """The files stored under ``key`` if every one is present and intact, else ``None``."""
        manifest_path = self.folder / "finished" / f"{key}.json"
        with self._lock(shared=True):
            try:
                manifest = json.loads(manifest_path.read_bytes())
                files = []
                for name, digest in manifest["files"]:
                    data = (self.folder / "finished" / f"{digest}.bin").read_bytes()
                    if hashlib.sha256(data).hexdigest() != digest:
                        raise ValueError(f"damaged {name}")
                    files.append((str(name), data))
            except FileNotFoundError:
                return None
            except (OSError, ValueError, KeyError, TypeError):
                files = None
            if files is not None:
                os.utime(manifest_path)
                return files
        with self._lock():
            manifest_path.unlink(missing_ok=True)
        return None

    def put_files(self, key: str, files: list[tuple[str, bytes]]) -> None:
        """Store finished files (content-addressed), then the manifest that makes them visible."""
        folder = self.folder / "finished"
        manifest = [(name, hashlib.sha256(data).hexdigest()) for name, data in files]
        with self._lock():
            for (_, data), (_, digest) in zip(files, manifest):
                if not (folder / f"{digest}.bin").is_file():
                    write_atomically(folder / f"{digest}.bin", data)
            write_atomically(folder / f"{key}.json", json.dumps({"files": manifest}).encode())
            self._prune_finished(self.max_bytes)

    def _prune_finished(self, max_bytes: int) -> None:
        """Drop the least recently used manifests beyond ``max_bytes``, then the files none refers to.

        Called with the cache's lock held exclusively.
        """
        folder = self.folder / "finished"
        manifests = sorted(folder.glob("*.json"), key=lambda path: path.stat().st_mtime, reverse=True)
        blobs = {path.stem: path.stat().st_size for path in folder.glob("*.bin")}
        kept, total = set(), 0
        for manifest_path in manifests:
            try:
                digests = [digest for _, digest in json.loads(manifest_path.read_bytes())["files"]]
            except (OSError, ValueError, KeyError, TypeError):
                digests = None
            size = sum(blobs.get(digest, 0) for digest in digests or [] if digest not in kept)
            if digests is None or total + size > max_bytes:
                manifest_path.unlink(missing_ok=True)
                continue
            kept.update(digests)
            total += size
        for digest in blobs:
            if digest not in kept:
                (folder / f"{digest}.bin").unlink(missing_ok=True)

    def verified(self, key: str) -> bool:
        """Whether a check recorded under ``key`` passed before (its inputs are in the key)."""
        with self._lock(shared=True):
            try:
                os.utime(self.folder / "verified" / key)  # recently used: pruned last
            except FileNotFoundError:
                return False
        return True

    def mark_verified(self, key: str, max_records: int = MAX_VERIFIED_RECORDS) -> None:
        """Record that the check under ``key`` passed; beyond ``max_records``, the least recently used go."""
        folder = self.folder / "verified"
        with self._lock():
            write_atomically(folder / key, b"")
            records = sorted(((path.stat().st_mtime, path) for path in folder.iterdir()), reverse=True)
            for _, stale in records[max_records:]:
                stale.unlink(missing_ok=True)

    def record(self, key: str) -> dict | None:
        """The small JSON record stored under ``key`` (a decision whose inputs are in the key), if any."""
        path = self.folder / "records" / f"{key}.json"
        with self._lock(shared=True):
            try:
                value = json.loads(path.read_bytes())
                os.utime(path)  # recently used: pruned last
            except FileNotFoundError:
                return None
            except ValueError:
                value = None
        return value if isinstance(value, dict) else None

    def put_record(self, key: str, value: dict, max_records: int = MAX_VERIFIED_RECORDS) -> None:
        """Store a record; beyond ``max_records``, the least recently used go."""
        folder = self.folder / "records"
        with self._lock():
            write_atomically(folder / f"{key}.json", json.dumps(value, sort_keys=True).encode())
            records = sorted(((path.stat().st_mtime, path) for path in folder.iterdir()), reverse=True)
            for _, stale in records[max_records:]:
                stale.unlink(missing_ok=True)

    def _discard(self, key: str) -> None:
        for suffix in (".json", ".pdf"):
            (self.folder / f"{key}{suffix}").unlink(missing_ok=True)

    def prune(self, max_bytes: int = MAX_CACHE_BYTES) -> None:
        """Remove the least recently used entries until the cache holds at most ``max_bytes``."""
        with self._lock():
            self._prune_entries(max_bytes)

    def _prune_entries(self, max_bytes: int) -> None:
        """:meth:`prune`, with the cache's lock held exclusively."""
        entries = []
        for meta_path in self.folder.glob("*.json"):
            pdf_path = meta_path.with_suffix(".pdf")
            entries.append((meta_path.stat().st_mtime, meta_path.stat().st_size
                            + (pdf_path.stat().st_size if pdf_path.exists() else 0), meta_path.stem))
        total = sum(size for _, size, _ in entries)
        for _, size, key in sorted(entries):
            if total <= max_bytes:
                break
            self._discard(key)
            total -= size
