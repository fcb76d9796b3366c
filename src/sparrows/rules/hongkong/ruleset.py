"""The Hong Kong plug-in: the shared Chinese-family game (:mod:`sparrows.rules.chinese`)
with faan scoring from :mod:`.scoring`, the payment tables, the minimum faan and the
all-eight-bonus win."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from ..._mypyc import mypyc_attr
from ...engine import flow as fl
from ...engine.actions import ActionType
from ...engine.protocol import EarlierVersion
from ...tiles import hongkong_set
from ..chinese import ChineseRuleset
from .options import FAAN, LIMITS, PAYMENT_TABLES, PRESETS, HongKongOptions
from .scoring import HKScore, form_for, payments, score

if TYPE_CHECKING:
    from ...engine.game import Game

A: Final = ActionType


@mypyc_attr(allow_interpreted_subclasses=True)
class HongKongRuleset(ChineseRuleset):
    """Hong Kong mahjong (``../shared/rules/hongkong.md``); the decisions where the spec is
    silent are in ``docs/rulesets.md``."""

    name: ClassVar[str] = "hongkong"
    advice_class: ClassVar[str] = "sparrows.advice.hongkong:HongKongAdvice"
    version: ClassVar[str] = "3"
    #: 2: a robbed kong is undone (event ``robbed``); an exhaustive draw names the ready
    #: seats (version 1 named none), their melds and waits. 3: a kong bloom paid by the
    #: claimed kong's feeder (``kong_bloom_feeder_pays``) names it in the win's detail
    #: (``paid_by``).
    earlier_versions: ClassVar[dict[str, EarlierVersion]] = {
        "1": EarlierVersion(
            new_events=frozenset({"robbed"}),
            new_fields={"exhaustive_draw": frozenset({"waits", "melds"})},
            changed_fields=frozenset({("exhaustive_draw", "ready"), ("win", "detail")}),
        ),
        "2": EarlierVersion(changed_fields=frozenset({("win", "detail")})),
    }
    auto_bonus = True
    options_class: ClassVar[type | None] = HongKongOptions
    presets: ClassVar[dict[str, dict[str, Any]]] = PRESETS
    options: HongKongOptions
    stat_ratios: ClassVar[dict[str, tuple[str, str]]] = {
        "winning shapes blocked by the minimum": ("blocked_by_minimum", "winning_shapes")
    }

    def __init__(self, options: HongKongOptions | None = None) -> None:
        self.options = options or HongKongOptions()
        self.tileset = hongkong_set()
        super().__init__(form_for(self.options))

    def value(
        self, game: Game, seat: int, tile: int, tsumo: bool, robbing: bool = False
    ) -> HKScore:
        return score(self.situation(game, seat, tile, tsumo, robbing), self.options)

    def instant_win(self, game: Game, seat: int) -> bool:
        return len(game.bonus[seat]) == 8  # all eight bonus tiles win at once

    def pick_winners(self, game: Game, rons: list[int], payer: int, tile: int) -> list[int]:
        return rons if self.options.multiple_winners else rons[:1]

    def win_ops(
        self,
        game: Game,
        winners: list[int],
        payer: int | None,
        tile: int,
        tsumo: bool,
        robbing: bool,
    ) -> list[fl.Op]:
        ops: list[fl.Op] = []
        for seat in winners:
            got = self.value(game, seat, tile, tsumo, robbing)
            assert got.valid, got.reason
            deltas = payments(got.faan, seat, payer, game.dealer, self.options)
            detail = {"faan": got.faan, "capped": got.capped}
            ops += self.win_report(game, seat, payer, tile, tsumo, got, got.faan, deltas, detail)
        return ops

    def rule_tables(self) -> dict[str, list[tuple[str, Any, str]]]:
        table = PAYMENT_TABLES[self.options.spicy]
        return {
            "Faan (add all that apply)": [(n, v, d) for n, (v, d) in FAAN.items()],
            "Limited hands (the highest only, plus the winning conditions)": [
                (n, v, d) for n, (v, d) in LIMITS.items()
            ],
            f"One share per faan ({self.options.spicy}-spicy)": [
                (str(f), v, "") for f, v in enumerate(table)
            ],
        }
