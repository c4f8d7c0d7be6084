// The Habits screen (`#habits`, W-12): a card per habit by kind with today's amount, the density grid of
// each window, the read, logging today, correcting the last 14 days, pause and resume, archive and the
// archived list.
//
// The grid is a table (weekday rows, a column a week, the newest at the trailing edge) whose cells are
// 18 px with 3 px gaps; each cell says its day and state in text, so nothing rests on the shade alone.
// Cells are not buttons (18 px is under the 24 px target size of WCAG 2.2): a day is corrected through
// the "Correct a day" form, whose day field the core checks (only the last 14 days).
import { $, el, problem, focusedID, keepFocus } from "./dom.mjs";
import { say, key, dayText, weekdayNames, monthNames } from "./words.mjs";
import { api } from "./api.mjs";
import { state } from "./state.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";

// What the person chose or typed is kept across redraws: the day being corrected per window, field values
// by id, which disclosures are open, refusals by the id of the line that shows them.
const habits = state.habits;
const weekdays = weekdayNames();
const months = monthNames();

const stateWords = {
  empty: key("state.empty"), notDue: key("state.notDue"), missed: key("state.missed"), partialLow: key("state.partialLow"),
  partialHigh: key("state.partialHigh"), complete: key("state.complete"),
};
const kindWords = { binary: key("kind.binary"), counted: key("kind.counted"), timed: key("kind.timed"), avoid: key("kind.avoid") };
const todayWords = { counted: key("today.counted"), timed: key("today.timed"), avoid: key("today.avoid") };
const newKindWords = {
  binary: key("newKind.binary"), counted: key("newKind.counted"), timed: key("newKind.timed"), avoid: key("newKind.avoid"),
};
const pauseReasons = { travel: key("reason.travel"), illness: key("reason.illness"), cycle: key("reason.cycle"), other: key("reason.other") };
// Each log button's words and its name with the habit and day.
const logWords = {
  done: [key("log.done"), key("log.doneNamed")], undone: [key("log.undone"), key("log.undoneNamed")],
  plusOne: [key("log.plusOne"), key("log.plusOneNamed")], minusOne: [key("log.minusOne"), key("log.minusOneNamed")],
  takeMinutes: [key("log.takeMinutes"), key("log.takeMinutesNamed")], slip: [key("log.slip"), key("log.slipNamed")],
  held: [key("log.held"), key("log.heldNamed")], takeSlip: [key("log.takeSlip"), key("log.takeSlipNamed")],
};

