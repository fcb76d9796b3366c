// The replay viewer (/replay/ID): a finished game's frames (GET /api/replay/ID?view=...),
// each shaped as the live table's state message ({seat, action, events, view}), drawn with
// the table's own code (render.js, panels.js). Steps, hands, play/pause, views; the
// position is kept in the address (#view=all&frame=12).

import { el, clear } from "./util.js";
import { tileEl, parseTile } from "./tiles.js";
import { t, named, tileName, roundLabel, translatePage, languageMenu } from "./i18n.js";
import { actionWords, callWord } from "./log.js";
import { renderBoard, seatName, uniqueNames, handTiles } from "./render.js";
import { HandCollector, handEndPanel, gameEndPanel, downloadFormats, winToast } from "./panels.js";

const $ = (id) => document.getElementById(id);

/** t(key), or `fallback` where the dictionary has no such key yet. */
function tr(key, fallback, params) {
  const text = t(key, params);
  if (text !== key) return text;
  return params ? fallback.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m)) : fallback;
}

const BASE_MS = 900; // one frame at 1x
const SPEEDS = ["0.5", "1", "2", "4", "8"];

const S = {
  id: decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""),
  info: null, // GET /api/tables/ID: names, preset (optional)
  cache: new Map(), // view -> prepared replay
  data: null, // the prepared replay on show
  view: "all",
  i: 0,
  playing: false,
  timer: null,
  speed: 1,
  hidePanelAt: -1, // the frame whose panel was closed (or jumped past)
  loading: 0, // a counter: only the latest load shows
};

// ---------------------------------------------------------------------- loading

async function fetchJSON(url) {
  const res = await fetch(url);
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    const err = new Error((data && data.error) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    throw err;
  }
  return data;
}

/**
 * A replay made ready to show: every frame's hand-end results, game end and mid-hand wins
 * (one HandCollector over the frames, as the live table feeds it), and the open view's
 * drawn tiles set apart.
 */
function prepare(raw) {
  const frames = raw.frames || [];
  const collector = new HandCollector();
  const results = []; // per frame: finished hands
  const gameEnds = [];
  const wins = []; // per frame: wins without the hand's end (Sichuan plays on)
  frames.forEach((f, i) => {
    const done = [];
    let end = null;
    const won = [];
    for (const e of f.events || []) {
      const r = collector.feed(e);
      if (r) done.push(r);
      if (e.type === "game_end") end = e;
      if (e.type === "win") won.push(e);
    }
    results[i] = done;
    gameEnds[i] = end;
    wins[i] = done.length ? [] : won;
    f.drawnOf = openDrawn(f);
  });
  const hands = (raw.hands && raw.hands.length ? raw.hands : [0]).filter((h) => h < frames.length);
  return { ...raw, frames, results, gameEnds, wins, hands };
}

/**
 * The open view (view=all) holds each seat's drawn tile among its concealed tiles, as a
 * seat's own view does; the frame's `drawn` names it by seat. It is taken out of the hand
 * here and set apart when the board is drawn (setDrawnApart).
 */
function openDrawn(f) {
  const out = {};
  const view = f.view;
  if (!view || view.viewer != null || !f.drawn) return out;
  for (const [s, tile] of Object.entries(f.drawn)) {
    const seat = (view.seats || [])[Number(s)];
    if (!seat || !Array.isArray(seat.hand)) continue;
    const at = seat.hand.lastIndexOf(tile);
    if (at < 0) continue;
    seat.hand = [...seat.hand.slice(0, at), ...seat.hand.slice(at + 1)];
    out[s] = tile;
  }
  return out;
}

function loadView(view) {
  if (!S.cache.has(view)) {
    const url = `/api/replay/${encodeURIComponent(S.id)}?view=${encodeURIComponent(view)}`;
    const promise = fetchJSON(url).then(prepare);
    promise.catch(() => S.cache.delete(view));
    S.cache.set(view, promise);
  }
  return S.cache.get(view);
}

