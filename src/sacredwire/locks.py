"""Locks on folders that several processes write at once.

The layout cache is written by every layout process of a build, by a running
``sw28 serve`` and by another build into the same folder; an output folder may
be the target of two ``sw28 build`` commands started at once. Both use
``flock`` on a lock file: the kernel releases the lock when its process exits,
however it exits, so a killed build never leaves a folder locked.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

# The file in an output folder's .cache that a build holds while it writes there.
BUILD_LOCK = "build.lock"


@contextmanager
def locked(path: Path, shared: bool = False) -> Iterator[None]:
    """Hold the lock file ``path`` (created if missing): shared for readers, exclusive for writers."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        fcntl.flock(handle, fcntl.LOCK_SH if shared else fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)  # closing the last descriptor releases the lock


@contextmanager
def folder_locked(folder: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``folder`` itself, for a writer that replaces a file in it by renaming.

    A lock file beside the file would be one more file in the folder (``content/``
    must hold only what its author put there); the folder is never replaced, so
    its lock is the same for every process.
    """
    handle = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)


@contextmanager
def building_into(out_dir: Path, waiting: Callable[[], None]) -> Iterator[None]:
    """Hold ``out_dir``'s build lock for the duration; when another build holds it, call
    ``waiting`` once and wait for it to finish."""
    path = out_dir / ".cache" / BUILD_LOCK
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            waiting()
            fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        os.close(handle)
