"""``sparrows`` entry point: argument parsing and error handling; the work is in the library."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import __version__
from ..errors import SparrowsError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sparrows",
        description="A mahjong engine: play, analyse and score hands, simulate, replay.",
    )
    parser.add_argument("--version", action="version", version=f"sparrows {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    from . import analyze, play, replay, rules, score, simulate

    play.add_parser(sub)
    analyze.add_parser(sub)
    score.add_parser(sub)
    simulate.add_parser(sub)
    replay.add_parser(sub)
    rules.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return 2
    try:
        code: int = args.run(args)
        return code
    except SparrowsError as exc:
        print(f"sparrows: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: say so in one line; SPARROWS_DEBUG=1 shows the traceback
        import os

        if os.environ.get("SPARROWS_DEBUG"):
            raise
        print(
            f"sparrows: internal error ({type(exc).__name__}: {exc}); please report it "
            "(SPARROWS_DEBUG=1 shows the details)",
            file=sys.stderr,
        )
        return 3


if __name__ == "__main__":
    sys.exit(main())
