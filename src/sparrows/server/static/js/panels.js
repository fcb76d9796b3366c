// The hand-end panel (wins, exhaustive draws, aborts, the scores after the hand) and the
// game-end ranking, built from the game's events (docs/protocol.md, "The event stream").

import { el, fmtNum, signClass } from "./util.js";
import { tileEl, parseGroups, kindOf } from "./tiles.js";
import { t, named, yakuName, itemName, roundLabel } from "./i18n.js";
import { meldEl, seatName } from "./render.js";
import { family } from "./families.js";

/**
 * Collects a hand's ending events; `feed(event)` returns a finished result
 * ({wins, draw, abort, misdeclared, end, melds, bonus}) when the hand ends, else null.
 * `melds` and `bonus` are each seat's melds and bonus tiles as the hand's events made
 * them (a win is drawn with the melds its seat held, whatever the page showed last; a
 * page is fed its table's events from the first, so it has seen every one).
 */
export class HandCollector {
  constructor() {
    this.reset();
  }
  reset() {
    this.cur = { wins: [], draw: null, abort: null, misdeclared: [], end: null, melds: {}, bonus: {} };
  }
  _melds(seat) {
    return (this.cur.melds[seat] = this.cur.melds[seat] || []);
  }
  _call(e) {
    const melds = this._melds(e.seat);
    if (e.meld === "added_kan") {  // the pon of that kind becomes the kong
      const i = melds.findIndex((m) => m.type === "pon" && kindOf(m.tiles[0]) === kindOf(e.tiles[0]));
      const from = i >= 0 ? melds[i].from_seat : e.from_seat;
      const made = { type: e.meld, tiles: [...e.tiles], called: e.called, from_seat: from };
      if (i >= 0) melds[i] = made;
      else melds.push(made);
      return;
    }
    melds.push({ type: e.meld, tiles: [...e.tiles], called: e.called, from_seat: e.from_seat });
  }
  _robbed(e) {
    if (e.meld === "bonus") {
      const bonus = this.cur.bonus[e.seat] || [];
      const i = bonus.lastIndexOf(e.tile);
      if (i >= 0) bonus.splice(i, 1);
      return;
    }
    const melds = this._melds(e.seat);
    const i = melds.findIndex((m) => m.tiles.some((x) => kindOf(x) === kindOf(e.tile)) && m.type.endsWith("kan"));
    if (i < 0) return;
    if (e.meld === "pon" || e.meld === "added_kan") {  // the added kong: back to its pon
      const tiles = [...melds[i].tiles];
      tiles.splice(tiles.lastIndexOf(e.tile) >= 0 ? tiles.lastIndexOf(e.tile) : tiles.length - 1, 1);
      melds[i] = { ...melds[i], type: "pon", tiles };
    } else melds.splice(i, 1);
  }
  feed(e) {
    switch (e.type) {
      case "hand_start":
        this.reset();
        return null;
      case "call":
        this._call(e);
        return null;
      case "robbed":
        this._robbed(e);
        return null;
      case "bonus":
        (this.cur.bonus[e.seat] = this.cur.bonus[e.seat] || []).push(e.tile);
        return null;
      case "win":
        this.cur.wins.push(e);
        return null;
      case "exhaustive_draw":
        this.cur.draw = e;
        return null;
      case "abort":
        this.cur.abort = e;
        return null;
      case "misdeclared":
        this.cur.misdeclared.push(e);
        return null;
      case "hand_end": {
        this.cur.end = e;
        const done = this.cur;
        this.reset();
        return done;
      }
      default:
        return null;
    }
  }
}

function tilesRow(tiles, cls = "") {
  const row = el("span.tiles", { cls });
  for (const tile of tiles) row.appendChild(tileEl(tile));
  return row;
}

/** Takes the tiles of `want` out of `left` (the same copy first, else the same kind), all
 * or none: the tiles taken, or null (and `left` unchanged) when one is missing. */
function takeGroup(want, left) {
  const rest = [...left];
  const got = [];
  for (const tile of want) {
    let i = rest.indexOf(tile);
    if (i < 0) i = rest.findIndex((x) => kindOf(x) === kindOf(tile));
    if (i < 0) return null;
    got.push(rest.splice(i, 1)[0]);
  }
  left.splice(0, left.length, ...rest);
  return got;
}

/** A win's hand as it is held: the concealed tiles (the tile won on among them, marked
 * once) grouped as the reading reads them, then the seat's real melds as it made them,
 * then its flowers, seasons or nuki norths. A group the reading brackets only for scoring
 * (a triplet completed by ron) is drawn as the concealed tiles it is. */
