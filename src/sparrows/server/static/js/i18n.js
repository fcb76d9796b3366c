// The page's words, one dictionary per language (English here; Japanese, simplified and
// traditional Chinese in lang/, with the same keys: tests/web/test_languages.py lists any
// key a language lacks). `t("key", {n: 3})` looks a key up in the
// chosen language, then in English, and fills the {placeholders}. Tile and yaku names have
// their own helpers. A new language is one more entry in DICT (same keys; any key left
// out falls back to English).

import itemsEn from "./lang/items-en.js";
import ja from "./lang/ja.js";
import zhHans from "./lang/zh-Hans.js";
import zhHant from "./lang/zh-Hant.js";

export const DICT = {
  en: {
    suits: {m: "characters", p: "dots", s: "bamboo", z: "honours", f: "flower", h: "season"},
    honours: ["East wind", "South wind", "West wind", "North wind",
      "White dragon", "Green dragon", "Red dragon"],
    flowers: ["Plum", "Orchid", "Chrysanthemum", "Bamboo"],
    seasons: ["Spring", "Summer", "Autumn", "Winter"],
    winds: ["East", "South", "West", "North"],
    windChars: ["E", "S", "W", "N"],
    special: {"*": "red", P: "purple", B: "blue", C: "cyan", G: "gold", T: "platinum", "!": "pocchi"},
    rulesets: {
      suzume: "Suzume-Jong", riichi: "Riichi", hongkong: "Hong Kong",
      classical: "Classical Chinese", sichuan: "Sichuan bloody battle",
    },
    // riichi's yaku, by the id in a win's detail.yaku
    yaku: {
      riichi: "Riichi", double_riichi: "Double riichi", open_riichi: "Open riichi",
      open_double_riichi: "Open double riichi", ippatsu: "Ippatsu",
      menzen_tsumo: "Menzen tsumo (closed self-draw)", pinfu: "Pinfu",
      iipeikou: "Iipeikou (one pure double run)", tanyao: "Tanyao (all simples)",
      yakuhai_haku: "Yakuhai: white dragon", yakuhai_hatsu: "Yakuhai: green dragon",
      yakuhai_chun: "Yakuhai: red dragon", seat_wind: "Yakuhai: seat wind",
      round_wind: "Yakuhai: round wind", round_wind_2: "Yakuhai: the other round wind",
      yakuka: "Yaku-ka (ability)", haitei: "Haitei (last tile draw)",
      houtei: "Houtei (last tile discard)", rinshan: "Rinshan kaihou (kan replacement)",
      chankan: "Chankan (robbing a kan)", chiitoitsu: "Chiitoitsu (seven pairs)",
      kansai_quad: "Kansai chiitoi: one quad", kansai_quads: "Kansai chiitoi: two quads",
      sanshoku: "Sanshoku doujun (mixed triple run)", ittsu: "Ittsu (pure straight)",
      chanta: "Chanta (terminal or honour in each set)", toitoi: "Toitoi (all triplets)",
      sanankou: "Sanankou (three concealed triplets)",
      sanshoku_doukou: "Sanshoku doukou (triple triplets)", sankantsu: "Sankantsu (three kans)",
      shousangen: "Shousangen (little three dragons)",
      honroutou: "Honroutou (all terminals and honours)", honitsu: "Honitsu (half flush)",
      junchan: "Junchan (terminal in each set)",
      ryanpeikou: "Ryanpeikou (two pure double runs)", chinitsu: "Chinitsu (full flush)",
      kokushi: "Kokushi musou (thirteen orphans)", kokushi_13: "Kokushi musou, 13-sided wait",
      suuankou: "Suuankou (four concealed triplets)", suuankou_tanki: "Suuankou, pair wait",
      daisangen: "Daisangen (big three dragons)", shousuushi: "Shousuushi (little four winds)",
      daisuushi: "Daisuushi (big four winds)", tsuuiisou: "Tsuuiisou (all honours)",
      ryuuiisou: "Ryuuiisou (all green)", chinroutou: "Chinroutou (all terminals)",
      chuuren: "Chuuren poutou (nine gates)",
      junsei_chuuren: "Junsei chuuren poutou (nine-sided nine gates)",
      suukantsu: "Suukantsu (four kans)", tenhou: "Tenhou (blessing of heaven)",
      chiihou: "Chiihou (blessing of earth)", kansai_three_quads: "Kansai chiitoi: three quads",
      renhou: "Renhou (blessing of man)", dora: "Dora", aka: "Red five (aka dora)",
      ura: "Ura dora", special: "Special tiles (purple 3, blue 7)",
      nuki: "Nuki dora (Norths set aside)",
    },
    // riichi's fu items and abortive draws, by the words the server writes (the key)
    fu: {
      "base": "base",
      "tsumo": "tsumo",
      "closed ron": "closed ron",
      "wait": "wait",
      "kanchan wait": "kanchan wait",
      "penchan wait": "penchan wait",
      "tanki wait": "tanki wait",
      "chiitoitsu": "chiitoitsu",
      "pinfu tsumo": "pinfu tsumo",
      "dragon pair": "dragon pair",
      "double wind pair": "double wind pair",
      "seat wind pair": "seat wind pair",
      "round wind pair": "round wind pair",
      "closed kan (terminal/honour)": "closed kan (terminal/honour)",
      "closed kan (simple)": "closed kan (simple)",
      "open kan (terminal/honour)": "open kan (terminal/honour)",
      "open kan (simple)": "open kan (simple)",
      "closed triplet (terminal/honour)": "closed triplet (terminal/honour)",
      "closed triplet (simple)": "closed triplet (simple)",
      "open triplet (terminal/honour)": "open triplet (terminal/honour)",
      "open triplet (simple)": "open triplet (simple)",
      "open pinfu shape": "open pinfu shape",
    },
    aborts: {
      "nine terminals": "nine terminals",
      "four riichi": "four riichi",
      "four winds": "four winds",
      "four kans": "four kans",
      "three ron": "three ron",
      "unanimous": "unanimous",
    },
    // what the rules and the server say to a player (sparrows/reasons.py), by id
    reasons: {
      furiten: "furiten: one of your waits is among your discards, or you passed a ron on one since your last discard (or in riichi), so you may win only by tsumo",
      furiten_ron: "furiten: a ron is not allowed",
      no_yaku: "no yaku (dora alone do not make a win)",
      wildcard_no_yaku: "the wildcard completes no hand with a yaku",
      furiten_tile: "furiten: you discarded a {tile} earlier this hand, so you may not ron on it",
      below_points: "the hand is worth {worth} before the dealer bonus; a win needs {need}",
      below_faan: "the hand is worth {faan} faan; a win needs at least {need}",
      below_faan_no_bonus: "the hand is worth {faan} faan without its flowers and seasons; a win needs at least {need}",
      own_discard: "you discarded {tile} earlier this hand, so you may not win on it",
      void_tile: "the hand holds a tile of its void suit ({suit})",
      three_suits: "the hand holds all three suits: one of them must be void",
      passed_win: "you passed a win since your last draw, so you may not win on a discard until you draw again",
      stale: "That move came too late: the table had moved on (not applied).",
      not_to_act: "It is not your move now (not applied).",
      game_over: "The game is over.",
      wait_ok: "The next hand begins when everyone has pressed OK.",
      internal: "An error on the server: the move was not applied.",
      cannot_save: "The server cannot save ({problem}): the move did not count, try again.",
      saving: "The server cannot save ({problem}): the table waits until it can.",
      set_aside: "This table is set aside: {problem}",
      closed: "The host closed this table.",
      expired: "This table expired.",
      no_table: "There is no such table.",
      bad_link: "This link is not for this table.",
      busy_here: "Too many connections from here (at most {n}).",
      busy_table: "This table has its most connections ({n}).",
    },
    ui: {
      "end.fuItems": "Fu",
      "app": "sparrows",
      "lobby.title": "sparrows web table",
      "lobby.new": "New table",
      "lobby.ruleset": "Ruleset",
      "lobby.preset": "Preset",
      "lobby.seats": "Seats",
      "lobby.seat": "Seat {n}",
      "lobby.seatPlayer": "Seat {n} player",
      "lobby.seatName": "Seat {n} name",
      "lobby.yourName": "Your name",
      "lobby.nameOptional": "Name (optional)",
      "lobby.firstDealer": "first dealer",
      "lobby.human": "Human",
      "lobby.bot": "Bot: {kind}",
      "lobby.name": "Name",
      "lobby.clock": "Clock",
      "lobby.clockOff": "No clock",
      "lobby.base": "Seconds per decision",
      "lobby.bank": "Bank seconds per game",
      "lobby.delay": "Spectator delay (seconds)",
      "lobby.pace": "Bot pace (seconds)",
      "lobby.claimPause": "Pause before an automatic pass (seconds)",
      "lobby.absent": "Absent seats are played by a bot",
      "lobby.create": "Create the table",
      "lobby.creating": "Creating...",
      "lobby.links": "Links of table {id}",
      "lobby.linksHelp": "Each human seat has its own secret link: send it to that player only, or let them scan its code with a phone. Anyone with the spectator link can watch.",
      "lobby.qr": "QR code of the link for {who}",
      "lobby.localOnly": "These links open on this computer only: the server listens on this machine alone. To let friends on your network join, start it with --host 0.0.0.0 (make run HOST=0.0.0.0), or give the address they reach with --public-url.",
      "lobby.copy": "Copy",
      "lobby.copied": "Copied",
      "lobby.playHere": "Play seat {n} here",
      "lobby.spectate": "Spectator link",
      "lobby.watch": "Watch",
      "lobby.playing": "Tables in play",
      "lobby.over": "Finished games",
      "lobby.none": "None yet.",
      "lobby.broken": "set aside, the server cannot load it",
      "lobby.loading": "loading after a restart",
      "lobby.replay": "Replay",
      "lobby.download": "Download",
      "lobby.handN": "hand {n}",
      "lobby.refresh": "Refresh",
      "lobby.credits": "Credits",
      "lobby.joinHelp": "Joining a table needs its seat link (from whoever made it). Tables made in this browser show their links.",
      "lobby.players": "{n} players",
      "lobby.advanced": "Table settings",
      "lobby.subtitle": "web table",
      "lobby.nextHand": "Next hand waits for everyone's OK, at most (seconds; 0: no wait)",
      "lobby.options": "Rule options",
      "lobby.optionsHelp": "The values the chosen ruleset and preset play with. Change any of them: only your changes are sent, the preset gives the rest.",
      "lobby.optionsReset": "Back to the preset's values",
      "table.connecting": "Connecting...",
      "table.connected": "Connected",
      "table.offline": "Offline: reconnecting...",
      "table.badLink": "This page needs a seat or spectator link (…/table/ID#t=TOKEN).",
      "table.you": "you",
      "table.vsYou": "against you",
      "table.rules": "Rules",
      "lobby.rulesLink": "The rules, on one page",
      "table.back": "{name} is back",
      "table.left": "{name} left the table",
      "table.here": "at the table",
      "table.away": "away",
      "table.standIn": "away: a bot plays for them",
      "table.takeBack": "Take back from the bot",
      "table.letBot": "Let a bot play",
      "table.waitAway": "Waiting for {name} (away)",
      "lobby.close": "Close",
      "lobby.closeAsk": "Close this table for everyone?",
      "lobby.hostHelp": "The Play here buttons open the seat with the host's key too (close the table, let a bot play an absent seat); the links you send carry no key.",
      "round.riichi": "{wind} {n}, honba {honba}",
      "round.riichiShort": "{wind}{n}-{honba}",
      "round.wind": "{wind} round, hand {n}",
      "round.windShort": "{wind}\u00b7{n}",
      "round.hand": "Hand {n}",
      "round.handShort": "H{n}",
      "table.sound": "Sound",
      "table.flow": "Play",
      "table.furitenBadge": "Furiten",
      "flow.autoDiscard": "After riichi, discard the drawn tile by itself",
      "flow.autoWin": "Win by itself when I can",
      "flow.noCalls": "No calls (pass on chi, pon and kan)",
      "flow.passTurn": "Pass on everything this turn",
      "callout.passRight": "Pass three to the right",
      "callout.passLeft": "Pass three to the left",
      "callout.passAcross": "Pass three across",
      "callout.void": "Void: {suit}",
      "table.spectating": "Watching",
      "table.wall": "Wall",
      "table.deadWall": "Dead wall",
      "table.dora": "Dora",
      "table.indicators": "Indicators",
      "table.honba": "Honba",
      "table.sticks": "Riichi sticks",
      "table.dealer": "Dealer",
      "table.dealerMark": "D",
      "table.ura": "Ura",
      "table.turnOf": "{name}'s turn",
      "table.yourTurn": "Your turn: discard a tile",
      "table.yourTurnAct": "Your turn",
      "table.waiting": "Waiting...",
      "table.waitOthers": "Waiting for the other seats",
      "table.nextHand": "Next hand in {n} s \u00b7 waiting for {names}",
      "table.claim": "{name} discarded {tile}",
      "table.rob": "{name} may be robbed of {tile}",
      "table.exchangeAsk": "Choose three tiles of one suit to pass",
      "table.voidAsk": "Choose the suit you will not keep (void)",
      "table.dealerAsk": "Keep the deal or pass it?",
      "table.kokanAsk": "Kokan: chips or han?",
      "table.voteAsk": "Vote to abort this hand?",
      "table.riichiPick": "Choose the discard that declares {what}",
      "table.cancel": "Cancel",
      "table.hints": "Hints",
      "table.furiten": "Furiten",
      "table.notFuriten": "not furiten",
      "table.tilesInHand": "{n} tiles in hand",
      "replay.deal": "the deal",
      "replay.download": "Download",
      "replay.failed": "The replay cannot be shown",
      "replay.offered": "Offered",
      "replay.public": "Spectator",
      "replay.seatN": "Seat {n}",
      "replay.viewing": "view",
      "hint.asking": "Hint: thinking...",
      "hint.complete": "Your hand is complete: you may win",
      "hint.completeNoWin": "A complete shape, but no win is offered",
      "hint.readyAfter": "One discard from ready",
      "hint.shantenAfter": "After the best discard: {n} from ready",
      "hint.ready": "Ready: waiting on",
      "hint.unseen": "({n} unseen)",
      "hint.shanten": "{n} from ready",
      "hint.helps": "{n} unseen tiles help",
      "hint.best": "Best discards",
      "hint.after": "after: {shanten} from ready, {n} tiles help",
      "hint.suggest": "The bots would choose",
      "hint.choice": "{shanten} from ready after",
      "hint.noWin": "No win offered: {reason}",
      "hint.pick": "Weighing value and danger",
      "hint.value": "a win worth about {points} at {chance}%",
      "hint.risk": "deal-in cost about {points}",
      "hint.plan": "Playing for {item} in {suit} ({faan} faan)",
      "hint.planPick": "The bots would throw",
      "table.void": "void {suit}",
      "table.won": "won",
      "table.gave": "Gave",
      "table.got": "Got",
      "table.exchange": "Exchange",
      "table.clock": "Clock",
      "table.bank": "bank",
      "table.over": "The game is over",
      "table.credits": "Credits",
      "table.lobby": "Lobby",
      "table.riichi": "riichi",
      "table.doubleRiichi": "double riichi",
      "table.openRiichi": "open riichi",
      "table.chips": "chips",
      "table.points": "points",
      "table.pot": "on the table",
      "table.log": "Log",
      "act.discard": "Discard {tile}",
      "act.tsumo": "Tsumo",
      "act.ron": "Ron",
      "act.pass": "Pass",
      "act.chi": "Chi",
      "act.pon": "Pon",
      "act.kan": "Kan",
      "act.ankan": "Kan (concealed)",
      "act.kakan": "Kan (added)",
      "act.riichi": "Riichi",
      "act.open_riichi": "Open riichi",
      "act.tako_riichi": "Tako riichi",
      "act.nuki": "Nuki (North)",
      "act.abort": "Abort",
      "act.abortTurn": "Abort (nine terminals)",
      "act.abortVote": "Vote to abort",
      "act.continue": "Keep the deal",
      "act.pass_deal": "Pass the deal",
      "act.kokan": "Kokan: {what}",
      "act.void": "Void {suit}",
      "act.exchange": "Pass these three",
      "act.suzume": "Suzume",
      "act.chinese.chi": "Chow",
      "act.chinese.pon": "Pung",
      "act.chinese.kan": "Kong",
      "act.chinese.ankan": "Kong (concealed)",
      "act.chinese.kakan": "Kong (added)",
      "act.chinese.tsumo": "Mahjong (self-drawn)",
      "act.chinese.ron": "Mahjong",
      "act.sichuan.pon": "Peng",
      "act.sichuan.kan": "Gang",
      "act.sichuan.ankan": "Gang (concealed)",
      "act.sichuan.kakan": "Gang (added)",
      "act.sichuan.tsumo": "Hu (self-drawn)",
      "act.sichuan.ron": "Hu",
      "end.hand": "Hand over",
      "end.win": "{name} wins",
      "end.tsumo": "self-drawn",
      "end.ron": "on {name}'s discard",
      "end.draw": "Exhaustive draw",
      "end.abort": "Aborted: {reason}",
      "end.ready": "ready",
      "end.notReady": "not ready",
      "end.waits": "waits",
      "end.items": "Scoring",
      "end.total": "Total",
      "end.payments": "Payments",
      "end.scores": "Scores",
      "end.han": "{han} han",
      "end.fu": "{fu} fu",
      "end.yakuman": "yakuman x{n}",
      "end.points": "{n} points",
      "end.faan": "{n} faan",
      "end.paid": "paid {n}",
      "end.doubled": "{points} points \u00d7 2^{doubles} = {score}",
      "end.handScores": "Hand scores",
      "end.classicalSettle": "Each loser pays the winner the winner's score; the losers then pay one another the difference of their scores; every payment to or from East is doubled.",
      "end.sticks": "Riichi sticks",
      "end.settledDraw": "Settled at the draw",
      "end.settledOther": "Other payments",
      "end.sticksTaken": "{name} takes the sticks on the table",
      "end.ura": "Ura dora indicators",
      "end.chips": "Chips",
      "end.ok": "OK",
      "end.misdeclared": "{name} declared a win that is not one",
      "end.game": "Game over",
      "end.place": "Place",
      "end.player": "Player",
      "end.score": "Score",
      "end.final": "Final",
      "end.chipsCol": "Chips",
      "end.replay": "Watch the replay",
      "end.downloads": "Download the record",
      "end.steps": "How it was scored",
      "replay.title": "Replay",
      "replay.first": "First",
      "replay.prev": "Previous",
      "replay.next": "Next",
      "replay.last": "Last",
      "replay.play": "Play",
      "replay.pause": "Pause",
      "replay.speed": "Speed",
      "replay.hand": "Hand",
      "replay.view": "View",
      "replay.all": "All hands open",
      "replay.seatView": "{name}'s view",
      "replay.step": "Event {i} of {n}",
      "replay.loading": "Loading the record...",
      "replay.missing": "No finished game with this id.",
      "credits.title": "Credits",
    },
  },
};

