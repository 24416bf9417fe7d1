"""Checks registered by family: the content checker's and the preflight's are both kept this way.

Each family of checks lives in its own module and registers its functions
with :meth:`CheckRegistry.register` when imported; every registered check
runs, in the order registered, unless a caller picks families.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

F = TypeVar("F", bound=Callable)


@dataclass(frozen=True)
class RegisteredCheck(Generic[F]):
    name: str
    family: str
    function: F


class CheckRegistry(Generic[F]):
    """The checks of one kind, in the order their modules registered them."""

    def __init__(self) -> None:
        self._checks: list[RegisteredCheck[F]] = []

    def register(self, family: str) -> Callable[[F], F]:
        """A decorator registering a check of ``family`` (``xref``, ``boxes``, ...) under its function's name."""

        def register(function: F) -> F:
            self._checks.append(RegisteredCheck(function.__name__, family, function))
            return function

        return register

    def __iter__(self) -> Iterator[RegisteredCheck[F]]:
        return iter(self._checks)

    def families(self) -> set[str]:
        return {registered.family for registered in self._checks}

    def of(self, families: Collection[str] | None = None) -> list[RegisteredCheck[F]]:
        """The registered checks of ``families`` (all of them when ``None``)."""
        return [registered for registered in self._checks if families is None or registered.family in families]
