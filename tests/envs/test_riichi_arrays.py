"""Riichi's array tables (``sparrows.envs.riichi_arrays``, issue 33, the first step of
the plan in docs/envs.md) against the engine itself: each table's wall is given to an
engine game, both play the same random actions (a few illegal ones among them), and at
every decision the acting seat, its observation and mask, every seat's rewards, the end
and the illegal flag must be the engine's, whether the table plays the hand in its
arrays or has handed it to its own engine."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

from sparrows.analysis.batch import batch_shanten  # noqa: E402
from sparrows.engine.events import Transfer, Win  # noqa: E402
from sparrows.envs import batch_env  # noqa: E402
from sparrows.envs.core import EnvCore  # noqa: E402
from sparrows.envs.riichi_arrays import RiichiArrays  # noqa: E402
from sparrows.errors import SparrowsError  # noqa: E402
from sparrows.tiles.notation import parse_tiles  # noqa: E402
from tests.conftest import sized  # noqa: E402
from tests.support.batches import pick as _pick  # noqa: E402
from tests.support.batches import random_steps, start_against  # noqa: E402


def _play(
    n: int,
    steps: int,
    seed: int,
    illegal_share: float = 0.002,
    handover: float = 0.0,
    riichi: float = 0.0,
    win: float = 0.0,
    pons: float = 0.0,
    episode: str = "hand",
    reward: str = "points",
    preset: str | None = None,
) -> dict[str, int]:
    """``n`` array tables and ``n`` engine games on the same walls, ``steps`` random
    decisions each, compared at every decision; what was played, counted. ``handover``:
    the share of decisions after which a table goes on on its engine; ``riichi``:
    how often a riichi offered is declared (random play seldom finds one); ``win``: how
    often a ron or tsumo offered is taken (else as the other decisions); ``pons``: how
    often a pon, or an added kan, offered is made (kans a ron may rob); ``episode``: a
    hand or a whole game."""
    config = {"ruleset": "riichi", "preset": preset, "episode": episode, "reward": reward}
    tables = RiichiArrays(n, seed, config, handover=handover)
    tables.reset()
    refs = [EnvCore(**config) for _ in range(n)]
    for ref in refs:
        ref.record = True  # (its events: what the wins were)
    rng, rewards, ended, illegal = start_against(tables, refs, seed)
    seen = dict.fromkeys(("decisions", "in arrays", "claims", "calls", "kans", "hands"), 0)
    seen["illegal"] = 0
    seen |= dict.fromkeys(("ended in arrays", "paid in arrays", "to the engine"), 0)
    kinds = [a.type.value for a in tables.layout.actions]
    riichi_at = np.array([i for i, kind in enumerate(kinds) if kind == "riichi"])
    ankan_at = np.array([i for i, kind in enumerate(kinds) if kind == "ankan"])
    pon_at = np.array([i for i, kind in enumerate(kinds) if kind in ("pon", "kakan")])
    seen["riichi"] = seen["riichi kans"] = 0
    seen |= dict.fromkeys(("next hands", "dealer kept", "sticks carried"), 0)
    seen |= dict.fromkeys(("games", "busts", "west", "nagashi"), 0)
    wins = np.array([tables._ron, tables._tsumo])
    seen |= dict.fromkeys(("won in arrays", "ron in arrays", "several rons", "ippatsu", "ura"), 0)
    seen["chankan"] = seen["rob windows"] = 0
    for step in range(steps):
        in_arrays = ~tables._on_engine.copy()
        for i, ref in enumerate(refs):
            seat = ref.to_act()[0]
            assert tables.seat[i] == seat, (step, i)
            mask = ref.mask(seat)
            assert np.array_equal(tables.mask[i], mask), (step, i, np.flatnonzero(mask))
            got, want = tables.obs[i], ref.live.encode(ref.game, seat)
            assert np.array_equal(got, want), (step, i, np.flatnonzero(got != want))
        actions = _pick(tables.mask, rng)
        if riichi:  # (play towards ready hands: closed, the fastest discards, riichi)
            _towards_riichi(tables, refs, actions, rng)
            offered = tables.mask[:, riichi_at]
            keen = offered.any(axis=1) & (rng.random(n) < riichi)
            for i in np.flatnonzero(keen).tolist():
                actions[i] = int(rng.choice(riichi_at[offered[i] > 0]))
            seen["riichi"] += int((keen & in_arrays).sum())
            # in riichi, a closed kan offered is declared
            closed_kan = tables.mask[:, ankan_at].any(axis=1) & tables._riichi_kan
            for i in np.flatnonzero(closed_kan).tolist():
                actions[i] = int(ankan_at[tables.mask[i, ankan_at] > 0][0])
        if pons:
            offered = tables.mask[:, pon_at].any(axis=1) & (rng.random(n) < pons)
            for i in np.flatnonzero(offered).tolist():
                actions[i] = int(pon_at[tables.mask[i, pon_at] > 0][0])
        if win:
            offered = tables.mask[:, wins].any(axis=1) & (rng.random(n) < win)
            for i in np.flatnonzero(offered).tolist():
                actions[i] = int(wins[tables.mask[i, wins] > 0][0])
        bad = rng.random(n) < illegal_share
        actions[bad] = rng.integers(tables.action_size, size=int(bad.sum()))
        seen["decisions"] += n
        seen["in arrays"] += int(in_arrays.sum())
        seen["claims"] += int((in_arrays & tables._claim).sum())
        seen["rob windows"] += int((in_arrays & (tables._rob > 0)).sum())
        taken = [kinds[a] if a < len(kinds) else "" for a in actions[in_arrays].tolist()]
        seen["calls"] += sum(kind in ("chi", "pon") for kind in taken)
        seen["kans"] += sum(kind in ("kan", "ankan", "kakan") for kind in taken)
        in_riichi = tables._riichi[np.arange(n), tables.seat] > 0
        for i in np.flatnonzero(in_arrays & in_riichi & (actions < len(kinds))).tolist():
            seen["riichi kans"] += int(kinds[int(actions[i])] == "ankan")
        rewards[:] = 0
        ended[:] = False
        illegal[:] = False
        tables.step(actions, rewards, ended, illegal)
        for i, ref in enumerate(refs):
            number, dealer = ref.game.hand_number, ref.game.dealer
            ref.play(ref.to_act()[0], int(actions[i]))
            if not ref.done and ref.game.hand_number != number:  # (a game's next hand)
                seen["next hands"] += 1
                seen["dealer kept"] += int(ref.game.dealer == dealer)
                seen["sticks carried"] += int(ref.game.ledger.pots["points"] > 0)
            want = ref.rewards()
            assert np.allclose(rewards[i], want), (step, i, rewards[i], want)
            assert ended[i] == ref.done, (step, i)
            assert illegal[i] == (ref.illegal is not None), (step, i)
            if ref.done:
                seen["hands"] += 1
                seen["illegal"] += int(illegal[i])
                if not illegal[i] and episode == "game":
                    seen["games"] += 1
                    seen["busts"] += int(min(ref.game.scores) < 0)
                    seen["west"] += int(ref.game.state.kyoku >= 8)
                if in_arrays[i] and not tables._on_engine[i] and not illegal[i]:
                    seen["ended in arrays"] += 1
                    seen["paid in arrays"] += int(any(want))
                    _count_win(ref, seen)
                ref.new_game(0, walls=tables.game_walls(i))
        seen["to the engine"] += int((in_arrays & tables._on_engine).sum())
    return seen


def _count_win(ref: EnvCore, seen: dict[str, int]) -> None:
    """A hand the arrays ended with a win: counted, with its ippatsu and ura dora; and a
    nagashi mangan paid."""
    paid = (e for e in ref.game.events if isinstance(e, Transfer))
    seen["nagashi"] += int(any(e.reason == "nagashi mangan" for e in paid))
    wins = [e for e in ref.game.events if isinstance(e, Win)]
    if not wins:
        return
    seen["won in arrays"] += 1
    seen["ron in arrays"] += int(wins[0].from_seat is not None)
    seen["several rons"] += int(len(wins) > 1)
    for w in wins:
        seen["ippatsu"] += int(any(name == "ippatsu" for name, _ in w.detail["yaku"]))
        seen["ura"] += int(w.detail["ura"] > 0)
        seen["chankan"] += int(any(name == "chankan" for name, _ in w.detail["yaku"]))


def _towards_riichi(tables: Any, refs: list[EnvCore], actions: Any, rng: Any) -> None:
    """Mostly pass on claims and discard a tile that leaves the hand nearest ready, so
    that closed ready hands (and riichi, and wins) come often."""
    faces = tables._faces
    for i, ref in enumerate(refs):
        if rng.random() < 0.2:
            continue
        seat = ref.to_act()[0]
        legal = np.flatnonzero(tables.mask[i])
        if tables.mask[i, tables._pass]:
            actions[i] = tables._pass
            continue
        discards = legal[legal < faces]
        if not len(discards):
            continue
        counts = np.array(ref.game.counts[seat][:34], dtype=np.int64)
        after = np.repeat(counts[None, :], len(discards), axis=0)
        after[np.arange(len(discards)), tables._kind[discards]] -= 1
        shanten = batch_shanten(after)
        best = discards[shanten == shanten.min()]
        actions[i] = int(rng.choice(best))


def test_the_arrays_play_as_the_engine() -> None:
    """Every decision equal to the engine's, all of them played by the arrays:
    claim windows, chi, pon and kans, the offers of ron, tsumo, riichi and the
    nine-terminals abort, and hands to their exhaustive draw with its payments."""
    seen = _play(32, sized(600, 3000), 1)
    assert seen["in arrays"] == seen["decisions"] and seen["to the engine"] == 0, seen
    assert seen["claims"] > 500 and seen["calls"] > 200, seen
    assert seen["ended in arrays"] > 100 and seen["paid in arrays"] > 3, seen
    assert seen["kans"] > 20 and seen["illegal"] > 10, seen


def test_riichi_is_played_as_the_engine() -> None:
    """Riichi declared whenever offered: the stick and its reward, the riichi marks, the
    forced discards after it, the closed kans it allows (of the drawn tile, the waits
    unchanged), riichi furiten, in the arrays; every decision equal."""
    seen = _play(32, sized(300, 2500), 3, riichi=1.0)
    assert seen["riichi"] > 20 and seen["in arrays"] == seen["decisions"], seen
    assert seen["riichi kans"] >= 1, seen  # (a closed kan in riichi that keeps the waits)


def test_wins_are_scored_and_paid_as_the_engine() -> None:
    """Every ron and tsumo offered taken: each win scored by the ruleset's scorer and
    paid in the arrays (ippatsu, ura dora, the sticks to the first of several rons, a
    riichi discard ronned puts no stick down); every decision equal."""
    seen = _play(32, sized(400, 2500), 4, riichi=1.0, win=1.0)
    assert seen["won in arrays"] > 30 and seen["ron in arrays"] > 10, seen
    assert seen["won in arrays"] - seen["ron in arrays"] > 5, seen  # (tsumo)
    assert seen["ippatsu"] > 3 and seen["ura"] > 3, seen
    assert seen["to the engine"] == 0, seen


def test_kans_robbed_in_play_are_played_as_the_engine() -> None:
    """Every pon and added kan offered made, towards ready hands with riichi, most wins
    taken: the windows on the kans a ron may rob (the prompt ``rob``), the chankan wins
    and the kans that stand, in the arrays; every decision equal."""
    seen = _play(32, sized(600, 4000), 2, riichi=1.0, win=0.8, pons=1.0, illegal_share=0.0)
    assert seen["rob windows"] >= 3 and seen["chankan"] >= 2, seen
    assert seen["to the engine"] == 0 and seen["kans"] > 150, seen


def test_whole_games_are_played_as_the_engine() -> None:
    """``episode="game"``: each game's hands one after another in the arrays, the deal
    passing or kept by the dealer, honba and the sticks carried to the next hand, the
    winds and counters in the observation, wins paid with honba, and each game's end
    (South 4, agari-yame, the West extension, a bust; the sticks left to the first) as
    the engine plays them; every decision equal."""
    steps = sized(1500, 8000)
    seen = _play(16, steps, 6, illegal_share=0.0002, riichi=1.0, win=1.0, episode="game")
    assert seen["games"] >= 20 and seen["next hands"] > 250, seen
    assert seen["dealer kept"] > 40 and seen["sticks carried"] > 50, seen
    assert seen["busts"] >= 1 and seen["west"] >= 1, seen
    assert seen["in arrays"] == seen["decisions"] and seen["to the engine"] == 0, seen


@pytest.mark.parametrize(
    ("episode", "reward", "steps"),
    [("hand", "placement", 300), ("game", "placement", 1000), ("game", "final", 1000)],
)
def test_the_other_rewards_are_the_engines(episode: str, reward: str, steps: int) -> None:
    """``placement`` (+1 first .. -1 last at the episode's end) and ``final`` (the game's
    final figures with uma and oka): nothing until the episode ends, then the rewards the
    engine's environment gives, in the arrays and after a hand-over."""
    seen = _play(
        8,
        sized(steps, 4 * steps),
        9,
        illegal_share=0.0002,
        handover=0.01,
        riichi=1.0,
        win=1.0,
        episode=episode,
        reward=reward,
    )
    ended = seen["games"] if episode == "game" else seen["hands"]
    assert ended >= 6 and seen["to the engine"] > 4, seen


