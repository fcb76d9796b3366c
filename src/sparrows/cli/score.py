"""``sparrows score``: the hand calculator.

One convention for every ruleset: the answer is printed (text, or JSON with ``--json``)
and the exit status says what it was: 0 a valid win, 1 a hand that was read but is not a
valid win (the reason is printed), 2 input that could not be read (one error line).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import SparrowsError
from ..tiles import parse_hand, parse_tiles
from .common import (
    HOUSE_FLAGS,
    LOCAL_FLAGS,
    RIICHI_FLAGS,
    add_rules_arguments,
    rules_options,
    tile_list,
    use_color,
)


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "score",
        help="score a winning hand (riichi, Hong Kong, classical, Sichuan or Suzume-Jong)",
        description=(
            "Score a winning hand with an itemised breakdown and the payments. Riichi "
            "(default): concealed tiles in mpsz, called melds in brackets ([777z] pon, [123m] "
            "chi, [1111s] open kan, [5555p+] added kan, (9999p) closed kan); the winning tile "
            "is the last concealed tile written, or --win TILE. Suzume (--rules suzume): six "
            "tiles ('2*34666'), --dora the indicator, --tsumo or --ron TILE, --dealer. Hong Kong "
            "(--rules hongkong): 14 tiles in the riichi notation, bonus tiles 1f-4f 1h-4h in the "
            "hand or with --flowers, --seat/--round, --tsumo or --ron [TILE], --from W (the "
            "discarder), --last-tile --kong-bloom --robbing --heavenly --earthly. Classical "
            "(--rules classical): the same hand and flags, --losers H1,H2,H3 for the other "
            "hands and the settlement. Sichuan (--rules sichuan): --void S, --tsumo or --ron, "
            "--last-tile --robbing --after-gang --gang-bloom, --base N. HAND '-' "
            "reads one hand per line from stdin and writes one JSON object per line. Exit "
            "status: 0 a valid win, 1 not a valid win (the reason is printed), 2 bad input."
        ),
    )
    p.add_argument(
        "hand",
        nargs="?",
        default=None,
        help="the hand, or '-' for one hand per line on stdin (none with riichi's --nagashi)",
    )
    add_rules_arguments(p, "riichi", ["riichi", "hongkong", "classical", "sichuan", "suzume"])
    p.add_argument(
        "--dora",
        default=None,
        help="dora indicator tile(s), e.g. '1m4p' or '1m,4p' (riichi: every indicator, kan "
        "dora included; Suzume: the one indicator)",
    )
    how = p.add_mutually_exclusive_group()
    how.add_argument("--tsumo", action="store_true", help="self-drawn win")
    how.add_argument(
        "--ron",
        metavar="TILE",
        nargs="?",
        const="",
        default=None,
        help="won on a discard (riichi: a flag, the default; suzume: the tile)",
    )
    p.add_argument("--dealer", action="store_true", help="suzume: the winner is the dealer")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    _chinese_arguments(p)
    _riichi_arguments(p)
    p.set_defaults(run=run, parser=p)


def _chinese_arguments(p: Any) -> None:
    """The winds (riichi too), Hong Kong's and classical's flags, Sichuan's."""
    w = p.add_argument_group("riichi and Hong Kong")
    w.add_argument("--win", default=None, help="the winning tile (default: the last one written)")
    w.add_argument(
        "--seat", default=None, help="seat wind E S W N (riichi default S, Hong Kong E; E deals)"
    )
    w.add_argument("--round", dest="round_wind", default=None, help="round wind (default E)")
    h = p.add_argument_group("Hong Kong and classical")
    h.add_argument("--flowers", default=None, help="bonus tiles held, e.g. '1f3h'")
    h.add_argument(
        "--from", dest="from_seat", default=None, help="Hong Kong: the discarder's seat wind"
    )
    h.add_argument(
        "--losers",
        default=None,
        help="classical: the three other hands, comma-separated, in turn order after the "
        "winner (each is scored and the settlement is shown)",
    )
    for flag, what in (
        ("last-tile", "won on the last tile of the wall"),
        ("kong-bloom", "won on a kong replacement tile"),
        ("robbing", "won by robbing a kong"),
        ("heavenly", "the dealer's dealt 14"),
        ("earthly", "on the dealer's first discard"),
    ):
        h.add_argument(f"--{flag}", action="store_true", help=what)
    q = p.add_argument_group("Sichuan only (also --tsumo/--ron, --last-tile, --robbing)")
    q.add_argument("--void", default=None, help="the void suit: m, p or s")
    q.add_argument("--after-gang", action="store_true", help="won on a discard after a gang")
    q.add_argument("--gang-bloom", action="store_true", help="won on a gang's replacement")
    q.add_argument("--base", type=int, default=None, help="the base amount (default 1)")


