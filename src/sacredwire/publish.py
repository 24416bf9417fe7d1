"""Put one build's output files into place together.

Every file is first written into a staging folder inside the output folder
(so on the same file system), and only when all of them are written are they
renamed into place. If any cannot be written, no file of the previous build is
replaced and the staging folder is removed.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path, PurePosixPath


class PublishError(Exception):
    """The outputs could not be written; the previous outputs are untouched."""


def _umask() -> int:
    # os.umask can only be read by setting it; set it straight back.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _checked_relative(name: PurePosixPath) -> PurePosixPath:
    if name.is_absolute() or not name.parts or any(part in ("", ".", "..") for part in name.parts):
        raise PublishError(f"refused to write {name}: not a plain path inside the output folder")
    return name


def publish(files: Mapping[PurePosixPath, bytes], out_dir: Path) -> list[Path]:
    """Write ``files`` (paths relative to ``out_dir``) all together; return the paths written.

    Files get the permissions a newly created file normally gets (0644 under
    umask 022), not the private 0600 of a temporary file.
    """
    contents = {_checked_relative(PurePosixPath(name)): data for name, data in files.items()}
    names = sorted(contents)
    mode = 0o666 & ~_umask()
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(dir=out_dir, prefix=".staging-"))
    except OSError as exc:
        raise PublishError(f"cannot write to {out_dir}: {exc.strerror or exc}") from None
    try:
        try:
            for name in names:
                staged = staging.joinpath(*name.parts)
                staged.parent.mkdir(parents=True, exist_ok=True)
                with open(staged, "wb") as stream:
                    stream.write(contents[name])
                    stream.flush()
                    os.fsync(stream.fileno())
                os.chmod(staged, mode)
                if staged.stat().st_size != len(contents[name]):
                    raise PublishError(f"{name} was not written whole")
            targets = [out_dir.joinpath(*name.parts) for name in names]
            for target in targets:
                target.parent.mkdir(parents=True, exist_ok=True)
                if target.is_dir() and not target.is_symlink():
                    raise PublishError(f"cannot write {target}: a folder has that name")
        except OSError as exc:
            raise PublishError(f"cannot write to {out_dir}: {exc.strerror or exc}") from None
        # Everything is written: only renames are left, each atomic on its own.
        for name, target in zip(names, targets):
            os.replace(staging.joinpath(*name.parts), target)
        return targets
    finally:
        shutil.rmtree(staging, ignore_errors=True)
