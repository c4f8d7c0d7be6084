// Today (W-8) and Region focus (W-9), drawn from `GET /api/today`: the region cards with each bucket's
// count against its limit, progress, due and overdue tasks, the habits strip, the Backlog's count, each
// region's and the day's planned effort against their free time (W-24, F-14), the day's events and anchors
// in time order among the regions (F-16), Today's notices, a detected habit's offer, and the running
// session's chip in the header.
// The limits and the minutes are the answer's (each region's `limits`, `plannedMinutes`, `freeMinutes`):
// the page keeps no copy and counts nothing itself.
import { $, el, focusedID, keepFocus } from "./dom.mjs";
import { say, key, regionNames, bucketName, bucketOrder, dayText, durationText } from "./words.mjs";
import { api } from "./api.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";
import { markPair, outcomeWords } from "./anchors.mjs";
import { state } from "./state.mjs";
import { taskList } from "./tasks.mjs";
import { quickAdd, parseSoon } from "./quickAdd.mjs";
import { renderHabitOffers } from "./habitOffer.mjs";

/** The region Region focus shows (`#region/morning`), or null. */
export function focusedRegion() {
  const match = /^#region\/(morning|afternoon|evening)$/.exec(location.hash);
  return match ? match[1] : null;
}

// "1 h 30 planned · 2 h 15 free": a region's open tasks' effort and its free time (F-14).
function plannedFree(region) {
  return say("plannedFree", { planned: durationText(region.plannedMinutes), free: durationText(region.freeMinutes) });
}

/** The day's planned effort against its free time (W-24, F-14): the sum of its regions'. */
function renderLoad() {
  const today = state.today;
  const load = $("day-load");
  load.textContent = today.freeMinutes === undefined ? say("plannedDayOnly", { planned: durationText(today.plannedMinutes || 0) })
    : say("plannedDay", { planned: durationText(today.plannedMinutes), free: durationText(today.freeMinutes) });
  load.classList.toggle("over", today.plannedMinutes > today.freeMinutes);
}

// "09:30" of an instant the API gives with the person's offset (`2026-12-07T09:30:00+00:00`).
function wallTime(iso) {
  return iso.slice(11, 16);
}

// Why an event takes no time, in a word (F-11).
const notBusyWords = { cancelled: key("fixedPointNotBusy.cancelled"), declined: key("fixedPointNotBusy.declined"),
                       transparent: key("fixedPointNotBusy.transparent") };

// Today's mark of an anchor on its line, as on the Anchors screen: the server says what the mark did,
// and marking again with the held mark records nothing.
function markButtons(point) {
  const names = { title: point.title };
  const buttons = markPair(point.anchor, point.outcome, (verb) => "today-" + verb + "-" + point.anchor,
    { attended: key("anchor.attendNamed"), missed: key("anchor.missNamed") }, names,
    async (path, outcome) => {
      try {
        const answer = await api(path, {});
        toast(say(answer.changed ? "anchor.marked" : "anchor.markedAlready", { title: point.title, outcome: say(outcomeWords[outcome]) }),
          answer.action);
      } catch (error) { toast(error.message); }
      await refresh();
    });
  return el("span", { class: "point-marks", role: "group", "aria-label": say("anchor.marksNamed", names) }, ...buttons);
}

/** The day's events and anchors in `points`, in time order, as a quiet list (F-16); null when none. With
 * `withRegion`, each says the region that holds it, for a list not grouped by region; with `marks`, an
 * anchor offers today's Attended / Missed. */
export function fixedPointList(points, id, withRegion = false, marks = false) {
  if (!points || !points.length) return null;
  return el("ul", { class: "fixed-points", id }, ...points.map((point) => {
    const hours = point.allDay ? say("fixedPointAllDay") : wallTime(point.start) + "–" + wallTime(point.end);
    const note = point.kind === "anchor" ? say("fixedPointAnchor")
      : point.notBusyBecause ? say(notBusyWords[point.notBusyBecause]) : null;
    return el("li", { class: point.busy ? null : "not-busy" }, el("time", { datetime: point.start, text: hours }),
      el("span", { text: " " + (point.title || "—") }), note ? el("span", { class: "hint", text: " (" + note + ")" }) : null,
      withRegion && point.region ? el("span", { class: "hint", text: " · " + regionNames[point.region] }) : null,
      marks && point.kind === "anchor" ? markButtons(point) : null);
  }));
}

