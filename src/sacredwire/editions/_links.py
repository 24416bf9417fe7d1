"""Links between volumes, for the files that keep their links (screen, and the home quick reference).

A booklet links to another as ``<booklet>.pdf#anchor``. WeasyPrint resolves
that against the templates folder and writes an absolute ``file:`` URI, which
names the machine's folders and breaks once the files are moved. A remote
go-to action (``GoToR``) names the other file relatively, beside this one in
the same edition's folder, and the destination by name.
"""

from __future__ import annotations

import pikepdf
from pikepdf import Dictionary, Name, Pdf, String

from .base import file_name


def link_other_volumes(document: Pdf) -> None:
    """Turn every link to another booklet into a link to that booklet's file beside this one."""
    for page in document.pages:
        annotations = page.obj.get("/Annots")
        for annotation in annotations if isinstance(annotations, pikepdf.Array) else ():
            target = _volume_link(annotation)
            if target is None:
                continue
            name, destination = target
            annotation["/A"] = Dictionary({
                "/S": Name.GoToR,
                "/F": String(file_name(name)),
                "/D": String(destination),
                "/NewWindow": True,
            })
            # A tagged link describes its target for screen readers: the file beside
            # this one, not the folder it was laid out in.
            if "/Contents" in annotation:
                annotation["/Contents"] = String(f"{file_name(name)}#{destination}")


def _volume_link(annotation: pikepdf.Object) -> tuple[str, str] | None:
    """(document name, destination) of a link to ``file:.../<document>.pdf#<destination>``."""
    action = annotation.get("/A")
    uri = str(action.get("/URI", "")) if isinstance(action, Dictionary) else ""
    if not uri.startswith("file:") or "#" not in uri:
        return None
    path, destination = uri.split("#", 1)
    name = path.rsplit("/", 1)[-1]
    return (name[:-len(".pdf")] if name.endswith(".pdf") else name), destination
