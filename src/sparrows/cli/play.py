"""``sparrows play``: a person plays against three bots in the terminal.

Line-based on purpose (works in any terminal, over ssh, in tmux, and from a script). The
table is shown before each of your decisions; what the bots did in between is listed.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from ..agents import make_agent
from ..engine.actions import Action, ActionType
from ..engine.game import Game
from ..errors import SparrowsError
from ..records import save_record
from ..rules import get_ruleset
from .common import BOLD, DIM, RESET, WIND_NAMES, relative_name, show_tile, show_tiles, use_color

HELP = """Keys: 1-6 discard the tile at that position (or type the tile, e.g. 2* or g),
t = tsumo (declare a self-drawn win), r = ron (win on the discard), p or Enter = pass,
s = show the table again, q = quit (the record is saved), ? = this help."""


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        help="play against bots in the terminal",
        description="Play a game against three bots in the terminal.",
    )
    p.add_argument(
        "--rules",
        "--ruleset",
        dest="rules",
        default="suzume",
        help="ruleset (suzume; more are planned)",
    )
    p.add_argument("--seed", type=int, default=None, help="seed of the game (default: random)")
    p.add_argument(
        "--seat", type=int, default=0, choices=range(4), help="your seat (0 deals first)"
    )
    p.add_argument("--bots", default="efficiency", help="bot agent: efficiency or random")
    p.add_argument(
        "--save",
        default=None,
        help="where to save the record (default sparrows-<rules>-<seed>.json)",
    )
    p.add_argument(
        "--color", dest="color", action="store_true", default=None, help="force ANSI colours"
    )
    p.add_argument("--no-color", dest="color", action="store_false", help="no ANSI colours")
    p.set_defaults(run=run)


class TerminalTable:
    def __init__(self, game: Game, seat: int, out: TextIO, inp: TextIO, color: bool) -> None:
        self.game = game
        self.seat = seat
        self.out = out
        self.inp = inp
        self.color = color
        self.dialect = game.ruleset.dialect
        self.seen = 0  # events already shown

    # ---------------------------------------------------------------- output
    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def name(self, seat: int) -> str:
        return relative_name(seat, self.seat)

    def tile(self, text: str) -> str:
        from ..tiles import parse_tiles

        return show_tiles(parse_tiles(text, self.dialect), self.dialect, self.color)

    def bold(self, text: str) -> str:
        return f"{BOLD}{text}{RESET}" if self.color else text

    def dim(self, text: str) -> str:
        return f"{DIM}{text}{RESET}" if self.color else text

    def feed(self, stop_at_hand_end: bool = False) -> bool:
        """Show what happened since the last prompt, as this seat may see it. With
        ``stop_at_hand_end``, stop after the first end of a hand and return True."""
        from ..engine.events import redact

        events = self.game.events
        while self.seen < len(events):
            event = events[self.seen]
            self.seen += 1
            self.show_event(redact(event, self.seat))
            if stop_at_hand_end and event.type == "hand_end" and not self.game.over:
                return True
        return False

    def show_event(self, e: dict[str, Any]) -> None:
        kind = e["type"]
        g = self.game
        if kind == "hand_start":
            dealer = self.name(e["dealer"])
            self.say()
            self.say(
                self.bold(
                    f"=== Hand {e['hand'] + 1}/{g.ruleset.options.hands} · "
                    f"{WIND_NAMES[e['round_wind'] % 4]} round · dealer: {dealer} · "
                    f"dora indicator: {self.tile(e['indicators'][0])} ==="
                )
            )
        elif kind == "discard" and e["seat"] != self.seat:
            self.say(f"  {self.name(e['seat']):<6} discards {self.tile(e['tile'])}")
        elif kind == "win":
            how = (
                "Tsumo"
                if e["from_seat"] is None
                else f"Ron on {self.name(e['from_seat'])}'s discard"
            )
            self.say(
                self.bold(
                    f"*** {self.name(e['seat'])} win! {how}: "
                    f"{self.tile(''.join(e['hand']))} ({e['reading']})"
                )
            )
            for label, pts in e["items"]:
                self.say(f"      {label:<28} {pts:>3}")
            self.say(f"      {'Total':<28} {e['points']:>3}")
            pays = ", ".join(f"{self.name(s)} {d:+d}" for s, d in enumerate(e["payments"]) if d)
            self.say(f"    payments: {pays}")
        elif kind == "misdeclared":
            self.say(
                f"  {self.name(e['seat'])} declared {e['action']} with "
                f"{self.tile(''.join(e['hand']))}: only {e['points']} points, penalty "
                "2 to each player"
            )
        elif kind == "exhaustive_draw":
            self.say(self.bold("*** The wall is empty: exhaustive draw, no payments."))
        elif kind == "hand_end":
            self.say(
                "    scores: " + "  ".join(f"{self.name(s)} {v}" for s, v in enumerate(e["scores"]))
            )
        elif kind == "game_end":
            self.say()
            self.say(self.bold("=== Game over ==="))
            order = sorted(range(4), key=lambda s: (e["places"][s], s))
            for s in order:
                self.say(f"  {e['places'][s]}. {self.name(s):<6} {e['scores'][s]:>4}")

    def table(self) -> None:
        g = self.game
        obs = g.observation(self.seat)
        self.say(
            self.dim(
                f"--- wall {obs.wall_left} · dora indicator "
                f"{show_tiles(list(obs.indicators), self.dialect, self.color)} · scores "
                + " ".join(f"{self.name(s)} {v}" for s, v in enumerate(obs.scores))
                + " ---"
            )
        )
        for s in range(4):
            seat = (self.seat + s) % 4
            marks = " (dealer)" if seat == obs.dealer else ""
            pile = show_tiles(list(obs.discards[seat]), self.dialect, self.color) or "-"
            self.say(f"  {self.name(seat) + marks:<16} discards: {pile}")

    def hand_line(self, drawn: bool) -> str:
        obs = self.game.observation(self.seat)
        hand = list(obs.hand)
        if drawn and obs.drawn is not None:
            hand.remove(obs.drawn)
            hand.append(obs.drawn)
        cells = [f"{i + 1}:{show_tile(t, self.dialect, self.color)}" for i, t in enumerate(hand)]
        if drawn and obs.drawn is not None:
            cells[-1] = "| drawn " + cells[-1]
        return "Your hand: " + "  ".join(cells)

    # ---------------------------------------------------------------- input
    def choose(self, legal: list[Action]) -> Action | None:
        g = self.game
        turn = any(a.type is ActionType.DISCARD for a in legal)
        obs = g.observation(self.seat)
        hand = list(obs.hand)
        if turn and obs.drawn is not None:
            hand.remove(obs.drawn)
            hand.append(obs.drawn)
        self.table()
        self.say(self.hand_line(drawn=turn))
        if not turn and obs.last_discard is not None:
            who, tile = obs.last_discard
            self.say(
                self.bold(
                    f"{self.name(who)} discarded {show_tile(tile, self.dialect, self.color)}: "
                    "you can win on it!"
                )
            )
        prompt = self._prompt(legal)
        while True:
            self.out.write(prompt)
            self.out.flush()
            line = self.inp.readline()
            if not line:
                return None
            text = line.strip()
            if text in ("q", "quit"):
                return None
            if text == "?":
                self.say(HELP)
                continue
            if text == "s":
                self.table()
                self.say(self.hand_line(drawn=turn))
                continue
            action = self._parse(text, legal, hand)
            if action is not None:
                return action
            self.say(f"Not understood: {text!r}. " + HELP.splitlines()[0])

    def _prompt(self, legal: list[Action]) -> str:
        types = {a.type for a in legal}
        options = []
        if ActionType.TSUMO in types:
            options.append("t = TSUMO (you have a winning hand)")
        if ActionType.DISCARD in types:
            options.append("1-6 = discard")
        if ActionType.RON in types:
            options.append("r = RON")
        if ActionType.PASS in types:
            options.append("p = pass")
        return "[" + ", ".join(options) + ", ? help] > "

    def _parse(self, text: str, legal: list[Action], hand: list[Any]) -> Action | None:
        by_type = {a.type: a for a in legal}
        low = text.lower()
        if low in ("t", "tsumo") and ActionType.TSUMO in by_type:
            return by_type[ActionType.TSUMO]
        if low in ("r", "ron") and ActionType.RON in by_type:
            return by_type[ActionType.RON]
        if low in ("p", "pass", "") and ActionType.PASS in by_type:
            return by_type[ActionType.PASS]
        if ActionType.DISCARD not in by_type:
            return None
        if text.isascii() and text.isdigit() and 1 <= int(text) <= len(hand):
            return Action(ActionType.DISCARD, hand[int(text) - 1])
        try:
            action = Action.from_string(f"discard {text}", self.dialect)
        except SparrowsError:
            return None
        return action if action in legal else None

    # ---------------------------------------------------------------- loop
    def play(self, bots: dict[int, Any], pause: float = 0.0) -> bool:
        """Play to the end; False if the person quit."""
        g = self.game
        while not g.over:
            for seat in g.to_act():
                if seat == self.seat:
                    self.feed()  # hand ends were shown (and paused on) below
                    action = self.choose(g.legal_actions(seat))
                    if action is None:
                        return False
                    g.step(seat, action)
                else:
                    bot = bots[seat]
                    obs = g.observation(seat) if bot.needs_observation else None
                    g.step(seat, bot.act(obs, g.legal_actions(seat)))
            while self.feed(stop_at_hand_end=True):
                self.out.write("Press Enter for the next hand (q to quit) > ")
                self.out.flush()
                line = self.inp.readline()
                if not line or line.strip() in ("q", "quit"):
                    return False
            if pause:
                time.sleep(pause)
        self.feed()
        return True


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else int(time.time() * 1000) % 1_000_000
    ruleset = get_ruleset(args.rules)
    game = Game(ruleset, seed)
    bots = {s: make_agent(args.bots, seed=seed * 4 + s) for s in range(4) if s != args.seat}
    color = use_color(sys.stdout, args.color)
    out = sys.stdout
    print(
        f"sparrows · {ruleset.name} · seed {seed} · you are seat {args.seat} "
        f"against {args.bots} bots. Type ? for help.",
        file=out,
    )
    table = TerminalTable(game, args.seat, out, sys.stdin, color)
    try:
        finished = table.play(bots)
    finally:
        path = Path(args.save or f"sparrows-{ruleset.name}-{seed}.json")
        try:
            save_record(game, path)
            print(f"\nRecord saved to {path} (replay it with: sparrows replay {path})", file=out)
        except OSError as exc:
            print(f"\nsparrows: could not save the record to {path}: {exc}", file=sys.stderr)
    if not finished:
        print("Game left unfinished.", file=out)
    return 0
