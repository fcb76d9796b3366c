"""Which build of sparrows is running: pure Python, or the optional compiled build.

The compiled build (``make fast``; see docs/development.md) compiles the hot modules listed in
:data:`MODULES` with mypyc, which already type-checks this code. The ``.py`` files stay the
source and the fallback: a plain install runs them as they are, and ``make test`` runs the
suite on both builds and checks that seeded games give identical records. ``setup.py``
reads :data:`MODULES` from this file (without importing the package), so the list lives
in one place.

Rules for code in these modules (mypyc's, checked when the build runs): a subclass may not
narrow the type of an attribute its base declares; an interpreted class may not extend a
compiled one (so options dataclasses and the plug-in base :class:`Ruleset` stay
interpreted); nothing patches their attributes at run time.
"""

from __future__ import annotations

import importlib.util

#: The modules the compiled build compiles: the engine's turn loop, hand analysis, the
#: advice and the bots, each ruleset's game and scoring code, and the research
#: environments' encoder (it imports numpy, which the build's environment has: the ``rl``
#: extra is in ``dev``).
MODULES: tuple[str, ...] = (
    "sparrows.engine.actions",
    "sparrows.engine.board",
    "sparrows.engine.clone",
    "sparrows.engine.flow",
    "sparrows.engine.game",
    "sparrows.engine.ledger",
    "sparrows.engine.memo",
    "sparrows.engine.observation",
    "sparrows.engine.wall",
    "sparrows.analysis.decompose",
    "sparrows.analysis.shanten",
    "sparrows.analysis.waits",
    "sparrows.advice.base",
    "sparrows.advice.hongkong",
    "sparrows.advice.riichi",
    "sparrows.advice.sichuan",
    "sparrows.advice.suzume",
    "sparrows.agents.efficiency",
    "sparrows.agents.random_agent",
    "sparrows.rules.calls",
    "sparrows.rules.chinese.game",
    "sparrows.rules.classical.ruleset",
    "sparrows.rules.classical.scoring",
    "sparrows.rules.hongkong.ruleset",
    "sparrows.rules.hongkong.scoring",
    "sparrows.rules.riichi.fu",
    "sparrows.rules.riichi.game",
    "sparrows.rules.riichi.house.play",
    "sparrows.rules.riichi.settlement",
    "sparrows.rules.riichi.table",
    "sparrows.rules.riichi.hand",
    "sparrows.rules.riichi.house.scoring",
    "sparrows.rules.riichi.points",
    "sparrows.rules.riichi.scoring",
    "sparrows.rules.riichi.yaku",
    "sparrows.rules.sichuan.ruleset",
    "sparrows.rules.sichuan.scoring",
    "sparrows.rules.suzume.ruleset",
    "sparrows.rules.suzume.scoring",
    "sparrows.rules.wins",
    "sparrows.envs.layout",
    "sparrows.envs.live",
    "sparrows.envs.encoding",
    "sparrows.envs.core",
    "sparrows.envs.batch",
    "sparrows.envs.arrays",
)

_NATIVE = (".so", ".pyd")


def compiled_modules() -> list[str]:
    """The modules of :data:`MODULES` that this installation loads from a compiled
    extension (none in a pure-Python install)."""
    out = []
    for name in MODULES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin is not None and spec.origin.endswith(_NATIVE):
            out.append(name)
    return out


def build() -> str:
    """``"compiled"`` (every module of :data:`MODULES` compiled), ``"pure"`` (none) or
    ``"partial"`` (some: a build out of step with the source list)."""
    got = len(compiled_modules())
    return "pure" if got == 0 else "compiled" if got == len(MODULES) else "partial"


def label() -> str:
    """A short label for reports: ``pure Python`` or ``compiled (mypyc)``."""
    return {"pure": "pure Python", "compiled": "compiled (mypyc)"}.get(
        build(), "partially compiled (rebuild with `make fast`)"
    )
