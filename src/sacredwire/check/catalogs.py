"""Template strings: every one translated, none fuzzy, none missing from a language's catalog.

An untranslated string prints in English on the Spanish pages, so it is a
finding in ``sw28 check``, the preview of ``sw28 serve`` and the build of that
language, at the catalog's line.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from babel.messages.pofile import PoFileError, read_po

from ..catalogs import LOCALES_DIR, TEMPLATE, catalog_path
from ..diagnostics import Diagnostic, Location, Severity
from ..languages import language
from ..model import SOURCE_LANG, Rulebook
from . import check

FIX = "translate it in the catalog and remove its '#, fuzzy' line; 'sw28 catalogs' merges new strings"


def _read(path: Path, lang: str | None):
    with path.open("rb") as handle:
        # The template (no language) is read without a locale.
        return read_po(handle, locale=language(lang).locale if lang else None, abort_invalid=True)


@check("catalogs")
def template_strings(rulebook: Rulebook) -> Iterator[Diagnostic]:
    root = Path(rulebook.root)
    if not (root / LOCALES_DIR).is_dir():
        return  # a content tree alone (no templates, no catalogs): nothing prints template strings
    template_path = root / LOCALES_DIR / TEMPLATE
    for lang in rulebook.meta.languages:
        if lang == SOURCE_LANG:
            continue
        rel = catalog_path(lang)
        path = root / rel
        if not path.is_file():
            yield Diagnostic("CAT001", Severity.ERROR, Location(rel, 1),
                             f"no catalog for {lang}: every template string prints in English",
                             "run 'sw28 catalogs', then translate the new entries")
            continue
        try:
            catalog = _read(path, lang)
            template = _read(template_path, None) if template_path.is_file() else None
        except (PoFileError, ValueError, OSError) as error:
            yield Diagnostic("CAT004", Severity.ERROR, Location(rel, 1), f"catalog cannot be read: {error}",
                             "fix the file, or run 'sw28 catalogs'")
            continue
        for message in catalog:
            if not message.id:
                continue
            where = Location(rel, message.lineno or 1)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            shown = message.id[0] if isinstance(message.id, tuple) else message.id
            if message.fuzzy:
                yield Diagnostic("CAT002", Severity.ERROR, where,
                                 f"template string {shown!r} is fuzzy: the {lang} text is a guess", FIX)
            elif not all(strings):
                yield Diagnostic("CAT001", Severity.ERROR, where,
                                 f"template string {shown!r} is not translated: it prints in English", FIX)
        if template is not None:
            present = {message.id for message in catalog if message.id}
            for message in template:
                if message.id and message.id not in present:
                    shown = message.id[0] if isinstance(message.id, tuple) else message.id
                    yield Diagnostic("CAT003", Severity.ERROR, Location(rel, 1),
                                     f"template string {shown!r} is missing from the {lang} catalog",
                                     "run 'sw28 catalogs', then translate it")
