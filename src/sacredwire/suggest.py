"""'Did you mean …?': the nearest known names to a name that is not known."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

# How alike two names must be (difflib's ratio) to be offered; lower offers noise.
CUTOFF = 0.6
MOST = 3


def closest(name: str, known: Iterable[object]) -> list[str]:
    """The known names most like ``name``, best first (at most three), ignoring case."""
    candidates = sorted({str(item) for item in known})
    by_case = {candidate.lower(): candidate for candidate in candidates}
    matches = difflib.get_close_matches(name.lower(), list(by_case), n=MOST, cutoff=CUTOFF)
    return [by_case[match] for match in matches]


def did_you_mean(name: object, known: Iterable[object]) -> str:
    """`` (did you mean X?)`` to append to a message about ``name``, or ``""`` when nothing is close.

    >>> did_you_mean("C4.77", ["C4.7", "C4.1", "A3.10"])
    ' (did you mean C4.7?)'
    """
    matches = closest(str(name), known)
    # One name: a list of near misses reads as noise, and the best is nearly always meant.
    return f" (did you mean {matches[0]}?)" if matches else ""
