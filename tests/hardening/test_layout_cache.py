"""The layout cache serves only intact entries made by the same code, and stays bounded."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from conftest import PROJECT

from sacredwire.layout import LaidOut, LayoutError, ProjectFetcher
from sacredwire.layout.cache import LayoutCache, code_digest

PACKAGE = PROJECT / "src" / "sacredwire"


@pytest.fixture
def cache(tmp_path: Path) -> LayoutCache:
    return LayoutCache(tmp_path / "cache", PROJECT / "templates")


def _entry(number: int) -> LaidOut:
    return LaidOut(pdf=b"%PDF-1.7 " + bytes([number]) * 1000, anchors={"sec-C1-1": number}, page_count=number)


def test_an_entry_comes_back_whole(cache: LayoutCache) -> None:
    cache.put("k", _entry(3))
    assert cache.get("k") == _entry(3)


@pytest.mark.parametrize("damage", ["flip a PDF byte", "truncate the PDF", "edit the anchors", "bad JSON"])
def test_a_damaged_entry_is_discarded(cache: LayoutCache, damage: str) -> None:
    cache.put("k", _entry(3))
    pdf, record = cache.folder / "k.pdf", cache.folder / "k.json"
    if damage == "flip a PDF byte":
        data = bytearray(pdf.read_bytes())
        data[500] ^= 0x20
        pdf.write_bytes(bytes(data))
    elif damage == "truncate the PDF":
        pdf.write_bytes(pdf.read_bytes()[:10])
    elif damage == "edit the anchors":
        record.write_text(record.read_text().replace('"sec-C1-1": 3', '"sec-C1-1": 4'))
    else:
        record.write_text("{")
    assert cache.get("k") is None
    assert not pdf.exists() and not record.exists()


def test_pruning_keeps_the_most_recently_used(cache: LayoutCache) -> None:
    for number in range(1, 6):
        cache.put(f"k{number}", _entry(number))
        os.utime(cache.folder / f"k{number}.json", (number * 1000, number * 1000))
    cache.get("k1")  # used now: the newest
    cache.prune(max_bytes=3 * 1200)
    assert sorted(path.stem for path in cache.folder.glob("*.json")) == ["k1", "k4", "k5"]


def test_records_of_verified_references_keep_the_most_recently_used(cache: LayoutCache) -> None:
    for number in range(1, 5):
        cache.mark_verified(f"v{number}")
        os.utime(cache.folder / "verified" / f"v{number}", (number * 1000, number * 1000))
    assert cache.verified("v1")  # consulted now: the newest
    cache.mark_verified("v5", max_records=3)
    assert sorted(path.name for path in (cache.folder / "verified").iterdir()) == ["v1", "v4", "v5"]
    assert not cache.verified("v2") and cache.verified("v4")


def test_the_key_changes_with_the_layout_code_only(tmp_path: Path) -> None:
    copy = tmp_path / "sacredwire"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    original = code_digest(copy)
    for changed, shapes_pdf in (("check/xrefs.py", False), ("layout/__init__.py", True), ("publish.py", True)):
        path = copy / changed
        text = path.read_text()
        path.write_text(text + "\n# changed\n")
        code_digest.cache_clear()
        assert (code_digest(copy) != original) is shapes_pdf, changed
        path.write_text(text)
        code_digest.cache_clear()


def test_the_fetcher_serves_only_the_templates() -> None:
    fetcher = ProjectFetcher([PROJECT / "templates"])
    fetched = fetcher.fetch((PROJECT / "templates" / "base" / "tokens.css").as_uri())
    assert fetched is not None
    for path in (PROJECT / "pyproject.toml", PROJECT / "templates" / ".." / "content" / "book.yaml",
                 Path("/etc/hostname")):
        with pytest.raises(LayoutError):
            fetcher.fetch(path.as_uri() if path.is_absolute() else str(path))
    with pytest.raises(LayoutError):
        fetcher.fetch("https://example.org/font.woff")
