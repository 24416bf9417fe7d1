"""The screen edition: trimmed pages in RGB, bookmarks open, tagged, links that work between the files.

The structure tree that WeasyPrint writes (``/StructTreeRoot``, ``/MarkInfo``
and each page's ``/StructParents``) is cloned untouched; only the boxes, the
colour operators and the cross-volume links change.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from pikepdf import Dictionary, Name, Pdf, String

from ..artifact import Artifact
from . import _pdf
from ._links import link_other_volumes
from ._rgb import convert_to_rgb
from .base import EditionSettings, LaidOutDocument, edition, file_name


def prepare_for_reading(document: Pdf, title: str, language: str, **preferences: Name | bool) -> None:
    """Bookmarks shown on opening, the title in the title bar, the document's language.

    ``preferences`` adds viewer preferences by key (``PrintScaling``, ``Duplex``).
    Write the file as :data:`_pdf.FULL_PDF_VERSION`.
    """
    root = document.Root
    root["/PageMode"] = Name.UseOutlines
    viewer = root.get("/ViewerPreferences")
    if not isinstance(viewer, Dictionary):
        viewer = Dictionary()
    viewer["/DisplayDocTitle"] = True
    for key, value in preferences.items():
        viewer[f"/{key}"] = value
    root["/ViewerPreferences"] = viewer
    root["/Lang"] = String(language)
    document.docinfo["/Title"] = String(title)


def screen_pdf(pdf: bytes, title: str, language: str, what: str) -> bytes:
    """Every page cut to its trim, RGB, with reading preferences and working cross-volume links."""
    document = _pdf.read(pdf, what)
    for page in _pdf.pages(document):
        # Without a TrimBox (the quick reference has no bleed) the trim is the MediaBox.
        trim = _pdf.box(page, "/TrimBox")
        _pdf.set_boxes(page, media=trim, crop=trim, bleed=trim, trim=trim)
    convert_to_rgb(document)
    link_other_volumes(document)
    prepare_for_reading(document, title, language)
    return _pdf.written(document, _pdf.FULL_PDF_VERSION)


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
