"""Train a small policy for Suzume-Jong with numpy alone, then compare it with random play.

The learning seat plays through ``sparrows.envs.gym_env`` (one seat learns, sparrows bots
play the other three: the ``random`` bot, or ``--opponents efficiency``). The policy is a
one-hidden-layer network over the seat's encoding (``docs/envs.md``, "Encoders") with a
softmax restricted to the legal actions by the action mask, trained with REINFORCE and a
learned value baseline (Adam, plain numpy). Each training episode is one hand (the first
hand of a new game), with the learning seat turning round the four seats.

With ``--batch N`` it trains by self-play instead: ``sparrows.envs.batch_env`` steps N
tables with one call (Suzume's tables held as arrays: ``vectorised=True``), every seat of
every table played by the policy, and each seat's decisions of a hand are credited with
that seat's rewards from then to the hand's end.

Afterwards both the trained policy (its most likely legal action) and a uniformly random
policy play the same whole games in the same seat against the same bots (the same
seeds: the same walls and the same bots' generators), and the script prints points per
game with 95% confidence intervals, hands won and first places. Nothing is asserted: the
figures are printed as they come out.

    python examples/suzume_policy.py                 # 3 minutes of training
    python examples/suzume_policy.py --seconds 20 --eval-games 20
    python examples/suzume_policy.py --batch 64      # self-play over 64 tables at once
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass

import numpy as np

from sparrows.envs import batch_env, gym_env

RULESET = "suzume"
PLAYERS = 4
STARTING_POINTS = 40  # each seat's points at the start of a Suzume game
EVAL_SEED_BASE = 1_000_000_000  # evaluation games' seeds (training hand i: --seed * 1e7 + i)


# --------------------------------------------------------------------------- the policy
class Policy:
    """A one-hidden-layer network: tanh hidden units, a softmax head over the action
    layout (illegal actions masked out) and a value head (the baseline)."""

    def __init__(self, n_in: int, n_actions: int, hidden: int, rng: np.random.Generator):
        self.params = {
            "W1": rng.normal(0.0, 1.0 / math.sqrt(n_in), (n_in, hidden)),
            "b1": np.zeros(hidden),
            "Wp": rng.normal(0.0, 0.01, (hidden, n_actions)),
            "bp": np.zeros(n_actions),
            "Wv": np.zeros((hidden, 1)),
            "bv": np.zeros(1),
        }

    def forward(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, ...]:
        """Action probabilities (rows of ``x``), values and the hidden layer."""
        p = self.params
        h = np.tanh(x @ p["W1"] + p["b1"])
        logits = h @ p["Wp"] + p["bp"]
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        probs = e / e.sum(axis=-1, keepdims=True)
        values = (h @ p["Wv"] + p["bv"])[:, 0]
        return probs, values, h

    def act(self, obs: dict, rng: np.random.Generator, greedy: bool = False) -> int:
        x = obs["observation"][None, :].astype(np.float64)
        probs, _, _ = self.forward(x, obs["action_mask"][None, :])
        if greedy:
            return int(np.argmax(probs[0]))
        return int(rng.choice(len(probs[0]), p=probs[0]))

    def gradients(
        self,
        x: np.ndarray,
        mask: np.ndarray,
        actions: np.ndarray,
        returns: np.ndarray,
        entropy_coef: float,
        value_coef: float,
    ) -> dict[str, np.ndarray]:
        """The gradient of the loss (policy gradient with the value as baseline, plus the
        value's squared error, minus an entropy bonus), averaged over the batch."""
        p = self.params
        n = len(actions)
        probs, values, h = self.forward(x, mask)
        advantages = returns - values
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)

        # d(-log pi(a) * A)/d logits = (pi - onehot(a)) * A
        onehot = np.zeros_like(probs)
        onehot[np.arange(n), actions] = 1.0
        d_logits = (probs - onehot) * advantages[:, None]
        # the entropy bonus: d(-H)/d logits = pi * (log pi + H), over the legal actions
        logp = np.log(np.where(probs > 0, probs, 1.0))
        entropy = -(probs * logp).sum(axis=1, keepdims=True)
        d_logits += entropy_coef * probs * (logp + entropy)
        d_logits /= n
        d_values = value_coef * 2.0 * (values - returns)[:, None] / n

        grads = {
            "Wp": h.T @ d_logits,
            "bp": d_logits.sum(axis=0),
            "Wv": h.T @ d_values,
            "bv": d_values.sum(axis=0),
        }
        d_h = d_logits @ p["Wp"].T + d_values @ p["Wv"].T
        d_pre = d_h * (1.0 - h * h)
        grads["W1"] = x.T @ d_pre
        grads["b1"] = d_pre.sum(axis=0)
        return grads