// The day's events and anchors outside every region, in a quiet panel above the cards (all-day ones and
// those before the first region) or below them; hidden while there are none.
function renderOutside(early, id, place) {
  let section = $(id + "-panel");
  if (!section) {
    section = el("section", { id: id + "-panel", class: "panel fixed-outside", "aria-labelledby": id + "-title" },
      el("h2", { id: id + "-title", text: say("fixedPointsOutside") }));
    place(section);
  }
  const list = fixedPointList(pointsOutside(state.today, early), id, false, true);
  section.hidden = list === null;
  section.replaceChildren(section.firstChild, ...(list ? [list] : []));
}

// A quiet line of the region's hours with its busy events and anchors marked on it; the list beside it
// says the same in words, so the line is hidden from assistive technology.
function timeline(region, points) {
  const start = Date.parse(region.start), span = Date.parse(region.end) - start;
  const line = el("div", { class: "timeline", "aria-hidden": "true" });
  if (!(span > 0)) return line;
  for (const point of points) {
    if (!point.busy || point.allDay) continue;
    const from = Math.max(0, (Date.parse(point.start) - start) / span);
    const to = Math.min(1, (Date.parse(point.end) - start) / span);
    if (to <= from) continue;
    const mark = el("span");
    mark.style.left = (100 * from).toFixed(2) + "%";
    mark.style.width = (100 * (to - from)).toFixed(2) + "%";
    line.append(mark);
  }
  return line;
}

// The points of `today` no region holds: all-day ones and those before the first region, or after.
function pointsOutside(today, early) {
  const first = today.regions.morning.start;
  return (today.fixedPoints || []).filter((point) => point.region === null
    && (point.allDay || point.start < first) === early);
}

function bar(percent) {
  const fill = el("span");
  fill.style.width = Math.max(0, Math.min(100, percent)) + "%";
  return el("div", { class: "bar", "aria-hidden": "true" }, fill);
}

// Named as charflow NFR-2.3.1 says: "Morning region, 1 Must-Do, 2 Complementary, 3 Misc, 50% complete".
function regionLabel(key, region) {
  return say("regionLabel", {
    region: regionNames[key], must: region.mustDo.length, complementary: region.complementary.length, misc: region.misc.length,
    percent: region.progress.percent,
  });
}

function bucketCount(region, bucket) {
  return say("bucketCount", { name: bucketName(bucket), count: region[bucket].length, limit: region.limits[bucket] });
}

function regionCard(key, region) {
  const name = regionNames[key];
  const card = el("section", { class: "region", id: "region-" + key, "data-region": key, "aria-label": regionLabel(key, region) });
  card.append(el("h2", {}, el("a", { href: "#region/" + key, text: name })));
  const countList = el("ul", { class: "counts" }, ...bucketOrder.map((bucket) => el("li", { text: bucketCount(region, bucket) })));
  countList.append(el("li", { class: "planned", id: "planned-" + key, text: plannedFree(region) }));
  card.append(countList);
  const regionPoints = (state.today.fixedPoints || []).filter((point) => point.region === key);
  card.append(timeline(region, regionPoints));
  const points = fixedPointList(regionPoints, "points-" + key, false, true);
  if (points) card.append(points);
  card.append(bar(region.progress.percent));
  card.append(el("p", { class: "percent", text: say("progress", { percent: region.progress.percent }) }));
  if (region.mustDo.length + region.complementary.length + region.misc.length === 0) {
    card.append(el("p", { class: "empty", text: say("nothingPlanned") }));
    return card;
  }
  card.append(el("h3", { text: bucketName("mustDo") }));
  card.append(region.mustDo.length ? taskList(region.mustDo, "must", key, "mustDo") : el("p", { class: "empty", text: say("noMustDo") }));
  // On a narrow screen the card keeps its Must-Do and opens Region focus for the rest (see the style).
  if (region.complementary.length) {
    const more = el("div", { class: "more" }, el("h3", { text: bucketName("complementary") }));
    const lockNote = region.complementaryLocked ? "lock-" + key : null;
    if (lockNote) more.append(el("p", { class: "locked", id: lockNote, text: say("locked") }));
    more.append(taskList(region.complementary, null, key, "complementary", "task-", { lockNote }));
    card.append(more);
  }
  if (region.misc.length) {
    card.append(el("div", { class: "more" }, el("h3", { text: bucketName("misc") }), taskList(region.misc, null, key, "misc")));
  }
  if (region.complementary.length + region.misc.length) {
    card.append(el("p", { class: "open-region" }, el("a", { href: "#region/" + key, text: say("openRegion", { region: name }) })));
  }
  return card;
}

