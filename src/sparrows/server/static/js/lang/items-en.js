// English short names of the scoring items of a Hong Kong, classical or Sichuan win, by the
// id the server sends in a win's detail.items (the ids are listed here in one place; each
// language module's `items` names the same ids). The names come from the descriptions in
// the rules code:
//   hongkong:  src/sparrows/rules/hongkong/options.py FAAN and LIMITS
//   classical: src/sparrows/rules/classical/options.py MELD_POINTS, POINTS, DOUBLES and
//              LIMIT_HANDS
//   sichuan:   src/sparrows/rules/sichuan/options.py FAAN

export default {
  hongkong: {
    // FAAN
    chicken: "Chicken Hand", common_hand: "Common Hand", all_triplets: "All Triplets",
    mixed_one_suit: "Mixed One Suit", pure_suit: "Pure Suit", mixed_orphans: "Mixed Orphans",
    small_dragons: "Small Dragons", great_dragons: "Great Dragons", small_winds: "Small Winds",
    seven_pairs: "Seven Pairs", dragon_pung: "Dragon pung", seat_wind: "Seat wind pung",
    round_wind: "Round wind pung", concealed: "Concealed Hand", self_drawn: "Self-drawn",
    no_flowers: "No flowers", own_flower: "Own flower", own_season: "Own season",
    all_flowers: "All four flowers", all_seasons: "All four seasons",
    last_tile: "Last tile", kong_bloom: "Win on a kong replacement",
    robbing_kong: "Robbing a kong",
    // LIMITS
    thirteen_orphans: "Thirteen Orphans", nine_gates: "Nine Gates", all_honours: "All Honours",
    all_terminals: "All Terminals", four_concealed_pungs: "Four Concealed Pungs",
    great_four_winds: "Great Four Winds", all_kongs: "All Kongs",
    heavenly_hand: "Heavenly Hand", earthly_hand: "Earthly Hand",
    all_eight_bonus: "All Eight Bonus Tiles",
  },
  classical: {
    // MELD_POINTS
    exposed_pung: "Exposed pung", concealed_pung: "Concealed pung",
    exposed_kong: "Exposed kong", concealed_kong: "Concealed kong",
    bonus_set: "Bonus tiles as a set", bonus_kong: "Bonus tiles as a kong",
    bonus_pair: "Bonus tiles as the pair",
    // POINTS
    dragon_pair: "Pair of dragons", seat_wind_pair: "Pair of the seat wind",
    round_wind_pair: "Pair of the round wind", bonus_tile: "Bonus tile",
    mah_jongg: "Mah Jongg", pair_wait: "Winning on the pair", only_tile: "Only possible tile",
    self_drawn: "Self-drawn",
    // DOUBLES
    dragon_pung: "Dragon pung", seat_wind_pung: "Seat wind pung",
    round_wind_pung: "Round wind pung", own_flower: "Own flower", own_season: "Own season",
    all_flowers: "All four flowers", all_seasons: "All four seasons",
    three_concealed_pungs: "Three concealed pungs", no_chow: "No chow",
    fully_concealed: "Fully concealed", mixed_one_suit: "Mixed one suit",
    pure_one_suit: "Pure one suit", terminals_and_honours: "Terminals and honours",
    last_tile: "Last tile", kong_replacement: "Win on a kong replacement",
    robbing_kong: "Robbing a kong", little_three_dragons: "Little three dragons",
    big_three_dragons: "Big three dragons", little_four_winds: "Little four winds",
    big_four_winds: "Big four winds", seven_pairs: "Seven Pairs",
    // LIMIT_HANDS
    thirteen_orphans: "Thirteen Orphans", nine_gates: "Nine Gates", all_honours: "All Honours",
    all_terminals: "All Terminals", four_kongs: "Four Kongs",
    concealed_one_suit: "Concealed One Suit", heavenly_hand: "Heavenly Hand",
    earthly_hand: "Earthly Hand", hidden_treasure: "Hidden Treasure",
  },
  sichuan: {
    // FAAN
    standard_win: "Standard Win", all_triplets: "All Triplets", pure_suit: "Pure Suit",
    golden_hook: "Golden Hook", seven_pairs: "Seven Pairs", root: "Root",
    self_drawn: "Self-Drawn", last_tile: "Last Minute Save", robbing_gang: "Robbing the Gang",
    after_gang: "Discard after a Gang", gang_bloom: "Gang Bloom",
  },
};
