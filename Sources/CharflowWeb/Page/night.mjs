// The Night planning screen (`#night`, W-14, spec D10): the review of the day, carrying each open task
// forward (keep, later, drop), planning the next day from the Backlog or with a new task, then closing or
// skipping the evening. Close and Skip come first, so finishing is never a long walk of Tab presses.
//
// Every step is the CLI's `plan` step through its route (`/api/plan/carry`, `/tomorrow`, `/move`,
// `/close`, `/skip`). Each task is one line with one menu button of its choices (menus.mjs gives it its
// keys). What a carry offers is what the server says it would accept (`carry`, by task id): Keep only
// while it is the instant deferral, else the server's sentence as a quiet note, and Someday only when it
// would be taken (T-20, T-25). "Later…" opens the day picker in place with the defer sheet's reason chips.
import { $, el, problem } from "./dom.mjs";
import { say, key, regionNames, bucketName, bucketValues, dayText, durationText } from "./words.mjs";
import { api } from "./api.mjs";
import { state, dateOffered } from "./state.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";
import { closeMenus } from "./menus.mjs";
import { parseSoon } from "./quickAdd.mjs";
import { fixedPointList } from "./today.mjs";
import { habitOfferSection } from "./habitOffer.mjs";

const night = state.night;
// The Move items' words, each a whole key (the page joins no key from pieces).
const moveWords = {
  "later-this-week": key("deferWhen.later-this-week"), "next-week": key("deferWhen.next-week"), someday: key("deferWhen.someday"),
};
const whenWords = {
  tomorrow: key("when.tomorrow"), "later-this-week": key("when.later-this-week"), "next-week": key("when.next-week"),
  someday: key("when.someday"),
};
// The reasons are the defer sheet's chips, in its words (T-20).
const reasons = [
  { value: "too-much", word: key("chip.too-much") }, { value: "not-ready", word: key("chip.not-ready") },
  { value: "no-longer", word: key("chip.no-longer") },
];

function select(id, options, chosen) {
  const node = el("select", { id }, ...options.map(([value, text]) => el("option", { value, text })));
  node.value = id in night.values ? night.values[id] : chosen;
  return node;
}

function refusal(id) { return el("p", { class: "refused", role: "alert", id, text: night.refusals[id] || "" }); }

/** One step; `from` is the id of the menu button it was chosen from, where focus goes on after the redraw. */
async function step(path, body, textOf, refusalID, after, from) {
  night.from = from || null;
  try {
    const answer = await api(path, body);
    delete night.refusals[refusalID];
    problem("");
    if (after) after();
    toast(textOf(answer), answer.action);
  } catch (error) { night.refusals[refusalID] = error.message; }
  await refresh();
}

function dueOf(answer) { return answer.dueDate !== undefined ? answer.dueDate : answer.task ? answer.task.dueDate : null; }

/** A menu button and its menu of items (`[text, label, action, id]`), as a task row's menu. */
function choiceMenu(id, text, label, items) {
  const menuID = id + "-menu";
  const drawn = document.getElementById(menuID);
  const open = Boolean(drawn && !drawn.hidden);
  const button = el("button", { type: "button", class: "ghost menu-button choose", id, text, "aria-label": label,
                                "aria-haspopup": "menu", "aria-controls": menuID, "aria-expanded": open ? "true" : "false" });
  return el("div", { class: "menu-wrap" }, button,
    el("div", { role: "menu", id: menuID, class: "menu", "aria-label": label, hidden: !open },
      ...items.filter(Boolean).map(([itemText, itemLabel, action, itemID]) => el("button", {
        type: "button", role: "menuitem", tabindex: "-1", id: itemID, text: itemText, "aria-label": itemLabel,
        onclick: () => { closeMenus(null); action(); } }))));
}

