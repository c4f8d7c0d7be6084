// A task's row as Today, Region focus, the Backlog and Upcoming draw it: the checkbox, the title that opens
// the detail, the effort, and the task's menu of actions (W-21) with "Move to…" (W-10, W-16), the quick
// deferrals or the defer sheet, and delete. Every write is one call answered with the undo toast.
//
// What a row offers is what the task's answer says: `deferAsksForDay` (the third deferral and later need
// a chosen day, T-20), `somedayAllowed` (T-25), the quick dates the server offers today, and a full
// bucket's room from Today's `limits` and `room`.
import { $, el, announce, problem, focusHeading } from "./dom.mjs";
import { say, key, regionNames, bucketName, bucketOrder, bucketValues, durationText } from "./words.mjs";
import { api } from "./api.mjs";
import { state, dateOffered } from "./state.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";
import { closeMenus } from "./menus.mjs";
import { openSheet } from "./deferSheet.mjs";

// The quick deferrals of a task's menu: each word with its item's words and the day it names.
const quickDeferrals = [
  { word: "tomorrow", menu: key("deferMenu.tomorrow"), when: key("deferWhen.tomorrow") },
  { word: "later-this-week", menu: key("deferMenu.later-this-week"), when: key("deferWhen.later-this-week") },
  { word: "next-week", menu: key("deferMenu.next-week"), when: key("deferWhen.next-week") },
  { word: "someday", menu: key("deferMenu.someday"), when: key("deferWhen.someday") },
];

/**
 * A refusal in words; a full bucket (`region_full`) also says which bucket is full and where in the
 * region there is still room, from Today's `limits` and `room` as last drawn.
 */
export function refusalText(error, region, bucket) {
  const card = state.today && region && state.today.regions[region];
  const name = bucketValues[bucket] || bucket;
  if (!error || error.code !== "region_full" || !card || !card.limits || !(name in card.limits)) return error.message;
  const regionName = regionNames[region];
  const room = bucketOrder.filter((other) => other !== name && card.room[other] > 0).map(bucketName);
  return [error.message.replace(/\.?$/, "."),
    say("bucketFull", { bucket: bucketName(name), region: regionName, count: card[name].length, limit: card.limits[name] }),
    room.length ? say("bucketRoom", { region: regionName, buckets: room.join(say("or")) }) : say("bucketNoRoom", { region: regionName })].join(" ");
}

// What each drawn row stands for, for the keys lists.mjs gives the rows.
const rowPlaces = new WeakMap();

// Alt+Up / Alt+Down move a task within its bucket; focus stays on it and the move is announced (W-16).
async function reorder(task, place, step) {
  const position = place.index + 1 + step;
  if (position < 1) { announce(say("alreadyFirst", { title: task.title })); return; }
  if (position > place.count) { announce(say("alreadyLast", { title: task.title })); return; }
  try {
    const answer = await api("/api/tasks/" + task.id + "/reorder", { position });
    problem("");
    const text = say("reordered", {
      title: task.title, position, count: place.count, region: regionNames[place.region], bucket: bucketName(place.bucket),
    });
    toast(text, answer.action);
  } catch (error) { problem(error.message); }
  await refresh();
}

/** Moves the task of `row` one place up (-1) or down (1) in its bucket. */
export function reorderRow(row, step) {
  const known = rowPlaces.get(row);
  if (known && known.place) reorder(known.task, known.place, step);
}

/** Completes the task of a row without a checkbox (the Backlog's), as Space does. */
export async function completeRow(row) {
  const title = row.dataset.title;
  settle(row.dataset.task);
  try {
    const answer = await api("/api/tasks/" + row.dataset.task + "/done", {});
    problem("");
    toast(say("completed", { title }), answer.action);
  } catch (error) { problem(error.message); }
  await refresh();
}

// The task just completed: its row, drawn again done, settles once (the style's animation, which reduced
// motion turns off). A second later a redraw draws it plainly.
let justDoneTimer = null;
function settle(taskID) {
  state.justDone = taskID;
  window.clearTimeout(justDoneTimer);
  justDoneTimer = window.setTimeout(() => { state.justDone = null; }, 1000);
}

/** A task's category: its name beside a swatch of its colour token (task.md's five), as the API names it. */
export function categoryTag(name) {
  const lower = name.toLocaleLowerCase();
  const found = state.categories.find((category) => category.name.toLocaleLowerCase() === lower);
  return el("span", { class: "cat cat-" + ((found && found.colorKey) || "slate"), text: name });
}

/** The task's effort, or nothing when it has none. */
export function effortTag(task) {
  if (task.effortMinutes === null || task.effortMinutes === undefined) return null;
  return el("span", { class: "effort", text: durationText(task.effortMinutes) });
}

/**
 * One task's row. `place` is where it sits on the board (`region`, `bucket`, `index`, `count`, and
 * `lockNote`, the id of the sentence saying its bucket is locked), or null off the board; `idPrefix`
 * keeps the ids apart on each screen.
 */
