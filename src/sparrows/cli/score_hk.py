"""The Hong Kong half of ``sparrows score``: the faan breakdown, the limit and who pays."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..errors import SparrowsError
from ..rules.hongkong import HongKongOptions, payments, shares
from ..rules.hongkong.scoring import score
from ..tiles import format_hand
from ..tiles.kinds import WIND_NAMES
from .common import wind_arg
from .family import read_win

#: Riichi-only flags refused for Hong Kong (the attribute names).
RIICHI_ONLY = ("ura", "honba", "sticks")


def score_hk(
    text: str, args: argparse.Namespace, options: HongKongOptions
) -> tuple[dict[str, Any], int]:
    """One hand: the JSON answer and its status (0 a valid win, 1 not)."""
    hand, win, sit = read_win(text, args)
    seat, round_wind, tsumo = sit.seat, sit.round, sit.tsumo
    got = score(sit, options)
    if got.limit_hand == "all_eight_bonus":
        tsumo = True  # it wins at once and is paid as a self-draw
    discarder = (
        None
        if tsumo
        else (wind_arg(args.from_seat, "--from") if args.from_seat else (seat - 1) % 4)
    )
    if discarder == seat:
        raise SparrowsError("--from names the winner's own seat")
    out: dict[str, Any] = {
        "hand": format_hand(hand),
        "rules": "hongkong",
        "seat": WIND_NAMES[seat],
        "round": WIND_NAMES[round_wind],
        "win": str(win),
        "tsumo": tsumo,
        "valid": got.valid,
        "complete": got.complete,
        "reason": got.reason,
        "reading": got.reading,
        "items": [
            {"item": name, "value": value, "label": label}
            for (name, value), (label, _) in zip(got.items, got.breakdown(), strict=True)
        ],
        "faan": got.faan,
        "limit_hand": got.limit_hand,
        "capped": got.capped,
        "limit_faan": options.limit_faan,
        "min_faan": options.min_faan,
    }
    if got.valid:
        deltas = payments(got.faan, seat, discarder, 0, options)  # seat winds: East deals
        out["share"] = shares(got.faan, options)
        out["payments"] = {WIND_NAMES[s]: deltas[s] for s in range(4)}
        out["from"] = None if discarder is None else WIND_NAMES[discarder]
    return out, 0 if got.valid else 1


def render_hk(res: dict[str, Any]) -> str:
    how = "self-drawn" if res["tsumo"] else f"on a discard from {res.get('from') or '?'}"
    lines = [
        f"Hand      {res['hand']}   (seat {res['seat']}, round {res['round']}, {res['win']} {how})"
    ]
    if res["reading"]:
        lines.append(f"Read as   {res['reading']}")
    grouped: list[list[Any]] = []  # [label, count, value each], in order
    for item in res["items"]:
        if grouped and grouped[-1][0] == item["label"]:
            grouped[-1][1] += 1
        else:
            grouped.append([item["label"], 1, item["value"]])
    rows = [(label + (f" x{n}" if n > 1 else ""), n * v) for label, n, v in grouped]
    cap = f" (capped at {res['limit_faan']})" if res["capped"] else ""
    if res["complete"]:
        rows.append(("Total faan" + cap, res["faan"]))
    width = max((len(r[0]) for r in rows), default=10)
    lines += [f"  {label:<{width}} {value:>3}" for label, value in rows]
    if res["valid"]:
        pays = ", ".join(f"{w} {v:+d}" for w, v in res["payments"].items())
        lines.append(f"One share: {res['share']}   Payments: {pays}")
    else:
        lines.append(f"Not a valid win: {res['reason']}")
    return "\n".join(lines)


def run_hongkong(args: argparse.Namespace, options: dict[str, Any]) -> int:
    from ..rules import get_ruleset

    given = [f"--{n}" for n in RIICHI_ONLY if getattr(args, n) is not None]
    if args.dora:
        given.append("--dora")
    if args.dealer:
        given.append("--dealer")
    if given:
        raise SparrowsError(
            f"{', '.join(given)}: not Hong Kong options (see sparrows score --help)"
        )
    opts = get_ruleset("hongkong", options).options  # the same validation as play/simulate
    assert isinstance(opts, HongKongOptions)
    res, status = score_hk(args.hand, args, opts)
    print(json.dumps(res, ensure_ascii=False) if args.json else render_hk(res))
    return status
