"""Small helpers shared by the commands: the argument parser, rules options, output files,
tile display."""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn, TextIO

from ..errors import InternalError, SparrowsError
from ..fileio import check_output_path, new_file, write_atomic
from ..tiles import Tile, render_tile
from ..tiles.kinds import GREEN
from ..tiles.tile import Dialect

__all__ = ["check_output_path", "new_file", "write_atomic"]  # re-exported for the commands

SEAT_NAMES = ("You", "Right", "Across", "Left")
GREEN_ANSI = "\x1b[32m"
RESET = "\x1b[0m"
BOLD = "\x1b[1m"
DIM = "\x1b[2m"
UNDERLINE = "\x1b[4m"


@contextmanager
def ours(what: str) -> Iterator[None]:
    """Run sparrows' own code (the engine, a hint, the analysis of input already read):
    anything it raises is a bug, reported as :class:`InternalError` (exit 3), even a
    SparrowsError. An interrupt and a failed write of the output pass through."""
    try:
        yield
    except (InternalError, KeyboardInterrupt, OSError):
        raise
    except Exception as exc:
        raise InternalError(f"{what}: {type(exc).__name__}: {exc}") from exc


# ---------------------------------------------------------------------- argument parsing
class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line naming the problem (with the closest
    valid option for a typo) and where to find help, instead of a usage block."""

    raise_errors = False  #: raise SparrowsError instead of exiting (a line of 'score -')

    def error(self, message: str) -> NoReturn:
        if self.raise_errors:
            raise SparrowsError(message)
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")

    def unknown(self, extras: Sequence[str]) -> NoReturn:
        """Refuse arguments no option of this parser takes, suggesting the closest one."""
        first = extras[0]
        if first.startswith("-"):
            name = first.split("=", 1)[0]
            options = [o for a in self._actions for o in a.option_strings if o.startswith("--")]
            close = difflib.get_close_matches(name, options, n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]}?" if close else ""
            self.error(f"unknown option {name}{hint}")
        self.error(f"unexpected argument {first!r} (quote a hand that contains spaces)")


def add_rules_arguments(
    p: argparse.ArgumentParser, default: str, choices: Sequence[str], what: str = "ruleset"
) -> None:
    """``--rules``, ``--preset`` and ``--option KEY=VALUE`` (the same validation as the
    library's ``get_ruleset``)."""
    p.add_argument(
        "--rules",
        "--ruleset",
        dest="rules",
        default=default,
        choices=list(choices),
        help=f"{what} (default {default}; `sparrows rules` lists them)",
    )
    add_option_arguments(p)


def add_option_arguments(p: argparse.ArgumentParser) -> None:
    """``--preset`` and ``--option KEY=VALUE`` (read by :func:`rules_options`)."""
    p.add_argument(
        "--preset",
        default=None,
        help="a preset of the ruleset's options (`sparrows rules NAME` lists them)",
    )
    p.add_argument(
        "--option",
        "-o",
        dest="options",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set one rule option, e.g. --option allow_misdeclared_wins=true (repeatable)",
    )


def parse_option_value(text: str) -> Any:
    """A command-line option value: true/false, a whole number, a comma-separated list of
    whole numbers, or text."""
    low = text.strip().lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(low)
    except ValueError:
        pass
    if "," in low:
        try:
            return [int(part) for part in low.split(",")]
        except ValueError:
            pass
    return text.strip()


def rules_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options dict (preset and values) that ``get_ruleset`` validates."""
    options: dict[str, Any] = {}
    if getattr(args, "preset", None):
        options["preset"] = args.preset
    for item in getattr(args, "options", None) or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise SparrowsError(f"--option takes KEY=VALUE, not {item!r}")
        options[key.strip()] = parse_option_value(value)
    return options


# ---------------------------------------------------------------------- display
def use_color(stream: TextIO, flag: bool | None = None) -> bool:
    if flag is not None:
        return flag
    isatty = getattr(stream, "isatty", None)
    return (
        bool(isatty and isatty())
        and os.environ.get("NO_COLOR") is None
        and os.environ.get("TERM") != "dumb"
    )


def show_tile(tile: Tile, dialect: Dialect, color: bool) -> str:
    if color and dialect == "suzume" and tile.kind == GREEN:
        return f"{GREEN_ANSI}g{RESET}"
    return render_tile(tile, "ascii", color, dialect)


def show_tiles(tiles: Sequence[Tile], dialect: Dialect, color: bool) -> str:
    return " ".join(show_tile(t, dialect, color) for t in tiles)


def tile_list(text: str) -> str:
    """A list of tiles as typed on the command line: commas and spaces both separate."""
    return text.replace(",", " ")


def relative_name(seat: int, viewer: int | None, players: int = 4) -> str:
    """A seat as the viewer sees it: You, Right (plays after you), Across, Left (plays
    before you); with three players there is no Across."""
    if viewer is None:
        return f"Seat {seat}"
    offset = (seat - viewer) % players
    if offset == players - 1:
        return "Left"
    return SEAT_NAMES[offset]


def err(message: str) -> None:
    print(f"sparrows: error: {message}", file=sys.stderr)


def json_lines(answer: Callable[[str], tuple[dict[str, Any], int]]) -> int:
    """Batch mode: one input per stdin line, one JSON object per output line. ``answer``
    returns the object and the line's status (0 ok, 1 a valid answer that is "no"); a bad
    line answers ``{"hand", "error"}`` (status 2) and the rest go on. The exit status is
    the highest line status."""
    if sys.stdin is None:
        raise SparrowsError("standard input is closed; give the input with '< FILE'")
    status = 0
    for line in sys.stdin:
        text = line.strip()
        if not text:
            continue
        try:
            res, code = answer(text)
        except SparrowsError as exc:
            from ..errors import excerpt

            res, code = {"hand": excerpt(text), "error": str(exc)}, 2
        status = max(status, code)
        sys.stdout.write(json.dumps(res, ensure_ascii=False) + "\n")
    return status


# ---------------------------------------------------------------------- progress
class Progress:
    """A progress bar on stderr with speed and time left, redrawn at most 10 times/s;
    ``unit`` names what is counted ("games", "logs")."""

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.last = 0.0

    def __call__(self, done: int, total: int, seconds: float, extra: str = "") -> None:
        now = time.monotonic()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        width = 30
        filled = int(width * done / max(total, 1))
        rate = done / seconds if seconds > 0 else 0.0
        eta = f"{duration((total - done) / rate)} left" if rate > 0 else "-"
        sys.stderr.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {self.unit} "
            f"{rate:,.1f} {self.unit}/s, {eta}{extra}   "
        )
        sys.stderr.flush()


def duration(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds // 60 % 60:02d} min"


# ---------------------------------------------------------------------- external bots
def add_bot_arguments(p: argparse.ArgumentParser) -> None:
    """``--bot NAME=COMMAND`` (repeatable) and ``--bot-timeout``: external mjai bots."""
    p.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=COMMAND",
        help="an external bot speaking the mjai protocol (JSON lines on stdin/stdout), "
        "played as the agent NAME (riichi); repeatable",
    )
    p.add_argument(
        "--bot-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="seconds an external bot has to answer before the balanced bot takes its seat "
        "(default 10)",
    )


def register_bots(args: argparse.Namespace) -> list[str]:
    """Register the ``--bot`` options' mjai bots; their names."""
    from ..agents.mjai_bot import parse_bot_option, register_mjai

    if args.bot and not args.bot_timeout > 0:
        raise SparrowsError(f"--bot-timeout must be above 0, not {args.bot_timeout:g}")
    names = []
    for text in args.bot:
        name, command = parse_bot_option(text)
        register_mjai(name, command, timeout=args.bot_timeout)
        names.append(name)
    return names


# ---------------------------------------------------------------------- the calculators' flags
#: Flags that describe a riichi win (none applies to Suzume).
RIICHI_FLAGS = (
    "riichi",
    "double-riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
)

#: Flags of the riichi house preset's calculator.
HOUSE_FLAGS = (
    ("open-riichi", "the riichi was an open riichi (needs --riichi or --double-riichi)"),
    ("wildcard", "the winning tile is a pocchi acting as a wildcard (drawn: needs --tsumo)"),
    ("renhou", "a ron before the winner's first draw, no call made (local yakuman)"),
)

#: Flags of riichi's local rules (each needs its option; see `sparrows rules riichi`).
LOCAL_FLAGS = (
    ("paarenchan", "the dealer's eighth win in a row (--option paarenchan=true; --seat E)"),
    (
        "sashikomi",
        "a ron on the discard of a player not in riichi into an open riichi "
        "(--option open_riichi_deal_in_yakuman=true; with --open-riichi)",
    ),
    ("nagashi", "score a nagashi mangan (no hand; --seat, --honba, --sticks count)"),
)


#: the winds as the command line gives them
WINDS = {
    "E": 0,
    "S": 1,
    "W": 2,
    "N": 3,
    "EAST": 0,
    "SOUTH": 1,
    "WEST": 2,
    "NORTH": 3,
    "1": 0,
    "2": 1,
    "3": 2,
    "4": 3,
}


def wind_arg(text: str, what: str) -> int:
    """A wind given on the command line (E, S, W or N) as 0-3; ``what`` names the option."""
    try:
        return WINDS[text.strip().upper()]
    except KeyError:
        raise SparrowsError(f"{what} must be E, S, W or N, not {text!r}") from None
