// The Anchors screen (`#anchors`, spec D22, rules F-2 to F-8): a card per active anchor with its timing,
// today's occurrence and its mark (Attended / Missed), the attendance grid with its read in numbers, edit
// and archive; a form to add a fixed anchor, a prayer anchor or all five prayers; the archived ones with
// Restore; and today's prayer times when a location is set.
//
// Every rule is the server's: whether today takes a mark is today's cell of the anchor's grid (`open`,
// `attended`, `missed` or `notScheduled`), the times come from `GET /api/anchors` and `GET /api/prayers`,
// and the read is the server's sentence. The grid is the habit grid (`densityTable`), its cells in the
// habit grid's classes: attended as done, missed as a miss, not marked as a due day left empty, not its
// day as a day not due.
import { $, el, problem, focusedID, keepFocus } from "./dom.mjs";
import { say, key, dayText, weekdayNames, regionNames, durationText } from "./words.mjs";
import { api } from "./api.mjs";
import { state } from "./state.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";
import { densityTable, weeksThatFit } from "./habits.mjs";

const anchors = state.anchors;
const weekdays = weekdayNames();
const prayers = ["fajr", "dhuhr", "asr", "maghrib", "isha"];
const prayerWords = {
  fajr: key("prayer.fajr"), sunrise: key("prayer.sunrise"), dhuhr: key("prayer.dhuhr"), asr: key("prayer.asr"),
  maghrib: key("prayer.maghrib"), isha: key("prayer.isha"),
};
// A grid cell's words and the habit grid's class it is drawn with.
const cellWords = {
  attended: key("anchor.state.attended"), missed: key("anchor.state.missed"), notMarked: key("anchor.state.notMarked"),
  open: key("anchor.state.open"), notScheduled: key("anchor.state.notScheduled"),
};
const cellClass = { attended: "complete", missed: "missed", notMarked: "empty", open: "empty", notScheduled: "notDue" };
const markWords = { open: key("anchor.mark.open"), attended: key("anchor.mark.attended"), missed: key("anchor.mark.missed") };
export const outcomeWords = { attended: key("anchor.outcome.attended"), missed: key("anchor.outcome.missed") };

/** Attended and Missed for one day of an anchor as two toggle buttons, the held mark's pressed (F-4): each
 * is named `id(verb)` and by the page word `named[outcome]` with `names`; a press calls `onMark(path,
 * outcome)` with the route that marks it. Today's card, an earlier day and Today's page share them. */
export function markPair(anchorID, held, id, named, names, onMark) {
  const button = (outcome, verb, label) => el("button", {
    type: "button", class: "choice", id: id(verb), "aria-pressed": held === outcome ? "true" : "false",
    text: say(label), "aria-label": say(named[outcome], names),
    onclick: () => onMark("/api/anchors/" + anchorID + "/" + verb, outcome),
  });
  return [button("attended", "attend", key("anchor.attend")), button("missed", "miss", key("anchor.miss"))];
}

/** The `HH:MM` of an instant the API writes in the person's zone (`2026-11-30T09:30:00+00:00`). */
function clock(iso) {
  return iso.slice(11, 16);
}

function daysText(days) {
  if (days.length === 7) return say("anchor.daily");
  if (days.join() === "1,2,3,4,5") return say("anchor.weekdays");
  return days.map((day) => weekdays[day - 1]).join(", ");
}

function timingText(anchor) {
  const duration = durationText(anchor.durationMinutes);
  const parts = [anchor.schedule === "prayer"
    ? say("anchor.prayer", { prayer: say(prayerWords[anchor.prayer]), duration })
    : say("anchor.fixed", { start: anchor.start, duration, days: daysText(anchor.days) })];
  if (anchor.remindMinutes !== null) parts.push(say("anchor.remindBefore", { minutes: anchor.remindMinutes }));
  if (anchor.category) parts.push(say("anchor.category", { name: anchor.category }));
  return parts.join(" · ");
}