// The habits strip: a habit on its own, or a pill per group with a ring as full as the share done and the
// count in words (habit.md, "The Today strip shows a group pill").
function habitStrip(habits) {
  const items = [];
  const groups = new Map();
  for (const habit of habits) {
    if (!habit.group) { items.push(habit); continue; }
    if (!groups.has(habit.group)) { groups.set(habit.group, []); items.push({ pill: habit.group }); }
    groups.get(habit.group).push(habit);
  }
  const pills = items.map((item) => {
    if (item.pill) {
      const members = groups.get(item.pill);
      const done = members.filter((habit) => habit.isDoneToday).length;
      const ring = el("span", { class: "ring", "aria-hidden": "true" });
      ring.style.setProperty("--share", Math.round(100 * done / members.length) + "%");
      return el("li", { class: "group-pill" + (done === members.length ? " done" : "") },
        el("a", { href: "#habits", class: "pill" }, ring, el("span", { text: say("habitGroup", { name: item.pill, done, count: members.length }) })));
    }
    // A pill looks like a control because it is one: it opens Habits, where the habit is logged. Its state
    // and unit are the server's words (`todayText`).
    return el("li", { class: item.isDoneToday ? "done" : null },
      el("a", { href: "#habits", class: "pill", text: say("habitStatus", { title: item.title, status: item.todayText }) }));
  });
  // Many habits stay one calm row: the first few, then one link to Habits for the rest.
  const shown = 8;
  if (pills.length <= shown + 1) return pills;
  const more = pills.length - shown;
  return pills.slice(0, shown).concat(el("li", { class: "more" },
    el("a", { href: "#habits", class: "pill", text: say("habitsMore", { count: more }), "aria-label": say("habitsMoreLabel", { count: more }) })));
}

// Today's notices (the signals the CLI's Today prints): each stays on the page until dismissed, and is
// recorded as seen on the server once shown, so the CLI does not say it again (A-2: the read marks
// nothing; the page says what it showed). A region over 1–3–5 stays while it stands.
function renderNotices() {
  const { shown, dismissed } = state.notices;
  const fresh = [];
  for (const signal of state.today.signals || []) {
    const subject = signal.task || signal.region;
    const name = subject ? signal.kind + ":" + subject : signal.kind;
    const noticeKey = name + "\n" + signal.message;
    if (shown.has(noticeKey) || dismissed.has(noticeKey)) continue;
    shown.set(noticeKey, signal.message);
    fresh.push(name);
  }
  if (fresh.length) api("/api/seen", { shown: fresh }).catch(() => {});
  let section = $("notices");
  if (!section) {
    section = el("section", { id: "notices", class: "panel notices", "aria-labelledby": "notices-title" },
      el("h2", { id: "notices-title", text: say("notices") }), el("ul", { id: "notice-list" }));
    $("regions").before(section);
  }
  section.hidden = shown.size === 0;
  $("notice-list").replaceChildren(...Array.from(shown.entries()).map(([noticeKey, message], index) => el("li", {},
    el("span", { text: message }),
    el("button", { type: "button", class: "ghost", id: "dismiss-" + index, text: say("dismiss"),
                   "aria-label": say("dismissNamed", { message }),
                   onclick: () => {
                     shown.delete(noticeKey);
                     dismissed.add(noticeKey);
                     renderNotices();
                     const next = shown.size ? $("notices-title") : $("day").closest("h1");
                     next.setAttribute("tabindex", "-1");
                     next.focus();
                   } }))));
}

// The running session's chip in the header, which opens the Focus screen; it names what the session is
// on (a task's title, or a habit's with its window), as the API names it.
function renderChip() {
  const today = state.today;
  const chip = $("chip");
  if (!today.session) {
    chip.hidden = true;
    chip.textContent = "";
    return;
  }
  chip.hidden = false;
  const title = today.sessionTitle;
  const paused = today.session.isPaused;
  const text = title ? say(paused ? "paused" : "running", { title }) : say(paused ? "pausedUntitled" : "runningUntitled");
  // The dot is the style's; the name is cut short with an ellipsis and said whole on hover.
  chip.replaceChildren(el("a", { href: "#focus", text, title: text }));
}

