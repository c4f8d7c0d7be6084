// The Review screen at `#review`: one week looked back on (`GET /api/review`, the CLI's
// `review`) and twelve weeks of trends (`GET /api/stats`, `stats`), in the calm voice (D15, R-3).
//
// The page draws what the answers say and counts nothing itself: the numbers, the weeks (by the person's
// first weekday) and the sentences are the server's. Each chart is inline SVG hidden from assistive
// technology, with a table of the same numbers beside it for screen readers.
import { $, el, focusedID, keepFocus, problem } from "./dom.mjs";
import { say, key, dayText, durationText, regionNames, weekdayNames } from "./words.mjs";
import { api } from "./api.mjs";
import { state } from "./state.mjs";

const review = state.review;
const regions = ["morning", "afternoon", "evening"];
const weekdays = weekdayNames();
const stateWords = {
  empty: key("state.empty"), notDue: key("state.notDue"), missed: key("state.missed"), partialLow: key("state.partialLow"),
  partialHigh: key("state.partialHigh"), complete: key("state.complete"),
};
const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with `attrs`; `text` sets its text. */
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined) continue;
    if (name === "text") node.textContent = value;
    else node.setAttribute(name, String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/** A chart's picture: shown, scaled to its box, and hidden from assistive technology (its table says it). */
function chart(id, width, height, ...children) {
  return svg("svg", { id, class: "chart", viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true", focusable: "false",
                      preserveAspectRatio: "xMinYMin meet" }, ...children);
}

/** A table of a chart's numbers for screen readers: `caption`, the column heads, and rows whose first cell heads the row. */
// The table sits in a visually hidden box: a table itself ignores the clipping that hides it.
function numbers(id, caption, heads, rows) {
  return el("div", { class: "sr-only" }, el("table", { id, class: "chart-numbers" },
    el("caption", { text: caption }),
    el("thead", {}, el("tr", {}, ...heads.map((head) => el("th", { scope: "col", text: head })))),
    el("tbody", {}, ...rows.map((cells) => el("tr", {},
      el("th", { scope: "row", text: cells[0] }), ...cells.slice(1).map((cell) => el("td", { text: cell })))))));
}

function minutesText(seconds) {
  // As the server writes focus time: whole minutes, the seconds left over dropped (ReviewWords.focus).
  return durationText(Math.floor(seconds / 60));
}

function weekday(date) {
  const [y, m, d] = date.split("-").map(Number);
  return weekdays[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7];
}

function rateText(tally) {
  return tally.percent === null ? say("reviewNone") : say("trendsRate", { done: tally.done, placed: tally.placed, percent: tally.percent });
}

// A week the server refuses (`#review/2026-W60`) is said in the banner by the redraw; the refusal is kept
// so that the banner is cleared once a week is drawn again, and nothing else's words are.
async function load(match) {
  const query = match.week ? "?week=" + encodeURIComponent(match.week) : "";
  let week, trends;
  try {
    [week, trends] = await Promise.all([api("/api/review" + query), api("/api/stats")]);
  } catch (error) {
    review.refused = error.message;
    throw error;
  }
  if (review.refused && $("problem").textContent === review.refused) problem("");
  review.refused = null;
  review.week = week;
  review.trends = trends;
}

// The week picker: this week, last week, and each earlier week of the trends, by the server's weeks
// (its first weekday); a week named in the address that is older is added as it is.
function picker(week) {
  const weeks = review.trends.weeks.slice().reverse();
  const options = weeks.map((w, index) => {
    const values = { from: dayText(w.firstDay), to: dayText(w.lastDay) };
    const words = index === 0 ? say("reviewThisWeek", values) : index === 1 ? say("reviewLastWeek", values) : say("reviewEarlierWeek", values);
    return el("option", { value: w.name, text: words, selected: w.name === week.week.name });
  });
  if (!weeks.some((w) => w.name === week.week.name)) {
    options.push(el("option", { value: week.week.name, selected: true,
                                text: say("reviewEarlierWeek", { from: dayText(week.week.firstDay), to: dayText(week.week.lastDay) }) }));
  }
  const select = el("select", { id: "review-week" }, ...options);
  select.addEventListener("change", () => { location.hash = "#review/" + select.value; });
  return el("div", { class: "review-picker" }, el("label", { for: "review-week", text: say("reviewWeek") }), select);
}

function section(id, heading, ...children) {
  return el("section", { class: "panel review-part", id, "aria-labelledby": id + "-title" },
    el("h2", { id: id + "-title", text: heading }), ...children);
}

// Must-Dos done of placed per region: a row of squares a region, one a Must-Do placed, filled when done.
function mustDos(week) {
  const tally = week.mustDos;
  if (tally.placed === 0) return section("review-must", say("reviewMustDos"), el("p", { class: "empty", text: say("reviewNoMustDos") }));
  const size = 20, gap = 6, left = 96, rowHeight = 30;
  const rows = regions.map((region, index) => {
    const one = tally.regions[region];
    const y = index * rowHeight;
    const marks = [];
    for (let n = 0; n < one.placed; n++) {
      const done = n < one.done;
      marks.push(svg("rect", { x: left + n * (size + gap) + 1, y: y + 5, width: size - 2, height: size - 2, rx: 4,
                               class: done ? "mark done" : "mark open", "data-region": region }));
    }
    const end = left + Math.max(one.placed, 0) * (size + gap);
    return svg("g", {}, svg("text", { x: 0, y: y + 19, class: "label", text: regionNames[region] }), ...marks,
      svg("text", { x: one.placed ? end + 2 : left, y: y + 19, class: "value",
                    text: one.placed ? say("reviewOf", { done: one.done, placed: one.placed }) : say("reviewNone") }));
  });
  const rowsOfTable = regions.map((region) => {
    const one = tally.regions[region];
    return [regionNames[region], String(one.done), String(one.placed), one.percent === null ? say("reviewNone") : one.percent + "%"];
  }).concat([[say("reviewAllRegions"), String(tally.done), String(tally.placed), tally.percent === null ? say("reviewNone") : tally.percent + "%"]]);
  return section("review-must", say("reviewMustDos"),
    el("p", { class: "review-figure", text: say("reviewOf", { done: tally.done, placed: tally.placed }) + (tally.percent === null ? "" : " · " + tally.percent + "%") }),
    chart("review-must-chart", left + 7 * (size + gap) + 60, regions.length * rowHeight, ...rows),
    numbers("review-must-table", say("reviewMustDosCaption"), [say("reviewRegion"), say("reviewDone"), say("reviewPlaced"), say("reviewShare")], rowsOfTable));
}

// Bars from left to right, one a value, scaled to the largest; `highlight` marks one bar (this week, today).
// `labels` go under the bars and `tops`, when given, above them; the first and last label of a sparse row
// line up with the chart's edges. A share is drawn against its whole (`ceiling`, 100 for a percentage).
function bars(id, values, labels, highlight, width = 28, height = 96, tops = [], ceiling = 0) {
  const top = 18, base = height - 18, most = Math.max(1, ceiling, ...values), right = values.length * width;
  const children = [svg("line", { x1: 0, x2: right, y1: base + 0.5, y2: base + 0.5, class: "axis" })];
  const sparse = labels.filter(Boolean).length < labels.length;
  values.forEach((value, index) => {
    const tall = value === 0 ? 0 : Math.max(2, Math.round((base - top) * value / most));
    children.push(svg("rect", { x: index * width + 4, y: base - tall, width: width - 8, height: tall, rx: 3,
                                class: index === highlight ? "column now" : "column", "data-value": value }));
    if (tops[index]) children.push(svg("text", { x: index * width + width / 2, y: base - tall - 4, class: "tick", "text-anchor": "middle", text: tops[index] }));
    if (!labels[index]) return;
    const edge = sparse && index === 0 ? ["start", 0] : sparse && index === values.length - 1 ? ["end", right] : ["middle", index * width + width / 2];
    children.push(svg("text", { x: edge[1], y: height - 4, class: "tick", "text-anchor": edge[0], text: labels[index] }));
  });
  return chart(id, right, height, ...children);
}

// Focus time each day of the week, and each estimate against the focus time it took.
function focus(week) {
  const days = week.focus.days;
  const parts = [];
  // A week without focus is said in a sentence: seven empty bars would say nothing more.
  if (week.focus.seconds === 0) return section("review-focus", say("reviewFocus"), el("p", { class: "empty", text: say("reviewNoFocus") }));
  parts.push(el("p", { class: "review-figure", text: minutesText(week.focus.seconds) }));
  parts.push(bars("review-focus-chart", days.map((day) => day.seconds), days.map((day) => weekday(day.date)), days.findIndex((day) => day.date === week.week.throughDay && week.week.throughDay !== week.week.lastDay), 44, 110,
    days.map((day) => (day.seconds >= 60 ? minutesText(day.seconds) : ""))));
  parts.push(numbers("review-focus-table", say("reviewFocusCaption"), [say("reviewDay"), say("reviewTime")],
    days.map((day) => [dayText(day.date), minutesText(day.seconds)])));
  if (week.estimates.length) {
    parts.push(el("table", { id: "review-estimates", class: "review-table" },
      el("caption", { text: say("reviewEstimatesCaption") }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: say("reviewTask") }), el("th", { scope: "col", text: say("reviewEstimated") }),
        el("th", { scope: "col", text: say("reviewTook") }))),
      el("tbody", {}, ...week.estimates.map((line) => el("tr", {}, el("th", { scope: "row", text: line.title }),
        el("td", { text: durationText(line.effortMinutes) }), el("td", { text: minutesText(line.actualSeconds) }))))));
  }
  return section("review-focus", say("reviewFocus"), ...parts);
}

