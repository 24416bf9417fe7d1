"""Template strings through gettext: catalogs under ``locales/`` read with Babel."""

from __future__ import annotations

import gettext
import io
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations


@cache
def translations(locales_dir: str, lang: str) -> gettext.NullTranslations:
    """The catalog for ``lang`` (English is the source language: no catalog)."""
    po_path = Path(locales_dir) / lang / "LC_MESSAGES" / "messages.po"
    if lang == "en" or not po_path.is_file():
        return gettext.NullTranslations()
    with po_path.open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    buffer = io.BytesIO()
    # Compiled in memory, so the build never depends on a stale .mo file.
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(fp=buffer)