def test_mahjong_souls_preset_is_played_as_the_engine() -> None:
    """The ``mahjongsoul`` preset (double yakuman, a closed kan that thirteen orphans
    may rob, pao for the yakuman alone): the same play, every decision equal."""
    seen = _play(16, sized(500, 2000), 12, riichi=1.0, win=1.0, preset="mahjongsoul")
    assert seen["won in arrays"] > 20 and seen["in arrays"] == seen["decisions"], seen


def test_a_hand_goes_on_on_the_engine_from_any_decision() -> None:
    """A table hands its hand to its engine (its wall, its decisions replayed) from any
    point, and the engine's decisions, wins and payments are the reference's too."""
    seen = _play(16, sized(400, 2000), 2, handover=0.02)
    assert seen["to the engine"] > 50 and seen["hands"] > 40, seen
    # a whole game's: its decisions replayed from its first hand, and at its next hand
    # the table is the arrays' again (the game's state read from the engine)
    seen = _play(16, sized(600, 2000), 8, handover=0.01, illegal_share=0.0, episode="game")
    assert seen["to the engine"] > 40 and seen["next hands"] > 80, seen
    assert seen["in arrays"] > 0.5 * seen["decisions"], seen


@settings(max_examples=sized(6, 100), deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    illegal=st.sampled_from([0.0, 0.01]),
    handover=st.sampled_from([0.0, 0.01]),
    riichi=st.sampled_from([0.0, 1.0]),
    win=st.sampled_from([0.0, 1.0]),
    pons=st.sampled_from([0.0, 1.0]),
    episode=st.sampled_from(["hand", "game"]),
    preset=st.sampled_from([None, "mahjongsoul"]),
)
def test_any_seed_plays_the_engines_riichi(
    seed: int,
    illegal: float,
    handover: float,
    riichi: float,
    win: float,
    pons: float,
    episode: str,
    preset: str | None,
) -> None:
    seen = _play(
        8,
        150,
        seed,
        illegal_share=illegal,
        handover=handover,
        riichi=riichi,
        win=win,
        pons=pons,
        episode=episode,
        preset=preset,
    )
    assert seen["hands"] + seen["next hands"] >= 8 and seen["claims"] > 20, seen


