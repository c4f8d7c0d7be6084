// The task detail at `#task/ID` (W-11): title, notes rendered as a safe markdown subset with the checklist
// as real checkboxes, importance, effort, quick dates, repeat, category, deferral history, and the defer
// sheet (deferSheet.mjs).
//
// Every change is one API call answered with the undo toast. User text is only ever set as text: the
// markdown is built element by element, never through `innerHTML`. The quick dates offered are the
// server's (`GET /api/dates`), Someday only when the task's `somedayAllowed` says so (T-25).
import { $, el, problem, focusHeading, focusedID, keepFocus } from "./dom.mjs";
import { say, key, regionNames, bucketName, dayText, durationText } from "./words.mjs";
import { api, fromServer } from "./api.mjs";
import { state, dateOffered } from "./state.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";
import { openSheet, sheetOpen } from "./deferSheet.mjs";
import { begin } from "./focus.mjs";

const detail = state.detail;
const effortSteps = [15, 30, 60, 120];
const importanceWords = { low: key("importance.low"), medium: key("importance.medium"), high: key("importance.high") };
const repeatWords = { none: key("repeat.none"), daily: key("repeat.daily"), weekly: key("repeat.weekly"), monthly: key("repeat.monthly") };
const dueWords = {
  today: key("date.today"), tomorrow: key("date.tomorrow"), "later-this-week": key("date.later-this-week"),
  "next-week": key("date.next-week"), someday: key("date.someday"),
};
const fieldWords = {
  title: key("what.title"), notes: key("what.notes"), importance: key("what.importance"), effort: key("what.effort"),
  due: key("what.due"), repeat: key("what.repeat"), category: key("what.category"),
};
// Why a task was deferred, as a deferral record names it.
const reasonWords = {
  tooMuch: key("reason.tooMuch"), notReady: key("reason.notReady"), noLonger: key("reason.noLonger"),
  reschedule: key("reason.reschedule"), unspecified: key("reason.unspecified"),
};

// Inline markdown: `code`, **bold**, *italic* or _italic_, [text](href). Links keep their address in
// view; only http, https and mailto addresses become links.
function inline(text) {
  const nodes = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\*([^*]+)\*|_([^_]+)_|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let match;
  while ((match = pattern.exec(text)) !== null) {
    if (match.index > last) nodes.push(document.createTextNode(text.slice(last, match.index)));
    if (match[1] !== undefined) nodes.push(el("code", { text: match[1] }));
    else if (match[2] !== undefined) nodes.push(el("strong", { text: match[2] }));
    else if (match[3] !== undefined || match[4] !== undefined) nodes.push(el("em", { text: match[3] || match[4] }));
    else {
      const href = match[6];
      const safe = /^(https?:|mailto:)/i.test(href);
      nodes.push(safe ? el("a", { href, rel: "noopener noreferrer", text: match[5] }) : el("span", { text: match[5] }));
      nodes.push(document.createTextNode(" (" + href + ")"));
    }
    last = pattern.lastIndex;
  }
  if (last < text.length) nodes.push(document.createTextNode(text.slice(last)));
  return nodes;
}

// Block markdown: paragraphs (lines kept), bulleted and numbered lists, and checklist items as checkboxes
// numbered in order, as the core numbers them for the `check` route.
function renderNotes(task) {
  const box = el("div", { class: "notes" });
  const lines = (task.notes || "").split("\n");
  let list = null;
  let listKind = null;
  let paragraph = null;
  let item = 0;
  const close = () => { list = null; listKind = null; paragraph = null; };
  for (const line of lines) {
    const check = /^[ \t]*[-*] \[([xX ])\](.*)$/.exec(line);
    const bullet = /^[ \t]*[-*] (.*)$/.exec(line);
    const numbered = /^[ \t]*\d+[.)] (.*)$/.exec(line);
    if (!line.trim()) { close(); continue; }
    if (check) {
      item += 1;
      if (listKind !== "check") { list = el("ul", { class: "checklist" }); listKind = "check"; box.append(list); paragraph = null; }
      list.append(checkItem(task, item, check[1] !== " ", check[2].trim()));
    } else if (bullet || numbered) {
      const kind = bullet ? "ul" : "ol";
      if (listKind !== kind) { list = el(kind); listKind = kind; box.append(list); paragraph = null; }
      list.append(el("li", {}, ...inline((bullet || numbered)[1])));
    } else {
      list = null; listKind = null;
      if (paragraph) paragraph.append(el("br"));
      else { paragraph = el("p"); box.append(paragraph); }
      paragraph.append(...inline(line.trim()));
    }
  }
  if (!box.childNodes.length) box.append(el("p", { class: "empty", text: say("notesEmpty") }));
  return box;
}

