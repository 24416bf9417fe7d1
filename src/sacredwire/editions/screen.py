"""The screen edition: trimmed pages in RGB, bookmarks open, tagged, links that work between the files.

The structure tree that WeasyPrint writes (``/StructTreeRoot``, ``/MarkInfo``
and each page's ``/StructParents``) is cloned untouched; only the boxes, the
colour operators and the cross-volume links change.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from pypdf import PdfWriter
from pypdf.generic import BooleanObject, DictionaryObject, NameObject, TextStringObject

from ..outputs.artifact import Artifact
from . import _pdf
from ._links import link_other_volumes
from ._rgb import convert_to_rgb
from .base import EditionSettings, LaidOutDocument, edition, file_name


def prepare_for_reading(writer: PdfWriter, title: str, language: str) -> None:
    """Bookmarks shown on opening, the title in the title bar, the document's language, its PDF version."""
    root = writer.root_object
    root[NameObject("/PageMode")] = NameObject("/UseOutlines")
    preferences = root.get("/ViewerPreferences")
    preferences = preferences.get_object() if preferences is not None else DictionaryObject()
    preferences[NameObject("/DisplayDocTitle")] = BooleanObject(True)
    root[NameObject("/ViewerPreferences")] = preferences
    root[NameObject("/Lang")] = TextStringObject(language)
    writer.add_metadata({"/Title": title})
    writer.pdf_header = _pdf.FULL_PDF_HEADER


def screen_pdf(pdf: bytes, title: str, language: str, what: str) -> bytes:
    """Every page cut to its trim, RGB, with reading preferences and working cross-volume links."""
    reader = _pdf.read(pdf, what)
    writer = PdfWriter(clone_from=reader)
    for page in writer.pages:
        # Without a TrimBox (the quick reference has no bleed) the trim is the MediaBox.
        trim = _pdf.box(page, "/TrimBox")
        _pdf.set_boxes(page, media=trim, crop=trim, bleed=trim, trim=trim)
    convert_to_rgb(writer)
    link_other_volumes(writer)
    prepare_for_reading(writer, title, language)
    return _pdf.written(writer, reader, "screen", tidy=False)


@edition("screen", "Reading on screen: trimmed pages, RGB, bookmarks, tagged, linked volumes",
         ("booklet", "quick-reference"))
def finish_screen(document: LaidOutDocument, settings: EditionSettings) -> list[Artifact]:
    """The booklet or quick reference for reading on screen; cards have no screen file."""
    if document.kind not in ("booklet", "quick-reference"):
        return []
    name = file_name(document.name)
    return [Artifact(PurePosixPath(name), screen_pdf(document.pdf, document.title,
                                                     settings.screen_language(document.lang),
                                                     f"{document.lang}/screen/{name}"))]
