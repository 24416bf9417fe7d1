"""The template strings' gettext catalogs: extracted, merged and checked in one place.

``sw28 catalogs`` extracts the strings the templates and the renderer print
into ``locales/messages.pot`` and merges them into every
``locales/<lang>/LC_MESSAGES/messages.po``. The headers are stable: the
project, version and copyright holder come from ``content/book.yaml`` and the
creation date is the book's release date, so extracting twice from the same
sources gives the same bytes (no ``POT-Creation-Date`` churn).
"""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from .languages import language
from .model import SOURCE_LANG, BookMeta

LOCALES_DIR = "locales"
TEMPLATE = "messages.pot"
PROJECT = "Sacred Wire 28"


def catalog_path(lang: str) -> str:
    """A language's catalog, relative to the project."""
    return f"{LOCALES_DIR}/{lang}/LC_MESSAGES/messages.po"


def _release_date(meta: BookMeta) -> datetime.datetime:
    return datetime.datetime.fromisoformat(meta.date).replace(tzinfo=datetime.UTC)


def extract(root: Path, meta: BookMeta) -> Catalog:
    """Every template string of the code and templates now, with the project's stable header."""
    with (root / LOCALES_DIR / "babel.cfg").open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)
    catalog = Catalog(project=PROJECT, version=meta.version, copyright_holder=meta.author,
                      msgid_bugs_address="", creation_date=_release_date(meta), revision_date=_release_date(meta),
                      fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(root, method_map, options_map):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


@dataclass(frozen=True)
class Written:
    """A catalog file and whether its bytes changed."""

    path: str
    changed: bool


def _write(path: Path, catalog: Catalog) -> bool:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, no_location=True, omit_header=False, sort_output=True,
             ignore_obsolete=True)
    data = buffer.getvalue()
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def update_catalogs(root: Path, meta: BookMeta) -> list[Written]:
    """Extract the template, then merge it into the catalog of every translation language of the book."""
    template = extract(root, meta)
    written = [Written(f"{LOCALES_DIR}/{TEMPLATE}", _write(root / LOCALES_DIR / TEMPLATE, template))]
    for lang in meta.languages:
        if lang == SOURCE_LANG:
            continue
        path = root / catalog_path(lang)
        if path.is_file():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=language(lang).locale)
        else:
            catalog = Catalog(locale=language(lang).locale, project=PROJECT, version=meta.version,
                              copyright_holder=meta.author, msgid_bugs_address="",
                              creation_date=_release_date(meta), fuzzy=False)
        catalog.update(template)
        # The header follows the template: same project, version and dates on every run.
        catalog.project, catalog.version = PROJECT, meta.version
        catalog.copyright_holder = meta.author
        catalog.creation_date = template.creation_date
        written.append(Written(catalog_path(lang), _write(path, catalog)))
    return written