// One checklist item: a real checkbox ticking item `number` through the `check` route (T-33).
function checkItem(task, number, isChecked, text) {
  const id = "detail-check-" + number;
  const box = el("input", {
    type: "checkbox", id, checked: isChecked, "aria-label": say("checkItem", { item: text }),
    onchange: async (event) => {
      try {
        const answer = await api("/api/tasks/" + task.id + "/check", { item: number });
        problem("");
        toast(event.target.checked ? say("checked", { item: text }) : say("unchecked", { item: text }), answer.action);
      } catch (error) {
        event.target.checked = !event.target.checked;
        problem(error.message);
      }
      await refresh();
    },
  });
  return el("li", { class: isChecked ? "done" : null }, box, el("label", { for: id }, ...inline(text)));
}

async function edit(task, what, body) {
  try {
    const answer = await api("/api/tasks/" + task.id + "/edit", body);
    problem("");
    const eased = Boolean(answer.deferral && answer.deferral.importanceEased);
    const text = say("changed", { what: say(fieldWords[what]), title: answer.title });
    // Easing is said in the toast everyone sees, not only to a screen reader (T-13).
    toast(eased ? text + " " + say("eased") : text, answer.action);
    if (eased) detail.eased = task.id;
    if (answer.deferral && answer.deferral.suggestRemoval) detail.suggestion = task.id;
  } catch (error) { problem(error.message); }
  await refresh();
}

// A value as an id part: a category name may hold spaces and signs.
function slug(value) {
  return String(value).replace(/[^A-Za-z0-9_-]/g, (c) => "_" + c.charCodeAt(0).toString(16));
}

// A row of buttons for one field, the current choice pressed: one press, one API call.
function choices(name, legend, options, current, pick) {
  return el("fieldset", { class: "choices", id: "detail-" + name },
    el("legend", { text: legend }),
    ...options.map(([value, label]) => el("button", {
      type: "button", class: "choice", id: "detail-" + name + "-" + slug(value), text: label,
      "aria-pressed": current === undefined ? null : String(value === current),
      onclick: () => { if (value !== current) pick(value); },
    })));
}

function placeText(task) {
  if (task.region && task.bucket) return regionNames[task.region] + ", " + bucketName(task.bucket);
  return task.dueDate ? say("detailUnplaced") : say("toBacklog");
}

function categoryLabel(name) {
  const found = state.categories.find((c) => c.name === name);
  const colour = found ? found.colorKey : "slate";
  return el("span", { class: "cat-label cat-" + colour }, el("span", { class: "swatch", "aria-hidden": "true" }),
    say("categoryLabel", { name }) + (found && found.isArchived ? " — archived" : ""));
}

function history(task) {
  const section = el("section", { class: "panel", "aria-labelledby": "detail-history-title" },
    el("h2", { id: "detail-history-title", text: say("deferrals") }));
  if (!task.deferrals.length) { section.append(el("p", { class: "empty", text: say("noDeferrals") })); return section; }
  const list = el("ol", { class: "history" });
  for (const record of task.deferrals) {
    list.append(el("li", { text: say("deferralLine", {
      day: dayText(record.day), to: record.deferredTo ? dayText(record.deferredTo) : say("deferralSomeday"), reason: say(reasonWords[record.reason]),
    }) }));
  }
  section.append(list);
  return section;
}

function suggestionBox(task) {
  return el("section", { class: "panel suggestion", id: "detail-suggestion", tabindex: "-1", "aria-labelledby": "detail-suggestion-text" },
    el("p", { id: "detail-suggestion-text", text: say("suggestRemoval", { title: task.title }) }),
    el("div", { class: "actions" },
      el("button", { type: "button", id: "detail-suggestion-delete", text: say("deleteTask"),
                     "aria-label": say("deleteNamed", { title: task.title }), onclick: () => remove(task) }),
      el("button", { type: "button", class: "ghost", id: "detail-suggestion-keep", text: say("keepTask"),
                     onclick: () => { detail.suggestion = null; refresh().then(() => $("detail-defer").focus()); } })));
}

