"""A made file: where it goes under the output folder (or its edition's folder), and its bytes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath


@dataclass(frozen=True)
class Artifact:
    """A finished file: ``path`` relative to its ``<lang>/<edition>/`` folder, and its bytes."""

    path: PurePosixPath
    data: bytes

    def __post_init__(self) -> None:
        if self.path.is_absolute() or ".." in self.path.parts or not self.path.parts:
            raise ValueError(f"an artifact path must be relative and inside its folder: {self.path}")
