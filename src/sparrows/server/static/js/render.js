// The table drawn from a view (docs/protocol.md, "A view"): every seat's header, hidden
// hand, melds, bonus tiles and river, and the centre (round, wall, indicators, counters).
// Shared by the live table and the replay; the live table draws its own hand itself.

import { el, clear, fmtNum } from "./util.js";
import { tileEl } from "./tiles.js";
import { t, windChar, windName, rulesetName, roundLabel } from "./i18n.js";
import { family } from "./families.js";

/** Where each seat sits, seen from `me` (the seat drawn at the bottom). */
export function positionOf(seat, me, n) {
  const rel = (seat - me + n) % n;
  if (n === 3) return ["bottom", "right", "left"][rel];
  if (n === 2) return ["bottom", "top"][rel];
  return ["bottom", "right", "top", "left"][rel];
}

/** Which side a meld's feeder sits on, seen from the caller: left, across, right. */
export function feederSide(seat, from, n) {
  if (from == null) return null;
  const rel = (from - seat + n) % n;
  if (rel === n - 1) return "left";
  if (rel === 1) return "right";
  return "across";
}

/** Names told apart: three "Efficiency bot"s become "Efficiency bot 2", "... 3", "... 4". */
export function uniqueNames(list) {
  const count = {};
  for (const name of list) count[name] = (count[name] || 0) + 1;
  return list.map((name, i) => (count[name] > 1 ? `${name} ${i + 1}` : name));
}

export function seatName(ctx, s) {
  return (ctx.names && ctx.names[s]) || `Seat ${s + 1}`;
}

/**
 * Draw the board. ctx: {names, me (the bottom seat), dock (true: the bottom seat's hand
 * and melds are drawn elsewhere), openAll (show every hand that the view holds)}.
 */
export function renderBoard(root, view, ctx) {
  const n = view.players;
  const me = ctx.me ?? 0;
  clear(root);
  root.classList.add("board");
  root.classList.remove("players-2", "players-3", "players-4");
  root.classList.add(`players-${n}`);
  for (let s = 0; s < n; s++) {
    const pos = positionOf(s, me, n);
    root.appendChild(seatPanel(view, s, ctx, pos));
  }
  root.appendChild(centrePanel(view, ctx));
}

function seatPanel(view, s, ctx, pos) {
  const seat = view.seats[s];
  const n = view.players;
  const bottom = pos === "bottom";
  const panel = el("section.seat", {
    cls: `pos-${pos}` + (view.turn === s && !view.over ? " turn" : "") +
      (seat.status !== "playing" ? ` status-${seat.status}` : "") + (bottom ? " bottom" : ""),
    testid: "seat",
    data: { seat: String(s), pos },
  });
  panel.appendChild(seatHeader(view, s, ctx));
  if (!(bottom && ctx.dock)) {
    const hand = seat.hand;
    const row = el("div.seat-hand", { testid: "seat-hand" });
    if (hand) {
      const drawn = s === view.viewer ? view.drawn : null;
      row.appendChild(handTiles(hand, drawn));
    } else if (seat.concealed > 0) {
      const backs = el("div.backs", { title: `${seat.concealed}` });
      for (let i = 0; i < seat.concealed; i++) backs.appendChild(tileEl(null, { hidden: true }));
      row.appendChild(backs);
      row.appendChild(el("span.count", { text: `\u00d7${seat.concealed}` }));
    }
    panel.appendChild(row);
    if (seat.melds.length) {
      const melds = meldsEl(seat.melds, s, n, ctx);
      // just called: the claimed tile moves to its meld (a short animation)
      if (ctx.landing && ctx.landing.meld && ctx.landing.seat === s) melds.lastElementChild.classList.add("land");
      panel.appendChild(melds);
    }
  }
  if (seat.bonus.length) {
    const bonus = el("div.bonus", { testid: "bonus" });
    for (const b of seat.bonus) bonus.appendChild(tileEl(b));
    panel.appendChild(bonus);
  }
  const stick = family(view.ruleset).stick(view.extra || {}, s);
  if (stick) panel.appendChild(stick);
  panel.appendChild(riverEl(view, s, ctx));
  return panel;
}

/** A hand's tiles, the drawn tile set apart (non-interactive). */
export function handTiles(hand, drawn) {
  const row = el("div.tiles");
  const tiles = [...hand];
  let apart = null;
  if (drawn) {
    const i = tiles.lastIndexOf(drawn);
    if (i >= 0) apart = tiles.splice(i, 1)[0];
  }
  for (const tile of tiles) row.appendChild(tileEl(tile));
  if (apart) row.appendChild(tileEl(apart, { cls: "drawn" }));
  return row;
}

