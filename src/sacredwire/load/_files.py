"""Reading content files safely: regular files inside the project, bounded in size.

Content comes from contributors and is untrusted: a symlink could point out of
the project (or at ``/dev/zero``), a FIFO would block the reader for ever, and
a folder may be named like a file. Each is refused with a clear ``file:line``
error before a byte is read.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..diagnostics import ContentError, Location

# Far above any real content file (the largest is tens of kilobytes), far below
# what could exhaust memory.
MAX_FILE_BYTES = 4 * 1024 * 1024
_BOM = "\ufeff"


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_regular(path: Path, rel: str) -> os.stat_result:
    """Refuse anything but a plain file (symlinks included, dangling or not)."""
    try:
        info = path.lstat()
    except OSError as exc:
        raise ContentError(Location(rel, 1), f"cannot read: {exc.strerror or exc}") from None
    if not stat.S_ISREG(info.st_mode):
        raise ContentError(Location(rel, 1), f"{_kind(info.st_mode)}, not a content file "
                                             f"(content files must be plain files inside the project)")
    return info


def read_content_text(path: Path, rel: str, keep_bom: bool = False) -> str:
    """The UTF-8 text of one content file, without a leading byte-order mark
    (unless ``keep_bom``, for a file that is to be written back).

    Opened with ``O_NOFOLLOW | O_NONBLOCK`` so that a file swapped for a link
    or a pipe after the check still cannot be followed or block.
    """
    info = check_regular(path, rel)
    if info.st_size > MAX_FILE_BYTES:
        raise ContentError(Location(rel, 1), f"file too large ({info.st_size} bytes; "
                                             f"content files are at most {MAX_FILE_BYTES} bytes)")
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags)
        with os.fdopen(descriptor, "rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                raise ContentError(Location(rel, 1), "not a regular file")
            data = stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise ContentError(Location(rel, 1), f"cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE_BYTES:
        raise ContentError(Location(rel, 1), f"file too large (content files are at most {MAX_FILE_BYTES} bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ContentError(Location(rel, line), f"not UTF-8 text ({exc.reason})") from None
    if "\0" in text:
        line = text[:text.index("\0")].count("\n") + 1
        raise ContentError(Location(rel, line), "NUL byte in a text file")
    return text if keep_bom else text.removeprefix(_BOM)


def _plain_folder(folder: Path, root: Path) -> bool:
    """Whether ``folder`` exists; a link or a file on the way from ``root`` is an error."""
    current = root
    for part in folder.relative_to(root).parts:
        current = current / part
        try:
            mode = current.lstat().st_mode
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise ContentError(Location(current.relative_to(root).as_posix(), 1),
                               f"cannot read: {exc.strerror or exc}") from None
        if not stat.S_ISDIR(mode):
            raise ContentError(Location(current.relative_to(root).as_posix(), 1),
                               f"{_kind(mode)}, where a content folder is expected")
    return True


def content_files(folder: Path, root: Path, suffix: str) -> list[Path]:
    """The ``*<suffix>`` entries of ``folder``, sorted; anything not a plain file is an error.

    A name in another case (``RULES.MD``) is not read; the checker reports it.
    """
    if not _plain_folder(folder, root):
        return []
    try:
        entries = sorted(folder.iterdir())
    except OSError as exc:
        rel = folder.relative_to(root).as_posix()
        raise ContentError(Location(rel, 1), f"cannot list folder: {exc.strerror or exc}") from None
    found = []
    for path in entries:
        if not path.name.endswith(suffix):
            continue
        check_regular(path, path.relative_to(root).as_posix())
        found.append(path)
    return found
