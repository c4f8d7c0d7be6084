// Upcoming at `#upcoming` and Search at `#search` (W-20): every live task is on some screen.
//
// Upcoming lists the tasks dated after today (`GET /api/upcoming`, the CLI's `upcoming`): tomorrow,
// each further day of this week, then later; undated tasks wait in the Backlog, which it links to as
// Someday. Search looks through every live task (`GET /api/list`, the CLI's `list`) for the typed text
// in its title or notes, ignoring case, and says where each match is.
"use strict";
(() => {
  const { $, el, say, api, announce, screen, taskList, regionNames, bucketWords } = window.charflow;
  let focusSearch = false;
  let searchTimer = null;
  let lastList = null;


  // The page's one date format (app.js, W-24).
  const dayShort = window.charflow.dayText;

  function group(id, heading, tasks) {
    return el("section", { class: "panel", "aria-labelledby": id }, el("h2", { id, text: heading }),
      taskList(tasks, null, null, null, "upcoming-task-"));
  }

  screen({
    name: "upcoming",
    nav: "navUpcoming",
    match: (hash) => (hash === "#upcoming" ? {} : null),
    title: () => say("upcomingHeading"),
    render: async () => {
      const focused = document.activeElement && document.activeElement.id;
      const [upcoming, backlog, dates] = await Promise.all([api("/api/upcoming"), api("/api/backlog"), api("/api/dates")]);
      // Tomorrow and the week's last day are the API's (the first-weekday setting); the days after
      // tomorrow up to that last day are shown one by one. `YYYY-MM-DD` compares as text.
      const tomorrow = dates.quickDates.find((date) => date.word === "tomorrow").day;
      const byDay = new Map();
      const later = [];
      for (const task of upcoming.tasks) {
        if (task.dueDate > dates.weekEnds && task.dueDate !== tomorrow) { later.push(task); continue; }
        if (!byDay.has(task.dueDate)) byDay.set(task.dueDate, []);
        byDay.get(task.dueDate).push(task);
      }
      const count = upcoming.tasks.length;
      const parts = [el("h1", { id: "upcoming-heading", tabindex: "-1", text: say("upcomingHeading") }),
        el("p", { class: "overall", id: "upcoming-total", text: count === 0 ? say("upcomingEmpty")
          : count === 1 ? say("upcomingOne") : say("upcomingMany", { count }) })];
      Array.from(byDay.keys()).sort().forEach((day, index) => {
        const heading = day === tomorrow ? say("upcomingTomorrow", { day: dayShort(day) }) : dayShort(day);
        parts.push(group("upcoming-day-" + index, heading, byDay.get(day)));
      });
      if (later.length) parts.push(group("upcoming-later", say("upcomingLater"), later));
      const undated = [].concat(...backlog.groups.map((g) => g.tasks)).filter((task) => !task.dueDate).length;
      parts.push(el("section", { class: "panel", "aria-labelledby": "upcoming-someday" },
        el("h2", { id: "upcoming-someday", text: say("upcomingSomeday") }),
        el("p", {}, el("a", { href: "#backlog", text: undated === 1 ? say("backlogOne") : say("backlogMany", { count: undated }) }))));
      $("view-upcoming").replaceChildren(...parts);
      if (focused && document.activeElement.id !== focused && $(focused)) $(focused).focus();
    },
  });

  // Where a task is, in words: its region and bucket, the Backlog, or the day it is due.
  function where(task) {
    if (task.region) return say("searchWhereBoard", { region: regionNames[task.region], bucket: say(bucketWords[task.bucket] || task.bucket) });
    if (task.dueDate && task.dueDate > window.charflow.today().date) return say("searchWhereDue", { day: dayShort(task.dueDate) });
    return say("searchWhereBacklog");
  }

  function matches(list, query) {
    const needle = query.toLocaleLowerCase();
    return list.tasks.filter((task) => task.title.toLocaleLowerCase().includes(needle)
      || (task.notes || "").toLocaleLowerCase().includes(needle));
  }

  function drawResults() {
    const query = $("search-line").value.trim();
    const results = $("search-results");
    if (!query || !lastList) { results.replaceChildren(el("p", { class: "empty", text: say("searchPrompt") })); return; }
    const found = matches(lastList, query);
    if (!found.length) { results.replaceChildren(el("p", { class: "empty", text: say("searchAllNone", { query }) })); return; }
    results.replaceChildren(el("ul", { class: "tasks", id: "search-list" }, ...found.map((task) => el("li", { class: "backlog-task" },
      el("span", { class: "name" }, el("a", { href: "#task/" + task.id, class: "title-link", text: task.title }),
        task.category ? el("span", { class: "cat", text: task.category }) : null),
      el("span", { class: "where", text: where(task) })))));
  }

  // The search field is drawn once, so what is typed survives every redraw.
  function shell() {
    const box = $("view-search");
    if ($("search-line")) return;
    const input = el("input", { id: "search-line", type: "search", autocomplete: "off", enterkeyhint: "search" });
    input.addEventListener("input", () => {
      drawResults();
      window.clearTimeout(searchTimer);
      const query = input.value.trim();
      if (!query || !lastList) return;
      searchTimer = window.setTimeout(() => {
        const count = matches(lastList, query).length;
        announce(count === 0 ? say("searchAllNone", { query })
          : count === 1 ? say("searchMatchesOne", { query }) : say("searchMatchesMany", { count, query }));
      }, 400);
    });
    box.replaceChildren(el("h1", { id: "search-heading", tabindex: "-1", text: say("searchHeading") }),
      el("div", { class: "search-row", role: "search" }, el("label", { for: "search-line", text: say("searchLabel") }), input),
      el("div", { id: "search-results", "aria-live": "off" }));
  }

  screen({
    name: "search",
    nav: "navSearch",
    match: (hash) => (hash === "#search" ? {} : null),
    title: () => say("searchHeading"),
    render: async () => {
      shell();
      lastList = await api("/api/list");
      drawResults();
      if (focusSearch) { focusSearch = false; $("search-line").focus(); }
    },
  });

  // `/` opens Search with the cursor in its field.
  window.charflow.openSearch = () => {
    focusSearch = true;
    if (location.hash === "#search") { focusSearch = false; $("search-line").focus(); } else location.hash = "#search";
  };
})();
