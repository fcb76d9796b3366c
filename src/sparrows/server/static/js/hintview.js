// The hints line under the hand: the ruleset's advice on this prompt (asked of the server,
// drawn from the legal actions) in the table's words, and furiten.

import { el, fmtNum } from "./util.js";
import { tileEl } from "./tiles.js";
import { itemName, said, t, words } from "./i18n.js";
import { actionWords } from "./log.js";
import { family } from "./families.js";

function tileRow(tiles) {
  return el("span.hint-tiles", {}, ...tiles.map((x) => tileEl(x, { cls: "mini" })));
}

/** The hint's best discard actions (the best shanten and the most tiles that help). */
export function bestDiscards(h) {
  if (!h || !h.discards.length) return new Set();
  const top = h.discards[0];
  return new Set(h.discards.filter((d) => d.shanten === top.shanten && d.ukeire === top.ukeire).map((d) => d.action));
}

function shantenPart(v, h) {
  const p = v.prompt;
  const offered = p && p.actions.some((a) => a.startsWith("tsumo") || a.startsWith("ron"));
  const turn = v.hand.length % 3 === 2; // a tile to discard: the figures are after it
  const part = (n, ...kids) => el("span", { testid: "hint-shanten", data: { shanten: String(n) } }, ...kids);
  if (h.shanten < 0) return part(-1, offered ? t("hint.complete") : t("hint.completeNoWin"));
  if (turn) return part(h.shanten, h.shanten === 0 ? t("hint.readyAfter") : t("hint.shantenAfter", { n: h.shanten }));
  if (h.shanten === 0 && h.waits.length) {
    const unseen = h.ukeire.filter(([k]) => h.waits.includes(k)).reduce((a, [, n]) => a + n, 0);
    return part(0, `${t("hint.ready")} `, tileRow(h.waits), ` ${t("hint.unseen", { n: unseen })}`);
  }
  const total = h.ukeire.reduce((a, [, n]) => a + n, 0);
  const node = part(h.shanten, t("hint.shanten", { n: h.shanten }));
  if (total && !h.discards.length) node.append(`; ${t("hint.helps", { n: total })} `, tileRow(h.ukeire.map(([k]) => k)));
  return node;
}

/** The discard the server's advice picks by expected points (riichi: the hand's value
 * times its chance to win less what the tile may deal in; the balanced bot's choice),
 * with its figures, or null where the hint carries none. */
export function weighedPick(h) {
  if (!h || !h.pick) return null;
  return h.discards.find((d) => d.action === h.pick && d.worth != null) || null;
}

function pickPart(d) {
  const why = [t("hint.value", { points: fmtNum(d.value), chance: Math.round(d.chance * 100) })];
  if (d.risk > 0) why.push(t("hint.risk", { points: fmtNum(d.risk) }));
  return el("span", { testid: "hint-pick", data: { action: d.action } }, `${t("hint.pick")}: `,
    tileEl(d.action.split(" ").pop(), { cls: "mini" }), ` ${why.join(", ")}`);
}

/** The value plan the bots play the hand for (Hong Kong: one suit), and the discard it
 * throws: what the bots do that the fastest discards alone would not say. */
function planPart(v, h) {
  const p = h.plan;
  const said = t("hint.plan", { item: itemName(v.ruleset, p.item), suit: words("suits")[p.suit], faan: p.faan });
  const kids = [said];
  if (h.pick) kids.push(` · ${t("hint.planPick")}: `, tileEl(h.pick.split(" ").pop(), { cls: "mini" }));
  return el("span", { testid: "hint-plan", data: { item: p.item, suit: p.suit, pick: h.pick || "" } }, ...kids);
}

/** The line's parts for view ``v`` and its hint ``h`` (null while ``asking``). */
export function hintParts(v, h, asking) {
  const parts = [];
  if (asking && !h) parts.push(t("hint.asking"));
  if (h) {
    parts.push(shantenPart(v, h));
    if (h.discards.length) {
      const best = h.discards[0];
      const top = [...bestDiscards(h)].slice(0, 3);
      parts.push(el("span", { testid: "hint-best" }, `${t("hint.best")}: `,
        ...top.map((a) => tileEl(a.split(" ").pop(), { cls: "mini" })),
        ` ${t("hint.after", { shanten: best.shanten, n: best.ukeire })}`));
      const pick = weighedPick(h);
      if (pick) parts.push(pickPart(pick));
      if (h.plan) parts.push(planPart(v, h));
    }
    if (h.suggestion) parts.push(el("span", { testid: "hint-suggestion", text: `${t("hint.suggest")}: ${actionWords(h.suggestion, v.ruleset)}` }));
    if (h.no_win) parts.push(el("span.warn", { testid: "hint-no-win", text: t("hint.noWin", { reason: said(h.no_win_why, h.no_win) }) }));
  }
  const furiten = family(v.ruleset).furiten(v.extra || {});
  if (furiten != null) {
    parts.push(furiten ? el("span.furiten", { testid: "furiten", text: t("table.furiten") })
      : el("span", { testid: "furiten", text: t("table.notFuriten") }));
  }
  if (!parts.length) parts.push(t("table.tilesInHand", { n: v.hand.length }));
  return parts;
}
