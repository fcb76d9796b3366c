"""Views: what a seat or a spectator may know of a game, as plain data
(:class:`sparrows.client.View`), and the parts of it the engine derives from its state
(sent in the event stream as ``update`` events: see :mod:`.stream`).

One rule decides what a viewer sees: its own concealed tiles, the hands the ruleset shows
it (:meth:`Ruleset.shown_hands`), the public table, its own prompt and the private fields
of the ruleset's facts (:meth:`Ruleset.extra`). Nothing here changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..client.data import to_json
from ..client.extras import private_fields
from ..client.tiles import sort_tiles
from ..client.view import (
    SCHEMA_VERSION,
    LastDiscard,
    MeldView,
    Prompt,
    RiverTile,
    SeatView,
    View,
)

if TYPE_CHECKING:
    from .game import Game

_TSUMOGIRI, _RIICHI, _CALLED, _DEAD = 1, 2, 4, 8


def round_labels(game: Game) -> tuple[str, str]:
    """The hand as players name it, long and short (riichi ``East 2, honba 1`` /
    ``E2-1``; by default ``Hand 3`` / ``H3``)."""
    ruleset = game.ruleset
    got = ruleset.round_label(game.round_wind, game.hand_number, ruleset.hand_info(game))
    if got is not None:
        return got
    number = game.hand_number + 1
    return f"Hand {number}", f"H{number}"


def prompt_of(game: Game, seat: int) -> Prompt | None:
    """The decision ``seat`` owes now, or None."""
    facts = game.owed(seat)
    if facts is None:
        return None
    kind, tile, offered_by = facts
    legal = game.pending[seat]
    ruleset = game.ruleset
    dialect = ruleset.dialect
    return Prompt(
        id=game.prompt_id(seat),
        kind=kind,
        subject=None if tile is None else game.fmt(tile),
        offered_by=offered_by,
        actions=tuple(a.to_string(dialect) for a in legal),
        indices=ruleset.layout.indices(legal),
        payload=ruleset.payload(game, seat),
    )


def _split_extra(extra: Any) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    if extra is None:
        return None, None
    data = to_json(extra)  # with its kind, in the public part
    hidden = private_fields(type(extra))
    public = {k: v for k, v in data.items() if k not in hidden}
    private = {k: v for k, v in data.items() if k in hidden}
    return public, private


def public_state(game: Game) -> dict[str, Any]:
    """The view fields every viewer shares that the engine derives (JSON values)."""
    ruleset = game.ruleset
    honba, sticks = ruleset.counters(game)
    label, short = round_labels(game)
    winds = ruleset.seat_winds(game)
    last = game.last_discard
    shown = ruleset.shown_hands(game, None)
    public, _ = _split_extra(ruleset.extra(game, None))
    return {
        "layout": ruleset.layout.name,
        "turn": game.turn,
        "wall_left": game.wall.left,
        "dead_wall": game.wall.dead_count(),
        "honba": honba,
        "sticks": sticks,
        "round_label": label,
        "round_short": short,
        "winds": None if winds is None else list(winds),
        "last_discard": None if last is None else {"seat": last[0], "tile": game.fmt(last[1])},
        "over": game.over,
        "concealed": [len(h) for h in game.hands],
        "open_hands": {str(s): list(_hand(game, s)) for s in sorted(shown)},
        "extra": public,
    }


def prompt_key(game: Game, seat: int) -> int:
    """The id of ``seat``'s prompt if it is asked now, else 0: a prompt with the same key
    is the same prompt (its actions do not change while it waits)."""
    if seat in game.declared or seat not in game.pending:
        return 0
    return game.prompt_id(seat)


def private_state(game: Game, seat: int, prompt: bool = True) -> dict[str, Any]:
    """The view fields only ``seat`` sees that the engine derives (JSON values);
    ``prompt=False`` leaves the prompt out (the caller knows it has not changed)."""
    ruleset = game.ruleset
    shown = ruleset.shown_hands(game, seat) - ruleset.shown_hands(game, None) - {seat}
    _, private = _split_extra(ruleset.extra(game, seat))
    out = {
        "drawn": _drawn(game, seat),
        "peek_hands": {str(s): list(_hand(game, s)) for s in sorted(shown)},
        "extra": private,
    }
    if prompt:
        asked = prompt_of(game, seat)
        out["prompt"] = None if asked is None else to_json(asked)
    return out


def _drawn(game: Game, seat: int) -> str | None:
    drawn = game.drawn
    if drawn is None or game.turn != seat or drawn not in game.hands[seat]:
        return None
    return game.fmt(drawn)


def _hand(game: Game, seat: int) -> tuple[str, ...]:
    return sort_tiles(game.fmt_all(game.hands[seat]))


def _river(game: Game, seat: int) -> tuple[RiverTile, ...]:
    text = game.tile_text
    return tuple(
        RiverTile(
            text[t], bool(f & _TSUMOGIRI), bool(f & _RIICHI), bool(f & _CALLED), bool(f & _DEAD)
        )
        for t, f in zip(game.discards[seat], game.river_flags[seat], strict=True)
    )


def _melds(game: Game, seat: int) -> tuple[MeldView, ...]:
    text = game.tile_text
    out = []
    for m in game.melds[seat]:
        added = m.type.value == "added_kan"
        called = m.tiles[-1] if added else m.called
        out.append(
            MeldView(
                m.type.value,
                tuple(text[t] for t in m.tiles),
                None if called is None else text[called],
                m.from_seat,
            )
        )
    return tuple(out)


def build_view(game: Game, viewer: int | None) -> View:
    """``viewer``'s view (None: a spectator's)."""
    ruleset = game.ruleset
    pub = public_state(game)
    shown = ruleset.shown_hands(game, viewer)
    winds = pub["winds"]
    accounts = game.ledger.accounts
    text = game.tile_text
    seats = []
    for s in range(game.n):
        hand = _hand(game, s) if s == viewer or s in shown else None
        seats.append(
            SeatView(
                seat=s,
                wind=None if winds is None else winds[s],
                status=game.status[s],
                points=game.scores[s],
                accounts={name: balances[s] for name, balances in accounts.items()},
                concealed=len(game.hands[s]),
                hand=hand,
                melds=_melds(game, s),
                river=_river(game, s),
                bonus=tuple(text[t] for t in game.bonus[s]),
            )
        )
    last = pub["last_discard"]
    return View(
        schema_version=SCHEMA_VERSION,
        ruleset=ruleset.name,
        layout=ruleset.layout.name,
        viewer=viewer,
        players=game.n,
        hand_number=game.hand_number,
        round_wind=game.round_wind,
        dealer=game.dealer,
        round_label=pub["round_label"],
        round_short=pub["round_short"],
        honba=pub["honba"],
        sticks=pub["sticks"],
        turn=game.turn,
        wall_left=game.wall.left,
        dead_wall=pub["dead_wall"],
        indicators=tuple(text[t] for t in game.wall.revealed),
        last_discard=None if last is None else LastDiscard(last["seat"], last["tile"]),
        pots=dict(game.ledger.pots),
        seats=tuple(seats),
        hand=None if viewer is None else _hand(game, viewer),
        drawn=None if viewer is None else _drawn(game, viewer),
        prompt=None if viewer is None else prompt_of(game, viewer),
        over=game.over,
        extra=ruleset.extra(game, viewer),
    )
