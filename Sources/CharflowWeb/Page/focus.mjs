// The Focus screen at `#focus` (W-13): begin a session on one of today's tasks, pause, resume, finish as
// done or stop for now, the timer with the estimate against the actual time, and the task's checklist.
//
// The timer never reads the browser's clock as "now": it starts from the `elapsedSeconds` the server
// answered (as of the server's clock) and only counts the seconds since that answer, syncing again every
// 15 seconds and after every change. One timer at a time: a refused Begin is shown in words with the
// settle choices.
import { $, el, problem, focusedID, keepFocus } from "./dom.mjs";
import { say, key } from "./words.mjs";
import { api } from "./api.mjs";
import { state } from "./state.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";

const focus = state.focus;
const settles = [
  { value: "done", word: key("settleDone") }, { value: "stop", word: key("settleStop") },
  { value: "defer", word: key("settleDefer") }, { value: "drop", word: key("settleDrop") },
];

function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return (h ? h + ":" + two(m) : String(m)) + ":" + two(r);
}

function elapsedNow() {
  const base = focus.base;
  if (!base) return 0;
  return base.paused ? base.elapsed : base.elapsed + (performance.now() - base.at) / 1000;
}

function againstText(seconds) {
  const minutes = Math.floor(seconds / 60);
  const base = focus.base;
  return base && base.estimate !== null && base.estimate !== undefined
    ? say("focusAgainst", { elapsed: minutes, estimate: base.estimate })
    : say("focusNoEstimate", { elapsed: minutes });
}

function tick() {
  const clock = $("focus-clock");
  if (!clock || $("view-focus").hidden || !focus.base) return;
  const seconds = elapsedNow();
  clock.textContent = clockText(seconds);
  $("focus-against").textContent = againstText(seconds);
  if (performance.now() - focus.lastSync > 15000) refresh();
}

// Today's open tasks, once each, for the picker.
function openTasks() {
  const board = state.today;
  if (!board) return [];
  const all = [].concat(...Object.values(board.regions).map((r) => r.mustDo.concat(r.complementary, r.misc)), board.due, board.overdue);
  const seen = new Set();
  return all.filter((t) => !t.isCompleted && !seen.has(t.id) && seen.add(t.id));
}

async function act(path, body, words, title) {
  try {
    const answer = await api("/api/sessions/" + path, body);
    problem("");
    focus.refused = null;
    const text = say(words, { title });
    // Focus goes on to the control that comes next: Resume after Pause, Pause after Resume, and the
    // picker for the next session after Finish (W-21).
    focus.pendingFocus = path === "pause" ? "focus-resume" : path === "resume" ? "focus-pause" : "focus-task";
    toast(text, answer.action);
  } catch (error) { problem(error.message); }
  await refresh();
}

/**
 * Begins a session on task `task` (from the picker, the settle choices, or the task detail's "Begin
 * focus") and shows the Focus screen: the timer, or the refusal in words with the settle choices.
 */
export async function begin(task, title, settle) {
  const body = { task };
  if (settle) body.settle = settle;
  try {
    const answer = await api("/api/sessions/begin", body);
    problem("");
    focus.refused = null;
    toast(say("focusBegun", { title }), answer.action);
    focus.pendingFocus = "focus-heading";
  } catch (error) {
    if (!/running/.test(error.code || "")) { problem(error.message); await refresh(); return; }
    // The session running is this task's own: there is nothing to settle, only Finish (its panel).
    const status = await api("/api/status").catch(() => null);
    if (status && status.task && status.task.id === task) {
      focus.refused = null;
      focus.pendingFocus = "focus-done";
      toast(say("focusAlready", { title }), null);
    } else {
      focus.refused = { task, title, message: error.message };
      focus.pendingFocus = "focus-refused";
    }
  }
  if (location.hash !== "#focus") location.hash = "#focus";
  else await refresh();
}

function cancelRefusal() { focus.refused = null; focus.pendingFocus = "focus-heading"; refresh(); }

function refusal() {
  const refused = focus.refused;
  // Esc closes the choices, as Cancel does (W-21).
  return el("section", { class: "panel", id: "focus-refused", tabindex: "-1", "aria-labelledby": "focus-refused-text",
                         onkeydown: (event) => { if (event.key === "Escape") { event.preventDefault(); event.stopPropagation(); cancelRefusal(); } } },
    el("p", { class: "refused", id: "focus-refused-text", text: refused.message }),
    el("div", { class: "actions" }, ...settles.map(({ value, word }) => el("button", {
      type: "button", class: "ghost", id: "focus-settle-" + value, text: say(word),
      onclick: () => begin(refused.task, refused.title, value),
    })), el("button", { type: "button", class: "ghost", id: "focus-settle-cancel", text: say("cancel"),
                        onclick: cancelRefusal })));
}