class Adam:
    def __init__(self, params: dict[str, np.ndarray], lr: float):
        self.lr = lr
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        b1, b2 = 0.9, 0.999
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            m_hat = self.m[k] / (1 - b1**self.t)
            v_hat = self.v[k] / (1 - b2**self.t)
            params[k] -= self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


# --------------------------------------------------------------------------- training
def play_hand(env, policy: Policy, seed: int, rng: np.random.Generator):
    """One training episode: the observations, masks, actions and each decision's
    return (every reward from that decision to the end of the hand)."""
    obs, _ = env.reset(seed=seed)
    xs, masks, actions, rewards = [], [], [], []
    done = False
    while not done:
        action = policy.act(obs, rng)
        xs.append(obs["observation"])
        masks.append(obs["action_mask"])
        actions.append(action)
        obs, reward, done, _, _ = env.step(action)
        rewards.append(reward)
    returns = np.cumsum(rewards[::-1])[::-1]  # no discount within a hand
    return xs, masks, actions, returns, sum(rewards)


def train(args: argparse.Namespace, policy: Policy, rng: np.random.Generator) -> dict:
    envs = [
        gym_env(RULESET, seat=s, opponents=args.opponents, episode="hand") for s in range(PLAYERS)
    ]
    opt = Adam(policy.params, args.lr)
    budget = args.seconds if args.seconds is not None else 60.0 * args.minutes
    start = time.perf_counter()
    next_report = start + args.report_every
    hands = decisions = updates = 0
    recent: list[float] = []
    while time.perf_counter() - start < budget:
        batch = {"x": [], "mask": [], "a": [], "G": []}
        for _ in range(args.batch_hands):
            env = envs[hands % PLAYERS]  # the learning seat turns round the table
            seed = args.seed * 10_000_000 + hands
            xs, masks, acts, returns, total = play_hand(env, policy, seed, rng)
            batch["x"] += xs
            batch["mask"] += masks
            batch["a"] += acts
            batch["G"].append(returns)
            recent.append(total)
            hands += 1
            decisions += len(acts)
        grads = policy.gradients(
            np.asarray(batch["x"], dtype=np.float64),
            np.asarray(batch["mask"]),
            np.asarray(batch["a"]),
            np.concatenate(batch["G"]),
            args.entropy,
            value_coef=0.5,
        )
        opt.step(policy.params, grads)
        updates += 1
        now = time.perf_counter()
        if now >= next_report:
            print(
                f"  {now - start:6.0f} s  {hands:6d} hands  "
                f"reward per hand (last {len(recent)}) {np.mean(recent):+.4f}",
                flush=True,
            )
            recent = []
            next_report = now + args.report_every
    seconds = time.perf_counter() - start
    return {"hands": hands, "decisions": decisions, "updates": updates, "seconds": seconds}


