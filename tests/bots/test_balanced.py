"""The ``balanced`` bot (issue 32) in positions where a good riichi player's answer is
clear, each beside what the baseline ``efficiency-1`` does where that differs: fold a
cheap one-from-ready hand against a dealer's riichi on a genbutsu; no yakuhai pon at two
from ready facing a riichi; dama a ready hand already worth a haneman (riichi when it is
cheap); no call into a hand with no yaku; a tanyao call only with no terminal or honour
left; a yakuhai pon when nobody threatens. Its strength is measured in duplicate games
(``benchmarks/bench_bots.py``), not here."""

from __future__ import annotations

from collections.abc import Sequence

from sparrows.agents import make_agent
from sparrows.client import RiichiExtra
from sparrows.engine import Action, ActionType, Phase
from sparrows.engine.board import RIICHI
from sparrows.engine.observation import Observation
from sparrows.tiles import Meld, MeldType, Tile, parse_tiles
from tests.support.riichi_walls import riichi

A = ActionType
RULES = riichi(preset="tenhou")


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text)) if text else ()


def view(
    hand: str,
    rivers: Sequence[str] = ("", "", "", ""),
    riichi_seats: Sequence[int] = (),
    dealer: int = 0,
    indicators: str = "",
    last: tuple[int, str] | None = None,
    wall_left: int = 50,
    melds: Sequence[Meld] = (),
) -> Observation:
    """Seat 0's view: on its turn (14 tiles), or asked about ``last`` (seat, tile)
    discarded. A riichi seat's last river tile is its riichi discard."""
    discards = tuple(tiles(r) for r in rivers)
    flags = tuple(
        tuple(RIICHI if s in riichi_seats and i == len(d) - 1 else 0 for i in range(len(d)))
        for s, d in enumerate(discards)
    )
    riichi_flags = tuple(1 if s in riichi_seats else 0 for s in range(4))
    return Observation(
        seat=0,
        ruleset="riichi",
        phase=Phase.TURN if last is None else Phase.CLAIM,
        hand=tiles(hand),
        drawn=None,
        discards=discards,
        indicators=tiles(indicators),
        scores=(25000,) * 4,
        dealer=dealer,
        round_wind=0,
        hand_number=0,
        wall_left=wall_left,
        to_act=(0,),
        last_discard=None if last is None else (last[0], tiles(last[1])[0]),
        river_flags=flags,
        melds=(tuple(melds), (), (), ()),
        bonus=((),) * 4,
        extra=RiichiExtra(0, riichi_flags, (False,) * 4, (False,) * 4, (), False),
    )


def turn_actions(obs: Observation, ready_after: Sequence[str] = ()) -> list[Action]:
    """Every discard of the hand, and a riichi discard for each tile in ``ready_after``."""
    out = [Action(A.DISCARD, t) for t in dict.fromkeys(obs.hand)]
    out += [Action(A.RIICHI, t) for t in dict.fromkeys(obs.hand) if str(t) in ready_after]
    return out


def choose(bot: str, obs: Observation, legal: Sequence[Action]) -> str:
    return str(make_agent(bot, 0, RULES).act(obs, legal))


def dealer_riichi(threat: bool) -> Observation:
    """234m 456p 67s 78s 33m 5z 9m on seat 0's turn, the dealer (seat 3) having thrown
    1s 8m 5p, the 5p its riichi discard when ``threat`` (else no riichi)."""
    return view(
        "234m456p67s78s33m5z9m",
        rivers=["", "", "", "1s8m5p"],
        riichi_seats=[3] if threat else [],
        dealer=3,
        wall_left=40 if threat else 50,
    )


def test_a_cheap_hand_one_from_ready_folds_on_a_genbutsu_against_the_dealer() -> None:
    # 234m 456p 67s 78s 33m 5z 9m: one from ready, no yaku beyond riichi, no dora. The
    # dealer (seat 3) declared riichi having thrown 5p: 5p breaks a run but cannot deal in
    obs, calm = dealer_riichi(threat=True), dealer_riichi(threat=False)
    assert choose("balanced", obs, turn_actions(obs)) == "discard 5p"
    assert choose("balanced", calm, turn_actions(calm)) != "discard 5p"  # no threat: speed