// Carry forward: one line a task, its choices in one menu; Later opens the day picker under it.
function carryItem(task) {
  const names = { title: task.title };
  const refusalID = "night-carry-refused-" + task.id;
  const menuID = "night-choose-" + task.id;
  const allowed = (night.plan.carry && night.plan.carry[task.id]) || { keep: true, someday: task.somedayAllowed, keepNote: null };
  const carry = (body, textOf) => step("/api/plan/carry", Object.assign({ task: task.id }, body), textOf, refusalID,
                                       () => { if (night.openLater === task.id) night.openLater = null; }, menuID);
  const openLater = () => {
    night.openLater = task.id;
    night.reason = null;
    render();
    const target = $("night-later-title-" + task.id);
    if (target) target.focus();
  };
  const menu = choiceMenu(menuID, say("carryMenu"), say("carryMenuNamed", names), [
    allowed.keep ? [say("keepFor", { day: dayText(night.plan.planDay) }), say("keepNamed", names),
                    () => carry({ keep: true }, () => say("kept", names)), "night-keep-" + task.id] : null,
    [say("later"), say("laterNamed", names), openLater, "night-later-" + task.id],
    [say("drop"), say("dropNamed", names), () => carry({ drop: true }, () => say("droppedTask", names)), "night-drop-" + task.id],
  ]);
  const item = el("li", { class: "night-task", "data-night-task": task.id },
    el("span", { class: "name", text: task.title, title: task.title }), menu);
  // From the third deferral Keep is not offered: the server's sentence says why, calmly, not as an error.
  if (!allowed.keep && allowed.keepNote) item.append(el("p", { class: "hint night-note", id: "night-note-" + task.id, text: allowed.keepNote }));
  if (night.openLater === task.id) item.append(laterForm(task, allowed, carry));
  item.append(refusal(refusalID));
  return item;
}

// The day picker of "Later…", as the defer sheet has it: the reason chips first (optional), then
// the quick dates the server offers and the task may take, or a day of its own (said in the page's
// words beside the field), and Cancel; Esc closes it.
function laterForm(task, allowed, carry) {
  const names = { title: task.title };
  const dateID = "night-date-" + task.id;
  const close = () => { night.openLater = null; render(); const back = $("night-choose-" + task.id); if (back) back.focus(); };
  const reason = () => (night.reason ? { reason: night.reason } : {});
  const textOf = (answer) => {
    const due = dueOf(answer);
    return due ? say("carried", { title: task.title, day: dayText(due) }) : say("carriedSomeday", names);
  };
  const words = ["later-this-week", "next-week", "someday"].filter((w) => dateOffered(w) && (w !== "someday" || allowed.someday));
  const date = el("input", { type: "date", id: dateID, min: night.plan.planDay, value: night.values[dateID] || "",
                             "aria-describedby": dateID + "-said" });
  const said = el("span", { class: "said-day", id: dateID + "-said", text: date.value ? say("chosenDay", { day: dayText(date.value) }) : "" });
  date.addEventListener("input", () => { said.textContent = date.value ? say("chosenDay", { day: dayText(date.value) }) : ""; });
  const form = el("form", { class: "later-form", id: "night-later-form-" + task.id, "aria-labelledby": "night-later-title-" + task.id },
    el("h3", { id: "night-later-title-" + task.id, tabindex: "-1", text: say("laterHeading", names) }),
    el("fieldset", { class: "choices", id: "night-why-" + task.id }, el("legend", { text: say("laterReason") }),
      ...reasons.map((r) => el("button", { type: "button", class: "choice", id: "night-why-" + task.id + "-" + r.value, text: say(r.word),
                                           "aria-pressed": String(night.reason === r.value),
                                           onclick: (event) => {
                                             night.reason = night.reason === r.value ? null : r.value;
                                             for (const chip of form.querySelectorAll("#night-why-" + task.id + " button")) {
                                               chip.setAttribute("aria-pressed", String(chip === event.currentTarget && night.reason !== null));
                                             }
                                           } }))),
    el("fieldset", { class: "choices", id: "night-when-" + task.id }, el("legend", { text: say("laterWhen") }),
      ...words.map((word) => el("button", { type: "button", class: "choice", id: "night-when-" + task.id + "-" + word, text: say(whenWords[word]),
                                            onclick: () => carry(Object.assign({ later: word }, reason()), textOf) }))),
    el("div", { class: "field-row" },
      el("label", { for: dateID, text: say("laterDay") }), date,
      el("button", { type: "submit", id: "night-carry-" + task.id, text: say("laterSubmit"), "aria-label": say("laterSubmitNamed", names) }),
      said),
    el("div", { class: "actions" }, el("button", { type: "button", class: "ghost", id: "night-later-cancel-" + task.id, text: say("cancel"), onclick: close })));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!date.value) { date.focus(); return; }
    carry(Object.assign({ later: date.value }, reason()), textOf);
  });
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    close();
  });
  return form;
}