function isoWeekday(text) {
  const [y, m, d] = text.split("-").map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

function stateOf(day) { return day.state === "empty" && !day.isDue ? "notDue" : day.state; }

function stateText(day, kind) {
  const words = say(stateWords[stateOf(day)]);
  if (!day.amount) return words;
  if (kind === "timed") return say("state.minutes", { state: words, amount: day.amount, target: day.target });
  if (kind === "avoid") return say("state.slips", { state: words, amount: day.amount });
  if (kind === "counted") return say("state.amount", { state: words, amount: day.amount, target: day.target });
  return words;
}

function kindText(habit) {
  const target = habit.windows.reduce((sum, w) => sum + w.target, 0);
  if (habit.targetPerWeek === 1) return say("perWeekOne");
  if (habit.targetPerWeek > 0) return say("perWeek", { count: habit.targetPerWeek });
  return say(kindWords[habit.kind], { target });
}

function todayText(habit, entry) {
  if (!entry || !entry.isDue) return say("today.notDue");
  if (habit.kind === "binary") return say(entry.amount >= entry.target ? "today.binaryDone" : "today.binaryOpen");
  return say(todayWords[habit.kind], { amount: entry.amount, target: entry.target });
}

function field(id, attrs) {
  const input = el("input", Object.assign({ id }, attrs));
  if (id in habits.values) input.value = habits.values[id];
  return input;
}

function loggedText(habit, name, dayWord, entry) {
  const values = { title: name, day: dayWord, amount: entry.amount, target: entry.target };
  if (habit.kind === "binary") return say(entry.amount >= entry.target ? "loggedDone" : "loggedUndone", values);
  if (habit.kind === "avoid") return say("loggedSlips", values);
  return say("logged", values);
}

function windowName(habit, grid) {
  return habit.windows.length > 1 ? say("windowName", { title: habit.title, label: grid.window.label }) : habit.title;
}

// One log action; `body` is the CLI's options (`count`, `minutes`, `slip`, `held`, `undo`), plus the window
// when the habit has several and the day when it is not today.
async function log(habit, grid, day, dayWord, body, refusalID, fieldID) {
  const request = Object.assign({}, body);
  if (habit.windows.length > 1) request.window = grid.window.label;
  if (day !== habits.date) request.date = day;
  try {
    const answer = await api("/api/habits/" + habit.id + "/log", request);
    delete habits.refusals[refusalID];
    if (fieldID) delete habits.values[fieldID];
    problem("");
    toast(loggedText(habit, windowName(habit, grid), dayWord, answer), answer.action);
  } catch (error) {
    habits.refusals[refusalID] = error.message;
  }
  await refresh();
}

// The log controls of one window for one day, by kind.
function logControls(habit, grid, day, cell, idBase, refusalID) {
  const word = day === habits.date ? say("day.today") : dayText(day);
  const names = { title: windowName(habit, grid), day: word };
  const row = el("div", { class: "log-row" });
  const button = (action, body, extra) => el("button", Object.assign({
    type: "button", id: idBase + "-" + action, text: say(logWords[action][0]), "aria-label": say(logWords[action][1], names),
    onclick: () => log(habit, grid, day, word, body, refusalID),
  }, extra || {}));
  const amountForm = (label, optionName, named) => {
    const id = idBase + "-" + optionName;
    // The field's name is its placeholder on screen and its label for a screen reader: no floating label.
    const input = field(id, { type: "number", min: "1", step: "1", inputmode: "numeric", class: "amount", placeholder: say(label) });
    const form = el("form", { class: "amount-form" },
      el("label", { for: id, class: "sr-only", text: say(label) }), input,
      el("button", { type: "submit", id: id + "-add", text: say("log.add"), "aria-label": say(named, names) }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      log(habit, grid, day, word, { [optionName]: Number(input.value) }, refusalID, id);
    });
    return form;
  };
  switch (habit.kind) {
    case "binary": {
      const done = cell && cell.amount >= cell.target && cell.amount > 0;
      // One id for both states, so focus stays on the control that changes its words.
      row.append(done ? button("undone", {}, { class: "ghost", id: idBase + "-toggle" }) : button("done", {}, { id: idBase + "-toggle" }));
      break;
    }
    case "counted":
      row.append(button("plusOne", { count: 1 }), button("minusOne", { undo: true }, { class: "ghost" }),
                 amountForm(key("log.amount"), "count", key("log.addNamed")));
      break;
    case "timed":
      // Today a timed habit can also be begun as a focus session (the chip shows it).
      if (day === habits.date) {
        row.append(el("button", {
          type: "button", id: idBase + "-begin", text: say("log.begin"), "aria-label": say("log.beginNamed", { title: names.title }),
          onclick: async () => {
            const body = habit.windows.length > 1 ? { window: grid.window.label } : {};
            try {
              const answer = await api("/api/habits/" + habit.id + "/begin", body);
              delete habits.refusals[refusalID];
              toast(say("began", { title: names.title }), answer.action);
            } catch (error) { habits.refusals[refusalID] = error.message; }
            await refresh();
          },
        }));
      }
      row.append(amountForm(key("log.minutes"), "minutes", key("log.addMinutesNamed")),
                 button("takeMinutes", { undo: true }, { class: "ghost" }));
      break;
    default:
      row.append(button("slip", { slip: true }), button("held", { held: true }, { class: "ghost" }),
                 button("takeSlip", { undo: true }, { class: "ghost" }));
  }
  return row;
}

// The density grid of a habit's window: weekday rows (labelled beside it), a column a week, the newest at
// the end.
function gridTable(name, grid, kind, tableID) {
  return densityTable(name, grid.days, habits.date, tableID, (day) => {
    const dayState = stateOf(day);
    return { state: dayState, cell: dayState, words: stateText(day, kind) };
  });
}

/**
 * A density grid (habit.md): weekday rows labelled beside it, a column a week, the newest at the end,
 * 18 px cells each saying its day and state in words. `describe(day)` gives the cell's `state` (its
 * `data-state`), `cell` (its class `d-CELL`) and `words`; `today` is the day ringed. The Anchors screen
 * draws its attendance grid with it too.
 */
export function densityTable(name, days, today, tableID, describe) {
  const weeks = Math.ceil(days.length / 7);
  const first = isoWeekday(days[0].date);
  const table = el("table", { class: "density", id: tableID });
  table.append(el("caption", { class: "sr-only", text: say("gridCaption", { name, weeks }) }));
  // Each column is a week; a month's name heads the first week that starts in it, and the first column
  // always names its month, logged or not, so a grid is never without one. Two names never touch: a
  // month that starts within two columns of the first takes the first column's place.
  const monthOf = (w) => Number(days[Math.min(w * 7, days.length - 1)].date.slice(5, 7));
  const starts = (w) => w > 0 && w * 7 < days.length && monthOf(w) !== monthOf(w - 1);
  const labels = new Map();
  for (let w = 1; w < weeks; w++) {
    if (starts(w) && (labels.size === 0 ? true : w - Math.max(...labels.keys()) >= 3)) labels.set(w, monthOf(w));
  }
  const firstStart = Math.min(...labels.keys(), Infinity);
  if (firstStart >= 3) labels.set(0, monthOf(0));
  const head = el("tr", {}, el("td"));
  for (let w = 0; w < weeks; w++) {
    const label = labels.has(w) ? months[labels.get(w) - 1] : null;
    head.append(el("th", { scope: "col" }, label ? el("span", { class: "month", "aria-hidden": "true", text: label }) : null,
      el("span", { class: "sr-only", text: say("weekOf", { day: dayText(days[w * 7].date) }) })));
  }
  const body = el("tbody");
  for (let r = 0; r < 7; r++) {
    const row = el("tr", {}, el("th", { scope: "row", text: weekdays[(first - 1 + r) % 7] }));
    for (let w = 0; w < weeks; w++) {
      const day = days[w * 7 + r];
      if (!day) { row.append(el("td")); continue; }
      const shown = describe(day);
      const values = { day: dayText(day.date), state: shown.words };
      const text = day.date === today ? say("cellToday", values) : say("cell", values);
      row.append(el("td", { "data-date": day.date, "data-state": shown.state },
        el("span", { class: "cell d-" + shown.cell + (day.date === today ? " today" : ""), title: text, "aria-hidden": "true" }),
        el("span", { class: "sr-only", text })));
    }
    body.append(row);
  }
  table.append(el("thead", {}, head), body);
  return el("div", { class: "grid-wrap" }, table);
}

function legend(kind) {
  const states = kind === "counted" || kind === "timed"
    ? ["complete", "partialHigh", "partialLow", "missed", "empty"] : ["complete", "missed", "empty"];
  return el("ul", { class: "legend", "aria-label": say("legend") }, ...states.map((name) => el("li", {},
    el("span", { class: "cell d-" + name, "aria-hidden": "true" }),
    document.createTextNode(name === "empty" ? say("legendNone") : say(stateWords[name])))));
}

function details(id, summary, summaryLabel, ...children) {
  const head = el("summary", { text: summary, "aria-label": summaryLabel });
  const box = el("details", { id, open: habits.open.has(id) }, head, ...children);
  // Kept at the click (before the box opens), not only at the `toggle` event, which comes a task later:
  // a redraw between the two (a grid coming in, a change from elsewhere) would draw the box closed again.
  head.addEventListener("click", () => { if (box.open) habits.open.delete(id); else habits.open.add(id); });
  box.addEventListener("toggle", () => { if (box.open) habits.open.add(id); else habits.open.delete(id); });
  return box;
}

function refusal(id) {
  return el("p", { class: "refused", role: "alert", id, text: habits.refusals[id] || "" });
}

function windowBlock(habit, grid, index) {
  const blockKey = habit.id + "-" + index;
  const name = windowName(habit, grid);
  // A compact card: today and its controls on the left, the grid with its legend on the right (below, on
  // a narrow screen).
  const block = el("div", { class: "habit-window" });
  const main = el("div", { class: "habit-main" });
  if (habit.windows.length > 1) main.append(el("h3", { text: grid.window.label }));
  const entry = (habit.today || []).find((t) => t.window === grid.window.id);
  const todayCell = grid.days[grid.days.length - 1];
  main.append(el("p", { class: "today-amount", id: "habit-today-" + blockKey, text: todayText(habit, entry) }));
  if (entry && entry.isDue) {
    main.append(logControls(habit, grid, habits.date, todayCell, "habit-log-" + blockKey, "habit-refused-" + blockKey));
    main.append(refusal("habit-refused-" + blockKey));
  }
  main.append(el("p", { class: "read", text: grid.read }));
  block.append(main, el("div", { class: "habit-grid" }, gridTable(name, grid, habit.kind, "grid-" + blockKey), legend(habit.kind)));
  // Correct a day: the last 14 days are offered; the core refuses anything older in words.
  const recent = grid.days.slice(-14);
  const day = habits.chosenDay[blockKey] || (recent.length > 1 ? recent[recent.length - 2].date : habits.date);
  const cell = grid.days.find((d) => d.date === day);
  const dayID = "habit-day-" + blockKey;
  const dayInput = el("input", { type: "date", id: dayID, value: day, min: recent[0].date, max: habits.date,
                                 "aria-describedby": dayID + "-said habit-help-" + blockKey });
  dayInput.addEventListener("change", () => { if (dayInput.value) { habits.chosenDay[blockKey] = dayInput.value; render(); } });
  main.append(details("habit-correct-" + blockKey, say("correct"), say("correctNamed", { title: name }),
    el("div", { class: "correct" },
      // The browser's field says the day in its own format; the page says it beside, as everywhere else.
      el("label", { for: dayID, text: say("correctDay") }), dayInput,
      el("span", { class: "said-day", id: dayID + "-said", text: say("chosenDay", { day: dayText(day) }) }),
      el("p", { class: "hint", id: "habit-help-" + blockKey, text: say("correctHelp") }),
      el("p", { class: "that-day", text: say("correctThatDay", { state: cell ? stateText(cell, habit.kind) : say("state.empty") }) }),
      logControls(habit, grid, day, cell, "habit-fix-" + blockKey, "habit-fix-refused-" + blockKey),
      refusal("habit-fix-refused-" + blockKey))));
  return block;
}

// A habit action; `focusAfter` names what takes focus once the control that was used is gone.
async function act(path, body, text, refusalID, focusAfter) {
  let done = false;
  try {
    const answer = await api(path, body);
    delete habits.refusals[refusalID];
    problem("");
    toast(text, answer.action);
    done = true;
  } catch (error) { habits.refusals[refusalID] = error.message; }
  await refresh();
  const target = done && focusAfter && document.querySelector(focusAfter);
  if (target) target.focus();
}

function pauseControls(habit) {
  const names = { title: habit.title };
  if (habit.paused) {
    return el("button", { type: "button", class: "ghost", id: "habit-resume-" + habit.id, text: say("resume"), "aria-label": say("resumeNamed", names),
      onclick: () => act("/api/habits/" + habit.id + "/resume", {}, say("resumedToast", names), "habit-actions-" + habit.id,
                         "#habit-pausing-" + habit.id + " > summary") });
  }
  const reasonID = "habit-reason-" + habit.id;
  const untilID = "habit-until-" + habit.id;
  const reason = el("select", { id: reasonID }, ...Object.entries(pauseReasons).map(([value, word]) => el("option", { value, text: say(word) })));
  if (reasonID in habits.values) reason.value = habits.values[reasonID];
  const until = field(untilID, { type: "date", min: habits.date, "aria-describedby": untilID + "-said" });
  const untilSaid = el("span", { class: "said-day", id: untilID + "-said",
                                 text: until.value ? say("chosenDay", { day: dayText(until.value) }) : "" });
  until.addEventListener("input", () => { untilSaid.textContent = until.value ? say("chosenDay", { day: dayText(until.value) }) : ""; });
  const form = el("form", { class: "pause-form" },
    el("div", {}, el("label", { for: reasonID, text: say("pauseReason") }), reason),
    el("div", {}, el("label", { for: untilID, text: say("pauseUntil") }), until, untilSaid),
    el("button", { type: "submit", id: "habit-pause-" + habit.id, text: say("pause"), "aria-label": say("pauseNamed", names) }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const body = { reason: reason.value };
    if (until.value) body.to = until.value;
    habits.open.delete("habit-pausing-" + habit.id);
    delete habits.values[untilID];
    act("/api/habits/" + habit.id + "/pause", body, say("pausedToast", names), "habit-actions-" + habit.id, "#habit-resume-" + habit.id);
  });
  return details("habit-pausing-" + habit.id, say("pause"), say("pauseNamed", names), form);
}

function card(habit, report) {
  const headingID = "habit-title-" + habit.id;
  const section = el("section", { class: "panel habit", "aria-labelledby": headingID, "data-habit": habit.id },
    el("h2", { id: headingID, text: habit.title }),
    el("p", { class: "kind", text: kindText(habit) }));
  if (habit.paused) section.append(el("p", { class: "paused", text: habit.paused }));
  // A weekly target speaks in weeks (H-8).
  if (habit.week) section.append(el("p", { class: "today-amount", id: "habit-week-" + habit.id, text: say("weekProgress", habit.week) }));
  // A card below the first screenful may be drawn before its grid has come (`load`): it says so, quietly.
  if (!report) section.append(el("p", { class: "grid-coming", text: say("gridComing") }));
  else report.grids.forEach((grid, index) => section.append(windowBlock(habit, grid, index)));
  const names = { title: habit.title };
  // A habit of one window keeps Pause and Archive in the column beside its grid, so the card stays
  // compact; with several windows they are the habit's, under all of them.
  const home = report && report.grids.length === 1 ? section.querySelector(".habit-main") : section;
  // Edit, pause and archive wait behind one quiet "More", so the card shows today and its grid first.
  home.append(details("habit-more-" + habit.id, say("habitMore"), say("habitMoreNamed", names),
    el("div", { class: "habit-actions" },
      details("habit-editing-" + habit.id, say("habitEdit"), say("habitEditNamed", names), habitForm("habit-edit-" + habit.id, habit)),
      pauseControls(habit),
      el("button", { type: "button", class: "ghost", id: "habit-archive-" + habit.id, text: say("archive"), "aria-label": say("archiveNamed", names),
        onclick: () => act("/api/habits/" + habit.id + "/archive", {}, say("archivedToast", names), "habit-actions-" + habit.id, "#habits-heading") })),
    refusal("habit-actions-" + habit.id)));
  return section;
}

const scheduleWords = { daily: key("schedule.daily"), weekdays: key("schedule.weekdays"), days: key("schedule.days"), perWeek: key("schedule.perWeek") };

// The schedule a habit has, as the form's choice.
function scheduleOf(habit) {
  if (!habit) return "daily";
  if (habit.targetPerWeek > 0) return "perWeek";
  return habit.frequency === "custom" ? "days" : habit.frequency;
}

// A habit's window as the CLI writes one: "Morning 06:00-09:00 remind 06:30".
function windowLine(window) {
  const time = (minute) => String(Math.floor(minute / 60)).padStart(2, "0") + ":" + String(minute % 60).padStart(2, "0");
  if (!window.label && window.startMinute === 0 && window.endMinute === 1439 && window.reminderMinute === null) return "";
  return [window.label, time(window.startMinute) + "-" + time(window.endMinute),
    window.reminderMinute === null ? "" : "remind " + time(window.reminderMinute)].filter(Boolean).join(" ");
}

/**
 * The form of a new habit (`prefix` "habit-new") or of an edit (`habit` given): what `habit add` and `habit
 * edit` take: title, kind (new only, H-1: fixed at creation), target, days, times of day, effort and group.
 * The server checks every value and says what it refuses.
 */
function habitForm(prefix, habit) {
  const id = (name) => prefix + "-" + name;
  const kept = (name, value) => (id(name) in habits.values ? habits.values[id(name)] : value);
  const title = field(id("title"), { type: "text", autocomplete: "off", value: habit ? habit.title : null });
  const target = field(id("target"), { type: "number", min: "0", step: "1", inputmode: "numeric", class: "amount",
    value: habit && habit.windows.length ? String(habit.windows[0].target) : null });
  const schedule = el("select", { id: id("schedule") },
    ...Object.entries(scheduleWords).map(([value, word]) => el("option", { value, text: say(word) })));
  schedule.value = kept("schedule", scheduleOf(habit));
  const chosen = new Set(habit && habit.frequency === "custom" ? habit.scheduledDays.split(",") : []);
  const days = el("fieldset", { class: "anchor-days", id: id("days") }, el("legend", { text: say("habitDaysLegend") }),
    ...weekdays.map((name, index) => el("label", { class: "day-box" },
      el("input", { type: "checkbox", value: String(index + 1), checked: chosen.has(String(index + 1)) }), document.createTextNode(name))));
  const perWeek = field(id("per-week"), { type: "number", min: "1", max: "7", step: "1", inputmode: "numeric", class: "amount",
    value: habit && habit.targetPerWeek > 0 ? String(habit.targetPerWeek) : null });
  const windowsBox = el("textarea", { id: id("windows"), rows: "2" });
  windowsBox.value = kept("windows", habit ? habit.windows.map(windowLine).filter(Boolean).join("\n") : "");
  const effort = field(id("effort"), { type: "number", min: "0", step: "1", inputmode: "numeric", class: "amount",
    value: habit && habit.windows.length && habit.windows[0].effortMinutes !== null ? String(habit.windows[0].effortMinutes) : null });
  const group = el("select", { id: id("group") }, el("option", { value: "none", text: say("groupNone") }),
    ...(habits.groups || []).map((g) => el("option", { value: g.title, text: g.title })));
  group.value = kept("group", habit && habit.group ? habit.group : "none");
  const showDays = () => {
    days.hidden = schedule.value !== "days";
    perWeek.closest(".anchor-field").hidden = schedule.value !== "perWeek";
  };
  schedule.addEventListener("change", () => { habits.values[id("schedule")] = schedule.value; showDays(); });
  const cell = (labelText, control) => el("div", { class: "anchor-field" }, el("label", { for: control.id, text: labelText }), control);
  const parts = [cell(say("newTitle"), title)];
  let kind = null;
  if (!habit) {
    kind = el("select", { id: id("kind") }, ...Object.entries(newKindWords).map(([value, word]) => el("option", { value, text: say(word) })));
    if (id("kind") in habits.values) kind.value = habits.values[id("kind")];
    parts.push(cell(say("newKind"), kind));
  }
  parts.push(cell(say("newTarget"), target), cell(say("habitSchedule"), schedule), cell(say("habitPerWeek"), perWeek), days,
    cell(say("habitWindows"), windowsBox), cell(say("habitEffort"), effort), cell(say("habitGroupField"), group),
    el("div", { class: "anchor-submit" }, el("button", { type: "submit", id: id("submit"), text: say(habit ? "habitSave" : "newSubmit") })));
  const form = el("form", { class: "anchor-form habit-form", id: id("form") }, ...parts);
  showDays();
  const refusalID = id("refused");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { title: title.value };
    if (kind) body.kind = kind.value;
    if (target.value !== "") body.target = Number(target.value);
    if (schedule.value === "weekdays") body.weekdays = true;
    else if (schedule.value === "perWeek" && perWeek.value !== "") body["per-week"] = Number(perWeek.value);
    else if (schedule.value === "days") body.days = Array.from(days.querySelectorAll("input:checked")).map((box) => box.value).join(",");
    else if (schedule.value === "daily" && habit) body.days = "1,2,3,4,5,6,7";
    const lines = windowsBox.value.split("\n").map((line) => line.trim()).filter(Boolean);
    if (lines.length) body.window = lines;
    if (effort.value !== "") body.effort = Number(effort.value);
    if (habit || group.value !== "none") body.group = group.value;
    try {
      const answer = await api(habit ? "/api/habits/" + habit.id + "/edit" : "/api/habits/new", body);
      delete habits.refusals[refusalID];
      for (const name of ["title", "target", "schedule", "per-week", "windows", "effort", "group", "kind"]) delete habits.values[id(name)];
      if (habit) habits.open.delete("habit-editing-" + habit.id);
      problem("");
      toast(say(habit ? "habitSaved" : "habitAdded", { title: answer.title }), answer.action);
    } catch (error) { habits.refusals[refusalID] = error.message; }
    await refresh();
    const back = habit ? document.querySelector("#habit-more-" + habit.id + " > summary") : $(id("title"));
    if (back && !habits.refusals[refusalID]) back.focus();
    else if ($(refusalID)) $(id("submit")).focus();
  });
  return el("div", {}, form, refusal(refusalID));
}