// A deleted task's page is left for the screen it was opened from; the screen change puts focus on that
// screen's heading, and the toast offers the undo.
async function remove(task) {
  try {
    const answer = await api("/api/tasks/" + task.id + "/delete", {});
    detail.suggestion = null;
    problem("");
    toast(say("deleted", { title: task.title }), answer.action);
  } catch (error) { problem(error.message); await refresh(); return; }
  if (/^#task\//.test(location.hash)) {
    detail.task = null;
    location.hash = detail.cameFrom && !/^#task\//.test(detail.cameFrom) ? detail.cameFrom : "#today";
    return;
  }
  await refresh();
  focusHeading();
}

// Completes the task (or opens it again), one call answered with the undo toast; focus stays on the button.
async function complete(task) {
  const done = !task.isCompleted;
  try {
    const answer = await api("/api/tasks/" + task.id + (done ? "/done" : "/undone"), {});
    problem("");
    detail.pendingFocus = "detail-complete";
    toast(say(done ? "completed" : "reopened", { title: task.title }), answer.action);
  } catch (error) { problem(error.message); }
  await refresh();
}

// Effort: 15, 30, 60 or 120 minutes, "Other…" for any 15-minute step up to 8 h (task.md), or none. A value
// that is not one of the four (`~45m`, `~2h` is 120) shows on "Other…", pressed.
function effortChoices(task) {
  const current = task.effortMinutes;
  const other = current !== null && !effortSteps.includes(current);
  const group = choices("effort", say("effort"),
    effortSteps.map((minutes) => [minutes, durationText(minutes)]).concat([["none", say("effortNone")]]),
    current === null ? "none" : current, (value) => { detail.otherEffort = false; edit(task, "effort", { effort: value === "none" ? null : value }); });
  const otherButton = el("button", {
    type: "button", class: "choice", id: "detail-effort-other", "aria-pressed": String(other), "aria-expanded": String(detail.otherEffort),
    "aria-controls": "detail-effort-other-form",
    text: other ? say("effortOther") + " " + durationText(current) : say("effortOther"),
    onclick: () => {
      detail.otherEffort = !detail.otherEffort;
      refresh().then(() => { const next = $(detail.otherEffort ? "detail-effort-other-input" : "detail-effort-other"); if (next) next.focus(); });
    },
  });
  group.insertBefore(otherButton, group.querySelector("#detail-effort-none"));
  if (!detail.otherEffort) return group;
  const steps = [];
  for (let minutes = 15; minutes <= 480; minutes += 15) steps.push(minutes);
  const select = el("select", { id: "detail-effort-other-input" },
    ...steps.map((minutes) => el("option", { value: String(minutes), text: durationText(minutes), selected: minutes === (current || 45) })));
  const form = el("form", { id: "detail-effort-other-form", class: "effort-other" },
    el("label", { for: "detail-effort-other-input", text: say("effortOtherLabel") }),
    el("div", { class: "quick-row" }, select, el("button", { type: "submit", id: "detail-effort-other-save", text: say("effortOtherSave") })));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    detail.otherEffort = false;
    await edit(task, "effort", { effort: Number(select.value) });
    const back = $("detail-effort-other");
    if (back) back.focus();
  });
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    detail.otherEffort = false;
    refresh().then(() => { const back = $("detail-effort-other"); if (back) back.focus(); });
  });
  return el("div", {}, group, form);
}

// A task without an effort is offered what earlier ones like it took: said, and set only when asked.
function learnedOffer(task) {
  const effort = durationText(task.learnedEffort);
  return el("p", { class: "learned", id: "detail-learned" }, el("span", { text: say("learnedEffort", { effort }) }),
    el("button", { type: "button", class: "ghost small", id: "detail-learned-use", text: say("learnedUse", { effort }),
                   "aria-label": say("learnedUseNamed", { effort }),
                   onclick: async () => {
                     await edit(task, "effort", { effort: task.learnedEffort });
                     const back = $("detail-effort-" + task.learnedEffort) || $("detail-effort-other") || $("detail-heading");
                     if (back) back.focus();
                   } }));
}

