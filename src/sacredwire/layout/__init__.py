"""HTML -> laid-out document -> PDF bytes, with WeasyPrint.

WeasyPrint may only read the project's templates (a restricted URL fetcher),
and any warning it logs fails the layout: a missing font or image must never
pass silently into a print file.
"""

from __future__ import annotations

import hashlib
import io
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
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, BooleanObject, ByteStringObject, DictionaryObject, NameObject,
                           TextStringObject)

from ._inks import InkError, black_ink_greys


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
    """The PDF, reproducibly: its file identifier is derived from ``identity``."""
    identifier = hashlib.sha256(identity.encode("utf-8")).hexdigest()[:32].encode("ascii")
    with _no_warnings(what):
        # Keeping the fonts' hinting makes subsetting several times faster, for
        # a few kilobytes: hinting is ignored in print anyway.
        # Tagged: the screen edition is read with assistive technology, and
        # every edition is made from this one layout.
        pdf = document.write_pdf(custom_metadata=True, pdf_identifier=identifier, hinting=True, pdf_tags=True)
    return finish_layout(pdf, what, identifier)


def finish_layout(pdf: bytes, what: str, identifier: bytes | None = None) -> bytes:
    """One pass over a written layout: greys as black ink, links between volumes as file links.

    The second element of the file identifier that WeasyPrint wrote is a hash
    of the objects, absolute ``file:`` URIs included: when the file is
    rewritten, both elements become ``identifier`` (as for any newly written
    file), so the bytes do not depend on the folder the project was built in.
    """
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(pdf)))
    try:
        inked = black_ink_greys(writer, what)
    except InkError as error:
        raise LayoutError(str(error)) from None
    if not (link_other_volumes(writer) or inked):
        return pdf
    if identifier is not None:
        # pypdf keeps the identifier of the file it cloned; it has no public setter.
        writer._ID = ArrayObject([ByteStringObject(identifier), ByteStringObject(identifier)])
    output = io.BytesIO()
    writer.write(output)
    return output.getvalue()


def link_other_volumes(writer: PdfWriter) -> bool:
    """Turn links to ``<booklet>.pdf#anchor`` into links to that file beside this one.

    WeasyPrint resolves ``requisitions.pdf#sec-A3-2`` against the templates
    folder and writes an absolute ``file:`` URI, which would name this
    machine's folders and break once the PDFs are moved. A remote go-to action
    (``GoToR``) names the other file relatively and the destination by name.

    The second element of the file identifier that WeasyPrint wrote is a hash
    of the objects, absolute ``file:`` URIs included: both elements become
    ``identifier`` (as for any newly written file), so the bytes do not depend
    on the folder the project was built in.
    """
    changed = False
    for page in writer.pages:
        for reference in page.get("/Annots") or []:
            annotation = reference.get_object()
            target = _volume_link(annotation)
            if target:
                file_name, destination = target
                annotation[NameObject("/A")] = DictionaryObject({
                    NameObject("/S"): NameObject("/GoToR"),
                    NameObject("/F"): TextStringObject(file_name),
                    NameObject("/D"): TextStringObject(destination),
                    NameObject("/NewWindow"): BooleanObject(True),
                })
                # A tagged link describes its target for screen readers: the file beside
                # this one, not the folder it was built in.
                if "/Contents" in annotation:
                    annotation[NameObject("/Contents")] = TextStringObject(f"{file_name}#{destination}")
                changed = True
    return changed


def _volume_link(annotation) -> tuple[str, str] | None:
    action = annotation.get("/A")
    uri = str(action.get("/URI", "")) if action is not None else ""
    if not uri.startswith("file:") or "#" not in uri:
        return None
    path, destination = uri.split("#", 1)
    return path.rsplit("/", 1)[-1], destination


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
