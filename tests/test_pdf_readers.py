"""One PDF library in the code, used through its public interface."""

from __future__ import annotations

import ast
from pathlib import Path

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

