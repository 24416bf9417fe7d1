"""The engine is pure: standard library and itself only."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import sacredwire.engine

ENGINE = Path(sacredwire.engine.__file__).parent


def imported_modules(path: Path) -> list[str]:
    """Absolute names of everything a module imports (relative imports resolved inside the engine)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                # Every engine module sits directly in the package: one dot is sacredwire.engine.
                assert node.level == 1, f"{path.name} imports from outside the engine package"
                names.append("sacredwire.engine" + (f".{node.module}" if node.module else ""))
            else:
                names.append(node.module or "")
    return names


def test_the_engine_imports_only_the_standard_library_and_itself():
    files = sorted(ENGINE.glob("*.py"))
    assert files
    imports = 0
    for path in files:
        for name in imported_modules(path):
            imports += 1
            top = name.split(".")[0]
            allowed = top in sys.stdlib_module_names or top == "__future__" or \
                name == "sacredwire.engine" or name.startswith("sacredwire.engine.")
            assert allowed, f"{path.name} imports {name}"
    assert imports
