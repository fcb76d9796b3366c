"""``sparrows play``: a person plays against three bots in the terminal.

Line-based on purpose (works in any terminal, over ssh, in tmux, and from a script). The
table is shown before each of your decisions; what the bots did in between is listed.

Input: a tile name discards that tile (``5``, ``5*`` for the red one, ``g``); ``#N``
discards the tile at position N; words (or their one-letter keys, none of which is a
tile name) do the rest: ``w``/``tsumo``/``ron`` win, ``p``/``pass``/Enter pass, ``h``
hint, ``s`` show the table, ``?`` help, ``q`` quit.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from ..advice import Hint, advice_for
from ..agents import make_agent
from ..client.extras import RiichiExtra, SichuanExtra
from ..engine.actions import Action, ActionType
from ..engine.board import CALLED
from ..engine.board import RIICHI as RIICHI_FLAG
from ..engine.game import Game
from ..engine.observation import Observation
from ..engine.protocol import Ruleset
from ..errors import SparrowsError
from ..records.record import save_record
from ..rules import RULESETS, get_ruleset
from ..tiles import Tile, parse_tiles
from ..tiles.kinds import SUIT_NAMES, WIND_NAMES
from .common import (
    RESET,
    UNDERLINE,
    add_rules_arguments,
    check_output_path,
    new_file,
    ours,
    rules_options,
    show_tile,
    show_tiles,
    use_color,
)
from .narration import Narrator

_PLAIN = (ActionType.DISCARD, ActionType.TSUMO, ActionType.RON, ActionType.PASS)
_ACTION_WORDS = frozenset(t.value for t in ActionType)


def help_text(ruleset: Ruleset) -> str:
    """``?`` at the table: the keys, with this ruleset's tiles and words."""
    name = ruleset.name
    tiles = {
        "suzume": "5, 5* (the red 5), g (green dragon), r (red dragon)",
        "riichi": "5m, 0m (the red five), 7z (red dragon), 1z-4z winds",
    }.get(name, "5m, 1p, 9s, 1z-4z (East..North), 5z-7z (white, green, red dragon)")
    calls = {
        "suzume": "",
        "riichi": "riichi, chi, pon, kan",
        "sichuan": "pung, kong (no chow)",
    }.get(name, "chow, pung, kong")
    lines = [
        f"How to play ({name}):",
        f"  type a tile to discard it: {tiles}",
        "  #N discards the tile at position N",
    ]
    if calls:
        lines.append(f"  !N takes choice N of the menu ({calls}); the words work too")
    lines += [
        "  w (or tsumo / ron)  declare the win that is offered",
        "  p (or pass, or Enter)  pass on a discard you could take",
        "  h  hint: shanten, waits, tiles that help, furiten; the best discards",
        "  s  show the table again      ?  this help      q  quit (the record is saved)",
    ]
    if name == "riichi":
        lines.append("  in riichi the drawn tile goes by itself; when a win or kan is offered,")
        lines.append("  Enter discards it (--no-auto-discard: always ask)")
    if name == "sichuan":
        lines.append("  the exchange: type the three tiles of one suit to give (Enter: the")
        lines.append("  suggested three); the void: !N, or the word (void m)")
    if ruleset.legend():
        lines.append("  k  key: the special tiles and abilities of this table")
    return "\n".join(lines)


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "play",
        help="play against bots in the terminal",
        description="Play a game against three bots in the terminal (type ? in the game for help).",
    )
    add_rules_arguments(p, "suzume", RULESETS)
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed of the game, to replay a deal (default: a random seed, shown at the end)",
    )
    p.add_argument(
        "--seat", type=int, default=0, choices=range(4), help="your seat (0 deals first)"
    )
    p.add_argument(
        "--bots", default="balanced", help="bot agent: balanced (default), efficiency or random"
    )
    p.add_argument(
        "--save",
        default=None,
        help="where to save the record (default sparrows-<rules>-<date>-<time>.json)",
    )
    p.add_argument(
        "--color", dest="color", action="store_true", default=None, help="force ANSI colours"
    )
    p.add_argument("--no-color", dest="color", action="store_false", help="no ANSI colours")
    p.add_argument(
        "--no-auto-discard",
        dest="auto_discard",
        action="store_false",
        help="riichi: ask before discarding the drawn tile in riichi (default: it goes by itself "
        "unless a win or a kan is offered)",
    )
    p.set_defaults(run=run, parser=p)