export function winningHand(win, ctx) {
  const box = el("div.win-hand", { testid: "win-hand" });
  const seatView = ctx.lastView && ctx.lastView.seats && ctx.lastView.seats[win.seat];
  let held = [];
  if (Array.isArray(win.hand)) held = [...win.hand];
  else if (ctx.lastView && ctx.lastView.viewer === win.seat && ctx.lastView.hand) {
    held = [...ctx.lastView.hand];
    if (win.from_seat != null && win.tile) held.push(win.tile);
  }
  const left = [...held];
  const groups = [];
  for (const g of parseGroups(win.reading || "")) {
    const taken = takeGroup(g.tiles, left);
    if (taken) groups.push(taken);
  }
  if (left.length) groups.push(left);
  const winKind = kindOf(win.tile);
  let markGroup = -1;
  groups.forEach((g, i) => {
    if (g.some((x) => kindOf(x) === winKind)) markGroup = i;
  });
  groups.forEach((g, gi) => {
    const group = el("span.group", { testid: "win-group" });
    let marked = gi !== markGroup;
    const pick = g.lastIndexOf(win.tile) >= 0 ? g.lastIndexOf(win.tile) : -1;
    g.forEach((tile, i) => {
      const node = tileEl(tile);
      const winning = !marked && (pick >= 0 ? i === pick : kindOf(tile) === winKind);
      if (winning) {
        node.classList.add("winning");
        node.dataset.testid = "winning-tile";
        marked = true;
      }
      group.appendChild(node);
    });
    box.appendChild(group);
  });
  const n = ctx.n || 4;
  const heldMelds = ctx.melds && ctx.melds[win.seat] ? ctx.melds[win.seat] : (seatView && seatView.melds) || [];
  for (const m of heldMelds) {
    box.appendChild(el("span.group.meld", {}, meldEl(m, win.seat, n, ctx)));
  }
  const bonus = ctx.bonus && ctx.bonus[win.seat] ? ctx.bonus[win.seat] : (seatView && seatView.bonus) || [];
  if (bonus.length) {
    const row = el("span.group.bonus", { testid: "win-bonus" });
    for (const b of bonus) row.appendChild(tileEl(b));
    box.appendChild(row);
  }
  return box;
}

function winBlock(win, ctx) {
  const n = ctx.n;
  const who = seatName(ctx, win.seat);
  const how = win.from_seat == null ? t("end.tsumo") : t("end.ron", { name: seatName(ctx, win.from_seat) });
  const block = el("section.win", { testid: "win", data: { seat: String(win.seat) } },
    el("h3", {}, t("end.win", { name: who }), el("span.how", { text: ` \u2014 ${how}` })));
  block.appendChild(winningHand(win, ctx));
  const d = win.detail || {};
  // the headline: what the hand counts in its family's terms, then what it is worth
  const gain = Array.isArray(win.payments) ? win.payments[win.seat] : null;
  const ruleset = (ctx.lastView && ctx.lastView.ruleset) || ctx.ruleset || "";
  const head = family(ruleset).headline(win, d, gain);
  if (d.chips != null) head.push(`${fmtNum(d.chips)} ${t("table.chips")}`);
  block.appendChild(el("div.headline", { testid: "win-headline", text: head.join(" \u00b7 ") }));
  // the items
  const items = el("table.items", { testid: "win-items" });
  const yaku = Array.isArray(d.yaku) && d.yaku.length === (win.items || []).length ? d.yaku : null;
  const ids = Array.isArray(d.items) && d.items.length === (win.items || []).length ? d.items : null;
  (win.items || []).forEach(([label, value], i) => {
    const name = yaku ? yakuName(yaku[i][0], label) : ids ? itemName(ruleset, ids[i][0], label) : label;
    items.appendChild(el("tr", { testid: "win-item" }, el("td", { text: name }), el("td.num", { text: String(value) })));
  });
  if (Array.isArray(d.fu_items) && d.fu_items.length) {
    const fu = d.fu_items.map(([label, v]) => `${named("fu", label)} ${v}`).join(", ");
    items.appendChild(el("tr.fu", {}, el("td", { testid: "fu-items", text: `${t("end.fuItems")}: ${fu}` }), el("td.num", { text: String(d.fu) })));
  }
  if (Array.isArray(d.chip_items)) {
    for (const [label, v] of d.chip_items) {
      items.appendChild(el("tr.chip", {}, el("td", { text: `${t("end.chips")}: ${label}` }), el("td.num", { text: String(v) })));
    }
  }
  block.appendChild(items);
  if (Array.isArray(d.ura_indicators) && d.ura_indicators.length) {
    block.appendChild(el("div.ura", {}, el("span.label", { text: `${t("end.ura")}: ` }), tilesRow(d.ura_indicators)));
  }
  if (Array.isArray(d.steps) && d.steps.length) {
    const steps = el("details.steps", {}, el("summary", { text: t("end.steps") }));
    const ul = el("ul");
    for (const s of d.steps) ul.appendChild(el("li", { text: s }));
    steps.appendChild(ul);
    block.appendChild(steps);
  }
  // payments per seat
  if (Array.isArray(win.payments)) {
    const pay = el("div.payments", { testid: "payments" }, el("span.label", { text: `${t("end.payments")}: ` }));
    win.payments.forEach((v, s) => {
      if (s >= n) return;
      pay.appendChild(el("span.pay", { cls: signClass(v), data: { seat: String(s) } },
        `${seatName(ctx, s)} `, el("b", { text: fmtNum(v, true) })));
    });
    block.appendChild(pay);
  }
  if (Array.isArray(d.hand_scores)) {
    // classical: every hand is scored; the losers settle among themselves too
    block.appendChild(el("p.settle", { testid: "settle" },
      `${t("end.handScores")}: ${d.hand_scores.map((v, s) => `${seatName(ctx, s)} ${fmtNum(v)}`).join(" \u00b7 ")}. `,
      t("end.classicalSettle")));
  }
  return block;
}