DICT.en.items = itemsEn;
DICT.ja = ja;
DICT["zh-Hans"] = zhHans;
DICT["zh-Hant"] = zhHant;

/** The languages offered, by code, each named in itself. */
export const LANGUAGES = [["en", "English"], ["ja", "日本語"], ["zh-Hans", "简体中文"], ["zh-Hant", "繁體中文"]];

/** The browser's own language where we have it (zh-TW, zh-HK: traditional). */
function fromBrowser() {
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const low = tag.toLowerCase();
    if (low.startsWith("ja")) return "ja";
    if (/^zh-(tw|hk|mo|hant)/.test(low)) return "zh-Hant";
    if (low.startsWith("zh")) return "zh-Hans";
    if (low.startsWith("en")) return "en";
  }
  return "en";
}

let lang = "en";
try {
  const wanted = new URLSearchParams(location.search).get("lang") || localStorage.getItem("sparrows.lang") || fromBrowser();
  if (wanted && DICT[wanted]) lang = wanted;
} catch (e) { /* no storage: English */ }

export function language() {
  return lang;
}

/** Choose a language: kept in this browser, and the page drawn again in it. */
export function setLanguage(code) {
  if (!DICT[code]) return;
  try { localStorage.setItem("sparrows.lang", code); } catch (e) { /* ignore */ }
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  location.replace(url.toString());
}

