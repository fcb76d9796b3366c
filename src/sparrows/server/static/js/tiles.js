// Tile texts (mpsz and Suzume's) to pictures: a tile is FluffyStuff's Front.svg with the
// face drawn over it; a hidden tile is Back.svg. Red, purple, blue... copies use the
// recoloured faces in tiles/recoloured/ (made from FluffyStuff's CC0 faces); flowers and
// seasons are xhokir's (CC BY 4.0) with a numeral added on top.

import { tileName } from "./i18n.js";

const BASE = "/static/tiles/";
const FLUFFY = BASE + "fluffystuff/";
const RECOLOURED = BASE + "recoloured/";
const XHOKIR = BASE + "xhokir/";

const SUIT_FILE = { m: "Man", p: "Pin", s: "Sou" };
const HONOUR_FILE = ["Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun"];
const SPECIAL_FILE = { P: "Purple", B: "Blue", C: "Cyan", G: "Gold", T: "Platinum" };
const SUITS = "mpszfh";
const SUFFIXES = "*PBCGT!";

/**
 * What a tile's text says: {text, suit, num, copy ('' plain, '*' red, P B C G T, '!' pocchi),
 * suzume}. Suzume's texts (1-9 bamboo, 2*, g, r) read as sou / dragons.
 */
export function parseTile(text) {
  if (text === "g") return { text, suit: "z", num: 6, copy: "", suzume: true };
  if (text === "r") return { text, suit: "z", num: 7, copy: "*", suzume: true };
  let m = /^([0-9])([*PBCGT!]?)([mpszfh])$/.exec(text || "");
  if (m) {
    const copy = m[1] === "0" ? "*" : m[2];
    return { text, suit: m[3], num: m[1] === "0" ? 5 : Number(m[1]), copy, suzume: false };
  }
  m = /^([1-9])(\*?)$/.exec(text || "");
  if (m) return { text, suit: "s", num: Number(m[1]), copy: m[2], suzume: true };
  return null;
}

/** The kind of a tile (its copy forgotten): 0m -> 5m, 3Pm -> 3m, 2* -> 2, 7!z -> 7z. */
export function kindOf(text) {
  const t = parseTile(text);
  if (!t) return text;
  if (t.suzume) return text === "g" || text === "r" ? text : String(t.num);
  return `${t.num}${t.suit}`;
}

/** The URL of a tile's face picture, or "" (no face: a white dragon is blank). */
export function faceUrl(text) {
  const t = parseTile(text);
  if (!t) return "";
  if (t.suit === "f") return `${XHOKIR}Flower${t.num}.svg`;
  if (t.suit === "h") return `${XHOKIR}Season${t.num}.svg`;
  if (t.suit === "z") return `${FLUFFY}${HONOUR_FILE[t.num - 1]}.svg`;
  const file = SUIT_FILE[t.suit] + t.num;
  if (t.copy === "*") {
    if (t.num === 5) return `${FLUFFY}${file}-Dora.svg`;
    if (t.suit === "s") return `${RECOLOURED}${file}-Red.svg`;
    return `${FLUFFY}${file}.svg`;
  }
  if (SPECIAL_FILE[t.copy]) return `${RECOLOURED}${file}-${SPECIAL_FILE[t.copy]}.svg`;
  return `${FLUFFY}${file}.svg`;
}

/** A sort key for a tile's text (as the server sorts hands). */
export function tileKey(text) {
  if (text && SUITS.includes(text[text.length - 1]) && text.length >= 2) {
    const digit = text[0];
    const suffix = text.slice(1, -1);
    const number = digit === "0" ? 5 : /\d/.test(digit) ? Number(digit) : 0;
    let rank = 0;
    if (digit === "0") rank = 1;
    else if (suffix.length === 1 && SUFFIXES.includes(suffix)) rank = 1 + SUFFIXES.indexOf(suffix);
    return [SUITS.indexOf(text[text.length - 1]), number, rank];
  }
  if (text === "g" || text === "r") return [9, text === "g" ? 0 : 1, 0];
  const number = /^\d/.test(text) ? Number(text[0]) : 0;
  return [0, number, text.endsWith("*") ? 1 : 0];
}

