"""The template-string catalogs are complete, current and well-formed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from conftest import PROJECT

LOCALES = PROJECT / "locales"
CATALOGS = sorted(LOCALES.glob("*/LC_MESSAGES/messages.po"))


def _read(path: Path, locale: str | None = None):
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def _ids(catalog) -> set:
    return {message.id for message in catalog if message.id}


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory):
    """The template strings as the code and templates have them now."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", str(LOCALES / "babel.cfg"),
                    "-o", str(pot), "--no-location", "--sort-output", "."],
                   cwd=PROJECT, check=True, capture_output=True)
    return _read(pot)


def test_catalogs_exist() -> None:
    assert [path.parent.parent.name for path in CATALOGS] == ["es"]


def test_template_is_up_to_date(extracted) -> None:
    committed = _read(LOCALES / "messages.pot")
    assert _ids(extracted) == _ids(committed), "run sw28 catalogs"


@pytest.mark.parametrize("path", CATALOGS, ids=[path.parent.parent.name for path in CATALOGS])
def test_catalog_is_complete_and_well_formed(path: Path, extracted) -> None:
    locale = path.parent.parent.name
    catalog = _read(path, locale)
    assert _ids(catalog) == _ids(extracted), "run sw28 catalogs and translate"
    for message in catalog:
        if not message.id:
            continue
        assert not message.fuzzy, f"fuzzy: {message.id!r}"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.pluralizable:
            assert len(strings) == catalog.num_plurals, f"{message.id!r}: fill all {catalog.num_plurals} forms"
        assert all(strings), f"untranslated: {message.id!r}"
        errors = list(message.check(catalog))
        assert not errors, f"{message.id!r}: {errors}"
    assert catalog.num_plurals == 3  # Spanish, as CLDR defines it: one, many, other
