"""``sparrows analyze``: shanten, waits and the best discards of a hand."""

from __future__ import annotations

import argparse
import json
import sys
from functools import cache
from typing import Any

from ..analysis import Form, analyse, decompose, discard_options, ukeire, waits
from ..engine.protocol import Ruleset
from ..errors import SparrowsError
from ..rules import RULESETS, get_ruleset
from ..tiles import Tile, counts34, format_tiles, parse_hand, parse_tiles, render_tiles
from ..tiles.notation import Hand
from ..tiles.tile import Dialect
from .common import json_lines, ours


@cache
def _rules(name: str) -> Ruleset:
    """The ruleset whose form, notation, tiles and names the analysis uses (read only)."""
    return get_ruleset(name)


def _analysis(name: str) -> tuple[Form, Dialect, list[int], int | None]:
    """The hand form, tile notation and kinds of a ruleset, and its called melds: 0 when
    it has no calls (its hands are then of one size), None when the hand says."""
    ruleset = _rules(name)
    melds = None if ruleset.calls_melds else 0
    return ruleset.form, ruleset.dialect, list(ruleset.kinds_in_play), melds


NOTATION_HELP = {
    "riichi": "123m406p789s1122z (0 = red five), called melds as [777z] or (1111m)",
    "suzume": "1-9, g, r, and * after a number for its red copy: 2*34 66g",
}
SAMPLES = {"riichi": "234m067p3345s1156z", "suzume": "2*34 66g", "sichuan": "123456789m1134p"}


def _sample(ruleset: str) -> str:
    return SAMPLES.get(ruleset, SAMPLES["riichi"])


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "analyze",
        aliases=["analyse"],
        help="shanten, waits and best discards of a hand",
        description=(
            "Analyse a hand: shanten (tiles from ready), the waits of a ready hand, or for a "
            "hand that must discard, each discard with the tiles it then accepts (ukeire). "
            "HAND is mpsz notation ('123m406p789s1122z', called melds in brackets: "
            "'123m [777z]'), or Suzume notation with --ruleset suzume ('2*34 66g'). "
            "HAND '-' reads one hand per line from stdin and writes one JSON object per line."
        ),
    )
    p.add_argument("hand", nargs="?", help="the hand, or '-' for one hand per line on stdin")
    p.add_argument(
        "--ruleset",
        "--rules",
        choices=sorted(RULESETS),
        default="riichi",
        help="hand shape and notation (default riichi)",
    )
    p.add_argument(
        "--visible",
        default="",
        help="tiles seen elsewhere (discards, dora...), left out of ukeire counts",
    )
    p.add_argument(
        "--void",
        choices=["m", "p", "s"],
        help="sichuan: the void suit (default: the one that leaves the fewest shanten)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument(
        "--interactive",
        "-i",
        action="store_true",
        help="prompt for hands until an empty line or EOF",
    )
    p.add_argument("--unicode", action="store_true", help="show tiles as Unicode glyphs")
    p.set_defaults(run=run, parser=p)


def analyse_hand(
    text: str, ruleset: str = "riichi", visible: str = "", void: str | None = None
) -> dict[str, Any]:
    """The JSON-ready analysis of one hand (the library call behind the command): tiles
    and kinds named in the ruleset's notation, discards by the faces held; a ruleset with
    a dead suit to choose (Sichuan's void) analyses the hand with ``void`` dead, or with
    the void that leaves it fewest shanten (then most tiles accepted)."""
    rules = _rules(ruleset)
    form, dialect, _, fixed_melds = _analysis(ruleset)
    hand = parse_hand(text, dialect, max_tiles=form.size)
    if hand.bonus:
        raise SparrowsError(f"bonus tiles ({format_tiles(hand.bonus)}) have no place in analysis")
    in_set = rules.tileset.kinds
    for t in hand.all_tiles():
        if t.kind not in in_set:
            raise SparrowsError(
                f"{format_tiles([t], dialect)} is not a {rules.name} tile "
                f"(its {len(rules.tileset)} tiles: sparrows rules {rules.name})"
            )
    seen = None
    if visible:
        shown = parse_tiles(visible, dialect)
        from ..tiles import check_tiles

        check_tiles([*hand.all_tiles(), *shown], dialect, f"{text} + visible {visible}")
        seen = counts34(shown)
    melds = len(hand.melds) if hand.melds else fixed_melds
    analyse(hand.counts(), form, melds)  # a hand of a size no hand has: AnalysisError
    choices = rules.dead_choices()
    if void is not None and void not in choices:
        raise SparrowsError(
            f"--void {void!r}: the {rules.name} ruleset has "
            + (f"the voids {', '.join(choices)}" if choices else "no void suit")
        )
    with ours("analysing the hand"):  # the input is read: a failure now is a bug
        if void is not None:
            return _analyse_shape(rules, hand, seen, fixed_melds, void, choices[void])
        if not choices:
            return _analyse_shape(rules, hand, seen, fixed_melds, None, frozenset())
        options = [
            _analyse_shape(rules, hand, seen, fixed_melds, name, dead)
            for name, dead in choices.items()
        ]
        return min(options, key=lambda r: (r["shanten"], -_accepted(r)))


