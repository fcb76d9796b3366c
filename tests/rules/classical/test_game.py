"""Classical Chinese on the engine: the own-discards rule, draws replayed or passed, every
hand scored and the losers settling, the seed-003 win-claim order, random games checked
after every step and replayed."""

from __future__ import annotations

import pytest

from sparrows.agents import make_agent
from sparrows.engine import ActionType, Game, Phase
from sparrows.reasons import Reason
from sparrows.rules import get_ruleset
from sparrows.rules.classical import settle
from tests.conftest import sized
from tests.support.chinese_walls import act, check_random_games, order_for, pass_all, play_out

A = ActionType


def classical(**options: object) -> object:
    return get_ruleset("classical", dict(options))


# South waits on 5p, draws one, keeps the pair-to-be... no: discards it; then West throws 5p.
OWN = ["9s123m456m789m1112z", "123p456p789p123s5p", "147m258m369s1234z", "555z666z777z2468s"]


@pytest.mark.parametrize("rule", [True, False])
def test_no_mah_jongg_on_a_kind_in_ones_own_discards(rule: bool) -> None:
    rules = classical(no_win_on_own_discards=rule)
    game = Game(rules, 1, walls=[order_for(rules, OWN, draws="5p5p")])
    act(game, 0, A.DISCARD, "9s")
    pass_all(game)
    assert A.TSUMO in {a.type for a in game.legal_actions(1)}  # 123p456p789p123s55p
    act(game, 1, A.DISCARD, "5p")  # South throws one 5p away, still waiting on 5p
    pass_all(game)
    act(game, 2, A.DISCARD, "5p")
    offered = game.phase is Phase.CLAIM and A.RON in {a.type for a in game.legal_actions(1)}
    assert offered is (not rule)
    if rule:
        reason = game.ruleset.no_win_reason(game, 1, game.discards[2][-1])
        assert reason is not None and "discarded" in reason
        assert isinstance(reason, Reason) and (reason.key, reason.args) == (
            "own_discard",
            {"tile": "5p"},
        )


@pytest.mark.parametrize(("preset", "dealer"), [("classical", 0), ("seed003", 1)])
def test_an_exhaustive_draw_replays_or_passes_the_deal(preset: str, dealer: int) -> None:
    game = Game(classical(preset=preset), 3)
    play_out(game)
    assert game.hand_results[0].winner is None
    assert game.hand_number == 1 and game.dealer == dealer and game.scores == [0, 0, 0, 0]


# After a first round of discards, East throws 5p: South (123m456m789m123s + 5p) and North
# (three dragon pungs, 123s + 5p) both wait on it.
TWO = ["9s5p147m258p369s123z", "123m456m789m123s5p", "2468m2468p13579s", "555z666z777z123s5p"]


@pytest.mark.parametrize(("preset", "winner"), [("classical", 1), ("seed003", 3)])
def test_two_claims_to_win_nearest_or_best_hand(preset: str, winner: int) -> None:
    rules = classical(preset=preset)
    game = Game(rules, 1, walls=[order_for(rules, TWO, draws="9m9m9m9p")])
    act(game, 0, A.DISCARD, "9s")
    pass_all(game)
    for seat in (1, 2, 3):
        act(game, seat, A.DISCARD, "9m")
        pass_all(game)
    act(game, 0, A.DISCARD, "5p")
    assert sorted(game.to_act()) == [1, 3]
    act(game, 1, A.RON)
    act(game, 3, A.RON)
    result = game.hand_results[-1]
    assert result.winner == winner and result.from_seat == 0
    # every hand was scored; the settlement is the spec's: each loser pays the winner,
    # the losers pay one another the differences, East (seat 0 deals) doubled
    scores = result.facts["scores"]
    assert scores[winner] == result.points
    assert game.scores == settle(scores, winner, 0)
    assert game.scores[0] <= -2 * scores[winner]  # East pays double
    assert sum(game.scores) == 0
    if winner == 1:
        # South: Mah Jongg 20 + pair wait 2 + only tile 2 = 24 x 2 (fully concealed) = 48
        assert result.points == 48
    else:
        # North: three dragon pungs are not a limit hand, but 2^7 doubles reach the limit
        assert result.points == 500


def test_random_games_validate_and_replay() -> None:
    check_random_games(classical(max_hands=4), range(sized(6, 100)), ["efficiency", "random"] * 2)


def test_many_random_games_conserve_tiles_and_points() -> None:
    # A thousand games in make test-all, every step validated, every record replayed.
    check_random_games(classical(max_hands=4), range(sized(20, 1000)))


