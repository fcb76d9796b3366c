"""``simulate``: many games of one ruleset played by named agents, seats rotated (or every
deal in every rotation), run in this process, in local processes (:mod:`.runner`) or as Ray
tasks (:mod:`.distributed`), and summarised as :class:`~.runner.SimulationResult`."""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..agents import make_agent
from ..engine.protocol import Ruleset
from ..errors import SparrowsError
from ..rules import get_ruleset
from .runner import (
    MOST_GAMES,
    MOST_GAMES_RAY,
    AgentStats,
    BatchConfig,
    GameSummary,
    Job,
    SimulationInterrupted,
    SimulationResult,
    _run_parallel,
    chunk_size,
    play_batch,
    useful_workers,
)

__all__ = ["simulate"]


class _Tally:
    """The statistics of a run so far, per agent and over all its games."""

    def __init__(self, total: int, progress: Callable[[int, int, float], None] | None) -> None:
        self.total = total  # games asked for
        self.progress = progress
        self.start = time.perf_counter()
        self.per_agent: dict[str, AgentStats] = defaultdict(AgentStats)
        self.items: Counter[str] = Counter()
        self.games = self.hands = self.draws = 0

    def absorb(self, summaries: list[GameSummary]) -> None:
        """Count finished games in, and tell ``progress``."""
        per_agent = self.per_agent
        for s in summaries:
            self.games += 1
            self.hands += s.hands
            self.draws += s.draws
            for seat, name in enumerate(s.agents):
                st = per_agent[name]
                st.games += 1
                st.hands += s.hands
                st.points += s.scores[seat]
                st.points_sq += s.scores[seat] ** 2
                st.final_points.append(s.scores[seat])
                st.place_sum += s.places[seat]
                st.place_sq += s.places[seat] ** 2
                st.places[s.places[seat]] += 1
                if s.counts:
                    st.counts.update(s.counts[seat])
                for account, values in s.accounts.items():
                    st.accounts[account] += values[seat]
            for seat, frm, points, its in s.wins:
                st = per_agent[s.agents[seat]]
                st.wins += 1
                st.win_points += points
                if frm is None:
                    st.tsumo += 1
                else:
                    st.ron += 1
                kinds = set(its)  # a share of wins: an item counts once per win
                st.items.update(kinds)
                self.items.update(kinds)
            for frm in s.deal_ins:  # once per discard, however many won on it
                per_agent[s.agents[frm]].dealt_in += 1
        if self.progress:
            self.progress(self.games, self.total, time.perf_counter() - self.start)


def _checked(
    ruleset_name: str,
    agent_names: Sequence[str],
    games: int,
    seed: int,
    workers: int,
    options: dict[str, Any],
    duplicate: bool,
) -> Ruleset:
    """The run's ruleset, once the seed, the counts, the options and the agents are
    known to be right (:class:`SparrowsError` naming what is not)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise SparrowsError(f"the seed must be a whole number >= 0, not {seed!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SparrowsError(f"the number of games must be at least 1, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise SparrowsError(f"workers must be at least 1, not {workers!r}")
    ruleset = get_ruleset(ruleset_name, options)  # validates name and options up front
    for name in agent_names:
        make_agent(name)
    if len(agent_names) != ruleset.num_players:
        raise SparrowsError(
            f"{ruleset_name} needs {ruleset.num_players} agents, got {len(agent_names)}"
        )
    if duplicate and games % ruleset.num_players:
        raise SparrowsError(
            f"a duplicate run plays each deal in all {ruleset.num_players} seat rotations: "
            f"the number of games must be a multiple of {ruleset.num_players}, not {games}"
        )
    return ruleset


def simulate(
    ruleset_name: str,
    agent_names: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int, float], None] | None = None,
    chunk: int | None = None,
    duplicate: bool = False,
    ray: str | None = None,
) -> SimulationResult:
    """Play ``games`` games, rotating the agents one seat per game, in up to ``workers``
    processes (capped by :func:`useful_workers`), or as Ray tasks when ``ray`` names a
    cluster (``"auto"``, an address, or ``"local"`` to start Ray on this machine with
    ``workers`` CPUs; see :mod:`.distributed`). ``duplicate`` plays each deal once per
    seat rotation (:class:`BatchConfig`). ``progress(done, total, seconds)`` is called as
    games finish. The same seed gives the same statistics with any number of workers and
    on any backend. Ctrl-C or SIGTERM raise :class:`SimulationInterrupted` carrying the
    statistics of every game that finished."""
    options = dict(options or {})
    ruleset = _checked(ruleset_name, agent_names, games, seed, workers, options, duplicate)
    if ray is None:
        size = chunk if chunk is not None else chunk_size(games, workers)
        workers = useful_workers(workers, games, size)
    tally = _Tally(games, progress)

    def result() -> SimulationResult:
        return SimulationResult(
            ruleset_name,
            list(agent_names),
            tally.games,
            tally.hands,
            tally.draws,
            time.perf_counter() - tally.start,
            seed,
            workers,
            ruleset.start_balances()["points"][0],
            dict(tally.per_agent),
            tally.items,
            games,
            dict(ruleset.stat_ratios),
            duplicate,
            "local" if ray is None else "ray",
        )

    config = BatchConfig(ruleset_name, options, seed, duplicate)

    def jobs(cpus: int, most: int = MOST_GAMES) -> Iterator[Job]:
        """The run cut into jobs for ``cpus`` workers (``chunk`` games each, if given)."""
        size = chunk if chunk is not None else chunk_size(games, cpus, most)
        names = list(agent_names)
        return ((config, names, i, min(i + size, games)) for i in range(0, games, size))

    try:
        if ray is not None:
            from .distributed import run_ray

            # (the jobs are cut once the cluster's CPUs are known)
            workers = run_ray(lambda cpus: jobs(cpus, MOST_GAMES_RAY), ray, workers, tally.absorb)
        elif workers <= 1:
            names = list(agent_names)
            for i in range(games):
                tally.absorb(play_batch(config, (i,), names))
        else:
            _run_parallel(jobs(workers), workers, tally.absorb)
    except KeyboardInterrupt as exc:
        raise SimulationInterrupted(result(), str(exc) or "interrupted") from None
    return result()