/** Show `view` at frame `index` (by default the frame on show: every view has as many). */
async function showView(view, index = null) {
  const ticket = ++S.loading;
  setMessage(tr("replay.loading", "Loading the record..."));
  $("view").disabled = true;
  let data;
  try {
    data = await loadView(view);
  } catch (err) {
    if (ticket !== S.loading) return;
    $("view").disabled = !S.data;
    if (!S.data) fail(err);
    else {
      setMessage("");
      showError(err.message);
      $("view").value = S.view;
    }
    return;
  }
  if (ticket !== S.loading) return;
  setMessage("");
  showError("");
  const first = !S.data;
  S.data = data;
  S.view = view;
  if (!data.frames.length) {
    fail(new Error("this record has no frames"));
    return;
  }
  S.i = Math.max(0, Math.min(data.frames.length - 1, index ?? S.i));
  if (first) setupControls();
  fillHands();
  $("view").value = view;
  $("view").disabled = false;
  draw();
}

/** The replay cannot be shown at all: the error alone, and the way back. */
function fail(err) {
  stop();
  setMessage("");
  const text = err.status === 404
    ? `${tr("replay.missing", "No finished game with this id.")} (${S.id || "?"})`
    : `${tr("replay.failed", "The replay cannot be shown")}: ${err.message}`;
  showError(text, true);
  document.body.classList.add("replay-failed");
  for (const id of ["first", "prev", "play", "next", "last", "slider", "hand", "view"]) $(id).disabled = true;
}

function setMessage(text) {
  $("message").textContent = text;
  $("message").classList.toggle("hidden", !text);
}

let errorTimer = null;
/** An error over the board: `fatal` ones stay (with a link to the lobby), others fade. */
function showError(text, fatal = false) {
  $("error").textContent = text;
  $("error-box").classList.toggle("hidden", !text);
  $("error-lobby").classList.toggle("hidden", !fatal);
  clearTimeout(errorTimer);
  if (text && !fatal) errorTimer = setTimeout(() => showError(""), 6000);
}

// ---------------------------------------------------------------------- names and links

function names() {
  const n = S.data ? S.data.players : 4;
  const seats = (S.info && S.info.seats) || [];
  const list = [];
  for (let s = 0; s < n; s++) {
    const seat = seats.find((x) => x.seat === s);
    list.push((seat && seat.name) || `Seat ${s + 1}`);
  }
  return uniqueNames(list);
}

function ctx() {
  const seat = /^\d+$/.test(S.view) ? Number(S.view) : null;
  return {
    names: names(),
    me: seat ?? 0,
    n: S.data ? S.data.players : 4,
    dock: false,
    openAll: S.view === "all",
    preset: S.info && S.info.preset,
  };
}

/** The options the game started with (its game_start event): where the table's info names
 * no preset, they tell the family which formats can hold the game. */
function startOptions() {
  const start = (S.data.frames[0].events || []).find((e) => e.type === "game_start");
  return (start && start.options) || {};
}

function fillDownloads() {
  const box = clear($("downloads"));
  box.appendChild(el("span.label", { text: `${tr("replay.download", "Download")}: ` }));
  for (const [fmt, label] of downloadFormats(S.data.ruleset, (S.info && S.info.preset) || "", startOptions())) {
    box.appendChild(el("a", {
      href: `/api/records/${encodeURIComponent(S.id)}?format=${fmt}`, download: "",
      testid: `download-${fmt}`, text: label,
    }));
  }
}

function fillViews() {
  const select = clear($("view"));
  select.appendChild(el("option", { value: "all", text: tr("replay.all", "All hands open") }));
  select.appendChild(el("option", { value: "public", text: tr("replay.public", "Spectator") }));
  const c = ctx();
  for (let s = 0; s < S.data.players; s++) {
    select.appendChild(el("option", {
      value: String(s),
      text: `${tr("replay.seatN", "Seat {n}", { n: s + 1 })}: ${seatName(c, s)}`,
    }));
  }
  select.value = S.view;
}