function picker() {
  const tasks = openTasks();
  if (!tasks.length) return el("p", { class: "empty", text: say("focusNoTasks") });
  const select = el("select", { id: "focus-task" }, ...tasks.map((t) => el("option", { value: t.id, text: t.title })));
  const form = el("form", { id: "focus-form", class: "quick-row" },
    el("label", { for: "focus-task", class: "sr-only", text: say("focusPick") }), select,
    el("button", { type: "submit", id: "focus-begin", text: say("focusBegin") }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    begin(select.value, select.options[select.selectedIndex].text);
  });
  return el("section", { class: "panel", "aria-labelledby": "focus-pick-title" },
    el("h2", {}, el("label", { id: "focus-pick-title", for: "focus-task", text: say("focusPick") })), form);
}

function checklist(task) {
  const items = task.checklist || [];
  if (!items.length) return null;
  const list = el("ul", { class: "checklist" });
  for (const item of items) {
    const id = "focus-check-" + item.number;
    list.append(el("li", { class: item.isChecked ? "done" : null },
      el("input", { type: "checkbox", id, checked: item.isChecked, "aria-label": say("checkItem", { item: item.text }),
        onchange: async (event) => {
          try {
            const answer = await api("/api/tasks/" + task.id + "/check", { item: item.number });
            problem("");
            toast(event.target.checked ? say("checked", { item: item.text }) : say("unchecked", { item: item.text }), answer.action);
          } catch (error) { event.target.checked = !event.target.checked; problem(error.message); }
          await refresh();
        } }),
      el("label", { for: id, text: item.text })));
  }
  return el("section", { class: "panel", "aria-labelledby": "focus-checklist-title" },
    el("h2", { id: "focus-checklist-title", text: say("focusChecklist") }), list);
}

function running(status) {
  const session = status.session;
  const task = status.task;
  const title = status.title || say("focusHabit");
  const parts = [];
  const note = el("input", { type: "text", id: "focus-note", "aria-describedby": null });
  parts.push(el("section", { class: "panel focus-timer", "aria-labelledby": "focus-task-title" },
    el("h2", { id: "focus-task-title" }, task ? el("a", { href: "#task/" + task.id, text: title }) : title),
    el("p", { class: "state", id: "focus-state", text: say(session.isPaused ? "focusPaused" : "focusRunning") }),
    el("p", { class: "clock", role: "timer", id: "focus-clock", "aria-label": say("focusElapsed"), text: clockText(session.elapsedSeconds) }),
    el("p", { id: "focus-against", text: againstText(session.elapsedSeconds) }),
    el("div", { class: "actions" },
      session.isPaused
        ? el("button", { type: "button", id: "focus-resume", text: say("focusResume"), "aria-label": say("focusResumeNamed", { title }), onclick: () => act("resume", {}, key("focusResumed"), title) })
        : el("button", { type: "button", id: "focus-pause", class: "ghost", text: say("focusPause"), "aria-label": say("focusPauseNamed", { title }), onclick: () => act("pause", {}, key("focusPausedToast"), title) })),
    el("div", { class: "finish" },
      el("label", { for: "focus-note", text: say("focusNote") }), note,
      el("div", { class: "actions" },
        el("button", { type: "button", id: "focus-done", text: say("focusDone"), "aria-label": say("focusDoneNamed", { title }),
                       onclick: () => act("finish", note.value.trim() ? { done: true, note: note.value } : { done: true }, key("focusFinished"), title) }),
        el("button", { type: "button", id: "focus-stop", class: "ghost", text: say("focusStop"), "aria-label": say("focusStopNamed", { title }),
                       onclick: () => act("finish", note.value.trim() ? { stop: true, note: note.value } : { stop: true }, key("focusStopped"), title) })))));
  if (focus.detail) {
    const list = checklist(focus.detail);
    if (list) parts.push(list);
  }
  return parts;
}

async function load() {
  const status = await api("/api/status");
  focus.lastSync = performance.now();
  focus.detail = status.session && status.task ? await api("/api/tasks/" + status.task.id) : null;
  focus.status = status;
  focus.base = status.session ? { elapsed: status.session.elapsedSeconds, at: performance.now(), paused: status.session.isPaused,
                                  estimate: status.session.estimateMinutes } : null;
}

function render() {
  const status = focus.status;
  if (!status) return;
  const view = [el("h1", { id: "focus-heading", tabindex: "-1", text: say("focusTitle") })];
  if (focus.refused) view.push(refusal());
  if (status.session) view.push(...running(status));
  else view.push(el("p", { class: "overall", text: say("focusIdle") }), picker());
  // What has focus and what was typed are read when the screen is replaced, not before the requests
  // above: a key pressed while they were under way moved focus on since.
  const focused = focusedID();
  const typed = $("focus-note") ? $("focus-note").value : "";
  $("view-focus").replaceChildren(...view);
  if (typed && $("focus-note")) $("focus-note").value = typed;
  if (focus.pendingFocus) {
    const target = $(focus.pendingFocus) || $("focus-heading");
    focus.pendingFocus = null;
    target.focus();
    return;
  }
  keepFocus(focused);
}

export const focusScreen = {
  name: "focus",
  nav: key("navFocus"),
  match: (hash) => (hash === "#focus" ? {} : null),
  title: () => say("focusTitle"),
  load,
  render,
};

/** The timer's second hand. */
export function start() {
  window.setInterval(tick, 1000);
}
