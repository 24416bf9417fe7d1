"""Designer-supplied images placed in the prose: ``{art: file.png | caption}``.

The image prints at the width its entry in ``content/art/art.yaml`` records,
the width the checker measures its resolution at (check/art.py), so the ppi
the checker reports is the ppi that prints. The file is read from
``content/art/`` by the layout (the only content folder it may read); the
print editions turn its pixels into inks (editions/_images.py).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from markupsafe import Markup, escape

from ..load.art import ART_DIR, REGISTER, art_folder, read_register


class ArtError(ValueError):
    """A placed image the booklet cannot print: unrecorded, without a width, or not in the folder."""


def art_figure(root: Path, file: str, caption: Markup) -> Markup:
    """The figure placing ``file`` at its recorded width, with ``caption`` (already typeset) under it."""
    entries, _ = read_register(root)
    entry = entries.get(file)
    path = art_folder(root) / file
    if entry is None:
        raise ArtError(f"{{art: {file}}}: {ART_DIR}/{REGISTER} does not record {file}")
    if entry.width_mm is None:
        raise ArtError(f"{{art: {file}}}: {ART_DIR}/{REGISTER} gives {file} no printed width")
    # A plain file only: a link could lead the layout out of the project.
    if path.is_symlink() or not path.is_file():
        raise ArtError(f"{{art: {file}}}: {file} is not a plain file in {ART_DIR}/")
    width = f"{entry.width_mm:g}mm"
    # The file's digest rides in the address: the page's HTML, which keys the
    # layout cache, changes when the image does (the layout reads the file alone).
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    alt = escape(caption.striptags()) if caption else escape(file)
    figcaption = f"<figcaption>{caption}</figcaption>" if caption else ""
    return Markup(f'<figure class="art" style="width: {width}">'
                  f'<img src="{escape(path.resolve().as_uri())}#sha256-{digest}" alt="{alt}" style="width: {width}">'
                  f'{figcaption}</figure>\n')
