// The keyboard model of task lists (W-21), after the ARIA Authoring Practices: each `ul.tasks` whose rows
// carry `data-task` is one tab stop (a roving tabindex on each row's first control, marked `data-rove`);
// Up/Down and Home/End move between its tasks, Left/Right between a row's controls; Enter opens the task,
// Space completes it, Alt+Up/Down moves it within its bucket from anywhere on its row; the menu key,
// Shift+F10 or `m` opens its menu of actions (menus.mjs). No screen of its own: it watches `main` and sets
// the tab stops again after every redraw.
import { $, focusHeading } from "./dom.mjs";
import { state } from "./state.mjs";
import { openMenu, closeMenu, closeMenus, buttonOf, onMenuKey } from "./menus.mjs";
import { reorderRow, completeRow } from "./tasks.mjs";

function lists() { return Array.from(document.querySelectorAll("main ul.tasks")).filter((list) => list.querySelector(":scope > li[data-task] [data-rove]")); }
function rows(list) { return Array.from(list.querySelectorAll(":scope > li[data-task]")).filter((row) => row.querySelector("[data-rove]")); }
function primary(row) { return row.querySelector("[data-rove]"); }
function controls(row) {
  return Array.from(row.querySelectorAll("[data-rove], a.title-link, .menu-button"))
    .filter((node) => !node.closest("[role=menu]") && !node.closest("form"));
}
function listKey(list) { return list.id || [list.dataset.region, list.dataset.bucket, list.closest("[id]") && list.closest("[id]").id].join("/"); }

// One tab stop per list: the row that last had focus, else the first. Every other control of a row is
// reached with the arrows (or, for a pointer, clicked).
function setTabStops() {
  for (const list of lists()) {
    const all = rows(list);
    const remembered = state.tabStops.get(listKey(list));
    const holder = all.find((row) => row.contains(document.activeElement) && !row.querySelector("form")?.contains(document.activeElement))
      || all.find((row) => row.dataset.task === remembered) || all[0];
    for (const row of all) {
      for (const node of controls(row)) node.setAttribute("tabindex", node === primary(row) && row === holder ? "0" : "-1");
    }
  }
}

function moveTo(row, list) {
  const target = primary(row);
  state.tabStops.set(listKey(list), row.dataset.task);
  for (const other of rows(list)) for (const node of controls(other)) node.setAttribute("tabindex", "-1");
  target.setAttribute("tabindex", "0");
  target.focus();
}

// Where focus last was in a task list: the list (by its key and the section heading it sits under), the
// row's place and its task. When an action takes that row away (Space completes a Backlog or Upcoming
// task, a deferral to Someday moves it off the board) the redraw would leave focus on the body; instead it
// goes to the same task if it is still listed, else the row now in its place (the next one), else the
// list's last row, else the list's heading, else the screen's (W-21, D21: never the body).
let lastPlace = null;

function placeKey(list) {
  const section = list.closest("section");
  const before = list.previousElementSibling;
  return [listKey(list), section && section.getAttribute("aria-labelledby"), before && /^H[1-6]$/.test(before.tagName) ? before.id || before.textContent : ""].join("|");
}

function remember(node) {
  const row = node.closest && node.closest("ul.tasks > li[data-task]");
  if (!row || !row.closest("main")) return false;
  const list = row.parentElement;
  const section = list.closest("section");
  lastPlace = { key: placeKey(list), index: rows(list).indexOf(row), task: row.dataset.task,
    heading: section && section.getAttribute("aria-labelledby") };
  return true;
}

function focusLost() {
  const now = document.activeElement;
  return !now || now === document.body || !now.isConnected;
}

function restoreFocus() {
  if (!lastPlace || !focusLost()) return;
  const place = lastPlace;
  const shown = Array.from(document.querySelectorAll("main ul.tasks")).filter((list) => list.offsetParent !== null);
  const list = shown.find((candidate) => placeKey(candidate) === place.key);
  const all = list ? rows(list) : [];
  const row = all.find((candidate) => candidate.dataset.task === place.task) || all[Math.min(place.index, all.length - 1)];
  if (row) { moveTo(row, list); return; }
  const heading = place.heading && document.getElementById(place.heading);
  if (heading && heading.offsetParent !== null) {
    heading.setAttribute("tabindex", "-1");
    heading.focus();
    return;
  }
  focusHeading();
}

function typingIn(node) {
  return node && (node.tagName === "INPUT" && node.type !== "checkbox" || node.tagName === "SELECT" || node.tagName === "TEXTAREA");
}