def _accepted(res: dict[str, Any]) -> int:
    if "ukeire" in res:
        return int(res["ukeire"])
    return max((int(d["ukeire"]) for d in res.get("discards", [])), default=0)


def _analyse_shape(
    rules: Ruleset,
    hand: Hand,
    seen: list[int] | None,
    fixed_melds: int | None,
    void: str | None,
    dead_kinds: frozenset[int],
) -> dict[str, Any]:
    form, dialect, kinds = rules.form, rules.dialect, rules.kinds_in_play
    live_kinds = [k for k in kinds if k not in dead_kinds]
    counts = hand.counts()
    dead = sum(counts[k] for k in dead_kinds)
    for k in dead_kinds:
        counts[k] = 0
    # Melds written in the hand count as called; without any, the number follows from the
    # concealed tile count (missing sets count as called).
    melds = len(hand.melds) if hand.melds else fixed_melds
    if dead and melds is None:
        melds = (form.size - hand.size) // 3
    result = analyse(counts, form, melds, dead)

    def tiles(ks: list[int] | dict[int, int]) -> list[str]:
        return [rules.kind_text(k) for k in ks]

    out: dict[str, Any] = {
        "hand": _show(hand, dialect),
        "shanten": result.value,
        "standard": result.standard,
        "chiitoi": result.seven_pairs,
        "kokushi": result.thirteen_orphans,
    }
    if void is not None:
        out["void"] = void
    waiting = (form.size - hand.size) % 3 == 1
    if waiting:
        u = ukeire(counts, form, melds, seen, live_kinds, dead=dead)
        out["waits"] = tiles(waits(counts, form, melds, live_kinds)) if not dead else []
        out["ukeire"] = u.total
        out["tiles"] = [
            {"tile": t, "left": n} for t, n in zip(tiles(u.tiles), u.tiles.values(), strict=True)
        ]
    else:
        if result.value == -1 and not dead:
            out["readings"] = [
                str(d) if dialect == "mpsz" else _reading(d, dialect)
                for d in decompose(counts, form)
            ]
        by_kind = {
            o.discard: o for o in discard_options(counts, form, melds, seen, live_kinds, dead=dead)
        }
        rows: list[dict[str, Any]] = []
        for face in sorted(set(hand.concealed)):
            if face.kind in dead_kinds:  # a dead tile: a free discard, the shape unchanged
                counts_after = counts
                u = ukeire(counts_after, form, melds, seen, live_kinds, dead=dead - 1)
                option = (u.shanten, u.total, tiles(u.tiles))
            else:
                o = by_kind[face.kind]
                option = (o.shanten, o.total, tiles(o.ukeire))
            rows.append(
                {
                    "discard": format_tiles([face], dialect),
                    "shanten": option[0],
                    "ukeire": option[1],
                    "tiles": option[2],
                }
            )
        rows.sort(key=lambda r: (int(r["shanten"]), -int(r["ukeire"])))
        out["discards"] = rows
    return out


def _show(hand: Hand, dialect: Dialect) -> str:
    from ..tiles.notation import format_hand

    return format_hand(Hand(sorted(hand.concealed), hand.melds, hand.bonus), dialect)


