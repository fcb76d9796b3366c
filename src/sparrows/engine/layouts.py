"""Fixed, versioned action layouts: every action a family of rulesets can ever offer,
numbered once.

A layout's indices do not depend on a ruleset's options or on any iteration order: each
family's list is written out below in a fixed order (action type by type, tiles by their
codes), so a mask or a policy trained on one game means the same on every other game of
the family. A layout has a ``name``, a ``version`` and a :meth:`ActionLayout.fingerprint`
(a hash of its name, version and every action's code); a test pins each fingerprint, so a
change to a layout is deliberate and comes with a new version.

| layout | rulesets |
|---|---|
| ``suzume`` | Suzume-Jong |
| ``riichi4`` | riichi, four players (every preset but the house preset) |
| ``riichi3`` | riichi, three players (sanma) |
| ``riichi-house`` | riichi with the house preset's special tiles |
| ``chinese`` | Hong Kong and classical Chinese |
| ``sichuan`` | Sichuan bloody battle |
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from ..errors import NotationError
from ..tiles import Tile
from ..tiles.tile import Dialect, format_tile, house_set, riichi_set, sanma_set, suzume_set
from .actions import Action
from .actions import ActionType as A


class ActionLayout:
    """A numbered list of actions: ``index(action)``, ``action(i)``, ``mask(legal)``."""

    def __init__(self, name: str, version: int, actions: Iterable[Action]) -> None:
        unique: dict[int, Action] = {}
        for a in actions:
            unique.setdefault(a.code, a)
        self.name = name
        self.version = version
        self.actions: tuple[Action, ...] = tuple(unique.values())
        self._index = {a.code: i for i, a in enumerate(self.actions)}

    @property
    def size(self) -> int:
        return len(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def __repr__(self) -> str:
        return f"ActionLayout({self.name!r} v{self.version}, {self.size} actions)"

    def fingerprint(self) -> str:
        """A hash of the name, the version and every action's code, in order (16 hex
        digits): equal fingerprints, equal layouts."""
        text = f"{self.name}/{self.version}/" + ",".join(str(a.code) for a in self.actions)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def index(self, action: Action) -> int:
        try:
            return self._index[action.code]
        except KeyError:
            raise NotationError(f"{action} is not in the {self.name} action layout") from None

    def indices(self, actions: Iterable[Action]) -> tuple[int, ...]:
        return tuple(self.index(a) for a in actions)

    def action(self, index: int) -> Action:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise NotationError(f"action index must be 0-{self.size - 1}, not {index!r}")
        return self.actions[index]

    def action_to_string(self, index: int, dialect: Dialect = "mpsz") -> str:
        return self.action(index).to_string(dialect)

    def mask(self, legal: Sequence[Action]) -> list[bool]:
        """``size`` booleans, True at the legal actions' indices."""
        out = [False] * len(self.actions)
        for a in legal:
            out[self.index(a)] = True
        return out

    def mask_array(self, legal: Sequence[Action], dtype: str = "int8") -> Any:
        """The mask as a numpy array (needs numpy: the ``rl`` extra)."""
        import numpy as np  # type: ignore[import-not-found, unused-ignore]

        out = np.zeros(len(self.actions), dtype=dtype)
        for a in legal:
            out[self.index(a)] = 1
        return out

    def texts(self, dialect: Dialect = "mpsz") -> list[str]:
        """Every action's text, in index order."""
        return [a.to_string(dialect) for a in self.actions]


def _faces(tiles: Iterable[Tile]) -> list[Tile]:
    return sorted(set(tiles), key=lambda t: t.code)


def _by_kind(faces: Sequence[Tile]) -> dict[int, list[Tile]]:
    out: dict[int, list[Tile]] = {}
    for f in faces:
        out.setdefault(f.kind, []).append(f)
    return out


def _sets(faces: Sequence[Tile], size: int) -> list[tuple[Tile, ...]]:
    """Every multiset of ``size`` faces of each kind (a plain and a red five...)."""
    out = []
    for fs in _by_kind(faces).values():
        out += list(combinations_with_replacement(fs, size))
    return out


def _chis(faces: Sequence[Tile]) -> list[Action]:
    """Every pair of hand tiles that makes a run with a third: kinds a < b of one suit,
    b - a 1 or 2, every face of each."""
    by_kind = _by_kind(faces)
    out = []
    for a in range(27):
        for gap in (1, 2):
            b = a + gap
            if b // 9 != a // 9 or a not in by_kind or b not in by_kind:
                continue
            out += [Action(A.CHI, (x, y)) for x in by_kind[a] for y in by_kind[b]]
    return out


