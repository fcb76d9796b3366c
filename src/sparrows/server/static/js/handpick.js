// The hand as the page lays it out, and Sichuan's exchange: which three tiles picked so
// far make one of the legal exchanges.

/** The hand's tiles with the drawn tile apart (shown at the end). */
export function handOrder(v) {
  const tiles = [...(v.hand || [])];
  let drawn = null;
  if (v.drawn) {
    const i = tiles.lastIndexOf(v.drawn);
    if (i >= 0) drawn = tiles.splice(i, 1)[0];
  }
  return { tiles, drawn };
}

/** The legal exchanges: {action, tiles}. */
export function exchangeOptions(p) {
  return p.actions.filter((a) => a.startsWith("exchange ")).map((a) => ({ action: a, tiles: a.split(" ").slice(1) }));
}

export function within(part, whole) {
  const rest = [...whole];
  for (const x of part) {
    const i = rest.indexOf(x);
    if (i < 0) return false;
    rest.splice(i, 1);
  }
  return true;
}

export function pickedTiles(v, picks) {
  const { tiles, drawn } = handOrder(v);
  const all = drawn ? [...tiles, drawn] : tiles;
  return picks.map((i) => all[i]).filter((x) => x != null);
}

export function exchangeAction(v, p, picks) {
  const picked = pickedTiles(v, picks);
  if (picked.length !== 3) return null;
  const found = exchangeOptions(p).find((o) => within(picked, o.tiles) && within(o.tiles, picked));
  return found ? found.action : null;
}
