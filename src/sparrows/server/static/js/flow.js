// The player's flow controls (kept in this browser): discard the drawn tile by itself
// after riichi (on by default), win by itself, no calls, and "pass on everything this
// turn". Here is what they answer at a prompt; the table sends it.

import { family } from "./families.js";

const KEY = "sparrows.flow";

/** The player's settings, as last saved in this browser. */
export function loadFlow() {
  const flow = { autoDiscard: true, autoWin: false, noCalls: false };
  try { Object.assign(flow, JSON.parse(localStorage.getItem(KEY) || "{}")); } catch (e) { /* ignore */ }
  return flow;
}

export function saveFlow(flow) {
  try { localStorage.setItem(KEY, JSON.stringify(flow)); } catch (e) { /* ignore */ }
}

const WIN = /^(tsumo|ron)\b/;
const CALL = /^(chi|pon|kan) /;

/** What the settings answer at prompt ``p`` for ``seat``: {action, wait} (the wait in
 * ms before sending it), or null when the player answers. A claim passed this way waits
 * the table's own pause for a pass-only prompt (``claimPause`` s) first, so the window
 * closes no sooner than when the seat could not call: nobody can tell. */
export function autoAction(v, p, seat, flow, passTurn, claimPause) {
  const wins = p.actions.filter((a) => WIN.test(a));
  if (wins.length && flow.autoWin) return { action: wins[0], wait: 0 };
  if (p.kind === "turn") {
    const riichi = family(v.ruleset).inRiichi(v.extra || {}, seat);
    // after riichi the one legal move is the drawn tile: it is seen for a moment
    if (flow.autoDiscard && riichi && !wins.length && p.actions.length === 1 &&
        p.actions[0].startsWith("discard ")) return { action: p.actions[0], wait: 300 };
    return null;
  }
  if (p.kind === "claim" && !wins.length && p.actions.includes("pass") &&
      (passTurn || (flow.noCalls && p.actions.some((a) => CALL.test(a))))) {
    return { action: "pass", wait: 1000 * claimPause };
  }
  return null;
}
