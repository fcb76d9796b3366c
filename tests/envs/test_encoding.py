"""The research environments' fast encoding (``LiveEncoder``, ``Encoder.encode_game``, what
``EnvCore.observe`` uses) against the reference, ``Encoder.encode(game.view(seat))``: the
same array at every decision of seeded games of every ruleset and preset, for the seats
that must act and one that need not; the same after any change of the table between two
encodings (a property test); no hidden tile changes it; ``EnvCore.observe`` builds no
view."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from sparrows.agents import make_agent  # noqa: E402
from sparrows.engine import Game  # noqa: E402
from sparrows.engine.actions import Action, ActionType  # noqa: E402
from sparrows.engine.board import CALLED, DEAD, RIICHI, TSUMOGIRI, EngineMeld  # noqa: E402
from sparrows.envs import encoder  # noqa: E402
from sparrows.envs.core import EnvCore  # noqa: E402
from sparrows.envs.live import LiveEncoder  # noqa: E402
from sparrows.rules import get_ruleset  # noqa: E402
from sparrows.tiles import MeldType  # noqa: E402
from tests.conftest import sized  # noqa: E402

A = ActionType
#: (ruleset, preset, options): every family, the house preset (open riichi, special
#: tiles, chips) and the peek house rule (a riichi player sees its neighbours' hands).
CONFIGS: list[tuple[str, str | None, dict[str, Any]]] = [
    ("suzume", None, {}),
    ("riichi", "tenhou", {}),
    ("riichi", "tenhou-sanma", {}),
    ("riichi", "cy-dealers-choice", {}),
    ("riichi", "tenhou", {"riichi_peek": True}),
    ("hongkong", None, {}),
    ("classical", None, {}),
    ("sichuan", None, {}),
]
IDS = [
    "suzume",
    "riichi4",
    "riichi3",
    "riichi-house",
    "riichi-peek",
    "hongkong",
    "classical",
    "sichuan",
]


def _diff(table_encoder: Any, want: Any, got: Any) -> list[tuple[str, int, float, float]]:
    """The blocks where two encodings differ (for the failure message)."""
    out = []
    for i in np.flatnonzero(want != got)[:8]:
        for b in table_encoder.blocks():
            if b.offset <= i < b.offset + b.size:
                out.append((b.name, int(i - b.offset), float(want[i]), float(got[i])))
    return out


RIICHI_KINDS = (A.OPEN_RIICHI, A.TAKO_RIICHI, A.RIICHI)
KONGS = (A.KAKAN, A.ANKAN, A.KAN, A.NUKI)
CALLS = (A.PON, A.CHI)


class _Policy:
    """Mostly efficiency bots (hands get ready), every riichi (open riichi first: the
    shown hands, the peek), most kongs and Norths, some calls, some random moves: the
    paths random play seldom reaches."""

    def __init__(self, rules: Any, seed: int) -> None:
        self.rng = random.Random(seed)
        self.bots = {s: make_agent("efficiency", seed + s, rules) for s in range(rules.num_players)}

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        rng = self.rng
        for kinds, chance in ((RIICHI_KINDS, 1.0), (KONGS, 0.7), (CALLS, 0.1)):
            found = sorted((a for a in legal if a.type in kinds), key=lambda a: kinds.index(a.type))
            if found and rng.random() < chance:
                return found[0] if kinds is RIICHI_KINDS else rng.choice(found)
        if rng.random() < 0.8:
            bot = self.bots[seat]
            obs = game.observation(seat) if bot.needs_observation else None
            return bot.act(obs, legal)
        return rng.choice(legal)


@pytest.mark.parametrize(("ruleset", "preset", "options"), CONFIGS, ids=IDS)
def test_the_fast_encoding_is_the_views_at_every_decision(
    ruleset: str, preset: str | None, options: dict[str, Any]
) -> None:
    """Through ``EnvCore.observe`` (the environments' path), over several hands of a game
    (a new hand starts the encodings afresh): every seat that must act, and one that need
    not, gets exactly the reference encoding."""
    table = EnvCore(ruleset, preset, options=options, episode="game")
    enc = table.encoder
    n = table.players
    hands, checked, shown = 0, 0, 0
    for seed in range(sized(2, 6)):
        table.new_game(seed)
        policy = _Policy(table.rules, seed)
        rng = random.Random(seed)
        for _ in range(sized(450, 3000)):
            game = table.game
            if table.done or game.hand_number >= 3:
                break
            waiting = table.to_act()
            idle = [s for s in range(n) if s not in waiting]
            seats = waiting + ([rng.choice(idle)] if idle else [])
            for seat in seats:
                got = table.observe(seat)["observation"]
                want = enc.encode(game.view(seat))
                assert np.array_equal(got, want), (
                    seed,
                    game.hand_number,
                    seat,
                    _diff(enc, want, got),
                )
                checked += 1
                shown += bool(game.ruleset.shown_hands(game, seat))
            seat = waiting[0]
            action = policy.choose(game, seat)
            assert table.play(seat, table.layout.indices([action])[0])
        hands += table.game.hand_number + 1
    assert checked > 100 and hands >= 3
    if options.get("riichi_peek") or preset == "cy-dealers-choice":
        assert shown > 0, "no hand was shown: the shown-hand path went untested"


@pytest.mark.parametrize(
    ("ruleset", "preset", "options"), CONFIGS[:4] + CONFIGS[5:], ids=IDS[:4] + IDS[5:]
)
def test_encode_game_and_the_oracle_agree_with_the_reference(
    ruleset: str, preset: str | None, options: dict[str, Any]
) -> None:
    """``Encoder.encode_game`` (no state kept) and the oracle, at a few points of a game."""
    rules = get_ruleset(ruleset, {"preset": preset} if preset else {})
    enc = encoder(ruleset, preset)
    game = Game(rules, 5, record=False, ask_all=True)
    rng = random.Random(5)
    for step in range(300):
        if game.over:
            break
        if step % 60 == 7:
            for seat in range(game.n):
                want = enc.encode(game.view(seat))
                out = np.full(enc.size, 7.0, dtype=np.float32)
                assert enc.encode_game(game, seat, out=out) is out
                assert np.array_equal(out, want)
                hands = np.zeros((game.n, enc.kinds), dtype=np.float32)
                for s in range(game.n):
                    for t in game.view(s).hand or ():
                        hands[(s - seat) % game.n, enc.tile[t][0]] += 1
                oracle = enc.oracle(game, seat)
                assert oracle.shape == (enc.oracle_size,)
                head = enc.size + hands.size
                assert np.array_equal(oracle[:head], np.concatenate([want, hands.reshape(-1)]))
                _check_the_oracles_wall(enc, game, oracle[head:])
        s = game.to_act()[0]
        game.step(s, rng.choice(game.legal_actions(s)))


def _check_the_oracles_wall(enc: Any, game: Game, wall: Any) -> None:
    """The oracle's wall block: every tile not in a hand nor in sight is in it once (the
    copies of each kind add up to the set's), the parts' sizes add up to its rows, and
    its first row is the next draw."""
    rows = wall[: enc.wall * enc.kinds].reshape(enc.wall, enc.kinds)
    sizes = wall[enc.wall * enc.kinds :] * enc.wall
    assert len(sizes) == 5 and round(float(sizes.sum())) == int(rows.sum())
    assert all(float(r.sum()) == 1.0 for r in rows[: int(rows.sum())])
    counts = rows.sum(axis=0)
    kind = [enc.tile[t][0] for t in game.tile_text]
    for s in range(game.n):
        for t in game.hands[s]:
            counts[kind[t]] += 1
        for t in game.discards[s]:
            counts[kind[t]] += 1  # a called tile lies in its meld too: counted below once
        for m in game.melds[s]:
            for t in m.tiles:
                counts[kind[t]] += 1
            if m.called is not None:
                counts[kind[m.called]] -= 1
        for t in game.bonus[s]:
            counts[kind[t]] += 1
    for t in game.wall.revealed:
        counts[kind[t]] += 1
    copies = np.zeros(enc.kinds)
    for t in game.tile_text:
        copies[enc.tile[t][0]] += 1
    assert np.array_equal(counts, copies)
    if game.wall.live:
        assert rows[0, kind[game.wall.live[-1]]] == 1  # the next draw comes first


def test_table_observe_builds_no_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The environments' observations come from the fast path, not from a view."""
    import sparrows.engine.views as views

    table = EnvCore("riichi", "tenhou")
    table.new_game(3)

    def no_view(*args: Any) -> Any:
        raise AssertionError("EnvCore.observe built a view")

    monkeypatch.setattr(views, "build_view", no_view)
    rng = random.Random(3)
    for _ in range(40):
        seat = table.to_act()[0]
        obs = table.observe(seat)
        legal = np.flatnonzero(obs["action_mask"])
        table.play(seat, int(rng.choice(list(legal))))
    monkeypatch.undo()
    seat = table.to_act()[0]
    assert np.array_equal(
        table.observe(seat)["observation"], table.encoder.encode(table.game.view(seat))
    )


def test_a_bad_seat_or_game_is_refused() -> None:
    table = EnvCore("suzume")
    table.new_game(1)
    live = LiveEncoder(table.encoder)
    for seat in (-1, 4, "0", None):
        with pytest.raises(ValueError, match="no seat"):
            live.encode(table.game, seat)
    sanma = Game(get_ruleset("riichi", {"preset": "tenhou-sanma"}), 1, record=False)
    with pytest.raises(ValueError, match="3-player game"):
        LiveEncoder(encoder("riichi", "tenhou")).encode(sanma, 0)


@pytest.mark.parametrize(("ruleset", "preset", "options"), CONFIGS, ids=IDS)
def test_no_hidden_tile_changes_the_fast_encoding(
    ruleset: str, preset: str | None, options: dict[str, Any]
) -> None:
    """As tests/envs/test_environments.py does for the reference: swap a tile of another seat's
    concealed hand (one not shown to the seat) with one of the live wall, and an ura
    indicator with the live wall: the seat's fast encoding (kept up to date while the
    game was played, and made afresh) is the same; the oracle's is not."""
    rules = get_ruleset(ruleset, {**options, **({"preset": preset} if preset else {})})
    enc = encoder(ruleset, preset, options)
    rng = random.Random(11)
    swaps = 0
    for seed in range(2):
        game = Game(rules, seed, record=False, ask_all=True)
        live = enc.live()
        for step in range(300):
            if game.over:
                break
            if step % 30 == 12:
                for seat in range(game.n):
                    before = live.encode(game, seat)
                    other = (seat + 1 + rng.randrange(game.n - 1)) % game.n
                    twin = game.clone()
                    hand, wall = twin.hands[other], twin.wall.live
                    kind = rules.tileset.tiles
                    pairs = [
                        (i, j)
                        for i in range(len(hand))
                        for j in range(len(wall))
                        if kind[hand[i]].kind != kind[wall[j]].kind
                    ]
                    if other in rules.shown_hands(game, seat) or not pairs:
                        continue
                    i, j = rng.choice(pairs)
                    hand[i], wall[j] = wall[j], hand[i]
                    if twin.wall.hidden and wall:
                        twin.wall.hidden[0], wall[0] = wall[0], twin.wall.hidden[0]
                    assert np.array_equal(before, enc.encode_game(twin, seat))
                    assert np.array_equal(before, enc.encode_game(game, seat))
                    assert not np.array_equal(enc.oracle(game, seat), enc.oracle(twin, seat))
                    swaps += 1
            s = game.to_act()[0]
            game.step(s, rng.choice(game.legal_actions(s)))
    assert swaps >= 5


# ---------------------------------------------------------------------- the property test
#: Changes of the table made directly (not by the engine): whatever changes between two
#: encodings, and however the table came to it, the kept encoding follows.
EDITS = (
    "pop_discard",
    "swap_discard",
    "flag",
    "drop_meld",
    "add_meld",
    "grow_meld",
    "shrink_meld",
    "bonus",
    "unbonus",
    "reveal",
    "unreveal",
    "hand",
    "hand_twice",
    "show",
    "scores",
)
_BITS = (TSUMOGIRI, RIICHI, CALLED, DEAD)


def _edit(game: Game, what: str, r: random.Random, watched: list[int]) -> None:
    n = game.n
    s = r.choice(watched) if what.startswith("hand") else r.randrange(n)
    free = list(game.wall.live)  # tiles to put on the table (the conservation of tiles
    # does not matter to an encoding, only what each place holds)
    if not free:
        return
    t = r.choice(free)
    if what == "pop_discard" and game.discards[s]:
        game.discards[s].pop()
        game.river_flags[s].pop()
        game.last_discard = None
    elif what == "swap_discard" and game.discards[s]:
        i = r.randrange(len(game.discards[s]))
        game.discards[s][i] = t
    elif what == "flag" and game.discards[s]:
        i = r.randrange(len(game.discards[s]))
        game.river_flags[s][i] ^= r.choice(_BITS)
    elif what == "drop_meld" and game.melds[s]:
        game.melds[s].pop(r.randrange(len(game.melds[s])))
    elif what == "add_meld":
        kind = r.choice(list(MeldType))
        feeder = None if kind is MeldType.CLOSED_KAN else (s + 1) % n
        called = None if feeder is None else t
        game.melds[s].append(EngineMeld(kind, [t, t, t], called, feeder))
    elif what == "grow_meld" and game.melds[s]:
        m = r.choice(game.melds[s])
        m.type = MeldType.ADDED_KAN
        m.tiles.append(t)
    elif what == "shrink_meld" and game.melds[s]:
        m = r.choice(game.melds[s])
        if len(m.tiles) > 1:
            m.tiles.pop()
            m.type = MeldType.PON
    if what.endswith("_meld"):
        game.meld_moves += 1  # the game counts every change of its melds (the encoder reads it)
    elif what == "bonus":
        game.bonus[s].append(t)
    elif what == "unbonus" and game.bonus[s]:
        game.bonus[s].pop(0)
    elif what == "reveal":
        game.wall.revealed.append(t)
    elif what == "unreveal" and game.wall.revealed:
        game.wall.revealed.pop()
    elif what == "hand" and game.hands[s]:
        game.hands[s][r.randrange(len(game.hands[s]))] = t
    elif what == "hand_twice" and len(game.hands[s]) > 1:
        game.hands[s][0] = game.hands[s][1]  # one id twice (the counts still follow)
    elif what == "show" and game.ruleset.name == "riichi":
        hs = game.state.hand
        hs.open_riichi[s] = not hs.open_riichi[s]
    elif what == "scores":
        game.ledger.accounts["points"][s] += r.choice((-1000, 1000))


def _every_edit(test: Any) -> Any:
    """Explicit examples besides the drawn ones: every edit, in every configuration."""
    for i, config in enumerate(CONFIGS):
        test = example(config=config, seed=i, steps=40, edits=list(EDITS), watch=[0, 1, 2, 3])(test)
    return test


@settings(max_examples=sized(30, 300), deadline=None)
@_every_edit
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 250),
    edits=st.lists(st.sampled_from(EDITS), max_size=6),
    watch=st.lists(st.integers(0, 3), min_size=1, max_size=4),
)
def test_the_kept_encoding_follows_any_change(
    config: tuple[str, str | None, dict[str, Any]],
    seed: int,
    steps: int,
    edits: list[str],
    watch: list[int],
) -> None:
    """Play ``steps`` random moves, encoding the ``watch`` seats now and then (so the kept
    encodings lag the table by a varying number of moves), then change the table
    directly, edit by edit: after each, every watched seat's kept encoding is the
    reference."""
    ruleset, preset, options = config
    table = EnvCore(ruleset, preset, options=options, episode="game")
    table.new_game(seed)
    game = table.game
    r = random.Random(seed)
    live = table.live
    seats = sorted({w % table.players for w in watch})
    for _ in range(steps):
        if game.over:
            break
        if r.random() < 0.3:
            live.encode(game, r.choice(seats))
        s = game.to_act()[0]
        game.step(s, r.choice(game.legal_actions(s)))
    for what in [None, *edits]:
        if what is not None:
            _edit(game, what, r, seats)
        for seat in seats:
            want = table.encoder.encode(game.view(seat))
            got = live.encode(game, seat)
            assert np.array_equal(got, want), (what, seat, _diff(table.encoder, want, got))


