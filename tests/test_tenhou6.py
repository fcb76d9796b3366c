"""The tenhou.net/6 reader: the 31 Houou games of the oracle folder (counts, tiles, score
deltas, replayed flags against Tenhou's yaku), plus small synthetic hands for what the
real games never show (haitei, houtei, an open kan from the right)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from sparrows.errors import RecordError
from sparrows.records.tenhou6 import (
    JAPANESE_YAKU,
    LIVE_WALL,
    TenhouGame,
    TenhouMeld,
    TenhouWin,
    flag_mismatches,
    normal_tile,
    read_games,
    wins,
)

from .conftest import oracle_path

OUR_YAKU = {
    "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "iipeikou", "tanyao",
    "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "seat_wind", "round_wind", "haitei",
    "houtei", "rinshan", "chankan", "chiitoitsu", "sanshoku", "ittsu", "chanta", "toitoi",
    "sanankou", "sanshoku_doukou", "sankantsu", "shousangen", "honroutou", "honitsu",
    "junchan", "ryanpeikou", "chinitsu", "kokushi", "kokushi_13", "suuankou",
    "suuankou_tanki", "daisangen", "shousuushi", "daisuushi", "tsuuiisou", "ryuuiisou",
    "chinroutou", "chuuren", "junsei_chuuren", "suukantsu", "tenhou", "chiihou", "renhou",
    "dora", "aka", "ura",
}  # fmt: skip
LIMITS = {"満貫": (3, 5), "跳満": (6, 7), "倍満": (8, 10), "三倍満": (11, 12), "役満": (13, 99)}


@pytest.fixture(scope="module")
def games() -> list[TenhouGame]:
    return read_games(oracle_path("riichi", "tenhou6"))


@pytest.fixture(scope="module")
def all_wins(games: list[TenhouGame]) -> list[TenhouWin]:
    return [win for game in games for win in game.wins]


# --------------------------------------------------------------------------- real games


def test_every_file_parses(games: list[TenhouGame]) -> None:
    assert len(games) == 31
    assert len({game.file for game in games}) == 31
    for game in games:
        assert game.hands
        assert game.rule.get("disp") == "鳳南喰赤"
        assert len(game.names) == 4


def test_counts_match_the_oracle_readme(games: list[TenhouGame]) -> None:
    hands = [hand for game in games for hand in game.hands]
    results = Counter(hand.result for hand in hands)
    assert len(hands) == 326
    assert results["和了"] == 264  # hands won ...
    assert sum(len(hand.wins) for hand in hands) == 265  # ... win records ("265 wins")
    assert sum(1 for hand in hands if len(hand.wins) == 2) == 1  # one double ron
    assert len(hands) - results["和了"] == 62  # draws and aborts
    assert results == {
        "和了": 264,
        "流局": 51,
        "九種九牌": 5,
        "全員不聴": 2,
        "四槓散了": 1,
        "四家立直": 1,
        "流し満貫": 1,
        "四風連打": 1,
    }
    # exhaustive draws used the whole wall, replacement draws of kans included
    for hand in hands:
        if hand.result in ("流局", "全員不聴", "流し満貫"):
            assert hand.wall_draws == LIVE_WALL


def test_wins_helper_and_first_hand(all_wins: list[TenhouWin]) -> None:
    folder = oracle_path("riichi", "tenhou6")
    assert len(wins(folder)) == 265
    first = wins(folder / "2010081709gm-00a9-0000-fe3371ad.json")[0]
    assert (first.kyoku, first.honba, first.riichi_sticks) == (0, 0, 0)
    assert (first.winner, first.from_seat, first.pao, first.tsumo) == (1, 2, None, False)
    assert (first.dealer, first.round_wind, first.seat_wind) == (0, 0, 1)
    assert first.melds == (
        TenhouMeld("pon", (43, 43, 43), 43, 3),
        TenhouMeld("pon", (42, 42, 42), 42, 3),
        TenhouMeld("chi", (13, 14, 15), 13, 3),
    )
    assert first.concealed == (17, 18, 41, 41)
    assert first.win_tile == 16
    assert (first.fu, first.han, first.points_text) == (30, 4, "30符4飜7700点")
    assert first.yaku == (("自風 南", 1), ("混一色", 2), ("ドラ", 1))
    assert first.riichi_declared_this_hand == (2,)
    assert first.deltas == (0, 8700, -7700, 0)
    assert first == all_wins[0]


def test_win_tiles(all_wins: list[TenhouWin]) -> None:
    for win in all_wins:
        where = (win.file, win.kyoku, win.honba, win.winner)
        kans = sum(1 for meld in win.melds if meld.is_kan)
        assert len(win.concealed) + 1 + 3 * len(win.melds) == 14, where
        assert len(win.all_tiles) == 14 + kans, where
        seen = Counter(
            normal_tile(t) for t in (*win.all_tiles, *win.dora_indicators, *win.ura_indicators)
        )
        assert max(seen.values()) <= 4, where
        for meld in win.melds:
            assert len(meld.tiles) == (4 if meld.is_kan else 3), where
            assert (meld.called is None) == (meld.type == "closed_kan"), where
            assert (meld.source is None) == (meld.type == "closed_kan"), where
            if meld.type == "chi":
                assert meld.source == 3, where
                ranks = sorted(normal_tile(t) for t in meld.tiles)
                assert ranks == list(range(ranks[0], ranks[0] + 3)), where
            else:
                assert len({normal_tile(t) for t in meld.tiles}) == 1, where


def test_deltas(games: list[TenhouGame]) -> None:
    for game in games:
        for hand in game.hands:
            for i, win in enumerate(hand.wins):
                where = (win.file, win.kyoku, win.honba, win.winner)
                assert win.deltas[win.winner] > 0, where
                assert win.start_scores == hand.start_scores, where
                sticks = win.riichi_sticks + len(win.riichi_declared_this_hand)
                # the table's sticks (and honba) go to the first winner only
                assert sum(win.deltas) == (1000 * sticks if i == 0 else 0), where
                payers = {s for s in range(4) if win.deltas[s] < 0}
                if win.tsumo:
                    assert payers == {s for s in range(4) if s != win.winner}, where
                else:
                    assert payers == {win.from_seat}, where
            if hand.result != "和了":
                assert all(sum(d) == 0 for d in hand.deltas)


def test_double_ron(games: list[TenhouGame]) -> None:
    (hand,) = [hand for game in games for hand in game.hands if len(hand.wins) == 2]
    first, second = hand.wins
    assert first.from_seat == second.from_seat
    assert (first.winner - first.from_seat) % 4 < (second.winner - second.from_seat) % 4
    assert hand.honba == 2
    # honba only on the first winner's payment: 8000 + 600, then a bare 1300
    assert first.deltas[first.from_seat] == -8600
    assert second.deltas[second.from_seat] == -1300


def test_flags_agree_with_tenhou_yaku(all_wins: list[TenhouWin]) -> None:
    problems = {
        (w.file, w.kyoku, w.honba, w.winner): m for w in all_wins if (m := flag_mismatches(w))
    }
    assert problems == {}


def test_flag_counts(all_wins: list[TenhouWin]) -> None:
    expected = {
        "tsumo": 122,
        "riichi": 115,
        "double_riichi": 1,
        "ippatsu": 25,
        "rinshan": 4,
        "chankan": 2,
        "haitei": 0,
        "houtei": 0,
        "tenhou": 1,
        "chiihou": 0,
    }
    assert {flag: sum(1 for w in all_wins if getattr(w, flag)) for flag in expected} == expected
    # riichi + ippatsu + chankan on the same tile: the robbed kan does not end ippatsu
    assert any(w.ippatsu and w.chankan for w in all_wins)


def test_yaku_names(all_wins: list[TenhouWin]) -> None:
    assert set(JAPANESE_YAKU.values()) <= OUR_YAKU
    assert OUR_YAKU - set(JAPANESE_YAKU.values()) == set()
    for win in all_wins:
        assert set(win.yaku_ids) <= OUR_YAKU
        assert (win.fu == 0) == (win.han == 0)
        if win.han:
            assert win.han == win.han_total, (win.file, win.kyoku, win.yaku)
        else:  # a limit: Tenhou writes only its name; the han must reach it
            (limit,) = [name for name in LIMITS if win.points_text.startswith(name)]
            low, high = LIMITS[limit]
            assert low <= win.han_total <= high, (win.file, win.kyoku, win.yaku)
        if win.is_yakuman:
            assert all(han == 13 for _, han in win.yaku)


# --------------------------------------------------------------------------- synthetic hands


def _pool(*exclude: int) -> list[int]:
    kinds = [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48)]
    full = [c for c in kinds for _ in range(4) if c not in exclude]
    for red, plain in ((51, 15), (52, 25), (53, 35)):
        if plain not in exclude:
            full[full.index(plain)] = red
    return full


def _write(tmp: Path, kyoku: list[Any]) -> Path:
    path = tmp / "synthetic.json"
    game = {"title": ["", ""], "name": list("ABCD"), "rule": {"disp": "test", "aka": 1}}
    path.write_text(json.dumps({**game, "log": [kyoku]}, ensure_ascii=False), encoding="utf-8")
    return path


def _full_wall_hand(result: list[Any], last_discard: bool) -> list[Any]:
    """East 1, everybody discards what they draw for the whole wall (70 draws)."""
    pool = _pool()
    dora, pool = pool[0], pool[1:]
    haipai = [pool[13 * p : 13 * p + 13] for p in range(4)]
    wall = pool[52 : 52 + LIVE_WALL]
    draws: list[list[Any]] = [wall[p::4] for p in range(4)]
    discards: list[list[Any]] = [[60] * len(d) for d in draws]
    if not last_discard:
        discards[1].pop()  # the 70th draw is seat 1's, kept for a tsumo
    kyoku: list[Any] = [[0, 0, 0], [25000] * 4, [dora], []]
    for p in range(4):
        kyoku += [haipai[p], draws[p], discards[p]]
    return [*kyoku, result]


def test_haitei(tmp_path: Path) -> None:
    result = ["和了", [-1000, 2000, -500, -500], [1, 1, 1, "30符1飜500-1000点", "海底摸月(1飜)"]]
    (win,) = wins(_write(tmp_path, _full_wall_hand(result, last_discard=False)))
    assert win.tsumo and win.haitei and not win.houtei and not win.rinshan
    assert win.win_tile == _pool()[1 + 52 + LIVE_WALL - 1]


def test_houtei_and_exhaustive_draw(tmp_path: Path) -> None:
    result = ["和了", [0, -1000, 1000, 0], [2, 1, 2, "30符1飜1000点", "河底撈魚(1飜)"]]
    (win,) = wins(_write(tmp_path, _full_wall_hand(result, last_discard=True)))
    assert win.houtei and not win.tsumo and not win.haitei
    assert (win.winner, win.from_seat) == (2, 1)
    (game,) = read_games(_write(tmp_path, _full_wall_hand(["流局", [0] * 4], last_discard=True)))
    (hand,) = game.hands
    assert hand.wins == () and hand.wall_draws == LIVE_WALL


def _open_kan_hand(call: str, caller: int) -> list[Any]:
    """Seat 0 (dealer) discards a 6p on its first turn; ``caller`` makes an open kan on
    it with ``call``, then wins on the replacement tile."""
    pool = _pool(26)
    haipai = [pool[13 * p : 13 * p + 13] for p in range(4)]
    haipai[0][0] = 26
    haipai[caller][:3] = [26, 26, 26]
    drawn, replacement, dora = pool[52], pool[53], pool[54]
    draws: list[list[Any]] = [[drawn], [], [], []]
    discards: list[list[Any]] = [[26], [], [], []]
    draws[caller] = [call, replacement]
    discards[caller] = [0]
    kyoku: list[Any] = [[0, 0, 0], [25000] * 4, [dora], []]
    for p in range(4):
        kyoku += [haipai[p], draws[p], discards[p]]
    deltas = [-4000, -2000, -2000, -2000]
    deltas[caller] = 8000
    return [*kyoku, ["和了", deltas, [caller, caller, caller, "満貫2000-4000点", "嶺上開花(1飜)"]]]


@pytest.mark.parametrize(
    ("call", "caller", "source"),
    [("m26262626", 1, 3), ("26m262626", 2, 2), ("262626m26", 3, 1)],
)
def test_open_kan_sources(tmp_path: Path, call: str, caller: int, source: int) -> None:
    (win,) = wins(_write(tmp_path, _open_kan_hand(call, caller)))
    assert win.melds == (TenhouMeld("open_kan", (26, 26, 26, 26), 26, source),)
    assert (win.winner + source) % 4 == 0  # the feeder is seat 0
    assert win.tsumo and win.rinshan and not win.chiihou
    assert len(win.concealed) == 13 - 3


def test_malformed_logs_are_refused(tmp_path: Path) -> None:
    kyoku = _open_kan_hand("262626m26", 3)
    kyoku[5] = [kyoku[5][0], _pool(26)[60]]  # a draw nobody makes
    with pytest.raises(RecordError, match="left"):
        read_games(_write(tmp_path, kyoku))
    kyoku = _open_kan_hand("m26262626", 3)  # seat 0 is not seat 3's left
    with pytest.raises(RecordError):
        read_games(_write(tmp_path, kyoku))
    kyoku = _open_kan_hand("262626m26", 3)
    kyoku[-1][2] = [3, 3, 3, "満貫2000-4000点", "嶺上開花(2飜)", "謎の役(1飜)"]
    with pytest.raises(RecordError, match="unknown yaku"):
        read_games(_write(tmp_path, kyoku))
    kyoku = _open_kan_hand("262626m26", 3)
    kyoku[2] = [26]  # a fifth 6p
    with pytest.raises(RecordError, match="more than 4"):
        read_games(_write(tmp_path, kyoku))
