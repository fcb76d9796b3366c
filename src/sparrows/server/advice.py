"""The ruleset's advice on a seat's decision as the page's hint box reads it (the server
only words it: the advice itself is :meth:`sparrows.advice.Advice.hint` and the rules'
:meth:`Ruleset.no_win_reason`, drawn from what the seat sees and may do)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..advice import Plan, Weight, advice_for
from ..engine import ActionType
from ..engine.protocol import Ruleset
from ..reasons import Reason

if TYPE_CHECKING:
    from ..engine import Game


def _weighed(w: Weight | None) -> dict[str, Any]:
    """A discard's expected points as the balanced bot weighs it (riichi): the hand's
    likely value if it wins (points), its chance to win, the points the tile may cost by
    dealing in, and the worth (value x chance - cost), whole points; nothing elsewhere."""
    if w is None:
        return {}
    return {
        "value": w.value,
        "chance": round(w.chance, 3),
        "risk": round(w.loss),
        "worth": round(w.worth),
    }


def _plan(plan: Plan | None) -> dict[str, Any] | None:
    if plan is None:
        return None
    return {"item": plan.item, "faan": plan.faan, "suit": "mps"[plan.suit]}


def hint_json(rules: Ruleset, game: Game, seat: int) -> dict[str, Any]:
    """A seat's hint as JSON: shanten, waits and the unseen tiles that help (kinds named in
    the ruleset's notation), furiten, each legal discard ranked, the bots' pick and the
    value plan behind it, the choices of a window with the shanten each leaves, and why a
    complete hand is offered no win."""
    obs = game.observation(seat)
    h = advice_for(rules).hint(obs)
    dialect = rules.dialect
    legal = game.legal_actions(seat)
    types = {a.type for a in legal}
    no_win: str | None = None
    if ActionType.DISCARD in types and ActionType.TSUMO not in types:
        no_win = rules.no_win_reason(game, seat, None)
    elif game.last_discard is not None and ActionType.RON not in types and legal:
        no_win = rules.no_win_reason(game, seat, game.last_discard[1])
    return {
        "shanten": h.shanten,
        "waits": [rules.kind_text(k) for k in h.waits],
        "ukeire": [[rules.kind_text(k), n] for k, n in h.ukeire.items()],
        "furiten": h.furiten,
        "discards": [
            {
                "action": d.action.to_string(dialect),
                "shanten": d.shanten,
                "ukeire": d.ukeire,
                "tiles": [rules.kind_text(k) for k in d.tiles],
                **_weighed(w),
            }
            for d, w in zip(h.discards, h.weights or [None] * len(h.discards), strict=True)
        ],
        # the discard with the most expected points (riichi: the balanced bot's choice)
        "pick": h.pick.to_string(dialect) if h.pick is not None else None,
        # the value plan the bots play the hand for (Hong Kong: one suit), its scoring
        # item's id (the page names it), faan, and suit (m characters, p dots, s bamboo)
        "plan": _plan(h.plan),
        "suggestion": h.suggestion.to_string(dialect) if h.suggestion is not None else None,
        "choices": [[a.to_string(dialect), v] for a, v in h.choices],
        "no_win": no_win,
        # the same as an id and its parameters (sparrows.reasons), for the page to word
        "no_win_why": no_win.to_json() if isinstance(no_win, Reason) else None,
    }
