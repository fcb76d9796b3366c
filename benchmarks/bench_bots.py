"""The bots: strength in duplicate games, riichi self-play statistics, decision time.

* **Duplicate matches** (``sparrows simulate --duplicate``: every deal played once in each
  seat rotation, so the luck of the tiles cancels): the bot under test (``--bot``,
  default ``balanced``) alone against three of the baseline (``efficiency-1``), and three
  of it against one baseline, per ruleset; the average place with its 95% interval
  (2.5 is even; the issue's goals: riichi at most 2.25, the others at most 2.3).
* **Riichi self-play** of four of each bot: win, deal-in, riichi and call rates per
  player and hand, the average win, and hands completed with no yaku (a seat that drew
  the tile completing its hand but could not win for want of a yaku, per 100 hands):
  those with no yaku in reach at all, and those that drew the no-yaku side of a wait
  whose other side wins with one (an open all-simples hand waiting on 6p and 9p),
  beside Tenhou's top room (1.71 million hands: win 21.1%, deal-in 12.5%, riichi 17.0%,
  call 34.4%, average win 5,647).
* **Decision time** per ruleset and bot: median and 99th percentile of ``act`` over the
  decisions of self-play games (goal: median under 2 ms, p99 under 20 ms, pure build);
  the median of ``--passes`` passes.

Run: ``.venv/bin/python benchmarks/bench_bots.py [--games 400] [--rulesets riichi,...]
[--bot balanced] [--passes 3] [--skip-duplicate]`` (``--games``: per duplicate match, a
multiple of 4; ``make bench`` runs it with its defaults).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sparrows.advice import advice_for
from sparrows.advice import riichi_model as rm
from sparrows.advice.riichi import RiichiAdvice
from sparrows.agents import make_agent
from sparrows.engine import ActionType, Game, Phase
from sparrows.engine import flow as fl
from sparrows.engine.observation import Observation
from sparrows.engine.protocol import Ruleset
from sparrows.reasons import Reason
from sparrows.rules import get_ruleset

SPARROWS = Path(sys.executable).parent / "sparrows"
BASELINE = "efficiency-1"
RULESETS = {
    "riichi": ("riichi", "tenhou"),
    "sanma": ("riichi", "tenhou-sanma"),
    "house": ("riichi", "cy-dealers-choice"),
    "hongkong": ("hongkong", ""),
    "classical": ("classical", ""),
    "sichuan": ("sichuan", ""),
    "suzume": ("suzume", ""),
}
A = ActionType
CALLS = {A.CHI, A.PON, A.KAN}
RIICHI = {A.RIICHI, A.OPEN_RIICHI, A.TAKO_RIICHI}


def ruleset(key: str) -> Ruleset:
    name, preset = RULESETS[key]
    return get_ruleset(name, {"preset": preset} if preset else {})


def duplicate(key: str, agents: list[str], games: int, seed: int) -> dict[str, Any]:
    """One duplicate match through the CLI; its per-agent figures."""
    name, preset = RULESETS[key]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.json"
        cmd = [str(SPARROWS), "simulate", "--rules", name, "-n", str(games), "--duplicate"]
        cmd += ["--agents", ",".join(agents), "--seed", str(seed), "--quiet", "--out", str(out)]
        cmd += ["--workers", "2"]
        if preset:
            cmd += ["--preset", preset]
        subprocess.run(cmd, check=True, capture_output=True)
        return json.loads(out.read_text())["per_agent"]


def _yaku_in_reach(rules: Ruleset, obs: Observation) -> bool:
    """Whether the hand before ``obs``'s draw waited on some tile that wins with all
    simples, one suit or a value honour (the drawn side of its wait had none)."""
    advice = advice_for(rules)
    if not isinstance(advice, RiichiAdvice) or obs.drawn is None:
        return False
    shape = rm.shape_of(obs, (obs.drawn,))
    return any(rm.yaku_paths(shape, advice.yakuhai(obs), 0, rules.form).values())


def self_play(rules: Ruleset, bot: str, games: int, seed: int) -> dict[str, Any]:
    """Four ``bot``s: their decisions timed, their riichi, calls and wins counted."""
    agents = [make_agent(bot, seed + s, rules) for s in range(rules.num_players)]
    times: list[float] = []
    hands = riichis = calls = no_yaku = one_side = 0
    wins = deal_ins = 0
    win_points: list[int] = []
    for g in range(games):
        game = Game(rules, seed + g)
        called: set[tuple[int, int]] = set()
        stuck: set[tuple[int, int]] = set()
        sided: set[tuple[int, int]] = set()
        while game.phase is not Phase.OVER:
            asked = (
                [(game.turn, game.pending[game.turn])]
                if game.phase is Phase.TURN
                else list(game.pending.items())
            )
            for seat, legal in asked:
                obs = game.observation(seat)
                t0 = time.perf_counter()
                action = agents[seat].act(obs, legal)
                times.append(time.perf_counter() - t0)
                if action.type in RIICHI:
                    riichis += 1
                if action.type in CALLS:
                    called.add((game.hand_number, seat))
                if game.phase is Phase.TURN and A.TSUMO not in {a.type for a in legal}:
                    said = rules.no_win_reason(game, seat, None)  # drew a win it may not take
                    if isinstance(said, Reason) and said.key == "no_yaku":
                        stuck.add((game.hand_number, seat))
                        if _yaku_in_reach(rules, obs):
                            sided.add((game.hand_number, seat))
                game.step(seat, action)
        hands += game.hand_number + 1
        calls += len(called)
        no_yaku += len(stuck - sided)
        one_side += len(sided)
        for r in game.hand_results:
            if r.winner is not None and r.kind == fl.WIN:
                wins += 1
                win_points.append(r.points)
                if r.from_seat is not None:
                    deal_ins += 1
    seats = hands * rules.num_players
    ordered = sorted(times)
    return {
        "hands": hands,
        "win": wins / max(1, seats),
        "deal_in": deal_ins / max(1, seats),
        "riichi": riichis / max(1, seats),
        "call": calls / max(1, seats),
        "average_win": statistics.mean(win_points) if win_points else 0.0,
        "no_yaku_per_100": 100 * no_yaku / max(1, hands),
        "one_side_per_100": 100 * one_side / max(1, hands),
        "median_ms": 1000 * statistics.median(ordered),
        "p99_ms": 1000 * ordered[int(0.99 * (len(ordered) - 1))],
        "decisions": len(ordered),
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per duplicate match")
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    parser.add_argument("--bot", default="balanced")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument(
        "--self-play", type=int, default=40, help="riichi self-play games (0: none)"
    )
    parser.add_argument("--skip-duplicate", action="store_true")
    args = parser.parse_args(argv)
    if args.self_play < 0 or args.passes < 1 or args.games < 1:
        parser.error("--self-play must be 0 or more, --passes and --games 1 or more")
    keys = [k for k in args.rulesets.split(",") if k]
    print(f"bench_bots: {args.bot} against {BASELINE}; rulesets {', '.join(keys)}")
    if not args.skip_duplicate:
        print(f"\nDuplicate matches, {args.games} games each (average place, 95% interval):")
        for key in keys:
            n = ruleset(key).num_players
            games = args.games - args.games % n  # every seat rotation of every deal
            one = duplicate(key, [args.bot] + [BASELINE] * (n - 1), games, 1000)
            many = duplicate(key, [args.bot] * (n - 1) + [BASELINE], games, 2000)
            a, b = one[args.bot], many[BASELINE]
            print(
                f"  {key:10} {games} games; 1 {args.bot} vs {n - 1}: {a['average_rank']:.3f} "
                f"({a['average_rank_ci95'][0]:.2f}-{a['average_rank_ci95'][1]:.2f}), "
                f"win {a['win_rate']:.1%} deal-in {a['deal_in_rate']:.1%}; "
                f"{n - 1} vs 1 {BASELINE}: baseline {b['average_rank']:.3f} "
                f"({b['average_rank_ci95'][0]:.2f}-{b['average_rank_ci95'][1]:.2f})"
            )
    if args.self_play:
        self_play_table(args.bot, args.self_play)
    decision_times(keys, args.bot, args.passes)


def self_play_table(bot_name: str, games: int) -> None:
    print(f"\nRiichi self-play, {games} games of four of each (tenhou preset):")
    print(
        "  bot            win   deal-in  riichi   call  avg win"
        "  no yaku in reach / no-yaku side of a wait, per 100 hands"
    )
    rules = ruleset("riichi")
    for bot in (BASELINE, bot_name):
        s = self_play(rules, bot, games, 5000)
        print(
            f"  {bot:13} {s['win']:5.1%}  {s['deal_in']:6.1%}  {s['riichi']:6.1%} "
            f"{s['call']:6.1%}  {s['average_win']:7,.0f}  {s['no_yaku_per_100']:5.2f}"
            f" / {s['one_side_per_100']:4.2f}"
            f"   ({s['hands']} hands)"
        )
    print("  Tenhou top room: win 21.1%, deal-in 12.5%, riichi 17.0%, call 34.4%, avg 5,647")


def decision_times(keys: Sequence[str], bot_name: str, passes: int) -> None:
    print(f"\nDecision time (ms), median of {passes} passes of 10 self-play games:")
    for key in keys:
        rules = ruleset(key)
        for bot in (BASELINE, bot_name):
            runs = [self_play(rules, bot, 10, 7000 + p * 100) for p in range(passes)]
            med = statistics.median(r["median_ms"] for r in runs)
            p99 = statistics.median(r["p99_ms"] for r in runs)
            print(f"  {key:10} {bot:13} median {med:.3f}  p99 {p99:.2f}")


if __name__ == "__main__":
    main()
