"""Riichi's settlement layer: wins (several on one tile, pao, honba and sticks), the
exhaustive draw (nagashi, noten payments), aborts, the next hand and the game's end."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..._mypyc import mypyc_attr
from ...engine import events as ev
from ...engine import flow as fl
from ...engine.actions import Action
from ...engine.ledger import POT
from ...tiles import MeldType
from ...tiles.kinds import DRAGONS, WINDS
from ..wins import win_entries
from .hand import TERMINAL_HONOR
from .options import RiichiOptions
from .points import LIMIT_BASE, Payment, nagashi_payment, payment, settle
from .scoring import RiichiScore
from .situation import WinSituation

if TYPE_CHECKING:
    from ...engine.game import Game

from .table import (
    _RON,
    PAO_YAKUMAN,
    HandState,
    RiichiBase,
    RiichiState,
)


def noten_moves(tenpai: Sequence[int], players: int, penalty: int) -> list[tuple[int, int, int]]:
    """The exhaustive draw's payments as (payer, receiver, points): each player not ready
    pays each ready one an equal part of ``penalty`` (none when all or none are ready)."""
    if not 0 < len(tenpai) < players:
        return []
    part = penalty // (len(tenpai) * (players - len(tenpai)))
    return [(s, t, part) for s in range(players) if s not in tenpai for t in tenpai]


def pao_fed(sets: Iterable[int], k: int) -> tuple[str, ...]:
    """The yakuman whose feeder becomes liable (pao) when a seat whose pon and kan sets
    are of the kinds ``sets`` calls a pon or an open kan of kind ``k``: the third dragon
    set (daisangen) or the fourth wind set (daisuushi)."""
    have = {*sets, k}
    if k in DRAGONS and all(d in have for d in DRAGONS):
        return ("daisangen",)
    if k in WINDS and all(w in have for w in WINDS):
        return ("daisuushi",)
    return ()


def pao_parts(
    liable: Mapping[str, int], yaku: Sequence[tuple[str, int]], names: Sequence[str]
) -> list[tuple[int, int]]:
    """The liable seats of a win's pao yakuman (``liable``: yakuman name -> the seat that
    fed it; ``names``, the yakuman that may have one), each with the yakuman multiples it
    is liable for, in the order of their yakuman in the score ([] if none)."""
    parts: dict[int, int] = {}
    for name, han in yaku:
        if name in liable and name in names:
            seat = liable[name]
            parts[seat] = parts.get(seat, 0) + han // 13
    return list(parts.items())


def pao_split(
    seat: int,
    dealer: int,
    from_seat: int | None,
    parts: list[tuple[int, int]],
    yakuman: int,
    honba: int,
    opts: RiichiOptions,
    players: int,
) -> list[int]:
    """Each seat's change for a yakuman win with pao, yakuman by yakuman: each liable
    seat's yakuman as if it had dealt in, all of it on a tsumo, half on a ron against
    another player (who pays the other half). The yakuman no one is liable for are
    paid as usual (``pao_yakuman_only``, Mahjong Soul's rule), or else (Tenhou's: the
    liable player covers the whole hand) by the first liable seat as if they were its
    own. The first liable seat pays the honba as on a ron. Sticks are not included.
    ``parts`` (from :func:`pao_parts`) is not empty."""
    owed: list[tuple[int, int]] = []  # (payer, amount)
    rest = yakuman - sum(m for _, m in parts)
    if rest and not opts.pao_yakuman_only:
        parts = [(parts[0][0], parts[0][1] + rest), *parts[1:]]
        rest = 0
    for liable, multiple in parts:
        value = payment(LIMIT_BASE["yakuman"] * multiple, seat == dealer, False, 0, 0, opts).ron
        if from_seat is None or from_seat == liable:
            owed.append((liable, value))
        else:
            owed += [(liable, value // 2), (from_seat, value - value // 2)]
    if rest:
        normal = payment(
            LIMIT_BASE["yakuman"] * rest, seat == dealer, from_seat is None, 0, 0, opts
        )
        if from_seat is not None:
            owed.append((from_seat, normal.ron))
        else:
            for other in range(players):
                if other == seat:
                    continue
                by_dealer = other == dealer and normal.tsumo_dealer > 0
                owed.append((other, normal.tsumo_dealer if by_dealer else normal.tsumo_other))
    owed.append((parts[0][0], honba * opts.honba_ron))
    deltas = [0] * players
    for payer, amount in owed:
        deltas[payer] -= amount
        deltas[seat] += amount
    return deltas


def win_deltas(
    seat: int,
    from_seat: int | None,
    dealer: int,
    tsumo: bool,
    result: RiichiScore,
    honba: int,
    liable: Mapping[str, int],
    opts: RiichiOptions,
    players: int,
    rinshan_feeder: int | None = None,
) -> tuple[int | None, list[int]]:
    """One win's liable seat and each seat's change, the riichi sticks left to the pot:
    ``seat`` won ``result`` from ``from_seat`` (None: self-drawn) with ``honba`` to
    collect; ``liable``, the seats that fed its pao yakuman (yakuman name -> seat);
    ``rinshan_feeder``, with ``extra_pao`` the feeder of the open kan whose replacement
    tile it won on (that seat pays all; the caller checks ``extra_pao`` and the
    replacement draw, None otherwise). The engine's settlement and riichi's array tables
    both pay a win here."""
    names = (*PAO_YAKUMAN, "suukantsu") if opts.extra_pao else PAO_YAKUMAN
    parts = pao_parts(liable, result.yaku, names)
    pao = parts[0][0] if parts else None  # the liable seat (of the first such yakuman)
    rinshan_pao = rinshan_feeder is not None
    if rinshan_pao:
        pao = rinshan_feeder
    honba_points = honba * opts.honba_ron if not tsumo else 0
    if (
        parts
        and not rinshan_pao
        and (len(parts) > 1 or opts.pao_yakuman_only)
        and not opts.aotenjou  # (aotenjou: no yakuman's fixed part to split off)
    ):
        deltas = pao_split(seat, dealer, from_seat, parts, result.yakuman, honba, opts, players)
        deltas[seat] += result.payment.sticks  # as settle counts them
    elif tsumo and pao is not None and not rinshan_pao:
        # a yakuman's liable player pays a tsumo as if it had been a ron against
        # it (with three players more than the tsumo's total, which loses a share)
        as_ron = payment(result.basic, seat == dealer, False, honba, 0, opts)
        as_ron.sticks = result.payment.sticks
        deltas = settle(as_ron, seat, pao, dealer, None, 0, players)
    else:
        deltas = settle(result.payment, seat, from_seat, dealer, pao, honba_points, players)
    deltas[seat] -= result.payment.sticks  # the sticks come from the pot
    return pao, deltas


def game_goes_on(
    kyoku: int,
    renchan: bool,
    decided: bool,
    scores: Sequence[int],
    dealer: int,
    dealer_top: bool,
    final: int,
    opts: RiichiOptions,
) -> bool:
    """Whether the game goes on after a hand that busted nobody and called no game:
    ``kyoku``, the hand's place in the game by dealer turns (``final``, the last one's:
    East 4 or South 4); ``renchan``, ``dealer`` keeps the deal; ``decided``, the hand
    ended in a win or the exhaustive draw (not an abort); ``dealer_top``, the dealer is
    first by ``scores``. In the West extension the game ends once a player has the
    return points; at the last hand it ends unless the dealer keeps the deal (and then
    the dealer may stop there, first with the return points: agari-yame), or nobody has
    the return points and the extension (at most as many hands as players) is played."""
    reached = max(scores) >= opts.return_points
    if kyoku > final and reached:  # sudden death in the extension
        return False
    if kyoku < final:
        return True
    if renchan:
        stop = decided and opts.agari_yame and dealer_top
        return not (stop and scores[dealer] >= opts.return_points)
    limit = final + len(scores)  # the extension's last hand: West 4 / South 4
    return not (reached or not opts.west_extension or kyoku >= limit)


def final_figures(scores: Sequence[int], places: Sequence[int], opts: RiichiOptions) -> list[float]:
    """The game's final figures per seat: points less the return points, in thousands,
    with uma by place and oka to the first, to a tenth."""
    uma_a, uma_b = opts.uma
    if len(scores) == 3:  # 1st +a, 2nd +b, 3rd -(a + b)
        uma = {1: uma_a, 2: uma_b, 3: -uma_a - uma_b}
    else:
        uma = {1: uma_a, 2: uma_b, 3: -uma_b, 4: -uma_a}
    oka = (opts.return_points - opts.start_points) * len(scores) / 1000
    final = []
    for score, place in zip(scores, places, strict=True):
        value = (score - opts.return_points) / 1000 + uma[place]
        if place == 1:
            value += oka
        final.append(round(value, 1))
    return final


def next_honba(honba: int, renchan: bool, won: bool) -> int:
    """The honba of the next hand: one more unless a non-dealer won (then none)."""
    return honba + 1 if renchan or not won else 0


@mypyc_attr(allow_interpreted_subclasses=True)
class RiichiSettlement(RiichiBase):
    """Riichi's settlement layer: wins (several on one tile, pao, honba and sticks), the
    exhaustive draw, aborts, the next hand and the game's end. Its hook points (a window
    before the wins are paid, chips, a win's further items and detail, chips at a bust
    or a called game, the final result) do nothing here; the house preset's layer
    (:class:`~.house.play.HouseRuleset`) fills them."""

    # ------------------------------------------------------------------ hook points
    def _win_window(
        self,
        game: Game,
        winners: list[int],
        from_seat: int | None,
        tile: int,
        tsumo: bool,
        chankan: bool,
        robbed: bool,
    ) -> fl.Window | None:
        """A window to open before the wins on a tile are paid (the house preset's kokan
        asks its winners to choose), or None: they are paid at once."""
        return None

    def _chip_moves(
        self, winner: int, from_seat: int | None, pao: int | None, chips: int
    ) -> list[fl.Op]:
        """The chip moves of a win worth ``chips`` (no chips in standard riichi)."""
        return []

    def _extra_items(
        self, game: Game, seat: int, tile: int, tsumo: bool, result: RiichiScore
    ) -> list[str]:
        """Statistics items of a win beside its yaku."""
        return []

    def _extra_detail(self, result: RiichiScore) -> dict[str, Any]:
        """Fields of a win's detail beside the standard ones."""
        return {}

    def _bust_chips(self, game: Game, busted: list[int]) -> list[fl.Op]:
        """Chip moves when ``busted`` end the game."""
        return []

    def _called_game_chips(self, game: Game) -> list[fl.Op]:
        """Chip moves when the game is called."""
        return []

    def _note_pao(self, game: Game, seat: int, meld: MeldType, k: int, feeder: int) -> None:
        """The feeder of the third dragon set or the fourth wind set pays for daisangen /
        daisuushi (:func:`pao_fed`)."""
        if meld is MeldType.CHI:
            return
        kind = self._kind
        have = {kind[m.tiles[0]] for m in game.melds[seat] if m.type is not MeldType.CHI}
        hs: HandState = game.state.hand
        for name in pao_fed(have, k):
            hs.pao[seat][name] = feeder

    def _note_passed_rons(
        self, hs: HandState, window: fl.Window, answers: dict[int, Action]
    ) -> None:
        for s, options in window.options.items():
            if _RON in options and answers.get(s) != _RON:
                hs.temp_furiten[s] = True
                if hs.riichi[s]:
                    hs.riichi_furiten[s] = True

    def _wins(
        self,
        game: Game,
        winners: list[int],
        from_seat: int | None,
        tile: int,
        tsumo: bool,
        chankan: bool = False,
        kokan: dict[int, str] | None = None,
        robbed: bool = False,
    ) -> tuple[list[fl.Op], fl.Next]:
        """Every win on one tile, in turn order from the discarder (honba and sticks to the
        first). With the kokan ability, a window first asks each winner it acts for to
        choose (``kokan``: the answers). ``robbed``: the tile is robbed from ``from_seat``'s
        kan or North, which it leaves for the first winner's hand once the wins are paid."""
        hs: HandState = game.state.hand
        if kokan is None:
            window = self._win_window(game, winners, from_seat, tile, tsumo, chankan, robbed)
            if window is not None:
                return [], window
        ops: list[fl.Op] = []
        sticks = game.ledger.pots["points"]
        paarenchan = False
        for i, seat in enumerate(winners):
            sit = self._situation(game, seat, tile, tsumo, chankan, from_seat)
            if i:  # only the first winner collects honba and sticks
                sit = replace(sit, honba=0, riichi_sticks=0)
            wild = tsumo and self._wildcard(game, seat, tile)
            result = self._score(game, sit, wild, (kokan or {}).get(seat))
            assert result.is_win, result.reason
            paarenchan = paarenchan or any(y == "paarenchan" for y, _ in result.yaku)
            hs.winners.append(seat)
            pao, deltas = self._win_deltas(game, seat, from_seat, tsumo, sit, result)
            for payer in self._seats:
                if deltas[payer] < 0:
                    ops.append(fl.Move("points", payer, seat, -deltas[payer], "win"))
            if i == 0 and sticks:
                ops.append(fl.Move("points", POT, seat, sticks, "sticks"))
            if result.chips:
                ops += self._chip_moves(seat, from_seat, pao, result.chips)
            payments = list(deltas)
            if i == 0:
                payments[seat] += sticks
            detail = self._detail(result, sit, pao)
            report = {
                "han": result.han,
                "fu": result.fu,
                "chips": result.chips,
                "abilities": list(result.abilities),
                "wildcard": result.wildcard >= 0,
            }
            ops += win_entries(
                game,
                seat,
                from_seat,
                tile,
                result.payment.hand_value,
                result.reading,
                [y for y, _ in result.yaku] + self._extra_items(game, seat, tile, tsumo, result),
                result.names(),
                payments,
                report,
                detail,
                limit=result.yakuman,
            )
        if from_seat is not None and any(hs.riichi[w] for w in winners):
            hs.into_riichi[from_seat] = 1
        if robbed:
            assert from_seat is not None
            ops.insert(0, fl.RobTile(from_seat, tile, winners[0]))
        ops.append(self._defence_report(game))
        # the dealer keeps the deal on its win, but for a paarenchan (the deal then passes)
        dealer_won = game.dealer in winners and not paarenchan
        game.state.last = ("win", dealer_won)
        return ops, self._hand_over(game, "win", dealer_won, ops)

    def _win_deltas(
        self,
        game: Game,
        seat: int,
        from_seat: int | None,
        tsumo: bool,
        sit: WinSituation,
        result: RiichiScore,
    ) -> tuple[int | None, list[int]]:
        """One win's liable seat and each seat's change (:func:`win_deltas`), with
        ``extra_pao`` a rinshan after a fed open kan paid by its feeder."""
        hs: HandState = game.state.hand
        rinshan_feeder = None
        if (
            self.options.extra_pao
            and tsumo
            and game.turn_draw == fl.REPLACEMENT
            and hs.last_kan[0] == seat
            and hs.last_kan[1] is not None
        ):
            rinshan_feeder = hs.last_kan[1]
        return win_deltas(
            seat,
            from_seat,
            game.dealer,
            tsumo,
            result,
            sit.honba,
            hs.pao[seat],
            self.options,
            self.num_players,
            rinshan_feeder,
        )

    def _detail(self, result: RiichiScore, sit: Any, pao: int | None) -> dict[str, Any]:
        """A win's detail, as its typed record (:attr:`detail_class`,
        :class:`sparrows.client.RiichiWinDetail`) writes it."""
        from ...client.data import to_json
        from ...client.details import RiichiPayment, RiichiWinDetail

        record = RiichiWinDetail(
            han=result.han,
            fu=result.fu,
            yaku=tuple((str(y), int(h)) for y, h in result.yaku),
            yakuman=result.yakuman,
            limit=result.limit,
            dora=result.dora,
            aka=result.aka,
            ura=result.ura,
            fu_items=tuple((str(f), int(v)) for f, v in result.fu_items),
            pao=pao,
            honba=sit.honba,
            payment=RiichiPayment(
                result.payment.ron, result.payment.tsumo_dealer, result.payment.tsumo_other
            ),
            melds=tuple(str(m) for m in sit.melds),
            ura_indicators=tuple(str(t) for t in sit.ura_indicators),
            **self._extra_detail(result),
        )
        out: dict[str, Any] = to_json(record)
        return out

    def _abort_ops(self, game: Game, reason: str, seat: int | None = None) -> list[fl.Op]:
        game.state.last = ("abort",)
        return [
            fl.Report(fl.HandReport(fl.ABORT, game.hand_number, facts={"reason": reason})),
            self._defence_report(game),
            fl.Emit(ev.Abort(reason, seat)),
        ]

    def _abort(self, game: Game, reason: str, seat: int | None = None) -> fl.Outcome:
        return fl.Outcome(self._abort_ops(game, reason, seat), fl.EndHand("abort"))

    def on_exhausted(self, game: Game) -> fl.Outcome:
        opts = self.options
        ops: list[fl.Op] = []
        tenpai = [s for s in self._seats if self.tenpai(game, s)]
        kind = self._kind
        nagashi = []
        if opts.nagashi_mangan:
            from ...engine.board import CALLED

            for s in self._seats:
                pile = game.discards[s]
                if (
                    pile
                    and all(kind[t] in TERMINAL_HONOR for t in pile)
                    and not any(f & CALLED for f in game.river_flags[s])
                ):
                    nagashi.append(s)
        hs: HandState = game.state.hand
        hs.tenpai = tenpai
        if nagashi and opts.nagashi_value == "haneman":  # a special win: honba and sticks
            return self._nagashi_wins(game, nagashi, tenpai)
        if nagashi:  # a mangan tsumo each, without honba or sticks
            for s in nagashi:
                pay, _ = nagashi_payment(s == game.dealer, 0, opts)
                for payer, change in enumerate(
                    settle(pay, s, None, game.dealer, players=self.num_players)
                ):
                    if change < 0:
                        ops.append(fl.Move("points", payer, s, -change, "nagashi mangan"))
        else:
            for payer, to, part in noten_moves(tenpai, self.num_players, opts.noten_penalty):
                ops.append(fl.Move("points", payer, to, part, "noten"))
        game.state.last = ("draw", game.dealer in tenpai)
        facts = {"tenpai": tenpai}
        ops.append(fl.Report(fl.HandReport(fl.DRAW, game.hand_number, facts=facts)))
        ops.append(self._defence_report(game))
        ops.append(fl.Emit(build=self._draw_event, args=(game, tuple(tenpai))))
        return fl.Outcome(ops, self._hand_over(game, "exhaustive", game.dealer in tenpai, ops))

    def _draw_event(self, game: Game, tenpai: tuple[int, ...]) -> ev.ExhaustiveDraw:
        """The ready hands shown at an exhaustive draw, with their waits."""
        return game.exhaustive_draw(tenpai, {s: self.waits_of(game, s) for s in tenpai})

    def _nagashi_wins(self, game: Game, nagashi: list[int], tenpai: list[int]) -> fl.Outcome:
        """Nagashi mangan as a special win worth haneman, paid as a tsumo with honba, the
        sticks to the first such player from the dealer's turn order (house preset)."""
        opts = self.options
        ops: list[fl.Op] = []
        sticks = game.ledger.pots["points"]
        for i, s in enumerate(sorted(nagashi, key=lambda x: (x - game.dealer) % self.num_players)):
            honba = game.state.honba if i == 0 else 0
            pay, _ = nagashi_payment(s == game.dealer, honba, opts)
            ops += self._special_win(
                game, s, None, pay, sticks if i == 0 else 0, "nagashi mangan", "nagashi_mangan",
                "Nagashi mangan (as haneman)", 6, 0, 0, "",
                {"han": 6, "fu": 0, "limit": "haneman", "honba": honba},
            )  # fmt: skip
        ops.append(self._defence_report(game))
        dealer_won = game.dealer in nagashi
        game.state.last = ("win", dealer_won)
        return fl.Outcome(ops, self._hand_over(game, "win", dealer_won, ops))

    def _special_win(
        self,
        game: Game,
        seat: int,
        feeder: int | None,
        pay: Payment,
        sticks: int,
        reason: str,
        item: str,
        label: str,
        han: int,
        yakuman: int,
        chips: int,
        tile_text: str,
        detail: dict[str, Any],
    ) -> list[fl.Op]:
        """The ops of a win without a reading (nagashi, the special suukantsu, the puutaa):
        its payment (from ``feeder``, or as a tsumo), the sticks, its chips, the report and
        the win event."""
        deltas = settle(pay, seat, feeder, game.dealer, players=self.num_players)
        ops: list[fl.Op] = [
            fl.Move("points", p, seat, -d, reason) for p, d in enumerate(deltas) if d < 0
        ]
        if sticks:
            ops.append(fl.Move("points", POT, seat, sticks, "sticks"))
        if chips and self.options.chips:
            ops += self._chip_moves(seat, feeder, None, chips)
        game.state.hand.winners.append(seat)
        payments = list(deltas)
        payments[seat] += sticks
        ops += win_entries(
            game,
            seat,
            feeder,
            None,
            pay.hand_value,
            item.replace("_", " "),
            [item],
            [[label, han]],
            payments,
            {"han": han, "fu": 0, "chips": chips},
            detail,
            shown=game.hands[seat],
            tile_text=tile_text,
            limit=yakuman,
        )
        return ops

    def next_hand(self, game: Game) -> fl.NextHand | fl.GameOver:
        st: RiichiState = game.state
        opts = self.options
        last = st.last
        renchan = last[0] == "abort" or (last[0] in ("win", "draw") and last[1])
        if self._counted(st, renchan):  # the same hand again (the house layer's vote)
            return fl.NextHand(game.dealer, game.round_wind)
        scores = game.scores
        n = self.num_players
        final = self._last_kyoku  # South 4 / East 4 (South 3 / East 3 with three players)
        hs: HandState = st.hand
        busted = [
            s
            for s in self._seats
            if (opts.bust and scores[s] < 0) or (hs.low_riichi[s] and s not in hs.winners)
        ]
        called = bool(opts.called_game) and max(scores) >= opts.called_game
        if busted or called:  # both pay when both happen
            first = self._bust_chips(game, busted) if busted else []
            over = self._game_over(game, first + (self._called_game_chips(game) if called else []))
            ended: dict[str, list[int]] = {}  # who ended the game, for the table to say
            if busted:
                ended["bust"] = busted
            if called:
                ended["called_game"] = [s for s in self._seats if scores[s] >= opts.called_game]
            return fl.GameOver(over.ops, over.result, ended)
        top = self.places(scores)[game.dealer] == 1
        decided = last[0] in ("win", "draw")
        if not game_goes_on(st.kyoku, renchan, decided, scores, game.dealer, top, final, opts):
            return self._game_over(game)
        if renchan:
            return fl.NextHand(game.dealer, game.round_wind)
        st.kyoku += 1
        return fl.NextHand((game.dealer + 1) % n, st.kyoku // n)

    def _counted(self, st: RiichiState, renchan: bool) -> bool:
        """The dealer's wins in a row and the honba after the hand that ended (``st.last``;
        ``renchan``: the dealer keeps the deal): a dealer's win adds to the row (for
        paarenchan), any other end clears it; the honba go up unless a non-dealer won.
        True: the same hand is played again as it was (none here; the house layer's
        unanimous abort)."""
        last = st.last
        if last[0] == "win" and last[1]:
            st.dealer_wins += 1
        else:
            st.dealer_wins = 0
        st.honba = next_honba(st.honba, renchan, last[0] == "win")
        return False

    def _game_over(self, game: Game, first_ops: Sequence[fl.Op] = ()) -> fl.GameOver:
        opts = self.options
        scores = list(game.scores)
        places = self.places(scores)
        ops: list[fl.Op] = list(first_ops)
        sticks = game.ledger.pots["points"]
        first = places.index(1)
        if sticks and opts.sticks_to_winner_at_end:
            ops.append(fl.Move("points", POT, first, sticks, "leftover sticks"))
            scores[first] += sticks
        return self._final_result(game, scores, places, ops)

    def _final_result(
        self, game: Game, scores: list[int], places: list[int], ops: list[fl.Op]
    ) -> fl.GameOver:
        """The game's final figures: points less the return, with uma and oka."""
        final = final_figures(scores, places, self.options)
        return fl.GameOver(ops, {"final": final, "places": places})