def _riichi_arguments(p: Any) -> None:
    """Riichi's own flags, and the house preset's."""
    r = p.add_argument_group("riichi only")
    r.add_argument("--ura", default=None, help="ura dora indicator tile(s) (needs --riichi)")
    r.add_argument("--honba", type=int, default=None, help="honba counters (default 0)")
    r.add_argument("--sticks", type=int, default=None, help="riichi sticks on the table")
    r.add_argument(
        "--players",
        type=int,
        choices=(3, 4),
        default=None,
        help="3: three-player riichi (the preset tenhou-sanma unless --preset names another)",
    )
    r.add_argument(
        "--nuki", type=int, default=None, help="three players: Norths set aside (nuki dora)"
    )
    for flag in RIICHI_FLAGS:
        r.add_argument(f"--{flag}", action="store_true", help=f"the win had {flag}")
    for flag, what in LOCAL_FLAGS:
        r.add_argument(f"--{flag}", action="store_true", help=what)
    c = p.add_argument_group(
        "riichi house preset (--preset cy-dealers-choice): special tiles 3Pm 7Bp 5Gp 5Ts "
        "5Cm 5!z..., chips and abilities"
    )
    for flag, what in HOUSE_FLAGS:
        c.add_argument(f"--{flag}", action="store_true", help=what)
    c.add_argument(
        "--kokan",
        choices=("chips", "han"),
        default=None,
        help="the kokan ability's choice (default: the better one for the winner)",
    )


HK_FLAGS = ("flowers", "from_seat", "last_tile", "kong_bloom", "robbing", "heavenly", "earthly")
FAMILY = ("hongkong", "classical", "sichuan")
SICHUAN_FLAGS = ("void", "after_gang", "gang_bloom", "base")


_RIICHI_ONLY = (*RIICHI_FLAGS, *(f for f, _ in LOCAL_FLAGS))


def _refuse_foreign_flags(args: argparse.Namespace) -> None:
    """A flag of another ruleset is an error, never silently ignored."""
    hk_given = [
        "--" + name.replace("_seat", "").replace("_", "-")
        for name in HK_FLAGS
        if getattr(args, name) not in (None, False)
    ]
    if args.rules not in FAMILY and hk_given:
        raise SparrowsError(
            f"{', '.join(hk_given)}: Hong Kong / classical option(s) (--rules hongkong)"
        )
    if args.losers is not None and args.rules != "classical":
        raise SparrowsError("--losers is for --rules classical")
    sichuan_given = [
        "--" + n.replace("_", "-") for n in SICHUAN_FLAGS if getattr(args, n) not in (None, False)
    ]
    if sichuan_given and args.rules != "sichuan":
        raise SparrowsError(f"{', '.join(sichuan_given)}: Sichuan option(s) (--rules sichuan)")
    if args.rules == "suzume":
        given = [
            f"--{name.replace('_', '-')}"
            for name in ("win", "seat", "round_wind", "ura", "honba", "sticks")
            if getattr(args, name) is not None
        ]
        given += [f"--{f}" for f in _RIICHI_ONLY if getattr(args, f.replace("-", "_"))]
        if given:
            names = ", ".join(g.replace("--round-wind", "--round") for g in given)
            raise SparrowsError(
                f"{names}: riichi option(s); a Suzume hand takes --dora, --tsumo or --ron "
                "TILE, and --dealer"
            )
    elif args.rules in FAMILY:
        given = [f"--{f}" for f in _RIICHI_ONLY if getattr(args, f.replace("-", "_"))]
        if given:
            raise SparrowsError(f"{', '.join(given)}: riichi option(s), not {args.rules}")
    elif args.dealer:
        raise SparrowsError("--dealer is for Suzume; a riichi dealer is --seat E")


