"""The terminal table as a player reads it (issue 19, items 6-11 and 25), checked over
whole games per ruleset (each class of screen: every win, draw and payments line), and
the console script for what a user types."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sparrows.cli.play import TerminalTable, _default_save, help_text
from sparrows.engine import ActionType, Game
from sparrows.rules import get_ruleset
from sparrows.rules.riichi.points import basic_points, payment
from sparrows.tiles import parse_tiles
from tests.support.chinese_walls import order_for
from tests.support.table_driver import screen

SCRIPT = Path(sys.executable).with_name("sparrows")
A = ActionType


def run(
    args: list[str], stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=120, cwd=cwd
    )


def payment_sums(text: str) -> list[int]:
    """The sum of every ``payments:`` line's amounts."""
    return [
        sum(int(n) for n in re.findall(r"[+-]\d+", line))
        for line in text.splitlines()
        if line.strip().startswith("payments:")
    ]


RIICHI_GAMES = [(seed, *screen("riichi", {"hanchan": False}, seed)) for seed in (5, 7, 11)]


# ---------------------------------------------------------------------- riichi (items 6, 7)
def test_riichi_table_names_rounds_and_seat_winds() -> None:
    for _, game, text in RIICHI_GAMES:
        assert "=== East 1, honba 0 · dealer: You" in text
        assert "--- E1-0 · wall 69" in text
        assert re.search(r"  You \(dealer\) East ", text)
        assert re.search(r"  Right South ", text) or re.search(r"  Right \(dealer\) East", text)
        for e in game.events:
            if e.type == "hand_start":
                kyoku, honba = e.extra["kyoku"], e.extra["honba"]  # type: ignore[attr-defined]
                wind = ("East", "South")[kyoku // 4]
                assert f"=== {wind} {kyoku % 4 + 1}, honba {honba} · " in text


def test_riichi_wins_show_the_tile_fu_honba_sticks_and_a_zero_sum() -> None:
    opts = get_ruleset("riichi").options
    wins = 0
    for _, game, text in RIICHI_GAMES:
        assert payment_sums(text) and all(total == 0 for total in payment_sums(text))
        dealer = 0
        for e in game.events:
            if e.type == "hand_start":
                dealer = e.dealer  # type: ignore[attr-defined]
            if e.type != "win":
                continue
            wins += 1
            d: dict[str, Any] = e.detail  # type: ignore[attr-defined]
            assert f", on {e.tile}\n" in text and f"  + {e.tile}   (read as" in text  # type: ignore[attr-defined]
            if d["yakuman"]:
                continue
            basic, _ = basic_points(d["han"], d["fu"], 0, opts)
            value = payment(basic, e.seat == dealer, e.from_seat is None, 0, 0, opts).hand_value  # type: ignore[attr-defined]
            limit = f", {d['limit']}" if d["limit"] else ""
            assert f"{d['han']} han {d['fu']} fu{limit}: {value} points" in text
            fus = " + ".join(f"{n} {f}" for n, f in d["fu_items"])
            assert f"fu: {fus} = " in text
            if d["honba"]:
                assert f"honba {d['honba']}: +{d['honba'] * opts.honba_ron}" in text
    assert wins >= 5


def test_riichi_draws_show_the_ready_hands_with_waits() -> None:
    shown = 0
    for _, game, text in RIICHI_GAMES:
        for e in game.events:
            if e.type == "exhaustive_draw":
                for seat in e.ready:  # type: ignore[attr-defined]
                    waits = " ".join(e.waits[seat])  # type: ignore[attr-defined]
                    assert f"ready, waiting on {waits}" in text
                    shown += 1
    assert shown


def test_riichi_discards_the_drawn_tile_by_itself_unless_asked() -> None:
    _, auto = screen("riichi", {"hanchan": False}, 7)
    assert re.search(r"You discard \S+ \(riichi\)\.", auto)
    _, asked = screen("riichi", {"hanchan": False}, 7, auto_discard=False)
    assert "(riichi)." not in asked and "You declare riichi" in asked


def test_a_bust_says_who_and_that_the_game_ends() -> None:
    game = Game(get_ruleset("riichi", {"hanchan": False}), 1)
    table = TerminalTable(game, 0, io.StringIO(), io.StringIO(), False)
    table.show_event(
        {
            "type": "game_end",
            "scores": [-100, 40000, 30000, 30100],
            "places": [4, 1, 3, 2],
            "result": {},
            "ended": {"bust": [0]},
        }
    )
    out = table.out.getvalue()  # type: ignore[attr-defined]
    assert "You go below zero (bust): the game ends." in out


def test_the_banner_names_the_preset(tmp_path: Path) -> None:
    proc = run(
        ["play", "--rules", "riichi", "--preset", "tenhou-sanma", "--seed", "1"], "q\n", tmp_path
    )
    assert proc.returncode == 0 and "sparrows · riichi (preset tenhou-sanma) ·" in proc.stdout


# ---------------------------------------------------------------------- the other rulesets
@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("suzume", {}),
        ("hongkong", {"max_hands": 6}),
        ("classical", {"max_hands": 6}),
        ("sichuan", {"hands": 3}),
        ("riichi", {"preset": "tenhou-sanma", "hanchan": False}),
    ],
)
def test_every_payments_line_sums_to_zero(name: str, options: dict[str, Any]) -> None:
    for seed in (1, 2):
        _, text = screen(name, options, seed)
        assert all(total == 0 for total in payment_sums(text))


