// The live table: one websocket (/ws/ID), hello with the link's token, then a view and the
// new events after every change; answers are {"type": "act", prompt, action}.

import { el, clear, fmtNum } from "./util.js";
import { tileEl, kindOf, compareTiles } from "./tiles.js";
import { said, t, words, verbLabel, translatePage, roundLabel, languageMenu } from "./i18n.js";
import { renderBoard, meldsEl, seatName, uniqueNames } from "./render.js";
import { HandCollector, handEndPanel, gameEndPanel, recordLinks, winToast } from "./panels.js";
import { calloutsOf, showCallouts } from "./callouts.js";
import { family } from "./families.js";
import { autoAction, loadFlow, saveFlow } from "./flow.js";
import { logLine, renderLog } from "./log.js";
import { bestDiscards, hintParts } from "./hintview.js";
import { handOrder, exchangeOptions, within, pickedTiles, exchangeAction } from "./handpick.js";
import { play as playSound, setSound, soundOn } from "./sound.js";

const $ = (id) => document.getElementById(id);

const S = {
  tableId: decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""),
  token: new URLSearchParams(location.hash.slice(1)).get("t") || "",
  host: new URLSearchParams(location.hash.slice(1)).get("h") || "", // the host's secret
  presence: null, // {seats: ["here" | "away" | "bot"], stand_in: [seats]}
  ws: null,
  welcomed: false,
  fatal: false,
  retries: 0,
  cursor: 0,
  seat: null,
  info: null,
  view: null,
  clock: null,
  clockAt: 0,
  sentFor: null, // the prompt id already answered (until the next state)
  mode: null, // {verb: "riichi"} while choosing a riichi discard
  picks: [], // exchange: indices of the tiles picked
  cursorAt: -1, // keyboard cursor in the hand
  collector: new HandCollector(),
  panels: [], // panels waiting to be shown
  gameEnd: null,
  log: [],
  hints: false,
  lastPromptId: null,
  hint: null, // {prompt, hint} from the server, for the current prompt
  hintAsked: null, // the prompt id a hint was asked for
  hold: null, // between hands: {waiting: [seats], until: ms} while the table waits for OKs
  landing: null, // {seat, meld: bool, at}: the discard or meld just made (a short animation)
  flow: loadFlow(), // the player's flow controls, remembered
  passTurn: false, // "pass on everything" until this seat's next turn
  autoFor: null, // the prompt id an automatic answer is being sent for
};

try { S.hints = localStorage.getItem("sparrows.hints") === "1"; } catch (e) { /* ignore */ }

function names() {
  const seats = (S.info && S.info.seats) || [];
  return uniqueNames(seats.map((s) => s.name));
}

function ctx() {
  return {
    names: names(),
    me: S.seat ?? 0,
    n: S.view ? S.view.players : 4,
    dock: S.seat != null,
    preset: S.info && S.info.preset,
    presence: S.presence,
    host: S.host ? standIn : null,
    landing: S.landing && performance.now() - S.landing.at < 400 ? S.landing : null,
  };
}

// ---------------------------------------------------------------------- the connection

function setConn(state, text) {
  const c = $("conn");
  c.dataset.state = state;
  c.querySelector(".conn-text").textContent = text;
  c.title = text;
}

