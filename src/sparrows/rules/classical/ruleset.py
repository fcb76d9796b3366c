"""The classical Chinese plug-in: the shared Chinese-family game
(:mod:`sparrows.rules.chinese`) with points and doubles for every hand, the losers settling
their differences, East paying and receiving double, the no-win-on-own-discards rule, and
the draw rules of the presets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...analysis import Form
from ...engine import events as ev
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
        ops: list[fl.Op] = _moves(deltas, "tsumo" if tsumo else "ron")
        ops.append(
            fl.Report(
                {
                    "hand": game.hand_number,
                    "winner": seat,
                    "from": None if tsumo else payer,
                    "points": got.score,
                    "items": [n for n, _, _ in got.items],
                    "yakuman": got.limit_hand is not None,
                    "scores": scores,
                    "counts": self.counts(game),
                }
            )
        )
        if game.record:
            shown = game.hands[seat] if tsumo else [*game.hands[seat], tile]
            ops.append(
                fl.Emit(
                    ev.Win(
                        seat,
                        None if tsumo else payer,
                        game.fmt(tile),
                        game.fmt_all(sorted(shown)),
                        got.reading,
                        got.score,
                        [[label, v] for label, v in got.breakdown()],
                        deltas,
                        {
                            "points": got.points,
                            "doubles": got.doubles,
                            "score": got.score,
                            "items": [list(i) for i in got.items],
                            "limit_hand": got.limit_hand,
                            "hand_scores": scores,
                        },
                    )
                )
            )
        return ops

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


def _moves(deltas: list[int], reason: str) -> list[fl.Op]:
    """Ledger moves realising per-seat changes that sum to zero: each losing seat pays the
    gaining seats in seat order."""
    give = {s: -d for s, d in enumerate(deltas) if d < 0}
    take = {s: d for s, d in enumerate(deltas) if d > 0}
    ops: list[fl.Op] = []
    for src in sorted(give):
        for dst in sorted(take):
            amount = min(give[src], take[dst])
            if amount:
                ops.append(fl.Move("points", src, dst, amount, reason))
                give[src] -= amount
                take[dst] -= amount
    return ops