function fillHands() {
  const select = clear($("hand"));
  S.data.hands.forEach((start, k) => {
    const v = S.data.frames[start].view;
    select.appendChild(el("option", { value: String(k), text: roundLabel(v) || `Hand ${k + 1}` }));
  });
  select.disabled = S.data.hands.length < 1;
  $("slider").max = String(S.data.frames.length);
}

function setupControls() {
  fillViews();
  fillDownloads();
  for (const id of ["first", "prev", "play", "next", "last", "slider"]) $(id).disabled = false;
}

// ---------------------------------------------------------------------- drawing

function handAt(i) {
  let k = 0;
  S.data.hands.forEach((start, j) => {
    if (start <= i) k = j;
  });
  return k;
}

function panelAt(i) {
  return S.data.results[i].length > 0 || S.data.gameEnds[i] != null;
}

function draw() {
  const data = S.data;
  if (!data) return;
  const i = S.i;
  const f = data.frames[i];
  const v = f.view;
  const c = ctx();
  renderBoard($("board"), v, c);
  setDrawnApart(f);
  // workaround: render.js marks the view's seat "(you)"; here it is whose view this is
  for (const you of $("board").querySelectorAll(".seat-head .you")) you.textContent = ` (${tr("replay.viewing", "view")})`;
  $("round-short").textContent = roundLabel(v, true);
  document.title = `sparrows · ${tr("replay.title", "Replay")} · ${roundLabel(v)}`;
  $("counter").textContent = `${i + 1} / ${data.frames.length}`;
  $("counter").title = tr("replay.step", "Event {i} of {n}", { i: i + 1, n: data.frames.length });
  drawAction(f, c);
  drawEvents(f, c);
  drawPrompt(v);
  drawPanel(i, c);
  $("hand").value = String(handAt(i));
  $("slider").value = String(i + 1);
  $("first").disabled = $("prev").disabled = i === 0;
  $("next").disabled = $("last").disabled = i === data.frames.length - 1;
  const params = new URLSearchParams({ view: S.view, frame: String(i + 1) });
  history.replaceState(null, "", `#${params}`);
}

/** Each open hand's drawn tile set apart, with render.js's own handTiles. */
function setDrawnApart(f) {
  for (const [s, tile] of Object.entries(f.drawnOf || {})) {
    const seat = f.view.seats[s];
    const row = $("board").querySelector(`.seat[data-seat="${s}"] .seat-hand .tiles`);
    if (!row || !seat || !seat.hand) continue;
    row.replaceWith(handTiles([...seat.hand, tile], tile));
  }
}

function drawAction(f, c) {
  const box = $("action");
  const tiles = clear($("action-tiles"));
  box.dataset.seat = f.seat == null ? "" : String(f.seat);
  if (f.seat == null) {
    box.textContent = `${roundLabel(f.view)}: ${tr("replay.deal", "the deal")}`;
    box.title = "";
    return;
  }
  box.textContent = `${seatName(c, f.seat)}: ${actionWords(f.action || "", S.data.ruleset)}`;
  for (const token of (f.action || "").split(" ").slice(1)) {
    if (parseTile(token)) tiles.appendChild(tileEl(token));
  }
  box.title = (f.action || "").split(" ").slice(1).map((x) => (parseTile(x) ? tileName(x) : x)).join(", ");
}

/** What else happened in the frame: wins, draws, aborts, bonus tiles, riichi. */
function drawEvents(f, c) {
  const who = (s) => seatName(c, s);
  const out = [];
  for (const e of f.events || []) {
    if (e.type === "win") out.push(`${t("end.win", { name: who(e.seat) })} (${e.from_seat == null ? t("end.tsumo") : t("end.ron", { name: who(e.from_seat) })})`);
    else if (e.type === "exhaustive_draw") out.push(t("end.draw"));
    else if (e.type === "abort") out.push(t("end.abort", { reason: named("aborts", e.reason) }));
    else if (e.type === "bonus") out.push(`${who(e.seat)}: ${tileName(e.tile)}`);
    else if (e.type === "call" && e.seat !== f.seat) out.push(`${who(e.seat)}: ${callWord(e.meld, S.data.ruleset)} ${(e.tiles || []).map(tileName).join(" ")}`);
    else if (e.type === "game_end") out.push(t("end.game"));
  }
  $("events").textContent = out.join(" \u00b7 ");
}

