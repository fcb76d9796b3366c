"""Riichi options: every house rule is a named field with its default; a preset is a set
of values. Scoring options come first, then the game flow's, so one config describes a
table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class RiichiOptions:
    # ---- table
    #: Players: 4, or 3 (sanma: 108 tiles without 2m-8m, no chi, North set aside as nuki
    #: dora, the 1m indicator points to 9m, tsumo loss).
    players: int = 4
    #: Three players: a tsumo's missing fourth share is lost ("tsumo loss"); False splits
    #: it between the two payers (north bisection).
    tsumo_loss: bool = True
    #: Three players: thirteen orphans may win on a North set aside (the only hand that
    #: may rob a kita).
    kokushi_robs_kita: bool = True
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
    #: stop at sanbaiman ("sanbaiman"), or have no cap ("none": 13+ han a yakuman, 26+ a
    #: double yakuman, 39+ a triple and so on; the mahjong package's KAZOE_NO_LIMIT).
    kazoe: str = "yakuman"
    #: Cap stacked yakuman (and counted multiples) at six (the mahjong package's
    #: limit_to_sextuple_yakuman).
    limit_to_sextuple_yakuman: bool = False
    #: Aotenjou (limitless): basic points are fu x 2^(han + 2) with no limit at all; each
    #: yakuman counts 13 han (26 for a double one) beside the ordinary yaku and dora, and
    #: the yaku a yakuman implies are dropped (riichi.wiki "Aotenjou").
    aotenjou: bool = False
    #: Round 4 han 30 fu and 3 han 60 fu up to mangan (kiriage mangan).
    kiriage: bool = False
    #: Fu of a pair of the wind that is both seat and round wind.
    double_wind_pair_fu: int = 4
    #: An open hand of 20 fu won by ron counts 30 fu (False: 1 han 20 fu exists; the
    #: mahjong package's fu_for_open_pinfu).
    fu_for_open_pinfu: bool = True
    #: A closed tsumo earns its 2 fu even in a pinfu shape, which then has fu and so is no
    #: pinfu (no "pinfu tsumo"; the mahjong package's fu_for_pinfu_tsumo).
    fu_for_pinfu_tsumo: bool = False
    # ---- local yaku (the optional rules of the mahjong package)
    #: Renhou, a non-dealer's ron before its first draw with no call made: "off",
    #: "mangan" (a mangan, or the hand's own yaku and dora if worth more), "5han" (a 5-han
    #: yaku that adds to the others) or "yakuman".
    renhou: str = "off"
    #: Daisharin: a closed 22334455667788 in pin is a yakuman.
    daisharin: bool = False
    #: Daisharin in every suit: daisuurin (man) and daichikurin (sou) too (implies
    #: ``daisharin``; the mahjong package's has_daisharin_other_suits).
    daisharin_other_suits: bool = False
    #: Daichisei: seven pairs of the seven honours is a yakuman of its own (beside
    #: tsuuiisou, so a double yakuman when yakuman stack).
    daichisei: bool = False
    #: Paarenchan: the dealer's eighth consecutive win (the seven hands before it won by
    #: the same dealer) is a yakuman; the deal then passes.
    paarenchan: bool = False
    #: Paarenchan needs the hand to have a yaku of its own (False: any complete hand).
    paarenchan_needs_yaku: bool = True
    # ---- payments
    #: Points per honba counter on a ron (paid by the discarder); a third of it from each
    #: payer on a tsumo.
    honba_ron: int = 300
    #: Points of one riichi stick.
    riichi_stick: int = 1000
    # ---- game flow (read by the riichi game)
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
    # ---- the house preset `cy-dealers-choice` (every one off in the other presets)
    #: The house tile set: purple 3m/3p/3s and blue 7m/7p/7s (+1 han, +1 chip each), gold
    #: 5p, platinum 5s, cyan 5m and pocchi 5z/6z/7z (+1 chip each) instead of red fives.
    special_tiles: bool = False
    #: Keep chips (shuugi) beside points: special tiles, ippatsu, ura dora, yakuman, bust.
    chips: bool = False
    #: Points one chip is worth (the money value of the final result).
    chip_value: int = 5000
    #: Abilities of the gold 5p, platinum 5s and cyan 5m, in that order: a suggested set
    #: ("set1", "set2", "set3"), comma-separated ability ids, or "" for none.
    abilities: str = ""
    #: Pocchi wildcards: a 5z/7z pocchi drawn in riichi, a 6z pocchi drawn by a tenpai player
    #: with an open hand, stands for the kind that scores most.
    wildcards: bool = False
    #: Open riichi (2 han, 3 with double riichi; the whole hand is shown).
    open_riichi: bool = False
    #: Sashikomi: a player not in riichi who deals into an open riichi pays a yakuman (the
    #: yakuman "sashikomi", which stacks with the hand's other yakuman; the mahjong
    #: package's has_sashikomi_yakuman). Needs ``open_riichi``.
    open_riichi_deal_in_yakuman: bool = False
    #: Seven pairs may hold identical pairs (quads): 1 quad +1 han, 2 quads +3 han, 3 quads
    #: a (local, single) yakuman.
    kansai_chiitoi: bool = False
    #: Local yakuman (single): shiisanpuutaa / shiisuupuutaa (on the first draw with no call
    #: made; renhou is the option ``renhou``).
    local_yakuman: bool = False
    #: Suukantsu counts as a double yakuman (with ``double_yakuman``).
    double_suukantsu: bool = False
    #: Nagashi mangan is a win worth "mangan" (paid as a tsumo, no honba) or "haneman" (a
    #: special win with honba and sticks).
    nagashi_value: str = "mangan"
    #: East and West are both round winds all game (tonshaaba).
    tonshaaba: bool = False
    #: A player at or above this many points after a hand ends the game at once and gets 1
    #: chip from each other player (0: off).
    called_game: int = 0
    #: After a dealer win or dealer tenpai at a draw the dealer chooses to continue or to
    #: pass the deal (passing resets honba); passing in the last hand ends the game.
    dealer_choice: bool = False
    #: A player who declared riichi with fewer points than a riichi stick and does not win
    #: the hand busts, an exhaustive draw included.
    low_riichi_busts: bool = False
    #: Final settlement in chips: "" (uma and oka in points as usual), "dynamic" (the seed's
    #: table by points), "fixed" (13/3/-5/-11).
    placement_chips: str = ""
    #: With placement chips: raw points count too (added as points beside the chips).
    raw_points: bool = False
    #: Pao also for suukantsu and for a rinshan win after a fed open kan (the whole amount).
    extra_pao: bool = False
    #: Pao covers only the yakuman it is for (Mahjong Soul): in a hand of several yakuman
    #: the others are paid as usual. Off (Tenhou): the liable player pays the whole hand
    #: (all of a tsumo, half of a ron).
    pao_yakuman_only: bool = False
    #: House rule: a player in riichi sees both neighbours' hands.
    riichi_peek: bool = False
    #: Before the dealer's first discard every player may vote to abort; a unanimous vote
    #: replays the hand without a honba.
    unanimous_abort: bool = False

    #: The range of each whole-number option: the engine plays whatever passes.
    RANGES: ClassVar[dict[str, tuple[int, int]]] = {
        "players": (3, 4),
        "red_fives": (0, 4),
        "double_wind_pair_fu": (2, 4),
        "honba_ron": (0, 100_000),
        "riichi_stick": (100, 100_000),
        "start_points": (0, 10**7),
        "return_points": (0, 10**7),
        "uma": (-1000, 1000),
        "riichi_min_tiles": (0, 70),
        "noten_penalty": (0, 10**6),
        "riichi_min_points": (0, 10**7),
        "chip_value": (1, 10**7),
        "called_game": (0, 10**7),
    }
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {
        "kazoe": ("yakuman", "sanbaiman", "none"),
        "renhou": ("off", "mangan", "5han", "yakuman"),
        "nagashi_value": ("mangan", "haneman"),
        "placement_chips": ("", "dynamic", "fixed"),
    }

    def __post_init__(self) -> None:
        from ...engine.options import check_values
        from ...errors import OptionsError

        if len(self.red_fives) != 3:
            raise OptionsError(f"red_fives must be three numbers 0-4, not {self.red_fives!r}")
        check_values(self)
        for name in ("riichi_stick", "honba_ron", "noten_penalty"):
            if getattr(self, name) % 100:
                raise OptionsError(
                    f"option {name!r} must be in hundreds, not {getattr(self, name)}"
                )
        payers = self.players - 1
        if self.honba_ron % (100 * payers):
            raise OptionsError(
                f"option 'honba_ron' must split into {payers} equal tsumo shares of whole "
                f"hundreds, not {self.honba_ron}"
            )
        if self.players == 3 and self.red_fives[0]:
            raise OptionsError("three-player riichi has no 5m: red_fives must start with 0")
        if self.players == 3 and (
            self.special_tiles or self.chips or self.abilities or self.placement_chips
        ):
            raise OptionsError(
                "the house preset's special tiles, chips, abilities and placement chips are "
                "for four players"
            )
        if self.placement_chips and not self.chips:
            raise OptionsError("placement_chips settles in chips: set chips=true with it")
        if self.chip_value <= 0:
            raise OptionsError(f"chip_value must be above 0, not {self.chip_value}")
        if self.special_tiles and any(self.red_fives):
            raise OptionsError("special_tiles replaces the red fives: set red_fives=0,0,0 with it")
        from .house.abilities import ability_names

        ability_names(self.abilities)  # raises OptionsError for an unknown name


#: The three-player table shared by the sanma presets.
SANMA: dict[str, Any] = {
    "players": 3,
    "red_fives": (0, 1, 1),
    "start_points": 35000,
    "return_points": 40000,
    "uma": (15, 0),
    "noten_penalty": 2000,
    "honba_ron": 200,
}

PRESETS: dict[str, dict[str, Any]] = {
    # The common online rules (Tenhou's): kiriage off, double yakuman off, kazoe at 13.
    "standard": {},
    "tenhou": {},
    # Mahjong Soul: double-yakuman forms count double; kokushi may rob a closed kan; pao
    # covers only its own yakuman.
    "mahjongsoul": {"double_yakuman": True, "kokushi_robs_ankan": True, "pao_yakuman_only": True},
    # Three-player riichi (sanma) as on Tenhou: 35,000 start, 40,000 return, uma +15/0/-15,
    # red 5p and 5s, tsumo loss, noten payments 2,000 in all, a honba 200 on a ron and 100
    # from each payer on a tsumo.
    "tenhou-sanma": SANMA,
    # Mahjong Soul's three-player rules: the same table, double-yakuman forms, kokushi robs
    # a closed kan, pao only for its own yakuman.
    "mahjongsoul-sanma": {
        **SANMA,
        "double_yakuman": True,
        "kokushi_robs_ankan": True,
        "pao_yakuman_only": True,
    },
    # The "Dealer's Choice Tonpuu" house preset (seed 001): chips, special tiles, abilities.
    "cy-dealers-choice": {
        "red_fives": (0, 0, 0),
        "special_tiles": True,
        "chips": True,
        "abilities": "set2",
        "wildcards": True,
        "open_riichi": True,
        "kansai_chiitoi": True,
        "local_yakuman": True,
        "renhou": "yakuman",
        "double_yakuman": True,
        "double_suukantsu": True,
        "kokushi_robs_ankan": True,
        "nagashi_value": "haneman",
        "hanchan": False,
        "west_extension": False,
        "agari_yame": False,
        "kiriage": True,
        "tonshaaba": True,
        "called_game": 55000,
        "kan_dora_at_once": True,
        "riichi_min_tiles": 0,
        "riichi_min_points": 0,
        "low_riichi_busts": True,
        "honba_ron": 1500,
        "dealer_choice": True,
        "placement_chips": "dynamic",
        "extra_pao": True,
    },
}


def riichi_options(preset: str = "standard", **values: Any) -> RiichiOptions:
    """Options of a preset with some values changed (the shared option builder)."""
    from ..base import build_options

    options: RiichiOptions = build_options(
        RiichiOptions, PRESETS, {"preset": preset, **values}, "riichi"
    )
    return options
