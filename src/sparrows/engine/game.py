"""The table: wall, seats (concealed tiles, melds, bonus tiles, rivers, status), ledger,
turns and decision windows, events and observations.

A game is a pure function of (ruleset with options, seed, actions): the wall of each hand
is shuffled by a ``random.Random(seed)`` (or given: ``walls``, for scripted tests and
replays of real games). The engine asks the ruleset what is legal, validates every action
against that and refuses anything else with :class:`IllegalActionError` without changing
the state. The ruleset answers with data (:mod:`.flow`); only the engine changes the
table. See ``docs/engine.md``.
"""

from __future__ import annotations

import operator
import random
import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, SupportsIndex, cast

from .._mypyc import mypyc_attr
from ..errors import IllegalActionError, SparrowsError, excerpt_repr
from ..reasons import Reason
from ..tiles import Tile
from . import events as ev
from . import flow as fl
from .actions import Action, ActionType
from .board import PLAYING, Board, _need
from .clone import copy_fields
from .observation import Observation, Phase

if TYPE_CHECKING:
    from ..client.view import View
    from .protocol import Ruleset


SHUFFLES: Final = ("seed", "secrets")
#: Turn actions that play a tile others may claim or rob (``ask_all`` asks them all).
_DISCARDS: Final = frozenset(
    {ActionType.DISCARD, ActionType.RIICHI, ActionType.OPEN_RIICHI, ActionType.TAKO_RIICHI}
)
_PLAYS_A_TILE: Final = _DISCARDS | {ActionType.KAKAN, ActionType.ANKAN, ActionType.NUKI}
_PASS_ONLY: Final = Action(ActionType.PASS)
_OVER: Final = Phase.OVER
_TURN: Final = Phase.TURN
_TURN_STEP: Final = fl.Turn
_WINDOW: Final = fl.Window
_DISCARD: Final = ActionType.DISCARD
_LIVE: Final = fl.LIVE
_REPLACEMENT: Final = fl.REPLACEMENT
_NO_DRAW: Final = fl.NO_DRAW
_KEEP: Final = fl.KEEP


