// The lobby: make a table (POST /api/tables) with the ruleset's options as its preset sets
// them or changed, share its links, list the tables in play and the finished games
// (GET /api/tables).

import { el, clear, getJSON, fmtNum } from "./util.js";
import { uniqueNames } from "./render.js";
import { t, rulesetName, translatePage, languageMenu } from "./i18n.js";
import { recordLinks } from "./panels.js";
import { family } from "./families.js";

const $ = (id) => document.getElementById(id);
const STORE = "sparrows.tables";
let META = null;

function known() {
  try {
    return JSON.parse(localStorage.getItem(STORE) || "{}");
  } catch (e) {
    return {};
  }
}

function remember(id, data) {
  try {
    const all = known();
    all[id] = data;
    const ids = Object.keys(all);
    for (const old of ids.slice(0, Math.max(0, ids.length - 50))) delete all[old];
    localStorage.setItem(STORE, JSON.stringify(all));
  } catch (e) { /* no storage */ }
}

function rulesetInfo() {
  return META.rulesets.find((r) => r.name === $("ruleset").value);
}

function players() {
  const r = rulesetInfo();
  const preset = $("preset").value;
  const fromPreset = (preset && r.presets[preset]) || r.players;
  // a ruleset with a "players" option (riichi: 3 for sanma) seats what the option says
  const input = optionInput("players");
  if (input) {
    const n = Number(input.value);
    const [low, high] = input.dataset.low ? [Number(input.dataset.low), Number(input.dataset.high)] : [2, 4];
    if (Number.isInteger(n) && n >= low && n <= high) return n;
  }
  return fromPreset;
}

function fillPresets() {
  const r = rulesetInfo();
  $("rules-link").href = `/rules/${encodeURIComponent(r.name)}`;
  const select = clear($("preset"));
  for (const p of Object.keys(r.presets)) select.appendChild(el("option", { value: p, text: p }));
  const preferred = family(r.name).preferredPreset;
  if (r.presets[preferred]) select.value = preferred;
  presetChanged();
}

function presetChanged() {
  fillOptions();
  fillSeats();
}

// ---------------------------------------------------------------- rule options

function optionInput(name) {
  return document.querySelector(`#option-list [data-kind][data-option="${CSS.escape(name)}"]`);
}

/** Each option's value under the chosen preset: the preset's value, else the default. */
function presetValues() {
  const r = rulesetInfo();
  const given = (r.preset_values || {})[$("preset").value] || {};
  const out = {};
  for (const o of r.options || []) out[o.name] = Object.prototype.hasOwnProperty.call(given, o.name) ? given[o.name] : o.default;
  return out;
}

/** What kind of input an option gets: bool, choice, int, float, list or text. */
function optionKind(o, value) {
  const v = value != null ? value : o.default;
  if (typeof v === "boolean") return "bool";
  if (o.choices && o.choices.length) return "choice";
  if (Array.isArray(v)) return "list";
  if (typeof v === "number") return Number.isInteger(o.default) || (o.range && o.range.length) ? "int" : "float";
  return "text";
}

function shown(value) {
  if (Array.isArray(value)) return value.join(",");
  if (value == null) return "";
  return String(value);
}

function rangeNote(o, kind) {
  if (!o.range || o.range.length !== 2) return "";
  const [low, high] = o.range;
  return kind === "list" ? `each ${low} to ${high}` : `${low} to ${high}`;
}

