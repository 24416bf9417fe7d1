"""One PDF library in the code, used through its public interface; streams shared while a document is finished."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from sacredwire.pdf import operations
from sacredwire.pdf.operations import keep_recent_streams, operations_with_spans, streams_shared

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted([*(ROOT / "src").rglob("*.py"), *(ROOT / "scripts").rglob("*.py")])


def _imports(tree: ast.AST) -> list[str]:
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def test_the_code_reads_and_writes_pdfs_with_qpdf_only_and_no_private_part_of_it() -> None:
    """pypdf is a test dependency only; no module reaches into pikepdf's private names (``pikepdf._core``,
    ``obj._something``), so nothing here needs a test pinning a private attribute of qpdf's binding."""
    assert len(SOURCES) > 100
    pypdf, private = [], []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in _imports(tree):
            if name.split(".")[0] == "pypdf":
                pypdf.append(f"{path.relative_to(ROOT)}: {name}")
            if name.startswith("pikepdf.") and any(part.startswith("_") for part in name.split(".")[1:]):
                private.append(f"{path.relative_to(ROOT)}: {name}")
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "pikepdf"
                    and node.attr.startswith("_")):
                private.append(f"{path.relative_to(ROOT)}:{node.lineno}: pikepdf.{node.attr}")
    assert pypdf == []
    assert private == []
    dependencies = (ROOT / "pyproject.toml").read_text(encoding="utf-8").split("[project.optional-dependencies]")
    assert "pypdf" not in dependencies[0] and '"pypdf' in dependencies[1]


@pytest.fixture
def nothing_kept():  # type: ignore[no-untyped-def]
    before = keep_recent_streams(0)
    yield
    keep_recent_streams(before)


def test_inside_a_finished_document_each_stream_is_tokenized_once_and_nothing_is_kept_after(nothing_kept) -> None:  # type: ignore[no-untyped-def]
    page = b"q 0 0 0 1 k 72 72 10 10 re f Q % one page"
    assert operations_with_spans(page) is not operations_with_spans(bytes(page))
    with streams_shared(1024):
        first = operations_with_spans(page)
        assert operations_with_spans(bytes(page)) is first
    assert operations._RECENT.size == 0 and operations._RECENT.get(page) is None
    assert operations_with_spans(page) == first


def test_a_process_that_keeps_streams_keeps_its_share_after_a_document_too(nothing_kept) -> None:  # type: ignore[no-untyped-def]
    keep_recent_streams(100)
    with streams_shared(1024):
        assert operations._RECENT.limit == 1024
        older = operations_with_spans(b"0 0 10 10 re f " * 20)
        newer = operations_with_spans(b"q 1 0 0 1 5 5 cm Q % read last")
    # The preview's limit again, with the streams read last that fit in it.
    assert operations._RECENT.limit == 100 and operations._RECENT.size <= 100
    assert operations_with_spans(b"q 1 0 0 1 5 5 cm Q % read last") is newer
    assert operations_with_spans(b"0 0 10 10 re f " * 20) is not older
