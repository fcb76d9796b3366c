"""Fingerprints of seeded self-play games, for comparing the pure-Python and compiled
builds (``tests/engine/test_builds.py`` runs this file with each build's interpreter).

Prints one JSON object: for each configuration (ruleset, options, agents), a SHA-256 over
every game's recorded events as a spectator sees them, the actions taken and the final
accounts, plus the build that produced it. Two builds that play identically print the same
digests."""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from sparrows.agents import make_agent
from sparrows.compiled import build
from sparrows.rules import get_ruleset
from sparrows.sim import play_game

#: (label, ruleset, options, agent, games)
CONFIGS: list[tuple[str, str, dict[str, Any], str, int]] = [
    ("suzume", "suzume", {}, "random", 6),
    ("suzume-efficiency", "suzume", {}, "efficiency", 3),
    ("riichi", "riichi", {"hanchan": False}, "random", 2),
    ("riichi-efficiency", "riichi", {"hanchan": False}, "efficiency", 2),
    ("riichi-tenhou", "riichi", {"preset": "tenhou", "hanchan": False}, "efficiency", 1),
    ("riichi-mahjongsoul", "riichi", {"preset": "mahjongsoul", "hanchan": False}, "random", 1),
    ("riichi-house", "riichi", {"preset": "cy-dealers-choice"}, "efficiency", 2),
    ("riichi-sanma", "riichi", {"preset": "tenhou-sanma", "hanchan": False}, "efficiency", 2),
    ("hongkong", "hongkong", {"max_hands": 6}, "random", 2),
    ("hongkong-efficiency", "hongkong", {"max_hands": 6}, "efficiency", 2),
    ("classical", "classical", {"max_hands": 6}, "efficiency", 2),
    ("classical-cuencana", "classical", {"preset": "cuencana", "max_hands": 6}, "random", 2),
    ("sichuan", "sichuan", {"hands": 4}, "efficiency", 2),
    ("sichuan-mil", "sichuan", {"preset": "mil", "hands": 4}, "random", 2),
]


def digest(rules_name: str, options: dict[str, Any], agent: str, games: int) -> str:
    rules = get_ruleset(rules_name, options)
    h = hashlib.sha256()
    for seed in range(games):
        agents = [make_agent(agent, seed * 10 + s, rules) for s in range(rules.num_players)]
        game = play_game(rules, agents, seed, record=True)
        h.update(json.dumps(game.events_for(None), sort_keys=True, default=str).encode())
        h.update(repr([(s, a.to_string(rules.dialect)) for s, a in game.actions]).encode())
        h.update(repr(sorted(game.ledger.accounts.items())).encode())
    return h.hexdigest()


def main() -> None:
    out: dict[str, Any] = {"build": build()}
    for label, name, options, agent, games in CONFIGS:
        out[label] = digest(name, options, agent, games)
    json.dump(out, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
