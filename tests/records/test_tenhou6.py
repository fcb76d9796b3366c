"""The tenhou.net/6 reader and the 31 Houou games of the oracle folder played through the
engine: every hand's start, every action's legality, every result, yaku, fu, han, printed
points and score change as Tenhou wrote them."""

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
    TenhouWin,
    parse_call,
    read_games,
)
from sparrows.records.tenhou_replay import replay_log
from sparrows.rules.riichi.fu import FU_ITEMS
from tests.conftest import oracle_path

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
            drawn = sum(1 for d in hand.draws for t in d if isinstance(t, int))
            assert drawn == LIVE_WALL


def test_first_hand_as_read(games: list[TenhouGame]) -> None:
    hand = games[0].hands[0]
    assert games[0].file == "2010081709gm-00a9-0000-fe3371ad.json"
    assert (hand.kyoku, hand.honba, hand.riichi_sticks, hand.dealer) == (0, 0, 0, 0)
    assert hand.haipai[1] == (14, 15, 17, 23, 26, 29, 33, 41, 42, 43, 43, 45, 47)
    assert hand.draws[1][4] == "p434343"
    call = parse_call("p434343")
    assert (call.letter, call.taken, call.rest, call.source) == ("p", 43, (43, 43), 3)
    assert hand.discards[2][12] == "r24"  # seat 2's riichi
    (win,) = hand.wins
    assert (win.winner, win.from_seat, win.pao, win.tsumo) == (1, 2, None, False)
    assert (win.fu, win.han, win.points_text) == (30, 4, "30符4飜7700点")
    assert win.yaku == (("自風 南", 1), ("混一色", 2), ("ドラ", 1))
    assert win.deltas == (0, 8700, -7700, 0)  # 7700 + seat 2's riichi stick


def test_every_hand_plays_through_the_engine(games: list[TenhouGame]) -> None:
    """326 hands: each answer legal in the engine at that moment, each hand's start
    (dealer, round, honba, sticks, scores), result, score changes, yaku, fu, han and
    printed points as the log has them; the game ends where the log ends."""
    failures = []
    hands = 0
    counts: Counter[str] = Counter()
    fu_names: set[str] = set()
    for log in games:
        game, checks = replay_log(log)
        hands += sum(1 for c in checks if c.ok)
        failures += [(log.file, c.label, c.problems) for c in checks if not c.ok]
        for e in game.events:
            if e.type == "win":
                counts.update(y for y, _ in e.detail["yaku"])  # type: ignore[attr-defined]
                fu_names.update(n for n, _ in e.detail.get("fu_items", ()))  # type: ignore[attr-defined]
                counts["tsumo"] += e.from_seat is None  # type: ignore[attr-defined]
    assert not failures, failures[:3]
    assert hands == 326
    # situational yaku the engine's own state produced, as Tenhou lists them
    assert counts["tsumo"] == 122 and counts["riichi"] == 114 and counts["double_riichi"] == 1
    assert counts["ippatsu"] == 25 and counts["rinshan"] == 4 and counts["chankan"] == 2
    assert counts["tenhou"] == 1 and counts["haitei"] == counts["houtei"] == 0
    # every fu item of these wins has a name the page words (FU_ITEMS)
    assert fu_names and fu_names <= set(FU_ITEMS), sorted(fu_names - set(FU_ITEMS))


def test_deltas(games: list[TenhouGame]) -> None:
    for game in games:
        for hand in game.hands:
            declared = sum(1 for d in hand.discards for e in d if str(e).startswith("r"))
            for i, win in enumerate(hand.wins):
                where = (game.file, hand.kyoku, hand.honba, win.winner)
                assert win.deltas[win.winner] > 0, where
                # the table's sticks go to the first winner only: those of earlier hands
                # and those put down in this one (a ronned riichi discard puts none down)
                sticks = sum(win.deltas) // 1000
                if i == 0:
                    assert sum(win.deltas) % 1000 == 0, where
                    assert hand.riichi_sticks <= sticks <= hand.riichi_sticks + declared, where
                else:
                    assert sticks == 0, where
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


# --------------------------------------------------------------------------- broken logs


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


@pytest.mark.parametrize(("call", "source"), [("m26262626", 3), ("26m262626", 2), ("262626m26", 1)])
def test_call_sources(call: str, source: int) -> None:
    assert parse_call(call).source == source
    assert parse_call(call).taken == 26


def test_malformed_logs_are_refused(tmp_path: Path) -> None:
    kyoku = _open_kan_hand("262626m26", 3)
    kyoku[-1][2] = [3, 3, 3, "満貫2000-4000点", "嶺上開花(2飜)", "謎の役(1飜)"]
    with pytest.raises(RecordError, match="unknown yaku"):
        read_games(_write(tmp_path, kyoku))
    kyoku = _open_kan_hand("262626m26", 3)
    kyoku[2] = [26]  # a fifth 6p
    with pytest.raises(RecordError, match="more than 4"):
        read_games(_write(tmp_path, kyoku))
    kyoku = _open_kan_hand("262626m26", 3)
    kyoku[5] = ["c111213"]  # a chi in seat 0's draw list is read, then a pon in discards
    kyoku[6] = ["p262626"]
    with pytest.raises(RecordError, match="in the discard list"):
        read_games(_write(tmp_path, kyoku))


def test_a_log_that_does_not_play_is_reported(tmp_path: Path) -> None:
    """A hand whose actions the engine refuses is reported with the engine's reason."""
    kyoku = _open_kan_hand("262626m26", 3)  # seat 3's hand is not a win after the kan
    (log,) = read_games(_write(tmp_path, kyoku))
    _game, checks = replay_log(log)
    assert not checks[0].ok
    assert "not legal" in checks[0].problems[0] or "log" in checks[0].problems[0]