def test_without_bonus_tiles_the_set_has_136() -> None:
    rules = classical(bonus_tiles=False)
    assert len(rules.tileset.tiles) == 136 and not rules.auto_bonus  # type: ignore[attr-defined]
    game = Game(rules, 2, record=False)
    bots = [make_agent("random", s, rules) for s in range(4)]
    while not game.over and game.hand_number < 2:
        for seat, legal in game.decisions():
            game.step(seat, bots[seat].act(None, legal))
        game.validate()


# ---------------------------------------------------------------------- cuencana (seed 002)
def cuencana(**options: object) -> object:
    return classical(preset="cuencana", **options)


PLAIN_OTHERS = ["147m258p369s1234z", "258m147p147s5z6z7z7z", "369m369p258s1233z"]


def test_cuencana_keeps_dealt_bonus_tiles_and_a_bonus_discard_is_dead() -> None:
    rules = cuencana()
    deal = ["1f123m456m789m1122p", *PLAIN_OTHERS]
    game = Game(rules, 1, walls=[order_for(rules, deal)])
    assert not game.bonus[0] and "1f" in game.fmt_all(game.hands[0])  # kept, not replaced
    act(game, 0, A.DISCARD, "1f")
    from sparrows.engine.board import DEAD

    assert game.river_flags[0][-1] & DEAD and game.phase is Phase.TURN and game.turn == 1


def test_cuencana_two_bonus_tiles_are_the_pair() -> None:
    from sparrows.rules.chinese import WinFacts
    from sparrows.rules.classical import score_winner
    from sparrows.tiles import parse_tiles

    kinds = tuple(t.kind for t in parse_tiles("123m456m789m123p"))
    facts = WinFacts(kinds, (), (), kinds[-1], True, 0, 0, kept=(34, 35))  # 1f 2f kept
    got = score_winner(facts)
    # Mah Jongg 20 + a matching bonus pair (two flowers) 2 + self-drawn 2 = 24 points;
    # own flower (1f, East) 1 + fully concealed 1 = 2 doubles -> 96
    assert ("bonus_pair", "points", 2) in got.items
    assert (got.points, got.doubles, got.score) == (24, 2, 96)
    # a flower and a season of different numbers do not match: no pair points
    mixed = score_winner(WinFacts(kinds, (), (), kinds[-1], True, 1, 0, kept=(34, 39)))
    assert ("bonus_pair", "points", 0) in mixed.items and mixed.points == 22
    # one kept bonus tile cannot be used: not complete
    assert not score_winner(WinFacts(kinds[:-1], (), (), kinds[0], True, 0, 0, kept=(34,))).valid
    # the game offers the win on a dealt hand of 12 suited tiles and two bonus tiles
    game = Game(
        cuencana(), 1, walls=[order_for(cuencana(), ["123m456m789m123p1f2f", *PLAIN_OTHERS])]
    )
    assert A.TSUMO in {a.type for a in game.legal_actions(0)}


def test_cuencana_four_bonus_tiles_declared_as_a_kong() -> None:
    rules = cuencana()
    deal = ["1f2f3f4f123m456m789m1p", *PLAIN_OTHERS]
    game = Game(rules, 1, walls=[order_for(rules, deal, back="1p")])
    act(game, 0, A.ANKAN, "1f")
    meld = game.melds[0][0]
    assert game.fmt_all(meld.tiles) == ["1f", "2f", "3f", "4f"]
    assert game.fmt(game.drawn) == "1p"  # type: ignore[arg-type]
    act(game, 0, A.TSUMO)
    result = game.hand_results[-1]
    # the four flowers as a concealed kong score the honour value 32; own flower and all
    # four flowers, fully concealed, kong replacement: 4 doubles -> the limit (500)
    assert "bonus_kong" in result.items and "kong_replacement" in result.items
    assert result.points == 500


def test_cuencana_no_bonus_tile_as_the_last_discard_when_a_suited_one_will_do() -> None:
    rules = cuencana()
    game = Game(rules, 1, walls=[order_for(rules, ["1f123m456m789m1122p", *PLAIN_OTHERS])])
    assert any(a.tiles and a.tiles[0].kind >= 34 for a in game.legal_actions(0))
    game.wall.live.clear()  # as if the wall had run out: this is the last discard
    offered = game.ruleset.turn_actions(game, 0)  # type: ignore[attr-defined]
    assert offered and not any(a.tiles and a.tiles[0].kind >= 34 for a in offered)


def test_cuencana_random_games() -> None:
    check_random_games(cuencana(max_hands=4), range(sized(6, 200)))