export function compareTiles(a, b) {
  const x = tileKey(a), y = tileKey(b);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

export function sortTiles(list) {
  return [...list].sort(compareTiles);
}

/**
 * A tile element. opts: hidden (a back), side (turned sideways), cls (extra classes),
 * title, testid, button (a <button> for a clickable tile).
 */
export function tileEl(text, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "span");
  el.className = "tile";
  if (opts.button) el.type = "button";
  if (opts.side) el.classList.add("side");
  if (opts.cls) for (const c of opts.cls.split(" ").filter(Boolean)) el.classList.add(c);
  const body = document.createElement("span");
  body.className = "body";
  el.appendChild(body);
  if (opts.hidden || text == null) {
    el.classList.add("back");
    el.setAttribute("aria-label", "hidden tile");
    return el;
  }
  const t = parseTile(text);
  el.dataset.tile = text;
  if (opts.testid) el.dataset.testid = opts.testid;
  const name = tileName(text);
  el.title = opts.title || name;
  el.setAttribute("aria-label", name);
  const url = faceUrl(text);
  if (url) {
    const img = document.createElement("img");
    img.className = "face";
    img.src = url;
    img.alt = "";
    img.draggable = false;
    body.appendChild(img);
  }
  if (t) {
    if (t.copy && t.copy !== "*") el.classList.add(`copy-${t.copy === "!" ? "pocchi" : t.copy}`);
    if (t.copy === "*") el.classList.add("red");
    if (t.suit === "z" && t.num === 5) el.classList.add("haku"); // drawn with its frame
    if (t.suit === "f" || t.suit === "h") {
      const num = document.createElement("span");
      num.className = `numeral ${t.suit === "f" ? "flower" : "season"}`;
      num.textContent = String(t.num);
      body.appendChild(num);
    }
    if (t.copy === "!") {
      const badge = document.createElement("span");
      badge.className = "badge pocchi";
      badge.textContent = "\u2605";
      body.appendChild(badge);
    }
  }
  return el;
}

/**
 * A hand or meld text as groups: "234m [555z^] (9999p) 88p" or Suzume's "123 rrr" ->
 * [{tiles: [...], meld: "open"|"closed"|"", feeder: "<"|"^"|">"|"+"|""}].
 */
export function parseGroups(text) {
  const groups = [];
  for (const raw of String(text || "").trim().split(/\s+/).filter(Boolean)) {
    let token = raw;
    let meld = "";
    let feeder = "";
    if (token.startsWith("[")) {
      meld = "open";
      token = token.slice(1, token.endsWith("]") ? -1 : undefined);
    } else if (token.startsWith("(")) {
      meld = "closed";
      token = token.slice(1, token.endsWith(")") ? -1 : undefined);
    }
    const last = token[token.length - 1];
    if ("<^>+".includes(last)) {
      feeder = last;
      token = token.slice(0, -1);
    }
    groups.push({ tiles: parseTiles(token), meld, feeder });
  }
  return groups;
}

/** "123m406p" or "2*34g" -> ["1m","2m","3m","4p","0p","6p"] / ["2*","3","4","g"]. */
export function parseTiles(token) {
  const tiles = [];
  if (/[mpszfh]/.test(token)) {
    let pending = [];
    for (let i = 0; i < token.length; i++) {
      const c = token[i];
      if (/\d/.test(c)) pending.push(c);
      else if (SUFFIXES.includes(c) && pending.length) pending[pending.length - 1] += c;
      else if (SUITS.includes(c)) {
        for (const p of pending) tiles.push(p + c);
        pending = [];
      }
    }
    return tiles;
  }
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c === "*" && tiles.length) tiles[tiles.length - 1] += "*";
    else if (/[1-9gr]/.test(c)) tiles.push(c);
  }
  return tiles;
}

