"""``sparrows`` entry point: argument parsing and error handling; the work is in the library.

Exit status: 0 done; 1 a valid answer that is "no" (``score`` of a hand that is not a
valid win); 2 bad input or an error named in one line; 3 an internal error (a bug: please
report it); 130 interrupted (Ctrl-C), 143 terminated (SIGTERM).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from .. import __version__
from ..errors import InternalError, SparrowsError
from .common import Parser


class _Version(argparse.Action):
    """``--version``: the version and the build (pure Python or compiled), looked up only
    when asked."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and build, exit")

    def __call__(self, parser: argparse.ArgumentParser, *args: Any) -> None:
        from ..compiled import label

        print(f"sparrows {__version__}, {label()}")
        parser.exit()


#: Each command's module and the function that adds its parser, in the order ``--help``
#: lists them. A command's module is imported only when that command runs (or for the
#: full help), so ``sparrows score`` does not load the game, the simulator or the server.
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play", "add_parser"),
    "analyze": ("analyze", "add_parser"),
    "score": ("score", "add_parser"),
    "simulate": ("simulate", "add_parser"),
    "replay": ("replay", "add_parser"),
    "export": ("replay", "add_export_parser"),
    "rules": ("rules", "add_parser"),
    "schema": ("schema", "add_parser"),
    "serve": ("serve", "add_parser"),
    "dataset": ("dataset", "add_parser"),
}
#: Other names a command's parser adds (``analyze-log`` comes with ``replay``).
ALIASES = {"analyse": "analyze", "analyze-log": "replay", "analyse-log": "replay"}


def build_parser(command: str | None = None) -> Parser:
    """The parser of every command, or of ``command`` alone when it is one of them."""
    parser = Parser(
        prog="sparrows",
        description="A mahjong engine: play, analyse and score hands, simulate, replay.",
    )
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    command = ALIASES.get(command or "", command)
    for name, (module, adder) in COMMANDS.items():
        if command in COMMANDS and name != command:
            continue
        getattr(importlib.import_module(f".{module}", __package__), adder)(sub)
    return parser


def _command(argv: Sequence[str]) -> str | None:
    """The command named on the line: its first word that is not an option."""
    return next((a for a in argv if not a.startswith("-")), None)


def _stdout_failed(exc: OSError) -> int:
    """Output could not be written (a full disk, a closed pipe): say so once, and stop
    Python from failing again when it flushes at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):
        pass
    if isinstance(exc, BrokenPipeError):
        return 0
    print(f"sparrows: error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    if sys.stdout is None:
        print("sparrows: error: standard output is closed", file=sys.stderr)
        return 2
    parser = build_parser(_command(sys.argv[1:] if argv is None else argv))
    args, extras = parser.parse_known_args(argv)
    if not getattr(args, "command", None):
        if extras:
            parser.unknown(extras)
        parser.print_help()
        return 2
    if extras:
        args.parser.unknown(extras)
    try:
        code: int = args.run(args)
        sys.stdout.flush()
        return code
    except InternalError as exc:  # a fault of ours, even if it raised a SparrowsError
        if os.environ.get("SPARROWS_DEBUG"):
            raise
        print(
            f"sparrows: internal error ({exc}); please report it "
            "(SPARROWS_DEBUG=1 shows the details)",
            file=sys.stderr,
        )
        return 3
    except SparrowsError as exc:
        print(f"sparrows: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nsparrows: interrupted", file=sys.stderr)
        return 130
    except OSError as exc:
        if exc.errno is not None and getattr(exc, "filename", None) is None:
            return _stdout_failed(exc)  # writing to stdout failed (no file named)
        print(f"sparrows: error: {exc.strerror or exc}: {exc.filename}", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug: say so in one line; SPARROWS_DEBUG=1 shows the traceback
        if os.environ.get("SPARROWS_DEBUG"):
            raise
        print(
            f"sparrows: internal error ({type(exc).__name__}: {exc}); please report it "
            "(SPARROWS_DEBUG=1 shows the details)",
            file=sys.stderr,
        )
        return 3


def entry() -> None:
    """The console script: exit with main()'s status, flushing output safely."""
    code = main()
    try:
        sys.stdout.flush()
    except OSError as exc:
        code = _stdout_failed(exc)
    sys.exit(code)


if __name__ == "__main__":
    entry()
