"""Layout processes must not outlive the build that started them."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

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