def train_batch(args: argparse.Namespace, policy: Policy, rng: np.random.Generator) -> dict:
    """Self-play through ``batch_env``: ``args.batch`` tables stepped together, every
    seat the policy; an update every ``args.batch_hands`` finished hands."""
    env = batch_env(RULESET, args.batch, episode="hand", seed=args.seed, vectorised=True)
    n = args.batch
    opt = Adam(policy.params, args.lr)
    budget = args.seconds if args.seconds is not None else 60.0 * args.minutes
    # per table and seat, the hand so far: its decisions and the reward after each
    open_hands = [[([], []) for _ in range(PLAYERS)] for _ in range(n)]
    done_x, done_mask, done_a, done_g = [], [], [], []
    obs, mask, seat = env.reset()
    start = time.perf_counter()
    next_report = start + args.report_every
    hands = decisions = updates = 0
    while time.perf_counter() - start < budget:
        probs, _, _ = policy.forward(obs.astype(np.float64), mask)
        cumulative = probs.cumsum(axis=1)
        draws = rng.random((n, 1)) * cumulative[:, -1:]  # a legal action per row, by probs
        actions = (cumulative <= draws).sum(axis=1)
        actions = np.where(
            mask[np.arange(n), actions.clip(0, probs.shape[1] - 1)] > 0,
            actions,
            probs.argmax(axis=1),
        )
        for i in range(n):
            steps, _ = open_hands[i][seat[i]]
            steps.append((obs[i], mask[i], int(actions[i])))
            open_hands[i][seat[i]][1].append(0.0)
        decisions += n
        step = env.step(actions)
        for i in range(n):
            for s in range(PLAYERS):
                after = open_hands[i][s][1]
                if after:  # the reward goes to the seat's latest decision
                    after[-1] += float(step.rewards[i, s])
            if step.terminated[i]:
                for steps, after in open_hands[i]:
                    if steps:
                        done_x += [x for x, _, _ in steps]
                        done_mask += [m for _, m, _ in steps]
                        done_a += [a for _, _, a in steps]
                        done_g.append(np.cumsum(after[::-1])[::-1])
                open_hands[i] = [([], []) for _ in range(PLAYERS)]
                hands += 1
        obs, mask, seat = step.obs, step.mask, step.seat
        if len(done_g) >= args.batch_hands * PLAYERS:
            grads = policy.gradients(
                np.asarray(done_x, dtype=np.float64),
                np.asarray(done_mask),
                np.asarray(done_a),
                np.concatenate(done_g),
                args.entropy,
                value_coef=0.5,
            )
            opt.step(policy.params, grads)
            updates += 1
            done_x, done_mask, done_a, done_g = [], [], [], []
        now = time.perf_counter()
        if now >= next_report:
            print(f"  {now - start:6.0f} s  {hands:6d} hands (self-play)", flush=True)
            next_report = now + args.report_every
    seconds = time.perf_counter() - start
    return {"hands": hands, "decisions": decisions, "updates": updates, "seconds": seconds}


# --------------------------------------------------------------------------- evaluation
@dataclass
class GameResult:
    points: float  # the seat's points change over the game
    hands: int  # hands played
    won: int  # hands the seat won
    dealt_in: int  # hands the seat lost by its discard
    first: bool  # first place (ties included)


def play_game(env, choose, seed: int) -> GameResult:
    """A whole game in ``env``'s seat; ``choose(obs)`` gives the seat's actions."""
    obs, _ = env.reset(seed=seed)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(choose(obs))
    game, seat = env.table.game, env.seat
    wins = [r for r in game.hand_results if r.kind == "win"]
    return GameResult(
        points=float(game.scores[seat] - STARTING_POINTS),
        hands=len(game.hand_results),
        won=sum(r.winner == seat for r in wins),
        dealt_in=sum(r.from_seat == seat and r.winner != seat for r in wins),
        first=env.table.rules.returns(game).places[seat] == 1,
    )


