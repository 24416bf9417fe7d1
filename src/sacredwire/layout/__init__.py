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
from urllib.parse import unquote, urljoin, urlparse
from xml.etree import ElementTree

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


# The only folders of a project a document reads: its styles, fonts and SVG
# art, and the designer-supplied images of content/art/ (placed with
# ``{art: ...}``; diagrams are inline SVG). The rest of the project (its .git,
# an .env, the sources) is never served.
DOCUMENT_FOLDERS = ("templates", "content/art")


class SharedAssets:
    """The project's stylesheets (with the fonts their ``@font-face`` rules load) and images, read once.

    A build lays out dozens of documents and booklet parts per process, all
    with the same few stylesheets, fonts and pictures; reading and parsing
    them again for each costs a fifth of the layout. So the stylesheets a
    document links are taken out of it and given back already parsed.

    WeasyPrint applies parsed stylesheets with the *user* origin. That keeps
    their order among themselves; what changes is that a document's own
    ``<style>`` now always overrides them, which is what every such element
    here is for (a part's first page and side, an edition's bleed). The
    pages are the same, byte for byte.

    Everything is read again when the templates' digest changes (an edit
    while ``sw28 serve`` runs).
    """

    def __init__(self, root: Path, templates: Path, digest: str):
        from weasyprint.text.fonts import FontConfiguration

        self.key = (root, templates, digest)
        self.fetcher = ProjectFetcher([root / folder for folder in DOCUMENT_FOLDERS])
        self.base_url = str(templates.resolve()) + "/"
        self.font_config = FontConfiguration()
        self.images: dict = {}
        self._sheets: dict[str, weasyprint.CSS] = {}

    def stylesheets(self, document: weasyprint.HTML) -> list[weasyprint.CSS]:
        """Take the stylesheets ``document`` links for print out of it; return them parsed, in their order.

        A link WeasyPrint would skip or weigh (an alternate stylesheet, one for
        another medium or of another type) stays for WeasyPrint to handle.
        """
        sheets = []
        for parent in list(document.etree_element.iter()):
            for element in list(parent):
                if _prints_always(element):
                    parent.remove(element)
                    sheets.append(self._sheet(urljoin(document.base_url, element.get("href", ""))))
        return sheets

    def _sheet(self, url: str) -> weasyprint.CSS:
        sheet = self._sheets.get(url)
        if sheet is None:
            sheet = weasyprint.CSS(url=url, url_fetcher=self.fetcher, font_config=self.font_config)
            self._sheets[url] = sheet
        return sheet


def _prints_always(element) -> bool:
    """Whether ``element`` links a stylesheet that applies to every printed page."""
    rel = element.get("rel", "").lower().split()
    return (element.tag == "link" and "stylesheet" in rel and "alternate" not in rel and bool(element.get("href"))
            and element.get("type", "text/css").split(";")[0].strip().lower() == "text/css"
            and element.get("media", "all").strip().lower() in ("", "all", "print"))


_ASSETS: SharedAssets | None = None


def _shared_assets(root: Path, templates: Path) -> SharedAssets:
    from .cache import assets_digest

    global _ASSETS
    key = (root, templates, assets_digest(templates))
    if _ASSETS is None or _ASSETS.key != key:
        _ASSETS = SharedAssets(*key)
    return _ASSETS


def _giving_way(tree: ElementTree.Element, pages: dict[str, int]) -> list[tuple[ElementTree.Element,
                                                                                 ElementTree.Element]]:
    """(parent, box) for each box that keeps the element it gives way to off its spread.

    A box marked ``data-gives-way-to="T"`` is set only where it leaves room:
    T (marked ``data-faces="A"``) belongs on the page facing the one where A
    opens; when the box sits on that page and T has gone overleaf, the box
    goes, and T takes its place.
    """
    targets = {element.get("id"): element.get("data-faces") for element in tree.iter() if element.get("data-faces")}
    found = []
    for parent in tree.iter():
        for box in parent:
            target = box.get("data-gives-way-to")
            opening = pages.get(targets.get(target, "") or "") if target else None
            if opening is not None and pages.get(box.get("id", "")) == opening + 1 \
                    and pages.get(target or "", 0) > opening + 1:
                found.append((parent, box))
    return found


def lay_out(html: str, base_dir: Path, root: Path, what: str) -> weasyprint.Document:
    """Lay out one HTML document; its styles, fonts and images are resolved from ``base_dir``.

    A box that gives way (see :func:`_giving_way`) and did not fit is taken
    out and the document laid out again: decided here, a booklet laid out
    whole and the same booklet laid out part by part set the same boxes. So
    is a table too wide for the page (see :func:`._boxes.too_wide_tables`).
    """
    from ._boxes import too_wide_tables

    assets = _shared_assets(root, base_dir)
    with _no_warnings(what):
        document = weasyprint.HTML(string=html, base_url=assets.base_url, url_fetcher=assets.fetcher)
        stylesheets = assets.stylesheets(document)
        laid_out = document.render(font_config=assets.font_config, stylesheets=stylesheets, cache=assets.images)
        crowding = _giving_way(document.etree_element, anchors(laid_out))
        if crowding:
            for parent, box in crowding:
                parent.remove(box)
            laid_out = document.render(font_config=assets.font_config, stylesheets=stylesheets,
                                       cache=assets.images)
        too_wide = too_wide_tables(laid_out)
        if too_wide:
            # Only a table wider than the page may break its cells' words (print-base.css, table.tight).
            for table in too_wide:
                table.set("class", " ".join((table.get("class") or "").split() + ["tight"]))
            laid_out = document.render(font_config=assets.font_config, stylesheets=stylesheets,
                                       cache=assets.images)
        return laid_out


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
    # How many parts (front matter, chapters, closing pages) were laid out to make it, none taken from a
    # cache: what the build records of its work. Never stored: an entry taken from the cache laid out none.
    parts_laid_out: int = 0