function renderTask(task) {
  const view = [];
  view.push(el("p", {}, el("a", { href: "#today", text: say("detailBack") })));
  view.push(el("h1", { id: "detail-heading", tabindex: "-1", text: task.title }));
  const facts = el("ul", { class: "facts" },
    el("li", { text: say("detailWhere", { place: placeText(task) }) }),
    el("li", { text: task.dueDate ? say("detailDue", { date: dayText(task.dueDate) }) : say("detailNoDue") }),
    el("li", { id: "detail-effort-fact", text: say("effortNamed", { effort: task.effortMinutes === null ? say("effortNone") : durationText(task.effortMinutes) }) }));
  if (task.category) facts.append(el("li", {}, categoryLabel(task.category)));
  view.push(facts);
  // Easing an important task's importance is never silent (T-13): said until the detail is left.
  if (detail.eased === task.id) view.push(el("p", { class: "eased", id: "detail-eased", text: say("eased") }));
  if (detail.suggestion === task.id) view.push(suggestionBox(task));
  // Complete is the detail's first and primary action; the rest are quiet beside it.
  view.push(el("div", { class: "actions" },
    el("button", { type: "button", id: "detail-complete", text: say(task.isCompleted ? "reopenTask" : "completeTask"),
                   "aria-label": task.isCompleted ? null : say("complete", { title: task.title }), onclick: () => complete(task) }),
    task.isCompleted ? null : el("button", { type: "button", class: "ghost", id: "detail-defer", text: say("deferOpen"),
                   "aria-label": say("deferNamed", { title: task.title }), "aria-haspopup": "dialog", onclick: () => openSheet(task) }),
    el("button", { type: "button", class: "ghost", id: "detail-begin", text: say("beginFocus"),
                   "aria-label": say("beginFocusNamed", { title: task.title }), onclick: () => begin(task.id, task.title) }),
    el("button", { type: "button", class: "ghost", id: "detail-delete", text: say("deleteTask"),
                   "aria-label": say("deleteNamed", { title: task.title }), onclick: () => remove(task) })));

  const titleInput = el("input", { id: "detail-title-input", type: "text", value: task.title });
  const titleForm = el("form", { class: "quick-row", id: "detail-title-form" },
    titleInput, el("button", { type: "submit", text: say("save"), "aria-label": say("saveTitle") }));
  titleForm.addEventListener("submit", (event) => {
    event.preventDefault();
    if (titleInput.value.trim() && titleInput.value !== task.title) edit(task, "title", { title: titleInput.value });
  });
  // The title is the heading; renaming it is the first of the fields, not a card of its own that says it again.
  const titleField = el("div", { class: "setting" },
    el("label", { id: "detail-title-label", for: "detail-title-input", text: say("detailTitleLabel") }), titleForm);

  const notes = el("section", { class: "panel", "aria-labelledby": "detail-notes-title" },
    el("h2", { id: "detail-notes-title", text: say("notes") }));
  if (detail.editingNotes) {
    const area = el("textarea", { id: "detail-notes-input", rows: "8" });
    area.value = task.notes || "";
    const form = el("form", { id: "detail-notes-form" },
      el("label", { for: "detail-notes-input", text: say("notesLabel") }), area,
      el("div", { class: "actions" }, el("button", { type: "submit", id: "detail-notes-save", text: say("saveNotes") }),
        el("button", { type: "button", class: "ghost", text: say("cancel"), onclick: () => {
          detail.editingNotes = false; refresh().then(() => $("detail-notes-edit").focus());
        } })));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      detail.editingNotes = false;
      await edit(task, "notes", { notes: area.value });
      const again = $("detail-notes-edit");
      if (again) again.focus();
    });
    notes.append(form);
  } else {
    notes.append(renderNotes(task),
      el("button", { type: "button", class: "ghost", id: "detail-notes-edit", text: say("editNotes"), onclick: () => {
        detail.editingNotes = true; refresh().then(() => $("detail-notes-input").focus());
      } }));
  }
  view.push(notes);

  const fields = el("section", { class: "panel fields", "aria-labelledby": "detail-fields-title" },
    el("h2", { id: "detail-fields-title", text: say("detailFields") }), titleField);
  fields.append(choices("importance", say("importance"), Object.entries(importanceWords).map(([value, word]) => [value, say(word)]),
    task.importance, (value) => edit(task, "importance", { importance: value })));
  fields.append(effortChoices(task));
  if (task.effortMinutes === null && task.learnedEffort) fields.append(learnedOffer(task));
  const dates = Object.keys(dueWords).filter((word) => (word === "today" || dateOffered(word)) && !(word === "someday" && !task.somedayAllowed));
  fields.append(choices("due", say("quickDates"), dates.map((word) => [word, say(dueWords[word])]),
    undefined, (value) => edit(task, "due", { due: value })));
  fields.append(choices("repeat", say("repeat"), Object.entries(repeatWords).map(([value, word]) => [value, say(word)]),
    task.repeatKind || "none", (value) => edit(task, "repeat", { repeat: value })));
  const active = state.categories.filter((c) => !c.isArchived);
  const categoryGroup = choices("category", say("category"),
    [["none", say("categoryNone")]].concat(active.map((c) => [c.name, c.name])),
    task.category || "none", (value) => edit(task, "category", { category: value }));
  for (const c of active) {
    const button = categoryGroup.querySelector('[id="detail-category-' + slug(c.name) + '"]');
    if (button) { button.classList.add("cat-" + c.colorKey); button.prepend(el("span", { class: "swatch", "aria-hidden": "true" })); }
  }
  fields.append(categoryGroup);
  view.push(fields);
  view.push(history(task));
  return view;
}

