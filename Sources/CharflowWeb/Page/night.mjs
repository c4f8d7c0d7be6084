// The Night planning screen (`#night`, W-14, spec D10): the review of the day, carrying each open task
// forward (keep, later, drop), planning the next day from the Backlog or with a new task, then closing or
// skipping the evening.
//
// Every step is the CLI's `plan` step through its route (`/api/plan/carry`, `/tomorrow`, `/move`,
// `/close`, `/skip`); a refusal (the third deferral needing a chosen day, a full region) is shown in words
// beside the task it is about. A day picker offers the quick dates the server offers today, Someday only
// for a task whose `somedayAllowed` says so (T-25).
import { $, el, problem } from "./dom.mjs";
import { say, key, regionNames, bucketName, bucketValues, dayText, durationText } from "./words.mjs";
import { api } from "./api.mjs";
import { state, dateOffered } from "./state.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";
import { parseSoon } from "./quickAdd.mjs";
import { fixedPointList } from "./today.mjs";
import { habitOfferSection } from "./habitOffer.mjs";

const night = state.night;
const whenWords = {
  tomorrow: key("when.tomorrow"), "later-this-week": key("when.later-this-week"), "next-week": key("when.next-week"),
  someday: key("when.someday"),
};
const whyWords = { none: key("why.none"), "too-much": key("why.too-much"), "not-ready": key("why.not-ready"), "no-longer": key("why.no-longer") };
const importanceWords = { "": key("importance.keep"), low: key("importance.low"), medium: key("importance.medium"), high: key("importance.high") };

// The quick dates of `words` the server offers today and the task may take.
function offered(task, words) {
  return words.filter((word) => dateOffered(word) && !(word === "someday" && !task.somedayAllowed));
}

function select(id, options, chosen) {
  const node = el("select", { id }, ...options.map(([value, text]) => el("option", { value, text })));
  node.value = id in night.values ? night.values[id] : chosen;
  return node;
}

function refusal(id) { return el("p", { class: "refused", role: "alert", id, text: night.refusals[id] || "" }); }

async function step(path, body, textOf, refusalID, after) {
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

// Carry forward: keep (tomorrow, a deferral), later (a quick date or a day, with an optional reason), drop.
function carryItem(task) {
  const names = { title: task.title };
  const refusalID = "night-carry-refused-" + task.id;
  const carry = (body, textOf) => step("/api/plan/carry", Object.assign({ task: task.id }, body), textOf, refusalID,
                                       () => { if (night.openLater === task.id) night.openLater = null; });
  const item = el("li", { class: "backlog-task night-task" },
    el("span", { class: "name", text: task.title }),
    el("span", { class: "night-buttons" },
      el("button", { type: "button", id: "night-keep-" + task.id, text: say("keep"), "aria-label": say("keepNamed", names),
        onclick: () => carry({ keep: true }, () => say("kept", names)) }),
      el("button", { type: "button", class: "ghost", id: "night-later-" + task.id, text: say("later"), "aria-label": say("laterNamed", names),
        "aria-expanded": night.openLater === task.id ? "true" : "false",
        onclick: () => {
          night.openLater = night.openLater === task.id ? null : task.id;
          render();
          const target = $(night.openLater ? "night-when-" + task.id : "night-later-" + task.id);
          if (target) target.focus();
        } }),
      el("button", { type: "button", class: "ghost", id: "night-drop-" + task.id, text: say("drop"), "aria-label": say("dropNamed", names),
        onclick: () => carry({ drop: true }, () => say("droppedTask", names)) })));
  if (night.openLater === task.id) {
    const whenID = "night-when-" + task.id, dateID = "night-date-" + task.id, whyID = "night-why-" + task.id;
    const words = offered(task, ["tomorrow", "later-this-week", "next-week", "someday"]);
    const when = select(whenID, words.map((w) => [w, say(whenWords[w])]), words.includes("later-this-week") ? "later-this-week" : "next-week");
    const date = el("input", { type: "date", id: dateID, min: night.plan.planDay, value: night.values[dateID] || "" });
    const why = select(whyID, Object.entries(whyWords).map(([value, word]) => [value, say(word)]), "none");
    const form = el("form", { class: "move-form" },
      el("div", { class: "move-row" },
        el("div", {}, el("label", { for: whenID, text: say("laterWhen") }), when),
        el("div", {}, el("label", { for: dateID, text: say("laterDay") }), date),
        el("div", {}, el("label", { for: whyID, text: say("laterReason") }), why),
        el("button", { type: "submit", id: "night-carry-" + task.id, text: say("laterSubmit"), "aria-label": say("laterSubmitNamed", names) })));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const body = { later: date.value || when.value };
      if (why.value !== "none") body.reason = why.value;
      carry(body, (answer) => {
        const due = dueOf(answer);
        return due ? say("carried", { title: task.title, day: dayText(due) }) : say("carriedSomeday", names);
      });
    });
    item.append(form);
  }
  item.append(refusal(refusalID));
  return item;
}

function bucketOptions() {
  return Object.keys(bucketValues).map((value) => [value, bucketName(value)]);
}