function onKey(event) {
  const target = event.target;
  const menu = target.closest && target.closest("[role=menu]");
  if (menu) { onMenuKey(event, menu); return; }
  if (target.classList && target.classList.contains("menu-button") && !event.altKey && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
    event.preventDefault();
    openMenu(target, event.key === "ArrowUp" ? "last" : "first");
    return;
  }
  const row = target.closest && target.closest("ul.tasks > li[data-task]");
  if (!row || !primary(row) || typingIn(target) || (target.closest("form") && row.contains(target.closest("form")))) return;
  const list = row.parentElement;
  const all = rows(list);
  const at = all.indexOf(row);
  const shortcutsOn = !$("single-keys") || $("single-keys").checked;
  if (event.altKey && !event.ctrlKey && !event.metaKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
    if (row.dataset.bucket === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    reorderRow(row, event.key === "ArrowUp" ? -1 : 1);
    return;
  }
  if (event.ctrlKey || event.altKey || event.metaKey) return;
  const menuButton = row.querySelector(".menu-button");
  if (event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey) || (event.key === "m" && shortcutsOn && !event.shiftKey)) {
    if (!menuButton) return;
    event.preventDefault();
    event.stopPropagation();
    openMenu(menuButton, "first");
    return;
  }
  if (event.shiftKey) return;
  switch (event.key) {
    case "ArrowDown": if (at < all.length - 1) moveTo(all[at + 1], list); event.preventDefault(); return;
    case "ArrowUp": if (at > 0) moveTo(all[at - 1], list); event.preventDefault(); return;
    case "Home": moveTo(all[0], list); event.preventDefault(); return;
    case "End": moveTo(all[all.length - 1], list); event.preventDefault(); return;
    case "ArrowRight": case "ArrowLeft": {
      const own = controls(row);
      const i = own.indexOf(target);
      const next = own[i + (event.key === "ArrowRight" ? 1 : -1)];
      event.preventDefault();
      if (next) next.focus();
      return;
    }
    case "Enter": {
      // Enter on the checkbox opens the task, as its title link does.
      if (target.type !== "checkbox") return;
      event.preventDefault();
      const link = row.querySelector("a.title-link");
      if (link) location.hash = link.getAttribute("href");
      return;
    }
    case " ": {
      // Space completes from anywhere on the row. On the checkbox or a button it acts at once, on the key
      // going down: the browser's own Space acts when the key comes up, and a redraw between the two (a
      // change from elsewhere) replaces the control and loses the press.
      event.preventDefault();
      if (event.repeat) return;
      if (target.type === "checkbox" || target.tagName === "BUTTON") { target.click(); return; }
      const box = row.querySelector("input[type=checkbox]");
      if (box) box.click();
      else completeRow(row);
      return;
    }
    default:
  }
}

export function start() {
  // Captured, so a key the lists use is theirs before the page's single-key shortcuts see it.
  document.addEventListener("keydown", onKey, true);

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest(".menu-button");
    if (button) {
      const menu = $(button.getAttribute("aria-controls"));
      if (menu && menu.hidden) openMenu(button, "first"); else closeMenu(menu, true);
      return;
    }
    if (!(event.target.closest && event.target.closest("[role=menu]"))) closeMenus(null);
  });

  // A click outside every task row (on the page's background, say) means focus is meant to leave the lists.
  document.addEventListener("pointerdown", (event) => {
    if (!(event.target.closest && event.target.closest("ul.tasks > li[data-task], [role=menu], dialog, .toast"))) lastPlace = null;
  }, true);
  window.addEventListener("hashchange", () => { lastPlace = null; });
  // A focused control taken out of the page may leave focus on the body without a redraw of `main` (a
  // sheet closing onto a menu button that is gone): checked once the focus has settled.
  document.addEventListener("focusout", (event) => {
    if (!event.relatedTarget) window.setTimeout(restoreFocus, 0);
  });

  document.addEventListener("focusin", (event) => {
    if (!remember(event.target) && event.target.closest && event.target.closest("main")) lastPlace = null;
    const row = event.target.closest && event.target.closest("ul.tasks > li[data-task]");
    if (row && event.target.matches("[data-rove]")) state.tabStops.set(listKey(row.parentElement), row.dataset.task);
    // Focus leaving an open menu closes it.
    for (const menu of document.querySelectorAll("[role=menu]:not([hidden])")) {
      if (!menu.contains(event.target) && event.target !== buttonOf(menu)) closeMenu(menu, false);
    }
  });

  // Every redraw replaces the lists: the tab stops are set again once it is done.
  let pending = false;
  new MutationObserver(() => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; setTabStops(); restoreFocus(); });
  }).observe($("main"), { childList: true, subtree: true });
  setTabStops();
}