class TerminalTable(Narrator):
    """The terminal table: the board before each of the player's decisions, the menu of
    its legal actions, hints, and what happened in between (told by :class:`Narrator`)."""

    def __init__(
        self,
        game: Game,
        seat: int,
        out: TextIO,
        inp: TextIO,
        color: bool,
        auto_discard: bool = True,
    ) -> None:
        super().__init__(game, seat, out, color)
        self.auto_discard = auto_discard  # in riichi the drawn tile goes without asking
        self.advice = advice_for(game.ruleset)
        self.inp = inp
        self.seen = 0  # events already shown
        self.notes: dict[int, str] = {}  # event index -> a line to show after it

    # ---------------------------------------------------------------- output
    def act_text(self, action: Action) -> str:
        """An action as this ruleset's players say it (``chow 3m 4m``)."""
        text = action.to_string(self.dialect)
        word, _, rest = text.partition(" ")
        said = self.ruleset.call_names.get(word, word)
        return f"{said} {rest}" if rest else said

    def feed(self, stop_at_hand_end: bool = False) -> bool:
        """Show what happened since the last prompt, as this seat may see it. With
        ``stop_at_hand_end``, stop after the first end of a hand and return True."""
        from ..engine.events import redact

        events = self.game.events
        while self.seen < len(events):
            event = events[self.seen]
            self.seen += 1
            self.show_event(redact(event, self.seat))
            note = self.notes.pop(self.seen - 1, None)
            if note:
                self.say(note)
            if stop_at_hand_end and event.type == "hand_end" and not self.game.over:
                return True
        return False

    def river(self, obs: Observation, seat: int) -> str:
        """A seat's discards: ``^`` marks the riichi discard, ``~`` a tile called away."""
        cells = []
        flags = obs.river_flags[seat] if obs.river_flags else ()
        for i, tile in enumerate(obs.discards[seat]):
            text = show_tile(tile, self.dialect, self.color)
            flag = flags[i] if i < len(flags) else 0
            cells.append(
                text + ("^" if flag & RIICHI_FLAG else "") + ("~" if flag & CALLED else "")
            )
        return " ".join(cells) or "-"

    def table(self) -> None:
        obs = self.game.observation(self.seat)
        view = self.game.view(self.seat)
        label = self.ruleset.indicator_label
        extra = view.extra
        riichi: tuple[int, ...] = (0,) * self.game.n
        voids: tuple[str | None, ...] | None = None
        won: set[int] = set()
        where = counters = ""
        if isinstance(extra, RiichiExtra):  # riichi: E2-1, then the sticks
            where = f"{view.round_short} · "
            counters = f" · sticks {view.sticks}" if view.sticks else ""
            if extra.ura_shown:  # tako riichi turns the ura indicators face up
                counters += f" · ura: {self.tiles(list(extra.ura_shown))}"
            riichi = extra.riichi
        elif isinstance(extra, SichuanExtra):
            voids, won = extra.void, set(extra.won)
        indicators = show_tiles(list(obs.indicators), self.dialect, self.color)
        shown_label = f" · {label}: {indicators}" if label else ""
        self.say(
            f"--- {where}wall {obs.wall_left}{shown_label}{counters} · scores: "
            + self.scores_line(list(obs.scores))
            + " ---"
        )
        for seat in self.order:
            wind = view.seats[seat].wind
            marks = " (dealer)" if seat == obs.dealer else ""
            marks += f" {WIND_NAMES[wind]}" if wind is not None else ""
            marks += f" void {voids[seat]}" if voids and voids[seat] else ""
            marks += " WON" if seat in won else ""
            marks += " RIICHI" if riichi[seat] else ""
            melds = " ".join(str(m) for m in obs.melds[seat]) if obs.melds else ""
            shown = f"   melds: {melds}" if melds else ""
            if obs.bonus and obs.bonus[seat]:
                shown += "   bonus: " + show_tiles(list(obs.bonus[seat]), self.dialect, self.color)
            revealed = view.seats[seat].hand if seat != self.seat else None
            if revealed:  # open riichi (or the riichi peek house rule)
                shown += f"   hand shown: {self.tiles(list(revealed))}"
            self.say(f"  {self.name(seat) + marks:<22} discards: {self.river(obs, seat)}{shown}")
        if any(f & RIICHI_FLAG for fs in obs.river_flags for f in fs):
            self.say("  (^ riichi discard, ~ called away)")

    def _hand_order(self, drawn: bool) -> list[Tile]:
        obs = self.game.observation(self.seat)
        hand = list(obs.hand)
        if drawn and obs.drawn is not None:
            hand.remove(obs.drawn)
            hand.append(obs.drawn)
        return hand

    def hand_lines(self, drawn: bool) -> list[str]:
        """Your hand with dora marked and positions under the tiles."""
        obs = self.game.observation(self.seat)
        hand = self._hand_order(drawn)
        dora = self.ruleset.dora_kinds(obs.indicators)
        cells, marks = [], []
        for i, t in enumerate(hand):
            text = show_tile(t, self.dialect, self.color)
            plain = show_tile(t, self.dialect, False)
            if t.kind in dora:
                text = f"{UNDERLINE}{text}{RESET}'" if self.color else f"{text}'"
                plain += "'"
            sep = " | " if drawn and obs.drawn is not None and i == len(hand) - 1 else "  "
            if i:
                cells.append(sep)
                marks.append(" " * len(sep))
            width = max(len(plain), len(f"#{i + 1}"))
            cells.append(text + " " * (width - len(plain)))
            marks.append(f"#{i + 1}".ljust(width))
        hint = self.advice.hint(obs)
        status = ""
        if hint.shanten == 0 and len(hand) % 3 == self.ruleset.hand_size % 3:
            status = "   ready" + (" (FURITEN: no ron)" if hint.furiten else "")
        legend = "   (' = dora)" if any(t.kind in dora for t in hand) else ""
        melds = " ".join(str(m) for m in obs.melds[self.seat]) if obs.melds else ""
        return [
            "Your hand: " + "".join(cells) + (f"   {melds}" if melds else "") + status + legend,
            "           " + "".join(marks),
        ]

    # ---------------------------------------------------------------- input
    def in_riichi(self, obs: Observation) -> bool:
        return isinstance(obs.extra, RiichiExtra) and bool(obs.extra.riichi[self.seat])

    def choose(self, legal: list[Action]) -> Action | None:
        g = self.game
        turn = any(a.type is ActionType.DISCARD for a in legal)
        obs = g.observation(self.seat)
        if self.auto_discard and turn and len(legal) == 1 and self.in_riichi(obs):
            # in riichi only the drawn tile may go: no question to ask
            self.say(f"You discard {self.act_text(legal[0]).split(' ', 1)[1]} (riichi).")
            return legal[0]
        self.table()
        for line in self.hand_lines(drawn=turn):
            self.say(line)
        types = {a.type for a in legal}
        if turn and ActionType.TSUMO not in types:
            reason = self._no_win(None)
            if reason:
                self.say(f"(No tsumo: {reason}.)")
        if ActionType.CONTINUE in types:
            self.say(
                self.bold(
                    "You are the dealer and may keep the deal: continue (honba +1) or pass "
                    "the deal on (honba back to 0; in the last hand passing ends the game)"
                )
            )
        if ActionType.KOKAN in types:
            self.say(self.bold("Kokan: take -1 han +3 chips, or -1 chip +3 han"))
        if ActionType.EXCHANGE in types:
            advice = self.advice.suggest(obs, legal)
            tip = f" (Enter: {self.act_text(advice).split(' ', 1)[1]})" if advice else ""
            self.say(self.bold(f"Give three tiles of one suit: type them, e.g. 1p 4p 9p{tip}"))
        if not turn and obs.last_discard is not None and ActionType.CONTINUE not in types:
            who, tile = obs.last_discard
            can = "win on it" if ActionType.RON in types else "call it"
            if ActionType.RON not in types and g.last_discard is not None:
                reason = self._no_win(g.last_discard[1])
                if reason:  # a complete hand that may not win on it (below the minimum...)
                    self.say(f"(No ron: {reason}.)")
            self.say(
                self.bold(
                    f"{self.name(who)} discarded {show_tile(tile, self.dialect, self.color)}: "
                    f"you can {can}"
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
            low = text.lower()
            if low in ("q", "quit"):
                return None
            if low in ("?", "help"):
                self.say(help_text(self.ruleset))
                continue
            if low in ("s", "show"):
                self.table()
                for row in self.hand_lines(drawn=turn):
                    self.say(row)
                continue
            if low in ("h", "hint"):
                self.say(self._hint_text())
                continue
            if low in ("k", "key"):
                self.say(self.ruleset.legend() or "Nothing special at this table.")
                continue
            action, problem = self._parse(text, legal)
            if action is not None:
                if action.type is ActionType.DISCARD and action.tile is not None:
                    self.say(f"You discard {show_tile(action.tile, self.dialect, self.color)}.")
                return action
            self.say(problem)

    def _no_win(self, tile: int | None) -> str | None:
        """Why no win is offered, when the hand (with ``tile``) is complete."""
        return self.ruleset.no_win_reason(self.game, self.seat, tile)

    def _menu(self, legal: list[Action]) -> dict[str, Action]:
        """``!1``, ``!2``... for every action but discards, wins and passes (riichi, calls,
        kongs, aborts), in the order offered."""
        others = [a for a in legal if a.type not in _PLAIN and a.type is not ActionType.EXCHANGE]
        return {f"!{i + 1}": a for i, a in enumerate(others)}

    def _prompt(self, legal: list[Action]) -> str:
        types = {a.type for a in legal}
        options = []
        if ActionType.DISCARD in types:
            options.append("a tile or #N = discard")
        if ActionType.EXCHANGE in types:
            options.append("three tiles of one suit = give them")
        for key, action in self._menu(legal).items():
            options.append(f"{key} = {self.act_text(action)}")
        if ActionType.TSUMO in types:
            options.append("w = TSUMO (your hand wins)")
        if ActionType.RON in types:
            options.append("w = RON")
        if ActionType.PASS in types:
            options.append("p = pass")
        options += ["h = hint", "? = help"]
        return "[" + ", ".join(options) + "] > "

    def _pick_lines(self, h: Hint) -> list[str]:
        """The bots' discard and why, as the page's hint box says it: riichi's weighing of
        value and danger, Hong Kong's value plan."""
        if h.pick is None:
            return []
        pick = h.pick.to_string(self.dialect).split(" ")[-1]
        if h.plan is not None:
            suit = SUIT_NAMES[h.plan.suit].lower()
            return [
                f"  Playing for {h.plan.name} in {suit} ({h.plan.faan} faan): "
                f"the bots would throw {pick}"
            ]
        weighed = {d.action: w for d, w in zip(h.discards, h.weights, strict=False)}
        w = weighed.get(h.pick)
        if w is None:
            return []
        risk = f", deal-in cost about {round(w.loss):,}" if w.loss > 0 else ""
        return [
            f"  Weighing value and danger: {pick}, a win worth about {w.value:,} "
            f"at {round(w.chance * 100)}%{risk}"
        ]

    def _hint_text(self) -> str:
        obs = self.game.observation(self.seat)
        h = self.advice.hint(obs)

        def names(kinds: Any) -> str:
            return " ".join(self.ruleset.kind_text(k) for k in kinds) or "-"

        if h.discards:
            best = h.discards[0]
            lines = [
                f"Hint: shanten now {h.shanten}. Best discards (shanten after, tiles that help):"
            ]
            for d in h.discards[:4]:
                mark = "*" if (d.shanten, d.ukeire) == (best.shanten, best.ukeire) else " "
                what = d.action.to_string(self.dialect)
                what = what.removeprefix("discard ")
                lines.append(
                    f"  {mark} {what:<6} shanten {d.shanten}, {d.ukeire} unseen tiles help"
                    + (f": {names(d.tiles)}" if d.tiles else "")
                )
            lines += self._pick_lines(h)
            return "\n".join(lines)
        if h.choices:
            lines = [f"Hint: shanten now {h.shanten}."]
            if h.suggestion is not None:
                lines.append(f"  The bots would choose: {h.suggestion.to_string(self.dialect)}")
            fewest = min(v for _, v in h.choices)
            shown = sorted(h.choices, key=lambda c: c[1])[:4]
            for action, value in shown:
                mark = "*" if value == fewest else " "
                lines.append(f"  {mark} {action.to_string(self.dialect):<22} shanten {value} after")
            return "\n".join(lines)
        bots = (
            f"\n  The bots would choose: {h.suggestion.to_string(self.dialect)}"
            if h.suggestion is not None
            else ""
        )
        if h.shanten == 0 and h.waits:
            furiten = "  FURITEN: no ron on a discard now (tsumo only)." if h.furiten else ""
            return (
                f"Hint: ready, waiting on {names(h.waits)} "
                f"({sum(h.ukeire.get(k, 0) for k in h.waits)} unseen).{furiten}{bots}"
            )
        if h.shanten <= 0 and not h.ukeire:
            return f"Hint: shanten {h.shanten}.{bots}"
        return (
            f"Hint: {h.shanten} from ready; {sum(h.ukeire.values())} unseen tiles help: "
            f"{names(h.ukeire)}{bots}"
        )

    def _parse(self, text: str, legal: list[Action]) -> tuple[Action | None, str]:
        """The action ``text`` asks for, or why it cannot be taken now."""
        by_type = {a.type: a for a in legal}
        low = text.lower()
        possible = self._prompt(legal)[1:-4]
        if low in ("w", "win", "tsumo", "ron", "t"):
            for kind in (ActionType.TSUMO, ActionType.RON):
                if kind in by_type:
                    return by_type[kind], ""
            if ActionType.DISCARD in by_type:
                reason = self._no_win(None) or "your hand is not a winning hand"
                return None, f"No win to declare: {reason}. Now: {possible}."
            return None, f"No win to declare here. Now: {possible}."
        obs = self.game.observation(self.seat)
        if low == "" and ActionType.DISCARD in by_type and self.in_riichi(obs):
            drawn = next((a for a in legal if a.type is ActionType.DISCARD), None)
            if drawn is not None:  # in riichi Enter lets the drawn tile go
                return drawn, ""
        if ActionType.EXCHANGE in by_type:
            return self._parse_exchange(text, legal, obs, possible)
        if low in ("p", "pass", ""):
            if ActionType.PASS in by_type:
                return by_type[ActionType.PASS], ""
            return None, f"Nothing to pass: it is your turn to discard. Now: {possible}."
        menu = self._menu(legal)
        if text in menu:
            return menu[text], ""
        if text.startswith("!"):
            return None, f"There is no {text}: now {', '.join(menu) or 'no such choice'}."
        first, _, rest = low.partition(" ")
        plain = {said: word for word, said in self.ruleset.call_names.items()}.get(first, first)
        if plain in _ACTION_WORDS and plain != "discard":
            offered = {a.type.value for a in legal}
            said = self.ruleset.call_names.get(plain, plain).replace("-", " ")
            if plain not in offered:
                when = (
                    "calls are offered only on a discard you can use"
                    if plain in ("chi", "pon", "kan")
                    else "it is not offered now"
                )
                return None, f"No {said} now: {when}. Now: {possible}."
            try:
                wanted = Action.from_string(f"{plain} {rest}".strip(), self.dialect)
            except SparrowsError as exc:
                return None, f"Not understood: {exc}. Now: {possible}."
            if wanted in legal:
                return wanted, ""
            return None, f"{self.act_text(wanted)} is not possible now. Now: {possible}."
        if ActionType.DISCARD not in by_type:
            return None, f"You cannot discard now. Now: {possible}."
        hand = self._hand_order(drawn=True)
        if text.startswith("#"):
            pos = text[1:]
            if not (pos.isascii() and pos.isdigit() and 1 <= int(pos) <= len(hand)):
                return None, f"There is no position {text}: positions are #1-#{len(hand)}."
            tile = hand[int(pos) - 1]
        else:
            try:
                tiles = parse_tiles(text, self.dialect)
            except SparrowsError:
                return None, f"Not understood: {text[:20]!r}. Now: {possible}."
            if len(tiles) != 1:
                return None, f"Name one tile to discard, not {len(tiles)}."
            tile = tiles[0]
        action = Action(ActionType.DISCARD, tile)
        if action in legal:
            return action, ""
        shown = show_tile(tile, self.dialect, False)
        if tile not in hand:
            held = show_tiles(hand, self.dialect, False)
            return None, f"You hold no {shown}. Your tiles: {held}."
        allowed = show_tiles(
            [a.tile for a in legal if a.type is ActionType.DISCARD and a.tile is not None],
            self.dialect,
            False,
        )
        return None, f"You may not discard {shown} now (the rules allow: {allowed})."

    def _parse_exchange(
        self, text: str, legal: list[Action], obs: Observation, possible: str
    ) -> tuple[Action | None, str]:
        """The exchange: three tiles of one suit typed (Enter: the suggested three)."""
        if not text:
            advice = self.advice.suggest(obs, legal)
            if advice is not None:
                return advice, ""
        try:
            tiles = sorted(parse_tiles(text.removeprefix("exchange").strip(), self.dialect))
        except SparrowsError:
            return None, f"Not understood: {text[:20]!r}. Type three tiles, e.g. 1p 4p 9p."
        for action in legal:
            if sorted(action.tiles) == tiles:
                return action, ""
        held = show_tiles(list(obs.hand), self.dialect, False)
        return None, (
            f"You cannot give {show_tiles(tiles, self.dialect, False) or 'that'}: give three "
            f"tiles of one suit that you hold ({held})."
        )

    # ---------------------------------------------------------------- loop
    def _check_missed_ron(self, before: int) -> None:
        """After another seat's discard that completes your hand without an offer, note
        why (furiten, too few points) beside that discard."""
        g = self.game
        last = g.last_discard
        if last is None or last[0] == self.seat or self.seat in g.to_act():
            return
        for i in range(before, len(g.events)):
            event = g.events[i]
            if event.type == "discard" and getattr(event, "seat", None) == last[0]:
                if len(g.hands[self.seat]) == self.ruleset.hand_size:
                    reason = self._no_win(last[1])
                    if reason and reason != "a win is offered":
                        self.notes[i] = f"        (no ron on it for you: {reason})"
                return

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
                    before = len(g.events)
                    g.step(seat, bot.act(obs, g.legal_actions(seat)))
                    self._check_missed_ron(before)
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


def _default_save(rules: str) -> str:
    """A new file for the record, never one that exists (``...-2.json`` when two games
    start in the same second)."""
    return str(new_file(f"sparrows-{rules}-{time.strftime('%Y%m%d-%H%M%S')}"))


def _save_elsewhere(game: Game, path: Path) -> str:
    """Nothing is lost: the record goes to the temporary folder when its file failed."""
    import tempfile

    try:
        spare = save_record(game, new_file(str(Path(tempfile.gettempdir()) / path.stem)))
    except (OSError, SparrowsError) as exc:
        return f"nor to the temporary folder ({exc}): the game is not saved"
    return f"saved to {spare} instead"


def run(args: argparse.Namespace) -> int:
    ruleset = get_ruleset(args.rules, rules_options(args))
    if args.seat >= ruleset.num_players:
        raise SparrowsError(
            f"--seat {args.seat}: this table has {ruleset.num_players} seats (0-"
            f"{ruleset.num_players - 1})"
        )
    if sys.stdin is None or sys.stdin.closed:
        raise SparrowsError("standard input is closed: play reads your moves from it")
    path = check_output_path(args.save or _default_save(ruleset.name), "record file")
    # A random 64-bit seed, shown only at the end: the seed fixes every wall.
    seed = args.seed if args.seed is not None else secrets.randbits(64)
    if seed < 0:
        raise SparrowsError(f"--seed must be a whole number >= 0, not {seed}")
    game = Game(ruleset, seed)
    bots = {
        s: make_agent(args.bots, seed=seed * 4 + s, ruleset=ruleset)
        for s in range(ruleset.num_players)
        if s != args.seat
    }
    color = use_color(sys.stdout, args.color)
    out = sys.stdout
    preset = rules_options(args).get("preset")
    named = f"{ruleset.name} (preset {preset})" if preset else ruleset.name
    print(
        f"sparrows · {named} · you are seat {args.seat} against {args.bots} bots. Type ? for help.",
        file=out,
    )
    table = TerminalTable(game, args.seat, out, sys.stdin, color, args.auto_discard)
    try:
        with ours("the game"):  # the engine, the bots and the hints: any failure is a bug
            finished = table.play(bots)
    finally:
        try:
            save_record(game, path)
        except OSError as exc:
            raise SparrowsError(
                f"could not save the record to {path}: {exc.strerror or exc}; "
                + _save_elsewhere(game, path)
            ) from None
        print(
            f"\nSeed {seed}. Record saved to {path} (replay it with: sparrows replay {path})",
            file=out,
        )
    if not finished:
        print("Game left unfinished.", file=out)
    return 0