export function taskItem(task, extraClass, place, idPrefix) {
  const id = (idPrefix || "task-") + task.id;
  // D9: while the lock holds, a Complementary task says so and its box does not change.
  const locked = Boolean(place && place.lockNote && !task.isCompleted);
  const box = el("input", {
    type: "checkbox", id, "aria-label": say("complete", { title: task.title }), checked: task.isCompleted,
    "aria-describedby": place ? ["reorder-help", locked ? place.lockNote : null].filter(Boolean).join(" ") : null,
    "aria-disabled": locked ? "true" : null,
    onclick: (event) => {
      if (!locked) return;
      event.preventDefault();
      announce(say("lockedTask"));
    },
    "data-rove": "",
    onchange: async (event) => {
      const done = event.target.checked;
      if (done) settle(task.id);
      try {
        const answer = await api("/api/tasks/" + task.id + (done ? "/done" : "/undone"), {});
        problem("");
        toast(done ? say("completed", { title: task.title }) : say("reopened", { title: task.title }), answer.action);
      } catch (error) {
        event.target.checked = !done;
        problem(error.message);
      }
      await refresh();
    },
  });
  const label = el("label", { for: id });
  // The title opens the task's detail; the checkbox beside it completes the task.
  // One line: a long title is cut short with an ellipsis and said whole on hover and in the detail.
  label.append(el("a", { href: "#task/" + task.id, class: "title-link", id: id + "-title", text: task.title, title: task.title }));
  if (task.category) label.append(categoryTag(task.category));
  // The data- attributes are what drag.mjs reads: the task, where it sits, and whether it can be dragged.
  const item = el("li", {
    class: [task.isCompleted ? "done" : "", task.isCompleted && task.id === state.justDone ? "just-done" : "", locked ? "is-locked" : "", extraClass]
      .filter(Boolean).join(" ") || null,
    "data-task": task.id, "data-title": task.title, "data-region": place ? place.region : null,
    "data-bucket": place ? place.bucket : null, "data-index": place ? String(place.index) : null,
    draggable: place && !task.isCompleted ? "true" : null,
  }, box, label);
  // One line: the checkbox, the title, the effort, and the task's menu of actions (W-21).
  const prefix = idPrefix || "task-";
  const moveKey = prefix + "move-";
  item.append(effortTag(task), taskMenu(task, prefix));
  rowPlaces.set(item, { task, place });
  if (!task.isCompleted && state.move.open === moveKey + task.id) item.append(moveForm(task, moveKey, place ? place.region : null));
  return item;
}

/** A list of task rows; with `region`, the rows of one bucket of the board (`options` as `taskItem`'s place). */
export function taskList(tasks, extraClass, region, bucket, idPrefix, options) {
  const list = el("ul", { class: "tasks", "data-region": region || null, "data-bucket": region ? bucket : null });
  tasks.forEach((task, index) => list.append(taskItem(task, extraClass,
    region ? Object.assign({ region, bucket, index, count: tasks.length }, options || {}) : null, idPrefix)));
  return list;
}

/**
 * A task's actions in one menu (the APG menu button; lists.mjs gives it its keys): Move to…, a deferral,
 * delete. `prefix` keeps the ids apart on each screen.
 */
export function taskMenu(task, prefix) {
  const menuID = prefix + "menu-" + task.id;
  const title = task.title;
  const items = [];
  const item = (text, label, action, extra) => el("button", Object.assign({
    type: "button", role: "menuitem", tabindex: "-1", id: menuID + "-" + items.length, text, "aria-label": label,
    onclick: () => { closeMenus(null); action(); },
  }, extra || {}));
  if (!task.isCompleted) {
    items.push(item(say("moveToShort"), say("moveTo", { title }), () => openMoveForm(task, prefix + "move-")));
    if (task.deferAsksForDay) {
      // The third deferral and later need a chosen day and offer the reason chips (T-20): the sheet.
      items.push(item(say("deferOpen"), say("deferNamed", { title }), () => openSheet(task), { "aria-haspopup": "dialog" }));
    } else {
      for (const deferral of quickDeferrals) {
        if (deferral.word === "someday" && !task.somedayAllowed) continue;
        if (!dateOffered(deferral.word)) continue;
        const when = say(deferral.when);
        items.push(item(say(deferral.menu), say("deferWhenNamed", { title, when }),
          () => act("/api/tasks/" + task.id + "/defer", { to: deferral.word }, say("deferred", { title, to: when }), task.id)));
      }
    }
  }
  items.push(item(say("delete"), say("deleteNamed", { title }),
    () => act("/api/tasks/" + task.id + "/delete", {}, say("deleted", { title }), task.id), { class: "delete" }));
  // A redraw (a change from elsewhere) keeps an open menu open, so focus can stay on its item.
  const drawn = document.getElementById(menuID);
  const open = Boolean(drawn && !drawn.hidden);
  const button = el("button", {
    type: "button", class: "ghost menu-button", id: prefix + "menubutton-" + task.id, text: say("actions"),
    "aria-label": say("actionsNamed", { title }), "aria-haspopup": "menu", "aria-controls": menuID, "aria-expanded": open ? "true" : "false",
  });
  return el("div", { class: "menu-wrap" }, button,
    el("div", { role: "menu", id: menuID, class: "menu", "aria-label": say("actionsNamed", { title }), hidden: !open }, ...items));
}

