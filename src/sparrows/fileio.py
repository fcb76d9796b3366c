"""Writing files safely: output paths checked before the work starts, and atomic writes
(a temporary file beside the target, then a rename), so an interrupted run never leaves
half a file."""

from __future__ import annotations

import contextlib
import os
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


def write_atomic(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to a temporary file beside ``path``, then rename it into place: an
    interrupted write leaves the old file (or none), never half a file."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target