def score_suzume(
    hand: str, dora: str | None, ron: str | None, dealer: bool
) -> tuple[dict[str, Any], int]:
    """The calculator's answer for one Suzume hand (a JSON-ready dict) and its status."""
    from ..rules.suzume.scoring import MIN_POINTS, score_hand, tsumo_share
    from ..tiles import suzume_set

    tiles = parse_hand(hand, "suzume", max_tiles=6).concealed
    if len(tiles) != 6:
        raise SparrowsError(f"a Suzume winning hand has 6 tiles, not {len(tiles)}")
    indicator = None
    if dora:
        ind = parse_tiles(tile_list(dora), "suzume")
        if len(ind) != 1:
            raise SparrowsError(f"--dora takes one tile (the indicator), not {dora!r}")
        indicator = ind[0]
        try:
            suzume_set().check([*tiles, indicator], f"{hand} with dora indicator {dora}", "suzume")
        except SparrowsError as exc:
            plain = indicator.kind - 17 if 18 <= indicator.kind <= 26 else None
            red = f" (e.g. {plain}*)" if plain is not None else ""
            raise SparrowsError(
                f"{exc}; one copy of each number is red, written with a *{red}, and the red "
                "dragons are all red"
            ) from None
    win_tile = None
    if ron:
        got = parse_tiles(ron, "suzume")
        if len(got) != 1 or got[0] not in tiles:
            raise SparrowsError(f"--ron {ron!r}: the winning tile must be one of the six tiles")
        win_tile = got[0]
    s = score_hand(tiles, indicator, dealer)
    reason = None
    if not s.complete:
        reason = "the six tiles do not form two sets"
    elif s.base < MIN_POINTS:
        reason = f"worth {s.base} before the dealer bonus; a win needs {MIN_POINTS}"
    out: dict[str, Any] = {
        "hand": hand,
        "valid": s.valid,
        "complete": s.complete,
        "points": s.total,
        "base": s.base,
        "reading": s.reading,
        "yakuman": s.yakuman,
        "items": [
            {"item": i.name, "label": i.label, "count": i.count, "points": i.total} for i in s.items
        ],
        "reason": reason,
        "win": "ron" if win_tile else "tsumo",
    }
    if s.valid:
        out["payments"] = (
            {"discarder": s.total} if win_tile else {"each_other_player": tsumo_share(s.total)}
        )
    return out, 0 if s.valid else 1