def _riichi(faces: list[Tile], chi: bool, extra: Sequence[Action]) -> list[Action]:
    out = [Action(A.DISCARD, f) for f in faces]
    out += [Action(A.RIICHI, f) for f in faces]
    out += [Action(A.OPEN_RIICHI, f) for f in faces]
    out += [Action(A.TSUMO), Action(A.RON), Action(A.PASS), Action(A.ABORT)]
    if chi:
        out += _chis(faces)
    out += [Action(A.PON, pair) for pair in _sets(faces, 2)]
    out += [Action(A.KAN, trio) for trio in _sets(faces, 3)]
    out += [Action(A.ANKAN, f) for f in faces]
    out += [Action(A.KAKAN, f) for f in faces]
    out += [Action(A.CONTINUE), Action(A.PASS_DEAL)]
    out += extra
    return out


def _suzume() -> ActionLayout:
    faces = _faces(suzume_set().tiles)
    actions = [Action(A.DISCARD, f) for f in faces]
    return ActionLayout("suzume", 1, [*actions, Action(A.TSUMO), Action(A.RON), Action(A.PASS)])


def _riichi4() -> ActionLayout:
    return ActionLayout("riichi4", 1, _riichi(_faces(riichi_set((1, 1, 1)).tiles), True, ()))


def _riichi3() -> ActionLayout:
    faces = _faces(sanma_set((0, 1, 1)).tiles)
    return ActionLayout("riichi3", 1, _riichi(faces, False, [Action(A.NUKI, Tile(30))]))


def _house() -> ActionLayout:
    faces = _faces(house_set().tiles)
    extra = [Action(A.TAKO_RIICHI, f) for f in faces]
    extra += [Action(A.KOKAN, choice=c) for c in ("chips", "han")]
    return ActionLayout("riichi-house", 1, _riichi(faces, True, extra))


def _chinese() -> ActionLayout:
    plain = [Tile(k) for k in range(34)]
    bonus = [Tile(k) for k in range(34, 42)]
    out = [Action(A.DISCARD, f) for f in plain + bonus]
    out += [Action(A.TSUMO), Action(A.RON), Action(A.PASS)]
    out += _chis(plain)
    out += [Action(A.PON, (f, f)) for f in plain]
    out += [Action(A.KAN, (f, f, f)) for f in plain]
    out += [Action(A.ANKAN, f) for f in plain + bonus]  # classical: four kept bonus tiles
    out += [Action(A.KAKAN, f) for f in plain]
    return ActionLayout("chinese", 1, out)


def _sichuan() -> ActionLayout:
    faces = [Tile(k) for k in range(27)]
    out = [Action(A.DISCARD, f) for f in faces]
    out += [Action(A.TSUMO), Action(A.RON), Action(A.PASS)]
    out += [Action(A.VOID, choice=c) for c in ("m", "p", "s")]
    out += [Action(A.PON, (f, f)) for f in faces]
    out += [Action(A.KAN, (f, f, f)) for f in faces]
    out += [Action(A.ANKAN, f) for f in faces]
    out += [Action(A.KAKAN, f) for f in faces]
    for base in (0, 9, 18):
        for combo in combinations_with_replacement(range(9), 3):
            out.append(Action(A.EXCHANGE, [Tile(base + n) for n in combo]))
    return ActionLayout("sichuan", 1, out)


#: Every family's layout builder, by layout name.
LAYOUTS: dict[str, Callable[[], ActionLayout]] = {
    "suzume": _suzume,
    "riichi4": _riichi4,
    "riichi3": _riichi3,
    "riichi-house": _house,
    "chinese": _chinese,
    "sichuan": _sichuan,
}


@cache
def layout(name: str) -> ActionLayout:
    """The action layout of that name (built once)."""
    try:
        return LAYOUTS[name]()
    except KeyError:
        raise NotationError(
            f"unknown action layout {name!r}; the layouts are {', '.join(LAYOUTS)}"
        ) from None


def describe(layout: ActionLayout, dialect: Dialect = "mpsz") -> list[str]:
    """One line per action: its index and text (tiles the dialect cannot write in mpsz)."""
    out = []
    for i, a in enumerate(layout.actions):
        try:
            text = a.to_string(dialect)
        except NotationError:
            text = " ".join([a.type.value, *(format_tile(t) for t in a.tiles)])
        out.append(f"{i}\t{text}")
    return out