def test_what_the_arrays_do_not_play_is_refused() -> None:
    for config in (
        {"ruleset": "riichi", "preset": "tenhou-sanma"},
        {"ruleset": "riichi", "options": {"open_tanyao": False}},
        {"ruleset": "riichi", "claims": "uniform"},
        {"ruleset": "suzume"},
    ):
        with pytest.raises(SparrowsError, match="riichi array tables play four-player hands or"):
            RiichiArrays(2, 0, config)


def test_the_batch_env_plays_riichi_as_arrays() -> None:
    """``batch_env("riichi", n, vectorised=True)``: the same seed plays the same hands,
    every row owes a decision, the points only move between seats, and what ends on a
    table's engine comes back to the arrays for the next hand."""

    def run(seed: int) -> tuple[Any, Any, int]:
        env = batch_env("riichi", 16, seed=seed, vectorised=True)
        _obs, mask, _seat = env.reset()
        assert mask.shape == (16, env.action_size) and _obs.shape == (16, env.observation_size)
        total, ends = random_steps(env, mask, np.random.default_rng(5), 300)
        assert env.arrays is not None
        return total, env.arrays.walls.copy(), ends

    total, walls, ends = run(3)
    assert ends > 20
    assert np.allclose(total.sum(axis=1), 0, atol=1e-5)
    again, walls_again, _ = run(3)
    assert np.array_equal(walls, walls_again) and np.array_equal(total, again)
    _, other, _ = run(4)
    assert not np.array_equal(walls, other)