function fillOptions() {
  const r = rulesetInfo();
  const values = presetValues();
  const box = clear($("option-list"));
  for (const o of r.options || []) {
    const value = values[o.name];
    const kind = optionKind(o, value);
    const id = `option-${o.name}`;
    const attrs = { id, testid: id, data: { option: o.name, kind, preset: JSON.stringify(value) }, title: o.doc };
    let input;
    if (kind === "bool") {
      input = el("input", { ...attrs, type: "checkbox" });
      input.checked = Boolean(value);
    } else if (kind === "choice") {
      const choices = o.choices.includes(shown(value)) ? o.choices : [shown(value), ...o.choices];
      input = el("select", attrs, ...choices.map((c) => el("option", { value: c, text: c === "" ? "(none)" : c })));
      input.value = shown(value);
    } else if (kind === "int" || kind === "float") {
      input = el("input", { ...attrs, type: "number", step: kind === "int" ? "1" : "any", inputmode: kind === "int" ? "numeric" : "decimal" });
      if (o.range && o.range.length === 2) {
        input.min = String(o.range[0]);
        input.max = String(o.range[1]);
        input.dataset.low = String(o.range[0]);
        input.dataset.high = String(o.range[1]);
      }
      input.value = shown(value);
    } else {
      input = el("input", { ...attrs, type: "text", spellcheck: "false" });
      input.value = shown(value);
      if (kind === "list") input.placeholder = shown(o.default) || "1,2,3";
    }
    const note = [rangeNote(o, kind), kind === "list" ? "comma-separated" : ""].filter(Boolean).join(", ");
    const help = el("span.option-doc", { id: `${id}-doc`, text: note ? `${o.doc} (${note})` : o.doc });
    input.setAttribute("aria-describedby", help.id);
    const name = el("span.option-name", { text: o.name });
    const row = kind === "bool"
      ? el("label.option.bool", { for: id }, el("span.option-head", {}, input, name), help)
      : el("label.option", { for: id }, name, input, help);
    row.dataset.option = o.name;
    box.appendChild(row);
  }
  markChanged();
}

/** An option input's value as JSON for the server. A text that is not a whole number (or
 * list of them) where one is wanted is sent as it stands: the server says what is wrong. */
function readOption(input) {
  const kind = input.dataset.kind;
  if (kind === "bool") return input.checked;
  const text = input.value.trim();
  if (kind === "int") return /^[-+]?\d+$/.test(text) ? Number(text) : input.value;
  if (kind === "float") return text !== "" && Number.isFinite(Number(text)) ? Number(text) : input.value;
  if (kind === "list") {
    const parts = text.split(/[\s,]+/).filter(Boolean);
    const preset = JSON.parse(input.dataset.preset || "[]");
    const numbers = !Array.isArray(preset) || preset.length === 0 || preset.every((x) => typeof x === "number");
    if (!numbers) return parts;
    return parts.every((x) => /^[-+]?\d+$/.test(x)) ? parts.map(Number) : text;
  }
  return input.value;
}

/** The options the user changed from the preset's values: {name: value}. */
function changedOptions() {
  const out = {};
  for (const input of document.querySelectorAll("#option-list [data-kind]")) {
    const value = readOption(input);
    if (JSON.stringify(value) !== input.dataset.preset) out[input.dataset.option] = value;
  }
  return out;
}

function markChanged() {
  const changed = changedOptions();
  for (const row of document.querySelectorAll("#option-list .option")) {
    row.classList.toggle("changed", Object.prototype.hasOwnProperty.call(changed, row.dataset.option));
  }
  const n = Object.keys(changed).length;
  $("options-changed").textContent = n ? `(${n} changed)` : "";
  $("options-reset").disabled = n === 0;
}

function optionEdited(e) {
  const target = e.target;
  if (!target || !target.dataset || !target.dataset.option) return;
  clearFlag(target);
  markChanged();
  if (target.dataset.option === "players") fillSeats();
}

/** Point at the option a server error names ("option 'x' must be ..."). */
function flagOption(message) {
  const m = /option '([^']+)'/.exec(message || "");
  const input = m && optionInput(m[1]);
  if (!input) return;
  $("options").open = true;
  input.setAttribute("aria-invalid", "true");
  const row = input.closest(".option");
  if (row) row.appendChild(el("span.option-error", { role: "alert", text: message }));
  input.focus();
}

function clearFlag(input) {
  input.removeAttribute("aria-invalid");
  const row = input.closest(".option");
  for (const old of row ? row.querySelectorAll(".option-error") : []) old.remove();
}