function dayState(day) { return day.state === "empty" && !day.isDue ? "notDue" : day.state; }

// Each habit's week as a row of cells in the habit grid's density colours, with its read.
function habits(week) {
  if (!week.habits.length) return section("review-habits", say("reviewHabits"), el("p", { class: "empty", text: say("reviewNoHabits") }));
  const size = 18, gap = 4;
  const list = el("ul", { class: "review-habit-rows" }, ...week.habits.map((habit, index) => {
    const cells = habit.days.map((day, n) => {
      const shown = dayState(day);
      const x = n * (size + gap) + 1, y = 1;
      const parts = [svg("rect", { x, y, width: size, height: size, rx: 3, class: "cell-" + shown, "data-date": day.date })];
      // The low partial step is half filled, so it is told from the high one by shape, not shade alone.
      if (shown === "partialLow") parts.push(svg("rect", { x, y: y + size / 2, width: size, height: size / 2, class: "cell-low-fill" }));
      parts.push(svg("text", { x: x + size / 2, y: size + 14, class: "tick", "text-anchor": "middle", text: weekday(day.date) }));
      return svg("g", {}, ...parts);
    });
    return el("li", {}, el("span", { class: "review-habit-name", text: habit.title }),
      chart("review-habit-" + index, 7 * (size + gap), size + 18, ...cells),
      el("p", { class: "read", text: habit.read }));
  }));
  const heads = [say("reviewHabit")].concat((week.habits[0] ? week.habits[0].days : []).map((day) => dayText(day.date)));
  const rows = week.habits.map((habit) => [habit.title + (week.habits.filter((h) => h.title === habit.title).length > 1 ? " (" + habit.window + ")" : "")]
    .concat(habit.days.map((day) => say(stateWords[dayState(day)]) + (day.amount && day.target > 1 ? " " + say("reviewOf", { done: day.amount, placed: day.target }) : ""))));
  return section("review-habits", say("reviewHabits"), list,
    numbers("review-habits-table", say("reviewHabitsCaption"), heads, rows));
}

