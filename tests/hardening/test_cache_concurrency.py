"""The layout cache under several processes at once: no failure, no entry lost while it is referenced.

Every process stores finished files and laid-out documents and reads them back
at once, while the others store and prune. ``SW28_STRESS_ROUNDS`` sets the
rounds per process (a few in CI; run it with hundreds to hunt a rare race).
"""

from __future__ import annotations

import multiprocessing
import os
import traceback
from pathlib import Path

import pytest
from conftest import PROJECT

from sacredwire.layout import LaidOut
from sacredwire.layout.cache import LayoutCache

PROCESSES = 4
ROUNDS = int(os.environ.get("SW28_STRESS_ROUNDS", "25"))


def _files(worker: int, number: int) -> list[tuple[str, bytes]]:
    # Some files are shared by every worker (same bytes, same blob), some are the worker's own.
    return [("shared.pdf", b"%PDF shared " + bytes([number % 7]) * 2000),
            (f"own-{worker}.pdf", b"%PDF own " + f"{worker}-{number}".encode() * 300)]


def _hammer(folder: str, worker: int, rounds: int, small: bool, barrier, failures) -> None:  # type: ignore[no-untyped-def]
    # A small bound makes every store prune what the others stored.
    cache = (LayoutCache(Path(folder), PROJECT / "templates", max_bytes=12000) if small
             else LayoutCache(Path(folder), PROJECT / "templates"))
    barrier.wait()
    try:
        for number in range(rounds):
            files = _files(worker, number)
            key = f"finished-{worker}-{number}"
            cache.put_files(key, files)
            back = cache.get_files(key)
            # Without a size bound nothing may go; with one, an entry may go, but never come back wrong.
            if back != files and not (small and back is None):
                failures.put(f"worker {worker} round {number}: finished files came back as {back!r:.80}")
            laid_out = LaidOut(pdf=b"%PDF " + bytes([number % 256]) * 3000, anchors={"a": number},
                               page_count=1 + number)
            cache.put(f"doc-{worker}-{number % 5}", laid_out)
            got = cache.get(f"doc-{worker}-{number % 5}")
            if got != laid_out and not (small and got is None):
                failures.put(f"worker {worker} round {number}: document came back as {got!r:.80}")
            cache.mark_verified(f"v-{worker}-{number}", max_records=6)
    except Exception:  # noqa: BLE001  (the point: report whatever a worker met)
        failures.put(f"worker {worker}: {traceback.format_exc()}")


def run_stress(folder: Path, processes: int = PROCESSES, rounds: int = ROUNDS, small: bool = False) -> list[str]:
    """Run the cache operations from ``processes`` processes at once; the failures they met."""
    context = multiprocessing.get_context("fork")
    barrier, failures = context.Barrier(processes), context.Queue()
    workers = [context.Process(target=_hammer, args=(str(folder), worker, rounds, small, barrier, failures))
               for worker in range(processes)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    found = []
    while not failures.empty():
        found.append(failures.get())
    found += [f"worker {number} exited {worker.exitcode}" for number, worker in enumerate(workers)
              if worker.exitcode != 0]
    return found


@pytest.mark.parametrize("small", [False, True], ids=["unbounded", "pruning"])
def test_processes_sharing_a_cache_never_fail_nor_lose_a_referenced_file(tmp_path: Path, small: bool) -> None:
    assert run_stress(tmp_path / "cache", small=small) == []
    finished = tmp_path / "cache" / "finished"
    manifests = list(finished.glob("*.json"))
    assert manifests, "no worker stored anything"
    # Every manifest left refers only to files that are there.
    cache = LayoutCache(tmp_path / "cache", PROJECT / "templates")
    for manifest in manifests:
        assert cache.get_files(manifest.stem) is not None, manifest.name