function fillSeats() {
  const n = players();
  const box = $("seats");
  const old = [...box.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector("select").value, name: row.querySelector("input").value,
  }));
  clear(box);
  // the bots this ruleset may seat (an external bot the server's owner added may play
  // some rulesets only)
  const only = META.bot_rulesets || {};
  const bots = META.bots.filter((b) => !only[b] || only[b].includes($("ruleset").value));
  $("players-note").textContent = t("lobby.players", { n });
  for (let i = 0; i < n; i++) {
    const prev = old[i];
    const kind = el("select.seat-kind", { testid: "seat-kind", data: { seat: String(i) }, "aria-label": t("lobby.seatPlayer", { n: i + 1 }) },
      el("option", { value: "human", text: t("lobby.human") }),
      ...bots.map((b) => el("option", { value: `bot:${b}`, text: t("lobby.bot", { kind: b }) })));
    const kept = prev && (prev.kind === "human" || bots.includes(prev.kind.slice(4)));
    kind.value = kept ? prev.kind : i === 0 ? "human" : `bot:${bots[0]}`;
    const name = el("input.seat-name", {
      type: "text", maxlength: "24", testid: "seat-name", data: { seat: String(i) },
      placeholder: t(i === 0 ? "lobby.yourName" : "lobby.nameOptional"), "aria-label": t("lobby.seatName", { n: i + 1 }),
      value: prev ? prev.name : "",
    });
    box.appendChild(el("div.seat-row", { testid: "seat-row", data: { seat: String(i) } },
      el("span.seat-label", {}, t("lobby.seat", { n: i + 1 }), i === 0 ? el("span.wind", { text: ` (${t("lobby.firstDealer")})` }) : null),
      kind, name));
  }
}

function numberOf(id) {
  const v = Number($(id).value);
  return Number.isFinite(v) && v >= 0 ? v : 0;
}

async function create(e) {
  e.preventDefault();
  const button = $("create");
  $("create-error").textContent = "";
  for (const input of document.querySelectorAll("#option-list [aria-invalid]")) clearFlag(input);
  // the form is novalidate so that rule options reach the server, which explains a bad
  // value; the table settings keep the browser's own checks
  const badSetting = [...document.querySelectorAll("#settings input")].find((i) => !i.checkValidity());
  if (badSetting) {
    $("settings").open = true;
    badSetting.reportValidity();
    return;
  }
  const clockOn = $("clock-on").checked;
  const body = {
    ruleset: $("ruleset").value,
    preset: $("preset").value,
    options: changedOptions(),
    seats: [...document.querySelectorAll("#seats .seat-row")].map((row) => {
      const kind = row.querySelector("select").value;
      const name = row.querySelector("input").value.trim();
      return name ? { kind, name } : { kind };
    }),
    settings: {
      base_seconds: clockOn ? Math.max(1, numberOf("base-seconds")) : 0,
      bank_seconds: clockOn ? numberOf("bank-seconds") : 0,
      spectator_delay: numberOf("spectator-delay"),
      bot_pace: numberOf("bot-pace"),
      claim_pause: numberOf("claim-pause"),
      next_hand_seconds: numberOf("next-hand"),
      absent: $("absent-bot").checked ? "bot" : "wait",
    },
  };
  button.disabled = true;
  button.textContent = t("lobby.creating");
  try {
    const made = await getJSON("/api/tables", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    remember(made.id, { links: made.links, spectate: made.spectate, ruleset: body.ruleset, preset: body.preset, host: made.host });
    try {
      localStorage.setItem("sparrows.last", JSON.stringify({ ruleset: body.ruleset, preset: body.preset, options: body.options, settings: body.settings }));
    } catch (err) { /* no storage */ }
    showLinks(made);
    loadTables();
  } catch (err) {
    $("create-error").textContent = err.message;
    flagOption(err.message);
  } finally {
    button.disabled = false;
    button.textContent = t("lobby.create");
  }
}

function copyButton(url) {
  const b = el("button", { type: "button", testid: "copy", text: t("lobby.copy") });
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch (err) {
      const input = b.parentElement.querySelector("input");
      if (input) { input.select(); document.execCommand && document.execCommand("copy"); }
    }
    b.textContent = t("lobby.copied");
    setTimeout(() => { b.textContent = t("lobby.copy"); }, 1500);
  });
  return b;
}

