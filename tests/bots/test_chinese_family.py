"""The ``balanced`` bot outside riichi (issue 32), in positions where a good player's answer
is clear: Sichuan's void is the thinnest suit and goes first, and a pung that makes the
hand faster is taken (no chow in Sichuan); classical takes a chow or pung that makes the
hand faster and leaves one that does not; Hong Kong pungs a dragon, and refuses a chow
that serves no faan plan (the minimum must be reached). Beside each, what the baseline
``efficiency-1`` does where that differs. Strength is measured in duplicate games
(``benchmarks/bench_bots.py``), not here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sparrows.agents import make_agent
from sparrows.client import SichuanExtra
from sparrows.engine import Action, ActionType, Phase
from sparrows.engine.observation import Observation
from sparrows.engine.protocol import Ruleset
from sparrows.rules import get_ruleset
from sparrows.tiles import Tile, parse_tiles

A = ActionType


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text)) if text else ()


def view(
    rules: Ruleset,
    hand: str,
    rivers: Sequence[str] = ("", "", "", ""),
    last: tuple[int, str] | None = None,
    extra: Any = None,
) -> Observation:
    """Seat 0's view (the dealer, East in an East round): on its turn, or asked about
    ``last`` (seat, tile) discarded."""
    return Observation(
        seat=0,
        ruleset=rules.name,
        phase=Phase.TURN if last is None else Phase.CLAIM,
        hand=tiles(hand),
        drawn=None,
        discards=tuple(tiles(r) for r in rivers),
        indicators=(),
        scores=(0,) * 4,
        dealer=0,
        round_wind=0,
        hand_number=0,
        wall_left=50,
        to_act=(0,),
        last_discard=None if last is None else (last[0], tiles(last[1])[0]),
        melds=((), (), (), ()),
        bonus=((),) * 4,
        extra=extra,
        seat_winds=(0, 1, 2, 3),
    )


def choose(bot: str, rules: Ruleset, obs: Observation, legal: Sequence[Action]) -> str:
    return str(make_agent(bot, 0, rules).act(obs, legal))


def discards(obs: Observation) -> list[Action]:
    return [Action(A.DISCARD, t) for t in dict.fromkeys(obs.hand)]


SICHUAN = get_ruleset("sichuan")
CLASSICAL = get_ruleset("classical")
HONG_KONG = get_ruleset("hongkong")


def sichuan_extra(void: str | None) -> SichuanExtra:
    voids = (void, "m", "p", "s") if void is not None else (None,) * 4
    return SichuanExtra(voids, (), "left", None, None)


def test_sichuan_void_is_the_thinnest_suit() -> None:
    # six characters, five circles, two bamboo: the bamboo is the void
    obs = view(SICHUAN, "123456m12345p19s", extra=sichuan_extra(None))
    legal = [Action(A.VOID, choice=s) for s in "mps"]
    assert choose("balanced", SICHUAN, obs, legal) == str(Action(A.VOID, choice="s"))


def test_sichuan_sheds_the_void_suit_before_a_loose_tile() -> None:
    # void bamboo: 5s goes before the isolated 9p, though 5s is the better shape tile
    obs = view(SICHUAN, "123456m1234p9p5s67m", extra=sichuan_extra("s"))
    assert choose("balanced", SICHUAN, obs, discards(obs)) == "discard 5s"


def test_sichuan_pungs_when_it_makes_the_hand_faster() -> None:
    # 123m 456m 79p 55p 22m 4p, one from ready: a pung of 2m makes it ready (throw 4p)
    obs = view(SICHUAN, "123456m79p55p22m4p", last=(1, "2m"), extra=sichuan_extra("s"))
    pung = Action(A.PON, tiles("2m2m"))
    legal = [pung, Action(A.PASS)]
    assert choose("balanced", SICHUAN, obs, legal) == "pon 2m 2m"
    assert choose("efficiency-1", SICHUAN, obs, legal) == "pass"  # the baseline never calls
    # ready already (123m 456m 789p 22m 46p, on 5p): the pung leaves it no nearer
    pair = view(SICHUAN, "123456m789p22m46p", last=(1, "2m"), extra=sichuan_extra("s"))
    assert choose("balanced", SICHUAN, pair, legal) == "pass"


def test_classical_chows_when_faster_and_not_when_not() -> None:
    # 123m 456m 78p 99s 11z 5s, one from ready: the 9p chow (then 5s thrown) makes it ready
    faster = view(CLASSICAL, "123456m78p99s11z5s", last=(3, "9p"))
    chow = Action(A.CHI, tiles("7p8p"))
    legal = [chow, Action(A.PASS)]
    assert choose("balanced", CLASSICAL, faster, legal) == "chi 7p 8p"
    assert choose("efficiency-1", CLASSICAL, faster, legal) == "pass"
    # 123m 78p 11z 456s 999s, ready on 6p/9p: a 9p chow (not the win) is no nearer
    ready = view(CLASSICAL, "123m78p11z456999s", last=(3, "9p"))
    assert choose("balanced", CLASSICAL, ready, legal) == "pass"


def test_hong_kong_pungs_a_dragon_and_refuses_a_chow_with_no_faan() -> None:
    # three suits and a pair of red dragons: no one suit makes most of the hand
    obs = view(HONG_KONG, "123m456p78s77z19m5p", last=(3, "7z"))
    pung = Action(A.PON, tiles("7z7z"))
    assert choose("balanced", HONG_KONG, obs, [pung, Action(A.PASS)]) == "pon 7z 7z"
    chow_view = view(HONG_KONG, "123m456p78s77z19m5p", last=(3, "9s"))
    chow = Action(A.CHI, tiles("7s8s"))
    assert choose("balanced", HONG_KONG, chow_view, [chow, Action(A.PASS)]) == "pass"


def test_hong_kong_goes_for_pure_suit_when_one_suit_is_twelve_tiles() -> None:
    """Twelve characters and a pair of East: thrown 8m or a 9m, the hand is ready for
    Mixed One Suit (3 faan, what the baseline plays); a good player throws the honours
    instead and plays for Pure Suit (7 faan, six times the payment) one step further
    from ready."""
    obs = view(HONG_KONG, "123345567899m11z")
    assert choose("efficiency-1", HONG_KONG, obs, discards(obs)) in ("discard 8m", "discard 9m")
    assert choose("balanced", HONG_KONG, obs, discards(obs)) == "discard 1z"


def test_hong_kong_keeps_mixed_one_suit_with_three_honours() -> None:
    """Ten characters and a pung of East: three honours are too many for Pure Suit, so
    the hand stays Mixed One Suit and plays as the baseline, keeping the pung."""
    obs = view(HONG_KONG, "1234567899m111z5s")
    assert choose("balanced", HONG_KONG, obs, discards(obs)) == choose(
        "efficiency-1", HONG_KONG, obs, discards(obs)
    )
    assert choose("balanced", HONG_KONG, obs, discards(obs)) != "discard 1z"


def test_hong_kong_hint_names_the_plan_the_bots_play() -> None:
    """The hint box says what the bots play the hand for, from the same advice: Pure Suit
    from twelve characters and a pair of East (7 faan: the honours go with the other
    suits), Mixed One Suit with a pung of East (3 faan: only the other suits go), none
    with three suits and no faan in sight; its pick is the balanced bot's discard."""
    from dataclasses import replace

    from sparrows.advice import Plan, advice_for

    advice = advice_for(HONG_KONG)
    others = frozenset(range(9, 27))  # dots and bamboo
    cases = [
        ("123345567899m11z", Plan("pure_suit", "Pure Suit", 7, 0, others | {27})),
        ("1234567899m111z5s", Plan("mixed_one_suit", "Mixed One Suit", 3, 0, others)),
        ("123m456p78s77z19m5p3s", None),
    ]
    for hand, plan in cases:
        obs = view(HONG_KONG, hand)
        legal = discards(obs)
        hint = advice.hint(replace(obs, legal=tuple(legal)))
        assert hint.plan == plan, hand
        assert hint.pick is not None and str(hint.pick) == choose("balanced", HONG_KONG, obs, legal)


