// Shortcuts for the frequent actions, listed on `?` (W-17). Single keys can be turned off (WCAG 2.1.4) and
// never fire while typing in a field; Ctrl+Z outside a text field undoes the last action.
import { $, focusedID, returnFocus } from "./dom.mjs";
import { toggleScreens, screensOpen } from "./router.mjs";
import { undoLast } from "./toast.mjs";
import { openSearch } from "./search.mjs";
import { openQuickAdd } from "./thumbBar.mjs";

// The id of what had focus when the list opened: a redraw meanwhile replaces that element with another
// of the same id, which takes focus back.
let shortcutsReturn = null;

function toggleShortcuts(show) {
  const panel = $("shortcuts");
  const open = show === undefined ? panel.hidden : show;
  if (open === !panel.hidden) return;
  panel.hidden = !open;
  $("shortcuts-button").setAttribute("aria-expanded", open ? "true" : "false");
  if (open) {
    shortcutsReturn = focusedID();
    $("shortcuts-title").focus();
  } else {
    returnFocus(shortcutsReturn);
  }
}

function onShortcut(event) {
  if (event.key === "Escape" && !$("shortcuts").hidden) { toggleShortcuts(false); return; }
  if (event.key === "Escape" && screensOpen()) { toggleScreens(false, true); return; }
  const target = event.target;
  const typing = target && (target.tagName === "INPUT" && target.type !== "checkbox" || target.tagName === "SELECT" || target.tagName === "TEXTAREA");
  // Ctrl+Z outside a text field undoes the last action; inside one it stays the field's own undo.
  if (event.ctrlKey && !event.altKey && !event.metaKey && !event.shiftKey && event.key.toLowerCase() === "z" && !typing) {
    event.preventDefault();
    undoLast();
    return;
  }
  if (event.ctrlKey || event.altKey || event.metaKey || !$("single-keys").checked) return;
  if (typing) return;
  const actions = {
    "?": () => toggleShortcuts(),
    n: () => openQuickAdd(),
    t: () => { location.hash = "#today"; },
    b: () => { location.hash = "#backlog"; },
    z: () => undoLast(),
    u: () => { location.hash = "#upcoming"; },
    "/": () => openSearch(),
  };
  const action = actions[event.key];
  if (!action) return;
  event.preventDefault();
  action();
}

export function start() {
  document.addEventListener("keydown", onShortcut);
  $("shortcuts-button").addEventListener("click", () => toggleShortcuts());
}
