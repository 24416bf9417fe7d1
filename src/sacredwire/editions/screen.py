"""The screen edition: trimmed pages in RGB, bookmarks open, tagged, links that work between the files.

The structure tree that WeasyPrint writes (``/StructTreeRoot``, ``/MarkInfo``
and each page's ``/StructParents``) is cloned untouched; only the boxes, the
colour operators and the cross-volume links change.
"""

from __future__ import annotations

from pathlib import PurePosixPath, PurePath

from pypdf import PdfWriter
from pypdf.generic import BooleanObject, DictionaryObject, NameObject, TextStringObject

from ..outputs.artifact import Artifact
from . import _pdf
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


def point_links_at_siblings(writer: PdfWriter) -> None:
    """Links to another booklet name its published file in the same folder."""
    for page in writer.pages:
        for reference in page.get("/Annots") or []:
            action = reference.get_object().get("/A")
            if action is None or action.get_object().get("/S") != "/GoToR":
                continue
            action = action.get_object()
            target = PurePath(str(action["/F"])).stem
            action[NameObject("/F")] = TextStringObject(file_name(target))


def screen_pdf(pdf: bytes, title: str, language: str, what: str) -> bytes:
    """Every page cut to its trim, RGB, with reading preferences and working cross-volume links."""
    reader = _pdf.read(pdf, what)
    writer = PdfWriter(clone_from=reader)
    for page in writer.pages:
        # Without a TrimBox (the quick reference has no bleed) the trim is the MediaBox.
        trim = _pdf.box(page, "/TrimBox")
        _pdf.set_boxes(page, media=trim, crop=trim, bleed=trim, trim=trim)
    convert_to_rgb(writer)
    point_links_at_siblings(writer)
    prepare_for_reading(writer, title, language)
    return _pdf.written(writer, pdf, "screen")


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