def _melds(game: Game) -> list[list[tuple[Any, ...]]]:
    return [[(m.type, list(m.tiles), m.called, m.from_seat) for m in ms] for ms in game.melds]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_game_counts_every_meld_change(config: tuple[str, str | None, dict[str, Any]]) -> None:
    """The live encoder compares the melds only when ``game.meld_moves`` moved: every
    change of any seat's melds (a call, a kong added to a pon, a robbed kong) moves it,
    and a step that changes none leaves it."""
    ruleset, preset, options = config
    changes = 0
    for seed in range(sized(6, 40)):
        table = EnvCore(ruleset, preset, options=options, episode="game")
        table.new_game(seed)
        game = table.game
        r = random.Random(seed)
        while not game.over and game.hand_number < 2:  # two hands (random games are long)
            before, moves, hand = _melds(game), game.meld_moves, game.hand_number
            s = game.to_act()[0]
            game.step(s, r.choice(game.legal_actions(s)))
            if game.hand_number != hand:
                continue  # a new hand's melds are new lists (the encoder starts afresh)
            changed = _melds(game) != before
            changes += changed
            assert (game.meld_moves != moves) == changed
    if ruleset != "suzume":  # (Suzume-Jong has no calls)
        assert changes > 0  # calls were made: the check above was exercised


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_extra_fields_are_the_extras_fields(config: tuple[str, str | None, dict[str, Any]]) -> None:
    """``Ruleset.extra_fields`` (what the live encoder reads) gives the fields of
    ``Ruleset.extra`` (what the view has), asked one by one and in the encoder's groups,
    for every viewer and a spectator, through the first hands of games. Riichi builds
    its marks in ``extra`` from ``extra_fields`` (one place), so those are also checked
    against the table itself: a seat is marked in riichi exactly when one of its
    discards carries the riichi flag (outside a window, once the declaring discard has
    passed)."""
    import dataclasses

    ruleset, preset, options = config
    table = EnvCore(ruleset, preset, options=options, episode="game")
    rules = table.rules
    names = (
        tuple(f.name for f in dataclasses.fields(rules.extra_class))
        if rules.extra_class is not None
        else ("kind",)
    )
    together = {"riichi": ("riichi", "open_riichi", "furiten"), "sichuan": ("void",)}
    declared = 0
    for seed in range(sized(2, 12)):
        table.new_game(seed)
        game = table.game
        r = random.Random(seed)
        policy = _Policy(rules, seed)  # (ready hands: riichi is declared)
        while not game.over and game.hand_number < 3:  # three hands (random games are long)
            for viewer in [None, *range(game.n)] if r.random() < 0.2 else ():
                extra = rules.extra(game, viewer)
                for name in names:
                    assert rules.extra_fields(game, viewer, (name,)) == (
                        getattr(extra, name, None),
                    )
                read = together.get(ruleset)
                if read:
                    assert rules.extra_fields(game, viewer, read) == tuple(
                        getattr(extra, n) for n in read
                    )
            if ruleset == "riichi" and game.window is None:
                marks = rules.extra_fields(game, None, ("riichi",))[0]
                for seat in range(game.n):
                    flagged = any(f & RIICHI for f in game.river_flags[seat])
                    assert (marks[seat] > 0) == flagged, (seat, marks, game.river_flags[seat])
                    declared += flagged
            s = game.to_act()[0]
            game.step(s, policy.choose(game, s))
    if ruleset == "riichi":
        assert declared > 0  # random play declared riichi: the check above was exercised