// Planning one task onto the next day: one menu of places (each region's buckets, or just the day),
// marking it as mattering most (T-14), and when the day is overloaded another day for it (P-4).
function planMenu(task, planned) {
  const names = { title: task.title };
  const menuID = "night-place-" + task.id;
  const refusalID = menuID + "-refused";
  const planDay = dayText(night.plan.planDay);
  const place = (body) => step("/api/plan/tomorrow", Object.assign({ task: task.id }, body),
                               () => say("plannedToast", { title: task.title, day: planDay }), refusalID, null, menuID);
  const items = [];
  for (const [region, regionName] of Object.entries(regionNames)) {
    for (const bucket of Object.keys(bucketValues)) {
      const text = say("nightPlace", { region: regionName, bucket: bucketName(bucket) });
      items.push([text, say("planNamed", names) + ": " + text, () => place({ region, bucket }), menuID + "-" + region + "-" + bucket]);
    }
  }
  items.push([say("nightJustDay"), say("planNamed", names) + ": " + say("nightJustDay"), () => place({}), menuID + "-day"]);
  if (task.importance !== "high") {
    items.push([say("mattersMost"), say("mattersMostNamed", names),
                () => step("/api/tasks/" + task.id + "/edit", { importance: "high" }, () => say("markedHigh", names), refusalID, null, menuID),
                menuID + "-high"]);
  }
  if (planned && night.plan.load.overloaded) {
    for (const word of ["later-this-week", "next-week", "someday"]) {
      if (!dateOffered(word) || (word === "someday" && !task.somedayAllowed)) continue;
      const when = say(moveWords[word]);
      items.push([say("nightMoveItem", { when }), say("nightMoveItemNamed", { title: task.title, when }),
                  () => step("/api/plan/move", { task: task.id, to: word }, (answer) => {
                    const due = dueOf(answer);
                    return due ? say("nightMoved", { title: task.title, day: dayText(due) }) : say("nightMovedSomeday", names);
                  }, refusalID, null, menuID), "night-move-" + task.id + "-" + word]);
    }
  }
  return [choiceMenu(menuID, say("planMenu"), say("planNamed", names), items), refusal(refusalID)];
}

function plannedItem(task) {
  const where = task.region && task.bucket
    ? say("nightPlace", { region: regionNames[task.region], bucket: bucketName(task.bucket) }) : say("nightNoRegion");
  const [menu, refused] = planMenu(task, true);
  return el("li", { class: "night-task" }, el("span", { class: "name", text: task.title, title: task.title }),
    el("span", { class: "meta", text: where }), menu, refused);
}

function backlogItem(task) {
  const [menu, refused] = planMenu(task, false);
  return el("li", { class: "night-task" }, el("span", { class: "name", text: task.title, title: task.title }), menu, refused);
}

function bucketOptions() {
  return Object.keys(bucketValues).map((value) => [value, bucketName(value)]);
}

