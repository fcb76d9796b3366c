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

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ...analysis import RIICHI, Form, form_shanten, waits
from ...client.extras import RiichiExtra
from ...client.view import DealerPayload, KokanPayload, Payload, VotePayload
from ...engine import events as ev
from ...engine import flow as fl
from ...engine.actions import Action, ActionType
from ...engine.ledger import POT, Settlement
from ...engine.protocol import EarlierVersion, Ruleset, discarded_a_wait, places_by_seat
from ...engine.wall import Wall
from ...tiles import Meld, MeldType, Tile, house_set, riichi_set, sanma_set
from ...tiles.kinds import DRAGONS, HONOR, NORTH, WIND_NAMES, WINDS
from .. import calls
from ..wins import win_entries
from .hand import TERMINAL_HONOR
from .house import (
    ABILITY_TILES,
    KOKAN,
    ability_names,
    house_score,
    is_house,
    local_yakuman_chips,
)
from .options import PRESETS, RiichiOptions
from .points import LIMIT_BASE, Payment, payment, settle
from .scoring import RiichiScore, dora_of, score
from .situation import WinSituation

if TYPE_CHECKING:
    from ...engine.game import Game, Observation

A: Final = ActionType
PAO_YAKUMAN: Final = ("daisangen", "daisuushi")
#: Chips of the special suukantsu: (ron from the feeder, tsumo from each payer).
SUUKANTSU_CHIPS: Final = (20, 10)
BUST_CHIPS: Final = 1  # a busted player pays each player who won or was ready in the hand
CALLED_GAME_CHIPS: Final = 1  # the called game: from each other player
#: Placement chips of the house preset (seed 001): (points below which, chips) per place,
#: checked in order; 2nd receives, 3rd and 4th pay, 1st gets the balance.
DYNAMIC_PLACEMENT: Final[dict[int, tuple[tuple[int, int], ...]]] = {
    4: ((5000, -11), (15000, -10), (10**9, -9)),
    3: ((5000, -5), (15000, -4), (25000, -3), (10**9, -2)),
    2: ((5000, 0), (15000, 1), (25000, 2), (35000, 3), (10**9, 4)),
}
FIXED_PLACEMENT: Final = {1: 13, 2: 3, 3: -5, 4: -11}


def placement_chips(scores: Sequence[int], places: Sequence[int], how: str) -> list[int]:
    """Oka and uma in chips per seat: "dynamic" (by the points of 2nd-4th, 1st gets the
    balance) or "fixed" (13/3/-5/-11)."""
    if how == "fixed":
        return [FIXED_PLACEMENT[p] for p in places]
    out = [0] * len(scores)
    for s, p in enumerate(places):
        if p == 1:
            continue
        out[s] = next(c for below, c in DYNAMIC_PLACEMENT[p] if scores[s] < below)
    first = list(places).index(1)
    out[first] = -sum(out)
    return out


_PASS: Final = Action(A.PASS)
_RON: Final = Action(A.RON)
_TSUMO: Final = Action(A.TSUMO)
_ABORT: Final = Action(A.ABORT)
_RIICHI_TYPES: Final = frozenset((A.RIICHI, A.OPEN_RIICHI, A.TAKO_RIICHI))
_NUKI: Final = Action(A.NUKI, Tile(NORTH))
_CONTINUE: Final = Action(A.CONTINUE)
_PASS_DEAL: Final = Action(A.PASS_DEAL)
POCCHI_RIICHI: Final = frozenset((31, 33))  # 5z, 7z pocchi: wildcards drawn in riichi
POCCHI_OPEN: Final = 32  # 6z pocchi: a wildcard drawn by a tenpai player with an open hand


@dataclass
class HandState:
    """What the riichi rules track during one hand (the table holds the rest)."""

    riichi: list[int] = field(default_factory=lambda: [0] * 4)  # 0, 1 riichi, 2 double
    ippatsu: list[bool] = field(default_factory=lambda: [False] * 4)
    pending_riichi: int = -1  # the seat whose riichi discard awaits its claims
    pending_double: bool = False  # that riichi is a double riichi (its first discard)
    temp_furiten: list[bool] = field(default_factory=lambda: [False] * 4)
    riichi_furiten: list[bool] = field(default_factory=lambda: [False] * 4)
    clean: bool = True  # no call (a closed kan included) yet this hand
    kans: list[int] = field(default_factory=lambda: [0] * 4)
    dora_due: int = 0  # kan dora to turn after the coming discard
    kuikae: frozenset[int] = frozenset()  # kinds the caller may not discard this turn
    #: per seat: its pao yakuman made certain by a fed set -> the liable seat (the feeder)
    pao: list[dict[str, int]] = field(default_factory=lambda: [{}, {}, {}, {}])
    first_winds: list[int] = field(default_factory=list)
    four_kans_due: bool = False  # abort once the coming discard is not ronned
    faced_riichi: list[int] = field(default_factory=lambda: [0] * 4)  # discarded facing one
    into_riichi: list[int] = field(default_factory=lambda: [0] * 4)  # dealt into a riichi
    # ---- the house preset
    open_riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    pending_open: bool = False  # the pending riichi is an open riichi
    low_riichi: list[bool] = field(default_factory=lambda: [False] * 4)  # below a stick
    winners: list[int] = field(default_factory=list)  # who won this hand
    last_kan: tuple[int, int | None] = (-1, None)  # (seat, feeder of an open kan) of the last kan
    tako: list[bool] = field(default_factory=lambda: [False] * 4)  # tako riichi declared
    pending_tako: bool = False
    second_draw: bool = False  # the tako player's second draw of this turn is under way
    tenpai: list[int] = field(default_factory=list)  # who was ready at the exhaustive draw


@dataclass
class RiichiState:
    honba: int = 0
    hand: HandState = field(default_factory=HandState)
    #: How the last hand ended: ("win", dealer_won) / ("draw", dealer_tenpai) / ("abort",)
    last: tuple[Any, ...] = ("abort",)
    kyoku: int = 0  # hands of the game by dealer turn: round * players + dealer index
    #: chips moved at the end of hands (bust chips): already in the ledger
    busted: list[int] = field(default_factory=list)