function connect() {
  if (!S.token || !S.tableId) {
    setConn("closed", t("table.badLink"));
    $("status").textContent = t("table.badLink");
    S.fatal = true;
    return;
  }
  setConn("connecting", t("table.connecting"));
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(S.tableId)}`);
  S.ws = ws;
  S.welcomed = false;
  ws.onopen = () => {
    // the page draws from the view each state carries: no need of the update events
    ws.send(JSON.stringify({ type: "hello", token: S.token, cursor: S.cursor, updates: false }));
  };
  ws.onmessage = (m) => {
    let msg;
    try {
      msg = JSON.parse(m.data);
    } catch (e) {
      return;
    }
    onMessage(msg);
  };
  ws.onclose = () => {
    if (S.ws !== ws) return;
    S.ws = null;
    if (S.fatal) return;
    setConn("closed", t("table.offline"));
    const wait = Math.min(8000, 700 * 2 ** Math.min(S.retries, 4));
    S.retries += 1;
    setTimeout(connect, wait);
  };
}

function send(obj) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) {
    S.ws.send(JSON.stringify(obj));
    return true;
  }
  return false;
}

setInterval(() => send({ type: "ping" }), 25000);

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      S.welcomed = true;
      S.retries = 0;
      S.seat = msg.seat;
      S.info = msg.table;
      S.presence = msg.presence || null;
      setConn("open", t("table.connected"));
      document.body.classList.toggle("spectator", msg.seat == null);
      break;
    case "state":
      onState(msg);
      break;
    case "hint":
      S.hint = { prompt: msg.prompt, hint: msg.hint };
      render();
      break;
    case "hold":
      onHold(msg);
      break;
    case "presence":
      onPresence(msg);
      break;
    case "error": {
      if (msg.about === "hint") break; // the prompt moved on: nothing to show
      if (msg.about === "cursor") break; // a fresh start follows at once
      const line = said(msg.why, msg.message); // in the page's language where it has the id
      if (msg.about === "closed") { // the host closed the table, or it expired
        S.fatal = true;
        setConn("closed", line);
      }
      if (!S.welcomed && /link|table/.test(msg.message)) {
        S.fatal = true;
        setConn("closed", line);
        $("status").textContent = line;
      }
      $("error").textContent = line;
      S.sentFor = null;
      render();
      break;
    }
    default:
      break;
  }
}

function onState(msg) {
  if (msg.fresh) {
    // the server starts this page's stream over (its cursor was past the end): what was
    // gathered from the old stream goes, and the events come again from the first
    S.view = null;
    S.log = [];
    S.collector = new HandCollector();
  }
  const initial = S.view == null;
  const before = S.view;
  const c = ctx();
  for (const e of msg.events || []) {
    noteLog(e);
    const done = S.collector.feed(e);
    if (initial) continue;
    if (e.type === "discard") {
      S.landing = { seat: e.seat, meld: false, at: performance.now() };
      playSound("discard");
    } else if (e.type === "call") S.landing = { seat: e.seat, meld: true, at: performance.now() };
    if (e.type === "win" && family(msg.view.ruleset).winToast) showToast(winToast(e, c));
    if (done) addHandPanel(handEndPanel(done, { ...c, n: msg.view.players, lastView: before }, closeHandPanel));
    if (e.type === "game_end") S.gameEnd = e;
  }
  if (!initial) {
    const said = calloutsOf(msg.events || [], msg.view.ruleset, msg.view.players, before, msg.view);
    if (said.length) {
      showCallouts(said, S.seat ?? 0, msg.view.players);
      playSound(said.some((x) => x.kind === "win") ? "win" : said.some((x) => x.kind !== "info") ? "call" : "");
    }
  }
  if (initial && msg.view.over) {
    const end = [...(msg.events || [])].reverse().find((e) => e.type === "game_end");
    if (end) S.gameEnd = end;
  }
  if (S.gameEnd && !S.gameEndShown) {
    S.gameEndShown = true;
    S.panels.push(gameEndPanel(S.gameEnd, { ...c, n: msg.view.players },
      recordLinks(S.tableId, msg.view.ruleset, S.info && S.info.preset), closePanel));
  }
  S.cursor = msg.cursor;
  S.view = msg.view;
  S.clock = msg.clock;
  S.clockAt = performance.now();
  const pid = msg.view.prompt ? msg.view.prompt.id : null;
  if (pid !== S.lastPromptId) {
    S.lastPromptId = pid;
    S.mode = null;
    S.picks = [];
    S.cursorAt = -1; // the keyboard's cursor starts again from the drawn tile (ArrowLeft)
    if (msg.view.prompt && msg.view.prompt.kind === "turn") S.passTurn = false; // its turn: "this turn" is over
    $("error").textContent = "";
  }
  S.sentFor = null;
  render();
  showPanel();
  autoAnswer();
}

// ---------------------------------------------------------------------- flow controls

/** The player's flow settings answer for them (flow.js says what, and when). */
function autoAnswer() {
  const v = S.view;
  const p = prompt();
  if (!v || !p || S.seat == null || S.autoFor === p.id || !$("overlay").classList.contains("hidden")) return;
  const pause = Number((S.info && S.info.settings && S.info.settings.claim_pause) ?? 0.8);
  const auto = autoAction(v, p, S.seat, S.flow, S.passTurn, pause);
  if (!auto) return;
  S.autoFor = p.id;
  setTimeout(() => {
    const now = prompt();
    if (now && now.id === p.id) act(auto.action);
  }, auto.wait);
}

function setupFlow() {
  for (const [id, key] of [["flow-auto-discard", "autoDiscard"], ["flow-auto-win", "autoWin"], ["flow-no-calls", "noCalls"]]) {
    const box = $(id);
    box.checked = Boolean(S.flow[key]);
    box.addEventListener("change", () => { S.flow[key] = box.checked; saveFlow(S.flow); autoAnswer(); });
  }
  const pass = $("pass-turn");
  pass.addEventListener("click", () => {
    S.passTurn = !S.passTurn;
    render();
    autoAnswer();
  });
  const sound = $("sound-toggle");
  sound.checked = soundOn();
  sound.addEventListener("change", () => setSound(sound.checked));
}

/** The log speaks the table's words (log.js), the last four lines. */
function noteLog(e) {
  const line = logLine(e, names(), S.view ? S.view.ruleset : "");
  if (line) {
    S.log.push(line);
    if (S.log.length > 4) S.log.shift();
  }
}

// ---------------------------------------------------------------------- panels

function showPanel() {
  const overlay = $("overlay");
  if (!overlay.classList.contains("hidden") || !S.panels.length) return;
  const panel = S.panels.shift();
  document.querySelectorAll(".toast").forEach((x) => x.remove()); // never over a result
  clear(overlay).appendChild(panel);
  overlay.classList.remove("hidden");
  const button = panel.querySelector(".panel-buttons button");
  if (button) button.focus();
}

function closePanel() {
  const overlay = $("overlay");
  overlay.classList.add("hidden");
  clear(overlay);
  showPanel();
  autoAnswer();
}

/** A hand's result: a player reads it, then presses OK (the table waits for that); a
 * spectator is shown the newest only (the table does not wait for spectators). */
function addHandPanel(panel) {
  panel.dataset.kind = "hand";
  const buttons = panel.querySelector(".panel-buttons");
  if (buttons) panel.insertBefore(el("p.hold-line", { testid: "hold" }), buttons);
  if (S.seat == null) {
    S.panels = S.panels.filter((x) => x.dataset.kind !== "hand");
    const open = $("overlay").firstElementChild;
    if (open && open.dataset.kind === "hand") closePanel();
  }
  S.panels.push(panel);
}

function closeHandPanel() {
  const more = S.panels.some((x) => x.dataset.kind === "hand");
  if (!more && S.seat != null) send({ type: "ready" }); // read them all: the table may go on
  closePanel();
}

/** Who is at the table: each seat's page open or not; a seat that goes or comes back
 * is announced. */
function onPresence(msg) {
  const before = S.presence;
  S.presence = msg;
  if (before && S.view) {
    msg.seats.forEach((state, s) => {
      const was = before.seats[s];
      if (s === S.seat || was === state || state === "bot") return;
      const name = seatName(ctx(), s);
      showToast(el("div.toast", { testid: "presence-toast" },
        t(state === "here" ? "table.back" : "table.left", { name })));
    });
  }
  if (S.view) render();
}

/** The host hands an absent player's seat to a bot, or takes it back. */
async function standIn(seat, on) {
  try {
    const res = await fetch(`/api/tables/${encodeURIComponent(S.tableId)}/host`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ host: S.host, do: "stand_in", seat, on }),
    });
    if (!res.ok) $("error").textContent = ((await res.json().catch(() => null)) || {}).error || res.statusText;
  } catch (err) {
    $("error").textContent = String(err);
  }
}

/** The table waits between hands for the people to press OK (or its countdown). */
function onHold(msg) {
  if (msg.waiting.length) {
    S.hold = { waiting: msg.waiting, until: performance.now() + msg.seconds * 1000 };
  } else {
    S.hold = null;
    // the table went on (everyone pressed OK, or the time ran out): the results go
    S.panels = S.panels.filter((x) => x.dataset.kind !== "hand");
    const open = $("overlay").firstElementChild;
    if (open && open.dataset.kind === "hand") closePanel();
  }
  if (S.view) render();
  autoAnswer();
}

function renderHold() {
  const h = S.hold;
  const text = h ? t("table.nextHand", {
    n: Math.max(0, Math.ceil((h.until - performance.now()) / 1000)),
    names: h.waiting.map((s) => seatName(ctx(), s)).join(", "),
  }) : "";
  document.querySelectorAll("[data-testid=hold]").forEach((x) => { x.textContent = text; });
  return text;
}
setInterval(() => { if (S.hold) renderHold(); }, 500);

let toastTimer = null;
function showToast(node) {
  document.querySelectorAll(".toast").forEach((x) => x.remove());
  if (!$("overlay").classList.contains("hidden")) return; // a result is being read
  document.body.appendChild(node);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => node.remove(), 3500);
}

// ---------------------------------------------------------------------- rendering

function render() {
  const v = S.view;
  if (!v) return;
  const c = ctx();
  $("round-short").textContent = v.over ? t("end.game") : roundLabel(v, true);
  $("rules-link").href = `/rules/${encodeURIComponent(v.ruleset)}`;
  // the prompt the view shows and whether it was answered (tests and tools read these)
  document.body.dataset.prompt = v.prompt ? String(v.prompt.id) : "";
  document.body.dataset.answered = v.prompt && S.sentFor === v.prompt.id ? "1" : "";
  document.title = `sparrows · ${roundLabel(v)}`;
  renderBoard($("board"), v, c);
  renderStatus(v, c);
  renderClock();
  renderHints(v);
  renderActions(v);
  renderHand(v, c);
  renderLog($("log"), S.log);
  const furiten = family(v.ruleset).furiten(v.extra || {});
  $("furiten-badge").classList.toggle("hidden", !(S.seat != null && furiten && !v.over));
  const pass = $("pass-turn");
  pass.classList.toggle("hidden", S.seat == null || v.over);
  pass.disabled = Boolean(v.prompt && v.prompt.kind === "turn"); // its own turn: nothing to pass
  pass.classList.toggle("on", S.passTurn);
  pass.setAttribute("aria-pressed", S.passTurn ? "true" : "false");
}

/** The seat whose turn it is when its player is away (a turn is public, a claim window
 * is not: nothing is said then). */
function awayTurn(v) {
  const pr = S.presence;
  if (!pr || v.over || v.last_discard || v.turn === S.seat) return null;
  const state = pr.seats[v.turn];
  return state === "away" && !pr.stand_in.includes(v.turn) ? v.turn : null;
}

function prompt() {
  const p = S.view && S.view.prompt;
  if (!p || S.sentFor === p.id || S.hold) return null; // between hands: nothing yet
  return p;
}

function passOnly(p) {
  return p && p.actions.length === 1 && p.actions[0] === "pass";
}

function renderStatus(v, c) {
  const line = $("status");
  clear(line);
  line.classList.remove("mine");
  const p = v.prompt;
  const who = (s) => seatName(c, s);
  const parts = [];
  if (v.over) parts.push(t("table.over"));
  else if (S.hold) parts.push(el("span", { testid: "hold" }));
  else if (awayTurn(v) != null) parts.push(t("table.waitAway", { name: who(awayTurn(v)) }));
  else if (S.seat == null) {
    parts.push(`${t("table.spectating")}: `);
    if (v.last_discard) parts.push(...tileText("table.claim", { name: who(v.last_discard.seat) }, v.last_discard.tile));
    else parts.push(t("table.turnOf", { name: who(v.turn) }));
  } else if (!p || S.sentFor === p.id) {
    if (p) parts.push(t("table.waitOthers"));
    else if (v.last_discard) {
      parts.push(...tileText("table.claim", { name: who(v.last_discard.seat) }, v.last_discard.tile));
    } else parts.push(v.turn === S.seat ? t("table.yourTurnAct") : t("table.turnOf", { name: who(v.turn) }));
  } else if (passOnly(p)) {
    if (p.subject) parts.push(...tileText("table.claim", { name: who(p.offered_by) }, p.subject), " \u2014 ");
    parts.push(t("table.waiting"));
  } else {
    line.classList.add("mine");
    switch (p.kind) {
      case "turn":
        if (S.mode) parts.push(t("table.riichiPick", { what: t(`act.${S.mode.verb}`) }));
        else parts.push(p.actions.some((a) => a.startsWith("discard ")) ? t("table.yourTurn") : t("table.yourTurnAct"));
        break;
      case "claim":
        parts.push(...tileText("table.claim", { name: who(p.offered_by) }, p.subject));
        break;
      case "rob":
        parts.push(...tileText("table.rob", { name: who(p.offered_by) }, p.subject));
        break;
      case "exchange": parts.push(t("table.exchangeAsk")); break;
      case "void": parts.push(t("table.voidAsk")); break;
      case "dealer": parts.push(t("table.dealerAsk")); break;
      case "kokan": parts.push(t("table.kokanAsk")); break;
      case "vote": parts.push(t("table.voteAsk")); break;
      default: parts.push(p.kind);
    }
  }
  for (const part of parts) line.append(part);
  renderHold();
}

/** A sentence with a tile in it: the {tile} placeholder becomes a tile picture. */
function tileText(key, params, tile) {
  const text = t(key, { ...params, tile: "\u0000" });
  const [a, b] = text.split("\u0000");
  return b === undefined ? [text] : [a, tileEl(tile), b];
}

function renderClock() {
  const box = $("clock");
  const c = S.clock;
  if (!c || !S.view || S.view.over) {
    box.classList.add("hidden");
    return;
  }
  box.classList.remove("hidden");
  const p = prompt();
  const running = p && !passOnly(p);
  const spent = running ? (performance.now() - S.clockAt) / 1000 : 0;
  const base = Math.max(0, c.base - spent);
  const bank = Math.max(0, c.bank - Math.max(0, spent - c.base));
  clear(box).append(`${t("table.clock")} ${Math.ceil(running ? base : c.base)}s `,
    el("span.bank", { text: `+ ${t("table.bank")} ${Math.ceil(bank)}s` }));
  box.classList.toggle("low", running && base <= 0);
  box.dataset.base = String(Math.ceil(base));
  box.dataset.bank = String(Math.ceil(bank));
}
setInterval(renderClock, 250);

/** The server's hint for the prompt on view, or null. */
function hintNow(v) {
  return S.hint && v.prompt && S.hint.prompt === v.prompt.id ? S.hint.hint : null;
}

/** Ask the server for the ruleset's advice on the current prompt (once per prompt). */
function askHint(v) {
  const p = v.prompt;
  if (!S.hints || S.seat == null || !p || passOnly(p) || S.hintAsked === p.id) return;
  if (send({ type: "hint", prompt: p.id })) S.hintAsked = p.id;
}

function renderHints(v) {
  const box = $("hints");
  const toggle = $("hint-toggle");
  toggle.checked = S.hints;
  const info = $("exchange-info");
  clear(info);
  const x = family(v.ruleset).exchange(v.extra || {});
  if (x) {
    info.classList.remove("hidden");
    if (x.gave) info.append(`${t("table.gave")} `, ...x.gave.map((tile) => tileEl(tile)));
    if (x.got) info.append(` ${t("table.got")} `, ...x.got.map((tile) => tileEl(tile)));
  } else info.classList.add("hidden");
  if (!S.hints || S.seat == null || !v.hand) {
    box.classList.add("hidden");
    return;
  }
  box.classList.remove("hidden");
  clear(box);
  askHint(v);
  const p = v.prompt;
  const parts = hintParts(v, hintNow(v), Boolean(p && !passOnly(p)));
  parts.forEach((part, i) => {
    if (i) box.append(" \u00b7 ");
    box.append(part);
  });
}

// ---------------------------------------------------------------------- actions

const MODE_VERBS = ["riichi", "open_riichi", "tako_riichi"];

function act(action) {
  const p = prompt();
  if (!p || !p.actions.includes(action)) return;
  if (send({ type: "act", prompt: p.id, action })) {
    S.sentFor = p.id;
    S.mode = null;
    S.picks = [];
    render();
  }
}

function actionButton(action, label, opts = {}) {
  const b = el("button", {
    type: "button", testid: "action", data: { action }, cls: opts.cls || "",
    onclick: () => act(action),
  }, label);
  if (opts.tiles) {
    const row = el("span.tiles");
    let subject = opts.subject;
    for (const tile of opts.tiles) {
      const isSubject = subject != null && tile === subject;
      if (isSubject) subject = null;
      row.appendChild(tileEl(tile, { side: isSubject, cls: isSubject ? "called" : "" }));
    }
    b.appendChild(row);
  }
  return b;
}

function renderActions(v) {
  const box = clear($("actions"));
  const p = prompt();
  if (!p || passOnly(p) || S.seat == null) return;
  const buttons = [];
  const actions = p.actions;
  const verbs = new Set(actions.map((a) => a.split(" ")[0]));
  const mine = (tiles) => [...tiles, ...(p.subject ? [p.subject] : [])].sort(compareTiles);
  if (S.mode) {
    buttons.push(el("button", { type: "button", testid: "action-cancel", onclick: () => { S.mode = null; render(); } }, t("table.cancel")));
  } else {
    for (const a of actions) {
      const [verb, ...rest] = a.split(" ");
      if (verb === "tsumo" || verb === "ron") buttons.push(actionButton(a, verbLabel(verb, v.ruleset), { cls: "win" }));
    }
    for (const verb of MODE_VERBS) {
      if (verbs.has(verb)) {
        buttons.push(el("button", {
          type: "button", testid: "action-mode", data: { mode: verb }, cls: "primary",
          onclick: () => { S.mode = { verb }; S.cursorAt = -1; render(); },
        }, t(`act.${verb}`)));
      }
    }
    for (const a of actions) {
      const [verb, ...rest] = a.split(" ");
      switch (verb) {
        case "chi":
        case "pon":
        case "kan":
          buttons.push(actionButton(a, verbLabel(verb, v.ruleset), { tiles: mine(rest), subject: p.subject }));
          break;
        case "ankan":
          buttons.push(actionButton(a, verbLabel(verb, v.ruleset), { tiles: v.hand.filter((x) => kindOf(x) === kindOf(rest[0])).slice(0, 4) }));
          break;
        case "kakan":
        case "nuki":
          buttons.push(actionButton(a, verbLabel(verb, v.ruleset), { tiles: rest }));
          break;
        case "abort":
          buttons.push(actionButton(a, p.kind === "vote" ? t("act.abortVote") : t("act.abortTurn"), { cls: "danger" }));
          break;
        case "continue":
        case "pass_deal":
          buttons.push(actionButton(a, t(`act.${verb}`), { cls: verb === "continue" ? "primary" : "" }));
          break;
        case "kokan": {
          const eff = p.payload && p.payload.effects && p.payload.effects[rest[0]];
          const detail = eff ? ` (han ${fmtNum(eff[0], true)}, ${t("table.chips")} ${fmtNum(eff[1], true)})` : "";
          buttons.push(actionButton(a, t("act.kokan", { what: rest[0] }) + detail));
          break;
        }
        case "void": {
          const held = p.payload && p.payload.held ? p.payload.held[rest[0]] : null;
          const suit = words("suits")[rest[0]] || rest[0];
          buttons.push(actionButton(a, t("act.void", { suit }) + (held != null ? ` (${held})` : "")));
          break;
        }
        case "discard": case "tsumo": case "ron": case "pass": case "exchange":
        case "riichi": case "open_riichi": case "tako_riichi":
          break;
        default:
          buttons.push(actionButton(a, a));
      }
    }
    if (verbs.has("exchange")) {
      const chosen = exchangeAction(v, p, S.picks);
      const b = el("button", {
        type: "button", testid: "action", cls: "primary", data: { action: chosen || "" },
        disabled: !chosen, onclick: () => chosen && act(chosen),
      }, t("act.exchange"));
      buttons.push(b);
    }
    if (actions.includes("pass")) buttons.push(actionButton("pass", t("act.pass")));
  }
  let key = 1;
  for (const b of buttons) {
    if (key <= 9 && b.dataset.testid !== "action-cancel") {
      b.dataset.key = String(key);
      b.appendChild(el("span.key", { text: String(key) }));
      key += 1;
    }
    box.appendChild(b);
  }
}

// ---------------------------------------------------------------------- the hand

/** The action a click on `tile` sends now, or null. */
function tileAction(p, tile) {
  if (!p) return null;
  const verb = S.mode ? S.mode.verb : "discard";
  const a = `${verb} ${tile}`;
  return p.actions.includes(a) ? a : null;
}

function renderHand(v, c) {
  const box = clear($("my-hand"));
  if (S.seat == null || !v.hand) return;
  box.style.setProperty("--count", String(v.hand.length + (v.drawn ? 0.5 : 0)));
  const p = prompt();
  const exchanging = p && p.kind === "exchange";
  const { tiles, drawn } = handOrder(v);
  const all = drawn ? [...tiles, drawn] : tiles;
  const hand = el("div.hand", { testid: "hand", cls: S.mode || exchanging ? "choosing" : "" });
  const options = exchanging ? exchangeOptions(p) : [];
  const picked = exchanging ? pickedTiles(v, S.picks) : [];
  const best = S.hints ? bestDiscards(hintNow(v)) : new Set();
  all.forEach((tile, i) => {
    if (drawn && i === all.length - 1) hand.appendChild(el("span.drawn-gap"));
    let action = null;
    let can = false;
    const isPicked = exchanging && S.picks.includes(i);
    if (exchanging) {
      can = isPicked || (picked.length < 3 && options.some((o) => within([...picked, tile], o.tiles)));
    } else {
      action = tileAction(p, tile);
      can = action != null;
    }
    const node = tileEl(tile, {
      button: true, testid: "hand-tile",
      cls: [can ? "can" : "", drawn && i === all.length - 1 ? "drawn" : "", isPicked ? "picked" : "",
        i === S.cursorAt ? "cursor" : "", action && best.has(action) ? "best" : ""].join(" "),
    });
    node.dataset.index = String(i);
    if (action) node.dataset.action = action;
    if (!can) node.disabled = true;
    node.tabIndex = can ? 0 : -1;
    node.addEventListener("click", (e) => clickTile(i, e.detail === 0));
    hand.appendChild(node);
  });
  box.appendChild(hand);
  const me = v.seats[S.seat];
  if (me.melds.length) box.appendChild(meldsEl(me.melds, S.seat, v.players, c));
  if (me.bonus.length) {
    const bonus = el("div.bonus", { testid: "my-bonus" });
    for (const b of me.bonus) bonus.appendChild(tileEl(b));
    box.appendChild(bonus);
  }
}

function clickTile(i, keyboard = false) {
  const v = S.view;
  const p = prompt();
  if (!v || !p) return;
  const { tiles, drawn } = handOrder(v);
  const all = drawn ? [...tiles, drawn] : tiles;
  const tile = all[i];
  if (tile == null) return;
  S.cursorAt = keyboard ? i : -1;
  if (p.kind === "exchange") {
    const at = S.picks.indexOf(i);
    if (at >= 0) S.picks.splice(at, 1);
    else if (S.picks.length < 3) {
      const picked = pickedTiles(v, S.picks);
      if (exchangeOptions(p).some((o) => within([...picked, tile], o.tiles))) S.picks.push(i);
    }
    render();
    return;
  }
  const action = tileAction(p, tile);
  if (action) act(action);
}

// ---------------------------------------------------------------------- keyboard

document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const overlay = $("overlay");
  if (!overlay.classList.contains("hidden")) {
    if (e.key === "Escape" || (e.key === "Enter" && !(e.target instanceof HTMLButtonElement))) {
      e.preventDefault();
      closePanel();
    }
    return;
  }
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  const v = S.view;
  if (!v || S.seat == null) return;
  const tiles = [...document.querySelectorAll("#my-hand .hand .tile")];
  if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
    e.preventDefault();
    if (!tiles.length) return;
    const step = e.key === "ArrowLeft" ? -1 : 1;
    let at = S.cursorAt < 0 ? (step > 0 ? -1 : tiles.length) : S.cursorAt;
    at = Math.max(0, Math.min(tiles.length - 1, at + step));
    S.cursorAt = at;
    render();
    const node = document.querySelector(`#my-hand .hand .tile[data-index="${at}"]`);
    if (node && !node.disabled) node.focus();
  } else if (e.key === "Enter" || e.key === " ") {
    if (e.target instanceof HTMLButtonElement && !e.target.classList.contains("tile")) return;
    if (S.cursorAt >= 0) {
      e.preventDefault();
      clickTile(S.cursorAt, true);
    }
  } else if (/^[1-9]$/.test(e.key)) {
    const b = document.querySelector(`#actions button[data-key="${e.key}"]`);
    if (b && !b.disabled) {
      e.preventDefault();
      b.click();
    }
  } else if (e.key === "Escape") {
    if (S.mode) {
      S.mode = null;
      render();
    } else {
      const pass = document.querySelector('#actions button[data-action="pass"]');
      if (pass) pass.click();
    }
  }
});

translatePage();
$("lang-slot").appendChild(languageMenu());
setupFlow();

$("hint-toggle").addEventListener("change", (e) => {
  S.hints = e.target.checked;
  try { localStorage.setItem("sparrows.hints", S.hints ? "1" : "0"); } catch (err) { /* ignore */ }
  render();
});

connect();
