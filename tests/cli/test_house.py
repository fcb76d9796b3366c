"""The riichi house preset `cy-dealers-choice` as a user meets it: the calculator with
chips and the order of operations, the rules tables, simulate's chips and ability
statistics, and a whole game of `sparrows play` from scripted input.

Every expected number is worked by hand in the comments (spec: ``shared/rules/riichi.md``,
section ``cy-dealers-choice``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(sys.executable).with_name("sparrows")
HOUSE = ["--preset", "cy-dealers-choice"]
# 345m (cyan 5m) 456p (gold 5p) 567s (platinum 5s) 22z + 33z, ron on 3z, seat South in
# the East round: riichi 1 + West triplet 1 (tonshaaba: West is a round wind too) = 2 han;
# fu 20 + closed ron 10 + seat-wind pair (2z South) 2 + open honour triplet (the ron
# completes it) 4 = 36 -> 40; three special tiles: 3 chips.
HAND = "345Cm45G6p5T67s22z33z"


def run(
    args: list[str], stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, timeout=300, cwd=cwd
    )


def score(*extra: str) -> dict[str, object]:
    proc = run(["score", HAND, "--win", "3z", "--riichi", *HOUSE, "--json", *extra])
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)  # type: ignore[no-any-return]


def test_set1_order_of_operations_in_text() -> None:
    proc = run(["score", HAND, "--win", "3z", "--riichi", *HOUSE, "-o", "abilities=set1"])
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    # han o tsukeru: 2 han is below mangan -> 3 han; 3 han 40 fu: 40 x 2^5 = 1280 x 4 =
    # 5120 -> 5200. Chips: 3 special tiles; agari han-su + 3 han = 6; chippu zoka 6 x 1.5 = 9
    assert "han o tsukeru: 2 -> 3 han" in out
    assert "base chips: 3 special tiles = 3" in out
    assert "agari han-su: 3 + 3 = 6 chips" in out
    assert "chippu zoka: 6 x 1.5 -> 9 chips" in out
    assert "the discarder pays 5200" in out
    assert "Chips     9 from the discarder" in out


def test_kokan_both_choices_and_the_better_one() -> None:
    # set2 (the preset's): kokan on the cyan 5m, naki menzen on the gold 5p (no effect on a
    # closed hand).
    han = score("--kokan", "han")
    # +3 han: 5 han mangan 2000 x 4 = 8000; chips 3 - 1 = 2
    assert (han["han"], han["points"], han["chips"]) == (5, 8000, 2)
    chips = score("--kokan", "chips")
    # -1 han: 1 han 40 fu: 40 x 2^3 = 320 x 4 = 1280 -> 1300; chips 3 + 3 = 6
    assert (chips["han"], chips["points"], chips["chips"]) == (1, 1300, 6)
    # the better at 5,000 a chip: 1300 + 6 x 5000 = 31300 against 8000 + 2 x 5000 = 18000
    auto = score()
    assert (auto["han"], auto["chips"], auto["money"]) == (1, 6, 31300)
    assert auto["kokan_choices"] == ["chips", "han"]


def test_wildcard_and_house_flags_are_checked() -> None:
    proc = run(["score", HAND, "--win", "3z", "--riichi", *HOUSE, "--wildcard"])
    assert proc.returncode == 2 and "only when drawn" in proc.stderr
    proc = run(["score", "123m456p789s22z33z3z", "--riichi", "--kokan", "han"])
    assert proc.returncode == 2 and "house preset" in proc.stderr
    proc = run(["score", HAND, "--win", "3z", "--riichi"])  # special tiles, standard rules
    assert proc.returncode == 2 and "house-preset special tile" in proc.stderr


def test_wildcard_in_riichi_picks_the_best_kind() -> None:
    # 123m 456p 789s 22z 33z + a 7z pocchi drawn in riichi, a tsumo: as 2z (South, the
    # seat wind) riichi + tsumo + seat wind = 3 han, as 3z (West, tonshaaba) riichi + tsumo
    # + round wind = 3 han, both 40 fu (20 + tsumo 2 + closed honour triplet 8 + wind pair
    # 2 = 32 -> 40): a tie, so the lower kind 2z. Non-dealer tsumo 3 han 40 fu: 1280 basic,
    # dealer 2600, others 1300; 1 chip (the pocchi) from each.
    proc = run(
        ["score", "123m456p789s22z33z7!z", *HOUSE, "--riichi", "--tsumo", "--wildcard", "--json"]
    )
    res = json.loads(proc.stdout)
    assert res["wildcard"] == "2z"
    assert res["han"] == 3 and res["payments"] == {"dealer": 2600, "each_non_dealer": 1300}
    assert res["chips"] == 1 and res["chips_received"] == 3


def test_rules_show_the_house_tables() -> None:
    proc = run(["rules", "riichi", "--preset", "cy-dealers-choice"])
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Abilities (catalog):" in out and "tako_riichi" in out
    assert "naki_menzen, tako_riichi, kokan  this table" in out
    assert "<5,000: -11, <15,000: -10, more: -9" in out


def test_simulate_shows_chips_and_abilities(tmp_path: Path) -> None:
    out = tmp_path / "stats.json"
    proc = run(["simulate", "--rules", "riichi", *HOUSE, "-n", "8", "--quiet", "--out", str(out)])
    assert proc.returncode == 0, proc.stderr
    assert "chips per game: balanced " in proc.stdout  # the default bot
    stats = json.loads(out.read_text())
    per_agent = stats["per_agent"]
    # chips move between players only: the per-game averages weighted by seats add to 0
    total = sum(a["average_accounts"]["chips"] * a["games"] for a in per_agent.values())
    assert abs(total) < 0.05  # (averages are rounded to 3 decimals)
    assert "special tile chips" in stats["item_frequency_per_win"]
    assert any(item.startswith("tile ") for item in stats["item_frequency_per_win"])


def test_play_a_whole_house_game(tmp_path: Path) -> None:
    # "#1".."#3" discard (one of them is allowed whatever kuikae bans), "!1" takes the
    # first menu choice (riichi, a call, continue, the better kokan), "p" passes, "k" shows
    # the key once.
    answers = "k\n" + "#1\n#2\n#3\n!1\np\n" * 3000
    proc = run(
        ["play", "--rules", "riichi", *HOUSE, "--seed", "5", "--no-color"], answers, tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Special tiles (one of each" in out and "Kokan: the winner picks" in out
    assert "(+0 chips)" in out
    assert "=== Game over ===" in out and "oka/uma" in out


def test_the_table_shows_an_open_riichi_hand() -> None:
    import io

    from sparrows.agents import make_agent
    from sparrows.cli.play import TerminalTable
    from sparrows.engine import Game
    from sparrows.rules import get_ruleset

    rules = get_ruleset("riichi", {"preset": "cy-dealers-choice"})
    game = Game(rules, 11)  # random agents: someone declares open riichi in this game
    bots = [make_agent("random", 11 * 4 + s, rules) for s in range(4)]
    while not any(game.state.hand.open_riichi):
        assert not game.over, "no open riichi in this game any more: pick another seed"
        for seat, legal in game.decisions():
            game.step(seat, bots[seat].act(game.observation(seat), legal))
    opener = game.state.hand.open_riichi.index(True)
    viewer = (opener + 1) % 4
    out = io.StringIO()
    TerminalTable(game, viewer, out, io.StringIO(), False).table()
    shown = "".join(game.fmt_all(sorted(game.hands[opener])))
    assert f"hand shown: {shown}" in out.getvalue()
