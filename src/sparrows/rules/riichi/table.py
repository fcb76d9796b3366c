"""Riichi's table layer: the ruleset's configuration (options, tile set, seats, memo
tables), its per-game and per-hand state, the views it gives (its facts, seat winds,
counters, shown hands, prompt payloads) and the facts of a hand that every other layer
reads (waits, furiten, the win situation and its score, abilities held, the hand's end).

The ruleset is built in layers, one module each, each class extending the one before:
:class:`RiichiBase` (here) -> :class:`~.settlement.RiichiSettlement` (wins, draws,
aborts, payments, pao, the game's end) -> :class:`~.game.RiichiRuleset` (the standard
flow: turns, calls, claims and their resolution), and on top, for a table with the house
preset's options, :class:`~.house.play.HouseRuleset` (the house preset's special wins,
kokan and chips, through the hook points of the layers below; ``house/``). What bots and
the hint key ask is riichi's advice, :class:`sparrows.advice.riichi.RiichiAdvice`,
outside the ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final

from ..._mypyc import mypyc_attr
from ...analysis import RIICHI, Form, form_shanten, waits
from ...client.details import RiichiWinDetail
from ...client.extras import RiichiExtra
from ...client.view import Payload
from ...engine import flow as fl
from ...engine.actions import Action, ActionType
from ...engine.ledger import Settlement
from ...engine.protocol import EarlierVersion, Ruleset, places_by_seat
from ...engine.wall import Wall
from ...reasons import Reason
from ...tiles import Meld, MeldType, Tile, house_set, riichi_set, sanma_set
from ...tiles.kinds import HONOR, NORTH, WIND_NAMES
from .options import PRESETS, RiichiOptions
from .scoring import RiichiScore, dora_of, score
from .situation import WinSituation, timing

if TYPE_CHECKING:
    from ...engine.game import Game


A: Final = ActionType
PAO_YAKUMAN: Final = ("daisangen", "daisuushi")
#: Paarenchan: the dealer's win that makes this many in a row (riichi.wiki "Optional
#: yaku": "Yakuman value awarded to the eighth consecutive hand won").
PAARENCHAN: Final = 8

_PASS: Final = Action(A.PASS)
_RON: Final = Action(A.RON)
_TSUMO: Final = Action(A.TSUMO)
_ABORT: Final = Action(A.ABORT)
_RIICHI_TYPES: Final = frozenset((A.RIICHI, A.OPEN_RIICHI, A.TAKO_RIICHI))
_NUKI: Final = Action(A.NUKI, Tile(NORTH))
_CONTINUE: Final = Action(A.CONTINUE)
_PASS_DEAL: Final = Action(A.PASS_DEAL)
_NOBODY: Final[frozenset[int]] = frozenset()
_MARKS: Final = ("riichi", "open_riichi", "furiten")  # the fields extra_fields answers itself

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
    #: the hands the dealer has won in a row in its deal (paarenchan at the eighth)
    dealer_wins: int = 0
    #: chips moved at the end of hands (bust chips): already in the ledger
    busted: list[int] = field(default_factory=list)


def _renhou_was_a_local_yakuman(options: dict[str, Any]) -> dict[str, Any]:
    """A version-3 record's options: ``local_yakuman`` then included renhou (a yakuman)."""
    if options.get("local_yakuman") and "renhou" not in options:
        options["renhou"] = "yakuman"
    return options


