"""A made file: where it goes under the output folder, and its bytes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath


@dataclass(frozen=True)
class Artifact:
    """One output file: a path relative to the output folder, and its bytes."""

    path: PurePosixPath
    data: bytes
