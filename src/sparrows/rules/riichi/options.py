"""Riichi options: every house rule is a named field with its default; a preset is a set
of values. Scoring options come first; game-flow options are used by the game (a later
issue) and documented here so one config describes a table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RiichiOptions:
    # ---- tiles
    #: Red fives per suit (man, pin, sou), each 0-4; every red five is +1 han (aka dora).
    red_fives: tuple[int, int, int] = (1, 1, 1)
    # ---- yaku and limits
    #: Open tanyao (kuitan).
    open_tanyao: bool = True
    #: Double-yakuman forms (13-sided kokushi, suuankou tanki, 9-sided chuuren, daisuushi)
    #: count twice.
    double_yakuman: bool = False
    #: Several yakuman in one hand add up.
    yakuman_stack: bool = True
    #: Counted yakuman: 13+ han of ordinary yaku and dora score a yakuman ("yakuman"),
    #: stop at sanbaiman ("sanbaiman").
    kazoe: str = "yakuman"
    #: Round 4 han 30 fu and 3 han 60 fu up to mangan (kiriage mangan).
    kiriage: bool = False
    #: Fu of a pair of the wind that is both seat and round wind.
    double_wind_pair_fu: int = 4
    # ---- payments
    #: Points per honba counter on a ron (paid by the discarder); a third of it from each
    #: payer on a tsumo.
    honba_ron: int = 300
    #: Points of one riichi stick.
    riichi_stick: int = 1000
    # ---- game flow (read by the riichi game, a later issue; documented here already)
    #: Points each player starts with.
    start_points: int = 25000
    #: Points returned before placement (the difference to the start is the oka, to 1st).
    return_points: int = 30000
    #: Uma in thousands: 1st +a, 2nd +b, 3rd -b, 4th -a.
    uma: tuple[int, int] = (20, 10)
    #: East and South rounds (False: East only, tonpuu).
    hanchan: bool = True
    #: Play on into the West round while nobody has reached the return points.
    west_extension: bool = True
    #: Three ron on one discard abort the hand (False: all three win).
    triple_ron_abort: bool = True
    #: Tiles that must be left to draw to declare riichi.
    riichi_min_tiles: int = 4
    #: Noten penalty at an exhaustive draw, split between noten and tenpai players.
    noten_penalty: int = 3000
    #: Nagashi mangan (all discards terminals and honours, none called) pays a mangan tsumo.
    nagashi_mangan: bool = True
    #: Points a player needs to declare riichi (the stick is paid from them).
    riichi_min_points: int = 1000
    #: Kan dora of an open or added kan turned at once (False: after the kan's discard;
    #: a closed kan's is always at once).
    kan_dora_at_once: bool = False
    #: Thirteen orphans may rob a closed kan (chankan on an ankan).
    kokushi_robs_ankan: bool = False
    #: Abortive draws: nine terminals (the player's choice on the first draw), four winds
    #: discarded in the first go-around, four riichi, four kans by several players.
    abortive_draws: bool = True
    #: The dealer of the last hand in first place (with at least the return points) ends
    #: the game by winning it or being ready at its exhaustive draw (agari-yame,
    #: tenpai-yame).
    agari_yame: bool = True
    #: A player below 0 points ends the game.
    bust: bool = True
    #: Riichi sticks still on the table at the end of the game go to the first place.
    sticks_to_winner_at_end: bool = True

    def __post_init__(self) -> None:
        from ...errors import OptionsError

        if len(self.red_fives) != 3 or not all(0 <= r <= 4 for r in self.red_fives):
            raise OptionsError(f"red_fives must be three numbers 0-4, not {self.red_fives!r}")
        if self.kazoe not in ("yakuman", "sanbaiman"):
            raise OptionsError(f"kazoe must be 'yakuman' or 'sanbaiman', not {self.kazoe!r}")


PRESETS: dict[str, dict[str, Any]] = {
    # The common online rules (Tenhou's): kiriage off, double yakuman off, kazoe at 13.
    "standard": {},
    "tenhou": {},
    # Mahjong Soul: double-yakuman forms count double; kokushi may rob a closed kan.
    "mahjongsoul": {"double_yakuman": True, "kokushi_robs_ankan": True},
}


def riichi_options(preset: str = "standard", **values: Any) -> RiichiOptions:
    """Options of a preset with some values changed (the shared option builder)."""
    from ..base import build_options

    options: RiichiOptions = build_options(RiichiOptions, PRESETS, {"preset": preset, **values})
    return options