@mypyc_attr(allow_interpreted_subclasses=True)
class RiichiBase(Ruleset):
    """The riichi ruleset's configuration, state, views and hand facts."""

    name: ClassVar[str] = "riichi"
    advice_class: ClassVar[str] = "sparrows.advice.riichi:RiichiAdvice"
    version: ClassVar[str] = "4"
    #: 2: a robbed kan is undone (event ``robbed``); an exhaustive draw names the ready
    #: hands' melds and waits. 3: a kita is a call (three players: no ippatsu, tenhou,
    #: chiihou, double riichi or nine terminals after it); the Mahjong Soul presets' pao
    #: covers only its own yakuman; a kan that may be robbed turns its dora (at once, or
    #: a closed kan's) only once nobody robbed it. Records of 1 and 2 still replay where
    #: they play the same (four-player games but a Mahjong Soul pao with a second yakuman
    #: or a robbable kan under ``kan_dora_at_once`` or ``kokushi_robs_ankan``); the others
    #: (a three-player kita in the first go-around) fail at the first event that differs.
    #: 4: the local rules (issue 23); renhou is its own option (``renhou``, which the house
    #: preset sets to "yakuman"; ``local_yakuman`` no longer includes it) and sashikomi
    #: (``open_riichi_deal_in_yakuman``) is a yakuman that stacks. Records of 3 replay (a
    #: record with ``local_yakuman`` and no ``renhou`` meant renhou as a yakuman, and is
    #: read so) but for a sashikomi into a yakuman hand.
    earlier_versions: ClassVar[dict[str, EarlierVersion]] = {
        "1": EarlierVersion(
            new_events=frozenset({"robbed"}),
            new_fields={"exhaustive_draw": frozenset({"waits", "melds"})},
        ),
        "2": EarlierVersion(),
        "3": EarlierVersion(options=_renhou_was_a_local_yakuman),
    }
    form: Form = RIICHI
    stat_ratios: ClassVar[dict[str, tuple[str, str]]] = {
        "deal-in facing riichi": ("dealt_into_riichi", "faced_riichi")
    }
    options: RiichiOptions

    options_class: ClassVar[type | None] = RiichiOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    extra_class: ClassVar[type | None] = RiichiExtra
    detail_class: ClassVar[type | None] = RiichiWinDetail

    def __init__(self, options: RiichiOptions | None = None) -> None:
        self.options = options or RiichiOptions()
        opts = self.options
        if opts.players == 3:
            self.tileset = sanma_set(opts.red_fives)
        else:
            self.tileset = house_set() if opts.special_tiles else riichi_set(opts.red_fives)
        #: ability id -> its tile face (the house preset's abilities; none here)
        self._ability_tile: dict[str, Tile] = {}
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

    def family_layout(self) -> str | None:
        return "riichi3" if self.num_players == 3 else "riichi4"

    def start_balances(self) -> dict[str, list[int]]:
        return {"points": [self.options.start_points] * self.num_players}

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

    def extra(self, game: Game, viewer: int | None) -> RiichiExtra:
        hs: HandState = game.state.hand
        n = self.num_players
        ura: tuple[str, ...] = ()
        if any(hs.tako):  # tako riichi turns the ura indicators face up
            wall = game.wall
            ura = tuple(game.fmt_all(wall.hidden[: len(wall.revealed)]))
        riichi, opened, furiten = self.extra_fields(game, viewer, _MARKS)
        return RiichiExtra(
            kyoku=game.state.kyoku,
            riichi=riichi,
            open_riichi=opened,
            tako=tuple(hs.tako[:n]),
            ura_shown=ura,
            furiten=furiten,
        )

    def extra_fields(
        self, game: Game, viewer: int | None, names: tuple[str, ...]
    ) -> tuple[Any, ...]:
        """The riichi marks and furiten without building :meth:`extra` (which reads them
        here too)."""
        hs: HandState = game.state.hand
        n = self.num_players
        out: list[Any] = []
        for name in names:
            if name == "riichi":
                out.append(tuple(hs.riichi[:n]))
            elif name == "open_riichi":
                out.append(tuple(hs.open_riichi[:n]))
            elif name == "furiten":
                out.append(None if viewer is None else self._furiten(game, viewer))
            else:
                out.append(getattr(self.extra(game, viewer), name))
        return tuple(out)

    def dora_kinds(self, indicators: Sequence[Tile]) -> frozenset[int]:
        three = self.num_players == 3
        return frozenset(dora_of(t.kind, three) for t in indicators)

    def seat_winds(self, game: Game) -> tuple[int, ...]:
        return tuple((s - game.dealer) % self.num_players for s in self._seats)

    def counters(self, game: Game) -> tuple[int, int]:
        return game.state.honba, game.ledger.pots["points"] // self.options.riichi_stick

    def shown_hands(self, game: Game, viewer: int | None) -> frozenset[int]:
        """No concealed hand is shown in standard riichi (the house layer's open riichi
        and peek show some)."""
        return _NOBODY

    def payload(self, game: Game, seat: int) -> Payload | None:
        """No prompt of standard riichi carries a payload (the house layer's do)."""
        return None

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
        if not ws:  # (most calls: the hand is not ready)
            return False
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
            return Reason("furiten")
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
        discarder: int | None = None,
    ) -> WinSituation:
        """``seat``'s win on ``win_tile``; ``discarder``: on a ron, the seat whose discard
        (or kan) it is (None: unknown, as for a hint; it only decides sashikomi)."""
        hs: HandState = game.state.hand
        opts = self.options
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
        when = timing(
            tsumo=tsumo,
            last=last,
            replacement=game.turn_draw == fl.REPLACEMENT,  # this turn's tile
            chankan=chankan,
            first=first,
            dealer=dealer,
        )
        return WinSituation(
            tuple(faces[t] for t in concealed),
            faces[win_tile],
            self._melds(game, seat),
            tsumo=tsumo,
            riichi=riichi > 0,
            double_riichi=riichi == 2,
            ippatsu=riichi > 0 and hs.ippatsu[seat],
            rinshan=when.rinshan,
            chankan=when.chankan,
            haitei=when.haitei,
            houtei=when.houtei,
            tenhou=when.tenhou,
            chiihou=when.chiihou,
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
                opts.renhou != "off"
                and not tsumo
                and hs.clean
                and not dealer
                and not game.discards[seat]
            ),
            paarenchan=opts.paarenchan and dealer and game.state.dealer_wins >= PAARENCHAN - 1,
            sashikomi=(
                opts.open_riichi_deal_in_yakuman
                and not tsumo
                and discarder is not None
                and hs.open_riichi[seat]
                and not hs.riichi[discarder]
            ),
        )

    def _score(
        self, game: Game, sit: WinSituation, wildcard: bool = False, kokan: str | None = None
    ) -> RiichiScore:
        """The score of a win (the house layer adds chips, abilities and wildcards)."""
        return score(sit, self.options)

    def _has_ability(self, game: Game, seat: int, name: str) -> bool:
        """Whether the seat holds the tile carrying ability ``name`` (the house preset's;
        none here)."""
        return False

    def _wildcard(self, game: Game, seat: int, tile: int) -> bool:
        """Whether the drawn ``tile`` acts as a wildcard for ``seat`` (the house preset's
        pocchi; none here)."""
        return False

    @staticmethod
    def _pending_dora(hs: HandState) -> list[fl.Op]:
        """The kan dora still to be turned, turned now (a discard, or another kan)."""
        ops: list[fl.Op] = [fl.RevealIndicator() for _ in range(hs.dora_due)]
        hs.dora_due = 0
        return ops

    def _call_made(self, hs: HandState) -> None:
        hs.clean = False
        hs.ippatsu = [False] * 4

    @property
    def _last_kyoku(self) -> int:
        """The last hand of the game's rounds by dealer turn (South 4 / East 4)."""
        return (2 if self.options.hanchan else 1) * self.num_players - 1

    def _hand_over(
        self, game: Game, reason: str, dealer_stays: bool, ops: Sequence[fl.Op] = ()
    ) -> fl.Next:
        """The hand's end (the house layer's dealer's choice may come first)."""
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

    def _defence_report(self, game: Game) -> fl.Report:
        """Per seat: whether it discarded facing a riichi, and whether it dealt into one."""
        hs: HandState = game.state.hand
        n = self.num_players
        counts = {"faced_riichi": hs.faced_riichi[:n], "dealt_into_riichi": hs.into_riichi[:n]}
        return fl.Report(fl.HandReport(fl.COUNTS, game.hand_number, counts=counts))

    def tenpai(self, game: Game, seat: int) -> bool:
        return bool(self.waits_of(game, seat))

    def places(self, scores: Sequence[int]) -> list[int]:
        """Ranks 1-4; ties go to the seat nearer the first dealer (seat 0)."""
        return places_by_seat(scores)

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
