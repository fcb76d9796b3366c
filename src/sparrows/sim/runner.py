"""Self-play: play games with agents, seats rotated, locally in one or many processes."""

from __future__ import annotations

import math
import os
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Final

from ..agents import Agent, make_agent
from ..compiled import build
from ..engine import flow as fl
from ..engine.game import Game
from ..engine.observation import Phase
from ..engine.protocol import Ruleset
from ..rules import shared_ruleset


def play_game(ruleset: Ruleset, agents: Sequence[Agent], seed: int, record: bool = False) -> Game:
    """Play one game to the end; ``agents[s]`` plays seat ``s``."""
    watching = [a for a in agents if a.needs_game]
    game = Game(ruleset, seed, record=record or bool(watching))
    for seat, agent in enumerate(agents):
        agent.bind(ruleset)
        if agent.needs_game:
            agent.watch(game, seat)
    try:
        return _play(game, agents)
    finally:
        for agent in watching:
            agent.close()


def _play(game: Game, agents: Sequence[Agent]) -> Game:
    step, observation = game.step, game.observation
    over, turn = Phase.OVER, Phase.TURN
    blind = [not a.needs_observation for a in agents]
    acts = [a.act for a in agents]
    while True:
        phase = game.phase
        if phase is turn:  # one seat: the one on its turn
            seat = game.turn
            step(seat, acts[seat](None if blind[seat] else observation(seat), game.pending[seat]))
        elif phase is over:
            return game
        else:  # every seat asked answers; the last answer resolves the window. The legal
            # lists are the engine's own: read, never changed.
            for seat, legal in list(game.pending.items()):
                step(seat, acts[seat](None if blind[seat] else observation(seat), legal))


@dataclass
class GameSummary:
    """What the statistics need from one finished game, by seat."""

    agents: list[str]
    scores: list[int]
    places: list[int]
    hands: int
    draws: int
    wins: list[tuple[int, int | None, int, list[str]]]  # seat, from (None = tsumo), points, items
    deal_ins: list[int]  # the discarder of each hand won by ron (once per hand)
    counts: list[Counter[str]] = field(default_factory=list)  # per seat: ruleset counters
    #: the other accounts at the end (chips...): name -> per seat
    accounts: dict[str, list[int]] = field(default_factory=dict)


def _summarise(game: Game, names: Sequence[str]) -> GameSummary:
    wins = []
    deal_ins: dict[int, int] = {}  # hand -> discarder
    draws = 0
    counts: list[Counter[str]] = [Counter() for _ in range(game.n)]
    for r in game.hand_results:
        for name, per_seat in r.counts.items():  # the ruleset's own counters
            for seat, value in enumerate(per_seat):
                counts[seat][name] += value
        if r.kind in (fl.DRAW, fl.ABORT):
            draws += 1
        elif r.kind == fl.WIN and r.winner is not None:
            wins.append((r.winner, r.from_seat, r.points, list(r.items)))
            if r.from_seat is not None:
                deal_ins[r.hand] = r.from_seat
    return GameSummary(
        list(names),
        list(game.scores),
        game.ruleset.places(game.scores),
        game.hand_number + 1,
        draws,
        wins,
        list(deal_ins.values()),
        counts,
        {k: list(v) for k, v in game.ledger.accounts.items() if k != "points"},
    )


@dataclass(frozen=True)
class BatchConfig:
    """What every game of a run shares: the ruleset and options, the run's seed, and the
    seating scheme. ``duplicate``: each deal is played once per seat rotation (game ``i``
    plays deal ``i // n`` with the agents rotated ``i % n`` seats), so every agent sits
    in every seat of every deal and the luck of the tiles cancels out."""

    ruleset: str
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    duplicate: bool = False

    def seating(self, agent_names: Sequence[str], game: int) -> tuple[int, list[str]]:
        """The seed of game number ``game`` of the run and the agent in each seat."""
        n = len(agent_names)
        deal = game // n if self.duplicate else game
        return self.seed * 1_000_003 + deal, rotation(agent_names, game)