// Today's occurrence in words: its time and region, or why it has none.
function todayText(anchor, cell) {
  const occurrence = anchors.today[anchor.id];
  if (occurrence) {
    const values = { start: clock(occurrence.start), end: clock(occurrence.end) };
    if (!occurrence.region) return say("anchor.todayAt", values);
    return say("anchor.todayIn", Object.assign(values, { region: regionNames[occurrence.region] }));
  }
  if (cell.state === "notScheduled") return say("anchor.notToday");
  return say("anchor.todayNoTime");
}

function field(id, attrs) {
  const input = el("input", Object.assign({ id }, attrs));
  if (id in anchors.values) {
    if (input.type === "checkbox") input.checked = anchors.values[id];
    else input.value = anchors.values[id];
  }
  return input;
}

function select(id, options, chosen) {
  const box = el("select", { id }, ...options.map(([value, text]) => el("option", { value, text })));
  box.value = id in anchors.values ? anchors.values[id] : chosen;
  return box;
}

function refusal(id) {
  return el("p", { class: "refused", role: "alert", id, text: anchors.refusals[id] || "" });
}

function details(id, summary, summaryLabel, ...children) {
  // The summary has an id of its own, so focus stays on it when the screen is drawn anew. A box drawn
  // now is open as the one it replaces is, even before that one's toggle event has told `anchors.open`.
  const shown = document.getElementById(id);
  if (shown) { if (shown.open) anchors.open.add(id); else anchors.open.delete(id); }
  const box = el("details", { id, open: anchors.open.has(id) },
    el("summary", { id: id + "-summary", text: summary, "aria-label": summaryLabel }), ...children);
  box.addEventListener("toggle", () => { if (box.open) anchors.open.add(id); else anchors.open.delete(id); });
  return box;
}

function forget(...ids) {
  for (const id of ids) delete anchors.values[id];
}

// One write: the toast names it with its undo; a refusal shows under the control, in the server's words.
// `focusAfter` names what takes focus once the control that was used is gone.
async function act(path, body, words, refusalID, focusAfter) {
  let answer = null;
  try {
    answer = await api(path, body);
    delete anchors.refusals[refusalID];
    problem("");
    toast(words(answer), answer.action);
  } catch (error) { anchors.refusals[refusalID] = error.message; }
  await refresh();
  const target = answer && focusAfter && document.querySelector(focusAfter);
  if (target) target.focus();
  return answer;
}

// Today's mark: two toggle buttons, the one held pressed. Marking again with the held mark records nothing.
function markControls(anchor, cell) {
  const names = { title: anchor.title };
  const refusalID = "anchor-refused-" + anchor.id;
  const buttons = markPair(anchor.id, cell.state, (verb) => "anchor-" + verb + "-" + anchor.id,
    { attended: key("anchor.attendNamed"), missed: key("anchor.missNamed") }, names,
    (path, outcome) => act(path, {},
      (answer) => say(answer.changed ? "anchor.marked" : "anchor.markedAlready", { title: anchor.title, outcome: say(outcomeWords[outcome]) }),
      refusalID));
  return [
    el("div", { class: "anchor-marks", role: "group", "aria-label": say("anchor.marksNamed", names) }, ...buttons),
    el("p", { class: "anchor-mark", id: "anchor-mark-" + anchor.id, text: say(markWords[cell.state] || markWords.open) }),
    refusal(refusalID),
  ];
}