/** Who a link is for: "Seat 2 · Ann", or "Seat 2" when the seat has no name of its own. */
function seatLabel(seats, s) {
  const own = t("lobby.seat", { n: s + 1 });
  const name = seats[s] ? seats[s].name : "";
  return name && name !== `Seat ${s + 1}` ? `${own} \u00b7 ${name}` : own;
}

/** A link as a row: who it is for, the link as text, a copy button, its QR code. */
function linkRow(testid, who, url, qr, extra) {
  const row = el("div.link-row", { testid },
    el("span.who", { text: who }),
    el("input", { type: "text", readonly: true, value: url, testid: `${testid}-url`, "aria-label": who }),
    copyButton(url),
    extra);
  if (qr) {
    row.appendChild(el("img.qr", { src: qr, alt: t("lobby.qr", { who }), testid: "qr", width: 116, height: 116 }));
  }
  return row;
}

function showLinks(made) {
  const box = clear($("links"));
  box.classList.remove("hidden");
  box.appendChild(el("h2", { text: t("lobby.links", { id: made.id }) }));
  box.appendChild(el("p.muted.small", { text: t("lobby.linksHelp") }));
  if (made.local_only) box.appendChild(el("p.warn", { testid: "local-only", text: t("lobby.localOnly") }));
  if (made.host) box.appendChild(el("p.muted.small", { testid: "host-help", text: t("lobby.hostHelp") }));
  const mine = (url) => (made.host ? `${url}&h=${encodeURIComponent(made.host)}` : url);
  const seats = (made.table && made.table.seats) || [];
  const qr = made.qr || {};
  for (const [seat, url] of Object.entries(made.links)) {
    const s = Number(seat);
    const row = linkRow("seat-link", seatLabel(seats, s), url, qr[seat],
      el("a.button.primary", { href: mine(url), target: "_blank", rel: "noopener", testid: "play-here", data: { seat }, text: t("lobby.playHere", { n: s + 1 }) }));
    row.dataset.seat = seat;
    box.appendChild(row);
  }
  box.appendChild(linkRow("spectate-link", t("lobby.spectate"), made.spectate, qr.spectate,
    el("a.button", { href: made.spectate, target: "_blank", rel: "noopener", testid: "watch-here", text: t("lobby.watch") })));
}

function describe(info) {
  return `${rulesetName(info.ruleset)}${info.preset ? ` \u00b7 ${info.preset}` : ""}`;
}

/** The host closes a table in play (their secret was kept when they made it). */
async function closeTable(id, host) {
  if (!window.confirm(t("lobby.closeAsk"))) return;
  try {
    await getJSON(`/api/tables/${encodeURIComponent(id)}/host`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ host, do: "close" }),
    });
  } catch (err) {
    window.alert(err.message);
  }
  loadTables();
}

async function loadTables() {
  let data;
  try {
    data = await getJSON("/api/tables");
  } catch (err) {
    clear($("playing")).appendChild(el("p.error-line", { text: err.message }));
    return;
  }
  const mine = known();
  const playing = clear($("playing"));
  const list = el("div.table-list");
  for (const info of data.playing) {
    const k = mine[info.id];
    const go = el("span.go");
    if (k && k.spectate) go.appendChild(el("a", { href: k.spectate, target: "_blank", rel: "noopener", testid: "watch-link", text: t("lobby.watch") }));
    if (k && k.links) {
      for (const [seat, url] of Object.entries(k.links)) {
        const href = k.host ? `${url}&h=${encodeURIComponent(k.host)}` : url;
        go.appendChild(el("a", { href, target: "_blank", rel: "noopener", testid: "seat-link-known", data: { seat }, text: t("lobby.playHere", { n: Number(seat) + 1 }) }));
      }
    }
    if (k && k.host) go.appendChild(el("button.small", { type: "button", testid: "close-table", text: t("lobby.close"), onclick: () => closeTable(info.id, k.host) }));
    list.appendChild(el("div.table-row", { testid: "table-row", data: { id: info.id } },
      el("span.what", { text: describe(info) }),
      el("span.people", { text: `${uniqueNames(info.seats.map((s) => s.name)).join(", ")} \u00b7 ${info.loading ? t("lobby.loading") : t("lobby.handN", { n: info.hand + 1 })}` }),
      go));
  }
  for (const info of data.broken || []) {
    list.appendChild(el("div.table-row.broken", { testid: "broken-row", data: { id: info.id } },
      el("span.what", { text: describe(info) }),
      el("span.people", { text: `${info.seats.map((s) => s.name).join(", ")} \u00b7 ${t("lobby.broken")}: ${info.problem}` })));
  }
  playing.appendChild(list.childElementCount ? list : el("p.muted", { text: t("lobby.none") }));
  const over = clear($("over"));
  const done = el("div.table-list");
  for (const info of data.over) {
    const when = new Date(info.created * 1000);
    const names = uniqueNames(info.seats.map((s) => s.name));
    // the placings and final scores, first place first
    let people = names.join(", ");
    if (Array.isArray(info.places) && Array.isArray(info.scores)) {
      const order = names.map((_, s) => s).sort((a, b) => info.places[a] - info.places[b] || a - b);
      people = order.map((s) => `${info.places[s]}. ${names[s]} ${fmtNum(info.scores[s])}`).join(" \u00b7 ");
    }
    done.appendChild(el("div.table-row", { testid: "finished-row", data: { id: info.id } },
      el("span.what", { text: describe(info) }),
      el("span.people", { testid: "placings", text: `${people} \u00b7 ${when.toLocaleString()}` }),
      recordLinks(info.id, info.ruleset, info.preset)));
  }

  over.appendChild(data.over.length ? done : el("p.muted", { text: t("lobby.none") }));
}