def test_the_batch_env_plays_whole_riichi_games_as_arrays() -> None:
    """``batch_env("riichi", n, vectorised=True, episode="game")``: an episode is a whole
    game (several hands), the same seed plays the same games, and over the games that
    ended the points only moved between seats."""

    def run(seed: int) -> tuple[Any, int, int]:
        env = batch_env("riichi", 8, seed=seed, vectorised=True, episode="game")
        _obs, mask, _seat = env.reset()
        rng = np.random.default_rng(5)
        done = np.zeros((8, env.players))  # the rewards of the games that ended
        running = np.zeros((8, env.players))
        ends = hands = 0
        for _ in range(1500):
            before = env.arrays._hand_no.copy() if env.arrays is not None else None
            step = env.step(_pick(mask, rng))
            mask = step.mask
            running += step.rewards
            over = step.terminated
            done[over] += running[over]
            running[over] = 0
            ends += int(over.sum())
            assert env.arrays is not None and before is not None
            hands += int((env.arrays._hand_no > before).sum())
        return done, ends, hands

    done, ends, hands = run(3)
    assert ends >= 4 and hands > 4 * ends, (ends, hands)
    assert np.allclose(done.sum(axis=1), 0, atol=1e-5)
    again, _, _ = run(3)
    assert np.array_equal(done, again)