// An earlier day of the fortnight (the days a mark may name, as on the command line's `--date`): a day
// field, that day's state, and Attended / Missed for it. The server refuses a day not the anchor's, or
// too old, in words.
function earlierDay(anchor, grid) {
  const base = "anchor-earlier-" + anchor.id;
  const recent = grid.days.slice(-14);
  const day = anchors.chosenDay[anchor.id] || (recent.length > 1 ? recent[recent.length - 2].date : anchors.date);
  const cell = grid.days.find((d) => d.date === day);
  const word = dayText(day);
  const names = { title: anchor.title, day: word };
  const refusalID = base + "-refused";
  const dayInput = el("input", { type: "date", id: base + "-day", value: day, min: recent[0].date, max: anchors.date,
                                 "aria-describedby": base + "-day-said " + base + "-help" });
  // The browser's field says the day in its own format; the page says it beside, as everywhere else.
  const daySaid = el("span", { class: "said-day", id: base + "-day-said", text: say("chosenDay", { day: word }) });
  dayInput.addEventListener("change", () => { if (dayInput.value) { anchors.chosenDay[anchor.id] = dayInput.value; render(); } });
  const buttons = markPair(anchor.id, cell && cell.state, (verb) => base + "-" + verb,
    { attended: key("anchor.attendDayNamed"), missed: key("anchor.missDayNamed") }, names,
    (path, outcome) => act(path, { date: day },
      (answer) => say(answer.changed ? "anchor.markedDay" : "anchor.markedDayAlready",
                      { title: anchor.title, day: word, outcome: say(outcomeWords[outcome]) }), refusalID));
  return details(base, say("anchor.earlier"), say("anchor.earlierNamed", { title: anchor.title }),
    el("div", { class: "correct" },
      el("label", { for: base + "-day", text: say("correctDay") }), dayInput, daySaid,
      el("p", { class: "hint", id: base + "-help", text: say("anchor.earlierHelp") }),
      el("p", { class: "that-day", id: base + "-state",
                text: say("correctThatDay", { state: cell ? say(cellWords[cell.state] || cellWords.notMarked) : say("anchor.state.notScheduled") }) }),
      el("div", { class: "anchor-marks" }, ...buttons),
      refusal(refusalID)));
}

function legend() {
  const states = [["complete", say("anchor.state.attended")], ["missed", say("anchor.state.missed")],
                  ["empty", say("anchor.legendNotMarked")], ["notDue", say("anchor.legendNotScheduled")]];
  return el("ul", { class: "legend", "aria-label": say("legend") }, ...states.map(([cell, words]) => el("li", {},
    el("span", { class: "cell d-" + cell, "aria-hidden": "true" }), document.createTextNode(words))));
}

// The weekdays as checkboxes in a fieldset, ISO numbers as their values.
function dayBoxes(idBase, chosen) {
  return el("fieldset", { class: "anchor-days" }, el("legend", { text: say("anchor.days") }),
    ...weekdays.map((name, index) => {
      const id = idBase + "-" + (index + 1);
      const box = field(id, { type: "checkbox", value: String(index + 1) });
      if (!(id in anchors.values)) box.checked = chosen.includes(index + 1);
      return el("label", { class: "day-box", for: id }, box, document.createTextNode(name));
    }));
}

function chosenDays(idBase) {
  return weekdays.map((_, index) => index + 1).filter((day) => $(idBase + "-" + day).checked).join(",");
}

function labelled(id, words, control, hint) {
  return el("div", { class: "anchor-field" }, el("label", { for: id, text: say(words) }), control, hint || null);
}

