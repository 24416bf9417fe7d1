"""The numbers the rules state in prose, read from the project's content once, as the adapter reads them.

For tests that cannot take the ``rules`` fixture (Hypothesis strategies, module-level tables):
the engine's unit tests never type a rule's number of their own.
"""

from __future__ import annotations

from pathlib import Path

from sacredwire.engine_adapter import rule_numbers
from sacredwire.load import load_rulebook

NUMBERS = rule_numbers(load_rulebook(Path(__file__).resolve().parents[2]))
MULTIPLES = NUMBERS.multiples
