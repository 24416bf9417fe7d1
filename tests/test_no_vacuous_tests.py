"""No test passes vacuously: an assertion inside a loop has a guard that the loop ran, and a doctest test
fails when a module it names has no doctests.

A test function with a ``for`` loop whose body asserts passes when the
collection it walks is empty. The scan below finds such loops in every test
module and requires a guard: an assertion outside the loop on what it walks
(``assert items``, ``assert len(rows) == 3``), on a name the loop binds or
counts (``assert seen == 5``), or a literal the loop walks (``for lang in
("en", "es")``), which cannot be empty.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from doctests import run_doctests

from sacredwire.engine import gear, rolls

TESTS = Path(__file__).resolve().parent


def _names(node: ast.AST) -> set[str]:
    return {child.id for child in ast.walk(node) if isinstance(child, ast.Name)}


def _has_assert(loop: ast.For | ast.AsyncFor) -> bool:
    return any(isinstance(child, ast.Assert) for statement in loop.body for child in ast.walk(statement))


def _never_empty(iterable: ast.expr, constants: frozenset[str] = frozenset()) -> bool:
    """A literal collection with items (or a module constant bound to one), or ``range``/``enumerate``/
    ``zip``/``sorted`` of one."""
    if isinstance(iterable, ast.Name):
        return iterable.id in constants
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Attribute) and iterable.func.attr in (
            "items", "keys", "values"):
        return _never_empty(iterable.func.value, constants)
    if isinstance(iterable, ast.BinOp) and isinstance(iterable.op, ast.Add):
        return _never_empty(iterable.left, constants) or _never_empty(iterable.right, constants)
    if isinstance(iterable, (ast.Tuple, ast.List, ast.Set)):
        return bool(iterable.elts) and not any(isinstance(item, ast.Starred) for item in iterable.elts)
    if isinstance(iterable, ast.Dict):
        return bool(iterable.keys) and None not in iterable.keys
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.args:
        if iterable.func.id == "range":
            bounds = iterable.args
            return all(isinstance(bound, ast.Constant) and isinstance(bound.value, int) for bound in bounds) and (
                range(*(bound.value for bound in bounds if isinstance(bound, ast.Constant))) != range(0))
        if iterable.func.id in ("enumerate", "zip", "sorted", "reversed", "list", "tuple"):
            return all(_never_empty(argument, constants) for argument in iterable.args)
    return False


def _bound(loop: ast.For | ast.AsyncFor) -> set[str]:
    """Names the loop binds: its target, and what its body assigns (a counter, a list it fills)."""
    names = _names(loop.target)
    for child in ast.walk(loop):
        if isinstance(child, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = child.targets if isinstance(child, ast.Assign) else [child.target]
            for target in targets:
                names |= _names(target)
        elif isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute) and child.func.attr in (
                "append", "add", "extend", "update", "setdefault"):
            names |= _names(child.func.value)
    return names


def _guarded(loop: ast.For | ast.AsyncFor, function: ast.AST, constants: frozenset[str]) -> bool:
    if _never_empty(loop.iter, constants):
        return True
    inside = {id(child) for child in ast.walk(loop)}
    called = {child.func.id for child in ast.walk(loop.iter)
              if isinstance(child, ast.Call) and isinstance(child.func, ast.Name)}
    watched = (_names(loop.iter) - called | _bound(loop)) - {"self"}
    for child in ast.walk(function):
        if isinstance(child, ast.Assert) and id(child) not in inside and _names(child) & watched:
            return True
    return False


def _constants(body: list[ast.stmt]) -> frozenset[str]:
    """Names bound once in ``body`` to a literal with items: ``LANGS = ("en", "es")``."""
    assigned = [target.id for statement in body if isinstance(statement, ast.Assign)
                for target in statement.targets if isinstance(target, ast.Name)]
    return frozenset(
        target.id for statement in body if isinstance(statement, ast.Assign) and _never_empty(statement.value)
        for target in statement.targets if isinstance(target, ast.Name) and assigned.count(target.id) == 1)


def vacuous_loops(source: str, file: str) -> Iterator[tuple[str, int, str]]:
    """(file, line, test) of each loop in a test function that asserts and has no guard that it ran."""
    tree = ast.parse(source)
    module = _constants(tree.body)
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or not function.name.startswith("test"):
            continue
        constants = module | _constants(function.body)
        for loop in ast.walk(function):
            if isinstance(loop, (ast.For, ast.AsyncFor)) and _has_assert(loop) and not _guarded(loop, function, constants):
                yield file, loop.lineno, function.name


def test_the_scan_finds_a_vacuous_loop_and_accepts_its_guards() -> None:
    vacuous = "def test_x(items):\n    for item in items:\n        assert item > 0\n"
    assert list(vacuous_loops(vacuous, "t.py")) == [("t.py", 2, "test_x")]
    guarded = [
        "def test_x(items):\n    assert items\n    for item in items:\n        assert item > 0\n",
        "def test_x(items):\n    seen = 0\n    for item in items:\n        seen += 1\n        assert item\n"
        "    assert seen == 3\n",
        "def test_x():\n    for lang in ('en', 'es'):\n        assert lang\n",
        "LANGS = ['en', 'es']\ndef test_x():\n    for lang in LANGS:\n        assert lang\n",
        "def test_x(rows):\n    for row in rows:\n        assert row\n    assert len(rows) == 2\n",
    ]
    assert len(guarded) == 5
    for source in guarded:
        assert list(vacuous_loops(source, "t.py")) == [], source
    # A helper (not a test) may loop freely; a comprehension is not a loop statement.
    assert list(vacuous_loops("def check(items):\n    for item in items:\n        assert item\n", "t.py")) == []


def test_no_test_asserts_only_inside_a_loop_that_may_not_run() -> None:
    files = sorted(TESTS.rglob("*.py"))
    assert len(files) > 40
    found = [hit for path in files
             for hit in vacuous_loops(path.read_text(encoding="utf-8"), str(path.relative_to(TESTS.parent)))]
    assert found == [], "tests that pass when their loop is empty (add a guard that it ran):\n" + "\n".join(
        f"{file}:{line}: {name}" for file, line, name in found)


def test_a_module_named_as_having_doctests_but_having_none_fails() -> None:
    run_doctests(rolls)
    with pytest.raises(AssertionError, match="sacredwire.engine.gear is named as having doctests but has none"):
        run_doctests(gear)
