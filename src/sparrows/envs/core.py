"""The one core of every environment (PettingZoo AEC and Parallel, Gymnasium): a game of
one ruleset with its claim windows asked as :data:`CLAIMS` says (by default only the
seats with a legal claim, as the peers ask them; or uniform claims: every seat but the
discarder answers every window), decisions with one legal action played by themselves
(``autoplay``), episodes of one hand or one game, observations from the seat's view,
masks in the family's fixed action layout, and rewards.

Framework-free (numpy only): :mod:`.pettingzoo_env` and :mod:`.gymnasium_env` wrap it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from ..engine.actions import Action
from ..engine.game import Game
from ..engine.observation import Phase
from ..engine.protocol import Ruleset
from ..errors import SparrowsError
from ..rules import shared_ruleset
from .encoding import Encoder, encoder_for
from .live import LiveEncoder

__all__ = ["CLAIMS", "EPISODES", "REWARDS", "EnvCore", "rules_of"]

#: How a claim window is asked. eligible: only the seats with a legal claim owe a
#: decision (the others are not asked; resolution still waits for every seat asked and
#: applies the ruleset's priorities, so no answer beats a higher claim by coming first);
#: uniform: every seat still playing but the one that played the tile owes a decision,
#: pass-only where it cannot claim (the web table's mode: whether a seat is asked tells
#: nothing about its hand).
CLAIMS = ("eligible", "uniform")

EPISODES = ("hand", "game")
#: points: every step, the change of the seat's points / the encoder's scale (the starting
#: score, or 100 where play starts at 0); chips: the change of its chips (the house
#: preset); placement: at the episode's end, +1 first .. -1 last (the game's places once
#: it is over; before, by the scores, equal scores sharing a place and its rewards:
#: :func:`placement_rewards`, zero-sum);
#: final: at the game's end, the ruleset's final figure (riichi: with oka and uma, in
#: thousands; elsewhere the points / scale).
REWARDS = ("points", "chips", "placement", "final")


def placement_rewards(places: Sequence[int]) -> list[float]:
    """+1 first .. -1 last, evenly spaced; seats sharing a place share the rewards of the
    positions they fill (so the rewards always sum to 0, and a hand in which every seat
    still shares the first place gives each 0)."""
    n = len(places)
    out = []
    for p in places:
        shared = sum(1 for q in places if q == p)  # positions p .. p + shared - 1
        # the mean of 1 - 2 (q - 1) / (n - 1) over them, as one exact numerator
        out.append((n - 2 * p - shared + 2) / (n - 1))
    return out


def end_rewards(
    rules: Ruleset, reward: str, places: Sequence[int], final: Sequence[float], scale: float
) -> list[float]:
    """The rewards at an episode's end (not an illegal action's): ``placement``, the
    places' (:func:`placement_rewards`); ``final``, the ruleset's final figures (riichi's
    with oka and uma, in thousands; elsewhere the points over ``scale``)."""
    if reward == "placement":
        return placement_rewards(places)
    unit = 1.0 if rules.name == "riichi" else scale
    return [float(v) / unit for v in final]


#: the engine's list for a seat that owes nothing (one object: its offer is kept too)
_NO_ACTIONS: Final[list[Action]] = []
_OVER: Final = Phase.OVER


def rules_of(ruleset: str, preset: str | None, options: dict[str, Any] | None) -> Ruleset:
    """The ruleset an environment plays: ``preset`` (if given) with ``options`` over it,
    through the one option builder; one object for every environment of the process
    with these options (:func:`~sparrows.rules.shared_ruleset`: its memo tables filled
    once, not once per table of a batch)."""
    given = dict(options or {})
    if preset:
        given["preset"] = preset
    return shared_ruleset(ruleset, given)


class EnvCore:
    """A ruleset's game driven by seat and action index."""

    def __init__(
        self,
        ruleset: str = "suzume",
        preset: str | None = None,
        options: dict[str, Any] | None = None,
        episode: str = "hand",
        reward: str = "points",
        illegal_reward: float = -1.0,
        claims: str = "eligible",
        autoplay: bool | None = None,
    ) -> None:
        self.rules = rules_of(ruleset, preset, options)
        if claims not in CLAIMS:
            raise SparrowsError(f"claims must be one of {', '.join(CLAIMS)}, not {claims!r}")
        self.claims = claims
        self._ask_all = claims == "uniform"
        #: a decision with exactly one legal action (a forced discard after riichi, a
        #: pass-only answer) is played by the table itself: on by default with eligible
        #: claims, off with uniform ones
        self.autoplay = claims == "eligible" if autoplay is None else bool(autoplay)
        if episode not in EPISODES:
            raise SparrowsError(f"episode must be one of {', '.join(EPISODES)}, not {episode!r}")
        if reward not in REWARDS:
            raise SparrowsError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if reward == "final" and episode != "game":
            raise SparrowsError('reward="final" needs episode="game"')
        self.episode = episode
        self._one_hand = episode == "hand"
        self.reward = reward
        self.illegal_reward = float(illegal_reward)
        self.encoder: Encoder = encoder_for(self.rules)
        #: the encodings kept between observations (the fast path; the same arrays as
        #: ``encoder.encode(game.view(seat))``)
        self.live: LiveEncoder = self.encoder.live()
        self.layout = self.rules.layout
        self.players = self.rules.num_players
        #: games with their events (an opponent that follows them: an mjai bot)
        self.record = False
        self.game: Game = Game(self.rules, 0, record=False, ask_all=self._ask_all)
        if reward == "chips" and "chips" not in self.game.ledger.accounts:
            raise SparrowsError(f'reward="chips": the {ruleset} table plays no chips')
        self._zero_mask = np.zeros(self.layout.size, dtype=np.int8)
        self._index = {a.code: i for i, a in enumerate(self.layout.actions)}
        self.illegal: int | None = None  # the seat that played an illegal action
        self._last: list[int] = []
        self._moves = 0
        #: every action's text in the ruleset's notation, by layout index (the infos' lists)
        self._text_at = self.layout.texts(self.rules.dialect)
        # per seat: (the engine's list of its legal actions, a copy, its mask, its texts),
        # kept while the engine offers the seat that same list object (a claim window's
        # other seats keep theirs while one answers). Read from the game each time, so it
        # holds whoever steps the game (the Gymnasium env's bots step it directly).
        self._offers: dict[int, tuple[list[Action], list[Action], Any, list[str]]] = {}

    # ------------------------------------------------------------------ the game
    def new_game(self, seed: int, walls: Sequence[Sequence[int]] | None = None) -> None:
        """A new game from ``seed`` (``walls``: the hands' tile orders instead, as
        :class:`~sparrows.engine.game.Game` takes them)."""
        self.game = Game(self.rules, seed, record=self.record, ask_all=self._ask_all, walls=walls)
        self.illegal = None
        self._last = self._account()
        self._moves = 0  # the game's ledger moves when ``_last`` was read
        if self.autoplay:
            self.play_forced()

    def step_game(self, seat: int, action: Action) -> None:
        """Apply one of ``seat``'s legal actions (the engine's own object or an equal one),
        then, with ``autoplay``, every decision that has only one legal action."""
        self.game.step(seat, action)
        if self.autoplay:
            self.play_forced()

    def play_forced(self) -> None:
        """Play every awaited decision that has exactly one legal action, until none is
        left or the episode ends (their rewards stay in the accounts: the next
        :meth:`rewards` gives them)."""
        game = self.game
        while not self.done:
            declared = game.declared
            forced = [
                (s, a[0]) for s, a in game.pending.items() if len(a) == 1 and s not in declared
            ]
            if not forced:
                return
            for seat, action in forced:
                if self.done:
                    return
                game.step(seat, action)

    def _account(self) -> list[int]:
        name = "chips" if self.reward == "chips" else "points"
        return list(self.game.ledger.accounts[name])

    @property
    def done(self) -> bool:
        """The episode is over: the game's end, or the first hand's (episode="hand"), or
        an illegal action."""
        game = self.game
        if self.illegal is not None or game.phase is _OVER:
            return True
        return self._one_hand and game.hand_number > 0

    def to_act(self) -> list[int]:
        return [] if self.done else self.game.to_act()

    def _offer(self, seat: int) -> tuple[list[Action], list[Action], Any, list[str]]:
        """``seat``'s entry of ``_offers`` (made now if the engine's list is new)."""
        game = self.game
        source = _NO_ACTIONS
        if not self.done and seat not in game.declared:
            source = game.pending.get(seat, source)
        kept = self._offers.get(seat)
        if kept is not None and kept[0] is source:
            return kept
        legal = list(source)
        mask = self._zero_mask.copy()
        index, text_at = self._index, self._text_at
        texts = []
        for a in legal:  # (cell by cell: faster than numpy's indexing by a list, measured)
            i = index[a.code]
            mask[i] = 1
            texts.append(text_at[i])
        kept = self._offers[seat] = (source, legal, mask, texts)
        return kept

    def legal(self, seat: int) -> list[Action]:
        """``seat``'s legal actions now (empty when it owes no decision; not to be changed)."""
        return self._offer(seat)[1]

    def mask(self, seat: int) -> Any:
        """``seat``'s action mask (a new array; all zero when it owes no decision)."""
        return self._offer(seat)[2].copy()

    def observe(self, seat: int) -> dict[str, Any]:
        return {
            "observation": self.live.encode(self.game, seat),
            "action_mask": self.mask(seat),
        }

    def info(self, seat: int) -> dict[str, Any]:
        """``seat``'s info, as every environment gives it: ``{"legal_actions": its legal
        actions as text}`` (a new list, empty when it owes no decision), and
        ``"illegal_action": True`` for the seat that played an illegal action."""
        return self.infos(["seat"], {"seat": seat})["seat"]

    def infos(
        self, agents: list[str], seats: dict[str, int], acting: list[int] | None = None
    ) -> dict[str, dict[str, Any]]:
        """:meth:`info` of each agent's seat (``seats[agent]``), by agent. ``acting``:
        :meth:`to_act`, when the caller has it (the others' texts are empty: not looked
        up)."""
        if acting is None:
            acting = self.to_act()
        illegal = self.illegal
        out: dict[str, dict[str, Any]] = {}
        for agent in agents:
            seat = seats[agent]
            out[agent] = {"legal_actions": list(self._offer(seat)[3]) if seat in acting else []}
            if seat == illegal:
                out[agent]["illegal_action"] = True
        return out

    def play(self, seat: int, index: Any) -> bool:
        """Apply action ``index`` of the layout for ``seat``; False (and the episode ends,
        ``illegal`` names the seat) when it is not legal now."""
        legal = self.legal(seat)
        try:
            code = self.layout.action(int(index)).code
        except (SparrowsError, ValueError, TypeError, IndexError):
            code = -1
        for action in legal:
            if action.code == code:
                self.step_game(seat, action)  # the engine's own object: found at once
                return True
        self.illegal = seat
        return False

    # ------------------------------------------------------------------ rewards
    def rewards(self) -> list[float]:
        """Each seat's reward for what happened since the last call."""
        n = self.players
        if self.illegal is not None:
            out = [0.0] * n
            out[self.illegal] = self.illegal_reward
            return out
        moves = len(self.game.move_log)  # (the accounts move only by the game's moves)
        if moves == self._moves and not self.done:  # most steps: nothing moved
            return [0.0] * n
        self._moves = moves
        now = self._account()
        out = [0.0] * n
        if self.reward in ("points", "chips"):
            unit = self.encoder.scale if self.reward == "points" else 1.0
            out = [(now[s] - self._last[s]) / unit for s in range(n)]
        self._last = now
        if self.done and self.reward in ("placement", "final"):
            returns = self.rules.returns(self.game)  # (the game's own places, once over)
            scale = self.encoder.scale
            out = end_rewards(self.rules, self.reward, returns.places, returns.final, scale)
        return out
