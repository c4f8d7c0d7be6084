// Sync in the header and the Conflicts screen at `#conflicts` (Y-28, Y-24).
//
// The header says where the automatic sync stands, from `GET /api/sync` every two seconds: "Synced",
// "N waiting", "Offline since 17:05" (or "Not syncing" with the hub's refusal as its title), in a polite
// status region whose text changes only when the state does, so a screen reader hears each change once and
// focus never moves. On a phone "Offline since 17:05" shows as "Offline 17:05". Beside it, the conflicts
// that wait link to the Conflicts screen, where each is put back (`POST /api/conflicts/ID/restore`) or let
// stand (`…/dismiss`). A change a sync merged shows like any other, through the page's poll of
// `GET /api/changes`.
import { $, el, problem, focusHeading } from "./dom.mjs";
import { say } from "./words.mjs";
import { api, fromServer } from "./api.mjs";
import { state } from "./state.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";

function words(sync) {
  switch (sync.state) {
    case "offline": return { text: say("syncOffline", { since: sync.offlineSinceText || "" }),
      short: say("syncOfflineShort", { since: sync.offlineSinceText || "" }), title: say("syncOfflineTitle") };
    case "failing": return { text: say("syncFailing"), title: sync.lastError || "" };
    case "waiting": return { text: say("syncWaiting", { count: sync.unpushed }), title: say("syncWaitingTitle", { count: sync.unpushed }) };
    case "synced": return { text: say("syncSynced"), title: sync.lastSync ? say("syncSyncedTitle", { last: sync.lastSync }) : "" };
    default: return null;
  }
}

function draw(sync) {
  const box = $("sync");
  const said = words(sync);
  const drawn = JSON.stringify([said, sync.conflicts]);
  if (drawn === state.sync.drawn) return;
  state.sync.drawn = drawn;
  box.hidden = !said && !sync.conflicts;
  const line = $("sync-state");
  line.dataset.state = sync.state;
  // On a phone the shorter words show; the whole sentence stays for screen readers (it is the one read).
  const parts = said ? [el("span", { class: "sync-long", text: said.text })] : [];
  if (said && said.short) parts.push(el("span", { class: "sync-short", "aria-hidden": "true", text: said.short }));
  line.replaceChildren(...parts);
  line.title = said ? said.title : "";
  const link = $("sync-conflicts");
  link.hidden = !sync.conflicts;
  link.textContent = sync.conflicts === 1 ? say("syncConflictsOne") : say("syncConflictsMany", { count: sync.conflicts });
}

async function poll() {
  let sync;
  // The page's own poll says when the server is away.
  try { sync = await api("/api/sync"); } catch (error) { if (!fromServer(error)) throw error; return; }
  draw(sync);
}

async function act(path, body, done) {
  try {
    const answer = await api(path, body);
    toast(done, answer.action);
    await Promise.all([poll(), refresh()]);
    // The row that was acted on is gone: focus goes to the screen's heading, never to the body.
    if (!document.activeElement || document.activeElement === document.body) focusHeading();
  } catch (error) {
    if (!fromServer(error)) throw error;
    problem(error.message);
  }
}

function render() {
  const conflicts = state.conflicts || [];
  const parts = [el("h1", { id: "conflicts-heading", tabindex: "-1", text: say("conflictsHeading") }),
    el("p", { class: "overall", text: conflicts.length ? say("conflictsIntro") : say("conflictsNone") })];
  if (conflicts.length) {
    parts.push(el("ul", { class: "conflicts", id: "conflicts-list" }, ...conflicts.map((conflict) => el("li", { class: "conflict" },
      el("p", { text: conflict.text }),
      el("div", { class: "conflict-actions" },
        el("button", { type: "button", id: "conflict-restore-" + conflict.id, "aria-label": say("conflictRestoreNamed", { what: conflict.text }),
          text: say("conflictRestore"), onclick: () => act("/api/conflicts/" + conflict.id + "/restore", {}, say("conflictRestored", { what: conflict.what })) }),
        el("button", { type: "button", class: "ghost", id: "conflict-dismiss-" + conflict.id, "aria-label": say("conflictDismissNamed", { what: conflict.text }),
          text: say("conflictDismiss"), onclick: () => act("/api/conflicts/" + conflict.id + "/dismiss", {}, say("conflictDismissed", { what: conflict.what })) }))))));
    if (conflicts.length > 1) {
      parts.push(el("button", { type: "button", class: "ghost", id: "conflicts-dismiss-all", text: say("conflictsDismissAll"),
        onclick: () => act("/api/conflicts/dismiss", { all: true }, say("conflictsAllDismissed")) }));
    }
  }
  $("view-conflicts").replaceChildren(...parts);
}

export const conflictsScreen = {
  name: "conflicts",
  match: (hash) => (hash === "#conflicts" ? {} : null),
  title: () => say("conflictsHeading"),
  load: async () => { state.conflicts = (await api("/api/conflicts")).conflicts; },
  render,
};

/** Asks where sync stands now and every two seconds. */
export function start() {
  poll();
  window.setInterval(poll, 2000);
}
