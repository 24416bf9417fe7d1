"""Each package keeps its private modules to itself, and each has one purpose.

A module whose name starts with an underscore (``load/_files.py``,
``render/_markdown.py``) belongs to its package: other packages import what
the package exports from its ``__init__``. The static site (``web/``) is what
the web output kind makes; the preview server (``preview/``) drives the build
and serves it, and the site does not depend on it.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from conftest import PROJECT

PACKAGE = PROJECT / "src" / "sacredwire"


def _package_of(path: Path, root: Path) -> tuple[str, ...]:
    """The package a module belongs to, as a dotted tuple (a package's ``__init__`` is in itself)."""
    return path.relative_to(root.parent).parent.parts


def _imported(node: ast.ImportFrom, package: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every dotted name an import reaches: the module, and each name taken from it."""
    if node.level:
        base = package[: len(package) - (node.level - 1)]
        module = base + (tuple(node.module.split(".")) if node.module else ())
    else:
        module = tuple((node.module or "").split("."))
    return [module] + [module + (alias.name,) for alias in node.names]


def _is_foreign_private(dotted: tuple[str, ...], package: tuple[str, ...]) -> bool:
    """Whether a dotted name passes through a private part that lives outside ``package``.

    The owner of a private part is the package or module it is named in; a
    module of the same package may use it (a package is one room).
    """
    for depth, part in enumerate(dotted):
        if part.startswith("_") and not part.startswith("__"):
            return package not in (dotted[:depth], dotted[:depth - 1])
    return False


def private_imports(root: Path) -> list[str]:
    """``file:line: name`` for each import of another package's private module or name."""
    found = []
    for path in sorted(root.rglob("*.py")):
        package = _package_of(path, root)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            foreign = [dotted for dotted in _imported(node, package)
                       if dotted[0] == root.name and _is_foreign_private(dotted, package)]
            if foreign:  # the module itself when it is private, else the first private name
                found.append(f"{path.relative_to(root.parent)}:{node.lineno}: {'.'.join(foreign[0])}")
    return found


def test_no_package_imports_another_packages_private_module():
    scanned = list(PACKAGE.rglob("*.py"))
    assert len(scanned) > 100, "the scan found the package's modules"
    assert private_imports(PACKAGE) == []


def test_the_scan_finds_a_private_import(tmp_path):
    package = tmp_path / "sacredwire"
    (package / "load").mkdir(parents=True)
    (package / "kit").mkdir()
    for init in ("__init__.py", "load/__init__.py", "kit/__init__.py"):
        (package / init).write_text("", encoding="utf-8")
    (package / "load" / "_files.py").write_text("def read(): pass\n", encoding="utf-8")
    (package / "load" / "tables.py").write_text("from ._files import read\n", encoding="utf-8")
    (package / "kit" / "squad.py").write_text("import os\nfrom ..load._files import read\n", encoding="utf-8")
    (package / "kit" / "sheet.py").write_text("from .squad import _cost\nfrom ..load.tables import _row\n",
                                              encoding="utf-8")
    assert private_imports(package) == ["sacredwire/kit/sheet.py:2: sacredwire.load.tables._row",
                                        "sacredwire/kit/squad.py:2: sacredwire.load._files"]


def test_the_static_site_does_not_load_the_preview_server():
    probe = ("import sys, sacredwire.web, sacredwire.outputs.web; "
             "print(sorted(m for m in ('sacredwire.preview', 'watchfiles', 'http.server') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"


def test_the_preview_server_serves_the_site_the_output_kind_makes():
    from sacredwire import preview, web
    from sacredwire.outputs import KINDS
    from sacredwire.preview import server

    assert server.make_site is web.make_site
    assert KINDS["web"].name == "web"
    assert preview.serve is server.serve
