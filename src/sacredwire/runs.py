"""Whole numbers folded into runs of consecutive ones: pages, die faces, code points."""

from __future__ import annotations

from collections.abc import Iterable


def runs(numbers: Iterable[int]) -> list[tuple[int, int]]:
    """``numbers``, in the order given, as ``(first, last)`` runs of consecutive numbers.

    >>> runs([1, 2, 3, 7, 8, 5])
    [(1, 3), (7, 8), (5, 5)]
    """
    folded: list[list[int]] = []
    for number in numbers:
        if folded and number == folded[-1][1] + 1:
            folded[-1][1] = number
        else:
            folded.append([number, number])
    return [(first, last) for first, last in folded]