/** A seat's view: the decision it owed at that moment (nothing for a lone pass). */
function drawPrompt(v) {
  const box = $("prompt");
  const p = v.prompt;
  if (!p || (p.actions.length === 1 && p.actions[0] === "pass")) {
    box.classList.add("hidden");
    box.textContent = "";
    return;
  }
  box.classList.remove("hidden");
  const words = p.actions.map((a) => actionWords(a, S.data.ruleset));
  const list = words.length > 8 ? [...words.slice(0, 8), "\u2026"] : words;
  box.textContent = `${tr("replay.offered", "Offered")}: ${list.join(" \u00b7 ")}`;
}

function drawPanel(i, c) {
  const box = $("panel");
  clear(box);
  if (!panelAt(i) || S.hidePanelAt === i) {
    box.classList.add("hidden");
    return;
  }
  const before = S.data.frames[Math.max(0, i - 1)].view;
  const n = S.data.players;
  for (const result of S.data.results[i]) {
    box.appendChild(handEndPanel(result, { ...c, n, lastView: before }, closePanel));
  }
  const end = S.data.gameEnds[i];
  if (end) box.appendChild(gameEndPanel(end, { ...c, n, me: /^\d+$/.test(S.view) ? c.me : -1 }, null, closePanel));
  box.classList.remove("hidden");
  box.scrollTop = 0;
}

function closePanel() {
  S.hidePanelAt = S.i;
  drawPanel(S.i, ctx());
}

let toastTimer = null;
function showToasts(i) {
  const wins = S.data.wins[i];
  if (!wins || !wins.length) return;
  document.querySelectorAll(".toast").forEach((x) => x.remove());
  const node = winToast(wins[wins.length - 1], ctx());
  document.body.appendChild(node);
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => node.remove(), Math.min(3500, 4 * interval()));
}

// ---------------------------------------------------------------------- moving

function go(i, opts = {}) {
  if (!S.data) return;
  const last = S.data.frames.length - 1;
  const to = Math.max(0, Math.min(last, i));
  const stepped = to === S.i + 1;
  S.i = to;
  if (opts.skipPanel) S.hidePanelAt = to;
  else if (S.hidePanelAt !== to) S.hidePanelAt = -1;
  draw();
  if (stepped) showToasts(to);
  if (!opts.fromPlay && S.playing) schedule();
}

function interval() {
  return BASE_MS / S.speed;
}

function schedule() {
  clearTimeout(S.timer);
  if (!S.playing) return;
  const shown = panelAt(S.i) && S.hidePanelAt !== S.i;
  const wait = shown ? Math.max(2500 / Math.sqrt(S.speed), 5 * interval()) : interval();
  S.timer = setTimeout(() => {
    if (!S.playing || !S.data) return;
    if (S.i >= S.data.frames.length - 1) {
      stop();
      return;
    }
    go(S.i + 1, { fromPlay: true });
    if (S.i >= S.data.frames.length - 1) stop();
    else schedule();
  }, wait);
}

function play() {
  if (!S.data) return;
  if (S.i >= S.data.frames.length - 1) go(0);
  S.playing = true;
  playButton();
  schedule();
}

function stop() {
  S.playing = false;
  clearTimeout(S.timer);
  playButton();
}

function playButton() {
  const b = $("play");
  b.dataset.state = S.playing ? "playing" : "paused";
  const label = S.playing ? tr("replay.pause", "Pause") : tr("replay.play", "Play");
  b.setAttribute("aria-label", label);
  b.title = `${label} (Space)`;
  b.querySelector(".label").textContent = label;
}

