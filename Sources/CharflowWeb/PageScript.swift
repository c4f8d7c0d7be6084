/// The page's script: renders Today from `GET /api/today`, quick add with the core's parser
/// (`POST /api/parse`), completion, the undo toast (W-15), and polling `GET /api/changes`.
///
/// Plain JavaScript, no framework; every sentence comes from `PageWords` in the page.
enum PageScript {
    static let text = #"""
    "use strict";
    (() => {
      const token = document.querySelector('meta[name="charflow-token"]').content;
      const words = JSON.parse(document.getElementById("charflow-words").textContent);
      const $ = (id) => document.getElementById(id);
      const regionNames = { morning: "Morning", afternoon: "Afternoon", evening: "Evening" };
      const limits = { mustDo: 1, complementary: 3, misc: 5 };
      let version = null;
      let toastTimer = null;
      let parseTimer = null;
      let parseSerial = 0;

      function say(key, values) {
        return (words[key] || key).replace(/\{(\w+)\}/g, (_, name) => (values && name in values ? String(values[name]) : ""));
      }

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
        const response = await fetch(path, options);
        const data = await response.json();
        if (!response.ok) {
          const error = new Error(data.error ? data.error.message : String(response.status));
          error.code = data.error ? data.error.code : "http";
          throw error;
        }
        return data;
      }

      function problem(text) { $("problem").textContent = text || ""; }

      function announce(text) {
        const live = $("announce");
        live.textContent = "";
        window.setTimeout(() => { live.textContent = text; }, 50);
      }

      // The undo toast: five seconds after every action, undoing the action it names (W-15).
      function toast(text, action) {
        const box = $("toast");
        window.clearTimeout(toastTimer);
        box.replaceChildren(el("span", { text }));
        if (action !== null && action !== undefined) {
          box.append(el("button", {
            type: "button", text: say("undo"), "aria-label": say("undoNamed", { what: text }),
            onclick: async () => {
              window.clearTimeout(toastTimer);
              box.replaceChildren();
              try {
                const answer = await api("/api/undo", { action });
                announce(say("undone", { what: answer.undone }));
                problem("");
              } catch (error) { problem(error.message); }
              await refresh();
            },
          }));
        }
        toastTimer = window.setTimeout(() => box.replaceChildren(), 5000);
      }

      function taskItem(task, extraClass) {
        const id = "task-" + task.id;
        const box = el("input", {
          type: "checkbox", id, "aria-label": say("complete", { title: task.title }), checked: task.isCompleted,
          onchange: async (event) => {
            const done = event.target.checked;
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
        if (extraClass === "must") label.append(el("span", { class: "tag", text: say("mustDo") }));
        label.append(document.createTextNode(task.title));
        if (task.category) label.append(el("span", { class: "cat", text: task.category }));
        return el("li", { class: [task.isCompleted ? "done" : "", extraClass || ""].join(" ").trim() || null }, box, label);
      }

      function taskList(tasks, extraClass) {
        const list = el("ul", { class: "tasks" });
        for (const task of tasks) list.append(taskItem(task, extraClass));
        return list;
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
          class: "region", id: headingID,
          "aria-label": say("regionLabel", {
            region: name, must: counts.must, complementary: counts.complementary, misc: counts.misc,
            percent: region.progress.percent,
          }),
        });
        card.append(el("h2", { text: name }));
        const countList = el("ul", { class: "counts" });
        countList.append(el("li", { text: say("bucketCount", { name: say("mustDo"), count: counts.must, limit: 1 }) }));
        countList.append(el("li", { text: say("bucketCount", { name: say("complementary"), count: counts.complementary, limit: 3 }) }));
        countList.append(el("li", { text: say("bucketCount", { name: say("misc"), count: counts.misc, limit: 5 }) }));
        card.append(countList);
        card.append(bar(region.progress.percent));
        card.append(el("p", { class: "percent", text: say("progress", { percent: region.progress.percent }) }));
        if (counts.must + counts.complementary + counts.misc === 0) {
          card.append(el("p", { class: "empty", text: say("nothingPlanned") }));
          return card;
        }
        card.append(el("h3", { text: say("mustDo") }));
        card.append(region.mustDo.length ? taskList(region.mustDo, "must") : el("p", { class: "empty", text: say("noMustDo") }));
        if (region.complementary.length) {
          card.append(el("h3", { text: say("complementary") }));
          if (region.complementaryLocked) card.append(el("p", { class: "locked", text: say("locked") }));
          card.append(taskList(region.complementary));
        }
        if (region.misc.length) {
          card.append(el("h3", { text: say("misc") }));
          card.append(taskList(region.misc));
        }
        return card;
      }

      function sessionTitle(today) {
        const session = today.session;
        if (!session || !session.taskID) return null;
        const all = [].concat(...Object.values(today.regions).map((r) => r.mustDo.concat(r.complementary, r.misc)), today.due, today.overdue);
        const task = all.find((t) => t.id === session.taskID);
        return task ? task.title : "";
      }

      function render(today) {
        const focused = document.activeElement && document.activeElement.id;
        const day = $("day");
        day.textContent = today.date;
        day.setAttribute("datetime", today.date);
        const overall = today.progress;
        $("overall").textContent = overall.total
          ? say("overall", { completed: overall.completed, total: overall.total, percent: overall.percent })
          : say("overallEmpty");
        const regions = $("regions");
        regions.replaceChildren(...["morning", "afternoon", "evening"].map((key) => regionCard(key, today.regions[key])));
        const due = $("due");
        due.replaceChildren();
        if (today.overdue.length) due.append(el("h3", { text: say("overdue") }), taskList(today.overdue));
        if (today.due.length) due.append(el("h3", { text: say("due") }), taskList(today.due));
        if (!today.overdue.length && !today.due.length) due.append(el("p", { class: "empty", text: say("noDue") }));
        const habits = $("habits");
        habits.replaceChildren(...today.habits.map((habit) => {
          const windows = habit.today || [];
          const amount = windows.reduce((sum, w) => sum + w.amount, 0);
          const target = windows.reduce((sum, w) => sum + w.target, 0);
          return el("li", {
            class: habit.isDoneToday ? "done" : null,
            text: habit.isDoneToday ? say("habitDone", { title: habit.title }) : say("habitOpen", { title: habit.title, amount, target }),
          });
        }));
        if (!today.habits.length) habits.append(el("li", { text: say("noHabits") }));
        $("backlog").textContent = today.backlogCount === 1 ? say("backlogOne") : say("backlogMany", { count: today.backlogCount });
        const chip = $("chip");
        const title = sessionTitle(today);
        if (today.session) {
          chip.hidden = false;
          chip.textContent = say(today.session.isPaused ? "paused" : "running", { title: title || "" });
        } else {
          chip.hidden = true;
          chip.textContent = "";
        }
        if (focused && focused !== document.activeElement.id) {
          const again = document.getElementById(focused);
          if (again) again.focus();
        }
      }

      async function refresh() {
        try {
          render(await api("/api/today"));
        } catch (error) { problem(say("offline")); }
      }

      // Changes made elsewhere (the CLI) show within two seconds.
      async function poll() {
        try {
          const answer = await api("/api/changes");
          if (version !== null && answer.version !== version) await refresh();
          version = answer.version;
        } catch (error) { problem(say("offline")); }
      }

      function showParse(answer) {
        const shown = $("quick-parse");
        shown.replaceChildren();
        if (!answer) return;
        if (answer.error) {
          shown.append(el("p", { class: "refused", text: answer.error }));
          return;
        }
        shown.append(el("span", { class: "token", text: say("parseTitle", { value: answer.title }) }));
        for (const tokenInfo of answer.tokens) {
          let value = tokenInfo.value;
          if (tokenInfo.kind === "due" && answer.dueDate) value = value + " (" + answer.dueDate + ")";
          shown.append(el("span", { class: "token", "data-kind": tokenInfo.kind, text: say("parse." + tokenInfo.kind, { value }) }));
        }
      }

      // Tokens are shown as recognised while typing, by the core's parser.
      function parseSoon() {
        window.clearTimeout(parseTimer);
        const line = $("quick-line").value;
        if (!line.trim()) { showParse(null); return; }
        parseTimer = window.setTimeout(async () => {
          const serial = ++parseSerial;
          let answer;
          try { answer = await api("/api/parse", { parse: line }); } catch (error) { answer = { error: error.message }; }
          if (serial === parseSerial) showParse(answer);
        }, 150);
      }

      async function quickAdd(event) {
        event.preventDefault();
        const input = $("quick-line");
        const line = input.value;
        if (!line.trim()) return;
        const body = { parse: line };
        const where = $("quick-where").value;
        if (where) { body.region = where; body.bucket = "misc"; }
        try {
          const task = await api("/api/tasks", body);
          input.value = "";
          showParse(null);
          problem("");
          toast(say("added", { title: task.title }), task.action);
        } catch (error) {
          showParse({ error: error.message });
        }
        await refresh();
        input.focus();
      }

      function start() {
        render(JSON.parse(document.getElementById("charflow-today").textContent));
        $("quick-line").addEventListener("input", parseSoon);
        $("quick-form").addEventListener("submit", quickAdd);
        poll();
        window.setInterval(poll, 1000);
      }

      start();
    })();
    """#
}
