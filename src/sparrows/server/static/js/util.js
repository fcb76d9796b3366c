// Small DOM and fetch helpers shared by every page.

/** el("div.a.b", {attrs}, children...): an element. Attrs: text, html-free; on* are listeners;
 * dataset keys as data-*; class via "cls". */
export function el(spec, attrs = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  const node = document.createElement(tag || "div");
  if (classes.length) node.className = classes.join(" ");
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === "text") node.textContent = v;
    else if (k === "cls") node.classList.add(...String(v).split(" ").filter(Boolean));
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "testid") node.dataset.testid = v;
    else if (k === "data") Object.assign(node.dataset, v);
    else if (k === "style" && typeof v === "object") Object.assign(node.style, v);
    else if (v === true) node.setAttribute(k, "");
    else node.setAttribute(k, v);
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue;
    node.appendChild(typeof child === "string" || typeof child === "number"
      ? document.createTextNode(String(child)) : child);
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

export async function getJSON(url, options) {
  const res = await fetch(url, options);
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = null;
  }
  if (!res.ok) throw new Error((data && data.error) || `${res.status} ${res.statusText}`);
  return data;
}

/** 25000 -> "25,000"; signed adds + to positive numbers. */
export function fmtNum(n, signed = false) {
  if (n == null || Number.isNaN(n)) return "";
  const text = Number(n).toLocaleString("en-US", { maximumFractionDigits: 1 });
  return signed && n > 0 ? `+${text}` : text;
}

export function signClass(n) {
  return n > 0 ? "plus" : n < 0 ? "minus" : "zero";
}
