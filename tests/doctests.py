"""Running a module's docstring examples in a test: a module named as having them must have some."""

from __future__ import annotations

import doctest
from types import ModuleType


def run_doctests(module: ModuleType) -> None:
    """Run ``module``'s doctests; fail when one fails, and when it has none (the test would pass vacuously)."""
    result = doctest.testmod(module)
    assert result.attempted > 0, f"{module.__name__} is named as having doctests but has none"
    assert result.failed == 0, f"{module.__name__}: {result.failed} of {result.attempted} doctests failed"