def test_no_yakuhai_pon_two_from_ready_facing_a_riichi() -> None:
    hand = "77z234m567p46s19s9m"  # a chun pair, two from ready (a pon would make it one)
    pon = Action(A.PON, tiles("7z7z"))
    facing = view(hand, rivers=["", "7z", "1s2s", ""], riichi_seats=[2], last=(1, "7z"))
    legal = [pon, Action(A.PASS)]
    assert choose("balanced", facing, legal) == "pass"
    assert choose("efficiency-1", facing, legal) == "pon 7z 7z"  # the baseline's mistake
    calm = view(hand, rivers=["", "7z", "1s2s", ""], last=(1, "7z"))
    assert choose("balanced", calm, legal) == "pon 7z 7z"  # nobody threatens: take it


def test_dama_with_a_haneman_riichi_when_cheap() -> None:
    # 234m 067m 340p 66s 78s + 1p: throw 1p, ready on 6s-9s with all simples; two red
    # fives, 66s the dora (indicator 5s) and 2m (indicator 1m): 6 han without riichi
    hand = "234m067m340p66s78s1p"
    rich = view(hand, indicators="5s1m")
    legal = turn_actions(rich, ready_after=["1p"])
    assert choose("balanced", rich, legal) == "discard 1p"  # dama: riichi adds little
    assert choose("efficiency-1", rich, legal) == "riichi 1p"
    cheap = view("234m567m345p66s78s1p")
    assert choose("balanced", cheap, turn_actions(cheap, ready_after=["1p"])) == "riichi 1p"


def test_no_call_into_a_hand_with_no_yaku() -> None:
    # terminals, an odd honour and three suits: a chi is faster but leaves no yaku
    obs = view("19m24m567p34s789s5z", last=(3, "3m"))
    legal = [Action(A.CHI, tiles("2m4m")), Action(A.PASS)]
    assert choose("balanced", obs, legal) == "pass"


def test_a_tanyao_pon_keeps_no_terminals() -> None:
    # the hand: a pon of 3p while holding 1m 2m 3m and 1p leaves no yaku
    obs = view("123m1p33p5p456s678s", last=(2, "3p"))
    legal = [Action(A.PON, tiles("3p3p")), Action(A.PASS)]
    assert choose("efficiency-1", obs, legal) == "pon 3p 3p"  # the baseline's mistake
    assert choose("balanced", obs, legal) == "pass"
    # all simples but one terminal to throw next: the pon keeps tanyao in reach
    simple = view("234m9p33p5p456s678s", last=(2, "3p"))
    assert choose("balanced", simple, legal) == "pon 3p 3p"


def test_an_open_all_simples_hand_throws_its_terminal() -> None:
    # 234m 567s 66m 789p with a pon of 4p: a complete shape with no yaku (the 9p). Thrown,
    # the 9p leaves it ready on 6p (all simples) and 9p (no yaku); the bot keeps tanyao
    pon = Meld(MeldType.PON, tiles("4p4p4p"), 1)
    obs = view("234m567s66m78p9p", melds=[pon])
    assert choose("balanced", obs, turn_actions(obs)) == "discard 9p"


def test_an_open_hand_with_no_yaku_left_steps_back_to_one() -> None:
    # a chi of 234m, then 22p 3p 123s 666s 77s + 1s: throwing 2p or 3p leaves the hand
    # ready but with no yaku (the 1s and the 123p it waits for are terminals); throwing
    # the 1s is one step slower and keeps all simples in reach
    chi = Meld(MeldType.CHI, tiles("2m3m4m"), 3)
    obs = view("22p3p123s666s77s", melds=[chi])
    legal = turn_actions(obs)
    assert choose("efficiency-1", obs, legal) == "discard 2p"  # ready, and cannot win
    assert choose("balanced", obs, legal) == "discard 1s"