def test_hong_kong_hint_picks_the_bots_discard_in_play() -> None:
    """In whole games of four ``balanced`` bots, at every discard a bot makes the hint's
    pick (the hint box's ``plan`` and pick, the page's JSON too) is that discard."""
    from dataclasses import replace

    from sparrows.advice import advice_for
    from sparrows.engine import Game
    from sparrows.server.advice import hint_json

    advice = advice_for(HONG_KONG)
    checked = planned = 0
    for seed in (1, 2):
        game = Game(HONG_KONG, seed)
        bots = [make_agent("balanced", s, HONG_KONG) for s in range(4)]
        while game.phase is not Phase.OVER and game.hand_number < 2:
            if game.phase is Phase.TURN:
                seat = game.turn
                legal = list(game.pending[seat])
                obs = game.observation(seat)
                action = bots[seat].act(obs, legal)
                if action.type is A.DISCARD:
                    hint = advice.hint(replace(obs, legal=tuple(legal)))
                    assert hint.pick == action, (seat, obs.hand, action, hint.pick)
                    checked += 1
                    if hint.plan is not None:
                        planned += 1
                        page = hint_json(HONG_KONG, game, seat)
                        assert page["pick"] == action.to_string(HONG_KONG.dialect)
                        assert page["plan"] == {
                            "item": hint.plan.item,
                            "faan": hint.plan.faan,
                            "suit": "mps"[hint.plan.suit],
                        }
                game.step(seat, action)
            else:
                for seat, legal in list(game.pending.items()):
                    game.step(seat, bots[seat].act(game.observation(seat), legal))
    assert checked > 100 and planned > 20, (checked, planned)
