// Building and finding elements, and the page's three places for words that are not a screen's own: the
// banner at the top (errors and being offline, W-22), the polite live region, and focus after an action.

/** The element with `id`. */
export const $ = (id) => document.getElementById(id);

/**
 * A new element: `attrs` are attributes, except `text` (its text), `class`, and `onNAME` (a listener);
 * null, undefined and false leave an attribute out, true sets it empty. User text is only ever set as
 * text, never as markup.
 */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "text") node.textContent = value;
    else if (name === "class") node.className = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, "");
    else node.setAttribute(name, value);
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/** Errors and being offline show in the banner at the top of the screen, in words (W-22). */
export function problem(text) {
  $("problem").textContent = text || "";
}

/** Says `text` in the polite live region. */
export function announce(text) {
  const live = $("announce");
  live.textContent = "";
  window.setTimeout(() => { live.textContent = text; }, 50);
}

/** Focus on the heading of the screen shown, after an action took what had it away. */
export function focusHeading() {
  const heading = Array.from(document.querySelectorAll("main h1")).find((h) => h.offsetParent !== null);
  if (!heading) return;
  heading.setAttribute("tabindex", "-1");
  heading.focus();
}

/** Focus back on the control `id` when it is still shown, else on the screen's heading: never the body. */
export function returnFocus(id) {
  const back = id && document.getElementById(id);
  if (back && back.offsetParent !== null) back.focus();
  else focusHeading();
}

/** The id of what has focus, read before a screen is drawn anew. */
export function focusedID() {
  return document.activeElement && document.activeElement.id;
}

/** Focus back on the element `id` had before a redraw replaced it, when it is there again. */
export function keepFocus(id) {
  if (!id || (document.activeElement && document.activeElement.id === id)) return;
  const again = document.getElementById(id);
  if (again) again.focus();
}
