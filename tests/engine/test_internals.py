"""Engine internals that must stay exact: the inlined wall shuffle gives the walls
``random.Random.shuffle`` gives (records and seeds from before depend on it)."""

from __future__ import annotations

import random

import pytest

from sparrows.advice import advice_for
from sparrows.engine import Action, ActionType, Game
from sparrows.engine.game import shuffle
from sparrows.rules import get_ruleset


@pytest.mark.parametrize("size", [0, 1, 2, 5, 44, 108, 136, 144])
def test_shuffle_is_random_shuffle(size: int) -> None:
    for seed in range(300):
        ours, theirs = list(range(size)), list(range(size))
        a, b = random.Random(seed), random.Random(seed)
        shuffle(a, ours)
        b.shuffle(theirs)
        assert ours == theirs
        assert a.getrandbits(64) == b.getrandbits(64)  # the generators stay in step


def test_unseen_counts_a_called_tile_once() -> None:
    """Seat 2 holds 123m456m789m46p11s9s: after 9s it waits on 5p only. Seat 1 pon'd 5p
    from seat 0's river, so 3 of the 4 copies of 5p are seen (the called one in the meld,
    not again in the river): 1 is left. The hint and the efficiency bot both say so."""
    from dataclasses import replace

    from sparrows.agents import make_agent
    from sparrows.engine.board import CALLED
    from sparrows.tiles import Meld, MeldType, parse_tiles

    rules = get_ruleset("riichi")
    five = parse_tiles("5p")[0]
    obs = replace(
        Game(rules, 1).observation(0),
        seat=2,
        hand=tuple(parse_tiles("123m456m789m46p11s9s")),
        drawn=None,
        discards=((five,), (), (), ()),
        river_flags=((CALLED,), (), (), ()),
        melds=((), (Meld(MeldType.PON, (five, five, five), 3),), (), ()),
        indicators=(),
        legal=tuple(
            Action(ActionType.DISCARD, t) for t in sorted(set(parse_tiles("123m456m789m46p11s9s")))
        ),
    )
    assert obs.seen()[five.kind] == 3
    unseen = advice_for(rules).unseen(obs)
    assert unseen[five.kind] == 1 and unseen[parse_tiles("9s")[0].kind] == 3
    nine_s = parse_tiles("9s")[0].kind
    best_hint = advice_for(rules).hint(obs).discards[0]  # the discard, shanten after, unseen tiles
    assert (best_hint.action.tiles[0].kind, best_hint.shanten, best_hint.ukeire) == (nine_s, 0, 1)
    agent = make_agent("efficiency", 0, rules)
    legal = [Action(ActionType.DISCARD, t) for t in set(obs.hand)]
    ranked = advice_for(rules).rank_discards(obs, legal)  # the ranking the bot plays by
    (shanten, minus_ukeire, *_), best = ranked[0].key, ranked[0].action
    assert best.tiles[0].kind == nine_s and (shanten, minus_ukeire) == (0, -1)
    assert agent.act(obs, legal).tiles[0].kind == nine_s


def test_clone_names_every_field_of_the_game() -> None:
    """Game.clone copies each field as ``engine.clone.CLONE_FIELDS`` says: a game holds exactly the
    fields named there (and ``scores``, the ledger's own list), so a field added to the
    game and not to the table fails here rather than being shared by a clone."""
    from sparrows.engine import clone as clone_module

    game = Game(get_ruleset("riichi"), 3)
    try:
        held = set(vars(game))
    except TypeError:
        pytest.skip("the compiled Game has no __dict__; the pure build checks the fields")
    assert held == set(clone_module.CLONE_FIELDS) | {"scores"}
    assert set(clone_module.OWN_COPY) == {
        name for name, how in clone_module.CLONE_FIELDS.items() if how == clone_module.OWN
    }
    rng = random.Random(3)
    for _ in range(40):  # into the hand: discards, rivers, a claim window perhaps
        seat = game.to_act()[0]
        game.step(seat, rng.choice(game.legal_actions(seat)))
    twin = game.clone()
    mutable = (list, dict, set)
    for name, how in clone_module.CLONE_FIELDS.items():
        mine, its = getattr(game, name), getattr(twin, name)
        if how != clone_module.SHARE and isinstance(mine, mutable) and mine:
            assert mine is not its, name  # copied, not shared
    assert twin.scores is twin.ledger.accounts["points"]