class RiichiRuleset(Ruleset):
    name: ClassVar[str] = "riichi"
    version: ClassVar[str] = "3"
    #: 2: a robbed kan is undone (event ``robbed``); an exhaustive draw names the ready
    #: hands' melds and waits. 3: a kita is a call (three players: no ippatsu, tenhou,
    #: chiihou, double riichi or nine terminals after it); the Mahjong Soul presets' pao
    #: covers only its own yakuman; a kan that may be robbed turns its dora (at once, or
    #: a closed kan's) only once nobody robbed it. Records of 1 and 2 still replay where
    #: they play the same (four-player games but a Mahjong Soul pao with a second yakuman
    #: or a robbable kan under ``kan_dora_at_once`` or ``kokushi_robs_ankan``); the others
    #: (a three-player kita in the first go-around) fail at the first event that differs.
    earlier_versions: ClassVar[dict[str, EarlierVersion]] = {
        "1": EarlierVersion(
            new_events=frozenset({"robbed"}),
            new_fields={"exhaustive_draw": frozenset({"waits", "melds"})},
        ),
        "2": EarlierVersion(),
    }
    form: Form = RIICHI
    stat_ratios: ClassVar[dict[str, tuple[str, str]]] = {
        "deal-in facing riichi": ("dealt_into_riichi", "faced_riichi")
    }
    options: RiichiOptions

    def __init__(self, options: RiichiOptions | None = None) -> None:
        self.options = options or RiichiOptions()
        opts = self.options
        if opts.players == 3:
            self.tileset = sanma_set(opts.red_fives)
        else:
            self.tileset = house_set() if opts.special_tiles else riichi_set(opts.red_fives)
        #: the house table: scores go through house_score (chips, abilities, wildcards)
        self._house = is_house(opts)
        names = ability_names(opts.abilities)
        #: ability id -> its tile face (the gold 5p, platinum 5s, cyan 5m)
        self._ability_tile = dict(zip(names, ABILITY_TILES, strict=False))
        faces = self.tileset.tiles
        self._kind = [t.kind for t in faces]
        self._discard = {t: Action(A.DISCARD, t) for t in set(faces)}
        self._riichi = {t: Action(A.RIICHI, t) for t in set(faces)}
        self._waits: dict[int, tuple[int, ...]] = self.memos.table("waits")  # hand key -> waits
        self._riichi_memo: dict[int, tuple[int, ...]] = self.memos.table("riichi discards")
        self._discard_by_code: list[Action] = [_PASS] * (max(t.code for t in faces) + 1)
        for t in faces:
            self._discard_by_code[t.code] = self._discard[t]
        self._face = {t.code: t for t in faces}
        if opts.kansai_chiitoi:  # seven pairs may hold identical pairs: waits and shanten too
            self.form = Form(identical_pairs=True)
        n = self.num_players = opts.players
        #: per kind, its weight in the engine's hand keys (5^position among the kinds in
        #: play: three players have no 2m-8m, so the weights differ from 5^kind)
        self._pow = [0] * 34
        for i, k in enumerate(sorted({t.kind for t in self.tileset.tiles})):
            self._pow[k] = 5**i  # as Ruleset.kind_weight, per kind
        self._seats = tuple(range(n))
        #: the other seats of each seat, in turn order from it
        self._others = [tuple((s + i) % n for i in range(1, n)) for s in range(n)]
        self._turns = [fl.Turn(s) for s in self._seats]
        #: number kinds in no run of the tile set (1m and 9m with three players)
        kinds = {t.kind for t in self.tileset.tiles}
        self._runless = frozenset(
            k
            for k in kinds
            if k < HONOR
            and not any(
                all(j in kinds and j // 9 == k // 9 for j in (a, a + 1, a + 2))
                for a in (k - 2, k - 1, k)
            )
        )

    options_class: ClassVar[type | None] = RiichiOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS

    # ------------------------------------------------------------------ configuration
    def family_layout(self) -> str | None:
        if self.num_players == 3:
            return "riichi3"
        return "riichi-house" if self.options.special_tiles else "riichi4"

    def start_balances(self) -> dict[str, list[int]]:
        balances = {"points": [self.options.start_points] * self.num_players}
        if self.options.chips:
            balances["chips"] = [0] * self.num_players
        return balances

    def new_state(self) -> RiichiState:
        return RiichiState()

    def build_wall(self, order: Sequence[int]) -> Wall:
        """The first tiles of ``order`` are dealt (13 each from the dealer), then drawn in
        order; the last 14 are the dead wall: 4 replacement tiles, 5 dora indicators, 5
        ura indicators."""
        live, dead = list(order[:-14]), list(order[-14:])
        live.reverse()
        refill = self.num_players == 3  # Norths draw replacements too: up to eight
        return Wall(live, dead[:4], dead[4:9], dead[9:], dead_wall=True, refill=refill)

    def start_hand(self, game: Game) -> fl.Outcome:
        game.state.hand = HandState()
        d = game.dealer
        order = tuple((d + i) % self.num_players for i in self._seats)
        ops = (fl.Deal(order, (13,) * self.num_players), fl.RevealIndicator())
        if self.options.unanimous_abort:  # every player may agree to abort (no honba)
            vote = {s: [_PASS, _ABORT] for s in self._seats}
            return fl.Outcome(ops, fl.Window("vote", vote, None, claim=False))
        return fl.Outcome(ops, self._turns[d])

    def hand_info(self, game: Game) -> dict[str, Any]:
        return {
            "honba": game.state.honba,
            "sticks": game.ledger.pots["points"] // self.options.riichi_stick,
            "kyoku": game.state.kyoku,
        }

    def round_label(
        self, round_wind: int, hand: int, info: dict[str, Any]
    ) -> tuple[str, str] | None:
        kyoku = int(info.get("kyoku", 0))
        honba = int(info.get("honba", 0))
        wind = WIND_NAMES[kyoku // self.num_players % 4]
        number = kyoku % self.num_players + 1
        return f"{wind} {number}, honba {honba}", f"{wind[0]}{number}-{honba}"

    # ------------------------------------------------------------------ views
    extra_class: ClassVar[type | None] = RiichiExtra

    def extra(self, game: Game, viewer: int | None) -> RiichiExtra:
        hs: HandState = game.state.hand
        n = self.num_players
        ura: tuple[str, ...] = ()
        if any(hs.tako):  # tako riichi turns the ura indicators face up
            wall = game.wall
            ura = tuple(game.fmt_all(wall.hidden[: len(wall.revealed)]))
        return RiichiExtra(
            kyoku=game.state.kyoku,
            riichi=tuple(hs.riichi[:n]),
            open_riichi=tuple(hs.open_riichi[:n]),
            tako=tuple(hs.tako[:n]),
            ura_shown=ura,
            furiten=None if viewer is None else self._furiten(game, viewer),
        )

    def seat_winds(self, game: Game) -> tuple[int, ...]:
        return tuple((s - game.dealer) % self.num_players for s in self._seats)

    def counters(self, game: Game) -> tuple[int, int]:
        return game.state.honba, game.ledger.pots["points"] // self.options.riichi_stick

    def shown_hands(self, game: Game, viewer: int | None) -> frozenset[int]:
        """Open riichi shows the hand to every viewer; the peek house rule shows a riichi
        player both neighbours' hands."""
        hs: HandState = game.state.hand
        shown = {s for s in self._seats if hs.open_riichi[s]}
        if viewer is not None and self.options.riichi_peek and hs.riichi[viewer]:
            n = self.num_players
            shown |= {(viewer + 1) % n, (viewer - 1) % n}
        shown.discard(-1)
        return frozenset(shown) - ({viewer} if viewer is not None else set())

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

    # ------------------------------------------------------------------ hand facts
    def waits_of_key(self, key: int, counts: list[int]) -> tuple[int, ...]:
        """The kinds that complete a hand (waiting to draw) given by its key and its 34
        counts, memoised by the key."""
        got = self._waits.get(key)
        if got is None:
            got = self._waits[key] = tuple(waits(counts, self.form))
        return got

    def waits_of(self, game: Game, seat: int) -> tuple[int, ...]:
        """The kinds that complete ``seat``'s hand (waiting to draw): a per-seat cache
        keyed by the hand key (the hand changes only on the seat's own turn), then the
        memo table."""
        key = game.hand_key[seat]
        cache = game.waits_cache
        got = cache[seat]
        if got[0] != key:
            got = cache[seat] = (key, self.waits_of_key(key, game.counts[seat][:34]))
        return got[1]

    def _waits_before_draw(self, game: Game, seat: int, k: int) -> tuple[int, ...]:
        """The waits of the seat's hand without its drawn tile (kind ``k``): usually in
        the per-seat cache already (asked when the others discarded)."""
        key = game.hand_key[seat] - self._pow[k]
        cached = game.waits_cache[seat]
        if cached[0] == key:
            return cached[1]
        counts = game.counts[seat][:34]
        counts[k] -= 1
        return self.waits_of_key(key, counts)

    def _riichi_kinds(self, game: Game, seat: int) -> tuple[int, ...]:
        """Kinds whose discard leaves the seat's 14-tile hand ready, memoised by its key:
        none when the hand is two or more from ready (one fast shanten first)."""
        key = game.hand_key[seat]
        got = self._riichi_memo.get(key)
        if got is None:
            counts = game.counts[seat][:34]
            if form_shanten(counts, self.form) > 0:
                got = ()
            else:
                ready = []
                for k in range(34):
                    if counts[k]:
                        counts[k] -= 1
                        if self.waits_of_key(key - self._pow[k], counts):
                            ready.append(k)
                        counts[k] += 1
                got = tuple(ready)
            self._riichi_memo[key] = got
        return got

    def _furiten(self, game: Game, seat: int, k: int = -1) -> bool:
        """Furiten for a ron (on kind ``k`` when given). A discarded 6z pocchi counts only
        against a ron on 6z (house preset), not against the other waits."""
        hs: HandState = game.state.hand
        if hs.temp_furiten[seat] or hs.riichi_furiten[seat]:
            return True
        if len(game.hands[seat]) % 3 != 1:
            return False
        ws = self.waits_of(game, seat)
        kind = self._kind
        if not self.options.wildcards:
            return any(kind[t] in ws for t in game.discards[seat])
        faces = game.faces
        for t in game.discards[seat]:
            if kind[t] in ws:
                if faces[t].pocchi and kind[t] == POCCHI_OPEN and k != POCCHI_OPEN:
                    continue  # the 6z pocchi: furiten on 6z only
                return True
        return False

    def no_win_reason(self, game: Game, seat: int, tile: int | None = None) -> str | None:
        win = game.drawn if tile is None else tile
        if win is None or (tile is None and game.turn != seat):
            return None
        k = self._kind[win]
        ready = (
            self._waits_before_draw(game, seat, k) if tile is None else self.waits_of(game, seat)
        )
        if k not in ready:
            return None  # not a winning shape
        if tile is not None and self._furiten(game, seat, k):
            return (
                "furiten: one of your waits is among your discards, or you passed a ron on "
                "one since your last discard (or in riichi), so you may win only by tsumo"
            )
        result = self._score(game, self._situation(game, seat, win, tile is None))
        return None if result.is_win else result.reason

    def _melds(self, game: Game, seat: int) -> tuple[Meld, ...]:
        return tuple(game.meld_view(seat, m) for m in game.melds[seat])

    def _closed(self, game: Game, seat: int) -> bool:
        return all(m.type is MeldType.CLOSED_KAN for m in game.melds[seat])

    def _situation(
        self,
        game: Game,
        seat: int,
        win_tile: int,
        tsumo: bool,
        chankan: bool = False,
    ) -> WinSituation:
        hs: HandState = game.state.hand
        faces = game.faces
        concealed = list(game.hands[seat])
        if tsumo:
            concealed.remove(win_tile)
        wall = game.wall
        last = wall.left == 0
        first = hs.clean and not game.discards[seat]
        dealer = seat == game.dealer
        riichi = hs.riichi[seat]
        revealed = wall.revealed
        rinshan = game.turn_draw == fl.REPLACEMENT  # this turn's tile is a replacement
        return WinSituation(
            tuple(faces[t] for t in concealed),
            faces[win_tile],
            self._melds(game, seat),
            tsumo=tsumo,
            riichi=riichi > 0,
            double_riichi=riichi == 2,
            ippatsu=riichi > 0 and hs.ippatsu[seat],
            rinshan=tsumo and rinshan,
            chankan=chankan,
            haitei=tsumo and last and not rinshan,
            houtei=not tsumo and not chankan and last,
            tenhou=tsumo and first and dealer,
            chiihou=tsumo and first and not dealer,
            seat_wind=(seat - game.dealer) % self.num_players,
            round_wind=game.round_wind % 4,
            dora_indicators=tuple(faces[t] for t in revealed),
            ura_indicators=(
                tuple(faces[t] for t in wall.hidden[: len(revealed)])
                if riichi or self._has_ability(game, seat, "ura_kaiji")
                else ()
            ),
            honba=game.state.honba,
            riichi_sticks=game.ledger.pots["points"] // self.options.riichi_stick,
            open_riichi=hs.open_riichi[seat],
            nuki=len(game.bonus[seat]),
            tonshaaba=self.options.tonshaaba,
            renhou=(
                self.options.local_yakuman
                and not tsumo
                and hs.clean
                and not dealer
                and not game.discards[seat]
            ),
        )

    def _score(
        self, game: Game, sit: WinSituation, wildcard: bool = False, kokan: str | None = None
    ) -> RiichiScore:
        if self._house:
            return house_score(sit, self.options, kokan, wildcard)
        return score(sit, self.options)

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
        ops.append(self._defence_report(hs))
        game.state.last = ("win", dealer)
        return ops, self._hand_over(game, "win", dealer, ops)

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
            {"yakuman": yakuman, "han": han, "fu": 0, "chips": chips},
            detail,
            shown=game.hands[seat],
            tile_text=tile_text,
        )
        return ops

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

    # ------------------------------------------------------------------ turns
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
        elif drawn is not None and (
            self._special_suukantsu(game, seat) or self._puutaa(game, seat) is not None
        ):
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
            if not (wild and k in POCCHI_RIICHI and out):  # a riichi pocchi is never discarded
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
        closed = self._closed(game, seat)
        # naki menzen: riichi with an open hand, not on the turn of a call (an open kan's
        # replacement draw included), and never by discarding the ability's own tile
        menzen = (
            not closed
            and game.turn_draw == fl.LIVE
            and self._has_ability(game, seat, "naki_menzen")
        )
        if (
            drawn is not None
            and game.scores[seat] >= opts.riichi_min_points
            and wall_left >= opts.riichi_min_tiles
            and (closed or menzen)
        ):
            ready = self._riichi_kinds(game, seat)
            tako = bool(ready) and self._has_ability(game, seat, "tako_riichi")
            keep = self._ability_tile.get("naki_menzen") if menzen else None
            keep_tako = self._ability_tile.get("tako_riichi")
            if ready:
                for d in discards:
                    face = d.tiles[0]
                    if face.kind in ready and face != keep:
                        out.append(self._riichi[face])
                        if opts.open_riichi:
                            out.append(Action(A.OPEN_RIICHI, face))
                        if tako and face != keep_tako:  # the tako tile stays, shown
                            out.append(Action(A.TAKO_RIICHI, face))
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
            if self._special_suukantsu(game, seat) and not self._completes(game, seat):
                return fl.Outcome(*self._suukantsu_win(game, seat))
            puutaa = self._puutaa(game, seat)
            if puutaa is not None and not self._completes(game, seat):
                return fl.Outcome(*self._suukantsu_win(game, seat, puutaa))
            return fl.Outcome(*self._wins(game, [seat], None, game.drawn, tsumo=True))
        if t is A.ABORT:
            return self._abort(game, "nine terminals", seat)
        if t is A.NUKI:  # a North set aside: a replacement draw, robbed only by kokushi
            tile = game.tile_of(seat, action.tiles[0])
            ops_n: list[fl.Op] = [fl.SetAside(seat, tile)]
            if self.options.kokushi_robs_kita:
                robbers = self._robbers(game, seat, tile, kokushi_only=True)
                if robbers:
                    return fl.Outcome(
                        ops_n, fl.Window("rob", robbers, (seat, tile, "kita"), True, tile, seat)
                    )
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
                return fl.Outcome(
                    ops, fl.Window("rob", robbers, (seat, ids[0], "ankan"), True, ids[0], seat)
                )
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
                return fl.Outcome(
                    ops, fl.Window("rob", robbers, (seat, tile, "kakan"), True, tile, seat)
                )
            if self.options.kan_dora_at_once:
                ops.append(fl.RevealIndicator())
            self._call_made(hs)
            return fl.Outcome(ops, fl.Turn(seat, fl.REPLACEMENT))
        raise AssertionError(f"unexpected turn action {action}")  # pragma: no cover

    @staticmethod
    def _pending_dora(hs: HandState) -> list[fl.Op]:
        """The kan dora still to be turned, turned now (a discard, or another kan)."""
        ops: list[fl.Op] = [fl.RevealIndicator() for _ in range(hs.dora_due)]
        hs.dora_due = 0
        return ops

    def _call_made(self, hs: HandState) -> None:
        hs.clean = False
        hs.ippatsu = [False] * 4

    def _discard_outcome(self, game: Game, seat: int, action: Action) -> fl.Outcome:
        hs: HandState = game.state.hand
        tile = game.tile_of(seat, action.tiles[0])
        riichi = action.type in _RIICHI_TYPES
        ops: list[fl.Op] = [fl.DiscardTile(seat, tile, riichi=riichi), *self._pending_dora(hs)]
        if riichi:
            hs.pending_riichi = seat
            hs.pending_double = hs.clean and not game.discards[seat]
            hs.pending_open = action.type is A.OPEN_RIICHI
            hs.pending_tako = action.type is A.TAKO_RIICHI
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
            return fl.Outcome(ops, fl.Window("claim", claims, (seat, tile), True, tile, seat))
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
        if hs.tako[seat] and not declared:  # tako riichi: draw and discard twice a turn
            if not hs.second_draw and game.wall.left > 0:
                hs.second_draw = True
                return ops, self._turns[seat]
            hs.second_draw = False
        return ops, self._turns[(seat + 1) % self.num_players]

    # ------------------------------------------------------------------ claims
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
                and self._score(game, self._situation(game, s, tile, False)).is_win
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
                r = self._score(game, self._situation(game, s, tile, False, chankan=chankan))
                if r.is_win and (not kokushi_only or r.shape == 2):
                    out[s] = [_RON, _PASS]
        return out

    def resolve(self, game: Game, window: fl.Window, answers: dict[int, Action]) -> fl.Outcome:
        hs: HandState = game.state.hand
        if window.kind == "kokan":
            winners, from_seat, tile, tsumo, chankan, robbed = window.data
            picks = {s: a.choice for s, a in answers.items() if a.choice}
            return fl.Outcome(
                *self._wins(game, list(winners), from_seat, tile, tsumo, chankan, picks, robbed)
            )
        if window.kind == "vote":  # the unanimous abort before the dealer's first discard
            if all(answers.get(s) == _ABORT for s in self._seats):
                out = self._abort(game, "unanimous")
                game.state.last = ("vote",)  # after _abort: the hand replays without a honba
                return out
            return fl.Outcome((), self._turns[game.dealer])
        if window.kind == "dealer":
            if answers.get(game.dealer) == _PASS_DEAL:
                game.state.last = ("pass",)
            return fl.Outcome((), fl.EndHand(window.data))
        if window.kind == "rob":
            kan_seat, tile, how = window.data
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
        discarder, tile = window.data
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
        hs.open_riichi[seat] = hs.pending_open
        hs.tako[seat] = hs.pending_tako
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
        hs.second_draw = False  # another seat's call ends a tako player's double draw
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

    def _note_pao(self, game: Game, seat: int, meld: MeldType, k: int, feeder: int) -> None:
        """The feeder of the third dragon set or the fourth wind set pays for daisangen /
        daisuushi."""
        if meld is MeldType.CHI:
            return
        kind = self._kind
        have = {kind[m.tiles[0]] for m in game.melds[seat] if m.type is not MeldType.CHI}
        have.add(k)
        hs: HandState = game.state.hand
        if k in DRAGONS and all(d in have for d in DRAGONS):
            hs.pao[seat]["daisangen"] = feeder
        if k in WINDS and all(w in have for w in WINDS):
            hs.pao[seat]["daisuushi"] = feeder

    def _note_passed_rons(
        self, hs: HandState, window: fl.Window, answers: dict[int, Action]
    ) -> None:
        for s, options in window.options.items():
            if _RON in options and answers.get(s) != _RON:
                hs.temp_furiten[s] = True
                if hs.riichi[s]:
                    hs.riichi_furiten[s] = True

    # ------------------------------------------------------------------ settlement
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
        opts = self.options
        if kokan is None and "kokan" in self._ability_tile:
            asks = self._kokan_asks(game, winners, tile, tsumo, chankan)
            if asks:
                data = (tuple(winners), from_seat, tile, tsumo, chankan, robbed)
                return [], fl.Window("kokan", asks, data, claim=False)
        ops: list[fl.Op] = []
        sticks = game.ledger.pots["points"]
        for i, seat in enumerate(winners):
            sit = self._situation(game, seat, tile, tsumo, chankan)
            if i:  # only the first winner collects honba and sticks
                sit = replace(sit, honba=0, riichi_sticks=0)
            wild = tsumo and self._wildcard(game, seat, tile)
            result = self._score(game, sit, wild, (kokan or {}).get(seat))
            assert result.is_win, result.reason
            hs.winners.append(seat)
            if (
                opts.open_riichi_deal_in_yakuman
                and from_seat is not None
                and hs.open_riichi[seat]
                and not hs.riichi[from_seat]
                and not result.yakuman
            ):  # dealing into an open riichi without being in riichi costs a yakuman
                result.payment = payment(
                    LIMIT_BASE["yakuman"], sit.dealer, False, sit.honba, sit.riichi_sticks, opts
                )
                result.limit = "yakuman (open riichi deal-in)"
            parts = self._pao_parts(hs.pao[seat], result)
            pao = parts[0][0] if parts else None  # the liable seat (of the first such yakuman)
            if (
                opts.extra_pao
                and tsumo
                and game.turn_draw == fl.REPLACEMENT
                and hs.last_kan[0] == seat
                and hs.last_kan[1] is not None
            ):
                pao = hs.last_kan[1]  # rinshan after a fed open kan: the feeder pays all
                rinshan_pao = True
            else:
                rinshan_pao = False
            honba_points = sit.honba * opts.honba_ron if not tsumo else 0
            if parts and not rinshan_pao and (len(parts) > 1 or opts.pao_yakuman_only):
                deltas = self._pao_split(game, seat, from_seat, parts, result.yakuman, sit)
                deltas[seat] += result.payment.sticks  # as settle counts them
            elif tsumo and pao is not None and not rinshan_pao:
                # a yakuman's liable player pays a tsumo as if it had been a ron against
                # it (with three players more than the tsumo's total, which loses a share)
                as_ron = payment(result.basic, sit.dealer, False, sit.honba, 0, opts)
                as_ron.sticks = result.payment.sticks
                deltas = settle(as_ron, seat, pao, game.dealer, None, 0, self.num_players)
            else:
                deltas = settle(
                    result.payment,
                    seat,
                    from_seat,
                    game.dealer,
                    pao,
                    honba_points,
                    self.num_players,
                )
            deltas[seat] -= result.payment.sticks  # the sticks come from the pot
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
            detail = {
                "han": result.han,
                "fu": result.fu,
                "yaku": [list(y) for y in result.yaku],
                "yakuman": result.yakuman,
                "limit": result.limit,
                "dora": result.dora,
                "aka": result.aka,
                "ura": result.ura,
                "fu_items": [list(f) for f in result.fu_items],
                "pao": pao,
                "honba": sit.honba,
                "payment": {
                    "ron": result.payment.ron,
                    "tsumo_dealer": result.payment.tsumo_dealer,
                    "tsumo_other": result.payment.tsumo_other,
                },
                "melds": [str(m) for m in sit.melds],
                "ura_indicators": [str(t) for t in sit.ura_indicators],
                **self._house_detail(result),
            }
            report = {
                "yakuman": result.yakuman,
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
                [y for y, _ in result.yaku] + self._house_items(game, seat, tile, tsumo, result),
                result.names(),
                payments,
                report,
                detail,
            )
        if from_seat is not None and any(hs.riichi[w] for w in winners):
            hs.into_riichi[from_seat] = 1
        if robbed:
            assert from_seat is not None
            ops.insert(0, fl.RobTile(from_seat, tile, winners[0]))
        ops.append(self._defence_report(hs))
        dealer_won = game.dealer in winners
        game.state.last = ("win", dealer_won)
        return ops, self._hand_over(game, "win", dealer_won, ops)

    def _kokan_asks(
        self, game: Game, winners: list[int], tile: int, tsumo: bool, chankan: bool
    ) -> dict[int, list[Action]]:
        """Per winner the kokan acts for: its choices, the better one (points plus chips
        at the chip value) first."""
        asks: dict[int, list[Action]] = {}
        for seat in winners:
            sit = self._situation(game, seat, tile, tsumo, chankan)
            result = self._score(game, sit, tsumo and self._wildcard(game, seat, tile))
            if not result.choices:
                continue
            picked = next(n[7:-1] for n, _ in result.chip_items if n.startswith("kokan ("))
            order = sorted(result.choices, key=lambda c: c != picked)
            asks[seat] = [Action(A.KOKAN, choice=c) for c in order]
        return asks

    @property
    def _last_kyoku(self) -> int:
        """The last hand of the game's rounds by dealer turn (South 4 / East 4)."""
        return (2 if self.options.hanchan else 1) * self.num_players - 1

    def _hand_over(
        self, game: Game, reason: str, dealer_stays: bool, ops: Sequence[fl.Op] = ()
    ) -> fl.Next:
        """The hand's end; with ``dealer_choice`` a dealer who would repeat first chooses
        to continue or to pass the deal."""
        if dealer_stays and self.options.dealer_choice and not self._ends_game(game, ops):
            return fl.Window("dealer", {game.dealer: [_CONTINUE, _PASS_DEAL]}, reason, claim=False)
        return fl.EndHand(reason)

    def _ends_game(self, game: Game, ops: Sequence[fl.Op]) -> bool:
        """Whether the hand's payments (``ops``, not applied yet) end the game anyway: a
        bust, a low riichi not won, or the called game."""
        opts = self.options
        points = Settlement(game.ledger, "points").apply(ops).balances
        hs: HandState = game.state.hand
        low = any(hs.low_riichi[s] and s not in hs.winners for s in self._seats)
        return (
            (opts.bust and min(points) < 0)
            or low
            or (bool(opts.called_game) and max(points) >= opts.called_game)
        )

    @property
    def _pao_yakuman(self) -> tuple[str, ...]:
        return (*PAO_YAKUMAN, "suukantsu") if self.options.extra_pao else PAO_YAKUMAN

    def _pao_parts(self, liable: dict[str, int], result: RiichiScore) -> list[tuple[int, int]]:
        """The liable seats of a win's pao yakuman, each with the yakuman multiples it is
        liable for (seats in the order of their yakuman in the score; [] if none)."""
        parts: dict[int, int] = {}
        pao_yakuman = self._pao_yakuman
        for name, han in result.yaku:
            if name in liable and name in pao_yakuman:
                seat = liable[name]
                parts[seat] = parts.get(seat, 0) + han // 13
        return list(parts.items())

    def _pao_split(
        self,
        game: Game,
        seat: int,
        from_seat: int | None,
        parts: list[tuple[int, int]],
        yakuman: int,
        sit: WinSituation,
    ) -> list[int]:
        """Each seat's change for a yakuman win with pao, yakuman by yakuman: each liable
        seat's yakuman as if it had dealt in, all of it on a tsumo, half on a ron against
        another player (who pays the other half). The yakuman no one is liable for are
        paid as usual (``pao_yakuman_only``, Mahjong Soul's rule), or else (Tenhou's: the
        liable player covers the whole hand) by the first liable seat as if they were its
        own. The first liable seat pays the honba as on a ron. Sticks are not included."""
        opts = self.options
        dealer = seat == game.dealer
        owed: list[tuple[int, int]] = []  # (payer, amount)
        rest = yakuman - sum(m for _, m in parts)
        if rest and not opts.pao_yakuman_only:
            parts = [(parts[0][0], parts[0][1] + rest), *parts[1:]]
            rest = 0
        for liable, multiple in parts:
            value = payment(LIMIT_BASE["yakuman"] * multiple, dealer, False, 0, 0, opts).ron
            if from_seat is None or from_seat == liable:
                owed.append((liable, value))
            else:
                owed += [(liable, value // 2), (from_seat, value - value // 2)]
        if rest:
            normal = payment(LIMIT_BASE["yakuman"] * rest, dealer, from_seat is None, 0, 0, opts)
            if from_seat is not None:
                owed.append((from_seat, normal.ron))
            else:
                for other in self._others[seat]:
                    by_dealer = other == game.dealer and normal.tsumo_dealer > 0
                    owed.append((other, normal.tsumo_dealer if by_dealer else normal.tsumo_other))
        owed.append((parts[0][0], sit.honba * opts.honba_ron))
        deltas = [0] * self.num_players
        for payer, amount in owed:
            deltas[payer] -= amount
            deltas[seat] += amount
        return deltas

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

    def _house_items(
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

    @staticmethod
    def _house_detail(result: RiichiScore) -> dict[str, Any]:
        if not (result.chips or result.steps):
            return {}
        return {
            "chips": result.chips,
            "chip_items": [list(c) for c in result.chip_items],
            "abilities": list(result.abilities),
            "steps": list(result.steps),
            "wildcard": result.wildcard,
            "special": result.special,
        }

    def _defence_report(self, hs: HandState) -> fl.Report:
        """Per seat: whether it discarded facing a riichi, and whether it dealt into one."""
        n = self.num_players
        return fl.Report(
            {
                "counts": {
                    "faced_riichi": hs.faced_riichi[:n],
                    "dealt_into_riichi": hs.into_riichi[:n],
                }
            }
        )

    def _abort_ops(self, game: Game, reason: str, seat: int | None = None) -> list[fl.Op]:
        game.state.last = ("abort",)
        return [
            fl.Report({"hand": game.hand_number, "winner": None, "abort": reason}),
            self._defence_report(game.state.hand),
            fl.Emit(ev.Abort(reason, seat)),
        ]

    def _abort(self, game: Game, reason: str, seat: int | None = None) -> fl.Outcome:
        return fl.Outcome(self._abort_ops(game, reason, seat), fl.EndHand("abort"))

    def tenpai(self, game: Game, seat: int) -> bool:
        return bool(self.waits_of(game, seat))

    def on_exhausted(self, game: Game) -> fl.Outcome:
        opts = self.options
        ops: list[fl.Op] = []
        tenpai = [s for s in self._seats if self.tenpai(game, s)]
        kind = self._kind
        nagashi = []
        if opts.nagashi_mangan:
            from ...engine.game import CALLED

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
                pay = payment(LIMIT_BASE["mangan"], s == game.dealer, True, 0, 0, opts)
                for payer, change in enumerate(
                    settle(pay, s, None, game.dealer, players=self.num_players)
                ):
                    if change < 0:
                        ops.append(fl.Move("points", payer, s, -change, "nagashi mangan"))
        elif 0 < len(tenpai) < self.num_players:  # each noten player pays each ready one
            part = opts.noten_penalty // (len(tenpai) * (self.num_players - len(tenpai)))
            for s in self._seats:
                if s not in tenpai:
                    for t in tenpai:
                        ops.append(fl.Move("points", s, t, part, "noten"))
        game.state.last = ("draw", game.dealer in tenpai)
        ops.append(fl.Report({"hand": game.hand_number, "winner": None, "tenpai": tenpai}))
        ops.append(self._defence_report(game.state.hand))
        waits = {s: self.waits_of(game, s) for s in tenpai}
        ops.append(fl.Emit(game.exhaustive_draw(tenpai, waits)))
        return fl.Outcome(ops, self._hand_over(game, "exhaustive", game.dealer in tenpai, ops))

    def _nagashi_wins(self, game: Game, nagashi: list[int], tenpai: list[int]) -> fl.Outcome:
        """Nagashi mangan as a special win worth haneman, paid as a tsumo with honba, the
        sticks to the first such player from the dealer's turn order (house preset)."""
        opts = self.options
        hs: HandState = game.state.hand
        ops: list[fl.Op] = []
        sticks = game.ledger.pots["points"]
        for i, s in enumerate(sorted(nagashi, key=lambda x: (x - game.dealer) % self.num_players)):
            honba = game.state.honba if i == 0 else 0
            pay = payment(LIMIT_BASE["haneman"], s == game.dealer, True, honba, 0, opts)
            ops += self._special_win(
                game, s, None, pay, sticks if i == 0 else 0, "nagashi mangan", "nagashi_mangan",
                "Nagashi mangan (as haneman)", 6, 0, 0, "",
                {"han": 6, "fu": 0, "limit": "haneman", "honba": honba},
            )  # fmt: skip
        ops.append(self._defence_report(hs))
        dealer_won = game.dealer in nagashi
        game.state.last = ("win", dealer_won)
        return fl.Outcome(ops, self._hand_over(game, "win", dealer_won, ops))

    # ------------------------------------------------------------------ between hands
    def next_hand(self, game: Game) -> fl.NextHand | fl.GameOver:
        st: RiichiState = game.state
        opts = self.options
        last = st.last
        renchan = last[0] == "abort" or (last[0] in ("win", "draw") and last[1])
        if last[0] == "pass":  # the dealer passed the deal: honba back to 0
            st.honba = 0
        elif last[0] == "vote":  # a unanimous abort: the same hand again, no honba
            return fl.NextHand(game.dealer, game.round_wind)
        elif renchan or last[0] != "win":
            st.honba += 1
        else:
            st.honba = 0
        scores = game.scores
        n = self.num_players
        final = self._last_kyoku  # South 4 / East 4 (South 3 / East 3 with three players)
        limit = final + n  # the extension's last hand: West 4 / South 4
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
        reached = max(scores) >= opts.return_points
        if st.kyoku > final and reached:  # sudden death in the extension
            return self._game_over(game)
        if st.kyoku >= final:
            if renchan:
                # agari-yame and tenpai-yame: the last dealer, first with the return points
                top = self.places(scores)[game.dealer] == 1
                if (
                    last[0] in ("win", "draw")
                    and opts.agari_yame
                    and top
                    and scores[game.dealer] >= opts.return_points
                ):
                    return self._game_over(game)
            elif reached or not opts.west_extension or st.kyoku >= limit:
                return self._game_over(game)
        if renchan:
            return fl.NextHand(game.dealer, game.round_wind)
        st.kyoku += 1
        return fl.NextHand((game.dealer + 1) % n, st.kyoku // n)

    def places(self, scores: Sequence[int]) -> list[int]:
        """Ranks 1-4; ties go to the seat nearer the first dealer (seat 0)."""
        return places_by_seat(scores)

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
        if opts.placement_chips:
            return self._chip_result(game, scores, places, ops)
        uma_a, uma_b = opts.uma
        if self.num_players == 3:  # 1st +a, 2nd +b, 3rd -(a + b)
            uma = {1: uma_a, 2: uma_b, 3: -uma_a - uma_b}
        else:
            uma = {1: uma_a, 2: uma_b, 3: -uma_b, 4: -uma_a}
        oka = (opts.return_points - opts.start_points) * self.num_players / 1000
        final = []
        for s in self._seats:
            value = (scores[s] - opts.return_points) / 1000 + uma[places[s]]
            if places[s] == 1:
                value += oka
            final.append(round(value, 1))
        return fl.GameOver(ops, {"final": final, "places": places})

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

    def validate(self, game: Game) -> None:
        """The per-seat waits cache and the memo tables equal a fresh computation."""
        for seat in self._seats:
            key, cached = game.waits_cache[seat]
            if key == game.hand_key[seat]:
                fresh = tuple(waits(game.counts[seat][:34], self.form))
                if cached != fresh:
                    raise AssertionError(f"stale waits for seat {seat}: {cached} != {fresh}")
            memo = self._waits.get(game.hand_key[seat])
            if memo is not None and memo != tuple(waits(game.counts[seat][:34], self.form)):
                raise AssertionError(f"wrong memoised waits for seat {seat}")
        if game.ledger.pots["points"] % self.options.riichi_stick:
            raise AssertionError("the pot holds part of a riichi stick")

    def rule_tables(self) -> dict[str, list[tuple[str, Any, str]]]:
        """The house preset's tables (abilities, chips, placement chips); none otherwise."""
        from .house import (
            ABILITIES,
            ABILITY_SETS,
            IPPATSU_CHIPS,
            KAZOE_CHIPS,
            KOKAN,
            TILE_CHIPS,
            URA_CHIPS,
            YAKUKA_CHIPS,
            YAKUMAN_CHIPS,
        )

        if not self._house:
            return {}
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
        if not self._house:
            return ""
        from .house import ABILITIES

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

    # ------------------------------------------------------------------ hints
    def dora_kinds(self, indicators: Sequence[Tile]) -> frozenset[int]:
        three = self.num_players == 3
        return frozenset(dora_of(t.kind, three) for t in indicators)

    def furiten(self, obs: Observation, waits: Sequence[int]) -> bool:
        # the discard furiten, and the temporary and riichi ones the table keeps
        extra: RiichiExtra = obs.extra
        return discarded_a_wait(obs, waits) or bool(extra.furiten)

    def worth_declaring(self, obs: Observation, action: Action) -> bool:
        """Wins and riichi always; nine terminals unless the hand holds eleven or more
        terminal and honour kinds (then thirteen orphans is worth a try)."""
        if action.type is A.ABORT:
            if obs.window == "vote":
                return False  # a bot plays the hand rather than vote to abort it
            return len({t.kind for t in obs.hand if t.kind in TERMINAL_HONOR}) < 11
        return True

    def _yakuhai(self, obs: Observation) -> frozenset[int]:
        seat_wind = 27 + (obs.seat - obs.dealer) % self.num_players
        rounds = (27, 29) if self.options.tonshaaba else (27 + obs.round_wind % 4,)
        return frozenset((31, 32, 33, seat_wind, *rounds))

    def call_worth(self, obs: Observation, action: Action) -> bool:
        """Pon of a yakuhai; a chi or pon that brings an all-simples hand closer; a
        concealed or added kong that keeps the shanten."""
        kind = action.tiles[0].kind
        counts = [0] * 34
        for t in obs.hand:
            counts[t.kind] += 1
        before = form_shanten(counts, self.form)
        if action.type in (A.ANKAN, A.KAKAN):
            if obs.extra.riichi[obs.seat]:
                return True  # offered in riichi only when the waits stay
            taken = 4 if action.type is A.ANKAN else 1
            counts[kind] -= taken
            return form_shanten(counts, self.form) <= before
        if action.type is A.KAN:
            return False
        if action.type is A.PON and kind in self._yakuhai(obs):
            return True
        if obs.last_discard is None:
            return False
        called = obs.last_discard[1].kind
        melds = obs.melds[obs.seat]
        simples = all(t.kind not in TERMINAL_HONOR for m in melds for t in m.tiles)
        used = [t.kind for t in action.tiles] + [called]
        if not simples or any(k in TERMINAL_HONOR for k in used):
            return False
        if sum(1 for t in obs.hand if t.kind in TERMINAL_HONOR) > 2:
            return False  # too far from all simples
        for k in used[:-1]:
            counts[k] -= 1
        best = min(
            (
                form_shanten([c - (i == k) for i, c in enumerate(counts)], self.form)
                for k in set(t.kind for t in obs.hand)
                if counts[k] > 0
            ),
            default=before,
        )
        return best < before

    def suggest(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        """A North set aside whenever offered (three players). Kokan: the better choice
        (offered first). The dealer's choice: pass when first
        with the game's last hand at stake (passing there ends it), else continue. The
        unanimous abort vote: see ``worth_declaring`` (never)."""
        types = {a.type for a in legal}
        if A.NUKI in types:
            return _NUKI  # a North set aside is a dora and a fresh draw
        if A.KOKAN in types:
            return legal[0]
        if types == {A.CONTINUE, A.PASS_DEAL}:
            top = max(self._seats, key=lambda s: (obs.scores[s], -s)) == obs.seat
            last = obs.extra.kyoku >= self._last_kyoku
            return _PASS_DEAL if top and last else _CONTINUE
        return None

    def threats(self, obs: Observation) -> list[int]:
        riichi = obs.extra.riichi
        return [s for s in self._seats if s != obs.seat and riichi[s]]

    def danger(self, obs: Observation, tile: Tile) -> float:
        """Per threat: 0 for a tile it discarded (genbutsu); honours by how many copies are
        seen; suji of its discards halve a number's danger; terminals less than middles.
        A number no run of the tile set can hold (1m and 9m with three players, where
        2m-8m are out) waits only as a pair or a triplet, as an honour does: it is rated
        as one (its suji, 4m or 6m, do not exist)."""
        k = tile.kind
        seen = sum(1 for pile in obs.discards for t in pile if t.kind == k)
        seen += sum(1 for t in obs.hand if t.kind == k)
        total = 0.0
        runless = k >= HONOR or k in self._runless
        for s in self.threats(obs):
            thrown = {t.kind for t in obs.discards[s]}
            if k in thrown:
                continue
            if runless:
                total += max(0.0, 3 - seen) * 0.5
                continue
            n = k % 9
            risk = 1.0 if n in (0, 8) else 1.5 if n in (1, 7) else 2.0
            low, high = k - 3, k + 3
            suji = (n < 3 or low in thrown) and (n > 5 or high in thrown)
            total += risk * (0.5 if suji else 1.0)
        return total