function newTaskForm() {
  const titleID = "night-new-title", regionID = "night-new-region", bucketID = "night-new-bucket";
  // The line is read as quick add reads it (`!high ~60m #Work`), through the API's parser (item 8).
  const title = el("input", { id: titleID, type: "text", autocomplete: "off", value: night.values[titleID] || "", "aria-describedby": "night-new-parse",
                              oninput: () => parseSoon(titleID, "night-new-parse") });
  const region = select(regionID, Object.entries(regionNames).concat([["", say("nightJustDay")]]), "morning");
  const bucket = select(bucketID, bucketOptions(), "misc");
  const form = el("form", { class: "pause-form" },
    el("div", {}, el("label", { for: titleID, text: say("nightNewTitle") }), title),
    el("div", {}, el("label", { for: regionID, text: say("nightWhere") }), region),
    el("div", {}, el("label", { for: bucketID, text: say("bucket") }), bucket),
    el("button", { type: "submit", id: "night-new-submit", text: say("nightNewSubmit") }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const body = { parse: title.value, due: night.plan.planDay };
    if (region.value) { body.region = region.value; body.bucket = bucket.value; }
    step("/api/tasks", body, (task) => say("plannedToast", { title: task.title, day: dayText(night.plan.planDay) }), "night-new-refused",
         () => { delete night.values[titleID]; });
  });
  return el("div", { class: "night-new" }, el("h3", { text: say("nightNew") }), form,
    el("div", { id: "night-new-parse", class: "parse" }), refusal("night-new-refused"));
}

function section(id, heading, ...children) {
  return el("section", { class: "panel", "aria-labelledby": id }, el("h2", { id, text: heading }), ...children);
}

