"""Fixtures for the rules engine tests: the project's own tables, read once."""

from __future__ import annotations

from pathlib import Path

import pytest

from sacredwire.engine import Rules
from sacredwire.engine_adapter import rules_from_tables
from sacredwire.load import load_rulebook
from sacredwire.model import Rulebook

PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def rulebook() -> Rulebook:
    return load_rulebook(PROJECT)


@pytest.fixture(scope="session")
def rules(rulebook: Rulebook) -> Rules:
    """The engine's view of the tables the booklets print."""
    return rules_from_tables(rulebook)