/** A language menu (a <select>) for a page's top bar. */
export function languageMenu() {
  const select = document.createElement("select");
  select.className = "lang";
  select.dataset.testid = "language";
  select.setAttribute("aria-label", "Language");
  for (const [code, name] of LANGUAGES) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    if (code === lang) option.selected = true;
    select.appendChild(option);
  }
  select.addEventListener("change", () => setLanguage(select.value));
  return select;
}

/** The hand's name in this language, from the view (the server names it in English). */
export function roundLabel(view, short = false) {
  if (!view) return "";
  if (lang === "en") return short ? view.round_short : view.round_label;
  const x = view.extra || {};
  if (view.ruleset === "riichi" && x.kyoku != null) {
    const n = view.players;
    const wind = words("winds")[Math.floor(x.kyoku / n) % 4];
    return t(short ? "round.riichiShort" : "round.riichi", { wind, n: (x.kyoku % n) + 1, honba: view.honba });
  }
  if (view.ruleset === "hongkong" || view.ruleset === "classical") {
    return t(short ? "round.windShort" : "round.wind", { wind: words("winds")[view.round_wind], n: view.hand_number + 1 });
  }
  return t(short ? "round.handShort" : "round.hand", { n: view.hand_number + 1 });
}

/** A Hong Kong, classical or Sichuan scoring item's name by its id: in English the
 * server's own words, in another language the community's name. */