def _reading(d: Any, dialect: Dialect) -> str:
    from ..analysis.decompose import BlockType

    parts = []
    for t, k in d.blocks:
        n = {BlockType.RUN: 0, BlockType.TRIPLET: 3, BlockType.PAIR: 2}[t]
        ks = [k, k + 1, k + 2] if n == 0 else [k] * n
        parts.append(format_tiles([Tile(x) for x in ks], dialect))
    return " ".join(parts)


def _shanten_word(n: int) -> str:
    return {-1: "complete (a winning shape)", 0: "ready (tenpai)"}.get(n, f"{n}-shanten")


def render_text(
    res: dict[str, Any], ruleset: str, hand_text: str, unicode: bool, color: bool
) -> str:
    form, dialect, _, _ = _analysis(ruleset)
    hand = parse_hand(hand_text, dialect, max_tiles=form.size)
    shown = render_tiles(sorted(hand.concealed), "unicode" if unicode else "ascii", color, dialect)
    melds = " ".join(str(m) for m in hand.melds)
    lines = [f"Hand      {shown}{'   ' + melds if melds else ''}"]
    forms = [f"standard {res['standard']}"]
    if res["chiitoi"] is not None:
        forms.append(f"seven pairs {res['chiitoi']}")
    if res["kokushi"] is not None:
        forms.append(f"thirteen orphans {res['kokushi']}")
    lines.append(
        f"Shanten   {res['shanten']}: {_shanten_word(res['shanten'])}   ({', '.join(forms)})"
    )
    if "void" in res:
        lines.append(f"Void      {res['void']} (its tiles count as dead: they must go first)")
    if "waits" in res:
        if res["waits"]:
            left = {t["tile"]: t["left"] for t in res["tiles"]}
            ws = ", ".join(f"{w} ({left.get(w, 0)} left)" for w in res["waits"])
            lines.append(f"Waits     {ws}")
        else:
            acc = " ".join(t["tile"] for t in res["tiles"])
            lines.append(f"Ukeire    {res['ukeire']} tiles: {acc or 'none'}")
    else:
        if "readings" in res:
            for r in res["readings"]:
                lines.append(f"Reading   {r}")
        best = min(((d["shanten"], -d["ukeire"]) for d in res["discards"]), default=None)
        lines.append(
            "Discards  (shanten after, tiles accepted; * = best: fewest shanten, then most"
        )
        lines.append("          tiles accepted)")
        for d in res["discards"]:
            mark = "*" if (d["shanten"], -d["ukeire"]) == best else " "
            tiles = " ".join(d["tiles"]) or "-"
            lines.append(f" {mark} {d['discard']:<4}  {d['shanten']:>2}  {d['ukeire']:>3}  {tiles}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    color = sys.stdout.isatty()
    if args.interactive:
        return _interactive(args, color)
    if args.hand is None:
        raise SparrowsError(
            f"give a hand to analyse, e.g. sparrows analyze {_sample(args.ruleset)} "
            "(or '-' to read one per line, or --interactive)"
        )
    if args.hand == "-":
        return json_lines(
            lambda text: (analyse_hand(text, args.ruleset, args.visible, args.void), 0)
        )
    res = analyse_hand(args.hand, args.ruleset, args.visible, args.void)
    if args.json:
        print(json.dumps(res, ensure_ascii=False))
    else:
        print(render_text(res, args.ruleset, args.hand, args.unicode, color))
    return 0


def _interactive(args: argparse.Namespace, color: bool) -> int:
    print(
        f"sparrows analyze ({args.ruleset}): type a hand and press Enter; "
        "an empty line or Ctrl-D quits."
    )
    notation = NOTATION_HELP.get(args.ruleset, NOTATION_HELP["riichi"])
    print(f"Notation: {notation}   e.g. {_sample(args.ruleset)}")
    hand = args.hand  # a hand given on the command line is analysed first
    while True:
        if hand:
            try:
                res = analyse_hand(hand, args.ruleset, args.visible, args.void)
                print(render_text(res, args.ruleset, hand, args.unicode, color))
            except SparrowsError as exc:
                print(f"error: {exc}")
        try:
            hand = input("\nhand> ").strip()
        except EOFError:
            print()
            return 0
        if not hand or hand in ("q", "quit", "exit"):
            return 0
