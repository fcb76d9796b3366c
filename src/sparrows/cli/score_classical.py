"""The classical Chinese half of ``sparrows score``: points, doubles, the score (capped at
the limit) and, with ``--losers``, the other hands and the whole settlement."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..errors import SparrowsError
from ..rules.classical import ClassicalOptions, score_loser_text, score_winner, settle
from ..tiles import format_hand
from ..tiles.kinds import WIND_NAMES
from .common import tile_list
from .family import read_win


def _items(s: Any) -> list[dict[str, Any]]:
    return [
        {"item": name, "kind": kind, "value": value, "label": label}
        for (name, kind, value), (label, _) in zip(s.items, s.breakdown(), strict=True)
    ]


def score_classical(
    text: str, args: argparse.Namespace, options: ClassicalOptions
) -> tuple[dict[str, Any], int]:
    keep = options.bonus_tiles and options.bonus_mode == "keep"  # cuencana
    hand, win, facts = read_win(text, args, keep_bonus=keep)
    seat, round_wind = facts.seat, facts.round
    got = score_winner(facts, options)
    out: dict[str, Any] = {
        "hand": format_hand(hand),
        "rules": "classical",
        "seat": WIND_NAMES[seat],
        "round": WIND_NAMES[round_wind],
        "win": str(win),
        "tsumo": facts.tsumo,
        "valid": got.valid,
        "reason": got.reason,
        "reading": got.reading,
        "items": _items(got),
        "points": got.points,
        "doubles": got.doubles,
        "score": got.score,
        "limit_hand": got.limit_hand,
        "limit": options.limit,
    }
    if got.valid:
        losers = [x for x in (args.losers or "").split(",") if x.strip()] if args.losers else []
        if losers and len(losers) != 3:
            raise SparrowsError(
                "--losers takes the three other hands, comma-separated, in turn order "
                "after the winner"
            )
        if losers:  # the four hands together come from one set of tiles
            from ..tiles import check_tiles, parse_hand, parse_tiles

            every = list(hand.all_tiles())
            if args.flowers:
                every += parse_tiles(tile_list(args.flowers))
            for text_l in losers:
                loser = parse_hand(text_l.strip(), "mpsz", max_tiles=14)
                size = loser.size + (len(loser.bonus) if keep else 0)
                if size != 13:
                    raise SparrowsError(
                        f"--losers: a losing hand holds 13 tiles (a kong counting 3), not "
                        f"{size} (in {text_l.strip()!r})"
                    )
                every += loser.all_tiles()
            check_tiles(every, "mpsz", "the winner's and the losers' hands together")
        scores = [0, 0, 0, 0]
        scores[seat] = got.score
        shown = []
        for i, text_l in enumerate(losers):
            s = (seat + 1 + i) % 4
            lost = score_loser_text(text_l.strip(), s, round_wind, "", options)
            scores[s] = lost.score
            shown.append(
                {
                    "seat": WIND_NAMES[s],
                    "hand": text_l.strip(),
                    "score": lost.score,
                    "items": _items(lost),
                }
            )
        deltas = settle(scores, seat, 0, options)  # East (seat wind 0) pays and receives double
        out["losers"] = shown
        out["payments"] = {WIND_NAMES[s]: deltas[s] for s in range(4)}
    return out, 0 if got.valid else 1


def render_classical(res: dict[str, Any]) -> str:
    how = "self-drawn" if res["tsumo"] else "on a discard"
    lines = [
        f"Hand      {res['hand']}   (seat {res['seat']}, round {res['round']}, {res['win']} {how})"
    ]
    if res["reading"]:
        lines.append(f"Read as   {res['reading']}")
    width = max((len(i["label"]) for i in res["items"]), default=10) + 2
    for item in res["items"]:
        unit = {"points": "pts", "doubles": "dbl", "limit": "limit"}[item["kind"]]
        lines.append(f"  {item['label']:<{width}} {item['value']:>4} {unit}")
    if res["valid"]:
        if res["limit_hand"]:
            lines.append(f"  Limit hand: {res['score']}")
        else:
            capped = " (the limit)" if res["limit"] and res["score"] == res["limit"] else ""
            lines.append(f"  {res['points']} points x 2^{res['doubles']} = {res['score']}{capped}")
        for lost in res["losers"]:
            lines.append(f"  {lost['seat']:<6} {lost['hand']}: {lost['score']}")
        lines.append("Payments: " + ", ".join(f"{w} {v:+d}" for w, v in res["payments"].items()))
    else:
        lines.append(f"Not a valid win: {res['reason']}")
    return "\n".join(lines)


def run_classical(args: argparse.Namespace, options: dict[str, Any]) -> int:
    from ..rules import get_ruleset

    given = [f"--{n}" for n in ("ura", "honba", "sticks") if getattr(args, n) is not None]
    given += ["--dora"] if args.dora else []
    given += ["--dealer"] if args.dealer else []
    given += ["--from"] if args.from_seat else []
    if given:
        raise SparrowsError(
            f"{', '.join(given)}: not classical options (see sparrows score --help)"
        )
    opts = get_ruleset("classical", options).options
    assert isinstance(opts, ClassicalOptions)
    res, status = score_classical(args.hand, args, opts)
    print(json.dumps(res, ensure_ascii=False) if args.json else render_classical(res))
    return status