export function itemName(ruleset, id, fallback) {
  if (lang === "en") return fallback || (itemsEn[ruleset] || {})[id] || id;
  const items = dict().items || {};
  return (items[ruleset] && items[ruleset][id]) || fallback || id;
}

function dict() {
  return DICT[lang] || DICT.en;
}

function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** A UI string by key. */
export function t(key, params) {
  const text = (dict().ui && dict().ui[key]) ?? DICT.en.ui[key] ?? key;
  return fill(text, params);
}

/** One entry of a field of the dictionary (``fu``, ``aborts``...) by its key, in the
 * chosen language, else English, else the key itself (a word the server adds later). */
export function named(field, key) {
  return (dict()[field] || {})[key] ?? (DICT.en[field] || {})[key] ?? key;
}

/** What the rules or the server said (a reason: ``{id, args}``, sparrows/reasons.py) in
 * the chosen language: a tile or a suit named in it too. ``fallback`` (the server's
 * English line) where there is no reason or no word for its id. */
export function said(why, fallback) {
  const text = why && ((dict().reasons || {})[why.id] ?? (DICT.en.reasons || {})[why.id]);
  if (text == null) return fallback;
  const args = { ...(why.args || {}) };
  if (args.tile != null) args.tile = tileName(String(args.tile));
  if (args.suit != null) args.suit = words("suits")[args.suit] ?? args.suit;
  return fill(text, args);
}