// Edit: the same timing kind, its fields filled with what the anchor holds; every field is sent, and an
// edit that leaves the anchor as it was records nothing.
function editForm(anchor) {
  const base = "anchor-edit-" + anchor.id;
  const names = { title: anchor.title };
  const title = field(base + "-title", { type: "text", autocomplete: "off", value: anchor.title });
  const duration = field(base + "-for", { type: "text", autocomplete: "off", inputmode: "numeric", class: "amount",
                                          value: String(anchor.durationMinutes) });
  const remind = field(base + "-remind", { type: "number", min: "0", max: "720", step: "1", inputmode: "numeric", class: "amount",
                                           value: anchor.remindMinutes === null ? "" : String(anchor.remindMinutes) });
  const fields = [labelled(base + "-title", key("anchor.title"), title)];
  let at = null, prayer = null;
  if (anchor.schedule === "prayer") {
    prayer = select(base + "-prayer", prayers.map((p) => [p, say(prayerWords[p])]), anchor.prayer);
    fields.push(labelled(base + "-prayer", key("anchor.prayerField"), prayer));
  } else {
    at = field(base + "-at", { type: "time", value: anchor.start });
    fields.push(labelled(base + "-at", key("anchor.at"), at));
  }
  fields.push(labelled(base + "-for", key("anchor.duration"), duration), labelled(base + "-remind", key("anchor.remind"), remind));
  if (at) fields.push(dayBoxes(base + "-days", anchor.days));
  const form = el("form", { class: "anchor-form" }, ...fields,
    el("div", { class: "anchor-submit" },
      el("button", { type: "submit", id: base + "-save", text: say("anchor.save"), "aria-label": say("anchor.saveNamed", names) })),
    refusal(base + "-refused"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const body = { title: title.value, for: duration.value };
    if (at) { body.at = at.value; body.days = chosenDays(base + "-days"); }
    if (prayer) body.prayer = prayer.value;
    if (remind.value !== "") body.remind = Number(remind.value);
    else if (anchor.remindMinutes !== null) body.remind = null;
    act("/api/anchors/" + anchor.id + "/edit", body,
      (answer) => say(answer.action ? "anchor.edited" : "anchor.noChange", { title: answer.title }), base + "-refused")
      .then((answer) => {
        if (!answer) return;
        forget(base + "-title", base + "-for", base + "-remind", base + "-at", base + "-prayer",
               ...weekdays.map((_, index) => base + "-days-" + (index + 1)));
      });
  });
  return details(base + "-box", say("anchor.edit"), say("anchor.editNamed", names), form);
}

function card(anchor, grid) {
  const headingID = "anchor-title-" + anchor.id;
  const names = { title: anchor.title };
  const cell = grid.days[grid.days.length - 1];
  const main = el("div", { class: "habit-main" },
    el("p", { class: "today-amount", id: "anchor-today-" + anchor.id, text: todayText(anchor, cell) }));
  if (cell.state !== "notScheduled") main.append(...markControls(anchor, cell));
  main.append(el("p", { class: "read", id: "anchor-read-" + anchor.id, text: grid.read }), earlierDay(anchor, grid),
    el("div", { class: "habit-actions" }, editForm(anchor),
      el("button", { type: "button", class: "ghost", id: "anchor-archive-" + anchor.id, text: say("archive"),
        "aria-label": say("archiveNamed", names),
        onclick: () => act("/api/anchors/" + anchor.id + "/archive", {}, () => say("archivedToast", names),
                           "anchor-actions-" + anchor.id, "#anchors-heading") })),
    refusal("anchor-actions-" + anchor.id));
  const table = densityTable(anchor.title, grid.days, anchors.date, "anchor-grid-" + anchor.id,
    (day) => ({ state: day.state, cell: cellClass[day.state] || "empty", words: say(cellWords[day.state] || cellWords.notMarked) }));
  return el("section", { class: "panel habit anchor", "aria-labelledby": headingID, "data-anchor": anchor.id },
    el("h2", { id: headingID, text: anchor.title }),
    el("p", { class: "kind", id: "anchor-timing-" + anchor.id, text: timingText(anchor) }),
    el("div", { class: "habit-window" }, main, el("div", { class: "habit-grid" }, table, legend())));
}

// Today's prayer times, or how to have them.
function prayerPanel() {
  const title = el("h2", { id: "anchor-prayers-title", text: say("anchor.prayersTitle") });
  const section = el("section", { class: "panel prayers", id: "anchor-prayers", "aria-labelledby": "anchor-prayers-title" }, title);
  const report = anchors.prayers;
  if (!report) {
    section.append(el("p", { class: "hint", text: say("anchor.prayersNone") }),
      el("p", {}, el("a", { href: "#settings", id: "anchor-set-location", text: say("anchor.openSettings") })));
    return section;
  }
  const day = report.days[0];
  const list = el("dl", { class: "prayer-times", id: "anchor-prayer-times" });
  for (const name of ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"]) {
    const time = clock(day[name]);
    list.append(el("div", { "data-prayer": name }, el("dt", { text: say(prayerWords[name]) }),
      el("dd", { text: day.bounded.includes(name) ? say("anchor.bounded", { time }) : time })));
  }
  section.append(list, el("p", { class: "hint", text: say("anchor.prayersFor", { location: report.location, method: report.method, asr: report.asr }) }));
  return section;
}