def shuffle(rng: random.Random, items: list[int]) -> None:
    """``rng.shuffle(items)``, step for step (the same result from the same generator
    state: Fisher-Yates with ``getrandbits`` rejection sampling, as CPython's
    ``Random.shuffle`` does), without a method call per element."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def _ids(wall: Sequence[object]) -> list[int]:
    """A wall's tile ids as Python ints (numpy integers too; typed ``object`` so that a
    compiled build converts them rather than refusing them)."""
    return [operator.index(cast(SupportsIndex, t)) for t in wall]


def _is_seat(seat: object, n: int) -> bool:
    return type(seat) is int and 0 <= seat < n


class DrawScript(Protocol):
    """Says which tile a seat draws next (replays of real games, scripted tests)."""

    def next_draw(self, game: Game, seat: int, replacement: bool) -> Tile | None:
        """The face ``seat`` draws now, or None to draw whatever the wall holds."""
        ...


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(Board):
    """One game of a ruleset. ``record=False`` skips building events (for fast simulation);
    actions are always kept, so any game can be replayed. ``walls`` gives the tile order of
    the first hands (a permutation of the tile ids each, read by the ruleset's
    ``build_wall``); later hands are shuffled.

    ``script`` (a :class:`DrawScript`) decides draws as they happen: before each draw the
    tile it names is swapped into the draw position from the undrawn wall. The same swap
    is made in the hand's tile order, so ``hand_orders`` (the order of every hand played)
    injected as ``walls`` replays the game without the script."""

    def __init__(
        self,
        ruleset: Ruleset,
        seed: int,
        record: bool = True,
        walls: Sequence[Sequence[int]] | None = None,
        script: DrawScript | None = None,
        ask_all: bool = False,
        shuffle: str = "seed",
        clone_of: Game | None = None,
    ) -> None:
        if clone_of is not None:  # Game.clone: a copy of that game's state
            self._copy(clone_of)
            return
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise SparrowsError(f"the seed must be a whole number >= 0, not {seed!r}")
        if shuffle not in SHUFFLES:
            raise SparrowsError(f"shuffle must be one of {', '.join(SHUFFLES)}, not {shuffle!r}")
        super().__init__(ruleset, record)
        self.seed = seed
        #: Uniform claim timing: after every tile a seat plays that others could claim or
        #: rob, every other seat still playing is asked (pass-only where it has no claim).
        self.ask_all = ask_all
        #: "seed": each hand's wall from ``random.Random(seed)``; "secrets": from the
        #: operating system's CSPRNG (the walls are kept in ``hand_orders`` for replay).
        self.shuffle = shuffle
        self.rng = random.Random(seed)  # shuffles the walls, nothing else
        # Dice a ruleset rolls (exchange directions...): apart from the walls' generator, so
        # a ruleset that rolls more dice never changes which walls a seed gives.
        self.dice = random.Random(seed * 2 + 1)
        n = self.n
        try:  # (ids as Python ints: a wall may come as numpy integers, from an array table)
            self.walls = [_ids(w) for w in walls or ()]
        except TypeError:
            raise SparrowsError("a wall is a list of tile ids (whole numbers)") from None
        self.script = script
        # draws need no script, event or bonus check (the simulation's hot path)
        self._plain = script is None and not record and not ruleset.auto_bonus
        self.hand_orders: list[list[int]] = []  # each hand's tile order (after script swaps)
        for i, w in enumerate(self.walls):
            if sorted(w) != list(range(len(self.faces))):
                raise SparrowsError(f"wall {i} is not an ordering of the {len(self.faces)} tiles")
        self.state: Any = ruleset.new_state()
        self.dealer = 0
        self.first_dealer = 0
        self.round_wind = 0
        self.actions: list[tuple[int, Action]] = []
        self.phase = Phase.TURN
        self.window: fl.Window | None = None
        self.pending: dict[int, list[Action]] = {}
        self.declared: dict[int, Action] = {}
        self.turn = 0
        self.turn_draw = fl.LIVE  # how the current turn began (LIVE, REPLACEMENT, NO_DRAW...)
        self.hand_start: dict[str, list[int]] = {}  # balances at the hand's start (recorded)
        #: an ``ask_all`` window wraps the ruleset's next step: (it, the seats it asked)
        self._inner: tuple[fl.Next, frozenset[int]] | None = None
        #: the action log read so far, and per seat its answers and its last action there
        #: (prompt ids and rewards come from the logs, read only when asked)
        self._tallied = 0
        self._answered = [0] * n
        self._last_acted = [-1] * n
        self.result: dict[str, Any] = {}  # the ruleset's final figures, once over
        self.ended: dict[str, list[int]] = {}
        if record:
            self.emit(
                ev.GameStart(
                    ruleset.name,
                    ruleset.version,
                    ruleset.options_dict(),
                    seed,
                    list(self.scores),
                    {k: list(v) for k, v in self.ledger.accounts.items()},
                )
            )
        self._start_hand()

    # ------------------------------------------------------------------ helpers
    def tile_of(self, seat: int, face: Tile) -> int:
        """The id of a tile with this face in ``seat``'s concealed hand: the drawn tile if
        it has the face, else the first such tile held."""
        code = face.code
        drawn = self.drawn
        if drawn is not None and self.turn == seat and self.face_code[drawn] == code:
            return drawn
        face_code = self.face_code
        for tile in self.hands[seat]:
            if face_code[tile] == code:
                return tile
        raise IllegalActionError(f"seat {seat} holds no {face}")

    def take(self, seat: int, faces: Sequence[Tile]) -> tuple[int, ...]:
        """Distinct ids of ``seat``'s concealed tiles with these faces (a pon of two alike,
        an exchange), the drawn tile last. Raises IllegalActionError if not held."""
        pool = list(self.hands[seat])
        drawn = self.drawn
        if drawn is not None and drawn in pool and self.turn == seat:  # the drawn one last
            pool.remove(drawn)
            pool.append(drawn)
        code = self.face_code
        out = []
        for face in faces:
            for t in pool:
                if code[t] == face.code:
                    pool.remove(t)
                    out.append(t)
                    break
            else:
                raise IllegalActionError(f"seat {seat} holds no {face} for that")
        return tuple(out)

    # ------------------------------------------------------------------ applying ops
    def _apply(self, ops: Sequence[fl.Op]) -> None:
        for op in ops:
            _HANDLERS[type(op)](self, op)

    def _op_replace_bonus_in_deal(self, op: fl.ReplaceBonusInDeal) -> None:
        bonus_kind = 34
        while True:
            replaced = False
            for seat in op.order:
                for tile in list(self.hands[seat]):
                    if self.kind[tile] >= bonus_kind and self.wall.can_replace():
                        self._set_aside(seat, tile)
                        self._give(seat, self.wall.draw_replacement(), replacement=True)
                        replaced = True
            if not replaced:
                return

    def _op_move(self, op: fl.Move) -> None:
        if op.amount:
            self.ledger.move(op.account, op.src, op.dst, op.amount)
            self.move_log.append((len(self.actions) - 1, op.account, op.src, op.dst, op.amount))
            if self.record:
                self.emit(ev.Transfer(op.account, op.src, op.dst, op.amount, op.reason))

    # ------------------------------------------------------------------ flow
    def _start_hand(self) -> None:
        size = len(self.faces)
        if self.hand_number < len(self.walls):
            order = list(self.walls[self.hand_number])
        elif self.shuffle == "secrets":
            order = list(range(size))
            secrets.SystemRandom().shuffle(order)
        else:
            order = list(range(size))
            shuffle(self.rng, order)
        n = self.n
        self.hand_orders.append(order)
        self.ruleset.memos.trim()
        self.wall = self.ruleset.build_wall(order)
        self.hands = [[] for _ in range(n)]
        self.melds = [[] for _ in range(n)]
        self.bonus = [[] for _ in range(n)]
        self.discards = [[] for _ in range(n)]
        self.river_flags = [[] for _ in range(n)]
        self.status = [PLAYING] * n
        self.hand_key = [0] * n
        self.face_key = [0] * n
        self.counts = [[0] * 42 for _ in range(n)]
        self.last_discard = None
        self.robbed = None
        self.drawn = None
        self.window = None
        self.turn = self.dealer
        if self.record:
            self.hand_start = {k: list(v) for k, v in self.ledger.accounts.items()}
        outcome = self.ruleset.start_hand(self)
        self._held = [] if self.record else None
        self._apply(outcome.ops)
        self.drawn = None  # tiles given during the deal are not a turn's draw
        held, self._held = self._held, None
        if self.record:
            self.emit(
                ev.HandStart(
                    self.hand_number,
                    self.dealer,
                    self.round_wind,
                    list(self.scores),
                    self.fmt_all(self.wall.revealed),
                    self.ruleset.hand_info(self),
                )
            )
            for e in held or ():
                self.events.append(e)
                self.stream.add(e, self.hand_number)
        nxt = outcome.next
        self._advance(nxt)

    def _advance(self, nxt: fl.Next) -> None:
        """Carry out the next step; draws that find the wall empty ask the ruleset."""
        ruleset = self.ruleset
        while True:
            kind = type(nxt)
            if kind is _TURN_STEP:
                seat, draw = nxt.seat, nxt.draw  # type: ignore[union-attr]
                self.turn = seat
                self.turn_draw = draw
                if draw == _LIVE:  # the hot path: inlined draw
                    wall = self.wall
                    live = wall.live
                    if not live:
                        out = ruleset.on_exhausted(self)
                        self._apply(out.ops)
                        nxt = out.next
                        continue
                    if self._plain:  # no script, no events, no bonus tiles
                        self.drawn = tile = live.pop()
                        self.hands[seat].append(tile)
                        self.hand_key[seat] += self.key_weight[tile]
                        self.face_key[seat] += self.face_weight[tile]
                        self.counts[seat][self.kind[tile]] += 1
                    else:
                        if self.script is not None:
                            self._scripted(seat, False)
                        self._give(seat, live.pop(), False)
                        if ruleset.auto_bonus and self.kind[self.drawn] >= 34:  # type: ignore[index]
                            self._replace_bonus(seat)
                elif draw == _REPLACEMENT:
                    if not self.wall.can_replace():
                        out = ruleset.on_exhausted(self)
                        self._apply(out.ops)
                        nxt = out.next
                        continue
                    if self.script is not None:
                        self._scripted(seat, True)
                    self._give(seat, self.wall.draw_replacement(), True)
                    if ruleset.auto_bonus:
                        self._replace_bonus(seat)
                elif draw == _NO_DRAW:
                    self.drawn = None
                # KEEP: the same turn goes on, the drawn tile unchanged
                self.phase = _TURN
                self.window = None
                self.pending = {seat: ruleset.turn_actions(self, seat)}
                if self.last_discard is not None and draw != _KEEP:
                    self.last_discard = None  # nobody may claim it any more
                if self.declared:
                    self.declared = {}
                return
            if kind is _WINDOW:
                window: fl.Window = nxt  # type: ignore[assignment]
                if not window.options:  # nobody to ask: resolve at once
                    out = ruleset.resolve(self, window, {})
                    self._apply(out.ops)
                    nxt = out.next
                    continue
                self.phase = Phase.CLAIM if window.claim else Phase.CHOICE
                self.window = window
                self.pending = window.options
                self.declared = {}
                return
            self._end_hand(nxt)  # type: ignore[arg-type]
            return

    def _scripted(self, seat: int, replacement: bool) -> None:
        """Swap the tile the script names into the draw position (and in the hand's order)."""
        assert self.script is not None
        face = self.script.next_draw(self, seat, replacement)
        if face is None:
            return
        wall = self.wall
        if replacement and wall.dead_wall:
            part, index = wall.replacements, 0
        elif replacement:
            part, index = wall.live, 0
        else:
            part, index = wall.live, len(wall.live) - 1
        if self.faces[part[index]] == face:
            return
        code = face.code
        for other in (wall.live, wall.replacements, wall.reserve):
            for j, t in enumerate(other):
                if self.face_code[t] == code and not (other is part and j == index):
                    a, b = part[index], t
                    part[index], other[j] = b, a
                    order = self.hand_orders[-1]
                    i, k = order.index(a), order.index(b)
                    order[i], order[k] = b, a
                    return
        raise SparrowsError(f"scripted draw: no {face} is left in the wall for seat {seat}")

    def _replace_bonus(self, seat: int) -> None:
        """Set aside a drawn bonus tile and draw its replacement, as long as needed."""
        wall = self.wall
        while self.drawn is not None and self.kind[self.drawn] >= 34 and wall.can_replace():
            self._set_aside(seat, self.drawn)
            self._give(seat, wall.draw_replacement(), True)

    def _give(self, seat: int, tile: int, replacement: bool = False) -> None:
        self._put(seat, tile)
        self.drawn = tile
        if self.record:
            self.emit(ev.Draw(seat, self.fmt(tile), self.wall.left, replacement))

    def _end_hand(self, end: fl.EndHand) -> None:
        self.pending = {}
        self.declared = {}
        self.window = None
        if self.record:
            points = self.ledger.accounts["points"]
            deltas = [s - h for s, h in zip(points, self.hand_start["points"], strict=True)]
            others = {k: list(v) for k, v in self.ledger.accounts.items() if k != "points"}
            self.emit(ev.HandEnd(list(points), deltas, others))
        after = self.ruleset.next_hand(self)
        self._apply(after.ops)
        if isinstance(after, fl.NextHand):
            self.dealer = after.dealer
            self.round_wind = after.round_wind
            self.hand_number += 1
            self._start_hand()
        else:
            self.phase = Phase.OVER
            self.result = dict(after.result or {})
            self.ended = dict(after.ended or {})
            self.emit(
                ev.GameEnd(
                    list(self.scores),
                    self.ruleset.places(self.scores),
                    after.result or {},
                    dict(after.ended or {}),
                )
            )

    # ------------------------------------------------------------------ public API
    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def clone(self) -> Game:
        """An independent copy of the game that plays on exactly as this one would. It
        shares what never changes (the ruleset with its tables, the tile set, the events
        already made) and copies the rest; a scripted game's script is shared."""
        return Game(self.ruleset, self.seed, clone_of=self)

    def _copy(self, src: Game) -> None:
        copy_fields(self, src)  # every field as clone.CLONE_FIELDS says
        self.scores = self.ledger.accounts["points"]  # the same list, as in a new game

    def _tally(self) -> None:
        """Read the actions not read yet: each seat's answers and its last action."""
        actions = self.actions
        for i in range(self._tallied, len(actions)):
            seat = actions[i][0]
            self._answered[seat] += 1
            self._last_acted[seat] = i
        self._tallied = len(actions)

    def owed(self, seat: int) -> tuple[str, int | None, int | None] | None:
        """The decision ``seat`` owes now as (its kind, the tile id it answers, the seat
        that offered it), or None: what the view's prompt and the environments' encoder
        both read."""
        if seat in self.declared or not self.pending.get(seat):
            return None
        window = self.window
        if window is None:
            return "turn", None, None
        return window.kind, window.subject, window.offered_by

    def prompt_id(self, seat: int) -> int:
        """The id of ``seat``'s current prompt: it has been asked once more than it has
        answered (each seat counts its own prompts, so the ids say nothing of the
        others')."""
        self._tally()
        return self._answered[seat] + 1

    def rewards(self, account: str = "points") -> list[int]:
        """Per seat, how much ``account`` (points, chips...) changed since the seat last
        acted (its last action's consequences included; since the game began for a seat
        that has not acted): what an agent earned by its last decision and what followed
        it. Reading it changes nothing the game plays by."""
        if account not in self.ledger.accounts:
            names = ", ".join(self.ledger.accounts)
            raise SparrowsError(f"no account {account!r}; this game keeps {names}")
        self._tally()
        out = [0] * self.n
        last = self._last_acted
        for index, name, src, dst, amount in self.move_log:
            if name != account:
                continue
            if src >= 0 and index >= last[src]:
                out[src] -= amount
            if dst >= 0 and index >= last[dst]:
                out[dst] += amount
        return out

    def events_since(self, viewer: object, cursor: object = 0) -> tuple[list[dict[str, Any]], int]:
        """The events ``viewer`` (a seat, or None: a spectator) may see after ``cursor``
        (what an earlier call returned; 0 from the start), as JSON objects with their
        ``seq`` (the viewer's own count) and ``hand_number``, and the new cursor. O(new events).
        Needs ``record=True``."""
        v = self.n if viewer is None else self._check_seat(viewer)
        if not self.record:
            raise SparrowsError("this game keeps no events (it was made with record=False)")
        stream = self.stream
        if not self._following:  # the first follower: the derived fields from now on
            self._following = stream.active = True
            stream.sync(self)
        return stream.since(v, None if viewer is None else v, cursor)

    def view(self, seat: object) -> View:
        """What ``seat`` may know now, as plain data (see ``sparrows.client.View``)."""
        from .views import build_view

        return build_view(self, self._check_seat(seat))

    def public_view(self) -> View:
        """What a spectator may know now: no concealed tile, no prompt."""
        from .views import build_view

        return build_view(self, None)

    def to_act(self) -> list[int]:
        """Seats whose decision is awaited now (several in a decision window)."""
        if not self.declared:
            return list(self.pending)
        return [s for s in self.pending if s not in self.declared]

    def decisions(self) -> list[tuple[int, list[Action]]]:
        """Every awaited decision as (seat, legal actions): ``to_act`` and
        ``legal_actions`` in one call (the lists are fresh; the engine keeps its own)."""
        declared = self.declared
        return [(s, list(a)) for s, a in self.pending.items() if s not in declared]

    def _check_seat(self, seat: object) -> int:
        if not _is_seat(seat, self.n):
            raise IllegalActionError(f"there is no seat {seat!r} (seats are 0-{self.n - 1})")
        return seat  # type: ignore[return-value]

    # The public entry points take ``object`` for what a caller may get wrong and check it
    # themselves: a compiled build would otherwise refuse a wrong type with a bare TypeError
    # before the check that names the problem.
    def legal_actions(self, seat: object) -> list[Action]:
        s = self._check_seat(seat)
        if s in self.declared:
            return []
        return list(self.pending.get(s, ()))

    def step(self, seat: object, action: object, prompt: object = None) -> None:
        """Apply one seat's action. Raises IllegalActionError (state unchanged) if the seat
        is not to act or the action is not among its legal actions. ``prompt``, when
        given, is the id of the prompt the action answers (``view(seat).prompt.id``): an
        answer to an earlier prompt is refused, not applied."""
        if type(seat) is not int:  # checked first: an unhashable seat must not reach the dict
            self._refuse_seat(seat)
            raise AssertionError  # not reached: _refuse_seat raises
        s: int = seat
        legal = self.pending.get(s)
        if legal is None or (self.declared and s in self.declared):
            self._refuse_seat(s, prompt)
            raise AssertionError
        if prompt is not None and prompt != self.prompt_id(s):
            raise IllegalActionError(
                f"seat {s} answered prompt {excerpt_repr(prompt, 20)}, but its prompt now is "
                f"{self.prompt_id(s)} (a stale answer is not applied)",
                Reason("stale", prompt=excerpt_repr(prompt, 20), seat=s),
            )
        for candidate in legal:  # identity first: agents return one of the legal objects
            if candidate is action:
                chosen = candidate
                break
        else:
            chosen = self._find_legal(s, action, legal)
        self.actions.append((s, chosen))
        if self.phase is _TURN:
            out = self.ruleset.on_turn(self, s, chosen)
            if self.ask_all and chosen.type in _PLAYS_A_TILE:
                out = self._ask_all(s, chosen, out)
        else:
            self.declared[s] = chosen
            if len(self.declared) < len(self.pending):
                if self._following:
                    self.stream.sync(self)
                return
            window = self.window
            assert window is not None
            answers = self.declared
            self.pending, self.declared = {}, {}
            inner = self._inner
            if inner is None:
                out = self.ruleset.resolve(self, window, answers)
            else:
                self._inner = None
                nxt, asked = inner
                if type(nxt) is _WINDOW:
                    real = {k: a for k, a in answers.items() if k in asked}
                    out = self.ruleset.resolve(self, nxt, real)
                else:
                    out = fl.Outcome((), nxt)
        ops = out.ops
        if ops:
            for op in ops:
                _HANDLERS[type(op)](self, op)
        self._advance(out.next)
        if self._following:
            self.stream.sync(self)

    def _ask_all(self, seat: int, action: Action, out: fl.Outcome) -> fl.Outcome:
        """Uniform claim timing: the ruleset's next step after a tile played (a discard, a
        kong, a North) wrapped in a window that asks every other seat still playing,
        pass-only where the ruleset asks it nothing; its answers go to the ruleset's
        window (if any) once all are in."""
        nxt = out.next
        if type(nxt) is _WINDOW:
            window: fl.Window = nxt
            if not window.claim:
                return out
            asked = frozenset(window.options)
            kind, subject, by = window.kind, window.subject, window.offered_by
        elif type(nxt) is _TURN_STEP:
            asked = frozenset()
            kind = "claim" if action.type in _DISCARDS else "rob"
            subject, by = None, seat
        else:
            return out  # the hand ends: nothing to answer
        others = [
            o for o in range(self.n) if o != seat and self.status[o] == PLAYING and o not in asked
        ]
        if not others:
            return out
        if subject is None:
            subject = self._played_tile(seat, action, out.ops)
        options = dict(nxt.options) if type(nxt) is _WINDOW else {}
        for o in others:
            options[o] = [_PASS_ONLY]
        self._inner = (nxt, asked)
        wrapped = fl.Window(kind, options, None, claim=True, subject=subject, offered_by=by)
        return fl.Outcome(out.ops, wrapped)

    def _played_tile(self, seat: int, action: Action, ops: Sequence[fl.Op]) -> int | None:
        """The id of the tile ``action`` plays (from the ops that play it)."""
        for op in ops:
            if type(op) is fl.DiscardTile:
                return op.tile
            if type(op) is fl.MakeMeld and op.seat == seat:
                return op.tiles[0]
            if type(op) is fl.SetAside and op.seat == seat:
                return op.tile
        return None

    def _refuse_seat(self, seat: object, prompt: object = None) -> None:
        if self.phase is _OVER:
            raise IllegalActionError("the game is over", Reason("game_over"))
        self._check_seat(seat)
        # what the seat itself knows only: whom the table waits for is not said (in a
        # claim window that would tell who may claim)
        stale = ""
        if prompt is not None:  # an answer to a prompt the seat does not have (any more)
            stale = (
                f"; prompt {excerpt_repr(prompt, 20)} is not its prompt now: a stale answer "
                "is not applied"
            )
        done = " (it has answered its prompt)" if seat in self.declared else ""
        raise IllegalActionError(
            f"seat {seat} is not to act now{done}{stale}", Reason("not_to_act", seat=str(seat))
        )

    def _find_legal(self, seat: int, action: object, legal: list[Action]) -> Action:
        if not isinstance(action, Action):
            raise IllegalActionError(
                f"an action must be an Action (Action.from_string parses text), not "
                f"{excerpt_repr(action, 60)}"
            )
        try:
            code = action.code
        except AttributeError:
            code = None
        if type(code) is not int:
            raise IllegalActionError("a malformed Action (one not made by its constructor)")
        if action in legal:
            return legal[legal.index(action)]
        dialect = self.ruleset.dialect
        wanted = action.to_string(dialect)
        texts = [a.to_string(dialect) for a in legal]
        if len(texts) <= 8:
            shown = ", ".join(texts)
        else:  # one line: how many, and the closest ones
            import difflib

            close = difflib.get_close_matches(wanted, texts, n=3, cutoff=0.0)
            shown = f"{len(texts)} actions, the closest: {', '.join(close)}"
        raise IllegalActionError(f"{wanted!r} is not legal for seat {seat} now; legal: {shown}")

    # ------------------------------------------------------------------ views
    def observation(self, seat: object) -> Observation:
        """What ``seat`` may know. A seat that is not asked now sees ``WAIT`` whatever the
        others are asked, so nobody learns who could claim; its view changes only with the
        events it can see."""
        return self._observation(self._check_seat(seat))

    def _observation(self, seat: int) -> Observation:
        faces = self.faces
        ruleset = self.ruleset
        honba, sticks = ruleset.counters(self)
        last = self.last_discard
        asked = seat in self.pending and seat not in self.declared
        to_act: tuple[int, ...]
        if self.phase is _OVER:
            phase, to_act, window = Phase.OVER, (), None
        elif asked:
            phase, to_act = self.phase, (seat,)
            window = self.window.kind if self.window is not None else None
        else:
            phase, to_act, window = Phase.WAIT, (), None
        n = self.n
        return Observation(
            seat=seat,
            ruleset=self.ruleset.name,
            phase=phase,
            hand=tuple(faces[t] for t in sorted(self.hands[seat])),
            drawn=faces[self.drawn]
            if self.drawn is not None and self.turn == seat and asked
            else None,
            discards=tuple(tuple(faces[t] for t in d) for d in self.discards),
            indicators=tuple(faces[t] for t in self.wall.revealed),
            scores=tuple(self.scores),
            dealer=self.dealer,
            round_wind=self.round_wind,
            hand_number=self.hand_number,
            wall_left=self.wall.left,
            to_act=to_act,
            last_discard=(last[0], faces[last[1]]) if last else None,
            legal=tuple(self.legal_actions(seat)),
            window=window,
            turn=self.turn,
            river_flags=tuple(tuple(f) for f in self.river_flags),
            melds=tuple(tuple(self.meld_view(s, m) for m in self.melds[s]) for s in range(n)),
            bonus=tuple(tuple(faces[t] for t in b) for b in self.bonus),
            status=tuple(self.status),
            concealed=tuple(len(h) for h in self.hands),
            accounts={k: tuple(v) for k, v in self.ledger.accounts.items()},
            pots=dict(self.ledger.pots),
            extra=ruleset.extra(self, seat),
            seat_winds=ruleset.seat_winds(self),
            honba=honba,
            sticks=sticks,
            shown=self._shown_to(seat),
        )

    def _shown_to(self, seat: int) -> tuple[tuple[Tile, ...] | None, ...]:
        """Each other seat's concealed tiles where the ruleset shows them to ``seat``."""
        shown = self.ruleset.shown_hands(self, seat)
        if not shown:
            return ()
        faces = self.faces
        return tuple(
            tuple(faces[t] for t in sorted(self.hands[s])) if s in shown and s != seat else None
            for s in range(self.n)
        )

    def events_for(self, seat: object) -> list[dict[str, Any]]:
        """The event log as ``seat`` may see it (None: a spectator)."""
        s = None if seat is None else self._check_seat(seat)
        return [ev.redact(e, s) for e in self.events]

    def validate(self) -> None:
        """Check invariants; raises AssertionError naming the broken one (also under -O):
        the board's (every tile in exactly one place, every account conserved, the
        incremental keys equal to a full recompute), hand sizes, and the ruleset's own
        checks."""
        self._check_board()
        if self.phase in (Phase.TURN, Phase.CLAIM, Phase.CHOICE):
            size = self.ruleset.hand_size
            for seat in range(self.n):
                if self.status[seat] != PLAYING:
                    continue
                held = len(self.hands[seat]) + 3 * len(self.melds[seat])
                # the seat on its turn holds one more; so does a winner on its own draw
                # while a window after the win is open (the dealer's choice, kokan...)
                on_draw = (
                    self.phase is Phase.CHOICE
                    and self.drawn is not None
                    and self.drawn in self.hands[seat]
                )
                extra = 1 if seat == self.turn and (self.phase is Phase.TURN or on_draw) else 0
                if self.robbed is not None and self.robbed[0] == seat:
                    extra = 1  # a robber holds the tile it won on (a window after the win)
                _need(
                    held == size + extra,
                    f"seat {seat} holds {held} tiles (a meld counting 3), not {size + extra}",
                )
            if self.phase is Phase.TURN and self.drawn is not None:
                _need(self.drawn in self.hands[self.turn], "the drawn tile is not in the hand")
        self.ruleset.validate(self)


_HANDLERS: Final[dict[type, Any]] = {
    fl.Deal: Game._op_deal,
    fl.ReplaceBonusInDeal: Game._op_replace_bonus_in_deal,
    fl.RevealIndicator: Game._op_reveal,
    fl.DiscardTile: Game._op_discard,
    fl.MakeMeld: Game._op_meld,
    fl.RobTile: Game._op_rob,
    fl.SetAside: Game._op_set_aside,
    fl.Move: Game._op_move,
    fl.SetStatus: Game._op_status,
    fl.PassTiles: Game._op_pass_tiles,
    fl.Emit: Game._op_emit,
    fl.Report: Game._op_report,
}