/** Riichi sticks: what each seat put on the table this hand and what the winner took from
 * it, read off the hand's figures (score change less the payments of the wins), so the
 * payments add up to the scores. */
function sticksBlock(result, ctx) {
  const end = result.end;
  if (!end || !end.deltas || !result.wins.length) return null;
  const paid = Array(ctx.n).fill(0);
  for (const w of result.wins) (w.payments || []).forEach((v, s) => { if (s < ctx.n) paid[s] += v; });
  const put = end.deltas.map((v, s) => v - paid[s]);
  const taken = paid.reduce((a, b) => a + b, 0);
  if (put.every((v) => v === 0) && taken === 0) return null;
  const rules = family((ctx.lastView && ctx.lastView.ruleset) || ctx.ruleset);
  const label = rules.sideLabel(result);
  const line = el("div.payments.sticks-line", { testid: "sticks" }, el("span.label", { text: `${label}: ` }));
  put.forEach((v, s) => {
    if (v) line.appendChild(el("span.pay", { cls: signClass(v), data: { seat: String(s) } }, `${seatName(ctx, s)} `, el("b", { text: fmtNum(v, true) })));
  });
  if (taken && rules.takesSticks) {
    const winner = result.wins[0].seat;
    // already in the winner's payment above: said, not counted again
    line.appendChild(el("span.pay.taken", { cls: signClass(taken), data: { kind: "taken" } },
      t("end.sticksTaken", { name: seatName(ctx, winner) }), " ", el("b", { text: fmtNum(taken, true) })));
  }
  return line;
}

function drawBlock(draw, ctx) {
  const block = el("section.draw", { testid: "draw" }, el("h3", { text: t("end.draw") }));
  const list = el("div.draw-seats");
  for (let s = 0; s < ctx.n; s++) {
    const ready = (draw.ready || []).includes(s);
    const row = el("div.draw-seat", { cls: ready ? "ready" : "" },
      el("span.name", { text: seatName(ctx, s) }),
      el("span.state", { text: ready ? t("end.ready") : t("end.notReady") }));
    const hand = (draw.hands || [])[s] || [];
    if (hand.length) row.appendChild(tilesRow(hand));
    for (const text of ((draw.melds || [])[s] || [])) {
      for (const g of parseGroups(text)) row.appendChild(tilesRow(g.tiles, "meld"));
    }
    const waits = (draw.waits || [])[s] || [];
    if (waits.length) row.appendChild(el("span.waits", {}, `${t("end.waits")}: `, tilesRow(waits)));
    list.appendChild(row);
  }
  block.appendChild(list);
  return block;
}

function scoresBlock(end, ctx) {
  const table = el("table.scores", { testid: "hand-scores" });
  const chips = end.accounts && end.accounts.chips;
  for (let s = 0; s < ctx.n; s++) {
    const delta = end.deltas ? end.deltas[s] : 0;
    table.appendChild(el("tr", {},
      el("td", { text: seatName(ctx, s) }),
      el("td.num", { cls: signClass(delta), text: fmtNum(delta, true) }),
      el("td.num", { text: fmtNum(end.scores[s]) }),
      chips ? el("td.num", { text: `${fmtNum(chips[s], true)} ${t("table.chips")}` }) : null));
  }
  return el("section.after", {}, el("h4", { text: t("end.scores") }), table);
}

