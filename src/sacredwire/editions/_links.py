"""Links between volumes, for the files that keep their links (screen, and the home quick reference).

A booklet links to another as ``<booklet>.pdf#anchor``. WeasyPrint resolves
that against the templates folder and writes an absolute ``file:`` URI, which
names the machine's folders and breaks once the files are moved. A remote
go-to action (``GoToR``) names the other file relatively, beside this one in
the same edition's folder, and the destination by name.
"""

from __future__ import annotations

from pypdf import PdfWriter
from pypdf.generic import BooleanObject, DictionaryObject, NameObject, TextStringObject

from .base import file_name


def link_other_volumes(writer: PdfWriter) -> None:
    """Turn every link to another booklet into a link to that booklet's file beside this one."""
    for page in writer.pages:
        for reference in page.get("/Annots") or []:
            annotation = reference.get_object()
            target = _volume_link(annotation)
            if target is None:
                continue
            document, destination = target
            annotation[NameObject("/A")] = DictionaryObject({
                NameObject("/S"): NameObject("/GoToR"),
                NameObject("/F"): TextStringObject(file_name(document)),
                NameObject("/D"): TextStringObject(destination),
                NameObject("/NewWindow"): BooleanObject(True),
            })
            # A tagged link describes its target for screen readers: the file beside
            # this one, not the folder it was laid out in.
            if "/Contents" in annotation:
                annotation[NameObject("/Contents")] = TextStringObject(f"{file_name(document)}#{destination}")


def _volume_link(annotation) -> tuple[str, str] | None:
    """(document name, destination) of a link to ``file:.../<document>.pdf#<destination>``."""
    action = annotation.get("/A")
    uri = str(action.get_object().get("/URI", "")) if action is not None else ""
    if not uri.startswith("file:") or "#" not in uri:
        return None
    path, destination = uri.split("#", 1)
    name = path.rsplit("/", 1)[-1]
    return (name[:-len(".pdf")] if name.endswith(".pdf") else name), destination
