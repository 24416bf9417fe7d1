"""Template strings through gettext: catalogs under ``locales/`` read with Babel."""

from __future__ import annotations

import gettext
import io
import os
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from ..languages import language
from ..load import read_content_text


@cache
def translations(locales_dir: str, lang: str) -> gettext.NullTranslations:
    """The catalog for ``lang`` (English is the source language: no catalog)."""
    po_path = Path(locales_dir) / lang / "LC_MESSAGES" / "messages.po"
    if lang == "en" or not os.path.lexists(po_path):
        return gettext.NullTranslations()
    # Read like content: a plain file of the project, never through a link.
    text = read_content_text(po_path, f"{Path(locales_dir).name}/{lang}/LC_MESSAGES/messages.po")
    catalog = read_po(io.StringIO(text), locale=language(lang).locale)
    buffer = io.BytesIO()
    # Compiled in memory, so the build never depends on a stale .mo file.
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(fp=buffer)