function seatHeader(view, s, ctx) {
  const seat = view.seats[s];
  const extra = view.extra || {};
  const head = el("header.seat-head");
  if (seat.wind != null) {
    head.appendChild(el("span.wind", {
      cls: view.dealer === s ? "dealer" : "",
      text: windChar(seat.wind),
      title: windName(seat.wind) + (view.dealer === s ? ` (${t("table.dealer")})` : ""),
    }));
  } else if (view.dealer === s) {
    head.appendChild(el("span.wind.dealer", { text: t("table.dealerMark"), title: t("table.dealer") }));
  }
  const pr = ctx.presence;
  if (pr && pr.seats[s] && pr.seats[s] !== "bot") {
    // a person's seat: here or away (a bot playing for them meanwhile)
    const standing = pr.stand_in.includes(s);
    const state = standing ? "stand-in" : pr.seats[s];
    head.appendChild(el("span.presence", {
      cls: state, testid: "presence", data: { state },
      title: t(state === "here" ? "table.here" : state === "away" ? "table.away" : "table.standIn"),
    }));
  }
  const name = el("span.name", { text: seatName(ctx, s) });
  if (view.viewer === s) name.appendChild(el("span.you", { text: ` (${t("table.you")})` }));
  head.appendChild(name);
  const score = el("span.score", { testid: "score", text: fmtNum(seat.points) });
  head.appendChild(score);
  if (seat.accounts && "chips" in seat.accounts) {
    head.appendChild(el("span.chips", {
      testid: "chips", text: `${fmtNum(seat.accounts.chips, true)} ${t("table.chips")}`,
    }));
  }
  for (const badge of family(view.ruleset).badges(extra, s)) head.appendChild(badge);
  if (pr && ctx.host && pr.seats[s] === "away" && s !== view.viewer && !view.over) {
    const standing = pr.stand_in.includes(s);
    head.appendChild(el("button.stand-in", {
      type: "button", testid: "stand-in", data: { seat: String(s) },
      text: t(standing ? "table.takeBack" : "table.letBot"),
      onclick: () => ctx.host(s, !standing),
    }));
  }
  if (seat.status && seat.status !== "playing") {
    head.appendChild(el("span.badge.status", { text: seat.status === "won" ? t("table.won") : seat.status }));
  }
  return head;
}

export function meldsEl(melds, s, n, ctx) {
  const box = el("div.melds", { testid: "melds" });
  for (const m of melds) box.appendChild(meldEl(m, s, n, ctx));
  return box;
}

/** One meld; the called tile turned towards its feeder (left, across, right). */
export function meldEl(m, s, n, ctx = {}) {
  const side = feederSide(s, m.from_seat, n);
  const box = el("span.meld", {
    testid: "meld",
    data: { type: m.type, from: m.from_seat == null ? "" : String(m.from_seat), side: side || "" },
  });
  const feeder = m.from_seat == null ? "" : ` \u2190 ${seatName(ctx, m.from_seat)}`;
  box.title = `${m.type.replace("_", " ")}${feeder}`;
  if (m.type === "closed_kan") {
    m.tiles.forEach((tile, i) => box.appendChild(
      i === 0 || i === m.tiles.length - 1 ? tileEl(null, { hidden: true }) : tileEl(tile)));
    return box;
  }
  const tiles = [...m.tiles];
  if (m.called == null || side == null) {
    for (const tile of tiles) box.appendChild(tileEl(tile));
    return box;
  }
  if (m.type === "added_kan") {
    const i = tiles.lastIndexOf(m.called);
    const added = tiles.splice(i >= 0 ? i : tiles.length - 1, 1)[0];
    const at = side === "left" ? 0 : side === "right" ? tiles.length - 1 : 1;
    tiles.forEach((tile, j) => {
      if (j === at) {
        box.appendChild(el("span.stack", {},
          tileEl(added, { side: true, cls: "called" }), tileEl(tile, { side: true })));
      } else box.appendChild(tileEl(tile));
    });
    return box;
  }
  const i = tiles.indexOf(m.called);
  const called = tiles.splice(i >= 0 ? i : 0, 1)[0];
  const at = side === "left" ? 0 : side === "right" ? tiles.length : 1;
  tiles.splice(at, 0, null);
  for (const tile of tiles) {
    box.appendChild(tile === null ? tileEl(called, { side: true, cls: "called" }) : tileEl(tile));
  }
  return box;
}

