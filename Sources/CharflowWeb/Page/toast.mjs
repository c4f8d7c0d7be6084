// The undo toast (W-15): after every action it names the action and offers its undo for five seconds,
// which wait while the toast is hovered or holds focus and start again when it is left (W-22). `z`, or
// Ctrl+Z outside a text field, undoes the last action at once, from anywhere (W-21): the button, last on
// the page, is never a long walk of Tab presses away.
import { $, el, announce, problem, returnFocus } from "./dom.mjs";
import { say } from "./words.mjs";
import { api } from "./api.mjs";
import { state } from "./state.mjs";
import { refresh } from "./router.mjs";

let timer = null;

/** Shows `text`; with `action` (one undo id, or several undone last first), its Undo button. */
export function toast(text, action) {
  const box = $("toast");
  window.clearTimeout(timer);
  const hadFocus = box.contains(document.activeElement);
  const from = document.activeElement;
  if (!hadFocus) state.undo.back = from && from !== document.body && from.id ? from.id : null;
  box.replaceChildren(el("span", { text }));
  if (action !== null && action !== undefined) {
    state.undo.last = { action, text, backID: state.undo.back };
    box.append(el("button", {
      type: "button", id: "toast-undo", text: say("undo"), "aria-label": say("undoNamed", { what: text }),
      "aria-keyshortcuts": "z Control+Z", onclick: () => undoLast(),
    }, el("kbd", { "aria-hidden": "true", text: say("undoKey") })));
  }
  if (hadFocus) { if ($("toast-undo")) $("toast-undo").focus(); else returnFocus(state.undo.back); }
  // The toast takes a row of its own below the screen; what has focus stays in sight above it.
  const active = document.activeElement;
  if (active && active !== document.body && $("main").contains(active)) active.scrollIntoView({ block: "nearest" });
  arm();
}

function held() {
  const box = $("toast");
  return box.matches(":hover") || box.contains(document.activeElement);
}

function arm() {
  window.clearTimeout(timer);
  if (!$("toast").childElementCount || held()) return;
  timer = window.setTimeout(close, 5000);
}

function close() {
  if (held()) return;
  $("toast").replaceChildren();
}

/** Undoes the last action the toast named, and says what was undone. */
export async function undoLast() {
  const box = $("toast");
  window.clearTimeout(timer);
  const hadFocus = box.contains(document.activeElement);
  box.replaceChildren();
  if (!state.undo.last) { announce(say("nothingToUndo")); if (hadFocus) returnFocus(null); return; }
  const { action, text, backID } = state.undo.last;
  state.undo.last = null;
  if (hadFocus) returnFocus(backID);
  try {
    // One toast may stand for several actions (Settings' one Save): the last is undone first.
    for (const one of [].concat(action).reverse()) await api("/api/undo", { action: one });
    // Said as what the toast said was done ("Undone: Completed “Call the bank”."), once.
    announce(say("undone", { what: text }));
    problem("");
  } catch (error) { problem(error.message); }
  await refresh();
  const active = document.activeElement;
  if (!active || active === document.body) returnFocus(backID);
}

/** Holds the toast while it is hovered or focused. */
export function start() {
  const box = $("toast");
  box.addEventListener("mouseenter", () => window.clearTimeout(timer));
  box.addEventListener("mouseleave", arm);
  box.addEventListener("focusin", () => window.clearTimeout(timer));
  box.addEventListener("focusout", () => window.setTimeout(arm, 0));
}
