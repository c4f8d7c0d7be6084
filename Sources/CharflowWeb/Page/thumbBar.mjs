// The bar at the foot of a phone's screen (rule M-5): Today, Add, Habits, the Backlog and More, each
// under the thumb. The links are plain links (the router marks the current one); Add opens quick add
// where it is, and More opens the screens' menu as a sheet above the bar (router.mjs).
import { $ } from "./dom.mjs";
import { focusedRegion } from "./today.mjs";

/** Quick add's line, focused and in sight: Region focus's own on that screen, else Today's. */
export function openQuickAdd() {
  if (focusedRegion()) return reveal($("region-line"));
  if (location.hash.length > 1 && location.hash !== "#today") {
    // The router shows Today on this change of address first (it listens from before), then this.
    window.addEventListener("hashchange", () => reveal($("quick-line")), { once: true });
    location.hash = "#today";
    return;
  }
  reveal($("quick-line"));
}

function reveal(field) {
  field.focus();
  field.scrollIntoView({ block: "nearest" });
}

export function start() {
  $("thumb-add").addEventListener("click", openQuickAdd);
}
