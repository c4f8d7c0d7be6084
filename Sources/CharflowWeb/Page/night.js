// The Night planning screen (`#night`, W-14, spec D10): the review of the day, carrying each open task
// forward (keep, later, drop), planning the next day from the Backlog or with a new task, then closing
// or skipping the evening.
//
// Every step is the CLI's `plan` step through its route (`/api/plan/carry`, `/tomorrow`, `/close`,
// `/skip`); a refusal (the third deferral needing a chosen day, a full region) is shown in words beside
// the task it is about.
"use strict";
(() => {
  const { $, el, say, api, problem, toast, refresh, screen, regionNames, bucketWords } = window.charflow;
  const values = {};
  const refusals = {};
  let openLater = null;
  let last = null;

  // The page's one date format (app.js, W-24).
  const dayShort = window.charflow.dayText;

  // The core's duration wording (`Duration.text`): "45 min", "2 h", "1 h 30".
  function duration(minutes) {
    if (minutes < 60) return minutes + " min";
    const rest = minutes % 60;
    return rest === 0 ? (minutes / 60) + " h" : Math.floor(minutes / 60) + " h " + String(rest).padStart(2, "0");
  }

  function select(id, options, chosen) {
    const node = el("select", { id }, ...options.map(([value, text]) => el("option", { value, text })));
    node.value = id in values ? values[id] : chosen;
    return node;
  }

  function refusal(id) { return el("p", { class: "refused", role: "alert", id, text: refusals[id] || "" }); }

  async function step(path, body, textOf, refusalID, after) {
    try {
      const answer = await api(path, body);
      delete refusals[refusalID];
      problem("");
      if (after) after();
      toast(textOf(answer), answer.action);
    } catch (error) { refusals[refusalID] = error.message; }
    await refresh();
  }

  function dueOf(answer) { return answer.dueDate !== undefined ? answer.dueDate : answer.task ? answer.task.dueDate : null; }

  // Carry forward: keep (tomorrow, a deferral), later (a quick date or a day, with an optional reason), drop.
  function carryItem(task) {
    const names = { title: task.title };
    const refusalID = "night-carry-refused-" + task.id;
    const carry = (body, textOf) => step("/api/plan/carry", Object.assign({ task: task.id }, body), textOf, refusalID, () => { if (openLater === task.id) openLater = null; });
    const item = el("li", { class: "backlog-task night-task" },
      el("span", { class: "name", text: task.title }),
      el("span", { class: "night-buttons" },
        el("button", { type: "button", id: "night-keep-" + task.id, text: say("keep"), "aria-label": say("keepNamed", names),
          onclick: () => carry({ keep: true }, () => say("kept", names)) }),
        el("button", { type: "button", class: "ghost", id: "night-later-" + task.id, text: say("later"), "aria-label": say("laterNamed", names),
          "aria-expanded": openLater === task.id ? "true" : "false",
          onclick: () => {
            openLater = openLater === task.id ? null : task.id;
            draw();
            const target = $(openLater ? "night-when-" + task.id : "night-later-" + task.id);
            if (target) target.focus();
          } }),
        el("button", { type: "button", class: "ghost", id: "night-drop-" + task.id, text: say("drop"), "aria-label": say("dropNamed", names),
          onclick: () => carry({ drop: true }, () => say("droppedTask", names)) })));
    if (openLater === task.id) {
      const whenID = "night-when-" + task.id, dateID = "night-date-" + task.id, whyID = "night-why-" + task.id;
      const offered = ["tomorrow", "later-this-week", "next-week", "someday"].filter(window.charflow.quickDateOffered);
      const when = select(whenID, offered.map((w) => [w, say("when." + w)]), offered.includes("later-this-week") ? "later-this-week" : "next-week");
      const date = el("input", { type: "date", id: dateID, min: last.plan.planDay, value: values[dateID] || "" });
      const why = select(whyID, ["none", "too-much", "not-ready", "no-longer"].map((w) => [w, say("why." + w)]), "none");
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
          return due ? say("carried", { title: task.title, day: dayShort(due) }) : say("carriedSomeday", names);
        });
      });
      item.append(form);
    }
    item.append(refusal(refusalID));
    return item;
  }

  // Planning one task onto the next day: a region and bucket (or just the day) and its importance.
  function placeForm(task) {
    const names = { title: task.title };
    const key = "night-place-" + task.id;
    const region = select(key + "-region", Object.entries(regionNames).concat([["", say("nightJustDay")]]), task.region && task.region !== "backlog" ? task.region : "morning");
    const current = Object.keys(bucketWords).find((value) => bucketWords[value] === task.bucket);
    const bucket = select(key + "-bucket", Object.entries(bucketWords).map(([value, word]) => [value, say(word)]), current || "misc");
    const importance = select(key + "-importance", [["", say("importance.keep")], ["low", say("importance.low")],
      ["medium", say("importance.medium")], ["high", say("importance.high")]], "");
    const form = el("form", { class: "move-form" },
      el("div", { class: "move-row" },
        el("div", {}, el("label", { for: key + "-region", text: say("nightWhere") }), region),
        el("div", {}, el("label", { for: key + "-bucket", text: say("bucket") }), bucket),
        el("div", {}, el("label", { for: key + "-importance", text: say("importance") }), importance),
        el("button", { type: "submit", id: key, text: say("plan"), "aria-label": say("planNamed", names) })),
      refusal(key + "-refused"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const body = { task: task.id };
      if (region.value) { body.region = region.value; body.bucket = bucket.value; }
      if (importance.value) body.importance = importance.value;
      step("/api/plan/tomorrow", body, () => say("plannedToast", { title: task.title, day: dayShort(last.plan.planDay) }), key + "-refused");
    });
    return form;
  }

  // The overload notice's Move: another day for a planned task, a reschedule rather than a deferral (P-4).
  function moveForm(task) {
    const names = { title: task.title };
    const key = "night-move-" + task.id;
    const when = select(key + "-when", ["later-this-week", "next-week", "someday"].filter(window.charflow.quickDateOffered).map((w) => [w, say("when." + w)]), "next-week");
    const form = el("form", { class: "move-form" },
      el("div", { class: "move-row" },
        el("div", {}, el("label", { for: key + "-when", text: say("nightMoveTo") }), when),
        el("button", { type: "submit", class: "ghost", id: key, text: say("nightMove"), "aria-label": say("nightMoveNamed", names) })),
      refusal(key + "-refused"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      step("/api/plan/move", { task: task.id, to: when.value }, (answer) => {
        const due = dueOf(answer);
        return due ? say("nightMoved", { title: task.title, day: dayShort(due) }) : say("nightMovedSomeday", names);
      }, key + "-refused");
    });
    return form;
  }

  function plannedItem(task) {
    const where = task.region && task.bucket
      ? say("nightPlace", { region: regionNames[task.region], bucket: say(task.bucket) }) : say("nightNoRegion");
    const item = el("li", { class: "backlog-task night-task" },
      el("span", { class: "name", text: task.title }, el("span", { class: "cat", text: where })), placeForm(task));
    if (last.plan.load.overloaded) item.append(moveForm(task));
    return item;
  }

  function newTaskForm() {
    const titleID = "night-new-title", regionID = "night-new-region", bucketID = "night-new-bucket";
    // The line is read as quick add reads it (`!high ~60m #Work`), through the API's parser (item 8).
    const title = el("input", { id: titleID, type: "text", autocomplete: "off", value: values[titleID] || "", "aria-describedby": "night-new-parse",
                                oninput: () => window.charflow.parseSoon(titleID, "night-new-parse") });
    const region = select(regionID, Object.entries(regionNames).concat([["", say("nightJustDay")]]), "morning");
    const bucket = select(bucketID, Object.entries(bucketWords).map(([value, word]) => [value, say(word)]), "misc");
    const form = el("form", { class: "pause-form" },
      el("div", {}, el("label", { for: titleID, text: say("nightNewTitle") }), title),
      el("div", {}, el("label", { for: regionID, text: say("nightWhere") }), region),
      el("div", {}, el("label", { for: bucketID, text: say("bucket") }), bucket),
      el("button", { type: "submit", id: "night-new-submit", text: say("nightNewSubmit") }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const body = { parse: title.value, due: last.plan.planDay };
      if (region.value) { body.region = region.value; body.bucket = bucket.value; }
      step("/api/tasks", body, (task) => say("plannedToast", { title: task.title, day: dayShort(last.plan.planDay) }), "night-new-refused",
           () => { delete values[titleID]; });
    });
    return el("div", { class: "night-new" }, el("h3", { text: say("nightNew") }), form,
      el("div", { id: "night-new-parse", class: "parse", "aria-live": "polite" }), refusal("night-new-refused"));
  }

  function section(id, heading, ...children) {
    return el("section", { class: "panel", "aria-labelledby": id }, el("h2", { id, text: heading }), ...children);
  }

  function draw() {
    const view = $("view-night");
    const focused = document.activeElement && document.activeElement.id;
    // The controls in order before this draw: when the focused one goes (its task was kept, carried,
    // dropped or planned), focus moves to the next one still there (W-21).
    const before = Array.from(view.querySelectorAll("button[id], select[id], input[id]")).map((node) => node.id);
    const { plan, review, backlog } = last;
    const parts = [el("h1", { id: "night-heading", tabindex: "-1", text: say("nightTitle") }),
      el("p", { class: "overall", text: say("nightDays", { review: dayShort(plan.review), plan: dayShort(plan.planDay) }) })];
    if (plan.session) parts.push(el("p", { class: "night-state", id: "night-state", text: say(plan.session.state === "closed" ? "nightClosed" : "nightSkipped") }));
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
    // 2. Carry forward each open task.
    parts.push(section("night-carry", say("nightCarry"), el("p", { class: "hint", text: say("nightCarryHelp") }),
      plan.open.length ? el("ul", { class: "tasks", id: "night-open" }, ...plan.open.map(carryItem))
                       : el("p", { class: "empty", text: say("nightNothingOpen") })));
    // 3. Plan the next day: its load, the prompt and the overload notice, the Backlog, a new task.
    const load = plan.load;
    const loadParts = [el("p", { class: "overall", id: "night-load", text: say("nightLoad", {
      count: load.tasks.length, total: duration(load.taskMinutes + load.habitMinutes), capacity: duration(load.capacity) }) })];
    if (load.prioritisationPrompt) loadParts.push(el("p", { class: "notice", text: say("nightPrioritise") }));
    if (load.overloaded) loadParts.push(el("p", { class: "notice", text: say("nightOverload", {
      load: duration(load.taskMinutes + load.habitMinutes), capacity: duration(load.capacity) }) }));
    loadParts.push(el("h3", { text: say("nightPlanned") }), load.tasks.length
      ? el("ul", { class: "tasks", id: "night-planned" }, ...load.tasks.map(plannedItem))
      : el("p", { class: "empty", text: say("nightNothingPlanned") }));
    const waiting = [].concat(...backlog.groups.map((g) => g.tasks));
    loadParts.push(el("h3", { text: say("nightFromBacklog") }), waiting.length
      ? el("ul", { class: "tasks", id: "night-backlog" }, ...waiting.map((task) => el("li", { class: "backlog-task night-task" },
          el("span", { class: "name", text: task.title }), placeForm(task))))
      : el("p", { class: "empty", text: say("nightBacklogEmpty") }));
    loadParts.push(newTaskForm());
    parts.push(section("night-tomorrow", say("nightTomorrow", { day: dayShort(plan.planDay) }), ...loadParts));
    // 4. Close or skip.
    const planDay = dayShort(plan.planDay);
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

  async function render() {
    const [plan, review, backlog] = await Promise.all([api("/api/plan"), api("/api/plan/review"), api("/api/backlog")]);
    last = { plan, review, backlog };
    draw();
  }

  document.addEventListener("input", (event) => {
    const target = event.target;
    if (target.id && target.closest && target.closest("#view-night")) values[target.id] = target.value;
  });
  document.addEventListener("change", (event) => {
    const target = event.target;
    if (target.id && target.closest && target.closest("#view-night")) values[target.id] = target.value;
  });

  screen({
    name: "night",
    nav: "navNight",
    match: (hash) => (hash === "#night" ? {} : null),
    title: () => say("nightTitle"),
    render,
  });
})();