async function load(match) {
  // The sheet open over the detail keeps the detail as it is until it closes.
  if (sheetOpen()) return;
  try {
    const task = await api("/api/tasks/" + encodeURIComponent(match[1]));
    if (!detail.task || detail.task.id !== task.id) {
      detail.editingNotes = false;
      detail.otherEffort = false;
      if (detail.suggestion !== task.id) detail.suggestion = null;
      if (detail.eased !== task.id) detail.eased = null;
    }
    detail.missing = null;
    detail.answer = task;
  } catch (error) {
    if (!fromServer(error)) throw error;
    detail.answer = null;
    detail.missing = error.message;
  }
}

function render() {
  if (sheetOpen()) return;
  const focused = focusedID();
  const view = $("view-task");
  let body = $("detail-body");
  if (!body) { body = el("div", { id: "detail-body" }); view.prepend(body); }
  const task = detail.answer;
  if (task) {
    // What the person is typing survives a redraw (a change elsewhere redraws the screen).
    const same = detail.task && detail.task.id === task.id;
    const titleInput = $("detail-title-input");
    const typedTitle = same && titleInput && document.activeElement === titleInput ? titleInput.value : null;
    const typedNotes = same && detail.editingNotes && $("detail-notes-input") ? $("detail-notes-input").value : null;
    detail.task = task;
    document.title = say("pageTitle", { screen: task.title });
    body.replaceChildren(...renderTask(task));
    if (typedTitle !== null) $("detail-title-input").value = typedTitle;
    if (typedNotes !== null && $("detail-notes-input")) $("detail-notes-input").value = typedNotes;
  } else {
    detail.task = null;
    body.replaceChildren(el("h1", { id: "detail-heading", tabindex: "-1", text: say("detailMissing") }),
                         el("p", { class: "refused", text: detail.missing || "" }),
                         el("p", {}, el("a", { href: "#today", text: say("detailBack") })));
  }
  if (detail.pendingFocus && $(detail.pendingFocus)) { $(detail.pendingFocus).focus(); detail.pendingFocus = null; return; }
  keepFocus(focused);
}

export const detailScreen = {
  name: "task",
  match: (hash) => /^#task\/([0-9A-Za-z-]{4,})$/.exec(hash),
  title: () => (detail.task ? detail.task.title : say("detailScreen")),
  load,
  render,
};

/** Remembers the screen the detail is opened from, where a delete goes back to. */
export function start() {
  window.addEventListener("hashchange", (event) => {
    const from = new URL(event.oldURL).hash;
    if (/^#task\//.test(location.hash) && !/^#task\//.test(from)) detail.cameFrom = from || "#today";
  });
}
