"""The classical Chinese plug-in: the shared Chinese-family game
(:mod:`sparrows.rules.chinese`) with points and doubles for every hand, the losers settling
their differences, East paying and receiving double, the no-win-on-own-discards rule, and
the draw rules of the presets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...analysis import Form
from ...engine import flow as fl
from ...tiles import classical_set
from ..chinese import SEATS, ChineseRuleset
from .options import DOUBLES, LIMIT_HANDS, MELD_POINTS, POINTS, PRESETS, ClassicalOptions
from .scoring import ClassicalScore, score_loser, score_winner, settle

if TYPE_CHECKING:
    from ...engine.game import Game


class ClassicalRuleset(ChineseRuleset):
    """Classical Chinese mahjong (``../shared/rules/classical.md``); the decisions where
    the spec is silent are in ``docs/rulesets.md``."""

    name: ClassVar[str] = "classical"
    version: ClassVar[str] = "1"
    options_class: ClassVar[type | None] = ClassicalOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    options: ClassicalOptions

    def __init__(self, options: ClassicalOptions | None = None) -> None:
        self.options = o = options or ClassicalOptions()
        self.tileset = classical_set(bonus=o.bonus_tiles)
        self.auto_bonus = o.bonus_tiles
        self.draw_keeps_deal = o.draw_keeps_deal
        super().__init__(Form(seven_pairs=o.seven_pairs, thirteen_orphans=True))

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

    def pick_winners(self, game: Game, rons: list[int], payer: int, tile: int) -> list[int]:
        if self.options.win_claims == "value" and len(rons) > 1:  # seed 003: the best hand
            best = max(rons, key=lambda s: (self.value(game, s, tile, False).score, -rons.index(s)))
            return [best]
        return rons[:1]

    def loser_score(self, game: Game, seat: int) -> ClassicalScore:
        kind = game.kind
        return score_loser(
            [kind[t] for t in game.hands[seat] if kind[t] < 34],
            [(m.type, tuple(kind[t] for t in m.tiles)) for m in game.melds[seat]],
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
        scores = [got.score if s == seat else self.loser_score(game, s).score for s in SEATS]
        deltas = settle(scores, seat, game.dealer, self.options)
        detail = {
            "points": got.points,
            "doubles": got.doubles,
            "score": got.score,
            "hand_scores": scores,
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