function archivedList(archived) {
  const list = el("ul", { class: "tasks" }, ...archived.map((habit) => el("li", { class: "backlog-task" },
    el("span", { class: "name", text: habit.title }),
    el("button", { type: "button", class: "ghost", id: "habit-restore-" + habit.id, text: say("restore"), "aria-label": say("restoreNamed", { title: habit.title }),
      onclick: () => act("/api/habits/" + habit.id + "/restore", {}, say("restoredToast", { title: habit.title }), "habit-archived", "#habits-heading") }))));
  return el("section", { class: "panel", "aria-labelledby": "habit-archived-title" },
    details("habit-archived-box", say("archivedSection", { count: archived.length }), null,
      el("h2", { id: "habit-archived-title", class: "sr-only", text: say("archivedSection", { count: archived.length }) }),
      list, refusal("habit-archived")));
}

function newHabitForm() {
  return el("section", { class: "panel" }, details("habit-new-box", say("newHabit"), null, habitForm("habit-new", null)));
}

// Draws the screen from the last answers, keeping focus where it was.
function render() {
  if (!habits.date) return;
  const view = $("view-habits");
  const focused = focusedID();
  const { reports, archived } = habits;
  const list = habits.habits;
  const parts = [el("h1", { id: "habits-heading", tabindex: "-1", text: say("habitsTitle") }),
    el("p", { class: "overall", text: list.length === 1 ? say("habitsSummaryOne") : list.length ? say("habitsSummary", { count: list.length }) : say("habitsNone") })];
  list.forEach((habit, index) => parts.push(card(habit, reports[index])));
  parts.push(newHabitForm());
  if (archived.length) parts.push(archivedList(archived));
  view.replaceChildren(...parts);
  keepFocus(focused);
}

