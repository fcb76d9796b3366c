"""The riichi half of ``sparrows score``."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from typing import Any

from ..errors import SparrowsError
from ..rules.riichi import WinSituation, riichi_options, score
from ..rules.riichi.house.abilities import ability_names
from ..rules.riichi.house.scoring import house_score, is_house
from ..rules.riichi.options import RiichiOptions
from ..rules.riichi.points import nagashi_payment
from ..rules.riichi.scoring import impossible_conditions
from ..rules.riichi.yaku import YAKUMAN_BY_ID
from ..tiles import Tile, format_tile, parse_hand, parse_tiles
from ..tiles.kinds import WIND_NAMES
from .common import HOUSE_FLAGS, RIICHI_FLAGS, tile_list, wind_arg


def _tiles(text: str | None) -> tuple[Tile, ...]:
    return tuple(parse_tiles(tile_list(text))) if text else ()


def situation(hand_text: str, args: argparse.Namespace) -> WinSituation:
    """Build the win from the command line; NotationError/SparrowsError on bad input."""
    hand = parse_hand(hand_text, "mpsz", max_tiles=15)
    if hand.bonus:
        raise SparrowsError("flowers and seasons are not riichi tiles")
    concealed = list(hand.concealed)
    if args.win:
        win_tiles = parse_tiles(args.win)
        if len(win_tiles) != 1:
            raise SparrowsError(f"--win takes one tile, not {args.win!r}")
        win = win_tiles[0]
        if len(concealed) + 3 * len(hand.melds) == 14:  # the hand already holds it
            if win not in concealed:
                raise SparrowsError(f"--win {args.win}: that tile is not in the 14-tile hand")
            concealed.remove(win)
    else:
        if not concealed:
            raise SparrowsError("no concealed tile to win on")
        win = concealed.pop()
    size = len(concealed) + 1 + 3 * len(hand.melds)
    if size != 14:
        raise SparrowsError(
            f"a winning hand has 14 tiles counting the winning tile (a kong as 3), this one has "
            f"{size}"
        )
    for m in hand.melds:  # chi only from the left is already checked by the notation
        if m.type.value == "chi" and m.source not in (None, 3):
            raise SparrowsError("a chi can only be called from the player on the left")
    return WinSituation(
        tuple(concealed),
        win,
        tuple(hand.melds),
        tsumo=bool(args.tsumo),
        riichi=args.riichi or args.double_riichi,
        double_riichi=args.double_riichi,
        ippatsu=args.ippatsu,
        rinshan=args.rinshan,
        chankan=args.chankan,
        haitei=args.haitei,
        houtei=args.houtei,
        tenhou=args.tenhou,
        chiihou=args.chiihou,
        seat_wind=wind_arg(args.seat or "S", "--seat"),
        round_wind=wind_arg(args.round_wind or "E", "--round"),
        dora_indicators=_tiles(args.dora),
        ura_indicators=_tiles(args.ura),
        honba=args.honba or 0,
        riichi_sticks=args.sticks or 0,
        open_riichi=args.open_riichi,
        renhou=args.renhou,
        paarenchan=args.paarenchan,
        sashikomi=args.sashikomi,
        nuki=args.nuki or 0,
    )


def answer(
    hand_text: str, args: argparse.Namespace, opts: RiichiOptions
) -> tuple[dict[str, Any], int]:
    """The answer for one hand (a JSON-ready dict) and its status (0 a win, 1 not a win)."""
    sit = situation(hand_text, args)  # copies, red fives and melds are checked by score()
    house = is_house(opts)
    if house:
        sit = replace(sit, tonshaaba=opts.tonshaaba)
    impossible = impossible_conditions(sit)
    if impossible:  # a situation that cannot happen is bad input, not "not a win"
        raise SparrowsError(impossible)
    if args.wildcard and not sit.tsumo:
        raise SparrowsError("--wildcard: a pocchi is a wildcard only when drawn (add --tsumo)")
    r = house_score(sit, opts, args.kokan, args.wildcard) if house else score(sit, opts)
    out: dict[str, Any] = {
        "aotenjou": opts.aotenjou,
        "hand": hand_text,
        "win_tile": format_tile(sit.win_tile),
        "tsumo": sit.tsumo,
        "valid": r.is_win,
        "reason": r.reason,
    }
    if not r.is_win:
        return out, 1
    pay = r.payment
    out.update(
        {
            "han": r.han,
            "fu": r.fu,
            "yaku": [
                {"id": i, "name": n, "han": h}
                for (i, h), (n, _) in zip(r.yaku, r.names(), strict=True)
            ],
            "yakuman": r.yakuman,
            "dora": r.dora,
            "aka": r.aka,
            "ura": r.ura,
            "fu_items": [{"item": n, "fu": f} for n, f in r.fu_items],
            "limit": r.limit,
            "basic_points": r.basic,
            "reading": r.reading,
            "points": pay.hand_value,
            "payments": (
                {"discarder": pay.ron}
                if pay.ron
                else {"dealer": pay.tsumo_dealer, "each_non_dealer": pay.tsumo_other}
                if pay.tsumo_dealer
                else {"each": pay.tsumo_other}
            ),
            "riichi_sticks": pay.sticks,
            "total_received": pay.total,
        }
    )
    if house:
        payers = 3 if sit.tsumo else 1
        out.update(
            {
                "special": r.special,
                "chips": r.chips,
                "chips_from": "each other player" if sit.tsumo else "the discarder",
                "chips_received": r.chips * payers,
                "chip_items": [{"item": n, "chips": c} for n, c in r.chip_items],
                "abilities": list(r.abilities),
                "steps": list(r.steps),
                "wildcard": format_tile(Tile(r.wildcard)) if r.wildcard >= 0 else None,
                "kokan_choices": list(r.choices),
                "chip_value": opts.chip_value,
                "money": pay.hand_value + r.chips * payers * opts.chip_value,
            }
        )
    return out, 0


def nagashi_answer(args: argparse.Namespace, opts: RiichiOptions) -> dict[str, Any]:
    """A nagashi mangan's payments (the game's own :func:`nagashi_payment`): a mangan
    tsumo without honba or sticks, or with ``nagashi_value=haneman`` a haneman tsumo with
    the honba and the sticks."""
    if not opts.nagashi_mangan:
        raise SparrowsError("--nagashi: nagashi mangan is off in these options (nagashi_mangan)")
    given = [
        f"--{name.replace('_', '-')}"
        for name in ("win", "dora", "ura", "round_wind", "nuki", "kokan")
        if getattr(args, name) not in (None, 0)
    ] + [
        f"--{f}"
        for f in (*RIICHI_FLAGS, "tsumo", "open-riichi", "wildcard", "renhou", "paarenchan")
        if getattr(args, f.replace("-", "_"))
    ]
    if args.hand is not None or given:
        what = ", ".join(given) if given else "a hand"
        raise SparrowsError(
            f"--nagashi scores no hand: leave out {what} (only --seat, --honba, --sticks count)"
        )
    dealer = wind_arg(args.seat or "S", "--seat") == 0
    pay, limit = nagashi_payment(dealer, args.honba or 0, opts)
    if limit == "haneman":  # a special win: the sticks too
        pay.sticks = (args.sticks or 0) * opts.riichi_stick
    return {
        "nagashi": True,
        "valid": True,
        "limit": f"nagashi mangan ({limit})",
        "points": pay.hand_value,
        "payments": (
            {"dealer": pay.tsumo_dealer, "each_non_dealer": pay.tsumo_other}
            if pay.tsumo_dealer
            else {"each": pay.tsumo_other}
        ),
        "riichi_sticks": pay.sticks,
        "total_received": pay.total,
    }


def render_nagashi(res: dict[str, Any], seat: str) -> str:
    pay = res["payments"]
    if "dealer" in pay:
        each = f"the dealer pays {pay['dealer']}, each other player {pay['each_non_dealer']}"
    else:
        each = f"each player pays {pay['each']}"
    lines = [
        f"Nagashi   seat {seat}: {res['limit']}",
        f"Payment   as a tsumo: {each} ({res['points']} in all)",
    ]
    if res["riichi_sticks"]:
        lines.append(f"          plus {res['riichi_sticks']} in riichi sticks")
    return "\n".join(lines)


def render(res: dict[str, Any], sit_seat: str, round_wind: str) -> str:
    how = "tsumo" if res["tsumo"] else "ron"
    lines = [
        f"Hand      {res['hand']}   winning tile {res['win_tile']} ({how}); seat "
        f"{sit_seat}, round {round_wind}",
        f"Reading   {res['reading']}",
    ]
    for y in res["yaku"]:
        if res["yakuman"] and not res["aotenjou"]:
            value = f"{y['han'] // 13}x yakuman"
        elif res["aotenjou"] and y["id"] in YAKUMAN_BY_ID and y["han"] >= 13:
            # aotenjou: a yakuman is 13 han among the others
            value = f"{y['han']} han ({y['han'] // 13}x yakuman)"
        else:
            value = f"{y['han']} han"
        lines.append(f"  {y['name']:<46} {value}")
    if res["aotenjou"]:
        lines.append(
            f"Aotenjou  no limit: {res['fu']} x 2^({res['han']} + 2) = {res['basic_points']}"
        )
    if not res["yakuman"] or res["aotenjou"]:
        lines.append(
            f"Han {res['han']}, fu {res['fu']}: "
            + ", ".join(f"{i['item']} {i['fu']}" for i in res["fu_items"])
        )
    if res["limit"]:
        lines.append(f"Limit     {res['limit']}")
    pay = res["payments"]
    if "discarder" in pay:
        lines.append(f"Payment   ron: the discarder pays {pay['discarder']}")
    elif "dealer" in pay:
        lines.append(
            f"Payment   tsumo: the dealer pays {pay['dealer']}, each other player "
            f"{pay['each_non_dealer']} ({res['points']} in all)"
        )
    else:
        lines.append(
            f"Payment   dealer tsumo: each player pays {pay['each']} ({res['points']} in all)"
        )
    if res["riichi_sticks"]:
        lines.append(f"          plus {res['riichi_sticks']} in riichi sticks")
    if "chips" in res:
        if res["wildcard"]:
            lines.append(f"Wildcard  the pocchi stands for {res['wildcard']}")
        if res["abilities"]:
            lines.append(f"Abilities {', '.join(res['abilities'])}")
        lines.append("Order of operations:")
        lines += [f"  {i}. {step}" for i, step in enumerate(res["steps"], 1)]
        lines.append(
            f"Chips     {res['chips']} from {res['chips_from']} ({res['chips_received']} in all; "
            f"worth {res['chips_received'] * res['chip_value']:,} points at "
            f"{res['chip_value']:,} a chip)"
        )
    return "\n".join(lines)


def run_riichi(args: argparse.Namespace, options: dict[str, Any]) -> int:
    if (args.honba or 0) < 0 or (args.sticks or 0) < 0:
        raise SparrowsError("--honba and --sticks cannot be negative")
    if args.ron not in (None, ""):
        raise SparrowsError("for riichi, --ron is a flag; give the winning tile with --win")
    preset = options.pop("preset", "standard")
    if args.players == 3 and preset == "standard":
        preset = "tenhou-sanma"
    elif args.players is not None:
        options["players"] = args.players
    if (args.nuki or 0) < 0:
        raise SparrowsError("--nuki cannot be negative")
    opts = riichi_options(preset, **options)
    if not is_house(opts):
        # a house flag is refused unless its rule is on (open riichi and renhou are options)
        allowed = {"open-riichi": opts.open_riichi, "renhou": opts.renhou != "off"}
        given = [
            f"--{f}"
            for f, _ in HOUSE_FLAGS
            if getattr(args, f.replace("-", "_")) and not allowed.get(f, False)
        ]
        if args.kokan:
            given.append("--kokan")
        if given:
            raise SparrowsError(
                f"{', '.join(given)}: options of the house preset (--preset cy-dealers-choice)"
                + (" or --option open_riichi=true" if "--open-riichi" in given else "")
                + (" or --option renhou=yakuman (or mangan, 5han)" if "--renhou" in given else "")
            )
    for flag, option in (
        ("paarenchan", "paarenchan"),
        ("sashikomi", "open_riichi_deal_in_yakuman"),
    ):
        if getattr(args, flag) and not getattr(opts, option):
            raise SparrowsError(
                f"--{flag}: the rule is off in these options (--option {option}=true)"
            )
    if args.nagashi:
        res = nagashi_answer(args, opts)
        seat = WIND_NAMES[wind_arg(args.seat or "S", "--seat")]
        print(json.dumps(res, ensure_ascii=False) if args.json else render_nagashi(res, seat))
        return 0
    ura_kaiji = "ura_kaiji" in ability_names(opts.abilities)
    if args.ura and not (args.riichi or args.double_riichi or ura_kaiji):
        raise SparrowsError("--ura counts only for a riichi winner: add --riichi")
    res, status = answer(args.hand, args, opts)
    if args.json:
        print(json.dumps(res, ensure_ascii=False))
    elif not res["valid"]:
        print(f"Hand      {res['hand']}\nNot a valid win: {res['reason']}")
    else:
        print(
            render(
                res,
                WIND_NAMES[wind_arg(args.seat or "S", "--seat")],
                WIND_NAMES[wind_arg(args.round_wind or "E", "--round")],
            )
        )
    return status
