// Call-outs everyone at the table sees: a large word by the seat that called ("Pon",
// "Riichi", "Ron"; "Pung", "Mahjong"; Sichuan's exchange direction and voids; the house
// preset's open and tako riichi), drawn from the events and public view every viewer
// receives (nothing a physical table would not show), and the sounds that go with them
// (off unless the player turns them on: sound.js).

import { el } from "./util.js";
import { t, verbLabel, words } from "./i18n.js";
import { family } from "./families.js";
import { positionOf } from "./render.js";

/** A call event's meld type as the action verb the buttons and words use. */
export const MELD_VERBS = { chi: "chi", pon: "pon", open_kan: "kan", added_kan: "kakan", closed_kan: "ankan" };

/** The call-outs of new events: [{seat (null: the table's centre), text, kind}]; with the
 * views before and after them, the family's own declarations by name (families.js). */
export function calloutsOf(events, ruleset, n, before = null, after = null) {
  const out = [];
  let exchanged = false;
  for (const e of events) {
    if (e.type === "call") {
      const verb = MELD_VERBS[e.meld] || e.meld;
      // a concealed or added kong is a call-out too, in the table's short word
      const short = verb === "ankan" || verb === "kakan" ? "kan" : verb;
      out.push({ seat: e.seat, text: verbLabel(short, ruleset), kind: "call" });
    } else if (e.type === "discard" && e.riichi) {
      out.push({ seat: e.seat, text: t("act.riichi"), kind: "riichi" });
    } else if (e.type === "win") {
      const word = verbLabel(e.from_seat == null ? "tsumo" : "ron", ruleset);
      out.push({ seat: e.seat, text: word.replace(/\s*\(.*\)$/, ""), kind: "win" });
    } else if (e.type === "bonus" && family(ruleset).bonusWord()) {
      out.push({ seat: e.seat, text: family(ruleset).bonusWord(), kind: "call" });
    } else if (e.type === "exchange" && !exchanged) {
      exchanged = true; // every seat passes the same way: said once, at the centre
      const way = (e.dst - e.src + n) % n;
      const key = way === 1 ? "callout.passRight" : way === n - 1 ? "callout.passLeft" : "callout.passAcross";
      out.push({ seat: null, text: t(key), kind: "info" });
    } else if (e.type === "choices" && e.what === "void") {
      (e.values || []).forEach((suit, seat) => {
        if (suit) out.push({ seat, text: t("callout.void", { suit: words("suits")[suit] || suit }), kind: "info" });
      });
    }
  }
  for (const d of family(ruleset).declarations(before, after)) {
    const said = out.find((x) => x.seat === d.seat && x.kind === "riichi");
    if (said) said.text = d.text; // "Riichi" said with the discard: the name it turned out to be
    else out.push(d);
  }
  return out;
}

/** Show call-outs over the board, each at its seat's side as this viewer sits. */
export function showCallouts(list, me, n) {
  const host = document.querySelector(".board-wrap") || document.body;
  for (const c of list) {
    const pos = c.seat == null ? "centre" : positionOf(c.seat, me, n);
    host.querySelectorAll(`.callout.at-${pos}`).forEach((x) => x.remove());
    const node = el("div.callout", {
      cls: `at-${pos} kind-${c.kind}`, testid: "callout", role: "status",
      data: { seat: c.seat == null ? "" : String(c.seat), kind: c.kind },
      text: c.text,
    });
    host.appendChild(node);
    setTimeout(() => node.remove(), c.kind === "win" ? 2600 : 1600);
  }
}