function toggleClock() {
  const on = $("clock-on").checked;
  $("base-seconds").disabled = !on;
  $("bank-seconds").disabled = !on;
}

async function start() {
  try {
    META = await getJSON("/api/rulesets");
  } catch (err) {
    $("create-error").textContent = err.message;
    return;
  }
  const select = $("ruleset");
  for (const r of META.rulesets) select.appendChild(el("option", { value: r.name, text: rulesetName(r.name) }));
  const s = META.settings || {};
  if (s.bot_pace != null) $("bot-pace").value = s.bot_pace;
  if (s.claim_pause != null) $("claim-pause").value = s.claim_pause;
  if (s.next_hand_seconds != null) $("next-hand").value = s.next_hand_seconds;
  if (s.spectator_delay != null) $("spectator-delay").value = s.spectator_delay;
  $("absent-bot").checked = s.absent === "bot";
  select.addEventListener("change", fillPresets);
  $("preset").addEventListener("change", presetChanged);
  $("option-list").addEventListener("input", optionEdited);
  $("option-list").addEventListener("change", optionEdited);
  $("options-reset").addEventListener("click", () => {
    fillOptions();
    fillSeats();
  });
  $("clock-on").addEventListener("change", toggleClock);
  $("create-form").addEventListener("submit", create);
  $("refresh").addEventListener("click", loadTables);
  fillPresets();
  restoreLast();
  loadTables();
}

/** The ruleset, preset, rule options and table settings of the last table made in this
 * browser come back (localStorage "sparrows.last"). */
function restoreLast() {
  let last = null;
  try { last = JSON.parse(localStorage.getItem("sparrows.last") || "null"); } catch (e) { return; }
  if (!last || !META.rulesets.some((r) => r.name === last.ruleset)) return;
  $("ruleset").value = last.ruleset;
  fillPresets();
  if (last.preset && rulesetInfo().presets[last.preset]) {
    $("preset").value = last.preset;
    presetChanged();
  }
  for (const [name, value] of Object.entries(last.options || {})) {
    const input = document.getElementById(`option-${name}`);
    if (!input) continue;
    if (input.dataset.kind === "bool") input.checked = Boolean(value);
    else input.value = shown(value);
  }
  markChanged();
  const ids = { bot_pace: "bot-pace", claim_pause: "claim-pause", next_hand_seconds: "next-hand", spectator_delay: "spectator-delay" };
  for (const [key, id] of Object.entries(ids)) if (last.settings && last.settings[key] != null) $(id).value = last.settings[key];
  if (last.settings) $("absent-bot").checked = last.settings.absent === "bot";
}

translatePage();
$("lang-slot").appendChild(languageMenu());
start();