def test_an_open_all_simples_wait_prefers_the_side_that_wins() -> None:
    # a pon of 4p, 234m 567s 66m 5p 7p 8p: throwing 5p leaves 78p, ready on 6p and 9p,
    # but 9p wins no yaku and, drawn or passed, leaves the hand furiten; throwing 8p
    # leaves 57p, ready on 6p alone, as many winning tiles and no dead side
    pon = Meld(MeldType.PON, tiles("4p4p4p"), 1)
    obs = view("234m567s66m5p78p", melds=[pon])
    assert choose("balanced", obs, turn_actions(obs)) == "discard 8p"


def test_the_baseline_keeps_its_name_and_its_play() -> None:
    """``efficiency-1`` is today's efficiency bot, kept for measuring against."""
    a, b = make_agent("efficiency-1", 0, RULES), make_agent("efficiency", 0, RULES)
    assert type(a) is type(b)
    obs = view("234m456p67s78s33m5z9m")
    legal = turn_actions(obs)
    assert a.act(obs, legal) == b.act(obs, legal)


def test_the_hint_picks_what_the_bot_throws_and_says_why() -> None:
    """The hint box weighs each discard as the bot does (riichi's advice): its pick is the
    balanced bot's discard, the genbutsu costs nothing by dealing in while the fastest
    discards do, and a calm table picks among the fastest by value."""
    from dataclasses import replace

    from sparrows.advice import advice_for

    advice = advice_for(RULES)
    threatened, calm = dealer_riichi(threat=True), dealer_riichi(threat=False)
    for obs in (threatened, calm):
        legal = turn_actions(obs)
        hint = advice.hint(replace(obs, legal=tuple(legal)))
        assert hint.pick is not None
        assert str(hint.pick) == choose("balanced", obs, legal)
        assert len(hint.weights) == len(hint.discards)
    hint = advice.hint(replace(threatened, legal=tuple(turn_actions(threatened))))
    by_tile = {str(d.action): w for d, w in zip(hint.discards, hint.weights, strict=True)}
    assert str(hint.pick) == "discard 5p" and by_tile["discard 5p"].loss == 0
    fastest = str(hint.discards[0].action)
    assert fastest != "discard 5p" and by_tile[fastest].loss > 0
    for w in hint.weights:
        assert 0 <= w.chance <= 1 and w.value >= 0
        assert w.worth == w.value * w.chance - w.loss
    # in riichi the drawn tile goes: nothing is weighed
    sealed = replace(threatened, extra=replace(threatened.extra, riichi=(1, 0, 0, 1)))
    assert advice.hint(replace(sealed, legal=tuple(turn_actions(sealed)))).weights == ()


def test_the_bot_values_the_honours_the_preset_scores() -> None:
    """The bot's value honours are the advice's, the same the yaku count: with tonshaaba
    (the house preset) West is a value honour to every seat, as East is; without it only
    the dragons, the seat's wind and the round's."""
    from sparrows.advice import advice_for

    obs = view("234m456p67s78s33m5z9m", dealer=1)  # seat 0 is North, East round
    plain = advice_for(RULES)
    assert plain.situation(obs).honours == frozenset({27, 30, 31, 32, 33})
    house = advice_for(riichi(preset="cy-dealers-choice"))
    assert house.situation(obs).honours == frozenset({27, 29, 30, 31, 32, 33})


