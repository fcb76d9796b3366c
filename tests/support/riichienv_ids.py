"""Yaku ids used by RiichiEnv in `../shared/oracles/riichi/hands/agari_4p.json`, mapped to ours.

Source: smly/RiichiEnv (Apache-2.0), `riichienv-core/src/yaku.rs` (read at commit
3993cb56079a9e20e7bb8609e7a81fce65703d4b): `YAKU_TABLE` and the `ID_*` constants. The file
says "id == mjsoul_id for all entries", so the numbering is Mahjong Soul's fan ids. It is not
Tenhou's 0-54 numbering and not the PyPI `mahjong` package's numbering. The same table also
gives `tenhou_id` for each entry.

Points to note:
* Winds have one id for the seat wind (10) and one for the round wind (11). Neither id
  depends on which wind it is. A double wind (seat == round, triplet of it) lists both
  10 and 11, each worth 1 han.
* Each yakuhai id is listed at most once.
* In a yakuman hand only yakuman ids are listed (no riichi, tsumo or dora). han is
  13 per yakuman and 26 for 47, 48, 49, 50 (double yakuman). Yakuman are added together,
  so case 805 is [39, 48, 50] with 65 han.
* Ids that RiichiEnv does not have: renhou (Mahjong Soul ranked has none) and 46
  (unused). 34 is nuki dora (kita), for sanma only, so it is left out here.
* Ids that never occur in agari_4p.json and so rest only on the source:
  3, 4, 6, 20, 33, 35, 36, 42, 44, 45.

Checked against all 816 cases with an independent scorer run outside the project. It
splits each hand into groups, takes the best han, and uses RiichiEnv's han per yaku.
On all 816 cases its id set equals `expected.yaku` and its han equals `expected.han`.
Swapping pairs of ids makes that check fail, e.g. 10<->11 in 95 cases, 15<->26 in 10,
13<->28 in 28 and 38<->48 in 10.
"""

RIICHIENV_YAKU: dict[int, str] = {
    1: "menzen_tsumo",
    2: "riichi",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    7: "yakuhai_haku",
    8: "yakuhai_hatsu",
    9: "yakuhai_chun",
    10: "seat_wind",
    11: "round_wind",
    12: "tanyao",
    13: "iipeikou",
    14: "pinfu",
    15: "chanta",
    16: "ittsu",
    17: "sanshoku",
    18: "double_riichi",
    19: "sanshoku_doukou",
    20: "sankantsu",
    21: "toitoi",
    22: "sanankou",
    23: "shousangen",
    24: "honroutou",
    25: "chiitoitsu",
    26: "junchan",
    27: "honitsu",
    28: "ryanpeikou",
    29: "chinitsu",
    30: "ippatsu",
    31: "dora",
    32: "aka",
    33: "ura",
    35: "tenhou",
    36: "chiihou",
    37: "daisangen",
    38: "suuankou",
    39: "tsuuiisou",
    40: "ryuuiisou",
    41: "chinroutou",
    42: "kokushi",
    43: "shousuushi",
    44: "suukantsu",
    45: "chuuren",
    47: "junsei_chuuren",
    48: "suuankou_tanki",
    49: "kokushi_13",
    50: "daisuushi",
}

# Each id is listed ONCE when its count is >= 1, whatever the count. The count is not in the
# yaku list; it only shows in `expected.han`:
# han == sum(yaku han) + dora count + red-five count + ura count.
# Dora counting follows the indicator rule over all 14 tiles and meld tiles. Red fives are
# 136-ids 16, 52, 88. 98 cases have >= 2 dora and 43 cases have >= 2 red fives; each lists its
# id once. `ura_indicators` is empty in every case, so id 33 never occurs.
DORA_IDS: dict[int, str] = {31: "dora", 32: "aka", 33: "ura"}