/** The hand-end panel (data-testid="hand-end"). */
export function handEndPanel(result, ctx, onClose) {
  const panel = el("div.panel.hand-end", { testid: "hand-end", role: "dialog", "aria-label": t("end.hand") });
  const label = ctx.lastView && roundLabel(ctx.lastView);
  panel.appendChild(el("h2", { text: label ? `${label}` : t("end.hand") }));
  if (result.abort && !result.wins.length) panel.appendChild(el("h3.abort", { testid: "abort", text: t("end.abort", { reason: named("aborts", result.abort.reason) }) }));
  for (const m of result.misdeclared) {
    panel.appendChild(el("p.misdeclared", { text: t("end.misdeclared", { name: seatName(ctx, m.seat) }) }));
  }
  const held = { ...ctx, melds: result.melds, bonus: result.bonus };
  for (const w of result.wins) panel.appendChild(winBlock(w, held));
  const sticks = sticksBlock(result, ctx);
  if (sticks) panel.appendChild(sticks);
  if (result.draw) panel.appendChild(drawBlock(result.draw, ctx));
  if (result.abort && result.wins.length) panel.appendChild(el("p", { testid: "abort", text: t("end.abort", { reason: named("aborts", result.abort.reason) }) }));
  if (result.end) panel.appendChild(scoresBlock(result.end, ctx));
  if (onClose) {
    panel.appendChild(el("div.panel-buttons", {},
      el("button.primary", { type: "button", testid: "hand-end-close", text: t("end.ok"), onclick: onClose })));
  }
  return panel;
}

/** A single win in the middle of a hand (Sichuan: the others play on). */
export function winToast(win, ctx) {
  return el("div.toast", { testid: "win-toast" },
    `${t("end.win", { name: seatName(ctx, win.seat) })}: ${fmtNum(win.points)}`);
}

/** The game-end ranking (data-testid="game-end"). */
export function gameEndPanel(end, ctx, links, onClose) {
  const panel = el("div.panel.game-end", { testid: "game-end", role: "dialog", "aria-label": t("end.game") });
  panel.appendChild(el("h2", { text: t("end.game") }));
  const r = end.result || {};
  const order = [...Array(ctx.n).keys()].sort((a, b) => end.places[a] - end.places[b] || a - b);
  const hasFinal = Array.isArray(r.final);
  const hasChips = Array.isArray(r.chips);
  const table = el("table.ranking", { testid: "ranking" },
    el("tr", {}, el("th", { text: t("end.place") }), el("th", { text: t("end.player") }),
      el("th.num", { text: t("end.score") }),
      hasFinal ? el("th.num", { text: t("end.final") }) : null,
      hasChips ? el("th.num", { text: t("end.chipsCol") }) : null));
  for (const s of order) {
    table.appendChild(el("tr", { testid: "rank-row", data: { seat: String(s), place: String(end.places[s]) }, cls: s === ctx.me ? "me" : "" },
      el("td.place", { text: String(end.places[s]) }),
      el("td", { text: seatName(ctx, s) }),
      el("td.num", { text: fmtNum(end.scores[s]) }),
      hasFinal ? el("td.num", { cls: signClass(r.final[s]), text: fmtNum(r.final[s], true) }) : null,
      hasChips ? el("td.num", {
        text: fmtNum(r.chips[s], true),
        title: Array.isArray(r.game_chips) ? `game ${fmtNum(r.game_chips[s], true)}, placement ${fmtNum((r.placement_chips || [])[s], true)}` : "",
      }) : null));
  }
  panel.appendChild(table);
  if (end.ended && Object.keys(end.ended).length) {
    panel.appendChild(el("p", { text: Object.entries(end.ended).map(([k, v]) => `${k}: ${v.map((s) => seatName(ctx, s)).join(", ")}`).join("; ") }));
  }
  if (links) panel.appendChild(links);
  if (onClose) {
    panel.appendChild(el("div.panel-buttons", {},
      el("button", { type: "button", testid: "game-end-close", text: t("end.ok"), onclick: onClose })));
  }
  return panel;
}

/** Replay and download links of a finished table. */
export function recordLinks(id, ruleset, preset) {
  const box = el("div.record-links", { testid: "record-links" },
    el("a.button", { href: `/replay/${encodeURIComponent(id)}`, testid: "replay-link", text: t("end.replay") }),
    el("span.label", { text: ` ${t("end.downloads")}: ` }));
  for (const [fmt, label] of downloadFormats(ruleset, preset)) {
    box.appendChild(el("a", { href: `/api/records/${encodeURIComponent(id)}?format=${fmt}`, download: "", testid: `download-${fmt}`, text: label }));
    box.appendChild(document.createTextNode(" "));
  }
  return box;
}

/** Which formats a finished game exports to (tenhou.net/6 and mjai hold riichi only, not the house preset). */
export function downloadFormats(ruleset, preset, options = {}) {
  return [["sparrows", "JSON"], ...family(ruleset).exports(preset, options)];
}

export { meldEl };