def render(res: dict[str, Any], color: bool) -> str:
    lines = [
        f"Hand      {res['hand']}" + (f"   read as {res['reading']}" if res["reading"] else "")
    ]
    for item in res["items"]:
        count = f" x{item['count']}" if item["count"] > 1 else ""
        lines.append(f"  {item['label'] + count:<28} {item['points']:>3}")
    if res["complete"]:
        lines.append(f"  {'Total':<28} {res['points']:>3}")
    if res["valid"]:
        pay = res["payments"]
        if "discarder" in pay:
            lines.append(f"Ron: the discarder pays {pay['discarder']}")
        else:
            lines.append(f"Tsumo: each other player pays {pay['each_other_player']}")
    else:
        lines.append(f"Not a valid win: {res['reason']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.hand == "-":
        return _lines(args)
    return _run_one(args)


#: Flags that set the table for every line of ``score -`` (the command line's only).
_TABLE_FLAGS = ("--rules", "--preset", "--option", "-o", "--json")


def _lines(args: argparse.Namespace) -> int:
    """``score -``: one hand per line, each answered as one JSON object, exactly as the
    same hand given on the command line would be. A line may add flags of its own after
    the hand (``123m456p789s1z [777z] 1z --tsumo --riichi``), over the command line's;
    the table's (``--rules``, ``--preset``, ``--option``) stay the command line's. A bad
    line answers ``{"hand", "error"}`` (status 2) and the rest go on; the exit status is
    the highest line status."""
    import contextlib
    import io

    from ..errors import excerpt

    if sys.stdin is None:
        raise SparrowsError("standard input is closed; give the input with '< FILE'")
    _refuse_foreign_flags(args)
    from ..rules import get_ruleset

    get_ruleset(args.rules, rules_options(args))  # the table, once: a bad one stops here
    status = 0
    for line in sys.stdin:
        text = line.strip()
        if not text:
            continue
        try:
            one = _line_args(text, args)
            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                code = _run_one(one)
            res = json.loads(buffer.getvalue())
        except SparrowsError as exc:
            res, code = {"hand": excerpt(text), "error": str(exc)}, 2
        status = max(status, code)
        sys.stdout.write(json.dumps(res, ensure_ascii=False) + "\n")
    return status


def _line_args(text: str, args: argparse.Namespace) -> argparse.Namespace:
    """The command line's arguments for one line of ``score -``: its hand, and the flags
    written after it (SparrowsError naming a flag that cannot be read)."""
    import copy
    import shlex

    one = copy.copy(args)
    one.json = True
    one.hand = text
    if not text.startswith("-") and " -" not in text:
        return one
    try:
        tokens = shlex.split(text)
    except ValueError as exc:
        raise SparrowsError(f"the line's flags cannot be read: {exc}") from None
    first = next((i for i, t in enumerate(tokens) if t.startswith("-")), len(tokens))
    hand, flags = " ".join(tokens[:first]), tokens[first:]
    if not hand:
        raise SparrowsError("a line of 'score -' starts with the hand, then its flags")
    table = [f for f in flags if f.split("=", 1)[0] in _TABLE_FLAGS]
    if table:
        raise SparrowsError(
            f"{table[0]} sets the table for every line: give it on the command line, not on a line"
        )
    parser: Any = args.parser
    parser.raise_errors = True  # a bad flag is this line's error, not the end of the run
    try:
        parser.parse_args([hand, *flags], namespace=one)
    finally:
        parser.raise_errors = False
    one.hand, one.json = hand, True
    return one


def _run_one(args: argparse.Namespace) -> int:
    _refuse_foreign_flags(args)
    if args.hand is None and not (args.rules == "riichi" and args.nagashi):
        args.parser.error("the following arguments are required: hand")  # (as argparse)
    options = rules_options(args)
    if args.rules == "riichi":
        from .score_riichi import run_riichi

        return run_riichi(args, options)
    if args.rules == "hongkong":
        from .score_hk import run_hongkong

        return run_hongkong(args, options)
    if args.rules == "classical":
        from .score_classical import run_classical

        return run_classical(args, options)
    if args.rules == "sichuan":
        from .score_sichuan import run_sichuan

        return run_sichuan(args, options)
    from ..rules import get_ruleset

    get_ruleset("suzume", options)  # the same validation as play and simulate
    if args.ron == "":
        raise SparrowsError("for Suzume, --ron takes the winning tile: --ron 4")
    res, status = score_suzume(args.hand, args.dora, args.ron, args.dealer)
    print(json.dumps(res, ensure_ascii=False) if args.json else render(res, use_color(sys.stdout)))
    return status
