"""The classical Chinese plug-in: the shared Chinese-family game
(:mod:`sparrows.rules.chinese`) with points and doubles for every hand, the losers settling
their differences, East paying and receiving double, the no-win-on-own-discards rule, and
the draw rules of the presets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from ..._mypyc import mypyc_attr
from ...analysis import Form, decompose
from ...client.details import ClassicalWinDetail
from ...engine import flow as fl
from ...engine.actions import Action, ActionType
from ...engine.protocol import EarlierVersion
from ...reasons import Reason
from ...tiles import MeldType, classical_set
from ...tiles.kinds import FLOWER, SEASON
from ..chinese import SEATS, ChineseRuleset
from .options import DOUBLES, LIMIT_HANDS, MELD_POINTS, POINTS, PRESETS, ClassicalOptions
from .scoring import ClassicalScore, kept_groups, score_loser, score_winner, settle

A: Final = ActionType

if TYPE_CHECKING:
    from ...engine.game import Game


@mypyc_attr(allow_interpreted_subclasses=True)
class ClassicalRuleset(ChineseRuleset):
    """Classical Chinese mahjong (``../shared/rules/classical.md``); the decisions where
    the spec is silent are in ``docs/rulesets.md``."""

    name: ClassVar[str] = "classical"
    detail_class: ClassVar[type | None] = ClassicalWinDetail
    version: ClassVar[str] = "2"
    #: 2: a robbed kong is undone (event ``robbed``); an exhaustive draw names the ready
    #: seats (version 1 named none), their melds and waits.
    earlier_versions: ClassVar[dict[str, EarlierVersion]] = {
        "1": EarlierVersion(
            new_events=frozenset({"robbed"}),
            new_fields={"exhaustive_draw": frozenset({"waits", "melds"})},
            changed_fields=frozenset({("exhaustive_draw", "ready")}),
        )
    }
    options_class: ClassVar[type | None] = ClassicalOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    options: ClassicalOptions

    def __init__(self, options: ClassicalOptions | None = None) -> None:
        self.options = o = options or ClassicalOptions()
        self.tileset = classical_set(bonus=o.bonus_tiles)
        self.keeps_bonus = o.bonus_tiles and o.bonus_mode == "keep"  # cuencana
        self.auto_bonus = o.bonus_tiles and not self.keeps_bonus
        self.draw_keeps_deal = o.draw_keeps_deal
        super().__init__(Form(seven_pairs=o.seven_pairs, thirteen_orphans=True))

    # ------------------------------------------------------------------ cuencana
    def _is_complete(self, game: Game, seat: int, extra: int | None) -> bool:
        kind = game.kind
        held = game.counts[seat]
        if not self.keeps_bonus or not any(held[FLOWER:]):
            return super()._is_complete(game, seat, extra)
        kinds = [kind[t] for t in game.hands[seat]] + ([] if extra is None else [kind[extra]])
        kept = [k for k in kinds if k >= FLOWER]
        if len(kept) % 3 == 1 or not kept_groups(kept, len(kept) % 3 == 2):
            return False
        counts = [0] * 34
        for k in kinds:
            if k < FLOWER:
                counts[k] += 1
        form = Form(pair=len(kept) % 3 == 0, seven_pairs=False, thirteen_orphans=False)
        return bool(decompose(counts, form))

    def _bonus_ids(self, game: Game, seat: int) -> list[int]:
        return sorted(
            (t for t in game.hands[seat] if game.kind[t] >= FLOWER), key=game.kind.__getitem__
        )

    def turn_extras(self, game: Game, seat: int) -> list[Action]:
        """Cuencana: four kept bonus tiles may be declared as a concealed kong (all four
        flowers or all four seasons when held, else the first four)."""
        if not self.keeps_bonus:
            return []
        ids = self._bonus_ids(game, seat)
        if len(ids) < 4:
            return []
        faces = game.faces
        kinds = {game.kind[t] for t in ids}
        out = []
        for first in (FLOWER, SEASON):
            if all(first + i in kinds for i in range(4)):
                out.append(Action(A.ANKAN, next(faces[t] for t in ids if game.kind[t] == first)))
        if not out:
            out.append(Action(A.ANKAN, faces[ids[0]]))
        return out

    def kong_meld(self, game: Game, seat: int, action: Action) -> fl.MakeMeld:
        k = action.tiles[0].kind
        if k < FLOWER:
            return super().kong_meld(game, seat, action)
        ids = self._bonus_ids(game, seat)
        group = FLOWER if k < SEASON else SEASON
        same = [t for t in ids if group <= game.kind[t] < group + 4]
        chosen = same if len(same) == 4 and game.kind[same[0]] == k else ids[:4]
        return fl.MakeMeld(seat, MeldType.CLOSED_KAN, tuple(chosen))

    def allowed_discards(self, game: Game, seat: int, discards: list[Action]) -> list[Action]:
        """Cuencana: a bonus tile is not the last discard when a normal tile can be."""
        if not self.keeps_bonus or game.wall.left:
            return discards
        plain = [a for a in discards if a.tiles[0].kind < FLOWER]
        return plain or discards

    def value(
        self, game: Game, seat: int, tile: int, tsumo: bool, robbing: bool = False
    ) -> ClassicalScore:
        return score_winner(self.situation(game, seat, tile, tsumo, robbing), self.options)

    def may_win_on(self, game: Game, seat: int, tile: int) -> bool:
        if not self.options.no_win_on_own_discards:
            return True
        kind = game.kind
        k = kind[tile]
        return all(kind[d] != k for d in game.discards[seat])

    def locked_out(self, game: Game, seat: int, tile: int) -> Reason | None:
        if self.may_win_on(game, seat, tile):
            return None
        return Reason("own_discard", tile=game.fmt(tile))

    def pick_winners(self, game: Game, rons: list[int], payer: int, tile: int) -> list[int]:
        if self.options.win_claims == "value" and len(rons) > 1:  # seed 003: the best hand
            best = max(rons, key=lambda s: (self.value(game, s, tile, False).score, -rons.index(s)))
            return [best]
        return rons[:1]

    def loser_score(self, game: Game, seat: int, robbed: int | None = None) -> ClassicalScore:
        """A loser's score; ``robbed``: the tile robbed from this player's added kong,
        which then stands as the pung it was."""
        kind = game.kind
        melds = []
        for m in game.melds[seat]:
            kinds = tuple(kind[t] for t in m.tiles if t != robbed)
            mtype = MeldType.PON if robbed in m.tiles else m.type
            melds.append((mtype, kinds))
        return score_loser(
            [kind[t] for t in game.hands[seat]],
            melds,
            [kind[t] for t in game.bonus[seat]],
            self.seat_wind(game, seat),
            game.round_wind,
            self.options,
        )

    def win_ops(
        self,
        game: Game,
        winners: list[int],
        payer: int | None,
        tile: int,
        tsumo: bool,
        robbing: bool,
    ) -> list[fl.Op]:
        (seat,) = winners
        got = self.value(game, seat, tile, tsumo, robbing)
        assert got.valid, got.reason
        robbed = tile if robbing else None
        scores = [
            got.score if s == seat else self.loser_score(game, s, robbed).score for s in SEATS
        ]
        deltas = settle(scores, seat, game.dealer, self.options)
        detail = {
            "points": got.points,
            "doubles": got.doubles,
            "score": got.score,
            "hand_scores": tuple(scores),
        }
        facts = {"scores": scores}
        return self.win_report(
            game, seat, payer, tile, tsumo, got, got.score, deltas, detail, facts
        )

    def rule_tables(self) -> dict[str, list[tuple[str, Any, str]]]:
        return {
            "Meld points (simples / terminals and honours)": [
                (n, f"{a}/{b}", d) for n, (a, b, d) in MELD_POINTS.items()
            ],
            "Points": [(n, v, d) for n, (v, d) in POINTS.items()],
            "Doubles": [(n, v, d) for n, (v, d) in DOUBLES.items()],
            f"Limit hands (score the limit, {self.options.limit or 'no limit'})": [
                (n, self.options.limit, d) for n, d in LIMIT_HANDS.items()
            ],
        }