// Add: a fixed anchor (title, time, duration, days) or a prayer anchor (which prayer, an optional title and
// duration), or all five prayers at once.
function newForm() {
  const kindName = "anchor-new-kind";
  const kinds = el("fieldset", { class: "anchor-kinds" }, el("legend", { text: say("anchor.kind") }),
    ...[["fixed", key("anchor.kind.fixed")], ["prayer", key("anchor.kind.prayer")]].map(([value, words]) => {
      const id = kindName + "-" + value;
      const radio = el("input", { type: "radio", name: kindName, id, value, checked: anchors.kind === value });
      // The form is drawn anew for the kind chosen; focus stays on the chosen radio, whatever had it as
      // the old one was taken away.
      radio.addEventListener("change", () => {
        if (!radio.checked) return;
        anchors.kind = value;
        render();
        $(id).focus();
      });
      return el("label", { class: "day-box", for: id }, radio, document.createTextNode(say(words)));
    }));
  const prayerMode = anchors.kind === "prayer";
  const title = field("anchor-new-title", { type: "text", autocomplete: "off" });
  const duration = field("anchor-new-for", { type: "text", autocomplete: "off", inputmode: "numeric", class: "amount" });
  const remind = field("anchor-new-remind", { type: "number", min: "0", max: "720", step: "1", inputmode: "numeric", class: "amount" });
  const fields = [kinds];
  let at = null, prayer = null;
  if (prayerMode) {
    prayer = select("anchor-new-prayer", prayers.map((p) => [p, say(prayerWords[p])]), "fajr");
    fields.push(labelled("anchor-new-prayer", key("anchor.prayerField"), prayer), labelled("anchor-new-title", key("anchor.titlePrayer"), title),
                labelled("anchor-new-for", key("anchor.durationPrayer"), duration));
  } else {
    at = field("anchor-new-at", { type: "time" });
    fields.push(labelled("anchor-new-title", key("anchor.title"), title), labelled("anchor-new-at", key("anchor.at"), at),
                labelled("anchor-new-for", key("anchor.duration"), duration));
  }
  fields.push(labelled("anchor-new-remind", key("anchor.remind"), remind));
  if (at) fields.push(dayBoxes("anchor-new-days", [1, 2, 3, 4, 5, 6, 7]));
  const buttons = el("div", { class: "anchor-submit" }, el("button", { type: "submit", id: "anchor-new-submit", text: say("anchor.add") }));
  if (prayerMode) {
    buttons.append(el("button", { type: "button", class: "ghost", id: "anchor-new-five", text: say("anchor.addFive"),
      "aria-describedby": "anchor-new-five-hint", onclick: () => add({ prayers: true }) }),
      el("p", { class: "hint", id: "anchor-new-five-hint", text: say("anchor.addFiveHint") }));
  }
  const form = el("form", { class: "anchor-form", id: "anchor-new-form" }, ...fields, buttons, refusal("anchor-new-refused"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const body = {};
    if (title.value !== "" || !prayerMode) body.title = title.value;
    if (duration.value !== "" || !prayerMode) body.for = duration.value;
    if (remind.value !== "") body.remind = Number(remind.value);
    if (prayerMode) body.prayer = prayer.value;
    else { body.at = at.value; body.days = chosenDays("anchor-new-days"); }
    add(body);
  });
  return el("section", { class: "panel", "aria-labelledby": "anchor-new-heading" },
    el("h2", { id: "anchor-new-heading", class: "sr-only", text: say("anchor.new") }),
    details("anchor-new-box", say("anchor.new"), null, form));
}

