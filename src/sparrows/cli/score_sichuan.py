"""The Sichuan half of ``sparrows score``: each faan item, the total, the hand score
(base x 2^faan, capped per option) and who pays it."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..errors import SparrowsError
from ..rules.sichuan import SichuanOptions, score_text
from ..tiles import format_hand, parse_hand


def score_sichuan(
    text: str, args: argparse.Namespace, options: SichuanOptions
) -> tuple[dict[str, Any], int]:
    hand = parse_hand(text, "mpsz", max_tiles=14)
    win = args.win or args.ron or (str(hand.concealed[-1]) if hand.concealed else "")
    got = score_text(
        text,
        win=win,
        tsumo=bool(args.tsumo),
        void=args.void,
        last_tile=args.last_tile,
        robbing=args.robbing,
        after_gang=args.after_gang,
        gang_bloom=args.gang_bloom,
        options=options,
    )
    out: dict[str, Any] = {
        "hand": format_hand(hand),
        "rules": "sichuan",
        "win": win,
        "tsumo": bool(args.tsumo),
        "void": args.void,
        "valid": got.valid,
        "reason": got.reason,
        "reading": got.reading,
        "items": [
            {"item": n, "value": v, "label": label}
            for (n, v), (label, _) in zip(got.items, got.breakdown(), strict=True)
        ],
        "faan": got.faan,
        "capped": got.capped,
        "base": options.base,
        "score": got.score,
    }
    if got.valid:
        out["payments"] = (
            {"each_player_still_in": got.score} if args.tsumo else {"discarder": got.score}
        )
    return out, 0 if got.valid else 1


def render_sichuan(res: dict[str, Any]) -> str:
    how = "self-drawn" if res["tsumo"] else "on a discard"
    void = f", void {res['void']}" if res["void"] else ""
    lines = [f"Hand      {res['hand']}   ({res['win']} {how}{void})"]
    if res["reading"]:
        lines.append(f"Read as   {res['reading']}")
    width = max((len(i["label"]) for i in res["items"]), default=10) + 2
    lines += [f"  {i['label']:<{width}} {i['value']:>2}" for i in res["items"]]
    if res["valid"]:
        capped = " (capped)" if res["capped"] else ""
        lines.append(
            f"  {res['faan']} faan{capped}: {res['base']} x 2^{res['faan']} = {res['score']}"
        )
        pay = res["payments"]
        lines.append(
            f"Each player still in pays {pay['each_player_still_in']}"
            if "each_player_still_in" in pay
            else f"The discarder pays {pay['discarder']} (to each winner)"
        )
    else:
        lines.append(f"Not a valid win: {res['reason']}")
    return "\n".join(lines)


def run_sichuan(args: argparse.Namespace, options: dict[str, Any]) -> int:
    from ..rules import get_ruleset

    foreign = {
        "--dora": args.dora,
        "--dealer": args.dealer,
        "--seat": args.seat,
        "--round": args.round_wind,
        "--flowers": args.flowers,
        "--from": args.from_seat,
        "--heavenly": args.heavenly,
        "--earthly": args.earthly,
        "--kong-bloom": args.kong_bloom,
    }
    given = [name for name, value in foreign.items() if value not in (None, False)]
    if given:
        raise SparrowsError(f"{', '.join(given)}: not Sichuan options (see sparrows score --help)")
    if args.base is not None:
        options = {**options, "base": args.base}
    opts = get_ruleset("sichuan", options).options
    assert isinstance(opts, SichuanOptions)
    res, status = score_sichuan(args.hand, args, opts)
    print(json.dumps(res, ensure_ascii=False) if args.json else render_sichuan(res))
    return status