function openMoveForm(task, moveKey) {
  Object.assign(state.move, { open: moveKey + task.id, choice: null, problem: null });
  refresh().then(() => { const target = $(moveKey + task.id + "-region"); if (target) target.focus(); });
}

/** The menu button of a task's row on the screen shown. */
function menuButtonOf(taskID) {
  return Array.from(document.querySelectorAll(".menu-button")).find((b) => b.closest("li[data-task]").dataset.task === taskID && b.offsetParent !== null);
}

/**
 * One write from a task's menu: the toast names it and offers its undo (W-15). Focus goes to the next
 * task of the same list (the one before when it was the last), else to the screen's heading.
 */
export async function act(path, body, text, taskID) {
  const row = taskID && Array.from(document.querySelectorAll("li[data-task]")).find((li) => li.dataset.task === taskID && li.offsetParent !== null);
  const siblings = row ? Array.from(row.parentElement.children).filter((li) => li.dataset.task) : [];
  const at = siblings.indexOf(row);
  const neighbour = row ? siblings[at + 1] || siblings[at - 1] : null;
  const neighbourID = neighbour ? neighbour.dataset.task : null;
  try {
    const answer = await api(path, body);
    problem("");
    toast(text, answer.action);
    await refresh();
    const next = neighbourID && Array.from(document.querySelectorAll("li[data-task] [data-rove]"))
      .find((node) => node.closest("li").dataset.task === neighbourID && node.offsetParent !== null);
    if (next) next.focus(); else focusHeading();
  } catch (error) {
    problem(error.message);
    await refresh();
  }
}

/**
 * The "Move to…" picker of a task, in place (W-10, W-16): a region and bucket, and the Backlog when the
 * task is in a region (`current`); a single-pointer way for every move. A refusal (the 1–3–5 limits)
 * is shown in words. `moveKey` keeps the picker's ids apart on each screen.
 */
export function moveForm(task, moveKey, current) {
  const formID = moveKey + task.id;
  // What was chosen stays chosen when the board is drawn again (a change from elsewhere).
  const chosen = state.move.choice && state.move.choice.id === formID ? state.move.choice : { region: current, bucket: "misc" };
  const choices = Object.entries(regionNames).map(([value, name]) => el("option", { value, text: name, selected: value === chosen.region }));
  if (current) choices.push(el("option", { value: "backlog", text: say("toBacklog"), selected: chosen.region === "backlog" }));
  const remember = () => { state.move.choice = { id: formID, region: regionSelect.value, bucket: bucketSelect.value }; };
  const regionSelect = el("select", { id: formID + "-region", onchange: remember }, ...choices);
  const bucketSelect = el("select", { id: formID + "-bucket", onchange: remember },
    ...Object.keys(bucketValues).map((value) => el("option", { value, text: bucketName(value), selected: value === chosen.bucket })));
  const refused = state.move.problem && state.move.problem.id === formID ? state.move.problem.text : "";
  const form = el("form", { id: formID, class: "move-form", "aria-label": say("moveTo", { title: task.title }) },
    el("div", { class: "move-row" },
      el("div", {}, el("label", { for: formID + "-region", text: say("region") }), regionSelect),
      el("div", {}, el("label", { for: formID + "-bucket", text: say("bucket") }), bucketSelect),
      el("button", { type: "submit", text: say("move") }),
      el("button", { type: "button", class: "ghost", text: say("cancel"), onclick: () => cancelMove(task) })),
    el("p", { class: "refused", role: "alert", id: formID + "-problem", text: refused }));
  // Esc closes the picker and gives focus back to the task's menu button (W-21).
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    cancelMove(task);
  });
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const region = regionSelect.value;
    const bucket = bucketSelect.value;
    const toBacklog = region === "backlog";
    try {
      const answer = await api("/api/tasks/" + task.id + "/move", toBacklog ? { backlog: true } : { region, bucket });
      Object.assign(state.move, { open: null, choice: null, problem: null });
      const text = toBacklog ? say("movedToBacklog", { title: task.title })
        : say("moved", { title: task.title, region: regionNames[region], bucket: bucketName(bucket) });
      toast(text, answer.action);
      await refresh();
      // Focus follows the task when it is still on this screen, else goes to the screen's heading.
      const still = Array.from(document.querySelectorAll("input[type=checkbox]"))
        .find((box) => box.id.endsWith(task.id) && box.offsetParent !== null);
      if (still) { still.focus(); return; }
      focusHeading();
    } catch (error) {
      const text = toBacklog ? error.message : refusalText(error, region, bucket);
      state.move.problem = { id: formID, text };
      $(formID + "-problem").textContent = text;
    }
  });
  return form;
}

function cancelMove(task) {
  Object.assign(state.move, { open: null, choice: null, problem: null });
  refresh().then(() => { const b = menuButtonOf(task.id); if (b) b.focus(); else focusHeading(); });
}