def mean_ci(values) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal)."""
    a = np.asarray(values, dtype=np.float64)
    half = 1.96 * a.std(ddof=1) / math.sqrt(len(a)) if len(a) > 1 else float("nan")
    return float(a.mean()), half


def share_ci(k: int, n: int) -> str:
    """k of n as a share with its 95% Wilson interval."""
    z = 1.96
    centre = (k + z * z / 2) / (n + z * z)
    half = z * math.sqrt(k * (n - k) / n + z * z / 4) / (n + z * z)
    return f"{k / n:5.1%} [{centre - half:5.1%}, {centre + half:5.1%}]"


def evaluate(args: argparse.Namespace, policy: Policy) -> dict[str, list[GameResult]]:
    envs = [
        gym_env(RULESET, seat=s, opponents=args.opponents, episode="game") for s in range(PLAYERS)
    ]
    rng = np.random.default_rng(args.seed + 1)
    players = {
        "trained": lambda obs: policy.act(obs, rng, greedy=True),
        "random": lambda obs: int(rng.choice(np.flatnonzero(obs["action_mask"]))),
    }
    results: dict[str, list[GameResult]] = {name: [] for name in players}
    for g in range(args.eval_games):
        env = envs[g % PLAYERS]
        for name, choose in players.items():
            results[name].append(play_game(env, choose, EVAL_SEED_BASE + g))
    return results


def report(results: dict[str, list[GameResult]], opponents: str, seconds: float) -> None:
    games = len(results["trained"])
    print(
        f"\nEvaluation: {games} games per policy, each against 3 {opponents} bots, on the same "
        f"seeds (the seat turning round the table), {seconds:.0f} s; "
        f"95% intervals in brackets or after ±"
    )
    for name, rs in results.items():
        hands = sum(r.hands for r in rs)
        points, points_ci = mean_ci([r.points for r in rs])
        print(
            f"  {name:8} points per game {points:+6.2f} ± {points_ci:4.2f}   "
            f"hands won {share_ci(sum(r.won for r in rs), hands)} of {hands}   "
            f"dealt in {sum(r.dealt_in for r in rs) / hands:5.1%}   "
            f"first place {share_ci(sum(r.first for r in rs), games)}"
        )
    diff, diff_ci = mean_ci(
        [a.points - b.points for a, b in zip(results["trained"], results["random"], strict=True)]
    )
    print(
        f"  trained - random, paired by game: {diff:+.2f} ± {diff_ci:.2f} points per game "
        f"(a game starts at {STARTING_POINTS} points a seat)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time")
    parser.add_argument("--seconds", type=float, help="training time (instead of --minutes)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-games", type=int, default=300, help="whole games per policy")
    parser.add_argument(
        "--opponents", default="random", choices=["random", "efficiency"], help="the bots"
    )
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--batch-hands", type=int, default=32, help="hands per update")
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus")
    parser.add_argument("--report-every", type=float, default=20.0, help="seconds")
    parser.add_argument(
        "--batch", type=int, default=0, help="train by self-play over this many tables at once"
    )
    args = parser.parse_args(argv)

    rng = np.random.default_rng(args.seed)
    probe = gym_env(RULESET)
    n_in = probe.observation_space["observation"].shape[0]
    n_actions = probe.action_space.n
    policy = Policy(n_in, n_actions, args.hidden, rng)
    budget = args.seconds if args.seconds is not None else 60 * args.minutes
    against = (
        f"by self-play over {args.batch} tables"
        if args.batch
        else (f"against 3 {args.opponents} bots")
    )
    print(
        f"Training on {RULESET}: {n_in} features, {n_actions} actions, {args.hidden} hidden "
        f"units, {against}, for {budget:.0f} s"
    )
    trained = (train_batch if args.batch else train)(args, policy, rng)
    print(
        f"Trained: {trained['hands']} hands ({trained['decisions']} decisions, "
        f"{trained['updates']} updates) in {trained['seconds']:.1f} s"
    )
    start = time.perf_counter()
    results = evaluate(args, policy)
    report(results, args.opponents, time.perf_counter() - start)


if __name__ == "__main__":
    main()
