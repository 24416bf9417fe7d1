"""HTML -> laid-out document -> PDF bytes, with WeasyPrint.

WeasyPrint may only read the project's templates (a restricted URL fetcher),
and any warning it logs fails the layout: a missing font or image must never
pass silently into a print file.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlparse

import weasyprint

from ..diagnostics import LayoutError


class ProjectFetcher(weasyprint.URLFetcher):
    """Serves only ``file:`` URLs inside the given folders; anything else stops the layout."""

    def __init__(self, folders: Sequence[Path]):
        super().__init__(allowed_protocols=("file",))
        self.folders = tuple(folder.resolve() for folder in folders)

    def fetch(self, url: str, headers=None):
        parsed = urlparse(url)
        if parsed.scheme != "file":
            raise LayoutError(f"refused to fetch {url!r}: only files inside the project are read")
        path = Path(unquote(parsed.path)).resolve()
        if not any(path.is_relative_to(folder) for folder in self.folders):
            raise LayoutError(f"refused to read {path}: outside the folders a document may read")
        return super().fetch(url, headers)


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@contextmanager
def _no_warnings(what: str) -> Iterator[None]:
    collector = _Collector()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(collector)
    logger.propagate = False
    try:
        yield
    finally:
        logger.removeHandler(collector)
    if collector.messages:
        raise LayoutError(f"{what}: WeasyPrint warned: " + "; ".join(dict.fromkeys(collector.messages)))


# The only folder of a project a document reads: its styles, fonts and SVG
# art. Content has no images of its own (diagrams are inline SVG), and the
# rest of the project (its .git, an .env, the sources) is never served.
DOCUMENT_FOLDERS = ("templates",)


def lay_out(html: str, base_dir: Path, root: Path, what: str) -> weasyprint.Document:
    """Lay out one HTML document; styles and fonts are resolved from ``base_dir``."""
    fetcher = ProjectFetcher([root / folder for folder in DOCUMENT_FOLDERS])
    with _no_warnings(what):
        return weasyprint.HTML(string=html, base_url=str(base_dir.resolve()) + "/", url_fetcher=fetcher).render()


def anchors(document: weasyprint.Document) -> dict[str, int]:
    """Anchor name -> physical page number (the first page is 1)."""
    found: dict[str, int] = {}
    for number, page in enumerate(document.pages, start=1):
        for name in page.anchors:
            found.setdefault(name, number)
    return found


def combine(documents: Sequence[weasyprint.Document]) -> weasyprint.Document:
    """One document from the pages of several (metadata from the first)."""
    first = documents[0]
    return first.copy([page for document in documents for page in document.pages])


def pdf_bytes(document: weasyprint.Document, identity: str, what: str) -> bytes:
    """The PDF, reproducibly: its file identifier is derived from ``identity``.

    The bytes are WeasyPrint's own, written once: each edition copies what it
    needs from them (and turns greys into black ink, or links between
    volumes into links between files, where it keeps them). They are an
    intermediate, never published: written uncompressed, they cost no
    compression here, and each edition reads only the objects it uses (an
    object stream would have to be parsed whole to reach any one of its
    objects); the editions compress what they write.
    """
    identifier = hashlib.sha256(identity.encode("utf-8")).hexdigest()[:32].encode("ascii")
    with _no_warnings(what):
        # Keeping the fonts' hinting makes subsetting several times faster, for
        # a few kilobytes: hinting is ignored in print anyway.
        # Tagged: the screen edition is read with assistive technology, and
        # every edition is made from this one layout.
        return document.write_pdf(custom_metadata=True, pdf_identifier=identifier, hinting=True, pdf_tags=True,
                                  uncompressed_pdf=True)


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


@dataclass(frozen=True)
class LaidOut:
    """A finished document: its PDF bytes and where each anchor landed."""

    pdf: bytes
    anchors: dict[str, int]
    page_count: int
    references: int = 0
