"""The preflight's input boundary: any file a user names may be hostile.

``sw28 preflight`` reads files it did not make. Before any parser sees one it
must be a regular file (a FIFO would block for ever, ``/dev/zero`` never
ends) no larger than :data:`MAX_FILE_BYTES`, and not encrypted (a print file
never is, and checking one would need its password). The checks then run in a
child process with a budget of processor time and memory that grows with the
page count: a file built to make them work without end (millions of operators,
a decompression bomb) becomes a finding, ``PF002``, not a hang or an
exhausted machine. Processor time, not wall-clock time, so a busy machine
never turns a good file into a finding.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import resource
import signal
import stat
from pathlib import Path

import pikepdf

from ..diagnostics import Severity
from . import AUTO_PRODUCT, PreflightReport, inspect_pdf
from .findings import Finding, UnreadablePdf
from .profiles import INK_LIMIT, profile_for

# Larger than any print file of a rulebook by far; a larger file is refused unread.
MAX_FILE_BYTES = 1024 * 1024 * 1024
# Processor seconds for the file, and for each page on top.
CPU_BASE_S = 10
CPU_PER_PAGE_S = 2
# Memory the checks may use beyond what the process holds when they start, and per byte of the file.
MEMORY_BASE_BYTES = 1024 * 1024 * 1024
MEMORY_PER_FILE_BYTE = 8


def read_file(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes; :class:`UnreadablePdf`
    otherwise. Opened without blocking, so a FIFO is refused, not waited on."""
    name = str(path)
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise UnreadablePdf(name, f"cannot read the file ({error.strerror or error})") from None
    mode = os.fstat(handle).st_mode
    if not stat.S_ISREG(mode):
        os.close(handle)
        kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket or other special file")
        raise UnreadablePdf(name, f"not a regular file ({kind}): only PDF files are read")
    with os.fdopen(handle, "rb") as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise UnreadablePdf(name, f"larger than {limit // (1024 * 1024)} MB: not read (no print file is that large)")
    return data


def page_count(data: bytes, name: str) -> int:
    """The file's page count; :class:`UnreadablePdf` when it is encrypted. Damage is left to the checks,
    which report it in their own words (0 pages then)."""
    try:
        with pikepdf.open(io.BytesIO(data)) as pdf:
            encrypted = pdf.is_encrypted
            pages = 0 if encrypted else len(pdf.pages)
    except pikepdf.PasswordError:  # opening tries the empty password; any other is not ours to know
        encrypted, pages = True, 0
    except (pikepdf.PdfError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
        return 0
    if encrypted:
        raise UnreadablePdf(name, "encrypted: preflight checks unencrypted files only (a file for a printer "
                                  "must not be encrypted); save it without encryption first")
    return pages


def _child(connection, data: bytes, name: str, cpu_s: int, memory: int, options: dict) -> None:  # type: ignore[no-untyped-def]
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 5))
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        connection.send(("report", inspect_pdf(data, name, **options)))
    except UnreadablePdf as error:
        connection.send(("unreadable", error.reason))
    except MemoryError:
        connection.send(("memory", None))


def _address_space() -> int:
    """The bytes of address space this process holds now (from /proc; 0 where there is none)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def inspect_within_budget(data: bytes, name: str, *, edition: str = "any", product: str = AUTO_PRODUCT,
                          ink_limit: float = INK_LIMIT, safe_margin: float | None = None) -> PreflightReport:
    """:func:`~sacredwire.preflight.inspect_pdf` in a child process with a processor-time and memory
    budget; past it, a report whose one finding (PF002) says so. :class:`UnreadablePdf` as ever."""
    pages = page_count(data, name)
    cpu_s = CPU_BASE_S + CPU_PER_PAGE_S * max(1, pages)
    memory = _address_space() + MEMORY_BASE_BYTES + MEMORY_PER_FILE_BYTE * len(data)
    context = multiprocessing.get_context("fork")
    receiving, sending = context.Pipe(duplex=False)
    options = {"edition": edition, "product": product, "ink_limit": ink_limit, "safe_margin": safe_margin}
    child = context.Process(target=_child, args=(sending, data, name, cpu_s, memory, options))
    child.start()
    sending.close()
    try:
        kind, value = receiving.recv()
    except EOFError:  # the child ended without an answer: killed past its processor time, or out of memory
        kind, value = "", None
    child.join()
    if not kind:
        kind = "time" if child.exitcode == -signal.SIGXCPU else "memory"
    if kind == "report":
        return value
    if kind == "unreadable":
        raise UnreadablePdf(name, value)
    spent = (f"{cpu_s} s of processor time" if kind == "time"
             else f"{memory // (1024 * 1024)} MB of memory")
    finding = Finding("PF002", Severity.ERROR, name, None,
                      f"checking the file went past its budget of {spent} ({pages} page(s)): it is built to "
                      f"make a reader work without end, or far heavier than any print file")
    profile = profile_for(edition, "booklet" if product == AUTO_PRODUCT else product, ink_limit=ink_limit,
                          safe_margin=safe_margin)
    return PreflightReport(name, profile, (), (finding,))