def test_hong_kong_says_why_no_win_while_a_pung_is_offered() -> None:
    """South (55p 123s 456s 789s 22z) could complete on East's 5p, but the hand is below
    the table's minimum: the pung is offered, and the table says why no win is."""
    rules = get_ruleset("hongkong", {"min_faan": 5})
    deal = ["5p123m456m789m1112z", "55p123s456s789s22z", "46p123m456m789m11s", "147m258s369s5566z"]
    game = Game(rules, 1, walls=[order_for(rules, deal, draws="8p7p3p2p")])

    def throw(seat: int, tile: str) -> None:
        face = parse_tiles(tile)[0]
        game.step(seat, next(a for a in game.legal_actions(seat) if a.tiles == (face,)))

    # a go-around first: a win on the dealer's first discard would be an Earthly Hand
    for seat, tile in ((0, "1m"), (1, "8p"), (2, "7p"), (3, "3p"), (0, "5p")):
        throw(seat, tile)
    legal = game.legal_actions(1)
    assert {a.type for a in legal} >= {A.PON, A.PASS} and A.RON not in {a.type for a in legal}
    out = io.StringIO()
    table = TerminalTable(game, 1, out, io.StringIO("p\n"), False)
    table.choose(legal)
    assert "(No ron: " in out.getvalue() and "min_faan" in out.getvalue()


def test_sichuan_shows_the_exchange_and_takes_three_typed_tiles() -> None:
    _, text = screen("sichuan", {"hands": 1}, 5)
    assert re.search(r"The die shows \d: the tiles pass ", text)
    assert re.search(r"You give \S+ \S+ \S+ to \w+", text)
    assert re.search(r"You get \S+ \S+ \S+ from \w+", text)
    assert "Give three tiles of one suit: type them" in text
    assert "exchange 1m" not in text.split("Give three tiles")[1].split("\n")[1]  # no 45 choices
    assert "this hand in all:" in text  # the hand's net is labelled as such


def test_words_of_the_chinese_rulesets_and_grammar() -> None:
    _, text = screen("hongkong", {"max_hands": 8}, 3)
    assert not re.search(r"You +calls|You +sets|You +discards", text)
    assert re.search(r"(calls|call) (pung|chow|kong)", text)
    assert not re.search(r"calls? (pon|chi|kan)\b", text)
    assert "chow, pung, kong" in help_text(get_ruleset("hongkong"))
    assert "riichi, chi, pon, kan" in help_text(get_ruleset("riichi"))
    assert "g (green dragon), r (red dragon)" in help_text(get_ruleset("suzume"))


def test_a_call_typed_when_none_is_offered_says_so() -> None:
    game = Game(get_ruleset("riichi"), 1)
    out = io.StringIO()
    table = TerminalTable(game, 0, out, io.StringIO("pon\nq\n"), False)
    assert table.choose(game.legal_actions(0)) is None
    assert "No pon now: calls are offered only on a discard you can use" in out.getvalue()


# ---------------------------------------------------------------------- records and exits
def test_default_record_names_never_collide(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("time.strftime", lambda fmt: "20261202-000000")
    names = {_default_save("suzume") for _ in range(3)}
    assert names == {
        "sparrows-suzume-20261202-000000.json",
        "sparrows-suzume-20261202-000000-2.json",
        "sparrows-suzume-20261202-000000-3.json",
    }


def test_closed_stdin_and_a_failed_save_exit_2(tmp_path: Path) -> None:
    closed = subprocess.run(
        f"{SCRIPT} play --seed 1 --save {tmp_path / 'r.json'} 0<&-",
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert closed.returncode == 2 and "standard input is closed" in closed.stderr
    full = run(["play", "--seed", "1", "--save", "/dev/full"], "q\n", tmp_path)
    assert full.returncode == 2 and full.stderr.count("\n") == 1
    assert "could not save the record to /dev/full" in full.stderr and "instead" in full.stderr