def _built_wall(tables: Any, hands: list[str], draws: str = "") -> Any:
    """A wall whose deal gives each seat ``hands[seat]`` (13 tiles in mpsz notation, 0
    a red five), then ``draws`` drawn in that order, the rest in id order, the dora
    indicator a North nobody holds."""
    ids_of: dict[tuple[int, bool], list[int]] = {}
    for tid in range(136):
        face = int(tables._face_of_id[tid])
        ids_of.setdefault((int(tables._kind[face]), bool(tables._red[face])), []).append(tid)
    tiles = [t for hand in [*hands, draws] for t in parse_tiles(hand)]
    dealt = [ids_of[t.kind, bool(t.red)].pop() for t in tiles]
    north = ids_of[parse_tiles("4z")[0].kind, False].pop()
    rest = sorted(set(range(136)) - set(dealt) - {north})
    order = dealt + rest
    order.insert(126, north)  # (the first dora indicator: the dead wall's fifth tile)
    return np.array(order, dtype=np.int64)


def _on_built_wall(
    hands: list[str], config: dict[str, Any] | None = None, draws: str = ""
) -> tuple[Any, EnvCore, Any]:
    """One array table and one engine game dealt ``hands``, then drawing ``draws``
    (:func:`_built_wall`); and the wall's order."""
    tables = RiichiArrays(1, 0, config)
    order = _built_wall(tables, hands, draws)
    tables._walls.orders = lambda rows, counters: np.repeat(order[None, :], len(rows), axis=0)
    tables.reset()
    ref = EnvCore(**(config or {"ruleset": "riichi"}))
    ref.new_game(0, walls=tables.game_walls(0))
    return tables, ref, order


def _steps_equal(tables: Any, ref: EnvCore, actions: list[int]) -> tuple[Any, bool]:
    """``actions`` played on both, every decision compared: the last step's rewards (in
    points) and whether the hand ended."""
    rewards = np.zeros((1, 4), dtype=np.float32)
    ended, illegal = np.zeros(1, dtype=bool), np.zeros(1, dtype=bool)
    for act in actions:
        seat = ref.to_act()[0]
        assert tables.seat[0] == seat and tables.mask[0, act] == 1, (seat, act)
        assert np.array_equal(tables.mask[0], ref.mask(seat))
        got, want = tables.obs[0], ref.live.encode(ref.game, seat)
        assert np.array_equal(got, want), np.flatnonzero(got != want)
        rewards[:] = 0
        tables.step(np.array([act]), rewards, ended, illegal)
        ref.play(seat, act)
        assert np.allclose(rewards[0], ref.rewards()) and ended[0] == ref.done
        assert not illegal[0]
    return rewards[0] * tables._scale, bool(ended[0])


