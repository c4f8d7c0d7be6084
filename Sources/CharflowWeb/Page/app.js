// The page's main script: renders Today from `GET /api/today`, quick add with the core's parser
// (`POST /api/parse`), completion, the undo toast (W-15), polling `GET /api/changes`, and the screen
// registry the other screens' scripts join.
//
// Plain JavaScript, no framework; every sentence comes from `PageWords` in the page. It runs first and
// starts the page on `DOMContentLoaded`, after every deferred screen script has called
// `charflow.screen({...})` (see `PageAssets`).
"use strict";
(() => {
  const token = document.querySelector('meta[name="charflow-token"]').content;
  const words = JSON.parse(document.getElementById("charflow-words").textContent);
  const $ = (id) => document.getElementById(id);
  const say = (key, values) => (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => (values && name in values ? String(values[name]) : ""));
  const regionNames = { morning: say("regionMorning"), afternoon: say("regionAfternoon"), evening: say("regionEvening") };
  const bucketWords = { must: "mustDo", complementary: "complementary", misc: "misc" };
  // The 1–3–5 limits as the core has them (the page writes them into itself; nothing here decides them),
  // and the day's capacity in minutes, read from the settings.
  const limits = JSON.parse(document.getElementById("charflow-limits").textContent);
  let capacity = null;
  let openMove = null;
  let moveProblem = null;
  let moveChoice = null;
  let lastToday = null;
  let version = null;
  let toastTimer = null;
  let parseTimer = null;
  let parseSerial = 0;
  let lastBacklog = null;
  let searchTimer = null;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "text") node.textContent = value;
      else if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (value === true) node.setAttribute(key, "");
      else node.setAttribute(key, value);
    }
    for (const child of children) if (child) node.append(child);
    return node;
  }

  async function api(path, body) {
    const options = body === undefined ? {} : {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Charflow-Token": token },
      body: JSON.stringify(body),
    };
    // The browser's own words for a server that does not answer ("Failed to fetch") are not shown: the
    // page says in its words that Charflow is not answering (W-22).
    let response;
    try { response = await fetch(path, options); } catch (cause) {
      const error = new Error(say("offline"));
      error.code = "offline";
      throw error;
    }
    let data = {};
    try { data = await response.json(); } catch (cause) { data = {}; }
    if (!response.ok) {
      const error = new Error(data.error ? data.error.message : String(response.status));
      error.code = data.error ? data.error.code : "http";
      throw error;
    }
    return data;
  }

  // Errors and being offline show in the banner at the top of the screen, in words (W-22).
  function problem(text) { $("problem").textContent = text || ""; }

  // A full bucket in words: the spec's sentence, then which bucket is full and where in the region there
  // is still room (the counts are the board's, as last drawn).
  function refusalText(error, region, bucket) {
    const card = lastToday && region && lastToday.regions[region];
    if (!error || error.code !== "region_full" || !card) return error.message;
    const key = bucketWords[bucket] || bucket;
    if (!(key in limits)) return error.message;
    const name = regionNames[region];
    const room = Object.keys(limits).filter((k) => k !== key && card[k].length < limits[k]).map((k) => say(k));
    return [error.message.replace(/\.?$/, "."),
      say("bucketFull", { bucket: say(key), region: name, count: card[key].length, limit: limits[key] }),
      room.length ? say("bucketRoom", { region: name, buckets: room.join(say("or")) }) : say("bucketNoRoom", { region: name })].join(" ");
  }

  function announce(text) {
    const live = $("announce");
    live.textContent = "";
    window.setTimeout(() => { live.textContent = text; }, 50);
  }

  // The undo toast: five seconds after every action, undoing the action it names (W-15). The five
  // seconds wait while the toast is hovered or holds focus, and start again when it is left (W-22).
  // `z`, or Ctrl+Z outside a text field, undoes the last action at once, from anywhere (W-21): the
  // button, last on the page, is never a long walk of Tab presses away.
  let lastUndo = null; // { action, backID }: the last action's undo and the control to return focus to
  let lastBack = null; // the id of the control the last action started from
  function toast(text, action) {
    const box = $("toast");
    window.clearTimeout(toastTimer);
    const hadFocus = box.contains(document.activeElement);
    const from = document.activeElement;
    if (!hadFocus) lastBack = from && from !== document.body && from.id ? from.id : null;
    box.replaceChildren(el("span", { text }));
    if (action !== null && action !== undefined) {
      lastUndo = { action, backID: lastBack };
      box.append(el("button", {
        type: "button", id: "toast-undo", text: say("undo"), "aria-label": say("undoNamed", { what: text }),
        "aria-keyshortcuts": "z Control+Z", onclick: () => undoLast(),
      }, el("kbd", { "aria-hidden": "true", text: say("undoKey") })));
    }
    if (hadFocus) { if ($("toast-undo")) $("toast-undo").focus(); else returnFocus(lastBack); }
    // The toast takes a row of its own below the screen; what has focus stays in sight above it.
    const active = document.activeElement;
    if (active && active !== document.body && $("main").contains(active)) active.scrollIntoView({ block: "nearest" });
    armToast();
  }

  function toastHeld() {
    const box = $("toast");
    return box.matches(":hover") || box.contains(document.activeElement);
  }

  function armToast() {
    window.clearTimeout(toastTimer);
    if (!$("toast").childElementCount || toastHeld()) return;
    toastTimer = window.setTimeout(closeToast, 5000);
  }

  function closeToast() {
    const box = $("toast");
    if (toastHeld()) return;
    box.replaceChildren();
  }

  // Focus goes back to the control the action started from when it is still shown, else to the
  // screen's heading: never to the page's body.
  function returnFocus(id) {
    const back = id && document.getElementById(id);
    if (back && back.offsetParent !== null) back.focus();
    else focusHeading();
  }

  async function undoLast() {
    const box = $("toast");
    window.clearTimeout(toastTimer);
    const hadFocus = box.contains(document.activeElement);
    box.replaceChildren();
    if (!lastUndo) { announce(say("nothingToUndo")); if (hadFocus) returnFocus(null); return; }
    const { action, backID } = lastUndo;
    lastUndo = null;
    if (hadFocus) returnFocus(backID);
    try {
      // One toast may stand for several actions (Settings' one Save): the last is undone first.
      const undone = [];
      for (const one of [].concat(action).reverse()) undone.push((await api("/api/undo", { action: one })).undone);
      announce(say("undone", { what: undone.join(" ") }));
      problem("");
    } catch (error) { problem(error.message); }
    await refresh();
    const active = document.activeElement;
    if (!active || active === document.body) returnFocus(backID);
  }

  // Alt+Up / Alt+Down move a task within its bucket; focus stays on it and the move is announced (W-16).
  async function reorder(task, place, step) {
    const position = place.index + 1 + step;
    if (position < 1) { announce(say("alreadyFirst", { title: task.title })); return; }
    if (position > place.count) { announce(say("alreadyLast", { title: task.title })); return; }
    try {
      const answer = await api("/api/tasks/" + task.id + "/reorder", { position });
      problem("");
      const text = say("reordered", {
        title: task.title, position, count: place.count, region: regionNames[place.region], bucket: say(place.bucket),
      });
      announce(text);
      toast(text, answer.action);
    } catch (error) { problem(error.message); }
    await refresh();
  }

  function taskItem(task, extraClass, place, idPrefix) {
    const id = (idPrefix || "task-") + task.id;
    // D9: while the lock holds, a Complementary task says so and its box does not change.
    const locked = Boolean(place && place.lockNote && !task.isCompleted);
    const box = el("input", {
      type: "checkbox", id, "aria-label": say("complete", { title: task.title }), checked: task.isCompleted,
      "aria-describedby": place ? ["reorder-help", locked ? place.lockNote : null].filter(Boolean).join(" ") : null,
      "aria-disabled": locked ? "true" : null,
      onclick: (event) => {
        if (!locked) return;
        event.preventDefault();
        announce(say("lockedTask"));
      },
      "data-rove": "",
      onchange: async (event) => {
        const done = event.target.checked;
        if (done) settle(task.id);
        try {
          const answer = await api("/api/tasks/" + task.id + (done ? "/done" : "/undone"), {});
          problem("");
          toast(say(done ? "completed" : "reopened", { title: task.title }), answer.action);
        } catch (error) {
          event.target.checked = !done;
          problem(error.message);
        }
        await refresh();
      },
    });
    const label = el("label", { for: id });
    // The title opens the task's detail; the checkbox beside it completes the task.
    label.append(el("a", { href: "#task/" + task.id, class: "title-link", id: id + "-title", text: task.title }));
    if (task.category) label.append(categoryTag(task.category));
    // The data- attributes are what drag.js reads: the task, where it sits, and whether it can be dragged.
    const item = el("li", {
      class: [task.isCompleted ? "done" : "", task.isCompleted && task.id === justDone ? "just-done" : "", locked ? "is-locked" : "", extraClass]
        .filter(Boolean).join(" ") || null,
      "data-task": task.id, "data-title": task.title, "data-region": place ? place.region : null,
      "data-bucket": place ? place.bucket : null, "data-index": place ? String(place.index) : null,
      draggable: place && !task.isCompleted ? "true" : null,
    }, box, label);
    // One line: the checkbox, the title, the effort, and the task's menu of actions (W-21).
    const key = idPrefix || "task-";
    const moveKey = key + "move-";
    item.append(effortTag(task), taskMenu(task, key, place ? place.region : null));
    rowPlaces.set(item, { task, place });
    if (!task.isCompleted && openMove === moveKey + task.id) item.append(moveForm(task, moveKey, place ? place.region : null));
    return item;
  }

  // The task just completed: its row, drawn again done, settles once (the style's animation, which
  // reduced motion turns off). A second later a redraw draws it plainly.
  let justDone = null;
  let justDoneTimer = null;
  function settle(taskID) {
    justDone = taskID;
    window.clearTimeout(justDoneTimer);
    justDoneTimer = window.setTimeout(() => { justDone = null; }, 1000);
  }

  // A task's category: its name beside a swatch of its colour token (task.md's five), as the API names it.
  let categoryColors = new Map();
  function categoryTag(name) {
    const key = categoryColors.get(name.toLocaleLowerCase()) || "slate";
    return el("span", { class: "cat cat-" + key, text: name });
  }

  // What each drawn row stands for, for the keys lists.js gives the rows.
  const rowPlaces = new WeakMap();
  function reorderRow(row, step) {
    const known = rowPlaces.get(row);
    if (known && known.place) reorder(known.task, known.place, step);
  }

  // Space on a row without a checkbox (the Backlog's) completes its task.
  async function completeRow(row) {
    const title = row.dataset.title;
    settle(row.dataset.task);
    try {
      const answer = await api("/api/tasks/" + row.dataset.task + "/done", {});
      problem("");
      toast(say("completed", { title }), answer.action);
    } catch (error) { problem(error.message); }
    await refresh();
  }

  // The page's one date format: "Tue 1 Dec", from the words `day.short`, `weekdays` and `months`
  // (W-24). `text` is the API's `YYYY-MM-DD`; anything else is shown as given.
  const weekdayWords = say("weekdays").split(",");
  const monthWords = say("months").split(",");
  function dayText(text) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text || "");
    if (!match) return text;
    const [y, m, d] = match.slice(1).map(Number);
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    return say("day.short", { weekday: weekdayWords[(weekday + 6) % 7], day: d, month: monthWords[m - 1] });
  }

  // The quick dates a deferral can take today, as the API resolves them (`GET /api/dates`): "later this
  // week" is not among them once no later day is left in the week. Until the first answer, it is left out.
  let lastDates = null;
  function quickDateOffered(word) {
    if (!lastDates) return word !== "later-this-week";
    return lastDates.quickDates.some((date) => date.word === word);
  }

  // A duration as the core writes it (Duration.text): "45 min", "2 h", "1 h 30".
  function durationText(minutes) {
    if (minutes < 60) return say("duration.minutes", { minutes });
    const rest = minutes % 60;
    return rest === 0 ? say("duration.hours", { hours: Math.floor(minutes / 60) })
      : say("duration.hoursMinutes", { hours: Math.floor(minutes / 60), minutes: String(rest).padStart(2, "0") });
  }

  function effortTag(task) {
    if (task.effortMinutes === null || task.effortMinutes === undefined) return null;
    return el("span", { class: "effort", text: durationText(task.effortMinutes) });
  }

  // Someday is not offered for important or repeating tasks (T-25).
  function hidesSomeday(task) {
    return task.importance === "medium" || task.importance === "high" || Boolean(task.repeatKind && task.repeatKind !== "none");
  }

  // A task's actions in one menu (the APG menu button; lists.js gives it its keys): Move to…, a
  // deferral, delete. `key` keeps the ids apart on each screen; `current` is the task's region.
  function taskMenu(task, key, current) {
    const menuID = key + "menu-" + task.id;
    const title = task.title;
    const items = [];
    const item = (text, label, action, extra) => el("button", Object.assign({
      type: "button", role: "menuitem", tabindex: "-1", id: menuID + "-" + items.length, text, "aria-label": label,
      onclick: () => { window.charflow.closeMenus(null); action(); },
    }, extra || {}));
    if (!task.isCompleted) {
      items.push(item(say("moveToShort"), say("moveTo", { title }), () => openMoveForm(task, key + "move-")));
      if (task.deferralCount >= 2) {
        // The third deferral and later need a chosen day and offer the reason chips (T-20): the sheet.
        items.push(item(say("deferOpen"), say("deferNamed", { title }), () => window.charflow.openDeferSheet(task), { "aria-haspopup": "dialog" }));
      } else {
        for (const word of ["tomorrow", "later-this-week", "next-week", "someday"]) {
          if (word === "someday" && hidesSomeday(task)) continue;
          if (!quickDateOffered(word)) continue;
          const when = say("deferWhen." + word);
          items.push(item(say("deferMenu." + word), say("deferWhenNamed", { title, when }),
            () => act("/api/tasks/" + task.id + "/defer", { to: word }, say("deferred", { title, to: when }), task.id)));
        }
      }
    }
    items.push(item(say("delete"), say("deleteNamed", { title }),
      () => act("/api/tasks/" + task.id + "/delete", {}, say("deleted", { title }), task.id), { class: "delete" }));
    // A redraw (a change from elsewhere) keeps an open menu open, so focus can stay on its item.
    const drawn = document.getElementById(menuID);
    const open = Boolean(drawn && !drawn.hidden);
    const button = el("button", {
      type: "button", class: "ghost menu-button", id: key + "menubutton-" + task.id, text: say("actions"),
      "aria-label": say("actionsNamed", { title }), "aria-haspopup": "menu", "aria-controls": menuID, "aria-expanded": open ? "true" : "false",
    });
    return el("div", { class: "menu-wrap" }, button,
      el("div", { role: "menu", id: menuID, class: "menu", "aria-label": say("actionsNamed", { title }), hidden: !open }, ...items));
  }

  function openMoveForm(task, moveKey) {
    openMove = moveKey + task.id;
    moveChoice = null;
    moveProblem = null;
    refresh().then(() => { const target = $(moveKey + task.id + "-region"); if (target) target.focus(); });
  }

  // The menu button of a task's row on the screen shown.
  function menuButtonOf(taskID) {
    return Array.from(document.querySelectorAll(".menu-button")).find((b) => b.closest("li[data-task]").dataset.task === taskID && b.offsetParent !== null);
  }

  // `options`: `lockNote`, the id of the sentence saying the bucket is locked; `actions`, whether each
  // task offers its context actions (Region focus, W-9).
  function taskList(tasks, extraClass, region, bucket, idPrefix, options) {
    const list = el("ul", { class: "tasks", "data-region": region || null, "data-bucket": region ? bucket : null });
    tasks.forEach((task, index) => list.append(taskItem(task, extraClass,
      region ? Object.assign({ region, bucket, index, count: tasks.length }, options || {}) : null, idPrefix)));
    return list;
  }

  // After an action takes a task off this screen, focus goes to the screen's heading.
  function focusHeading() {
    const heading = Array.from(document.querySelectorAll("main h1")).find((h) => h.offsetParent !== null);
    if (!heading) return;
    heading.setAttribute("tabindex", "-1");
    heading.focus();
  }

  // One write from a task's menu: the toast names it and offers its undo (W-15). Focus goes to the
  // next task of the same list (the one before when it was the last), else to the screen's heading.
  async function act(path, body, text, taskID) {
    const row = taskID && Array.from(document.querySelectorAll("li[data-task]")).find((li) => li.dataset.task === taskID && li.offsetParent !== null);
    const siblings = row ? Array.from(row.parentElement.children).filter((li) => li.dataset.task) : [];
    const at = siblings.indexOf(row);
    const neighbour = row ? siblings[at + 1] || siblings[at - 1] : null;
    const neighbourID = neighbour ? neighbour.dataset.task : null;
    try {
      const answer = await api(path, body);
      problem("");
      announce(text);
      toast(text, answer.action);
      await refresh();
      const next = neighbourID && Array.from(document.querySelectorAll("li[data-task] [data-rove]"))
        .find((node) => node.closest("li").dataset.task === neighbourID && node.offsetParent !== null);
      if (next) next.focus(); else focusHeading();
    } catch (error) {
      problem(error.message);
      await refresh();
    }
  }

  // The day's planned effort against its capacity (W-24); done tasks count, as they do for capacity.
  function renderLoad(today) {
    const planned = Object.values(today.regions).reduce((sum, region) => sum + plannedMinutes(region), 0);
    const load = $("day-load");
    load.textContent = capacity === null ? say("plannedDayOnly", { planned: durationText(planned) })
      : say("plannedDay", { planned: durationText(planned), capacity: durationText(capacity) });
    load.classList.toggle("over", capacity !== null && planned > capacity);
  }

  // The effort of a region's tasks, done ones too.
  function plannedMinutes(region) {
    return region.mustDo.concat(region.complementary, region.misc).reduce((sum, task) => sum + (task.effortMinutes || 0), 0);
  }

  function bar(percent) {
    const fill = el("span");
    fill.style.width = Math.max(0, Math.min(100, percent)) + "%";
    return el("div", { class: "bar", "aria-hidden": "true" }, fill);
  }

  function regionCard(key, region) {
    const name = regionNames[key];
    const counts = {
      must: region.mustDo.length, complementary: region.complementary.length, misc: region.misc.length,
    };
    const headingID = "region-" + key;
    // Named as charflow NFR-2.3.1 says: "Morning region, 1 Must-Do, 2 Complementary, 3 Misc, 50% complete".
    const card = el("section", {
      class: "region", id: headingID, "data-region": key,
      "aria-label": say("regionLabel", {
        region: name, must: counts.must, complementary: counts.complementary, misc: counts.misc,
        percent: region.progress.percent,
      }),
    });
    card.append(el("h2", {}, el("a", { href: "#region/" + key, text: name })));
    const countList = el("ul", { class: "counts" });
    countList.append(el("li", { text: say("bucketCount", { name: say("mustDo"), count: counts.must, limit: limits.mustDo }) }));
    countList.append(el("li", { text: say("bucketCount", { name: say("complementary"), count: counts.complementary, limit: limits.complementary }) }));
    countList.append(el("li", { text: say("bucketCount", { name: say("misc"), count: counts.misc, limit: limits.misc }) }));
    countList.append(el("li", { class: "planned", id: "planned-" + key, text: say("plannedRegion", { planned: durationText(plannedMinutes(region)) }) }));
    card.append(countList);
    card.append(bar(region.progress.percent));
    card.append(el("p", { class: "percent", text: say("progress", { percent: region.progress.percent }) }));
    if (counts.must + counts.complementary + counts.misc === 0) {
      card.append(el("p", { class: "empty", text: say("nothingPlanned") }));
      return card;
    }
    card.append(el("h3", { text: say("mustDo") }));
    card.append(region.mustDo.length ? taskList(region.mustDo, "must", key, "mustDo") : el("p", { class: "empty", text: say("noMustDo") }));
    // On a narrow screen the card keeps its Must-Do and opens Region focus for the rest (see the style).
    if (region.complementary.length) {
      const more = el("div", { class: "more" }, el("h3", { text: say("complementary") }));
      const lockNote = region.complementaryLocked ? "lock-" + key : null;
      if (lockNote) more.append(el("p", { class: "locked", id: lockNote, text: say("locked") }));
      more.append(taskList(region.complementary, null, key, "complementary", "task-", { lockNote }));
      card.append(more);
    }
    if (region.misc.length) {
      card.append(el("div", { class: "more" }, el("h3", { text: say("misc") }), taskList(region.misc, null, key, "misc")));
    }
    if (counts.complementary + counts.misc) card.append(el("p", { class: "open-region" }, el("a", { href: "#region/" + key, text: say("openRegion", { region: name }) })));
    return card;
  }

  // The habits strip: a habit on its own, or a pill per group with a ring as full as the share done
  // and the count in words (habit.md, "The Today strip shows a group pill").
  function habitStrip(habits) {
    const items = [];
    const groups = new Map();
    for (const habit of habits) {
      if (!habit.group) { items.push(habit); continue; }
      if (!groups.has(habit.group)) { groups.set(habit.group, []); items.push({ pill: habit.group }); }
      groups.get(habit.group).push(habit);
    }
    return items.map((item) => {
      if (item.pill) {
        const members = groups.get(item.pill);
        const done = members.filter((habit) => habit.isDoneToday).length;
        const ring = el("span", { class: "ring", "aria-hidden": "true" });
        ring.style.setProperty("--share", Math.round(100 * done / members.length) + "%");
        return el("li", { class: "group-pill" + (done === members.length ? " done" : "") },
          el("a", { href: "#habits", class: "pill" }, ring, el("span", { text: say("habitGroup", { name: item.pill, done, count: members.length }) })));
      }
      const windows = item.today || [];
      const amount = windows.reduce((sum, w) => sum + w.amount, 0);
      const target = windows.reduce((sum, w) => sum + w.target, 0);
      // A pill looks like a control because it is one: it opens Habits, where the habit is logged.
      return el("li", { class: item.isDoneToday ? "done" : null },
        el("a", { href: "#habits", class: "pill",
                  text: item.isDoneToday ? say("habitDone", { title: item.title }) : say("habitOpen", { title: item.title, amount, target }) }));
    });
  }

  // What the running session is on (a task's title, or a habit's with its window), named by the API.
  function sessionTitle(today) {
    return today.session ? today.sessionTitle : null;
  }

  // Region focus: the buckets in order, each with its count and tasks, and quick add into the region
  // (Misc unless another bucket is chosen).
  function renderRegion(today) {
    const key = focusedRegion();
    if (!key) return;
    const region = today.regions[key];
    const name = regionNames[key];
    $("region-title").textContent = name;
    $("region-summary").textContent = say("regionLabel", {
      region: name, must: region.mustDo.length, complementary: region.complementary.length, misc: region.misc.length,
      percent: region.progress.percent,
    }) + ". " + say("plannedRegion", { planned: durationText(plannedMinutes(region)) }) + ".";
    const buckets = $("region-buckets");
    buckets.replaceChildren();
    for (const [bucket, limit] of [["mustDo", limits.mustDo], ["complementary", limits.complementary], ["misc", limits.misc]]) {
      const tasks = region[bucket];
      const headingID = "focus-" + bucket;
      const section = el("section", { class: "panel", "aria-labelledby": headingID, "data-region": key, "data-bucket": bucket },
        el("h2", { id: headingID, text: say("bucketCount", { name: say(bucket), count: tasks.length, limit }) }));
      const lockNote = bucket === "complementary" && region.complementaryLocked ? "focus-lock" : null;
      if (lockNote) section.append(el("p", { class: "locked", id: lockNote, text: say("locked") }));
      section.append(tasks.length ? taskList(tasks, bucket === "mustDo" ? "must" : null, key, bucket, "focus-task-", { lockNote })
                                  : el("p", { class: "empty", text: say("bucketEmpty") }));
      buckets.append(section);
    }
  }

  function focusedRegion() {
    const match = /^#region\/(morning|afternoon|evening)$/.exec(location.hash);
    return match ? match[1] : null;
  }

  // Today's notices (the signals the CLI's Today prints): each stays on the page until dismissed, and is
  // recorded as seen on the server once shown, so the CLI does not say it again (A-2: the read marks
  // nothing; the page says what it showed). A region over 1–3–5 stays while it stands.
  const notices = new Map();
  const dismissed = new Set();
  function renderNotices(today) {
    const fresh = [];
    for (const signal of today.signals || []) {
      const name = signal.task ? signal.kind + ":" + signal.task : signal.kind;
      const key = name + "\n" + signal.message;
      if (notices.has(key) || dismissed.has(key)) continue;
      notices.set(key, signal.message);
      fresh.push(name);
    }
    if (fresh.length) api("/api/seen", { shown: fresh }).catch(() => {});
    let section = $("notices");
    if (!section) {
      section = el("section", { id: "notices", class: "panel notices", "aria-labelledby": "notices-title" },
        el("h2", { id: "notices-title", text: say("notices") }), el("ul", { id: "notice-list" }));
      $("regions").before(section);
    }
    section.hidden = notices.size === 0;
    $("notice-list").replaceChildren(...Array.from(notices.entries()).map(([key, message], index) => el("li", {},
      el("span", { text: message }),
      el("button", { type: "button", class: "ghost", id: "dismiss-" + index, text: say("dismiss"),
                     "aria-label": say("dismissNamed", { message }),
                     onclick: () => {
                       notices.delete(key);
                       dismissed.add(key);
                       renderNotices(lastToday);
                       const next = notices.size ? $("notices-title") : $("day").closest("h1");
                       next.setAttribute("tabindex", "-1");
                       next.focus();
                     } }))));
  }

  function render(today) {
    lastToday = today;
    renderRegion(today);
    const focused = document.activeElement && document.activeElement.id;
    renderNotices(today);
    const day = $("day");
    day.textContent = dayText(today.date);
    day.setAttribute("datetime", today.date);
    const overall = today.progress;
    $("overall").textContent = overall.total
      ? say("overall", { completed: overall.completed, total: overall.total, percent: overall.percent })
      : say("overallEmpty");
    renderLoad(today);
    const regions = $("regions");
    regions.replaceChildren(...["morning", "afternoon", "evening"].map((key) => regionCard(key, today.regions[key])));
    const due = $("due");
    due.replaceChildren();
    if (today.overdue.length) due.append(el("h3", { text: say("overdue") }), taskList(today.overdue));
    if (today.due.length) due.append(el("h3", { text: say("due") }), taskList(today.due));
    if (!today.overdue.length && !today.due.length) due.append(el("p", { class: "empty", text: say("noDue") }));
    const habits = $("habits");
    habits.replaceChildren(...habitStrip(today.habits));
    if (!today.habits.length) habits.append(el("li", { class: "none", text: say("noHabits") }));
    $("backlog").textContent = today.backlogCount === 1 ? say("backlogOne") : say("backlogMany", { count: today.backlogCount });
    const chip = $("chip");
    const title = sessionTitle(today);
    if (today.session) {
      chip.hidden = false;
      const state = today.session.isPaused ? "paused" : "running";
      // The chip opens the Focus screen.
      chip.replaceChildren(el("a", { href: "#focus", text: title ? say(state, { title }) : say(state + "Untitled") }));
    } else {
      chip.hidden = true;
      chip.textContent = "";
    }
    if (focused && focused !== document.activeElement.id) {
      const again = document.getElementById(focused);
      if (again) again.focus();
    }
  }

  // Screens added by other scripts: { name, match(hash) -> match or null, title(match), render(match),
  // nav (a PageWords key, for a link in the header) }. Each gets an empty `<div id="view-NAME">`.
  const screens = [];
  function screen(definition) {
    let view = $("view-" + definition.name);
    if (!view) {
      view = el("div", { id: "view-" + definition.name, hidden: true });
      $("main").insertBefore(view, $("main").querySelector("noscript"));
    }
    if (definition.nav) {
      $("nav-list").append(el("li", {}, el("a", { href: "#" + definition.name, id: "nav-" + definition.name, text: say(definition.nav) })));
    }
    screens.push(definition);
  }

  function activeScreen() {
    for (const definition of screens) {
      const match = definition.match(location.hash);
      if (match) return { definition, match };
    }
    return null;
  }

  // One redraw at a time: a redraw started while another runs waits for it, so an action's own
  // redraw and the poll's never interleave (one would take focus back from what the other focused).
  let redrawn = Promise.resolve();
  function refresh() {
    redrawn = redrawn.then(redraw);
    return redrawn;
  }

  // The poll's redraw waits its turn and is skipped when a redraw before it already drew `seen`:
  // an action's own redraw and the poll that noticed the same change draw the board once.
  function refreshUnlessDrawn(seen) {
    redrawn = redrawn.then(() => (version === seen ? undefined : redraw()));
    return redrawn;
  }

  async function redraw() {
    try {
      // The version read first: what follows is at least that new, so the poll need not draw it again.
      const changes = await api("/api/changes");
      const [today, settings, dates, categories] = await Promise.all([api("/api/today"), api("/api/settings"), api("/api/dates"),
                                                                      api("/api/categories?all=1")]);
      capacity = Number(settings.capacity);
      lastDates = dates;
      categoryColors = new Map(categories.categories.map((c) => [c.name.toLocaleLowerCase(), c.colorKey || "slate"]));
      render(today);
      version = changes.version;
      if (location.hash === "#backlog") renderBacklog(lastBacklog = await api("/api/backlog"));
      const active = activeScreen();
      if (active) await active.definition.render(active.match);
    } catch (error) { problem(error && error.code && error.code !== "http" ? error.message : say("offline")); }
  }

  // The Backlog: groups with counts; "Move to…" places a task with a region and bucket picker, a
  // single-pointer way for every move (W-10, W-16). A refusal (the 1-3-5 limits) is shown in words.
  // `key` keeps the picker's ids apart on each screen; `current` is the region the task is in, if any
  // (then the Backlog is offered too).
  function moveForm(task, key, current) {
    const formID = key + task.id;
    // What was chosen stays chosen when the board is drawn again (a change from elsewhere).
    const chosen = moveChoice && moveChoice.id === formID ? moveChoice : { region: current, bucket: "misc" };
    const choices = Object.entries(regionNames).map(([value, name]) => el("option", { value, text: name, selected: value === chosen.region }));
    if (current) choices.push(el("option", { value: "backlog", text: say("toBacklog"), selected: chosen.region === "backlog" }));
    const remember = () => { moveChoice = { id: formID, region: regionSelect.value, bucket: bucketSelect.value }; };
    const regionSelect = el("select", { id: formID + "-region", onchange: remember }, ...choices);
    const bucketSelect = el("select", { id: formID + "-bucket", onchange: remember },
      ...Object.entries(bucketWords).map(([value, word]) => el("option", { value, text: say(word), selected: value === chosen.bucket })));
    const form = el("form", { id: formID, class: "move-form", "aria-label": say("moveTo", { title: task.title }) },
      el("div", { class: "move-row" },
        el("div", {}, el("label", { for: formID + "-region", text: say("region") }), regionSelect),
        el("div", {}, el("label", { for: formID + "-bucket", text: say("bucket") }), bucketSelect),
        el("button", { type: "submit", text: say("move") }),
        el("button", { type: "button", class: "ghost", text: say("cancel"), onclick: () => cancelMove(task) })),
      el("p", { class: "refused", role: "alert", id: formID + "-problem",
                text: moveProblem && moveProblem.id === formID ? moveProblem.text : "" }));
    // Esc closes the picker and gives focus back to the task's menu button (W-21).
    form.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      cancelMove(task);
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const region = regionSelect.value;
      const bucket = bucketSelect.value;
      const toBacklog = region === "backlog";
      try {
        const answer = await api("/api/tasks/" + task.id + "/move", toBacklog ? { backlog: true } : { region, bucket });
        openMove = null; moveChoice = null;
        moveProblem = null;
        const text = toBacklog ? say("movedToBacklog", { title: task.title })
          : say("moved", { title: task.title, region: regionNames[region], bucket: say(bucketWords[bucket]) });
        announce(text);
        toast(text, answer.action);
        await refresh();
        // Focus follows the task when it is still on this screen, else goes to the screen's heading.
        const still = Array.from(document.querySelectorAll("input[type=checkbox]"))
          .find((box) => box.id.endsWith(task.id) && box.offsetParent !== null);
        if (still) { still.focus(); return; }
        focusHeading();
      } catch (error) {
        const text = toBacklog ? error.message : refusalText(error, region, bucket);
        moveProblem = { id: formID, text };
        $(formID + "-problem").textContent = text;
      }
    });
    return form;
  }

  function cancelMove(task) {
    openMove = null; moveProblem = null; moveChoice = null;
    refresh().then(() => { const b = menuButtonOf(task.id); if (b) b.focus(); else focusHeading(); });
  }

  // The "Move to…" button that opens a task's picker in place (night planning's Move uses it).
  function moveButton(task, key) {
    const open = openMove === key + task.id;
    return el("button", {
      type: "button", class: "ghost", id: key + "button-" + task.id, text: say("moveToShort"),
      "aria-label": say("moveTo", { title: task.title }), "aria-expanded": open ? "true" : "false",
      onclick: () => {
        openMove = open ? null : key + task.id;
        moveChoice = null;
        moveProblem = null;
        refresh().then(() => {
          const target = openMove ? $(key + task.id + "-region") : $(key + "button-" + task.id);
          if (target) target.focus();
        });
      },
    });
  }

  function renderBacklog(backlog) {
    const focused = document.activeElement && document.activeElement.id;
    $("backlog-total").textContent = backlog.count === 1 ? say("waitingOne") : say("waitingMany", { count: backlog.count });
    const groups = $("backlog-groups");
    groups.replaceChildren();
    if (!backlog.count) { groups.append(el("p", { class: "empty", text: say("backlogEmpty") })); return; }
    const query = $("backlog-search").value.trim();
    const matching = backlogMatches(backlog, query);
    if (query && !matching.count) groups.append(el("p", { class: "empty", text: say("searchMatchesNone", { query }) }));
    matching.groups.forEach(({ group, tasks }, index) => {
      if (!tasks.length) return;
      const headingID = "backlog-group-" + index;
      const list = el("ul", { class: "tasks" });
      for (const task of tasks) {
        const item = el("li", { class: "backlog-task", "data-task": task.id, "data-title": task.title, "data-region": "backlog", draggable: "true" },
          el("span", { class: "name" }, el("a", { href: "#task/" + task.id, class: "title-link", id: "backlog-task-" + task.id, "data-rove": "", text: task.title })),
          effortTag(task), taskMenu(task, "", null));
        if (task.category) item.querySelector(".name").append(categoryTag(task.category));
        if (openMove === "move-" + task.id) item.append(moveForm(task, "move-", null));
        list.append(item);
      }
      const heading = query ? say("groupMatches", { name: group.name, count: tasks.length, total: group.count })
                            : say("group", { name: group.name, count: group.count });
      groups.append(el("section", { class: "panel", "aria-labelledby": headingID },
        el("h2", { id: headingID, text: heading }), list));
    });
    if (focused && document.activeElement.id !== focused) {
      const again = document.getElementById(focused);
      if (again) again.focus();
    }
  }

  // The Backlog's tasks whose title holds the search text, ignoring case, group by group.
  function backlogMatches(backlog, query) {
    const needle = query.toLocaleLowerCase();
    const groups = backlog.groups.map((group) => ({
      group, tasks: needle ? group.tasks.filter((task) => task.title.toLocaleLowerCase().includes(needle)) : group.tasks,
    }));
    return { groups, count: groups.reduce((sum, g) => sum + g.tasks.length, 0) };
  }

  // Searching filters as you type; the count of matches is said politely once typing pauses.
  function searchBacklog() {
    if (!lastBacklog) return;
    renderBacklog(lastBacklog);
    window.clearTimeout(searchTimer);
    const query = $("backlog-search").value.trim();
    if (!query) return;
    searchTimer = window.setTimeout(() => {
      const count = backlogMatches(lastBacklog, query).count;
      announce(count === 0 ? say("searchMatchesNone", { query })
        : count === 1 ? say("searchMatchesOne", { query }) : say("searchMatchesMany", { count, query }));
    }, 400);
  }

  function showView() {
    const active = activeScreen();
    const backlog = !active && location.hash === "#backlog";
    const region = !active && focusedRegion();
    const today = !active && !backlog && !region;
    $("view-today").hidden = !today;
    $("view-backlog").hidden = !backlog;
    $("view-region").hidden = !region;
    for (const definition of screens) $("view-" + definition.name).hidden = !active || active.definition !== definition;
    for (const link of document.querySelectorAll("#nav-list a")) link.removeAttribute("aria-current");
    const current = active ? $("nav-" + active.definition.name) : backlog ? $("nav-backlog") : today ? $("nav-today") : null;
    if (current) current.setAttribute("aria-current", "page");
    toggleScreens(false);
    document.title = say("pageTitle", { screen: active ? active.definition.title(active.match)
      : backlog ? say("navBacklog") : region ? regionNames[region] : say("navToday") });
    if (region && lastToday) renderRegion(lastToday);
    // After a change of screen focus goes to the new screen's heading (W-21), unless the screen put it
    // somewhere on purpose: it is still where it was (the link followed), on the body, or out of sight.
    const from = document.activeElement;
    const settle = () => {
      const now = document.activeElement;
      if (!changingScreen) return;
      changingScreen = false;
      if (!now || now === document.body || now === from || now.offsetParent === null) focusHeading();
    };
    if (backlog || region || active) refresh().then(settle);
    else settle();
  }
  let changingScreen = false;

  // Changes made elsewhere (the CLI) show within two seconds.
  async function poll() {
    try {
      const answer = await api("/api/changes");
      if ($("problem").textContent === say("offline")) problem("");
      if (version !== null && answer.version !== version) await refreshUnlessDrawn(answer.version);
      else version = answer.version;
    } catch (error) { problem(say("offline")); }
  }

  function showParse(answer, target) {
    const shown = $(target || "quick-parse");
    shown.replaceChildren();
    if (!answer) return;
    if (answer.error) {
      shown.append(el("p", { class: "refused", text: answer.error }));
      return;
    }
    shown.append(el("span", { class: "token", text: say("parseTitle", { value: answer.title }) }));
    for (const tokenInfo of answer.tokens) {
      let value = tokenInfo.value;
      if (tokenInfo.kind === "due" && answer.dueDate) value = value + " (" + dayText(answer.dueDate) + ")";
      // A category is shown as one only when the API has it (item 7); else the line says so in words.
      const missing = tokenInfo.kind === "category" && answer.categories
        && !answer.categories.some((c) => !c.isArchived && c.name.toLocaleLowerCase() === tokenInfo.value.toLocaleLowerCase());
      shown.append(el("span", { class: missing ? "token missing" : "token", "data-kind": tokenInfo.kind,
                                text: say(missing ? "parse.categoryMissing" : "parse." + tokenInfo.kind, { value }) }));
    }
  }

  // Tokens are shown as recognised while typing, by the core's parser.
  function parseSoon(inputID, target) {
    window.clearTimeout(parseTimer);
    const line = $(inputID).value;
    if (!line.trim()) { showParse(null, target); return; }
    parseTimer = window.setTimeout(async () => {
      const serial = ++parseSerial;
      let answer;
      try {
        answer = await api("/api/parse", { parse: line });
        if (answer.category) answer.categories = (await api("/api/categories")).categories;
      } catch (error) {
        if (error.code === "offline") { problem(error.message); if (serial === parseSerial) showParse(null, target); return; }
        // The add would refuse an unknown category: the preview says so, and where one is made.
        answer = { error: error.code === "category_not_found" ? error.message + " " + say("parse.createInSettings") : error.message };
      }
      if (serial === parseSerial) showParse(answer, target);
    }, 150);
  }

  async function quickAdd(event, inputID, target, place) {
    event.preventDefault();
    const input = $(inputID);
    const line = input.value;
    if (!line.trim()) return;
    const body = Object.assign({ parse: line }, place());
    // A preview still on its way would land after the add's answer and hide a refusal: it is dropped.
    window.clearTimeout(parseTimer);
    parseSerial += 1;
    try {
      const task = await api("/api/tasks", body);
      input.value = "";
      showParse(null, target);
      problem("");
      toast(say("added", { title: task.title }), task.action);
    } catch (error) {
      // Not reaching the server is the banner's to say, in words (W-22, item 11); the line is kept.
      if (error.code === "offline") { showParse(null, target); problem(error.message); input.focus(); return; }
      showParse({ error: refusalText(error, body.region, body.bucket) }, target);
    }
    await refresh();
    input.focus();
  }

  // Shortcuts for the frequent actions, listed on `?`. Single keys can be turned off (WCAG 2.1.4) and
  // never fire while typing in a field.
  let shortcutsReturn = null;
  function toggleShortcuts(show) {
    const panel = $("shortcuts");
    const open = show === undefined ? panel.hidden : show;
    if (open === !panel.hidden) return;
    panel.hidden = !open;
    $("shortcuts-button").setAttribute("aria-expanded", open ? "true" : "false");
    if (open) {
      shortcutsReturn = document.activeElement;
      $("shortcuts-title").focus();
    } else if (shortcutsReturn && document.body.contains(shortcutsReturn)) {
      shortcutsReturn.focus();
    }
  }

  // The screens' menu of a narrow window (the "Screens" button); a link followed or Esc closes it.
  function toggleScreens(show, returnFocus) {
    const button = $("screens-button");
    const open = show === undefined ? button.getAttribute("aria-expanded") !== "true" : show;
    button.setAttribute("aria-expanded", open ? "true" : "false");
    button.closest("header").classList.toggle("menu-open", open);
    if (open) { const link = $("nav-list").querySelector("a[aria-current]") || $("nav-list").querySelector("a"); if (link) link.focus(); }
    else if (returnFocus) button.focus();
  }

  function onShortcut(event) {
    if (event.key === "Escape" && !$("shortcuts").hidden) { toggleShortcuts(false); return; }
    if (event.key === "Escape" && $("screens-button").getAttribute("aria-expanded") === "true") { toggleScreens(false, true); return; }
    const target = event.target;
    const typing = target && (target.tagName === "INPUT" && target.type !== "checkbox" || target.tagName === "SELECT" || target.tagName === "TEXTAREA");
    // Ctrl+Z outside a text field undoes the last action; inside one it stays the field's own undo.
    if (event.ctrlKey && !event.altKey && !event.metaKey && !event.shiftKey && event.key.toLowerCase() === "z" && !typing) {
      event.preventDefault();
      undoLast();
      return;
    }
    if (event.ctrlKey || event.altKey || event.metaKey || !$("single-keys").checked) return;
    if (typing) return;
    const actions = {
      "?": () => toggleShortcuts(),
      n: () => {
        if (location.hash === "#backlog") {
          location.hash = "#today";
          window.setTimeout(() => $("quick-line").focus(), 50);
          return;
        }
        (focusedRegion() ? $("region-line") : $("quick-line")).focus();
      },
      t: () => { location.hash = "#today"; },
      b: () => { location.hash = "#backlog"; },
      z: () => undoLast(),
      u: () => { location.hash = "#upcoming"; },
      "/": () => { if (window.charflow.openSearch) window.charflow.openSearch(); },
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  function start() {
    render(JSON.parse(document.getElementById("charflow-today").textContent));
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
    const nameAdd = () => $("region-add").setAttribute("aria-label",
      say("addToBucket", { bucket: say(bucketWords[$("region-bucket").value]) }));
    $("region-bucket").addEventListener("change", nameAdd);
    nameAdd();
    $("backlog-search").addEventListener("input", searchBacklog);
    window.addEventListener("hashchange", () => { changingScreen = true; showView(); });
    document.addEventListener("keydown", onShortcut);
    $("shortcuts-button").addEventListener("click", () => toggleShortcuts());
    $("screens-button").addEventListener("click", () => toggleScreens());
    const box = $("toast");
    box.addEventListener("mouseenter", () => window.clearTimeout(toastTimer));
    box.addEventListener("mouseleave", armToast);
    box.addEventListener("focusin", () => window.clearTimeout(toastTimer));
    box.addEventListener("focusout", () => window.setTimeout(armToast, 0));
    showView();
    // The capacity is a setting: read once at the start (and on every redraw), drawn without a redraw.
    api("/api/settings").then((settings) => { capacity = Number(settings.capacity); if (lastToday) renderLoad(lastToday); }).catch(() => {});
    // The quick dates and the categories' colours the first paint could not know: drawn once they come.
    Promise.all([api("/api/dates"), api("/api/categories?all=1")]).then(([dates, categories]) => {
      lastDates = dates;
      categoryColors = new Map(categories.categories.map((c) => [c.name.toLocaleLowerCase(), c.colorKey || "slate"]));
      if (lastToday) render(lastToday);
    }).catch(() => {});
    poll();
    window.setInterval(poll, 1000);
  }

  // What the other screens' scripts use.
  window.charflow = {
    $, el, say, api, problem, refusalText, dayText, quickDateOffered, dates: () => lastDates, reorderRow, completeRow, durationText, hidesSomeday, menuButtonOf, limits, announce, toast, undoLast, refresh, screen, taskItem, taskList, moveButton, moveForm, bar, focusHeading,
    regionNames, bucketWords, today: () => lastToday, parseSoon, categoryTag,
  };
  document.addEventListener("DOMContentLoaded", start);
})();
