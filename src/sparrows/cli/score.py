"""``sparrows score``: the hand calculator."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import SparrowsError
from ..tiles import parse_hand, parse_tiles
from .common import json_lines, use_color


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "score",
        help="score a winning hand (Suzume-Jong now; riichi planned)",
        description=(
            "Score a winning hand with an itemised breakdown and the payments. Suzume: six "
            "tiles in Suzume notation ('2*34666'), --dora the indicator, --tsumo or --ron "
            "TILE (the winning tile), --dealer. HAND '-' reads one hand per line from stdin "
            "and writes one JSON object per line."
        ),
    )
    p.add_argument("hand", help="the six tiles, or '-' for one hand per line on stdin")
    p.add_argument(
        "--rules",
        "--ruleset",
        default="riichi",
        dest="rules",
        help="ruleset (suzume; riichi scoring is planned)",
    )
    p.add_argument("--dora", default=None, help="the dora indicator tile")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--tsumo", action="store_true", help="self-drawn win (default)")
    how.add_argument("--ron", metavar="TILE", default=None, help="won on this discarded tile")
    p.add_argument("--dealer", action="store_true", help="the winner is the dealer")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(run=run)


def score_suzume(hand: str, dora: str | None, ron: str | None, dealer: bool) -> dict[str, Any]:
    """The calculator's answer for one Suzume hand (a JSON-ready dict)."""
    from ..rules.suzume.scoring import MIN_POINTS, score_hand, tsumo_share

    tiles = parse_hand(hand, "suzume", max_tiles=6).concealed
    if len(tiles) != 6:
        raise SparrowsError(f"a Suzume winning hand has 6 tiles, not {len(tiles)}")
    indicator = None
    if dora:
        ind = parse_tiles(dora, "suzume")
        if len(ind) != 1:
            raise SparrowsError(f"--dora takes one tile, not {dora!r}")
        indicator = ind[0]
        if sum(1 for t in tiles if t.kind == indicator.kind) >= 4:
            raise SparrowsError(f"--dora {dora}: all four copies of that tile are in the hand")
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
    return out


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
    if args.rules != "suzume":
        raise SparrowsError(
            f"scoring for {args.rules!r} is planned; available now: suzume (use --rules suzume)"
        )
    if args.hand == "-":
        return json_lines(lambda text: score_suzume(text, args.dora, args.ron, args.dealer))
    res = score_suzume(args.hand, args.dora, args.ron, args.dealer)
    print(json.dumps(res, ensure_ascii=False) if args.json else render(res, use_color(sys.stdout)))
    return 0
