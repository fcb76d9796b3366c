// The table's sounds, made in the page with Web Audio (no sound files): a soft tick for a
// discard, a two-note call for a call-out, a rising chime for a win. Off by default; the
// player's choice is kept in this browser (localStorage "sparrows.sound").

let ctx = null;
let on = false;
try { on = localStorage.getItem("sparrows.sound") === "1"; } catch (e) { /* no storage */ }

export function soundOn() {
  return on;
}

export function setSound(value) {
  on = Boolean(value);
  try { localStorage.setItem("sparrows.sound", on ? "1" : "0"); } catch (e) { /* ignore */ }
  if (on) audio(); // made on the click that turned it on (browsers allow audio after one)
}

function audio() {
  if (!ctx) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    ctx = new Ctx();
  }
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

/** One note: frequency (Hz), start (s from now), length (s), loudness, wave. */
function note(freq, at, length, gain = 0.12, type = "sine") {
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + at;
  const osc = a.createOscillator();
  const amp = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(amp).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.02);
}

/** A sound by name: "discard", "call", "win". Nothing while sound is off. */
export function play(name) {
  if (!on || !name) return;
  document.body.dataset.sound = name; // the last sound made (tests read it)
  if (name === "discard") note(1800, 0, 0.05, 0.08, "triangle");
  else if (name === "call") {
    note(660, 0, 0.14, 0.12, "square");
    note(880, 0.1, 0.18, 0.1, "square");
  } else if (name === "win") {
    [523, 659, 784, 1047].forEach((f, i) => note(f, i * 0.09, 0.5, 0.12));
  }
}