@pytest.mark.parametrize("rons", [2, 3])
def test_two_rons_are_paid_and_three_abort(rons: int) -> None:
    """The dealer's first discard, 3s, completes two or three all-simples hands (234m
    678m 234p 678p 3s, 1 han 40 fu: 1,300 each). Two rons: both paid by the dealer,
    as the engine pays them; three: the hand is aborted and no points move."""
    simple, other, dealer = "234678m234678p3s", "19m19p9s12356677z", "3s11s19m19p123123z"
    hands = [dealer, simple, simple, simple if rons == 3 else other]
    tables, ref, order = _on_built_wall(hands)
    tables._engine_take = lambda i: pytest.fail("the hand went to the engine")
    three_s = int(tables._face_of_id[order[0]])
    got, ended = _steps_equal(tables, ref, [three_s] + [tables._ron] * rons)
    assert ended
    want = [-2600, 1300, 1300, 0] if rons == 2 else [0, 0, 0, 0]
    assert np.allclose(got, want), got


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul"])
def test_thirteen_orphans_robs_a_closed_kan_with_mahjong_souls_rules(preset: str) -> None:
    """The dealer declares a closed kan of 1m on its first turn while the next seat waits
    on 1m with thirteen orphans: with Mahjong Soul's rules that seat may rob it (a
    yakuman, 32,000 from the dealer); with Tenhou's the kan stands and the dealer draws
    its replacement tile. Both in the arrays, every decision as the engine's."""
    hands = ["1111m2345678p23s", "99m19p19s1234567z", "2345678s456789p", "2345678m234566s"]
    tables, ref, _order = _on_built_wall(hands, {"ruleset": "riichi", "preset": preset})
    tables._engine_take = lambda i: pytest.fail("the hand went to the engine")
    kan = int(tables._ankan_at[0, 0])  # (1m: kind 0, no red face)
    if preset == "mahjongsoul":
        got, ended = _steps_equal(tables, ref, [kan, tables._ron])
        assert ended and np.allclose(got, [-32000, 32000, 0, 0]), got
    else:
        got, ended = _steps_equal(tables, ref, [kan])
        assert not ended and tables.seat[0] == 0 and not tables._on_engine[0]


def _face(tables: Any, tile: str) -> int:
    """The array tables' face of ``tile`` (mpsz notation, 0 a red five)."""
    t = parse_tiles(tile)[0]
    faces = tables._redf if t.red else tables._plain
    return int(faces[t.kind])


@pytest.mark.parametrize("how", ["ron", "pass", "ron in riichi"])
def test_an_added_kan_is_robbed_in_the_arrays(how: str) -> None:
    """The dealer pons the 2p seat 1 throws (seat 2, waiting on 2p with 13p, passes its
    chi; no yaku, so no ron), then draws the fourth 2p and adds it to the pon. Seat 2 may
    rob the kan (the prompt ``rob``, ron or pass). Robbed: chankan alone, 1 han 40 fu,
    1,300 from the dealer; or with riichi declared on its last discard, riichi, ippatsu
    (kept: the kan never stood) and chankan, 3 han 40 fu, 5,200 and its stick back.
    Passed: the kan stands, seat 2 is furiten until its next discard, the dealer draws
    its replacement tile and the kan's dora is turned with its discard. Every decision as
    the engine's, in the arrays."""
    hands = ["22p456m789m345s11z", "189m19s8p1234567z", "13p234m567m678s55s", "19m19s12345677z5m"]
    tables, ref, _order = _on_built_wall(hands, draws="9s2p6z9p7z2p")
    tables._engine_take = lambda i: pytest.fail("the hand went to the engine")
    two_p = _face(tables, "2p")
    pon = int(tables._pon_at[tables._kind[two_p], 0])
    nine_p = _face(tables, "9p")  # (seat 2's draw, thrown: with riichi or without)
    riichi = how == "ron in riichi"
    plays = [_face(tables, "9s"), two_p, tables._pass, pon, _face(tables, "1z")]
    plays += [_face(tables, "6z"), int(tables._riichi_at[nine_p]) if riichi else nine_p]
    _steps_equal(tables, ref, [*plays, _face(tables, "7z")])
    kakan = int(tables._kakan_at[tables._kind[two_p], 0])
    _steps_equal(tables, ref, [kakan])
    assert tables.seat[0] == 2 and tables._claim[0] and tables._rob[0] == 1
    assert tables.obs[0, tables._prompt_rob] == 1 and not tables._on_engine[0]
    got, ended = _steps_equal(tables, ref, [tables._pass if how == "pass" else tables._ron])
    if how == "pass":
        assert not ended and tables.seat[0] == 0 and tables._temp_furiten[0, 2]
        assert tables._kans[0, 0] == 1 and tables._rinshan[0] and tables._revealed[0] == 1
        _steps_equal(tables, ref, [int(tables._drawn[0])])  # (its dora with this discard)
        assert tables._revealed[0] == 2
        return
    (win,) = [r for r in ref.game.hand_results if r.kind == "win"]
    want = ("riichi", "ippatsu", "chankan") if riichi else ("chankan",)
    assert ended and win.items == want and (win.facts["han"], win.facts["fu"]) == (len(want), 40)
    paid = 5200 if riichi else 1300
    assert np.allclose(got, [-paid, 0, paid + 1000 * riichi, 0]), got


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul"])
@pytest.mark.parametrize("tsumo", [False, True])
def test_pao_is_paid_in_the_arrays(tsumo: bool, preset: str) -> None:
    """Seat 1 pons the 5z the dealer throws, then the 6z and the 7z seat 3 throws (the
    third dragon set called: seat 3 is liable) and waits on 9p alone. Seat 2's 9p
    ronned: big three dragons, 32,000, half from the liable seat 3 and half from seat 2;
    self-drawn: all 32,000 from seat 3 (with Mahjong Soul's pao for the yakuman alone,
    the same here: the hand has no other). Every decision as the engine's, in the
    arrays."""
    hands = ["5z2468m2468p2468s", "55z66z77z123m9p9s1s1p", "13579m13579p135s", "2468m2468p2468s9m"]
    draws = "3z4z6z2z7z" + ("1z3z4z9p" if tsumo else "9p")
    config = {"ruleset": "riichi", "preset": preset}
    tables, ref, _order = _on_built_wall(hands, config, draws=draws)
    tables._engine_take = lambda i: pytest.fail("the hand went to the engine")

    def face(tile: str) -> int:
        return _face(tables, tile)

    def pon(tile: str) -> int:
        return int(tables._pon_at[tables._kind[face(tile)], 0])

    plays = [face("5z"), pon("5z"), face("9s"), face("4z"), face("6z"), pon("6z"), face("1s")]
    plays += [face("2z"), face("7z"), pon("7z"), face("1p")]
    _steps_equal(tables, ref, plays + [face(t) for t in ("1z", "3z", "4z") if tsumo])
    assert tables._liable[0][1] == {"daisangen": 3}
    if not tsumo:
        _steps_equal(tables, ref, [face("9p")])
    got, ended = _steps_equal(tables, ref, [tables._tsumo if tsumo else tables._ron])
    (win,) = [r for r in ref.game.hand_results if r.kind == "win"]
    assert ended and win.items == ("daisangen",) and win.points == 32000
    want = [0, 32000, 0, -32000] if tsumo else [0, 32000, -16000, -16000]
    assert np.allclose(got, want), got


