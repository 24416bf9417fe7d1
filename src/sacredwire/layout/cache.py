"""A content-addressed cache of laid-out documents.

The HTML (with the styles and fonts it uses) fully determines the PDF, so a
document whose HTML did not change is never laid out again.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from . import LaidOut, write_atomically


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


class LayoutCache:
    """PDF bytes and anchors by the digest of everything that produced them."""

    def __init__(self, folder: Path, templates_dir: Path):
        self.folder = folder
        self.templates_dir = templates_dir

    def key(self, *parts: str) -> str:
        digest = hashlib.sha256(_assets_digest(str(self.templates_dir)).encode())
        for part in parts:
            digest.update(b"\0" + part.encode("utf-8"))
        return digest.hexdigest()

    def get(self, key: str) -> LaidOut | None:
        pdf_path, meta_path = self.folder / f"{key}.pdf", self.folder / f"{key}.json"
        if not (pdf_path.is_file() and meta_path.is_file()):
            return None
        meta = json.loads(meta_path.read_text())
        return LaidOut(pdf=pdf_path.read_bytes(), anchors=meta["anchors"], page_count=meta["page_count"],
                       references=meta["references"])

    def put(self, key: str, laid_out: LaidOut) -> None:
        write_atomically(self.folder / f"{key}.pdf", laid_out.pdf)
        meta = {"anchors": laid_out.anchors, "page_count": laid_out.page_count,
                "references": laid_out.references}
        write_atomically(self.folder / f"{key}.json", json.dumps(meta, sort_keys=True).encode())