function anchors(week) {
  const tally = week.anchors;
  return section("review-anchors", say("reviewAnchors"), el("p", { class: tally.marked ? "" : "empty",
    text: tally.marked ? say("reviewAnchorsLine", { attended: tally.attended, marked: tally.marked }) : say("reviewNoAnchors") }));
}

// Twelve weeks: the Must-Do rate, focus time and deferrals, a bar a week, this week marked.
function trends() {
  const weeks = review.trends.weeks;
  const last = weeks.length - 1;
  const labels = weeks.map((w, index) => (index === 0 || index === last ? dayText(w.firstDay).replace(/^\S+\s/, "") : ""));
  const tick = (values) => values.map((value, index) => (index === 0 || index === last ? labels[index] : ""));
  const names = weeks.map((w) => say("reviewEarlierWeek", { from: dayText(w.firstDay), to: dayText(w.lastDay) }));
  const now = weeks[last];
  const part = (id, heading, current, values, caption, head, texts, ceiling) => el("div", { class: "trend", id },
    el("h3", { text: heading }), el("p", { class: "trend-now", text: say("trendsThisWeek", { value: current }) }),
    bars(id + "-chart", values, tick(values), last, 26, 88, [], ceiling),
    numbers(id + "-table", caption, [say("trendsWeek"), head], names.map((name, index) => [name, texts[index]])));
  const nothing = weeks.every((w) => w.mustDos.placed === 0 && w.focusSeconds === 0 && w.deferrals === 0);
  return el("section", { class: "panel review-part", id: "review-trends", "aria-labelledby": "review-trends-title" },
    el("h2", { id: "review-trends-title", text: say("trendsHeading", { count: weeks.length }) }),
    nothing ? el("p", { class: "empty", text: say("trendsNothing") }) : null,
    el("div", { class: "trends" },
      part("review-trend-must", say("trendsMustDos"), rateText(now.mustDos), weeks.map((w) => w.mustDos.percent || 0),
        say("trendsMustDosCaption"), say("trendsMustDos"), weeks.map((w) => rateText(w.mustDos)), 100),
      part("review-trend-focus", say("trendsFocus"), minutesText(now.focusSeconds), weeks.map((w) => w.focusSeconds),
        say("trendsFocusCaption"), say("trendsFocus"), weeks.map((w) => minutesText(w.focusSeconds))),
      part("review-trend-deferrals", say("trendsDeferrals"), String(now.deferrals), weeks.map((w) => w.deferrals),
        say("trendsDeferralsCaption"), say("trendsDeferrals"), weeks.map((w) => String(w.deferrals)))));
}

function render() {
  const week = review.week;
  if (!week || !review.trends) return;
  const focused = focusedID();
  const span = { name: week.week.name, from: dayText(week.week.firstDay), to: dayText(week.week.lastDay), through: dayText(week.week.throughDay) };
  const soFar = week.week.throughDay !== week.week.lastDay;
  $("view-review").replaceChildren(
    el("div", { class: "review-head" }, el("h1", { id: "review-heading", tabindex: "-1", text: say("reviewHeading") }), picker(week)),
    el("p", { class: "overall", id: "review-span", text: say(soFar ? "reviewSpanSoFar" : "reviewSpan", span) }),
    section("review-words", say("reviewInWords"), el("ul", { class: "review-lines" }, ...week.lines.map((line) => el("li", { text: line })))),
    el("div", { class: "review-grid" }, mustDos(week), focus(week), habits(week), anchors(week)),
    trends());
  keepFocus(focused);
}

export const reviewScreen = {
  name: "review",
  nav: key("navReview"),
  match: (hash) => {
    const found = /^#review(?:\/(this|last|\d{4}-W\d{2}))?$/.exec(hash);
    return found ? { week: found[1] || null } : null;
  },
  title: () => say("reviewHeading"),
  load,
  render,
};
