"""Riichi's house-preset layer (``cy-dealers-choice``), on top of the standard ruleset:
the special wins (the special suukantsu, shiisanpuutaa), kokan's choice, chips at a win,
a bust and a called game, and the placement chips at the end. It fills the standard
layers' hook points (:class:`~..settlement.RiichiSettlement`,
:class:`~..game.RiichiRuleset`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ...._mypyc import mypyc_attr
from ....client.view import DealerPayload, KokanPayload, Payload, VotePayload
from ....engine import flow as fl
from ....engine.actions import Action
from ....engine.ledger import Settlement
from ....tiles.kinds import HONOR
from ..game import RiichiRuleset
from ..options import RiichiOptions
from ..points import LIMIT_BASE, payment
from ..scoring import RiichiScore
from ..situation import WinSituation
from ..table import (
    _ABORT,
    _CONTINUE,
    _NOBODY,
    _PASS,
    _PASS_DEAL,
    POCCHI_OPEN,
    POCCHI_RIICHI,
    A,
    HandState,
    RiichiState,
)
from .abilities import ability_names
from .scoring import (
    ABILITY_TILES,
    BUST_CHIPS,
    CALLED_GAME_CHIPS,
    DYNAMIC_PLACEMENT,
    KOKAN,
    SUUKANTSU_CHIPS,
    house_score,
    is_house,
    local_yakuman_chips,
    placement_chips,
)

if TYPE_CHECKING:
    from ....engine.game import Game


@dataclass(frozen=True, slots=True)
class KokanWins:
    """The wins a kokan window holds until each winner has chosen (its ``data``)."""

    winners: tuple[int, ...]
    from_seat: int | None
    tile: int
    tsumo: bool
    chankan: bool
    robbed: bool


@mypyc_attr(allow_interpreted_subclasses=True)
class HouseRuleset(RiichiRuleset):
    """Riichi with the house preset's play (the options :func:`~.plays_house` names)."""

    def __init__(self, options: RiichiOptions | None = None) -> None:
        super().__init__(options)
        opts = self.options
        #: the house table: scores go through house_score (chips, abilities, wildcards)
        self._house = is_house(opts)
        names = ability_names(opts.abilities)
        #: ability id -> its tile face (the gold 5p, platinum 5s, cyan 5m)
        self._ability_tile = dict(zip(names, ABILITY_TILES, strict=False))

    def family_layout(self) -> str | None:
        if self.num_players == 4 and self.options.special_tiles:
            return "riichi-house"
        return super().family_layout()

    def start_balances(self) -> dict[str, list[int]]:
        balances = super().start_balances()
        if self.options.chips:
            balances["chips"] = [0] * self.num_players
        return balances

    def payload(self, game: Game, seat: int) -> Payload | None:
        window = game.window
        if window is None or seat not in window.options:
            return None
        if window.kind == "kokan":
            offered = [a.choice for a in window.options[seat] if a.choice is not None]
            return KokanPayload({c: KOKAN[c] for c in offered})
        if window.kind == "dealer":
            return DealerPayload(str(window.data))
        if window.kind == "vote":
            return VotePayload("abort the hand (every player must agree)")
        return None

    def shown_hands(self, game: Game, viewer: int | None) -> frozenset[int]:
        """Open riichi shows the hand to every viewer; the peek house rule shows a riichi
        player both neighbours' hands."""
        hs: HandState = game.state.hand
        peek = viewer is not None and self.options.riichi_peek and hs.riichi[viewer]
        if not peek and not any(hs.open_riichi):
            return _NOBODY  # (most calls: no open riichi, no peek)
        shown = {s for s in self._seats if hs.open_riichi[s]}
        if peek and viewer is not None:
            n = self.num_players
            shown |= {(viewer + 1) % n, (viewer - 1) % n}
        shown.discard(-1)
        return frozenset(shown) - ({viewer} if viewer is not None else set())

    # ------------------------------------------------------------------ the hand's edges
    def start_hand(self, game: Game) -> fl.Outcome:
        out = super().start_hand(game)
        if self.options.unanimous_abort:  # every player may agree to abort (no honba)
            vote = {s: [_PASS, _ABORT] for s in self._seats}
            return fl.Outcome(out.ops, fl.Window("vote", vote, None, claim=False))
        return out

    def _hand_over(
        self, game: Game, reason: str, dealer_stays: bool, ops: Sequence[fl.Op] = ()
    ) -> fl.Next:
        """With ``dealer_choice`` a dealer who would repeat first chooses to continue or to
        pass the deal."""
        if dealer_stays and self.options.dealer_choice and not self._ends_game(game, ops):
            return fl.Window("dealer", {game.dealer: [_CONTINUE, _PASS_DEAL]}, reason, claim=False)
        return super()._hand_over(game, reason, dealer_stays, ops)

    # ------------------------------------------------------------------ scoring, abilities
    def _score(
        self, game: Game, sit: WinSituation, wildcard: bool = False, kokan: str | None = None
    ) -> RiichiScore:
        if self._house:
            return house_score(sit, self.options, kokan, wildcard)
        return super()._score(game, sit, wildcard, kokan)

    def _has_ability(self, game: Game, seat: int, name: str) -> bool:
        """Whether the tile carrying ability ``name`` is in the seat's hand or melds."""
        face = self._ability_tile.get(name)
        if face is None:
            return False
        faces = game.faces
        code = face.code
        return any(faces[t].code == code for t in game.hands[seat]) or any(
            faces[t].code == code for m in game.melds[seat] for t in m.tiles
        )

    def _wildcard(self, game: Game, seat: int, tile: int) -> bool:
        """Whether the drawn ``tile`` is a pocchi that acts as a wildcard for ``seat``: a
        5z/7z pocchi drawn in riichi, a 6z pocchi drawn ready with an open hand."""
        if not self.options.wildcards:
            return False
        face = game.faces[tile]
        if not face.pocchi:
            return False
        k = face.kind
        if k in POCCHI_RIICHI:
            return bool(game.state.hand.riichi[seat])
        return (
            k == POCCHI_OPEN
            and not self._closed(game, seat)
            and bool(self._waits_before_draw(game, seat, k))
        )

    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        out = super().turn_actions(game, seat)
        drawn = game.drawn
        if (
            game.state.hand.riichi[seat]
            and len(out) > 1
            and drawn is not None
            and self._kind[drawn] in POCCHI_RIICHI
            and self._wildcard(game, seat, drawn)
        ):
            out.pop()  # a pocchi drawn in riichi is never discarded: it wins or makes a kan
        return out

    def _riichi_declarations(
        self, game: Game, seat: int, discards: list[Action], closed: bool
    ) -> list[Action]:
        """Naki menzen: riichi with an open hand too, not on the turn of a call (an open
        kan's replacement draw included), and never by discarding the ability's own tile.
        With ``open_riichi`` an open riichi beside each riichi; tako riichi beside each,
        but on the tako tile itself (it stays, shown)."""
        menzen = (
            not closed
            and game.turn_draw == fl.LIVE
            and self._has_ability(game, seat, "naki_menzen")
        )
        riichis = super()._riichi_declarations(game, seat, discards, closed or menzen)
        if menzen:
            keep = self._ability_tile["naki_menzen"]
            riichis = [a for a in riichis if a.tiles[0] != keep]
        if not riichis:
            return riichis
        open_riichi = self.options.open_riichi
        tako = self._has_ability(game, seat, "tako_riichi")
        keep_tako = self._ability_tile.get("tako_riichi")
        out: list[Action] = []
        for riichi in riichis:  # each face: riichi, open riichi, tako riichi
            face = riichi.tiles[0]
            out.append(riichi)
            if open_riichi:
                out.append(Action(A.OPEN_RIICHI, face))
            if tako and face != keep_tako:
                out.append(Action(A.TAKO_RIICHI, face))
        return out

    # ------------------------------------------------------------------ special wins
    def _counted(self, st: RiichiState, renchan: bool) -> bool:
        """A unanimous abort replays the same hand (the row and the honba as they were);
        a passed deal clears the row and the honba."""
        if st.last[0] == "vote":
            return True
        if st.last[0] == "pass":
            st.dealer_wins = 0
            st.honba = 0
            return False
        return super()._counted(st, renchan)

    def _declaring(self, hs: HandState, action: Action) -> None:
        hs.pending_open = action.type is A.OPEN_RIICHI
        hs.pending_tako = action.type is A.TAKO_RIICHI

    def _declared(self, hs: HandState, seat: int) -> None:
        hs.open_riichi[seat] = hs.pending_open
        hs.tako[seat] = hs.pending_tako

    def _claimed(self, hs: HandState) -> None:
        hs.second_draw = False  # another seat's call ends a tako player's double draw

    def _turn_after(self, game: Game, seat: int, declared: bool) -> fl.Next:
        """Tako riichi: the player draws and discards twice a turn."""
        hs: HandState = game.state.hand
        if hs.tako[seat] and not declared:
            if not hs.second_draw and game.wall.left > 0:
                hs.second_draw = True
                return self._turns[seat]
            hs.second_draw = False
        return super()._turn_after(game, seat, declared)

    def _special_tsumo(self, game: Game, seat: int) -> bool:
        return self._special_suukantsu(game, seat) or self._puutaa(game, seat) is not None

    def _special_tsumo_win(self, game: Game, seat: int) -> tuple[list[fl.Op], fl.Next] | None:
        if self._special_suukantsu(game, seat) and not self._completes(game, seat):
            return self._suukantsu_win(game, seat)
        puutaa = self._puutaa(game, seat)
        if puutaa is not None and not self._completes(game, seat):
            return self._suukantsu_win(game, seat, puutaa)
        return None

    def _special_suukantsu(self, game: Game, seat: int) -> bool:
        """The house preset's special suukantsu: the replacement draw right after one
        player's fourth kan (all four its own) wins even when it completes nothing."""
        hs: HandState = game.state.hand
        return (
            self.options.double_suukantsu
            and game.turn_draw == fl.REPLACEMENT
            and hs.kans[seat] == 4
            and hs.last_kan[0] == seat
        )

    def _completes(self, game: Game, seat: int) -> bool:
        """Whether the drawn tile wins as an ordinary tsumo."""
        drawn = game.drawn
        assert drawn is not None
        k = self._kind[drawn]
        wild = self._wildcard(game, seat, drawn)
        return (wild or k in self._waits_before_draw(game, seat, k)) and self._score(
            game, self._situation(game, seat, drawn, True), wild
        ).is_win

    def _puutaa(self, game: Game, seat: int) -> str | None:
        """Shiisanpuutaa / shiisuupuutaa (local yakuman, on the first draw with no call
        made): the 14 tiles hold no two related tiles (same kind, or numbers of one suit
        less than three apart) but one pair (shiisanpuutaa), or none (shiisuupuutaa)."""
        hs: HandState = game.state.hand
        if not (self.options.local_yakuman and hs.clean and not game.discards[seat]):
            return None
        counts = game.counts[seat][:34]
        if sum(counts) != 14 or max(counts) > 2 or sum(1 for c in counts if c == 2) > 1:
            return None
        kinds = [k for k in range(34) if counts[k]]
        for a, b in pairwise(kinds):
            if b < HONOR and a // 9 == b // 9 and b - a < 3:
                return None
        return "shiisanpuutaa" if max(counts) == 2 else "shiisuupuutaa"

    def _suukantsu_win(
        self, game: Game, seat: int, puutaa: str | None = None
    ) -> tuple[list[fl.Op], fl.Next]:
        """A special win: the special suukantsu, a double yakuman that stacks with nothing
        and earns no chips but its own (20 on a ron, 10 from each on a tsumo; after an open
        fourth kan it is a ron paid by the feeder, else a tsumo), or (``puutaa``) the local
        yakuman shiisanpuutaa / shiisuupuutaa, a tsumo worth one yakuman with its chips
        and the special tiles'. Honba and sticks as for any win."""
        hs: HandState = game.state.hand
        opts = self.options
        dealer = seat == game.dealer
        feeder = None if puutaa else hs.last_kan[1]
        tsumo = feeder is None
        honba = game.state.honba
        sticks = game.ledger.pots["points"]
        mult = 1 if puutaa else 2
        pay = payment(mult * LIMIT_BASE["yakuman"], dealer, tsumo, honba, 0, opts)
        chips = SUUKANTSU_CHIPS[1] if tsumo else SUUKANTSU_CHIPS[0]
        if puutaa:  # a yakuman's chips, the special tiles' and the chip abilities
            faces = game.faces
            chips, _ = local_yakuman_chips([faces[t] for t in game.hands[seat]], opts, True)
        name = puutaa or "special_suukantsu"
        label = (
            f"{puutaa.capitalize()} (local yakuman)"
            if puutaa
            else "Special suukantsu (double yakuman)"
        )
        tile = game.drawn
        assert tile is not None
        detail = {"yakuman": mult, "limit": f"{mult}x yakuman", "honba": honba, "chips": chips}
        ops = self._special_win(
            game, seat, feeder, pay, sticks, "special suukantsu", name, label, 13 * mult, mult,
            chips, game.fmt(tile), detail,
        )  # fmt: skip
        ops.append(self._defence_report(game))
        game.state.last = ("win", dealer)
        return ops, self._hand_over(game, "win", dealer, ops)

    # ------------------------------------------------------------------ kokan
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
        """With the kokan ability, a window first asks each winner it acts for to choose."""
        if "kokan" not in self._ability_tile:
            return None
        asks = self._kokan_asks(game, winners, tile, tsumo, chankan, from_seat)
        if not asks:
            return None
        data = KokanWins(tuple(winners), from_seat, tile, tsumo, chankan, robbed)
        return fl.Window("kokan", asks, data, claim=False)

    def resolve(self, game: Game, window: fl.Window, answers: dict[int, Action]) -> fl.Outcome:
        if window.kind == "vote":  # the unanimous abort before the dealer's first discard
            if all(answers.get(s) == _ABORT for s in self._seats):
                out = self._abort(game, "unanimous")
                game.state.last = ("vote",)  # after _abort: the hand replays without a honba
                return out
            return fl.Outcome((), self._turns[game.dealer])
        if window.kind == "dealer":
            if answers.get(game.dealer) == _PASS_DEAL:
                game.state.last = ("pass",)
            reason: str = window.data  # why the dealer would keep the deal
            return fl.Outcome((), fl.EndHand(reason))
        if window.kind != "kokan":
            return super().resolve(game, window, answers)
        won: KokanWins = window.data
        picks = {s: a.choice for s, a in answers.items() if a.choice}
        return fl.Outcome(
            *self._wins(
                game,
                list(won.winners),
                won.from_seat,
                won.tile,
                won.tsumo,
                won.chankan,
                picks,
                won.robbed,
            )
        )

    def _kokan_asks(
        self,
        game: Game,
        winners: list[int],
        tile: int,
        tsumo: bool,
        chankan: bool,
        from_seat: int | None = None,
    ) -> dict[int, list[Action]]:
        """Per winner the kokan acts for: its choices, the better one (points plus chips
        at the chip value) first."""
        asks: dict[int, list[Action]] = {}
        for seat in winners:
            sit = self._situation(game, seat, tile, tsumo, chankan, from_seat)
            result = self._score(game, sit, tsumo and self._wildcard(game, seat, tile))
            if not result.choices:
                continue
            picked = next(n[7:-1] for n, _ in result.chip_items if n.startswith("kokan ("))
            order = sorted(result.choices, key=lambda c: c != picked)
            asks[seat] = [Action(A.KOKAN, choice=c) for c in order]
        return asks

    # ------------------------------------------------------------------ chips
    def _chip_moves(
        self, winner: int, from_seat: int | None, pao: int | None, chips: int
    ) -> list[fl.Op]:
        """Chips per payer: from the discarder on a ron, from each other player on a
        tsumo; a liable (pao) player pays the whole amount (three times on a tsumo)."""
        if pao is not None:
            times = self.num_players - 1 if from_seat is None else 1
            return [fl.Move("chips", pao, winner, chips * times, "win chips")]
        if from_seat is not None:
            return [fl.Move("chips", from_seat, winner, chips, "win chips")]
        return [fl.Move("chips", s, winner, chips, "win chips") for s in self._seats if s != winner]

    def _extra_items(
        self, game: Game, seat: int, tile: int, tsumo: bool, result: RiichiScore
    ) -> list[str]:
        """Statistics items of the house preset: the abilities that acted, the wildcard,
        chips from special tiles, and each special tile in the winning hand."""
        if not result.steps:
            return []
        items = [f"ability {a}" for a in result.abilities]
        if result.wildcard >= 0:
            items.append("wildcard")
        if any(name == "special tiles" for name, _ in result.chip_items):
            items.append("special tile chips")
        faces = game.faces
        held = [*game.hands[seat], *(t for m in game.melds[seat] for t in m.tiles)]
        if not tsumo:
            held.append(tile)
        for t in sorted(set(held)):
            face = faces[t]
            if face.special:
                what = "pocchi" if face.pocchi else face.colour.value
                items.append(f"tile {what} {face}")
        return items

    def _extra_detail(self, result: RiichiScore) -> dict[str, Any]:
        if not (result.chips or result.steps):
            return {}
        return {
            "chips": result.chips,
            "chip_items": tuple((str(c), int(v)) for c, v in result.chip_items),
            "abilities": tuple(result.abilities),
            "steps": tuple(result.steps),
            "wildcard": result.wildcard,
            "special": result.special,
        }

    def _bust_chips(self, game: Game, busted: list[int]) -> list[fl.Op]:
        """A busted player pays 1 chip to each player who won or was ready in the hand."""
        if not self.options.chips:
            return []
        hs: HandState = game.state.hand
        takers = [s for s in self._seats if s in hs.winners or s in hs.tenpai]
        return [
            fl.Move("chips", b, t, BUST_CHIPS, "bust") for b in busted for t in takers if t != b
        ]

    def _called_game_chips(self, game: Game) -> list[fl.Op]:
        """The called game: each player at or above the mark gets 1 chip from each other."""
        if not self.options.chips:
            return []
        mark = self.options.called_game
        scores = game.scores
        return [
            fl.Move("chips", o, s, CALLED_GAME_CHIPS, "called game")
            for s in self._seats
            if scores[s] >= mark
            for o in self._seats
            if o != s
        ]

    def _final_result(
        self, game: Game, scores: list[int], places: list[int], ops: list[fl.Op]
    ) -> fl.GameOver:
        if not self.options.placement_chips:
            return super()._final_result(game, scores, places, ops)
        return self._chip_result(game, scores, places, ops)

    def _chip_result(
        self, game: Game, scores: list[int], places: list[int], ops: list[fl.Op]
    ) -> fl.GameOver:
        """Placement-only settlement in chips (oka and uma), per ``placement_chips``; the
        final figure per player is the money value in thousands of points: all chips at
        the chip value (plus the raw points against the start with ``raw_points``)."""
        opts = self.options
        chips = Settlement(game.ledger, "chips").apply(ops).balances  # with the end's moves
        table = placement_chips(scores, places, opts.placement_chips)
        by_place = {p: s for s, p in enumerate(places)}
        first = by_place[1]
        for s in self._seats:  # 2nd..4th settle with the first place
            if s != first and table[s] < 0:
                ops.append(fl.Move("chips", s, first, -table[s], "placement"))
            elif s != first and table[s] > 0:
                ops.append(fl.Move("chips", first, s, table[s], "placement"))
        total = [chips[s] + table[s] for s in self._seats]
        final = []
        for s in self._seats:
            value = total[s] * opts.chip_value
            if opts.raw_points:
                value += scores[s] - opts.start_points
            final.append(round(value / 1000, 1))
        result = {
            "final": final,
            "places": places,
            "points": scores,
            "game_chips": chips,
            "placement_chips": table,
            "chips": total,
            "chip_value": opts.chip_value,
        }
        return fl.GameOver(ops, result)

    def rule_tables(self) -> dict[str, list[tuple[str, Any, str]]]:
        """The house preset's tables (abilities, chips, placement chips)."""
        from .abilities import ABILITIES, ABILITY_SETS
        from .scoring import (
            IPPATSU_CHIPS,
            KAZOE_CHIPS,
            KOKAN,
            TILE_CHIPS,
            URA_CHIPS,
            YAKUKA_CHIPS,
            YAKUMAN_CHIPS,
        )

        tiles = "gold 5p, platinum 5s, cyan 5m"
        return {
            "Abilities (catalog)": [(n, "", d) for n, d in ABILITIES.items()],
            f"Ability sets ({tiles})": [
                (n, ", ".join(v), "this table" if n == self.options.abilities else "")
                for n, v in ABILITY_SETS.items()
            ],
            "Chips per payer (ron: the discarder; tsumo: each other player)": [
                ("special tile", TILE_CHIPS, "each special tile in the winning hand"),
                ("ippatsu", IPPATSU_CHIPS, "a win with ippatsu"),
                ("ura dora", URA_CHIPS, "each ura dora"),
                ("yaku-ka", YAKUKA_CHIPS, "the yaku-ka ability"),
                ("yakuman", "/".join(map(str, YAKUMAN_CHIPS)), "per yakuman: ron / tsumo"),
                ("kazoe yakuman", "/".join(map(str, KAZOE_CHIPS)), "ron / tsumo"),
                ("special suukantsu", "/".join(map(str, SUUKANTSU_CHIPS)), "ron / tsumo"),
                ("kokan", ", ".join(f"{k} {v}" for k, v in KOKAN.items()), "(han, chips)"),
                ("bust", BUST_CHIPS, "to each player who won or was ready in that hand"),
                ("called game", CALLED_GAME_CHIPS, "from each other player"),
            ],
            "Placement chips (dynamic; 1st gets the balance)": [
                (
                    f"place {p}",
                    ", ".join(f"{f'<{b:,}' if b < 10**9 else 'more'}: {c:+d}" for b, c in rows),
                    "by final points",
                )
                for p, rows in DYNAMIC_PLACEMENT.items()
            ]
            + [("fixed option", "13/3/-5/-11", "placement_chips=fixed")],
        }

    def legend(self) -> str:
        """The house preset's special tiles and the abilities of this table."""
        opts = self.options
        from .abilities import ABILITIES

        lines = ["Special tiles (one of each; a chip each when in a winning hand):"]
        if opts.special_tiles:
            lines += [
                "  purple 3m 3p 3s, blue 7m 7p 7s: +1 han and +1 chip",
                "  gold 5p, platinum 5s, cyan 5m: +1 chip (and the abilities below)",
                "  pocchi 5z 7z: a wildcard when drawn in riichi (tsumo or kan, never discard)",
                "  pocchi 6z: a wildcard when drawn ready with an open hand",
            ]
        if self._ability_tile:
            lines.append("Abilities (when the tile is in your hand):")
            for name, tile in self._ability_tile.items():
                lines.append(f"  {tile.colour.value} {tile}: {ABILITIES[name]}")
        lines.append(
            f"Chips: ippatsu 1, each ura dora 1, yakuman 20 (ron) / 10 each (tsumo); one chip "
            f"is worth {opts.chip_value:,} points."
        )
        return "\n".join(lines)