@pytest.mark.parametrize(
    ("dealer", "fourth", "offered"),
    [
        ("111m234p567p789s1z", "1m", True),
        ("1112m345p678p999s", "1m", False),
        ("555p111m234m789s1z", "0p", True),  # (the red five drawn: the kan named by it)
    ],
)
def test_a_closed_kan_in_riichi_only_where_the_waits_stay(
    dealer: str, fourth: str, offered: bool
) -> None:
    """The dealer declares riichi on its first discard (7z) and three turns later draws
    the fourth 1m (or red 5p): a closed kan is offered where the waits stay the same (1z
    alone, with or without 111m), not where they change (2m and 3m with 1112m, 2m alone
    after the kan: the 1m is thrown for it); every decision as the engine's, in the
    arrays (the kan of a red five drawn named by that face, as the engine names it)."""
    others = ["23456789m23456s", "23456789m23456s", "2346789p234569s"]
    tables, ref, order = _on_built_wall([dealer, *others], draws="7z5z6z9m" + fourth)
    tables._engine_take = lambda i: pytest.fail("the hand went to the engine")
    riichi = int(tables._riichi_at[tables._face_of_id[order[52]]])
    _steps_equal(tables, ref, [riichi])
    for _ in range(3):  # (the others throw what they drew)
        _steps_equal(tables, ref, [int(tables._drawn[0])])
    if offered:  # (the dealer's choice: the kan, or the tile drawn)
        kan = int(tables._ankan_of_drawn[tables._drawn[0]])
        assert tables.seat[0] == 0 and tables.mask[0, kan] == 1
        _steps_equal(tables, ref, [kan])
        assert tables._closed_kans[0, 0] == 1 and tables._riichi[0, 0] > 0
    else:  # (its one legal action, the 1m thrown, played for it; the next seat may chi)
        assert tables.seat[0] == 1 and tables._rcount[0, 0, 0] == 1
        _steps_equal(tables, ref, [tables._pass])