// Planning one task onto the next day: a region and bucket (or just the day) and its importance.
function placeForm(task) {
  const names = { title: task.title };
  const formKey = "night-place-" + task.id;
  const region = select(formKey + "-region", Object.entries(regionNames).concat([["", say("nightJustDay")]]),
                        task.region && task.region !== "backlog" ? task.region : "morning");
  const current = Object.keys(bucketValues).find((value) => bucketValues[value] === task.bucket);
  const bucket = select(formKey + "-bucket", bucketOptions(), current || "misc");
  const importance = select(formKey + "-importance", Object.entries(importanceWords).map(([value, word]) => [value, say(word)]), "");
  const form = el("form", { class: "move-form" },
    el("div", { class: "move-row" },
      el("div", {}, el("label", { for: formKey + "-region", text: say("nightWhere") }), region),
      el("div", {}, el("label", { for: formKey + "-bucket", text: say("bucket") }), bucket),
      el("div", {}, el("label", { for: formKey + "-importance", text: say("importance") }), importance),
      el("button", { type: "submit", id: formKey, text: say("plan"), "aria-label": say("planNamed", names) })),
    refusal(formKey + "-refused"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const body = { task: task.id };
    if (region.value) { body.region = region.value; body.bucket = bucket.value; }
    if (importance.value) body.importance = importance.value;
    step("/api/plan/tomorrow", body, () => say("plannedToast", { title: task.title, day: dayText(night.plan.planDay) }), formKey + "-refused");
  });
  return form;
}

// The overload notice's Move: another day for a planned task, a reschedule rather than a deferral (P-4).
function moveForm(task) {
  const names = { title: task.title };
  const formKey = "night-move-" + task.id;
  const when = select(formKey + "-when", offered(task, ["later-this-week", "next-week", "someday"]).map((w) => [w, say(whenWords[w])]), "next-week");
  const form = el("form", { class: "move-form" },
    el("div", { class: "move-row" },
      el("div", {}, el("label", { for: formKey + "-when", text: say("nightMoveTo") }), when),
      el("button", { type: "submit", class: "ghost", id: formKey, text: say("nightMove"), "aria-label": say("nightMoveNamed", names) })),
    refusal(formKey + "-refused"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    step("/api/plan/move", { task: task.id, to: when.value }, (answer) => {
      const due = dueOf(answer);
      return due ? say("nightMoved", { title: task.title, day: dayText(due) }) : say("nightMovedSomeday", names);
    }, formKey + "-refused");
  });
  return form;
}

function plannedItem(task) {
  const where = task.region && task.bucket
    ? say("nightPlace", { region: regionNames[task.region], bucket: bucketName(task.bucket) }) : say("nightNoRegion");
  const item = el("li", { class: "backlog-task night-task" },
    el("span", { class: "name", text: task.title }, el("span", { class: "cat", text: where })), placeForm(task));
  if (night.plan.load.overloaded) item.append(moveForm(task));
  return item;
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
    el("div", { id: "night-new-parse", class: "parse", "aria-live": "polite" }), refusal("night-new-refused"));
}

function section(id, heading, ...children) {
  return el("section", { class: "panel", "aria-labelledby": id }, el("h2", { id, text: heading }), ...children);
}

function render() {
  if (!night.plan) return;
  const view = $("view-night");
  const focused = document.activeElement && document.activeElement.id;
  // The controls in order before this draw: when the focused one goes (its task was kept, carried,
  // dropped or planned), focus moves to the next one still there (W-21).
  const before = Array.from(view.querySelectorAll("button[id], select[id], input[id]")).map((node) => node.id);
  const { plan, review, backlog } = night;
  const parts = [el("h1", { id: "night-heading", tabindex: "-1", text: say("nightTitle") }),
    el("p", { class: "overall", text: say("nightDays", { review: dayText(plan.review), plan: dayText(plan.planDay) }) })];
  const closed = Boolean(plan.session) && plan.session.state === "closed";
  if (plan.session) parts.push(el("p", { class: "night-state", id: "night-state", text: say(closed ? "nightClosed" : "nightSkipped") }));
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
    ? el("ul", { class: "tasks", id: "night-backlog" }, ...waiting.map((task) => el("li", { class: "backlog-task night-task" },
        el("span", { class: "name", text: task.title }), placeForm(task))))
    : el("p", { class: "empty", text: say("nightBacklogEmpty") }));
  loadParts.push(newTaskForm());
  parts.push(section("night-tomorrow", say("nightTomorrow", { day: dayText(plan.planDay) }), ...loadParts));
  // 4. Close or skip.
  const planDay = dayText(plan.planDay);
  parts.push(section("night-finish", say("nightFinish"), el("div", { class: "log-row" },
    el("button", { type: "button", id: "night-close", text: say("nightClose"),
      onclick: () => step("/api/plan/close", {}, () => say("closedToast", { day: planDay }), "night-finish-refused") }),
    el("button", { type: "button", class: "ghost", id: "night-skip", text: say("nightSkip"),
      onclick: () => step("/api/plan/skip", {}, () => say("skippedToast"), "night-finish-refused") })),
    refusal("night-finish-refused")));
  view.replaceChildren(...parts);
  if (focused && document.activeElement.id !== focused) {
    const again = document.getElementById(focused);
    const next = before.slice(before.indexOf(focused) + 1).map((id) => document.getElementById(id)).find(Boolean);
    if (again) again.focus();
    else if (before.includes(focused) && next) next.focus();
    else $("night-heading").focus();
  }
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
