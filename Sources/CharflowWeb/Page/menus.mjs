// The per-task menu of actions (W-21), the APG menu button: a `.menu-button` with `aria-haspopup="menu"`
// beside a `[role=menu]` of `[role=menuitem]` buttons. Arrows move, a letter goes to the next item that
// starts with it, Esc or Tab closes it and focus goes back to the button.
import { $ } from "./dom.mjs";

/** The menu's items that can be chosen. */
function menuItems(menu) {
  return Array.from(menu.querySelectorAll("[role=menuitem]")).filter((item) => !item.disabled);
}

/** Opens the menu `button` controls, with focus on its first item or (`where` is "last") its last. */
export function openMenu(button, where) {
  const menu = $(button.getAttribute("aria-controls"));
  if (!menu) return;
  closeMenus(menu);
  menu.hidden = false;
  button.setAttribute("aria-expanded", "true");
  const items = menuItems(menu);
  const item = where === "last" ? items[items.length - 1] : items[0];
  if (item) item.focus();
}

/** The button that opens `menu`. */
export function buttonOf(menu) {
  return document.querySelector('[aria-controls="' + CSS.escape(menu.id) + '"]');
}

/** Closes `menu`; with `giveBack`, focus goes to its button. */
export function closeMenu(menu, giveBack) {
  if (!menu || menu.hidden) return;
  menu.hidden = true;
  const button = buttonOf(menu);
  if (button) {
    button.setAttribute("aria-expanded", "false");
    if (giveBack) button.focus();
  }
}

/** Closes every open menu but `except`. */
export function closeMenus(except) {
  for (const menu of document.querySelectorAll("[role=menu]:not([hidden])")) if (menu !== except) closeMenu(menu, false);
}

/** A key pressed inside an open menu. */
export function onMenuKey(event, menu) {
  const items = menuItems(menu);
  const index = items.indexOf(document.activeElement);
  const go = (i) => { event.preventDefault(); items[(i + items.length) % items.length].focus(); };
  switch (event.key) {
    case "ArrowDown": go(index + 1); return;
    case "ArrowUp": go(index - 1); return;
    case "Home": go(0); return;
    case "End": go(items.length - 1); return;
    case "Escape": event.preventDefault(); event.stopPropagation(); closeMenu(menu, true); return;
    case "Tab": closeMenu(menu, false); return;
    default:
      // A letter moves to the next item that starts with it.
      if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.altKey && !event.metaKey) {
        const letter = event.key.toLocaleLowerCase();
        const order = items.slice(index + 1).concat(items.slice(0, index + 1));
        const found = order.find((item) => item.textContent.trim().toLocaleLowerCase().startsWith(letter));
        if (found) { event.preventDefault(); event.stopPropagation(); found.focus(); }
      }
  }
}