async function add(body) {
  const answer = await act("/api/anchors/new", body, (answer) => answer.anchors
    ? say("anchor.addedFive", { titles: answer.anchors.map((a) => a.title).join(", ") })
    : say("anchor.added", { title: answer.title }), "anchor-new-refused");
  if (!answer) return;
  forget("anchor-new-title", "anchor-new-for", "anchor-new-remind", "anchor-new-at", ...weekdays.map((_, index) => "anchor-new-days-" + (index + 1)));
  render();
}

function archivedList() {
  const list = el("ul", { class: "tasks" }, ...anchors.archived.map((anchor) => el("li", { class: "backlog-task" },
    el("span", { class: "name", text: anchor.title }),
    el("button", { type: "button", class: "ghost", id: "anchor-restore-" + anchor.id, text: say("restore"),
      "aria-label": say("restoreNamed", { title: anchor.title }),
      onclick: () => act("/api/anchors/" + anchor.id + "/restore", {}, () => say("restoredToast", { title: anchor.title }),
                         "anchor-archived", "#anchors-heading") }))));
  const count = anchors.archived.length;
  return el("section", { class: "panel", "aria-labelledby": "anchor-archived-title" },
    details("anchor-archived-box", say("archivedSection", { count }), null,
      el("h2", { id: "anchor-archived-title", class: "sr-only", text: say("archivedSection", { count }) }),
      list, refusal("anchor-archived")));
}

// Draws the screen from the last answers, keeping focus where it was.
function render() {
  if (!anchors.date) return;
  const focused = focusedID();
  const list = anchors.anchors;
  const parts = [el("h1", { id: "anchors-heading", tabindex: "-1", text: say("anchorsTitle") }),
    el("p", { class: "overall", id: "anchors-summary",
              text: list.length === 1 ? say("anchor.summaryOne") : list.length ? say("anchor.summary", { count: list.length }) : say("anchor.none") }),
    prayerPanel()];
  list.forEach((anchor, index) => parts.push(card(anchor, anchors.grids[index])));
  parts.push(newForm());
  if (anchors.archived.length) parts.push(archivedList());
  $("view-anchors").replaceChildren(...parts);
  keepFocus(focused);
}

async function load() {
  const answer = await api("/api/anchors?all=1");
  const active = answer.anchors.filter((anchor) => !anchor.isArchived);
  const weeks = weeksThatFit("view-anchors");
  const grids = await Promise.all(active.map((anchor) => api("/api/anchors/" + anchor.id + "/grid?weeks=" + weeks)));
  let prayerTimes = null;
  try { prayerTimes = await api("/api/prayers"); } catch (error) { if (error.code !== "no_location") throw error; }
  const today = {};
  for (const occurrence of answer.today) today[occurrence.anchor] = occurrence;
  Object.assign(anchors, {
    date: state.today && state.today.date ? state.today.date : (grids[0] ? grids[0].days[grids[0].days.length - 1].date : "today"),
    anchors: active, grids, today, weeks, prayers: prayerTimes, archived: answer.anchors.filter((anchor) => anchor.isArchived),
  });
}

export const anchorsScreen = {
  name: "anchors",
  nav: key("navAnchors"),
  match: (hash) => (hash === "#anchors" ? {} : null),
  title: () => say("anchorsTitle"),
  load,
  render,
};

/** Keeps what is typed on the screen, and draws more or fewer weeks when the window's width changes. */
export function start() {
  document.addEventListener("input", (event) => {
    const target = event.target;
    if (!target.id || !target.closest || !target.closest("#view-anchors") || target.type === "radio") return;
    anchors.values[target.id] = target.type === "checkbox" ? target.checked : target.value;
  });
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    window.clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(() => {
      if (!$("view-anchors").hidden && anchors.date && weeksThatFit("view-anchors") !== anchors.weeks) load().then(render).catch(() => {});
    }, 200);
  });
}
