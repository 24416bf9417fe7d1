"""Planted rule changes are caught: a fixed sample of the mutations of ``scripts/mutation_test.py``.

The full run (every mutation, a few minutes) is ``python scripts/mutation_test.py``;
here every mutation must still apply to the source, and a fixed sample, the
two multiples once caught by nothing among them, is planted and caught.
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
from pathlib import Path
from types import ModuleType

import pytest

PROJECT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_test", PROJECT / "scripts" / "mutation_test.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("mutation_test", module)
    spec.loader.exec_module(module)
    return module


MUTATION_TEST = _script()
# Deterministic: one per kind of rule (multiples, ties, overflow, damage, table reads, actions, spawning).
SAMPLE = (
    "Broadcast fumble at 2x instead of 3x",
    "Examine critical at 2x instead of 3x",
    "a same-DT tie goes to the attacker",
    "overflow passes with its own sign",
    "AP ignored",
    "critical and fumble tables swapped",
    "Aim lowers the shot",
    "the d2 picks the units the other way round",
)


def test_at_least_fifty_rule_changes_each_still_apply():
    mutations = MUTATION_TEST.MUTATIONS
    assert len(mutations) >= 50
    assert len({mutation.description for mutation in mutations}) == len(mutations)
    for mutation in mutations:
        assert MUTATION_TEST.mutated(mutation) != (PROJECT / MUTATION_TEST.PACKAGE / mutation.file).read_text()


def test_the_tests_import_the_mutated_copy():
    with tempfile.TemporaryDirectory() as folder:
        MUTATION_TEST.copy_source(Path(folder))
        assert MUTATION_TEST.imported_from(Path(folder)).is_relative_to(Path(folder))


def test_an_unknown_mutation_is_refused():
    with pytest.raises(MUTATION_TEST.MutationError):
        MUTATION_TEST.mutated(MUTATION_TEST.Mutation("engine/rolls.py", "no such text", "x", "nothing"))


def test_a_sample_of_planted_rule_changes_is_caught(tmp_path: Path):
    # The snapshot holds what this checkout's tests read; the planted copies are made from it.
    base = MUTATION_TEST.snapshot(tmp_path)
    verdicts = list(MUTATION_TEST.run_all([MUTATION_TEST.by_description(text) for text in SAMPLE], base, jobs=2))
    assert len(verdicts) == len(SAMPLE)
    survived = [verdict.mutation.description for verdict in verdicts if not verdict.caught]
    assert not survived, f"planted rule changes no test catches: {survived}"