/** Draws Today, its notices and the header's chip from `state.today`, keeping focus where it was. */
function renderToday() {
  const today = state.today;
  const focused = focusedID();
  renderNotices();
  // A detected habit's offer, as the server makes it: a small card above the regions.
  renderHabitOffers(today.habitOffers, "habit-offers", $("regions"), () => $("day").closest("h1"));
  const day = $("day");
  day.textContent = dayText(today.date);
  day.setAttribute("datetime", today.date);
  const overall = today.progress;
  $("overall").textContent = overall.total
    ? say("overall", { completed: overall.completed, total: overall.total, percent: overall.percent })
    : say("overallEmpty");
  renderLoad();
  $("regions").replaceChildren(...["morning", "afternoon", "evening"].map((key) => regionCard(key, today.regions[key])));
  renderOutside(true, "points-before", (section) => $("regions").before(section));
  renderOutside(false, "points-after", (section) => $("regions").after(section));
  const due = $("due");
  due.replaceChildren();
  if (today.overdue.length) due.append(el("h3", { text: say("overdue") }), taskList(today.overdue));
  if (today.due.length) due.append(el("h3", { text: say("due") }), taskList(today.due));
  if (!today.overdue.length && !today.due.length) due.append(el("p", { class: "empty", text: say("noDue") }));
  const habits = $("habits");
  habits.replaceChildren(...habitStrip(today.habits));
  if (!today.habits.length) habits.append(el("li", { class: "none", text: say("noHabits") }));
  $("backlog").textContent = today.backlogCount === 1 ? say("backlogOne") : say("backlogMany", { count: today.backlogCount });
  renderChip();
  keepFocus(focused);
}

/** Region focus: the buckets in order, each with its count against its limit and its tasks. */
function renderRegion() {
  const key = focusedRegion();
  if (!key) return;
  const region = state.today.regions[key];
  const focused = focusedID();
  $("region-title").textContent = regionNames[key];
  $("region-summary").textContent = regionLabel(key, region) + ". " + plannedFree(region) + ".";
  const buckets = $("region-buckets");
  buckets.replaceChildren();
  const points = fixedPointList((state.today.fixedPoints || []).filter((point) => point.region === key), "focus-points");
  if (points) buckets.append(el("section", { class: "panel", "aria-labelledby": "focus-points-title" },
    el("h2", { id: "focus-points-title", text: say("fixedPointsTitle") }), points));
  for (const bucket of bucketOrder) {
    const tasks = region[bucket];
    const headingID = "focus-" + bucket;
    const section = el("section", { class: "panel", "aria-labelledby": headingID, "data-region": key, "data-bucket": bucket },
      el("h2", { id: headingID, text: bucketCount(region, bucket) }));
    const lockNote = bucket === "complementary" && region.complementaryLocked ? "focus-lock" : null;
    if (lockNote) section.append(el("p", { class: "locked", id: lockNote, text: say("locked") }));
    section.append(tasks.length ? taskList(tasks, bucket === "mustDo" ? "must" : null, key, bucket, "focus-task-", { lockNote })
                                : el("p", { class: "empty", text: say("bucketEmpty") }));
    buckets.append(section);
  }
  keepFocus(focused);
}

/** Today: the home screen, drawn on every redraw. */
export const todayScreen = {
  name: "today",
  match: (hash) => (hash === "#today" ? {} : null),
  title: () => say("navToday"),
  render: renderToday,
};

/** Region focus at `#region/NAME`, drawn from Today's answer. */
export const regionScreen = {
  name: "region",
  match: (hash) => /^#region\/(morning|afternoon|evening)$/.exec(hash),
  title: (match) => regionNames[match[1]],
  fromToday: true,
  render: renderRegion,
};

/** Quick add on Today (into the Backlog or a region's bucket) and in Region focus (Misc unless chosen). */
export function start() {
  $("quick-line").addEventListener("input", () => parseSoon("quick-line", "quick-parse"));
  // "Where" is the Backlog or a region's bucket, as `region/bucket`.
  $("quick-form").addEventListener("submit", (event) => quickAdd(event, "quick-line", "quick-parse", () => {
    const [region, bucket] = $("quick-where").value.split("/");
    return region ? { region, bucket } : {};
  }));
  $("region-line").addEventListener("input", () => parseSoon("region-line", "region-parse"));
  $("region-form").addEventListener("submit", (event) => quickAdd(event, "region-line", "region-parse", () => (
    { region: focusedRegion(), bucket: $("region-bucket").value })));
  // Named as charflow NFR-2.3.1 says: "Add new task to Misc".
  const nameAdd = () => $("region-add").setAttribute("aria-label", say("addToBucket", { bucket: bucketName($("region-bucket").value) }));
  $("region-bucket").addEventListener("change", nameAdd);
  nameAdd();
}
