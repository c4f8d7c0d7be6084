// Upcoming at `#upcoming` (W-20): the tasks dated after today (`GET /api/upcoming`, the CLI's `upcoming`):
// tomorrow, each further day of this week, then later (each row with its day); Someday links to the Backlog
// with the Backlog's own count from the server (`backlogCount`: undated and overdue tasks, as Today says). Tomorrow and the week's last day are the server's (`GET /api/dates`, the first-weekday
// setting): the page groups by them and decides no day itself. Each day of the week to come also lists its
// events and anchors in time order with their regions (F-16), from the answer's `days`.
import { $, el, focusedID, keepFocus } from "./dom.mjs";
import { say, key, dayText } from "./words.mjs";
import { api } from "./api.mjs";
import { state } from "./state.mjs";
import { taskList } from "./tasks.mjs";
import { fixedPointList } from "./today.mjs";

const upcoming = state.upcoming;

function group(id, heading, tasks, points = [], dated = false) {
  const list = tasks.length ? taskList(tasks, null, null, null, "upcoming-task-") : null;
  // Later's rows are of many days: each says its own, after its title.
  if (list && dated) {
    for (const task of tasks) {
      const name = list.querySelector(`li[data-task="${task.id}"] > label`);
      if (name) name.after(el("span", { class: "where", text: dayText(task.dueDate) }));
    }
  }
  return el("section", { class: "panel", "aria-labelledby": id }, el("h2", { id, text: heading }),
    fixedPointList(points, id + "-points", true), list);
}

async function load() {
  const answer = await api("/api/upcoming");
  upcoming.tasks = answer.tasks;
  upcoming.days = answer.days || [];
  upcoming.backlogCount = answer.backlogCount;
}

function render() {
  if (!upcoming.tasks || !state.dates) return;
  const focused = focusedID();
  const dates = state.dates;
  // The days after tomorrow up to the week's last day are shown one by one. `YYYY-MM-DD` compares as text.
  const tomorrow = dates.quickDates.find((date) => date.word === "tomorrow").day;
  const byDay = new Map();
  const later = [];
  for (const task of upcoming.tasks) {
    if (task.dueDate > dates.weekEnds && task.dueDate !== tomorrow) { later.push(task); continue; }
    if (!byDay.has(task.dueDate)) byDay.set(task.dueDate, []);
    byDay.get(task.dueDate).push(task);
  }
  // A day of the week to come with events or anchors is shown even with no task.
  const points = new Map();
  for (const day of upcoming.days || []) {
    if (!day.fixedPoints.length || (day.date > dates.weekEnds && day.date !== tomorrow)) continue;
    points.set(day.date, day.fixedPoints);
    if (!byDay.has(day.date)) byDay.set(day.date, []);
  }
  const count = upcoming.tasks.length;
  const parts = [el("h1", { id: "upcoming-heading", tabindex: "-1", text: say("upcomingHeading") }),
    el("p", { class: "overall", id: "upcoming-total", text: count === 0 ? say("upcomingEmpty")
      : count === 1 ? say("upcomingOne") : say("upcomingMany", { count }) })];
  Array.from(byDay.keys()).sort().forEach((day, index) => {
    const heading = day === tomorrow ? say("upcomingTomorrow", { day: dayText(day) }) : dayText(day);
    parts.push(group("upcoming-day-" + index, heading, byDay.get(day), points.get(day)));
  });
  if (later.length) parts.push(group("upcoming-later", say("upcomingLater"), later, [], true));
  const undated = upcoming.backlogCount;
  parts.push(el("section", { class: "panel", "aria-labelledby": "upcoming-someday" },
    el("h2", { id: "upcoming-someday", text: say("upcomingSomeday") }),
    el("p", {}, el("a", { href: "#backlog", text: undated === 1 ? say("backlogOne") : say("backlogMany", { count: undated }) }))));
  $("view-upcoming").replaceChildren(...parts);
  keepFocus(focused);
}

export const upcomingScreen = {
  name: "upcoming",
  nav: key("navUpcoming"),
  match: (hash) => (hash === "#upcoming" ? {} : null),
  title: () => say("upcomingHeading"),
  load,
  render,
};