function riverEl(view, s, ctx = {}) {
  const river = el("div.river", { testid: "river" });
  const tiles = view.seats[s].river;
  const last = view.last_discard;
  tiles.forEach((r, i) => {
    const cls = [
      r.tsumogiri ? "tsumogiri" : "",
      r.called ? "called" : "",
      r.dead ? "dead" : "",
      r.riichi ? "riichi" : "",
      last && last.seat === s && i === tiles.length - 1 ? "last" : "",
      // just discarded: it lands in the river (a short animation)
      ctx.landing && !ctx.landing.meld && ctx.landing.seat === s && i === tiles.length - 1 ? "land" : "",
    ].join(" ");
    const tile = tileEl(r.tile, { side: r.riichi, cls, testid: "river-tile" });
    const marks = [r.tsumogiri && "tsumogiri", r.riichi && "riichi", r.called && "called", r.dead && "dead"].filter(Boolean);
    if (marks.length) tile.title += ` (${marks.join(", ")})`;
    river.appendChild(tile);
  });
  return river;
}

/** Around the centre, at each seat's side: its wind and score, lit on its turn; hover or
 * tap shows the difference to yours (as the round counter of a physical table). */
function compass(view, ctx) {
  const n = view.players;
  const me = ctx.me ?? 0;
  const mine = view.seats[me] ? view.seats[me].points : 0;
  const out = [];
  for (let s = 0; s < n; s++) {
    const seat = view.seats[s];
    const pos = positionOf(s, me, n);
    const diff = seat.points - mine;
    const title = s === me ? seatName(ctx, s) : `${seatName(ctx, s)}: ${fmtNum(diff, true)} ${t("table.vsYou")}`;
    const node = el("div.compass", {
      cls: `c-${pos}` + (view.turn === s && !view.over ? " turn" : "") + (view.dealer === s ? " dealer" : ""),
      testid: "compass", data: { seat: String(s), diff: String(diff) }, title, tabindex: "0",
    });
    if (seat.wind != null) node.appendChild(el("span.cwind", { text: windChar(seat.wind) }));
    node.appendChild(el("span.cscore", { text: fmtNum(seat.points) }));
    if (s !== me) node.appendChild(el("span.cdiff", { text: fmtNum(diff, true) }));
    out.push(node);
  }
  return out;
}

function centrePanel(view, ctx) {
  const box = el("section.centre", { testid: "centre" });
  for (const node of compass(view, ctx)) box.appendChild(node);
  const mid = el("div.mid");
  box.appendChild(mid);
  mid.appendChild(el("div.round", { testid: "round-label", text: roundLabel(view) }));
  mid.appendChild(el("div.ruleset", { text: rulesetName(view.ruleset) + (ctx.preset ? ` \u00b7 ${ctx.preset}` : "") }));
  const counts = el("div.counts");
  if (view.wall_left != null) {
    counts.appendChild(el("span.wall", { testid: "wall-left", text: `${t("table.wall")} ${view.wall_left}` }));
  }
  if (view.dead_wall) {
    counts.appendChild(el("span.dead", { testid: "dead-wall", text: `${t("table.deadWall")} ${view.dead_wall}` }));
  }
  mid.appendChild(counts);
  const rules = family(view.ruleset);
  const counters = rules.counters(view);
  if (counters) mid.appendChild(counters);
  if (view.indicators && view.indicators.length) {
    const ind = el("div.indicators", { testid: "indicators" },
      el("span.label", { text: rules.indicatorLabel() }));
    const row = el("span.tiles");
    for (const tile of view.indicators) row.appendChild(tileEl(tile));
    ind.appendChild(row);
    mid.appendChild(ind);
  }
  const extra = view.extra || {};
  if (extra.ura_shown && extra.ura_shown.length) {
    const row = el("span.tiles");
    for (const tile of extra.ura_shown) row.appendChild(tileEl(tile));
    mid.appendChild(el("div.indicators.ura", {}, el("span.label", { text: t("table.ura") }), row));
  }
  if (view.pots && view.pots.chips) {
    mid.appendChild(el("div.pot", { text: `${fmtNum(view.pots.chips)} ${t("table.chips")} ${t("table.pot")}` }));
  }
  return box;
}