def test_the_seen_plane_counts_closed_kongs() -> None:
    """``seen`` is every copy the seat can see: its hand, rivers, melds (closed kongs, its
    own and others', included), indicators; the same count as the observation's (every
    state of the hand after a closed kong, for each seat), in the reference and the fast
    encoder alike."""
    enc = encoder("riichi", "tenhou")
    rules = get_ruleset("riichi", {"preset": "tenhou"})
    at = enc._plane_at["seen"] * enc.kinds
    checked = 0
    for seed in range(40):
        game = Game(rules, seed)
        bots = [make_agent("efficiency", seed=s, ruleset=rules) for s in range(4)]
        live = LiveEncoder(enc)
        kong_hand: int | None = None
        while not game.over:
            if kong_hand is not None:
                if game.hand_number != kong_hand:
                    break
                for seat in range(4):
                    obs = game.observation(seat)
                    counts = obs.seen()
                    for t in obs.hand:
                        counts[t.kind] += 1
                    want = np.minimum(np.array(counts[:34], dtype=np.float32), 4) / 4
                    assert np.array_equal(enc.encode(game.view(seat))[at : at + 34], want)
                    assert np.array_equal(live.encode(game, seat)[at : at + 34], want)
                    checked += 1
            seat = game.to_act()[0]
            action = bots[seat].act(game.observation(seat), game.legal_actions(seat))
            if action.type is A.ANKAN and kong_hand is None:
                kong_hand = game.hand_number
            game.step(seat, action)
        if kong_hand is not None:
            break
    assert checked > 0
