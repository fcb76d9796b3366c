// What the page draws differently for each family of rules, in one place per family,
// chosen by the view's ruleset: a seat's badges and riichi stick, the centre's counters
// and the label of its indicators, a win's headline, the label of a hand's side payments
// (riichi sticks, or what other rules settle), the formats a finished game exports to,
// the call-outs of its own declarations and bonus tiles, furiten, the riichi that plays
// the drawn tile, the exchange line, the win toast and the lobby's preferred preset. A
// new ruleset adds its entry here (docs/engine.md, "Adding a ruleset").

import { el, fmtNum } from "./util.js";
import { t } from "./i18n.js";

/** What every family shares unless it says otherwise. */
const plain = {
  /** Elements for seat `s`'s header (its riichi, its void...). */
  badges: (extra, s) => [],
  /** The stick before a seat that declared riichi, or null. */
  stick: (extra, s) => null,
  /** The centre's counters (riichi: honba and sticks), or null. */
  counters: (view) => null,
  indicatorLabel: () => t("table.dora"),
  /** A win's headline parts: what the hand counts, then what it is worth. */
  headline: (win, d, gain) => [t("end.points", { n: fmtNum(win.points) })],
  /** The label of a hand's side payments, and whether the winner's take is named. */
  sideLabel: (result) => (result.draw ? t("end.settledDraw") : t("end.settledOther")),
  takesSticks: false,
  /** Formats beside sparrows' own JSON a finished game exports to, by its preset (or, where
   * the preset is not known, the game's options). */
  exports: (preset, options) => [],
  /** Declarations named once the view shows them (riichi: an open or tako riichi), as
   * call-outs [{seat, text, kind}]: each seat newly marked in `after` and not `before`. */
  declarations: (before, after) => [],
  /** The call-out word of a bonus tile set aside (riichi's North), or null: none said. */
  bonusWord: () => null,
  /** Whether the seat's hand is furiten (true / false), or null where the rules have none. */
  furiten: (extra) => null,
  /** Whether the seat is in riichi (its one legal move may be the drawn tile). */
  inRiichi: (extra, seat) => false,
  /** The tiles the seat gave and got in an exchange ({gave, got}), or null. */
  exchange: (extra) => null,
  /** Whether a win shows a toast as well as its panel (winners leave, the hand goes on). */
  winToast: false,
  /** The preset the lobby offers first. */
  preferredPreset: "standard",
};

/** The house preset's riichi declarations the table shows once the stick is down (an open
 * riichi shows the hand; tako riichi turns the ura indicators up). */
function riichiDeclarations(before, after) {
  const was = (before && before.extra) || {};
  const now = (after && after.extra) || {};
  const out = [];
  for (const [field, key] of [["tako", "act.tako_riichi"], ["open_riichi", "act.open_riichi"]]) {
    (now[field] || []).forEach((on, seat) => {
      if (on && !(was[field] || [])[seat] && !out.some((x) => x.seat === seat)) {
        out.push({ seat, text: t(key), kind: "riichi" });
      }
    });
  }
  return out;
}

const riichi = {
  ...plain,
  badges: (extra, s) => {
    if (!(extra.riichi && extra.riichi[s])) return [];
    const open = extra.open_riichi && extra.open_riichi[s];
    const label = extra.riichi[s] === 2 ? t("table.doubleRiichi") : open ? t("table.openRiichi") : t("table.riichi");
    return [el("span.badge.riichi", { text: label })];
  },
  // the riichi stick lies before the seat that declared, between its river and the centre
  stick: (extra, s) => (extra.riichi && extra.riichi[s]
    ? el("div.stick", { testid: "riichi-stick", title: t("table.riichi") }) : null),
  counters: (view) => el("div.sticks", { testid: "counters" },
    el("span", { text: `${t("table.honba")} ${view.honba}` }),
    el("span", { text: `${t("table.sticks")} ${view.sticks}` })),
  indicatorLabel: () => t("table.indicators"),
  headline: (win, d, gain) => {
    if (d.han == null) return plain.headline(win, d, gain);
    const head = d.yakuman ? [t("end.yakuman", { n: d.yakuman })]
      : [t("end.han", { han: d.han }), ...(d.fu != null ? [t("end.fu", { fu: d.fu })] : [])];
    if (d.limit) head.push(String(d.limit));
    head.push(t("end.points", { n: fmtNum(win.points) }));
    return head;
  },
  sideLabel: () => t("end.sticks"),
  takesSticks: true,
  // tenhou.net/6 and mjai hold riichi, not the house preset's tiles, chips and abilities
  exports: (preset, o = {}) => (preset === "cy-dealers-choice" || o.special_tiles || o.chips || o.abilities
    ? [] : [["mjai", "mjai"], ["tenhou6", "tenhou.net/6"]]),
  declarations: riichiDeclarations,
  bonusWord: () => t("act.nuki").replace(/\s*\(.*\)$/, ""),
  furiten: (extra) => (extra.furiten == null ? null : Boolean(extra.furiten)),
  inRiichi: (extra, seat) => Boolean(extra.riichi && extra.riichi[seat]),
  preferredPreset: "tenhou",
};

/** Hong Kong: the faan, then what the winner is paid (the faan's base, in shares). */
const hongkong = {
  ...plain,
  headline: (win, d, gain) => {
    if (d.faan == null) return plain.headline(win, d, gain);
    const head = [t("end.faan", { n: d.faan })];
    if (d.limit_hand) head.push(d.limit_hand);
    if (gain != null) head.push(t("end.paid", { n: fmtNum(gain) }));
    return head;
  },
};

/** Classical: points doubled, the hand's score, then what the winner is paid. */
const classical = {
  ...plain,
  headline: (win, d, gain) => {
    if (d.doubles == null) return plain.headline(win, d, gain);
    const head = [t("end.doubled", { points: fmtNum(d.points), doubles: d.doubles, score: fmtNum(d.score ?? win.points) })];
    if (d.limit_hand) head.push(d.limit_hand);
    if (gain != null) head.push(t("end.paid", { n: fmtNum(gain) }));
    return head;
  },
};

/** Sichuan: each seat's void suit, once every seat has chosen. */
const sichuan = {
  ...plain,
  badges: (extra, s) => (extra.void && extra.void[s]
    ? [el("span.badge.void", { testid: "void", text: t("table.void", { suit: extra.void[s] }), data: { suit: extra.void[s] } })]
    : []),
  exchange: (extra) => (extra.gave || extra.got ? { gave: extra.gave, got: extra.got } : null),
  winToast: true,
};

const FAMILIES = { riichi, hongkong, classical, sichuan, suzume: plain };

/** The family entry of a ruleset (by its name, as views and tables give it). */
export function family(ruleset) {
  return FAMILIES[ruleset] || plain;
}