def test_four_riichi_abort_in_the_arrays() -> None:
    """Each seat is dealt a ready hand and declares riichi with its first discard: the
    fourth stick goes down, and the hand is aborted (the sticks stay on the table);
    every decision as the engine's, in the arrays."""
    hands = ["123456789m123p5z", "123456789p123s6z", "123456789s123m7z", "456m789p456s789s1z"]
    tables, ref, _order = _on_built_wall(hands, draws="2z3z2z3z")
    tables._engine_take = lambda i: pytest.fail("the hand went to the engine")
    for seat in range(4):
        got, ended = _steps_equal(tables, ref, [int(tables._riichi_at[tables._drawn[0]])])
        assert ended is (seat == 3)
    assert np.allclose(got, [0, 0, 0, -1000]), got
    assert tables._pot[0] == 0  # (the next hand's: a new game in a hand episode)


def test_four_winds_abort_in_the_arrays() -> None:
    """The first four discards are all East, nobody calls: the hand is aborted; every
    decision as the engine's, in the arrays."""
    hands = ["13579m13579p24s1z", "2468m2468p1357s1z", "13579m2468p246s1z", "2468m13579p135s1z"]
    tables, ref, _order = _on_built_wall(hands, draws="5z6z7z5z")
    tables._engine_take = lambda i: pytest.fail("the hand went to the engine")
    east = int(tables._plain[27])
    for seat in range(4):
        got, ended = _steps_equal(tables, ref, [east])
        assert ended is (seat == 3)
    assert np.allclose(got, 0), got


def test_a_nagashi_mangan_is_paid_in_the_arrays() -> None:
    """Seat 1 is dealt terminals and honours and draws only those; every seat throws
    what it draws and nobody claims: at the wall's end seat 1's river is all terminals
    and honours, none called, and it is paid a mangan tsumo (4,000 from the dealer,
    2,000 from each other seat) instead of the noten payments; every decision as the
    engine's, in the arrays."""
    from sparrows.envs.riichi_tables import TH

    tables = RiichiArrays(1, 0)
    plain = [t for t in range(136) if not tables._red[tables._face_of_id[t]]]
    edge = [t for t in plain if TH[tables._kind[tables._face_of_id[t]]]]
    north = next(t for t in edge if tables._kind[tables._face_of_id[t]] == 30)
    edge.remove(north)
    ones, draws_1 = edge[:13], edge[13:31]
    rest = [t for t in range(136) if t not in ones + draws_1 + [north]]
    order = rest[:13] + ones + rest[13:39]
    del rest[:39]
    for t in range(70):  # (the live wall's draws: seat t % 4's)
        order.append(draws_1.pop(0) if t % 4 == 1 else rest.pop(0))
    order += rest
    order.insert(126, north)
    wall = np.array(order, dtype=np.int64)
    tables._walls.orders = lambda rows, counters: np.repeat(wall[None, :], len(rows), axis=0)
    tables.reset()
    tables._engine_take = lambda i: pytest.fail("the hand went to the engine")
    ref = EnvCore("riichi")
    ref.new_game(0, walls=tables.game_walls(0))
    ended = False
    while not ended:
        act = tables._pass if tables._claim[0] else int(tables._drawn[0])
        got, ended = _steps_equal(tables, ref, [act])
    assert np.allclose(got, [-4000, 8000, -2000, -2000]), got


def test_four_kans_by_two_players_abort_in_the_arrays() -> None:
    """The dealer declares closed kans of 1m and 2m, seat 1 of 3m and 4m: once seat 1's
    discard after them is not taken the hand is aborted; every decision as the
    engine's, in the arrays (the kans' replacement tiles from the dead wall)."""
    hands = ["11112222m5z6z7z13p", "33334444m5z6z7z13s", "5678m5678p5678s1z", "5678m5678p5678s2z"]
    tables, ref, _order = _on_built_wall(hands, draws="3z3z")
    tables._engine_take = lambda i: pytest.fail("the hand went to the engine")
    for kind in (0, 1):  # the dealer's kans (1m, 2m), then its drawn tile
        _steps_equal(tables, ref, [int(tables._ankan_at[kind, 0])])
    _steps_equal(tables, ref, [int(tables._drawn[0])])
    for kind in (2, 3):  # seat 1's
        _steps_equal(tables, ref, [int(tables._ankan_at[kind, 0])])
    got, ended = _steps_equal(tables, ref, [int(tables._drawn[0])])
    assert ended and np.allclose(got, 0) and tables._kans.sum() == 0  # (the next hand's)
