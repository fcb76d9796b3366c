"""The calculator's input: a winning hand and how it was won. Kept out of the compiled
modules (:mod:`sparrows.compiled`) so a caller's wrong value (a float wind, say) gets the
scorer's own error naming the field in every build."""

from __future__ import annotations

from dataclasses import dataclass

from ...tiles import Meld, MeldType, Tile


@dataclass(frozen=True, slots=True)
class WinSituation:
    """A winning hand and how it was won.

    ``concealed`` are the concealed tiles *without* the winning tile; ``melds`` the called
    melds (a closed kan is a meld of type ``CLOSED_KAN``). Winds are 0-3 (East-North).
    Indicators are the tiles shown, not the dora themselves. ``pao`` is not used for the
    value, only by :func:`~sparrows.rules.riichi.payments.settle`.
    """

    concealed: tuple[Tile, ...]
    win_tile: Tile
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    furiten: bool = False
    # ---- house-preset facts (cy-dealers-choice); all off elsewhere
    open_riichi: bool = False  # the riichi was an open riichi
    tonshaaba: bool = False  # East and West are both round winds
    naki_menzen: bool = False  # closed-hand yaku for an open hand (an ability)
    yakuka: bool = False  # the yaku-ka ability: a 1-han yaku
    ura_kaiji: bool = False  # ura dora count without riichi (an ability)
    # ---- local rules (their options decide what each fact is worth)
    renhou: bool = False  # a non-dealer's ron before its first draw, no call made yet
    paarenchan: bool = False  # the dealer's eighth consecutive win (or later)
    sashikomi: bool = False  # a ron on the discard (or kan) of a player not in riichi
    # ---- three players
    nuki: int = 0  # Norths set aside (nuki dora): one dora each

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 0

    @property
    def closed(self) -> bool:
        return all(m.type is MeldType.CLOSED_KAN for m in self.melds)

    def all_tiles(self) -> list[Tile]:
        return [*self.concealed, self.win_tile, *(t for m in self.melds for t in m.tiles)]


@dataclass(frozen=True, slots=True)
class Timing:
    """The facts of a win that come from when it was made (fields of
    :class:`WinSituation` of the same names)."""

    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool


def timing(
    *, tsumo: bool, last: bool, replacement: bool, chankan: bool, first: bool, dealer: bool
) -> Timing:
    """When a win was made, as the scorer reads it: ``last``, the live wall is empty;
    ``replacement``, the turn's tile was a kan's replacement; ``first``, the winner's
    first turn with no call made yet. The engine's situation and riichi's array tables
    both take these from here."""
    return Timing(
        rinshan=tsumo and replacement,
        chankan=chankan,
        haitei=tsumo and last and not replacement,
        houtei=not tsumo and not chankan and last,
        tenhou=tsumo and first and dealer,
        chiihou=tsumo and first and not dealer,
    )