/** A field of the dictionary (suits, winds...), English where the language lacks it. */
export function words(field) {
  return dict()[field] ?? DICT.en[field];
}

export function windName(i) {
  return i == null ? "" : words("winds")[i];
}

export function windChar(i) {
  return i == null ? "" : words("windChars")[i];
}

export function rulesetName(name) {
  return words("rulesets")[name] || name;
}

/** An action's word as the ruleset's players say it: riichi "Pon", Hong Kong and
 * classical "Pung", Sichuan "Peng" (a family's own key, else the general one). */
export function verbLabel(verb, ruleset) {
  const family = ruleset === "hongkong" || ruleset === "classical" ? "chinese" : ruleset === "sichuan" ? "sichuan" : "";
  const key = family ? `act.${family}.${verb}` : "";
  const text = key ? t(key) : key;
  return text && text !== key ? text : t(`act.${verb}`);
}

/** Words written in a page's HTML: every element with data-i18n="key" gets t(key). */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  document.documentElement.lang = lang;
}

/** A riichi yaku's name by id, else the label the server gave. */
export function yakuName(id, fallback) {
  return words("yaku")[id] || fallback || id;
}

/** The name of a tile's text (mpsz or Suzume's): "Red five of dots", "East wind". */
export function tileName(text) {
  if (!text) return "";
  const special = words("special");
  if (text === "g") return words("honours")[5];
  if (text === "r") return words("honours")[6];
  let m = /^([0-9])([*PBCGT!]?)([mpszfh])$/.exec(text);
  if (!m) {
    const s = /^([1-9])(\*?)$/.exec(text); // Suzume: bamboo numbers
    if (!s) return text;
    m = [text, s[1], s[2], "s"];
  }
  const [, d, suffix, suit] = m;
  let n = d === "0" ? 5 : Number(d);
  const mark = d === "0" ? special["*"] : suffix ? special[suffix] : "";
  let name;
  if (suit === "z") name = words("honours")[n - 1];
  else if (suit === "f") name = `${words("flowers")[n - 1]} (${words("suits").f} ${n})`;
  else if (suit === "h") name = `${words("seasons")[n - 1]} (${words("suits").h} ${n})`;
  else name = `${n} ${words("suits")[suit]}`;
  return mark ? `${name} (${mark})` : name;
}