function jumpHand(k) {
  const start = S.data.hands[k];
  if (start == null) return;
  // the first frame of a hand ended the one before: its panel is not this hand's
  go(start, { skipPanel: start > 0 });
}

// ---------------------------------------------------------------------- wiring

$("first").addEventListener("click", () => go(0));
$("prev").addEventListener("click", () => go(S.i - 1));
$("next").addEventListener("click", () => go(S.i + 1));
$("last").addEventListener("click", () => go(Infinity));
$("play").addEventListener("click", () => (S.playing ? stop() : play()));
$("slider").addEventListener("input", (e) => go(Number(e.target.value) - 1));
$("hand").addEventListener("change", (e) => jumpHand(Number(e.target.value)));
$("view").addEventListener("change", (e) => showView(e.target.value));
$("speed").addEventListener("change", (e) => {
  S.speed = Number(e.target.value) || 1;
  try { localStorage.setItem("sparrows.replaySpeed", String(S.speed)); } catch (err) { /* ignore */ }
  if (S.playing) schedule();
});

document.addEventListener("keydown", (e) => {
  if (e.altKey || e.ctrlKey || e.metaKey || !S.data) return;
  const target = e.target;
  if (target instanceof HTMLSelectElement || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
  const onButton = target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;
  switch (e.key) {
    case "ArrowRight": go(S.i + 1); break;
    case "ArrowLeft": go(S.i - 1); break;
    case "Home": go(0); break;
    case "End": go(Infinity); break;
    case "PageDown": jumpHand(Math.min(S.data.hands.length - 1, handAt(S.i) + 1)); break;
    case "PageUp": jumpHand(S.i > S.data.hands[handAt(S.i)] ? handAt(S.i) : Math.max(0, handAt(S.i) - 1)); break;
    case " ":
      if (onButton) return;
      if (S.playing) stop(); else play();
      break;
    case "Escape":
      if ($("panel").classList.contains("hidden")) return;
      closePanel();
      break;
    default:
      return;
  }
  e.preventDefault();
});

async function start() {
  try {
    const saved = localStorage.getItem("sparrows.replaySpeed");
    if (saved && SPEEDS.includes(saved)) S.speed = Number(saved);
  } catch (e) { /* no storage */ }
  $("speed").value = String(S.speed);
  const hash = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const view = hash.get("view") || query.get("view") || "all";
  const frame = Number(hash.get("frame") || query.get("frame") || 1);
  if (!S.id) {
    fail(Object.assign(new Error("no id"), { status: 404 }));
    return;
  }
  S.view = /^(all|public|\d)$/.test(view) ? view : "all";
  if (/^\d$/.test(S.view)) {
    // a seat: first make sure the game has it (the names tell how many seats)
    S.info = await tableInfo(null);
    if (S.info && Number(S.view) >= S.info.seats.length) S.view = "all";
  }
  const frames = loadView(S.view).catch((err) => err);
  if (!S.info) S.info = await tableInfo(frames);
  const first = await frames;
  if (first instanceof Error && (first.status === 404 || S.view === "all")) {
    fail(first);
    return;
  }
  if (first instanceof Error) S.view = "all"; // a view the game lacks (a fifth seat...)
  await showView(S.view, Number.isFinite(frame) ? frame - 1 : 0);
}

/**
 * The seats' names and the preset (optional: without them the seats are "Seat 1"..): the
 * lobby's list of finished games, else (an older game) the table's own line once the
 * replay has loaded (so a wrong id asks nothing more).
 */
async function tableInfo(frames) {
  try {
    const list = await fetchJSON("/api/tables");
    const found = (list.over || []).find((x) => x.id === S.id);
    if (found) return found;
  } catch (err) { /* the replay may still load */ }
  if (!frames || (await frames) instanceof Error) return null;
  try {
    return await fetchJSON(`/api/tables/${encodeURIComponent(S.id)}`);
  } catch (err) {
    return null;
  }
}

translatePage();
$("lang-slot").appendChild(languageMenu());
start();