function render() {
  if (!night.plan) return;
  const view = $("view-night");
  const focused = document.activeElement && document.activeElement.id;
  // The rows' menu buttons in order before this draw: when the row a choice was made on goes (its task
  // was kept, carried, dropped or planned), focus moves to the next row's button still there (W-21).
  const before = Array.from(view.querySelectorAll("button[id], select[id], input[id]"))
    .filter((node) => !node.closest("[role=menu]")).map((node) => node.id);
  const { plan, review, backlog } = night;
  const parts = [el("h1", { id: "night-heading", tabindex: "-1", text: say("nightTitle") }),
    el("p", { class: "overall", text: say("nightDays", { review: dayText(plan.review), plan: dayText(plan.planDay) }) })];
  const closed = Boolean(plan.session) && plan.session.state === "closed";
  if (plan.session) parts.push(el("p", { class: "night-state", id: "night-state", text: say(closed ? "nightClosed" : "nightSkipped") }));
  // Close or skip, first: the evening can be ended from the top (W-21).
  const planDay = dayText(plan.planDay);
  parts.push(el("section", { class: "night-finish", "aria-label": say("nightFinish") }, el("div", { class: "actions" },
    el("button", { type: "button", id: "night-close", text: say("nightClose"),
      onclick: () => step("/api/plan/close", {}, () => say("closedToast", { day: planDay }), "night-finish-refused") }),
    el("button", { type: "button", class: "ghost", id: "night-skip", text: say("nightSkip"),
      onclick: () => step("/api/plan/skip", {}, () => say("skippedToast"), "night-finish-refused") })),
    refusal("night-finish-refused")));
  // 1. Review: what was done, and the habits honestly ("2/3").
  const done = review.done.length
    ? el("ul", { class: "tasks" }, ...review.done.map((t) => el("li", { class: "done" }, el("span", { text: t.title }))))
    : el("p", { class: "empty", text: say("nightNothingDone") });
  const reviewParts = [el("h3", { text: say("nightDone", { count: review.done.length }) }), done];
  if (review.habits.length) {
    reviewParts.push(el("h3", { text: say("nightHabits") }), el("ul", { class: "strip" }, ...review.habits.map((h) => el("li", {
      text: say("nightHabit", { name: h.window ? say("windowName", { title: h.title, label: h.window }) : h.title, text: h.text }) }))));
  }
  parts.push(section("night-review", say("nightReview"), ...reviewParts));
  // The day's offer of a detected habit, the same the server makes on Today.
  const offers = habitOfferSection(review.habitOffers, "night-habit-offers", () => $("night-heading"));
  if (offers) parts.push(offers);
  // 2. Carry forward each open task.
  parts.push(section("night-carry", say("nightCarry"), el("p", { class: "hint", text: say("nightCarryHelp") }),
    plan.open.length ? el("ul", { class: "tasks", id: "night-open" }, ...plan.open.map(carryItem))
                     : el("p", { class: "empty", text: say("nightNothingOpen") })));
  // 3. Plan the next day: its load, the prompt and the overload notice, the Backlog, a new task.
  const load = plan.load;
  const loadParts = [el("p", { class: "overall", id: "night-load", text: say("nightLoad", {
    count: load.tasks.length, total: durationText(load.taskMinutes), free: durationText(load.freeMinutes) }) })];
  // Each region's planned and free time, and the day's events and anchors in time order among them (F-16).
  const outside = fixedPointList(load.fixedPoints.filter((point) => point.region === null), "night-points-outside");
  if (outside) loadParts.push(outside);
  loadParts.push(el("ul", { class: "fixed-points", id: "night-regions" }, ...["morning", "afternoon", "evening"].map((key) => {
    const region = load.regions[key];
    return el("li", {}, el("span", { text: regionNames[key] + ": " + say("plannedFree", {
      planned: durationText(region.plannedMinutes), free: durationText(region.freeMinutes) }) }),
      fixedPointList(load.fixedPoints.filter((point) => point.region === key), "night-points-" + key));
  })));
  if (load.prioritisationPrompt) loadParts.push(el("p", { class: "notice", text: say("nightPrioritise") }));
  if (load.overloaded) loadParts.push(el("p", { class: "notice", text: say("nightOverload", {
    load: durationText(load.taskMinutes), free: durationText(load.freeMinutes) }) }));
  loadParts.push(el("h3", { text: say("nightPlanned") }), load.tasks.length
    ? el("ul", { class: "tasks", id: "night-planned" }, ...load.tasks.map(plannedItem))
    : el("p", { class: "empty", text: say("nightNothingPlanned") }));
  const waiting = [].concat(...backlog.groups.map((g) => g.tasks));
  loadParts.push(el("h3", { text: say("nightFromBacklog") }), waiting.length
    ? el("ul", { class: "tasks", id: "night-backlog" }, ...waiting.map(backlogItem))
    : el("p", { class: "empty", text: say("nightBacklogEmpty") }));
  loadParts.push(newTaskForm());
  parts.push(section("night-tomorrow", say("nightTomorrow", { day: dayText(plan.planDay) }), ...loadParts));
  view.replaceChildren(...parts);
  // A choice from a row's menu: focus back on its button, or on the next row's when the row went; any
  // other control that had focus has it again, or the one after it when it went (W-21).
  const from = night.from;
  night.from = null;
  const mark = from || (focused && document.activeElement.id !== focused ? focused : null);
  if (!mark) return;
  const again = document.getElementById(mark);
  const next = before.includes(mark) ? before.slice(before.indexOf(mark) + 1).map((id) => document.getElementById(id)).find(Boolean) : null;
  if (again) again.focus();
  else if (next) next.focus();
  else $("night-heading").focus();
}

async function load() {
  const [plan, review, backlog] = await Promise.all([api("/api/plan"), api("/api/plan/review"), api("/api/backlog")]);
  Object.assign(night, { plan, review, backlog });
}

export const nightScreen = {
  name: "night",
  nav: key("navNight"),
  match: (hash) => (hash === "#night" ? {} : null),
  title: () => say("nightTitle"),
  load,
  render,
};

/** Keeps what is typed or chosen on the screen across redraws. */
export function start() {
  const keep = (event) => {
    const target = event.target;
    if (target.id && target.closest && target.closest("#view-night")) night.values[target.id] = target.value;
  };
  document.addEventListener("input", keep);
  document.addEventListener("change", keep);
}
