"""Real Tenhou games played through the engine.

The log is not replayed by a state machine of its own: a riichi :class:`~sparrows.engine.
Game` plays the game, and the log only supplies what the players did. Each hand's wall is
injected (the dealt tiles and the dora / ura indicators where the ruleset's wall puts
them), every draw is scripted from the log as it happens (:class:`TenhouScript` is the
game's ``DrawScript``), and every decision the engine asks for is answered from the log:
the next discard, riichi or kan of a seat on its turn, a call when the seat's next draw
entry is a call on that discard, ron when the hand's result says so, pass otherwise.

Every answer must be one of the actions the engine offers at that moment, and every hand
must end as the log says: the same result and the same score changes (Tenhou writes a
hand's changes without the riichi sticks put down in it), the same honba, sticks and
scores at the next hand's start, and for a win the same fu, han, yaku and points.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from ..engine import flow as fl
from ..engine.actions import Action, ActionType
from ..engine.game import Game
from ..errors import IllegalActionError, RecordError, SparrowsError
from ..tiles import Tile, TileSet, from_tenhou
from .export import tenhou_points_text
from .hands import apply_transfer
from .tenhou6 import (
    ABORT_NAMES,
    EXHAUSTIVE_DRAWS,
    NUKI,
    WIN,
    Call,
    Entry,
    TenhouGame,
    TenhouHand,
    TenhouWin,
    parse_call,
    rule_options,
)

A = ActionType
TSUMOGIRI = 60
ABORTS = {tenhou: ours for ours, tenhou in ABORT_NAMES.items()}
_NORTH = from_tenhou(44)


def options_for(log: TenhouGame) -> dict[str, Any]:
    """Riichi options matching a Tenhou game's rule and number of players
    (:func:`~.tenhou6.rule_options`)."""
    return rule_options(log.rule, log.players)


def feeder(seat: int, source: int, players: int) -> int:
    """The seat a call string's letter place names (``source``: 1 right, 2 across, 3 left,
    as Tenhou counts them with four players; three players have no across)."""
    if players == 3 and source == 2:
        raise RecordError(f"seat {seat}: a call from across in a three-player game")
    return (seat + (-1 if source == 3 else source)) % players


@dataclass
class _Seat:
    draws: deque[Entry]
    discards: deque[Entry]


class TenhouScript:
    """Draws and decisions of one Tenhou game, answered hand by hand.

    One thing the format leaves open: a call string names the tile and the seat it was
    taken from, not which discard. When that seat throws the same tile again before the
    caller draws (a call elsewhere skipped the caller's turn), the call may belong to
    either discard. Such a call is made on the first one unless ``plan`` says otherwise:
    ``plan[i]`` is the choice (True: call now, False: pass) at the i-th such call met,
    and ``choices`` records each one met as (hand, called) for :func:`replay_log` to
    try the other reading of a hand that does not replay."""

    def __init__(self, log: TenhouGame, expect_end: bool = True, plan: Sequence[bool] = ()) -> None:
        self.log = log
        self.expect_end = expect_end
        self.index = -1
        self.hand: TenhouHand = log.hands[0]
        self.seats: list[_Seat] = []
        self.plan = list(plan)
        self.choices: list[tuple[int, bool]] = []

    def start(self, index: int) -> None:
        self.index = index
        self.hand = self.log.hands[index]
        self.seats = [
            _Seat(deque(self.hand.draws[s]), deque(self.hand.discards[s])) for s in range(4)
        ]

    # ------------------------------------------------------------------ draws
    def next_draw(self, game: Game, seat: int, replacement: bool) -> Tile | None:
        if game.hand_number != self.index:  # the engine has started the next hand
            if game.hand_number >= len(self.log.hands):
                if not self.expect_end:
                    return None  # the log stops here: the wall decides
                raise RecordError("the engine plays on after the log's last hand")
            self.start(game.hand_number)
        draws = self.seats[seat].draws
        if not draws or isinstance(draws[0], str):
            raise RecordError(f"seat {seat} draws, but the log has {_show(draws)} next")
        return from_tenhou(int(draws.popleft()))

    # ------------------------------------------------------------------ decisions
    def _wins_of(self, seat: int) -> list[TenhouWin]:
        return [w for w in self.hand.wins if w.winner == seat]

    def _finished(self, seat: int) -> bool:
        """Everything ``seat`` did in the log has been played."""
        return not self.seats[seat].discards

    def answer(self, game: Game, seat: int, legal: list[Action]) -> Action:
        window = game.window
        if window is None:
            return self._turn(game, seat, legal)
        if window.kind == "rob":
            kan_seat, _ = fl.played(window)
            return self._ron_or_pass(seat, kan_seat, legal)
        if window.kind == "claim":
            discarder, tile = fl.played(window)
            ron = self._ron_or_pass(seat, discarder, legal)
            if ron.type is A.RON:
                return ron
            return self._call_or_pass(game, seat, discarder, tile, legal)
        raise RecordError(f"a {window.kind} window has no answer in a Tenhou log")

    def _ron_or_pass(self, seat: int, from_seat: int, legal: list[Action]) -> Action:
        for win in self._wins_of(seat):
            if not win.tsumo and win.from_seat == from_seat and self._finished(from_seat):
                return pick_legal(legal, Action(A.RON))
        ron = Action(A.RON)
        if self.hand.result == "三家和了" and self._finished(from_seat) and ron in legal:
            return ron  # the three ron that abort the hand (the log lists no win)
        return pick_legal(legal, Action(A.PASS))

    def _next_call(self, game: Game, seat: int, discarder: int, tile: int) -> Call | None:
        """The call ``seat``'s next draw entry makes on this discard, if it does."""
        draws = self.seats[seat].draws
        if draws and isinstance(draws[0], str):
            call = parse_call(draws[0])
            fed_by = feeder(seat, call.source, game.n)
            if fed_by == discarder and from_tenhou(call.taken) == game.faces[tile]:
                return call
        return None

    def _call_or_pass(
        self, game: Game, seat: int, discarder: int, tile: int, legal: list[Action]
    ) -> Action:
        call = self._next_call(game, seat, discarder, tile)
        if call is not None and call.letter == "c":
            # a chi string may belong to a later discard of the same tile: this one goes
            # to the pon or kan another seat's log makes on it
            for other in range(4):
                if other not in (seat, discarder):
                    rival = self._next_call(game, other, discarder, tile)
                    if rival is not None and rival.letter in "pm":
                        call = None
        if call is None:
            return pick_legal(legal, Action(A.PASS))
        if self._again(game, discarder, tile):
            i = len(self.choices)
            now = self.plan[i] if i < len(self.plan) else True
            self.choices.append((self.index, now))
            if not now:
                return pick_legal(legal, Action(A.PASS))
        self.seats[seat].draws.popleft()
        faces = tuple(from_tenhou(t) for t in call.rest)
        kind = {"c": A.CHI, "p": A.PON, "m": A.KAN}[call.letter]
        if kind is A.KAN:
            discards = self.seats[seat].discards
            if not discards or discards[0] != 0:
                raise RecordError(f"seat {seat}: an open kan without its 0")
            discards.popleft()
        return pick_legal(legal, Action(kind, faces))

    def _again(self, game: Game, discarder: int, tile: int) -> bool:
        """Whether ``discarder``'s discards to come may throw this tile's kind again
        (``60`` entries read through the draw list beside them)."""
        kind = game.faces[tile].kind
        rest = self.seats[discarder]
        for slot, entry in enumerate(rest.discards):
            if isinstance(entry, int):
                code = entry
            elif entry.startswith("r"):
                code = int(entry[1:])
            else:
                continue  # a kan or a North set aside
            if code == TSUMOGIRI:
                drawn = rest.draws[slot] if slot < len(rest.draws) else None
                if not isinstance(drawn, int):
                    return True  # cannot tell: may be the same
                code = drawn
            if code and from_tenhou(code).kind == kind:
                return True
        return False

    def _turn(self, game: Game, seat: int, legal: list[Action]) -> Action:
        discards = self.seats[seat].discards
        if not discards:
            result = self.hand.result
            if result == WIN and any(w.tsumo for w in self._wins_of(seat)):
                return pick_legal(legal, Action(A.TSUMO))
            if result == "九種九牌":
                return pick_legal(legal, Action(A.ABORT))
            raise RecordError(f"seat {seat} is to act, but the log has nothing more for it")
        entry = discards.popleft()
        drawn = game.faces[game.drawn] if game.drawn is not None else None
        if isinstance(entry, int):
            if entry == TSUMOGIRI:
                if drawn is None:
                    raise RecordError(f"seat {seat}: a tsumogiri without a drawn tile")
                return pick_legal(legal, Action(A.DISCARD, drawn))
            return pick_legal(legal, Action(A.DISCARD, from_tenhou(entry)))
        if entry == NUKI:  # a North set aside (three players)
            return pick_legal(legal, Action(A.NUKI, _NORTH))
        if entry.startswith("r"):
            code = int(entry[1:])
            face = drawn if code == TSUMOGIRI else from_tenhou(code)
            if face is None:
                raise RecordError(f"seat {seat}: a riichi tsumogiri without a drawn tile")
            return pick_legal(legal, Action(A.RIICHI, face))
        call = parse_call(entry)
        taken = from_tenhou(call.taken)
        if call.letter == "a":
            return pick_closed_kan(legal, taken)
        return pick_legal(legal, Action(A.KAKAN, taken))


def pick_closed_kan(legal: list[Action], tile: Tile) -> Action:
    """The closed kan of ``tile``'s kind the engine offers (it names one face of the four
    tiles, which may not be the one a log names)."""
    for action in legal:
        if action.type is A.ANKAN and action.tiles[0].kind == tile.kind:
            return action
    raise IllegalActionError(f"ankan {tile} is not legal; legal: {_list(legal)}")


def pick_legal(legal: list[Action], want: Action) -> Action:
    """``want`` if the engine offers it now; IllegalActionError naming the legal ones."""
    if want in legal:
        return want
    raise IllegalActionError(f"{want} is not legal; legal: {_list(legal)}")


def _list(legal: list[Action]) -> str:
    return ", ".join(map(str, legal))


def _show(entries: deque[Entry]) -> str:
    return repr(entries[0]) if entries else "nothing"


# ---------------------------------------------------------------------- walls


def riichi_hand_wall(
    faces: Sequence[Tile],
    dealer: int,
    dealt: Sequence[Sequence[Tile]],
    dora: Sequence[Tile],
    ura: Sequence[Tile],
    drawn: Sequence[Tile],
    where: str,
) -> list[int]:
    """The tile order of a logged riichi hand (the riichi ruleset's ``build_wall``
    layout): the dealt tiles (13 each from the dealer; ``dealt`` has one list per seat,
    three or four), the live wall in any order (draws
    are scripted), then the dead wall: 4 replacement tiles, 5 dora and 5 ura indicators,
    the logged indicators in their slots and in the other slots tiles that nobody draws in
    this hand (``drawn``: every tile drawn, replacement draws included)."""
    free: dict[Tile, list[int]] = {}
    for i, face in enumerate(faces):
        free.setdefault(face, []).append(i)

    def take(face: Tile) -> int:
        ids = free.get(face)
        if not ids:
            raise RecordError(f"{where}: more {face} than the tile set holds")
        return ids.pop()

    n = len(dealt)
    ordered = [take(t) for i in range(n) for t in dealt[(dealer + i) % n]]
    dora_ids = [take(t) for t in dora]
    ura_ids = [take(t) for t in ura]
    if len(dora_ids) > 5 or len(ura_ids) > 5:
        raise RecordError(f"{where}: more than 5 dora or ura indicators")
    for face in drawn:  # kept out of the dead wall's other slots
        take(face)
    spare = [i for ids in free.values() for i in ids]  # nobody draws these
    filler_needed = 14 - len(dora_ids) - len(ura_ids)
    if len(spare) < filler_needed:
        raise RecordError(f"{where}: too many tiles drawn to leave a dead wall")
    filler = spare[:filler_needed]
    used = set(ordered) | set(dora_ids) | set(ura_ids) | set(filler)
    live = [i for i in range(len(faces)) if i not in used]
    more = filler[4:]
    indicators = (dora_ids + more)[:5]
    hidden = (ura_ids + (dora_ids + more)[5:])[:5]
    return ordered + live + filler[:4] + indicators + hidden


def hand_wall(hand: TenhouHand, tileset: TileSet | None = None) -> list[int]:
    """The wall of a Tenhou hand (see :func:`riichi_hand_wall`)."""
    if tileset is None:
        from ..tiles import riichi_set

        tileset = riichi_set()
    return riichi_hand_wall(
        tileset.tiles,
        hand.dealer,
        [[from_tenhou(t) for t in h] for h in hand.haipai[: hand.players]],
        [from_tenhou(t) for t in hand.dora_indicators],
        [from_tenhou(t) for t in hand.ura_indicators],
        [from_tenhou(t) for d in hand.draws for t in d if isinstance(t, int)],
        f"hand {hand.number}",
    )


# ---------------------------------------------------------------------- checking


@dataclass
class HandCheck:
    """How one hand of the log went through the engine."""

    number: int
    kyoku: int
    honba: int
    result: str
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def label(self) -> str:
        rounds = "ESWN"
        return f"{rounds[self.kyoku // 4]}{self.kyoku % 4 + 1}-{self.honba}"


#: Readings of a game's calls tried (see :class:`TenhouScript`) before a replay that
#: differs is reported as it first went.
MAX_READINGS = 64


#: Called with every decision of a replay, before its action is played: (the game, the
#: seat, its legal actions, the log's action). A replay that plays a game again (another
#: reading of its calls) starts with a new Game object.
Watch = Callable[[Game, int, list[Action], Action], None]


def replay_log(
    log: TenhouGame, record: bool = True, expect_end: bool = True, watch: Watch | None = None
) -> tuple[Game, list[HandCheck]]:
    """Play the log's game through the engine; every hand checked (see the module).
    ``expect_end``: the log holds a whole game, so the engine must end it after the
    log's last hand (False for the log of a game stopped early).

    A call the format leaves open (:class:`TenhouScript`) is first made on the first
    discard it may belong to; a hand that then does not replay is played again with the
    other reading of its open calls, the last one first (at most :data:`MAX_READINGS`
    plays in all). When none replays, the first play's checks are returned. ``watch``
    sees every decision (:data:`Watch`)."""
    from ..rules import get_ruleset

    rules = get_ruleset("riichi", options_for(log))
    walls = [hand_wall(h, rules.tileset) for h in log.hands]
    plan: list[bool] = []
    first: tuple[Game, list[HandCheck]] | None = None
    for _ in range(MAX_READINGS):
        script = TenhouScript(log, expect_end, plan)
        game = Game(rules, seed=0, record=True, walls=walls, script=script)
        checks, complete = play_hands(
            game, log.hands, script.answer, _check_start, _check_end, watch=watch
        )
        if complete and checks and expect_end and not game.over:
            checks[-1].problems.append("the engine plays on after the log's last hand")
        if all(c.ok for c in checks):
            return game, checks
        if first is None:
            first = game, checks
        # the other reading of the last open call of the hand that differs (the hands
        # before it replayed: their readings stay)
        failed = next(c.number for c in checks if not c.ok)
        used = list(script.choices)
        while used and (used[-1][0] == failed and not used[-1][1]):
            used.pop()
        if not used or used[-1][0] != failed:
            break
        plan = [called for _, called in used[:-1]] + [False]
    assert first is not None
    return first


class LoggedHand(Protocol):
    """What :func:`play_hands` reads of a logged hand (Tenhou's and mjai's)."""

    @property
    def kyoku(self) -> int: ...
    @property
    def honba(self) -> int: ...
    @property
    def result(self) -> str: ...


H = TypeVar("H", bound=LoggedHand)


def play_hands(
    game: Game,
    hands: Sequence[H],
    answer: Callable[[Game, int, list[Action]], Action],
    check_start: Callable[[Game, H, HandCheck], None],
    check_end: Callable[[Game, H, int, HandCheck], None],
    at_end: Callable[[Game], bool] | None = None,
    watch: Watch | None = None,
) -> tuple[list[HandCheck], bool]:
    """The one replay loop of logged games: hand by hand, check the start, play the
    hand through the engine with the log's ``answer`` for every decision, check the end
    (``check_end`` gets the index of the hand's ``hand_start`` event). It stops at the
    first hand with a problem, or where ``at_end`` says the log stops. ``watch`` sees
    every decision before it is played. Returns the checks and whether every hand was
    played to its end."""
    checks: list[HandCheck] = []
    for index, hand in enumerate(hands):
        check = HandCheck(index, hand.kyoku, hand.honba, hand.result)
        checks.append(check)
        if game.over or game.hand_number != index:
            check.problems.append("the engine ended the game before this hand")
            return checks, False
        check_start(game, hand, check)
        begin = len(game.events) - 1
        while game.events[begin].type != "hand_start":
            begin -= 1
        stopped = False
        try:
            while not game.over and game.hand_number == index:
                if at_end is not None and at_end(game):
                    stopped = True
                    break
                for seat, legal in game.decisions():
                    action = answer(game, seat, legal)
                    if watch is not None:
                        watch(game, seat, legal, action)
                    game.step(seat, action)
        except SparrowsError as exc:  # IllegalActionError included
            check.problems.append(f"{exc}")
            return checks, False
        check_end(game, hand, begin, check)
        if check.problems or stopped:
            return checks, False
    return checks, True


def _check_start(game: Game, hand: TenhouHand, check: HandCheck) -> None:
    st = game.state
    sticks = game.ledger.pots["points"] // game.ruleset.options.riichi_stick
    want = (hand.kyoku % 4, hand.kyoku // 4, hand.honba, hand.riichi_sticks, hand.start_scores)
    # four scores (a three-player log writes 0 for the fourth seat)
    scores = (*game.scores, *[0] * (4 - game.n))
    got = (game.dealer, game.round_wind, st.honba, sticks, scores)
    if want != got:
        check.problems.append(
            f"hand start: the log has dealer, round, honba, sticks, scores {want}, the engine {got}"
        )


def _check_end(game: Game, hand: TenhouHand, begin: int, check: HandCheck) -> None:
    events: list[Any] = game.events[begin:]
    deposits = [0] * 4
    deltas = [0] * 4
    wins = []
    ended = None
    for e in events:
        if e.type == "transfer" and e.account == "points":
            if e.reason == "riichi":
                deposits[e.src] += e.amount
            apply_transfer(deltas, e)
        elif e.type == "win":
            wins.append(e)
        elif e.type in ("exhaustive_draw", "abort"):
            ended = e
        elif e.type == "hand_end":
            break
    for s in range(4):
        deltas[s] += deposits[s]  # Tenhou's changes leave out the sticks put down
    want = list(hand.total_deltas)
    if hand.result == WIN:
        if len(wins) != len(hand.wins):
            check.problems.append(f"{len(wins)} win(s) where the log has {len(hand.wins)}")
        for ours, theirs in zip(wins, hand.wins, strict=False):
            _compare_win(game, ours, theirs, check)
    elif hand.result in EXHAUSTIVE_DRAWS:
        if ended is None or ended.type != "exhaustive_draw":
            check.problems.append(f"the log has {hand.result}, the engine {ended}")
    else:
        reason = ABORTS.get(hand.result)
        if ended is None or ended.type != "abort" or ended.reason != reason:
            check.problems.append(f"the log has {hand.result} ({reason}), the engine {ended}")
    if deltas != want:
        check.problems.append(f"score changes {deltas}, the log {want}")


def _compare_win(game: Game, ours: Any, theirs: TenhouWin, check: HandCheck) -> None:
    detail = ours.detail
    if (ours.seat, ours.from_seat if ours.from_seat is not None else ours.seat) != (
        theirs.winner,
        theirs.from_seat,
    ):
        check.problems.append(
            f"win by {ours.seat} from {ours.from_seat}, the log {theirs.winner} from "
            f"{theirs.from_seat}"
        )
        return
    want_ids = sorted(theirs.yaku_ids)
    # Norths set aside (three players) count with the dora: Tenhou's yaku have no name
    # of their own for them (see docs/formats.md)
    ids = sorted({"dora" if y == "nuki" else y for y, _ in detail["yaku"]})
    if theirs.is_yakuman:
        want_ids = sorted(i for i in want_ids if i not in ("dora", "aka", "ura"))
    if ids != want_ids:
        check.problems.append(f"yaku {ids}, the log {want_ids}")
    if (
        not theirs.is_yakuman
        and theirs.fu
        and (detail["han"], detail["fu"])
        != (
            theirs.han,
            theirs.fu,
        )
    ):
        check.problems.append(
            f"{detail['han']} han {detail['fu']} fu, the log {theirs.han} han {theirs.fu} fu"
        )
    opts: Any = game.ruleset.options
    printed = tenhou_points_text(detail, theirs.tsumo, opts.honba_ron, game.n - 1)
    if printed != theirs.points_text:
        check.problems.append(f"points {printed}, the log {theirs.points_text}")
