"""The terminal table driven in-process: a bot answers each prompt by typing what a
person would type (a tile name, ``w``, ``p``, a menu word), so a whole game's screen can
be read by tests."""

from __future__ import annotations

import io
from typing import Any

from sparrows.agents import make_agent
from sparrows.cli.play import TerminalTable
from sparrows.engine import ActionType, Game
from sparrows.rules import get_ruleset

A = ActionType


class BotTyping:
    """A stdin that types the efficiency bot's choice for seat ``seat``."""

    closed = False

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.seat = seat
        self.bot = make_agent("efficiency", 99, game.ruleset)
        self.typed: list[str] = []

    def readline(self) -> str:
        game = self.game
        legal = game.legal_actions(self.seat)
        if game.over or not legal:
            line = ""
        else:
            action = self.bot.act(game.observation(self.seat), legal)
            dialect = game.ruleset.dialect
            if action.type in (A.TSUMO, A.RON):
                line = "w"
            elif action.type is A.PASS:
                line = "p"
            elif action.type is A.DISCARD:
                line = action.to_string(dialect).split(" ", 1)[1]
            else:
                line = action.to_string(dialect)
        self.typed.append(line)
        return line + "\n"

    def isatty(self) -> bool:
        return False


def screen(name: str, options: dict[str, Any], seed: int, **table: Any) -> tuple[Game, str]:
    """Play a whole game at the terminal table as seat 0 (bots elsewhere); its output."""
    rules = get_ruleset(name, options)
    game = Game(rules, seed)
    bots = {s: make_agent("efficiency", seed * 4 + s, rules) for s in range(1, rules.num_players)}
    out = io.StringIO()
    TerminalTable(game, 0, out, BotTyping(game, 0), False, **table).play(bots)  # type: ignore[arg-type]
    return game, out.getvalue()
