// The table's log: the last few things said at the table, in its own words ("Ann: Pung"
// with the tiles, not `pon 3m 3m 3m`), and an action as words for the hints.

import { clear } from "./util.js";
import { tileEl } from "./tiles.js";
import { t, named, tileName, words, verbLabel } from "./i18n.js";
import { MELD_VERBS } from "./callouts.js";

/** A call's meld type in the table's words ("Pung", "Pon", "Kong"). */
export function callWord(meld, ruleset) {
  return verbLabel(MELD_VERBS[meld] || meld, ruleset);
}

/** The log's line for an event ({text, tiles}), or null when the log says nothing. */
export function logLine(e, names, ruleset) {
  const who = (s) => names[s] || `Seat ${s + 1}`;
  if (e.type === "call") {
    return { text: `${who(e.seat)}: ${callWord(e.meld, ruleset)}`, tiles: e.tiles || [] };
  }
  if (e.type === "discard" && e.riichi) return { text: `${who(e.seat)}: ${t("act.riichi")}`, tiles: [] };
  if (e.type === "win") {
    return { text: `${who(e.seat)}: ${verbLabel(e.from_seat == null ? "tsumo" : "ron", ruleset)}`, tiles: [e.tile] };
  }
  if (e.type === "bonus") return { text: `${who(e.seat)}: ${tileName(e.tile)}`, tiles: [] };
  if (e.type === "exhaustive_draw") return { text: t("end.draw"), tiles: [] };
  if (e.type === "abort") return { text: t("end.abort", { reason: named("aborts", e.reason) }), tiles: [] };
  return null;
}

/** The lines into ``box``, with tile pictures. */
export function renderLog(box, lines) {
  clear(box);
  lines.forEach((line, i) => {
    if (i) box.append(" \u00b7 ");
    box.append(line.text);
    for (const tile of line.tiles) box.append(" ", tileEl(tile, { cls: "mini" }));
  });
}

/** An action as the table's words: "Void: dots", "Pung 3m", "Discard 5p". */
export function actionWords(action, ruleset) {
  const [verb, ...rest] = action.split(" ");
  if (verb === "void") return t("act.void", { suit: words("suits")[rest[0]] || rest[0] });
  if (verb === "discard") return t("act.discard", { tile: tileName(rest[0]) });
  const label = verbLabel(verb, ruleset);
  return rest.length && verb !== "exchange" ? `${label} ${rest.map(tileName).join(" ")}` : label;
}