def test_the_house_bot_keeps_the_tiles_that_pay_chips() -> None:
    """In the house preset a special tile in the winning hand pays a chip (5,000 points
    here) and a purple or blue one a han too: between two equally fast discards the bot
    throws the plain tile, and the weights show the chip at its worth."""
    from dataclasses import replace

    from sparrows.advice import advice_for

    house_rules = riichi(preset="cy-dealers-choice")
    house = advice_for(house_rules)
    # 111z 222z 99m 99p 99s, and a gold 5p (a chip, no han) beside a plain 5s: one from
    # ready either way, the two floating fives equally fast; the gold one sorts first
    obs = view("111z222z99m99p99s5Gp5s")
    legal = turn_actions(obs)
    assert str(make_agent("balanced", 0, house_rules).act(obs, legal)) == "discard 5s"
    hint = house.hint(replace(obs, legal=tuple(legal)))
    assert str(hint.pick) == "discard 5s"  # the hint box says what the bot does
    weights = {str(d.action): w for d, w in zip(hint.discards, hint.weights, strict=True)}
    gold, plain = weights["discard 5Gp"], weights["discard 5s"]
    assert plain.value - gold.value == 5000  # the gold 5p kept: its chip
    assert plain.chance == gold.chance
    # a purple 3p beside a plain 3s: a han and a chip
    purple = view("111z222z99m99p99s3Pp3s")
    assert str(make_agent("balanced", 0, house_rules).act(purple, turn_actions(purple))) == (
        "discard 3s"
    )
    # where chips are not played the gold tile is worth nothing more: the tie goes first
    assert choose("balanced", obs, legal) == "discard 5Gp"


def test_the_norths_set_aside_count_in_the_hands_worth() -> None:
    """Three players: each North set aside is a han (the scorer's nuki), and a dora more
    when an indicator points to North; the bot's and the hint box's weights count them."""
    from dataclasses import replace

    from sparrows.advice import advice_for
    from sparrows.advice import riichi_model as rm
    from tests.support.sanma import sanma

    three = advice_for(sanma())
    four = view("123p456p789s24s99s5z")
    obs = replace(
        four,
        discards=four.discards[:3],
        river_flags=four.river_flags[:3],
        scores=(35000,) * 3,
        melds=((),) * 3,
        bonus=((),) * 3,
        extra=RiichiExtra(0, (0, 0, 0), (False,) * 3, (False,) * 3, (), False),
    )
    aside = replace(obs, bonus=(tiles("44z"), (), ()))
    assert rm.nuki_han(obs, []) == 0 and rm.nuki_han(aside, []) == 2
    west = replace(aside, indicators=tiles("3z"))  # West points to North: a dora each
    assert three.situation(west).dora == [30] and rm.nuki_han(west, [30]) == 4
    legal = turn_actions(obs)
    bare, kept = (three.hint(replace(o, legal=tuple(legal))).weights for o in (obs, aside))
    assert all(k.value > b.value for b, k in zip(bare, kept, strict=True))


def test_an_open_riichi_hand_is_read_as_a_player_reads_it() -> None:
    """An open riichi shows its hand: its waits are known, so the bot never throws one
    (here the 1z of a 1z-5p shanpon, which it would otherwise think the safer honour) and
    fears no other tile; once a wait lies in its river it is furiten and nothing deals in."""
    from dataclasses import replace

    from sparrows.advice import advice_for

    house_rules = riichi(preset="cy-dealers-choice")
    advice = advice_for(house_rules)
    # seat 3 declared an open riichi on 9m, showing 123m 456m 789m 11z 55p (waits 1z, 5p)
    base = view("234m567m345s667p1z8s", rivers=["", "", "", "2s9m"], riichi_seats=[3], wall_left=40)
    opened = replace(
        base,
        extra=replace(base.extra, open_riichi=(False, False, False, True)),
        shown=(None, None, None, tiles("123m456m789m11z55p")),
    )
    sit = advice.situation(opened)
    assert sit.threats[0].waits == frozenset({13, 27})
    assert sit.danger(27) == sit.threats[0].value and sit.danger(13) == sit.threats[0].value
    assert sit.danger(25) == 0 and sit.danger(15) == 0  # 8s, 7p: no wait
    legal = turn_actions(opened)
    assert str(make_agent("balanced", 0, house_rules).act(opened, legal)) != "discard 1z"
    # the same table with the hand hidden: the honour looks the safer tile, and is thrown
    assert advice.situation(base).danger(27) < advice.situation(base).danger(25)
    assert str(make_agent("balanced", 0, house_rules).act(base, legal)) == "discard 1z"
    # a 5p in its river: furiten, it cannot win on a discard
    furiten = replace(opened, discards=(*opened.discards[:3], tiles("2s5p9m")))
    assert advice.situation(furiten).danger(27) == 0