def rotation(agent_names: Sequence[str], game_index: int) -> list[str]:
    """Seat assignment of game ``game_index``: the agent list rotates one seat per game."""
    n = len(agent_names)
    r = game_index % n
    return [agent_names[(s - r) % n] for s in range(n)]


def _ruleset(config: BatchConfig) -> Ruleset:
    """The run's ruleset: one object per process (and its memo tables) for every game."""
    return shared_ruleset(config.ruleset, config.options)


def play_batch(
    config: BatchConfig, seeds: Sequence[int], agents: Sequence[str]
) -> list[GameSummary]:
    """The unit of work of every backend (one process, local processes, Ray tasks): play
    games number ``seeds`` of the run ``config`` (see :meth:`BatchConfig.seating`) with
    ``agents`` (names, in the seats of game 0) and summarise each. Framework-free and
    deterministic: the same arguments give the same summaries in any process."""
    ruleset = _ruleset(config)
    out = []
    for i in seeds:
        game_seed, names = config.seating(agents, i)
        bots = [
            make_agent(name, seed=(config.seed * 1_000_003 + i) * 4 + s, ruleset=ruleset)
            for s, name in enumerate(names)
        ]
        out.append(_summarise(play_game(ruleset, bots, game_seed), names))
    return out


#: the run, the agents, first game, end
Job = tuple[BatchConfig, list[str], int, int]


def _run_chunk(job: Job) -> list[GameSummary]:
    config, agent_names, first, stop = job
    return play_batch(config, range(first, stop), agent_names)


