"""Layout processes: they must not outlive the build that started them, nor spend their time collecting."""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager

_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies, however the parent died.

    A killed build (``kill -9``, an out-of-memory kill, a CI timeout) would
    otherwise leave its layout processes running. Elsewhere this does nothing:
    only Linux has ``prctl``.
    """
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
    if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
    # The parent may have died before prctl took effect; then we were re-parented.
    if os.getppid() == 1:
        os._exit(1)


def settle_memory(thaw: bool = False) -> None:
    """Collect garbage now, between jobs, and keep what is left out of later collections.

    A layout process keeps the content and the laid-out parts of booklets
    (``layout.booklet.PARTS``): many objects that live long. Every full
    collection during the next layout would walk them all again, which costs
    a fifth of a build's time. Frozen, they are skipped. A frozen object is
    never collected, so a process that runs for long (``sw28 serve``) thaws
    everything first, while it has nothing else to do: what it let go of
    since (a part evicted from memory) is collected then.
    """
    if thaw:
        gc.unfreeze()
    gc.collect()
    gc.freeze()


@contextmanager
def collection_paused() -> Iterator[None]:
    """No garbage collection inside the block; collections resume after it, as they were.

    Finishing one document's editions makes and drops millions of small
    objects (operations, paints) while it keeps the operations of every
    stream it read: each collection would walk all of those again, and cost a
    quarter of the work. Almost none of them are in reference cycles, so
    reference counting frees them as they go; the few cycles wait for the
    first collection after the block.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
