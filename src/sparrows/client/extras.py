"""Each ruleset's own facts in a view (:attr:`sparrows.client.View.extra`), typed.

A field marked ``private`` is the viewer's own (``None`` in a spectator's view); every
other field is public, the same in every view of the moment. In the event stream the
engine sends the public fields in public ``update`` events and the private ones in the
seat's own (see ``docs/protocol.md``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar


def private(text: str, default: Any = None) -> Any:
    """A field only its seat sees (None for a spectator)."""
    return field(default=default, metadata={"doc": text, "private": True})


def public(text: str, **kwargs: Any) -> Any:
    return field(metadata={"doc": text}, **kwargs)


@dataclass(frozen=True)
class RiichiExtra:
    """Riichi (every preset, three-player and the house preset included)."""

    kind: ClassVar[str] = "riichi"
    kyoku: int = public("hands of the game by dealer turn: round x players + dealer index")
    riichi: tuple[int, ...] = public("per seat: 0 no riichi, 1 riichi, 2 double riichi")
    open_riichi: tuple[bool, ...] = public("per seat: an open riichi (the hand is shown)")
    tako: tuple[bool, ...] = public("per seat: tako riichi declared (house preset)")
    ura_shown: tuple[str, ...] = public("ura indicators turned face up by tako riichi")
    furiten: bool | None = private("the viewer may not win on a discard now")


@dataclass(frozen=True)
class SichuanExtra:
    """Sichuan bloody battle."""

    kind: ClassVar[str] = "sichuan"
    void: tuple[str | None, ...] = public(
        "per seat: the void suit (m, p or s) once every seat has chosen; null before"
    )
    won: tuple[int, ...] = public("the seats that have won this hand, in the order they won")
    exchange: str | None = public(
        "where the three tiles went: left, right or across (null before the exchange)"
    )
    gave: tuple[str, ...] | None = private("the tiles the viewer passed in the exchange")
    got: tuple[str, ...] | None = private("the tiles the viewer received in the exchange")


Extra = RiichiExtra | SichuanExtra

#: Every extras class by its ``kind`` (the JSON names it; a ruleset's ``extra_class``).
EXTRA_KINDS: dict[str, type] = {"riichi": RiichiExtra, "sichuan": SichuanExtra}


_PRIVATE: dict[type, tuple[str, ...]] = {}


def private_fields(cls: type) -> tuple[str, ...]:
    """The names of ``cls``'s private fields."""
    names = _PRIVATE.get(cls)
    if names is None:
        from dataclasses import fields

        names = _PRIVATE[cls] = tuple(f.name for f in fields(cls) if f.metadata.get("private"))
    return names
