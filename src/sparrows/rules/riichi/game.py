"""The riichi game on the shared engine: deal, draws, calls, kans, riichi, furiten, wins,
draws and aborts, honba and sticks, dealer rotation, game end with oka and uma.

Decisions where ``../shared/rules/riichi.md`` is silent follow Tenhou (whose real games
the tests replay):

* The dead wall is 14 tiles: 4 replacement tiles, 5 dora and 5 ura indicators; every
  replacement draw moves the last live tile to the dead wall (the live wall shrinks by one).
* Kan dora of an open or added kan is turned when the kan player discards (before the
  claims on that discard, so a ron on it counts it); a closed kan's at once
  (``kan_dora_at_once``: every kan's at once). A kan others may rob turns its dora only
  once nobody robbed it: a robbed kan turns none (riichi.wiki "Chankan").
* No call on the last discard (houtei), no kan on the last tile, at most four kans.
* A call that would leave only tiles forbidden by kuikae is not offered.
* Riichi needs a closed hand, ``riichi_min_points`` and ``riichi_min_tiles`` left; a
  riichi discard that is ronned puts no stick down. A closed kan in riichi only when the
  drawn tile makes it and the waits stay the same.
* Furiten: any wait in one's own discards (called ones included); a passed ron (on a
  discard or a robbed kan) until one's own next discard, or for the rest of the hand in
  riichi.
* Nine terminals: on a player's first draw while nobody has called (a closed kan counts).
  Four winds, four riichi and four kans by several players abort once the discard that
  completes them is not ronned; three ron abort (``triple_ron_abort``).
* Exhaustive draw: nagashi mangan is paid as a mangan tsumo without honba and replaces the
  noten payments; otherwise ``noten_penalty`` is split between noten and tenpai players.
* The dealer repeats on a win (also one of several) or tenpai at an exhaustive draw, and
  after an abort; honba +1 then and on any draw, back to 0 when a non-dealer wins. Sticks
  go to the winner nearest the discarder's right; they stay on the table after a draw.
* The game ends when a player goes below 0 (``bust``), after the last hand of the last
  round once someone has the return points (else the next round extends it, sudden death:
  the game ends after any extension hand in which someone has them, at the latest after
  West 4 in hanchan, South 4 in tonpuu), or when the dealer of the last hand wins or is
  ready at the draw in first place with at least the return points (``agari_yame``,
  which covers tenpai-yame as on Tenhou). Leftover sticks go to the first place. Ties in
  the ranking go to the seat nearer the first dealer. The final results (points / 1000
  minus the return, with uma and oka) keep one decimal.
* Pao (daisangen, daisuushi): the liable player pays all of a tsumo; on a ron the
  discarder and the liable player pay half each and the liable player pays the honba.
  With another yakuman in the hand the liable player covers it too (Tenhou), or with
  ``pao_yakuman_only`` only its own yakuman, the others paid as usual (Mahjong Soul).
* A kan declared while an earlier kan's dora is still to be turned turns that one first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._mypyc import mypyc_attr
from ...engine import flow as fl
from ...engine.actions import Action, ActionType
from ...engine.ledger import POT
from ...tiles import MeldType
from ...tiles.kinds import HONOR, NORTH, WINDS
from .. import calls
from .hand import TERMINAL_HONOR

if TYPE_CHECKING:
    from ...engine.game import Game

from .settlement import RiichiSettlement
from .table import (
    _ABORT,
    _NUKI,
    _PASS,
    _RIICHI_TYPES,
    _RON,
    _TSUMO,
    A,
    HandState,
)


@mypyc_attr(allow_interpreted_subclasses=True)
class RiichiRuleset(RiichiSettlement):
    """Riichi on the shared engine (every preset; its layers: see :mod:`.table`). A table
    with the house preset's options plays :class:`~.house.play.HouseRuleset`, this class
    with the house layer's hook points filled (:func:`.ruleset.riichi_ruleset` chooses)."""

    # ------------------------------------------------------------------ hook points
    def _special_tsumo(self, game: Game, seat: int) -> bool:
        """Whether the drawn tile offers a special win (one that completes no hand)."""
        return False

    def _special_tsumo_win(self, game: Game, seat: int) -> tuple[list[fl.Op], fl.Next] | None:
        """The special win a tsumo declares, when it is one (not an ordinary win)."""
        return None

    def _riichi_declarations(
        self, game: Game, seat: int, discards: list[Action], closed: bool
    ) -> list[Action]:
        """A closed hand's riichi on each discard that leaves it ready, in the order of
        ``discards``."""
        if not closed:
            return []
        ready = self._riichi_kinds(game, seat)
        if not ready:
            return []
        riichi = self._riichi
        return [riichi[d.tiles[0]] for d in discards if d.tiles[0].kind in ready]

    def start_hand(self, game: Game) -> fl.Outcome:
        game.state.hand = HandState()
        d = game.dealer
        order = tuple((d + i) % self.num_players for i in self._seats)
        ops = (fl.Deal(order, (13,) * self.num_players), fl.RevealIndicator())
        return fl.Outcome(ops, self._turns[d])

    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        hs: HandState = game.state.hand
        hand = game.hands[seat]
        kind = self._kind
        faces = game.faces
        opts = self.options
        key = game.hand_key[seat]
        out: list[Action] = []
        drawn = game.drawn
        wild = drawn is not None and self._wildcard(game, seat, drawn)
        if drawn is not None and (
            (wild or kind[drawn] in self._waits_before_draw(game, seat, kind[drawn]))
            and self._score(game, self._situation(game, seat, drawn, True), wild).is_win
        ):
            out.append(_TSUMO)
        elif drawn is not None and self._special_tsumo(game, seat):
            out.append(_TSUMO)  # a special win (the player may decline it)
        wall_left = game.wall.left
        can_kan = drawn is not None and wall_left > 0 and sum(hs.kans) < 4
        if (
            self.num_players == 3
            and drawn is not None
            and game.wall.can_replace()
            and (kind[drawn] == NORTH if hs.riichi[seat] else game.counts[seat][NORTH])
        ):
            out.append(_NUKI)  # a North set aside as nuki dora (in riichi: the drawn one)
        if hs.riichi[seat]:
            assert drawn is not None
            k = kind[drawn]
            if can_kan and game.counts[seat][k] == 4:  # a kan that keeps the waits
                counts = game.counts[seat][:34]
                counts[k] -= 1
                before = self.waits_of_key(key - self._pow[k], counts)
                counts[k] -= 3
                if before and self.waits_of_key(key - 4 * self._pow[k], counts) == before:
                    out.append(Action(A.ANKAN, faces[drawn]))
            out.append(self._discard[faces[drawn]])
            return out
        # discards (kuikae: not the called kinds right after a chi or pon)
        banned = hs.kuikae
        codes = game.face_code
        by_code = self._discard_by_code
        if banned:
            discards = [
                by_code[c] for c in sorted({codes[t] for t in hand if kind[t] not in banned})
            ]
        else:
            discards = [by_code[c] for c in sorted({codes[t] for t in hand})]
        if (
            drawn is not None
            and game.scores[seat] >= opts.riichi_min_points
            and wall_left >= opts.riichi_min_tiles
        ):
            out += self._riichi_declarations(game, seat, discards, self._closed(game, seat))
        if can_kan:
            out += calls.turn_kongs(game, seat)
        if (
            opts.abortive_draws
            and drawn is not None
            and hs.clean
            and not game.discards[seat]
            and len({kind[t] for t in hand if kind[t] in TERMINAL_HONOR}) >= 9
        ):
            out.append(_ABORT)
        if not out:
            return discards
        return out + discards

    def on_turn(self, game: Game, seat: int, action: Action) -> fl.Outcome:
        t = action.type
        hs: HandState = game.state.hand
        if t is A.DISCARD or t is A.RIICHI or t is A.OPEN_RIICHI or t is A.TAKO_RIICHI:
            return self._discard_outcome(game, seat, action)
        if t is A.TSUMO:
            assert game.drawn is not None
            special = self._special_tsumo_win(game, seat)
            if special is not None:
                return fl.Outcome(*special)
            return fl.Outcome(*self._wins(game, [seat], None, game.drawn, tsumo=True))
        if t is A.ABORT:
            return self._abort(game, "nine terminals", seat)
        if t is A.NUKI:  # a North set aside: a replacement draw, robbed only by kokushi
            tile = game.tile_of(seat, action.tiles[0])
            ops_n: list[fl.Op] = [fl.SetAside(seat, tile)]
            if self.options.kokushi_robs_kita:
                robbers = self._robbers(game, seat, tile, kokushi_only=True)
                if robbers:
                    return fl.Outcome(ops_n, fl.tile_window("rob", robbers, seat, tile, "kita"))
            self._call_made(hs)  # a call (Tenhou, Mahjong Soul) once it stands
            return fl.Outcome(ops_n, fl.Turn(seat, fl.REPLACEMENT))
        if t is A.ANKAN:
            k = action.tiles[0].kind
            ids = tuple(x for x in game.hands[seat] if self._kind[x] == k)
            hs.kans[seat] += 1
            hs.last_kan = (seat, None)
            self._call_made(hs)
            ops: list[fl.Op] = self._pending_dora(hs)  # an earlier kan's first
            ops.append(fl.MakeMeld(seat, MeldType.CLOSED_KAN, ids))
            robbers = {}
            if self.options.kokushi_robs_ankan:
                robbers = self._robbers(game, seat, ids[0], kokushi_only=True)
            if robbers:  # its dora once the kan stands (a robbed kan turns none)
                return fl.Outcome(ops, fl.tile_window("rob", robbers, seat, ids[0], "ankan"))
            ops.append(fl.RevealIndicator())  # a closed kan's dora at once
            return fl.Outcome(ops, fl.Turn(seat, fl.REPLACEMENT))
        if t is A.KAKAN:  # ippatsu is broken once the kan stands (a robber keeps it)
            tile = game.tile_of(seat, action.tiles[0])
            hs.kans[seat] += 1
            hs.last_kan = (seat, None)
            ops = self._pending_dora(hs)  # an earlier kan's first
            ops.append(fl.MakeMeld(seat, MeldType.ADDED_KAN, (tile,)))
            if not self.options.kan_dora_at_once:
                hs.dora_due += 1  # turned at the kan player's discard
            robbers = self._robbers(game, seat, tile)
            if robbers:  # at once: its dora once the kan stands (a robbed kan turns none)
                return fl.Outcome(ops, fl.tile_window("rob", robbers, seat, tile, "kakan"))
            if self.options.kan_dora_at_once:
                ops.append(fl.RevealIndicator())
            self._call_made(hs)
            return fl.Outcome(ops, fl.Turn(seat, fl.REPLACEMENT))
        raise AssertionError(f"unexpected turn action {action}")  # pragma: no cover

    def _discard_outcome(self, game: Game, seat: int, action: Action) -> fl.Outcome:
        hs: HandState = game.state.hand
        tile = game.tile_of(seat, action.tiles[0])
        riichi = action.type in _RIICHI_TYPES
        ops: list[fl.Op] = [fl.DiscardTile(seat, tile, riichi=riichi), *self._pending_dora(hs)]
        if riichi:
            hs.pending_riichi = seat
            hs.pending_double = hs.clean and not game.discards[seat]
            self._declaring(hs, action)
        elif hs.riichi[seat]:
            hs.ippatsu[seat] = False  # the riichi player's own discard ends its ippatsu
        hs.temp_furiten[seat] = False
        hs.kuikae = frozenset()
        if hs.clean and not game.discards[seat] and len(hs.first_winds) < 4:
            hs.first_winds.append(self._kind[tile])
        if not hs.riichi[seat] and any(hs.riichi):
            hs.faced_riichi[seat] = 1  # a discard made while an opponent is in riichi
        if sum(hs.kans) >= 4 and sum(1 for n in hs.kans if n) > 1:
            hs.four_kans_due = True
        claims = self._claims(game, seat, tile)
        if claims:
            return fl.Outcome(ops, fl.tile_window("claim", claims, seat, tile))
        ops2, nxt = self._after_discard(game, seat)
        return fl.Outcome(ops + ops2, nxt)

    def _after_discard(self, game: Game, seat: int) -> tuple[list[fl.Op], fl.Next]:
        """A discard nobody took: the riichi stick goes down, aborts, the next turn."""
        hs: HandState = game.state.hand
        ops: list[fl.Op] = []
        opts = self.options
        declared = hs.pending_riichi == seat
        if declared:
            ops += self._riichi_stick_down(game, seat)
            if opts.abortive_draws and all(hs.riichi):
                ops += self._abort_ops(game, "four riichi")
                return ops, fl.EndHand("abort")
        if opts.abortive_draws:
            w = hs.first_winds
            if hs.clean and len(w) == 4 and w[0] in WINDS and w.count(w[0]) == 4:
                hs.first_winds = []
                ops += self._abort_ops(game, "four winds")
                return ops, fl.EndHand("abort")
            if hs.four_kans_due:
                ops += self._abort_ops(game, "four kans")
                return ops, fl.EndHand("abort")
        return ops, self._turn_after(game, seat, declared)

    def _turn_after(self, game: Game, seat: int, declared: bool) -> fl.Next:
        """The turn after ``seat``'s discard that nobody took (``declared``: it declared
        riichi): the next seat's (the house layer's tako riichi draws twice)."""
        return self._turns[(seat + 1) % self.num_players]

    def _declaring(self, hs: HandState, action: Action) -> None:
        """A riichi discard made (not yet standing): the house layer notes which riichi."""

    def _declared(self, hs: HandState, seat: int) -> None:
        """``seat``'s riichi stands: the house layer makes its kind (open, tako) stand."""

    def _claimed(self, hs: HandState) -> None:
        """A discard claimed (chi, pon, open kan): the house layer's tako draw ends."""

    def _claims(self, game: Game, discarder: int, tile: int) -> dict[int, list[Action]]:
        hs: HandState = game.state.hand
        kind = self._kind
        k = kind[tile]
        last = game.wall.left == 0
        kans_left = sum(hs.kans) < 4
        next_seat = (discarder + 1) % self.num_players
        claims: dict[int, list[Action]] = {}

        def allowed(seat: int, call: ActionType, used: tuple[int, ...]) -> bool:
            """Kuikae: the call must leave a tile that may be discarded (a kan draws)."""
            if call is A.KAN:
                return True
            run = (used[0], used[1]) if call is A.CHI else None
            return self._call_leaves_discard(game, seat, (used[0], used[1]), k, run)

        for s in self._others[discarder]:
            opts: list[Action] = []
            if (
                k in self.waits_of(game, s)
                and not self._furiten(game, s, k)
                and self._score(
                    game, self._situation(game, s, tile, False, False, discarder)
                ).is_win
            ):
                opts.append(_RON)
            if not hs.riichi[s] and not last:
                opts += calls.claim_calls(
                    game,
                    s,
                    tile,
                    chi=s == next_seat and self.num_players == 4,
                    kong=kans_left,
                    allowed=allowed,
                )
            if opts:
                opts.append(_PASS)
                claims[s] = opts
        return claims

    @staticmethod
    def _kuikae(k: int, run: tuple[int, int] | None) -> frozenset[int]:
        """Kinds the caller may not discard after calling kind ``k`` (with ``run`` for a
        chi): the called kind, and the other end of a run called at its end."""
        banned = {k}
        if run is not None:
            a, b = run
            if a == k + 1 and (k + 3) // 9 == k // 9 and k + 3 < HONOR:
                banned.add(k + 3)
            if b == k - 1 and k - 3 >= 0 and (k - 3) // 9 == k // 9:
                banned.add(k - 3)
        return frozenset(banned)

    def _call_leaves_discard(
        self, game: Game, seat: int, used: tuple[int, int], k: int, run: tuple[int, int] | None
    ) -> bool:
        """Whether the hand left after calling kind ``k`` with two tiles of the kinds
        ``used`` holds a tile kuikae allows to discard."""
        held = game.counts[seat]
        total = len(game.hands[seat]) - 2
        banned = sum(held[b] - used.count(b) for b in self._kuikae(k, run))
        return total > banned

    def _robbers(
        self, game: Game, kan_seat: int, tile: int, kokushi_only: bool = False
    ) -> dict[int, list[Action]]:
        k = self._kind[tile]
        out: dict[int, list[Action]] = {}
        for s in self._others[kan_seat]:
            if k in self.waits_of(game, s) and not self._furiten(game, s, k):
                chankan = k != NORTH or self.num_players == 4
                sit = self._situation(game, s, tile, False, chankan, kan_seat)
                r = self._score(game, sit)
                if r.is_win and (not kokushi_only or r.shape == 2):
                    out[s] = [_RON, _PASS]
        return out

    def resolve(self, game: Game, window: fl.Window, answers: dict[int, Action]) -> fl.Outcome:
        hs: HandState = game.state.hand
        if window.kind == "rob":
            kan_seat, tile = fl.played(window)
            how: str = window.data  # kakan, ankan or kita
            rons = [s for s in self._others[kan_seat] if answers.get(s) == _RON]
            self._note_passed_rons(hs, window, answers)
            if rons:
                chankan = how != "kita"  # a robbed North is no kan: no chankan
                ops, end = self._wins(
                    game, rons, kan_seat, tile, tsumo=False, chankan=chankan, robbed=True
                )
                return fl.Outcome(ops, end)
            if how == "kakan" or how == "kita":
                self._call_made(hs)  # the kan or North stands: a call
            stands: list[fl.Op] = []
            if how == "ankan" or (how == "kakan" and self.options.kan_dora_at_once):
                stands.append(fl.RevealIndicator())  # the kan stands: its dora now
            return fl.Outcome(stands, fl.Turn(kan_seat, fl.REPLACEMENT))
        discarder, tile = fl.played(window)
        order = self._others[discarder]
        rons = [s for s in order if answers.get(s) == _RON]
        self._note_passed_rons(hs, window, answers)
        if rons:
            hs.pending_riichi = -1  # a ronned riichi discard puts no stick down
            if len(rons) == 3 and self.options.triple_ron_abort:
                return fl.Outcome(self._abort_ops(game, "three ron"), fl.EndHand("abort"))
            ops, end = self._wins(game, rons, discarder, tile, tsumo=False)
            return fl.Outcome(ops, end)
        taken = calls.winning_call(order, answers)  # kan and pon before chi, then nearest
        if taken is None:
            ops, nxt = self._after_discard(game, discarder)
            return fl.Outcome(ops, nxt)
        seat, action = taken
        ops = self._riichi_stick_down(game, discarder)
        call_ops, nxt = self._call_ops(game, seat, action, discarder, tile)
        return fl.Outcome(ops + call_ops, nxt)

    def _riichi_stick_down(self, game: Game, seat: int) -> list[fl.Op]:
        """The riichi declared by ``seat``'s discard, which nobody ronned, takes effect."""
        hs: HandState = game.state.hand
        if hs.pending_riichi != seat:
            return []
        hs.pending_riichi = -1
        hs.riichi[seat] = 2 if hs.pending_double else 1
        hs.ippatsu[seat] = True
        self._declared(hs, seat)
        stick = self.options.riichi_stick
        if self.options.low_riichi_busts and game.scores[seat] < stick:
            hs.low_riichi[seat] = True  # must win the hand or bust
        return [fl.Move("points", seat, POT, stick, "riichi")]

    def _call_ops(
        self, game: Game, seat: int, action: Action, discarder: int, tile: int
    ) -> tuple[list[fl.Op], fl.Next]:
        hs: HandState = game.state.hand
        k = self._kind[tile]
        ids = game.take(seat, action.tiles)
        self._call_made(hs)
        self._claimed(hs)
        if action.type is A.KAN:
            meld = MeldType.OPEN_KAN
        elif action.type is A.PON:
            meld = MeldType.PON
        else:
            meld = MeldType.CHI
        self._note_pao(game, seat, meld, k, discarder)
        ops: list[fl.Op] = [fl.MakeMeld(seat, meld, ids, tile, discarder)]
        if meld is MeldType.OPEN_KAN:
            hs.kans[seat] += 1
            hs.last_kan = (seat, discarder)
            if self.options.extra_pao and hs.kans[seat] == 4:
                hs.pao[seat]["suukantsu"] = discarder  # the feeder of the fourth kan
            if self.options.kan_dora_at_once:
                ops.append(fl.RevealIndicator())
            else:
                hs.dora_due += 1
            return ops, fl.Turn(seat, fl.REPLACEMENT)
        run = None
        if meld is MeldType.CHI:
            ks = sorted(f.kind for f in action.tiles)
            run = (ks[0], ks[1])
        hs.kuikae = self._kuikae(k, run)
        return ops, fl.Turn(seat, fl.NO_DRAW)
