"""PPO from Ray RLlib (the new API stack of Ray 2.60) on the sparrows PettingZoo environment.

The Suzume-Jong AEC environment (``sparrows.envs.aec_env``; one hand an episode, rewards
in points) goes through RLlib's ``PettingZooEnv`` wrapper; all four seats share one
policy (self-play), and RLlib's action-masking module
(``ActionMaskingTorchRLModule``) keeps the policy to the legal actions.

That module reads the observation keys ``"observations"`` and ``"action_mask"`` while
sparrows gives ``"observation"`` and ``"action_mask"`` (PettingZoo's convention), so a
small PettingZoo wrapper (:class:`RLlibKeys`) renames the key and gives the mask as
float32.

Each iteration prints RLlib's mean episode return (the sum over the seats: 0, as points
only change hands), the mean per seat, the episode length and the time. At the end the
shared policy plays one seat against three random bots beside a random policy on the same
seeds (``--eval-hands``), and the reward per hand of both is printed.

Needs the extra ``rllib`` (``pip install -e '.[rllib]'``: Ray RLlib 2.60 and PyTorch).
Ray runs locally on two CPUs:

    python examples/rllib_pettingzoo.py --iterations 5
"""

from __future__ import annotations

import argparse
import logging
import os
import time
from typing import Any

# Ray 2.60 writes an authentication token for a local cluster unless told not to.
os.environ.setdefault("RAY_AUTH_MODE", "disabled")

import numpy as np
import ray
from gymnasium import spaces
from pettingzoo.utils import BaseWrapper
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
    ActionMaskingTorchRLModule,
)
from ray.tune.registry import register_env

from sparrows.envs import aec_env, gym_env

POLICY = "shared"  # one policy for every seat


class RLlibKeys(BaseWrapper):
    """Observations as RLlib's action-masking module reads them: ``{"observations":
    the encoding, "action_mask": float32}``."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        self._spaces = {}
        for agent in env.possible_agents:
            inner = env.observation_space(agent)
            n = inner["action_mask"].shape[0]
            self._spaces[agent] = spaces.Dict(
                {
                    "observations": inner["observation"],
                    "action_mask": spaces.Box(0.0, 1.0, (n,), dtype=np.float32),
                }
            )

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs = self.env.observe(agent)
        return {
            "observations": obs["observation"],
            "action_mask": obs["action_mask"].astype(np.float32),
        }


def make_env(config: dict[str, Any]) -> PettingZooEnv:
    env = aec_env(config.get("ruleset", "suzume"), episode="hand", reward="points")
    return PettingZooEnv(RLlibKeys(env))


def build(args: argparse.Namespace) -> Any:
    register_env("sparrows", make_env)
    config = (
        PPOConfig()
        .environment("sparrows", env_config={"ruleset": args.ruleset})
        .multi_agent(
            policies={POLICY},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: POLICY,
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    POLICY: RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={
                            "fcnet_hiddens": [128, 128],
                            "head_fcnet_hiddens": [64],
                            "vf_share_layers": True,
                        },
                    )
                }
            )
        )
        # one env runner beside the driver (which learns): two CPUs in all
        .env_runners(
            num_env_runners=1,
            num_envs_per_env_runner=args.envs,
            num_cpus_per_env_runner=1,
            # whole episodes in a batch (with episodes cut between batches, RLlib's summed
            # episode return drifted from 0 in one of our runs)
            batch_mode="complete_episodes",
        )
        .learners(num_learners=0)
        .training(
            train_batch_size_per_learner=args.batch,
            minibatch_size=min(256, args.batch),
            num_epochs=4,
            lr=3e-4,
            entropy_coeff=0.01,
        )
        .debugging(seed=args.seed)
    )
    return config.build_algo()


def evaluate(algo: Any, args: argparse.Namespace) -> None:
    """The shared policy (its most likely legal action) in one seat against three random
    bots, beside a uniformly random policy in the same seat on the same seeds, for
    ``--eval-hands`` hands (the seat turning round the table)."""
    import torch

    module = algo.get_module(POLICY)

    def trained(obs: dict[str, np.ndarray]) -> int:
        batch = {
            "obs": {
                "observations": torch.from_numpy(obs["observation"][None]),
                "action_mask": torch.from_numpy(obs["action_mask"][None].astype(np.float32)),
            }
        }
        with torch.no_grad():
            logits = module.forward_inference(batch)["action_dist_inputs"]
        return int(logits[0].argmax())

    rng = np.random.default_rng(args.seed)

    def uniform(obs: dict[str, np.ndarray]) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    players = len(aec_env(args.ruleset).possible_agents)
    envs = [gym_env(args.ruleset, seat=s, opponents="random") for s in range(players)]
    rewards: dict[str, list[float]] = {"trained": [], "random": []}
    for h in range(args.eval_hands):
        env = envs[h % len(envs)]
        for name, choose in (("trained", trained), ("random", uniform)):
            obs, _ = env.reset(seed=1_000_000_000 + h)
            total, done = 0.0, False
            while not done:
                obs, reward, done, _, _ = env.step(choose(obs))
                total += reward
            rewards[name].append(total)
    for name, values in rewards.items():
        a = np.asarray(values)
        half = 1.96 * a.std(ddof=1) / np.sqrt(len(a))
        print(
            f"  {name:8} reward per hand {a.mean():+.4f} ± {half:.4f} (95%), "
            f"hands won {np.mean(a > 0):.1%}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--batch", type=int, default=2000, help="env steps per iteration")
    parser.add_argument("--envs", type=int, default=4, help="environments per env runner")
    parser.add_argument("--eval-hands", type=int, default=300, help="0: no evaluation")
    parser.add_argument("--ruleset", default="suzume")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    # a Ray of its own (address="local"), even beside a cluster started with `ray start`
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.WARNING,
    )
    try:
        t = time.perf_counter()
        algo = build(args)
        print(
            f"PPO on {args.ruleset} (every seat, one shared policy), built in "
            f"{time.perf_counter() - t:.1f} s"
        )
        start = time.perf_counter()
        for i in range(1, args.iterations + 1):
            t = time.perf_counter()
            result = algo.train()
            runners = result["env_runners"]
            learner = result["learners"][POLICY]
            seats = runners.get("agent_episode_returns_mean", {})
            seat_text = " ".join(f"{seats[a]:+.3f}" for a in sorted(seats))
            print(
                f"iteration {i}: episode return mean {runners['episode_return_mean']:+.4f} "
                f"(per seat {seat_text}), episode length "
                f"{runners['episode_len_mean']:.1f}, {runners['num_episodes']} episodes, "
                f"{runners['num_env_steps_sampled']} env steps, entropy "
                f"{learner['entropy']:.3f}, {time.perf_counter() - t:.1f} s",
                flush=True,
            )
        print(f"Trained: {args.iterations} iteration(s) in {time.perf_counter() - start:.1f} s")
        if args.eval_hands:
            t = time.perf_counter()
            print(f"Evaluation: {args.eval_hands} hands against random bots, the same seeds:")
            evaluate(algo, args)
            print(f"  ({time.perf_counter() - t:.1f} s)")
        algo.stop()
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