// As many weeks as fit the card: 21 px a week and room for the weekday labels, and beside the grid the
// card's left column (17 rem) when the screen is wide enough for the two side by side. The Anchors
// screen's cards are laid out the same way.
export function weeksThatFit(viewID = "view-habits") {
  const width = $(viewID).clientWidth;
  if (!width) return 12;
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const beside = width >= 44 * rem ? 18 * rem : 0;
  return Math.max(4, Math.min(26, Math.floor((width - beside - 34 - 44) / 21)));
}

// How many cards the first screenful shows: their grids are asked for first, and the screen is drawn as
// soon as they are in (docs/performance.md, "The Habits screen"). A card with its grid is about 20 rem
// high on a wide screen, and no less on a narrow one, where the grid goes under today's controls.
function firstScreenful() {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return Math.max(2, Math.ceil(window.innerHeight / (20 * rem)));
}

// Each load is numbered, so the grids of an older one never overwrite a newer one's.
let loads = 0;

async function load() {
  const answer = await api("/api/habits");
  const weeks = weeksThatFit();
  const mine = ++loads;
  const grid = (habit) => api("/api/habits/" + habit.id + "/grid?weeks=" + weeks);
  const first = answer.habits.slice(0, firstScreenful());
  const [firstReports, archived, groups] = await Promise.all([Promise.all(first.map(grid)),
    answer.archivedCount ? api("/api/habits?all=1").then((all) => all.habits.filter((h) => h.isArchived)) : [],
    api("/api/groups").then((all) => all.groups)]);
  habits.groups = groups;
  // Below the first screenful a card keeps the grid it last showed (same weeks) until its new one is in.
  const previous = new Map(habits.weeks === weeks ? habits.habits.map((habit, index) => [habit.id, habits.reports[index]]) : []);
  const reports = answer.habits.map((habit, index) => (index < first.length ? firstReports[index] : previous.get(habit.id) || null));
  Object.assign(habits, { date: answer.date, habits: answer.habits, reports, archived, weeks });
  const rest = answer.habits.slice(first.length);
  if (!rest.length) return;
  Promise.all(rest.map(grid)).then((more) => {
    if (mine !== loads) return;
    more.forEach((report, index) => { habits.reports[first.length + index] = report; });
    if (!$("view-habits").hidden) render();
  }).catch(() => {});
}

export const habitsScreen = {
  name: "habits",
  nav: key("navHabits"),
  match: (hash) => (hash === "#habits" ? {} : null),
  title: () => say("habitsTitle"),
  load,
  render,
};

/** Keeps what is typed on the screen, and draws more or fewer weeks when the window's width changes. */
export function start() {
  document.addEventListener("input", (event) => {
    const target = event.target;
    if (target.id && target.closest && target.closest("#view-habits")) habits.values[target.id] = target.value;
  });
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    window.clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(() => {
      if (!$("view-habits").hidden && habits.date && weeksThatFit() !== habits.weeks) load().then(render).catch(() => {});
    }, 200);
  });
}