def _worker_init(parent: int) -> None:
    """Workers leave Ctrl-C and SIGTERM to the parent, which stops them, and end when
    the parent is gone however it ended (``kill -9`` included): the kernel sends them
    SIGTERM then (Linux), and a watcher thread checks the parent besides."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # ``parent`` is the pid the parent passed (read before the fork): a worker whose
    # parent died before it ran this would otherwise take its new parent (init) for it
    try:  # Linux: SIGTERM to this process when its parent dies
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before prctl took hold
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="sparrows-parent-watch", daemon=True).start()


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    # ProcessPoolExecutor has no public way to stop its workers before Python 3.14.
    procs = list((getattr(pool, "_processes", None) or {}).values())
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        proc.join(timeout=2)
    # Let the pool's manager thread finish now: left running into interpreter exit, its
    # wakeup pipe can be closed under concurrent.futures' exit hook (a CPython 3.11 race
    # that prints "Bad file descriptor" with a traceback after our output).
    if manager is not None and manager.is_alive():
        manager.join(timeout=5)


def drive(
    jobs: Iterator[Job],
    in_flight: int,
    submit: Callable[[Job], Any],
    wait_some: Callable[[list[Any]], list[tuple[Any, list[GameSummary]]]],
    stop: Callable[[list[Any]], None],
    absorb: Callable[[list[GameSummary]], None],
) -> None:
    """The one scheduling loop of every parallel backend (processes here, Ray tasks in
    :mod:`.distributed`): at most ``in_flight`` jobs submitted at once (jobs are made as
    they are needed), results absorbed in job order, so the statistics do not depend on
    which worker finished first. ``submit(job)`` gives a handle; ``wait_some(handles)``
    blocks until at least one is done and gives (handle, result) pairs. On any exception
    (Ctrl-C, SIGTERM, a worker's error) the results already back are absorbed,
    ``stop(the handles still pending)`` is called, and the exception goes on."""
    pending: dict[Any, int] = {}
    done_results: dict[int, list[GameSummary]] = {}
    numbered = enumerate(jobs)
    next_to_absorb = 0

    def refill() -> None:
        while len(pending) < in_flight:
            item = next(numbered, None)
            if item is None:
                return
            pending[submit(item[1])] = item[0]

    try:
        refill()
        while pending:
            for handle, result in wait_some(list(pending)):
                done_results[pending.pop(handle)] = result
            while next_to_absorb in done_results:
                absorb(done_results.pop(next_to_absorb))
                next_to_absorb += 1
            refill()
    except BaseException:
        for index in sorted(done_results):  # every finished game counts
            absorb(done_results[index])
        stop(list(pending))
        raise


def _run_parallel(
    jobs: Iterator[Job], workers: int, absorb: Callable[[list[GameSummary]], None]
) -> None:
    """Run the jobs in ``workers`` processes, two jobs in flight per worker (:func:`drive`);
    on an exception the workers are stopped."""
    pool = ProcessPoolExecutor(
        max_workers=workers, initializer=_worker_init, initargs=(os.getpid(),)
    )

    def wait_some(
        futures: list[Future[list[GameSummary]]],
    ) -> list[tuple[Any, list[GameSummary]]]:
        finished, _ = wait(futures, return_when=FIRST_COMPLETED)
        return [(f, f.result()) for f in finished]

    drive(
        jobs,
        2 * workers,
        lambda job: pool.submit(_run_chunk, job),
        wait_some,
        lambda pending: _stop_workers(pool),
        absorb,
    )
    pool.shutdown(wait=True)


def _mean_ci(
    total: float, squares: float, n: int, bounds: tuple[float, float] | None = None
) -> list[float]:
    """95% confidence interval of a mean from its sum and sum of squares (normal
    approximation; games are independent), clipped to ``bounds`` where the values have
    them (an average place lies between 1 and the number of seats)."""
    if n < 2:
        mean = total / max(n, 1)
        return [round(mean, 4), round(mean, 4)]
    mean = total / n
    var = max(squares - n * mean * mean, 0.0) / (n - 1)
    half = 1.959964 * math.sqrt(var / n)
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    return [round(low, 4), round(high, 4)]


def _wilson(k: int, n: int) -> list[float]:
    """95% Wilson score interval of a rate ``k / n``."""
    if n <= 0:
        return [0.0, 0.0]
    z = 1.959964
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def _quantiles(values: list[int]) -> dict[str, float]:
    """min, 10%, 25%, median, 75%, 90%, max of the final points (nearest rank)."""
    if not values:
        return {}
    ordered = sorted(values)
    last = len(ordered) - 1
    return {
        name: float(ordered[round(q * last)])
        for name, q in (
            ("min", 0.0),
            ("p10", 0.1),
            ("p25", 0.25),
            ("median", 0.5),
            ("p75", 0.75),
            ("p90", 0.9),
            ("max", 1.0),
        )
    }


def _histogram(values: dict[str, list[int]], bins: int = 20) -> dict[str, Any]:
    """Final points per agent counted in ``bins`` equal bins shared by every agent."""
    every = [v for vs in values.values() for v in vs]
    if not every:
        return {"edges": [], "counts": {}}
    low, high = min(every), max(every)
    if high == low:
        high = low + 1
    width = (high - low) / bins
    edges = [round(low + i * width, 3) for i in range(bins + 1)]
    counts = {}
    for name, vs in values.items():
        row = [0] * bins
        for v in vs:
            row[min(int((v - low) / width), bins - 1)] += 1
        counts[name] = row
    return {"edges": edges, "counts": counts}


@dataclass
class AgentStats:
    games: int = 0
    hands: int = 0
    points: int = 0
    points_sq: int = 0
    final_points: list[int] = field(default_factory=list)  # each game's, for distributions
    place_sum: int = 0
    place_sq: int = 0
    places: Counter[int] = field(default_factory=Counter)
    wins: int = 0
    tsumo: int = 0
    ron: int = 0
    dealt_in: int = 0
    win_points: int = 0
    items: Counter[str] = field(default_factory=Counter)
    counts: Counter[str] = field(default_factory=Counter)  # the ruleset's counters
    accounts: Counter[str] = field(default_factory=Counter)  # other accounts summed (chips)

    def to_json(
        self, start: int, ratios: dict[str, tuple[str, str]] | None = None, seats: int = 4
    ) -> dict[str, Any]:
        g = max(self.games, 1)
        h = max(self.hands, 1)
        return {
            "games": self.games,
            "average_points": round(self.points / g, 3),
            "average_points_ci95": _mean_ci(self.points, self.points_sq, self.games),
            "average_delta": round(self.points / g - start, 3),
            "average_rank": round(self.place_sum / g, 4),
            "average_rank_ci95": _mean_ci(
                self.place_sum, self.place_sq, self.games, (1.0, float(seats))
            ),
            "places": {str(k): v for k, v in sorted(self.places.items())},
            "points_quantiles": _quantiles(self.final_points),
            "win_rate": round(self.wins / h, 4),
            "win_rate_ci95": _wilson(self.wins, self.hands),
            "deal_in_rate": round(self.dealt_in / h, 4),
            "deal_in_rate_ci95": _wilson(self.dealt_in, self.hands),
            "tsumo_share": round(self.tsumo / max(self.wins, 1), 4),
            "ron_share": round(self.ron / max(self.wins, 1), 4),
            "average_win_points": round(self.win_points / max(self.wins, 1), 3),
            "items": dict(self.items.most_common()),
            "counts": dict(self.counts),
            "average_accounts": {k: round(v / g, 3) for k, v in sorted(self.accounts.items())},
            "ratios": {
                name: round(self.counts[top] / max(self.counts[bottom], 1), 4)
                for name, (top, bottom) in (ratios or {}).items()
            },
        }


@dataclass
class SimulationResult:
    ruleset: str
    agents: list[str]
    games: int
    hands: int
    draws: int
    seconds: float
    seed: int
    workers: int
    start_points: int
    per_agent: dict[str, AgentStats]
    item_frequency: Counter[str]
    games_requested: int = 0
    ratios: dict[str, tuple[str, str]] = field(default_factory=dict)  # the ruleset's
    duplicate: bool = False
    backend: str = "local"  # "local" (one or more processes here) or "ray"

    @property
    def complete(self) -> bool:
        return self.games >= self.games_requested

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "agents": self.agents,
            "games": self.games,
            "games_requested": self.games_requested,
            "complete": self.complete,
            "hands": self.hands,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands / self.seconds, 1) if self.seconds else None,
            "draw_rate": round(self.draws / max(self.hands, 1), 4),
            "wins_per_hand": round(
                sum(a.wins for a in self.per_agent.values()) / max(self.hands, 1), 4
            ),
            "seed": self.seed,
            "start_points": self.start_points,
            "duplicate": self.duplicate,
            "backend": self.backend,
            "workers": self.workers,
            "build": build(),
            "per_agent": {
                k: v.to_json(self.start_points, self.ratios, len(self.agents))
                for k, v in self.per_agent.items()
            },
            "points_histogram": _histogram({k: v.final_points for k, v in self.per_agent.items()}),
            "item_frequency_per_win": {
                k: round(v / max(sum(a.wins for a in self.per_agent.values()), 1), 4)
                for k, v in self.item_frequency.most_common()
            },
        }


class SimulationInterrupted(KeyboardInterrupt):
    """A simulation stopped by Ctrl-C or SIGTERM; ``partial`` holds every finished game."""

    def __init__(self, partial: SimulationResult, reason: str) -> None:
        super().__init__(reason)
        self.partial = partial
        self.reason = reason


#: the most games in one job: a local worker's, and a Ray task's (a task costs more to
#: send, schedule and return: on the 2-CPU head here, 3,200 compiled riichi games ran at
#: 73% and 77% of twice one worker's rate in tasks of 10 games, 79%, 82% and 88% in tasks
#: of 40, 85% in tasks of 80: single runs)
MOST_GAMES: Final = 10
MOST_GAMES_RAY: Final = 40


def chunk_size(games: int, workers: int, most: int = MOST_GAMES) -> int:
    """Games per job sent to a worker: small, so that progress shows from the first games
    and an interrupt loses little (at most ``most`` games a job), and at least four jobs
    per worker, so that every worker asked for gets work."""
    return max(1, min(most, games // (4 * max(workers, 1))))


def useful_workers(workers: int, games: int, chunk: int) -> int:
    """Processes worth starting: no more than the cores, nor than the chunks of work."""
    return max(1, min(workers, os.cpu_count() or 1, -(-games // chunk)))
