"""Writing files safely: output paths checked before the work starts, and atomic writes
(a temporary file beside the target, then a rename), so an interrupted run never leaves
half a file."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from .errors import SparrowsError


def check_output_path(path: str | os.PathLike[str], what: str = "output file") -> Path:
    """Refuse, before any work starts, a path that cannot be written."""
    target = Path(path)
    if target.is_dir():
        raise SparrowsError(f"the {what} {target} is a directory")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise SparrowsError(f"cannot write the {what} {target}: no folder {folder}")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise SparrowsError(f"cannot write the {what} {target}: permission denied")
    return target


def new_file(stem: str, suffix: str = ".json") -> Path:
    """A file of a name not taken yet, created empty to claim it (``stem.json``, else
    ``stem-2.json``, ``stem-3.json``...): two runs started in the same second never share
    a default file name, and no file is overwritten that was not named."""
    for n in range(1, 10_000):
        path = Path(f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue
        except OSError as exc:
            raise SparrowsError(f"cannot create {path}: {exc.strerror or exc}") from None
        os.close(fd)
        return path
    raise SparrowsError(f"no free file name like {stem}{suffix} in this folder")


def write_atomic(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to a temporary file beside ``path``, then rename it into place: an
    interrupted write leaves the old file (or none), never half a file. A symlink is
    followed (the file it names is replaced, the link kept); a target that is not a
    regular file (a FIFO, a terminal, ``/dev/stdout``) is written directly. The file gets
    the mode of the file it replaces, or the usual mode for a new file (0666 less the
    umask), not the temporary file's 0600."""
    target = Path(os.path.realpath(path))
    if target.exists() and not target.is_file():
        with open(target, "w", encoding="utf-8") as stream:
            stream.write(text)
        return target
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o666 & ~_umask()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            os.fchmod(f.fileno(), mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target


def _umask() -> int:
    mask = os.umask(0)  # the only way to read it is to set it
    os.umask(mask)
    return mask
