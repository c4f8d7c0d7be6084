// The task detail at `#task/ID` (W-11): title, notes rendered as a safe markdown subset with the
// checklist as real checkboxes, importance, effort, quick dates, repeat, category, deferral history, and
// the defer sheet (a modal `<dialog>`) with reason chips from the third deferral.
//
// Every change is one API call answered with the undo toast. User text is only ever set as text: the
// markdown is built element by element, never through `innerHTML`.
"use strict";
(() => {
  const { $, el, say, api, problem, announce, toast, refresh, screen, regionNames, bucketWords, durationText, hidesSomeday, dayText, quickDateOffered } = window.charflow;
  const quickDates = ["today", "tomorrow", "later-this-week", "next-week", "someday"];
  const reasons = ["too-much", "not-ready", "no-longer"];
  let shown = null;           // the task the detail shows, as `GET /api/tasks/ID` answered
  let categories = [];
  let editingNotes = false;
  let suggestion = null;      // the task id the removal suggestion is about, after its 5th+ deferral
  let sheetReason = null;
  let sheetReturn = null;
  let pendingFocus = null;    // the id to focus once the detail is drawn
  let sheetTask = null;       // the task the defer sheet is about
  let eased = null;           // the task whose importance a deferral just eased to low
  let cameFrom = null;        // the screen the detail was opened from, where a delete goes back to
  let otherEffort = false;    // whether the effort's "Other…" picker is open
  const effortSteps = [15, 30, 60, 120];

  window.addEventListener("hashchange", (event) => {
    const from = new URL(event.oldURL).hash;
    if (/^#task\//.test(location.hash) && !/^#task\//.test(from)) cameFrom = from || "#today";
  });

  // Inline markdown: `code`, **bold**, *italic* or _italic_, [text](href). Links keep their address
  // in view; only http, https and mailto addresses become links.
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

  // Block markdown: paragraphs (lines kept), bulleted and numbered lists, and checklist items as
  // checkboxes numbered in order, as the core numbers them for the `check` route.
  function renderNotes(task, idPrefix) {
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
        list.append(checkItem(task, item, check[1] !== " ", check[2].trim(), idPrefix));
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
  function checkItem(task, number, isChecked, text, idPrefix) {
    const id = (idPrefix || "detail-check-") + number;
    const box = el("input", {
      type: "checkbox", id, checked: isChecked, "aria-label": say("checkItem", { item: text }),
      onchange: async (event) => {
        try {
          const answer = await api("/api/tasks/" + task.id + "/check", { item: number });
          problem("");
          toast(say(event.target.checked ? "checked" : "unchecked", { item: text }), answer.action);
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
      toast(say("changed", { what: say("what." + what), title: answer.title }), answer.action);
      if (answer.deferral && answer.deferral.importanceEased) { eased = task.id; announce(say("eased")); }
      if (answer.deferral && answer.deferral.suggestRemoval) suggestion = task.id;
    } catch (error) { problem(error.message); }
    await refresh();
  }

  // A value as an id part: a category name may hold spaces and signs.
  function slug(value) {
    return String(value).replace(/[^A-Za-z0-9_-]/g, (c) => "_" + c.charCodeAt(0).toString(16));
  }

  // A row of buttons for one field, the current choice pressed: one press, one API call.
  function choices(key, legend, options, current, pick) {
    return el("fieldset", { class: "choices", id: "detail-" + key },
      el("legend", { text: say(legend) }),
      ...options.map(([value, label]) => el("button", {
        type: "button", class: "choice", id: "detail-" + key + "-" + slug(value), text: label,
        "aria-pressed": current === undefined ? null : String(value === current),
        onclick: () => { if (value !== current) pick(value); },
      })));
  }

  function placeText(task) {
    if (task.region && task.bucket) return regionNames[task.region] + ", " + say(bucketWords[task.bucket] || task.bucket);
    return task.dueDate ? say("detailUnplaced") : say("toBacklog");
  }

  function categoryLabel(name) {
    const found = categories.find((c) => c.name === name);
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
        day: dayText(record.day), to: record.deferredTo ? dayText(record.deferredTo) : say("deferralSomeday"), reason: say("reason." + record.reason),
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
                       onclick: () => { suggestion = null; refresh().then(() => $("detail-defer").focus()); } })));
  }

  // A deleted task's page is left for the screen it was opened from; the screen change puts focus on
  // that screen's heading, and the toast offers the undo.
  async function remove(task) {
    try {
      const answer = await api("/api/tasks/" + task.id + "/delete", {});
      suggestion = null;
      problem("");
      toast(say("deleted", { title: task.title }), answer.action);
      announce(say("deleted", { title: task.title }));
    } catch (error) { problem(error.message); await refresh(); return; }
    if (/^#task\//.test(location.hash)) {
      shown = null;
      location.hash = cameFrom && !/^#task\//.test(cameFrom) ? cameFrom : "#today";
      return;
    }
    await refresh();
    window.charflow.focusHeading();
  }

  // Focus owns sessions: it begins this one, or shows why not with the settle choices (W-13).
  function beginFocus(task) {
    window.charflow.beginFocus(task.id, task.title);
  }

  // The defer sheet: a modal dialog that takes focus and gives it back to "Defer…" when it closes.
  // From the third deferral (two already counted) it asks for a day with reason chips (T-20).
  function sheet() {
    let dialog = $("defer-sheet");
    if (!dialog) {
      dialog = el("dialog", { id: "defer-sheet", class: "sheet", "aria-labelledby": "defer-sheet-title" });
      dialog.addEventListener("close", () => {
        if (sheetReturn && document.body.contains(sheetReturn)) sheetReturn.focus();
        else { const back = $("detail-defer") || (sheetTask && $("focus-task-defer-" + sheetTask.id)); if (back) back.focus(); }
      });
      // In the body, not the detail's view, so Region focus can open it too.
      document.body.append(dialog);
    }
    return dialog;
  }

  function openSheet(task) {
    const dialog = sheet();
    sheetReason = null;
    sheetReturn = document.activeElement;
    sheetTask = task;
    const slipping = task.deferralCount >= 2;
    const body = [el("h2", { id: "defer-sheet-title", tabindex: "-1", text: say("deferSheet", { title: task.title }) }),
                  el("p", { class: "hint", text: task.deferralCount === 0 ? say("noDeferrals")
                    : task.deferralCount === 1 ? say("deferOnce") : say("deferCount", { count: task.deferralCount }) })];
    if (slipping) {
      body.push(el("p", { id: "defer-slipping", text: say("slipping") }));
      body.push(el("fieldset", { class: "choices", id: "defer-reasons" },
        el("legend", { text: say("deferReason") }),
        ...reasons.map((reason) => el("button", {
          type: "button", class: "choice", id: "defer-reason-" + reason, text: say("chip." + reason), "aria-pressed": "false",
          onclick: (event) => {
            sheetReason = sheetReason === reason ? null : reason;
            for (const chip of dialog.querySelectorAll("#defer-reasons button")) chip.setAttribute("aria-pressed", String(chip === event.target && sheetReason !== null));
          },
        }))));
    }
    // The first two deferrals: tomorrow at once, or another quick date. From the third: a later day only
    // (task.md's picker, T-20): later this week, next week, someday, or a day chosen in the date field.
    // Someday is not offered for important or repeating tasks (T-25), but at the third deferral an
    // important task is eased to low, so only a repeating one loses it then.
    const noSomeday = slipping ? Boolean(task.repeatKind && task.repeatKind !== "none") : hidesSomeday(task);
    const dates = (slipping ? ["later-this-week", "next-week", "someday"] : ["tomorrow", "later-this-week", "next-week", "someday"])
      .filter((word) => !(word === "someday" && noSomeday) && quickDateOffered(word));
    body.push(el("fieldset", { class: "choices", id: "defer-dates" }, el("legend", { text: say("deferTo") }),
      ...dates.map((word) => el("button", { type: "button", class: "choice", id: "defer-to-" + word, text: say("date." + word),
                                            onclick: () => deferTo(task, word) }))));
    if (slipping) {
      const field = el("input", { type: "date", id: "defer-date" });
      body.push(el("div", { class: "defer-date" },
        el("label", { for: "defer-date", text: say("deferDate") }),
        el("div", { class: "quick-row" }, field,
          el("button", { type: "button", id: "defer-to-date", text: say("deferDateButton"),
                         onclick: () => { if (field.value) deferTo(task, field.value); else field.focus(); } }))));
    }
    body.push(el("p", { class: "refused", role: "alert", id: "defer-problem" }));
    body.push(el("div", { class: "actions" }, el("button", { type: "button", class: "ghost", id: "defer-cancel", text: say("cancel"),
                                                             onclick: () => dialog.close() })));
    dialog.replaceChildren(...body);
    dialog.showModal();
    $("defer-sheet-title").focus();
  }

  async function deferTo(task, word) {
    const body = { to: word };
    if (sheetReason) body.reason = sheetReason;
    try {
      const answer = await api("/api/tasks/" + task.id + "/defer", body);
      problem("");
      const text = say("deferred", { title: task.title, to: answer.dueDate ? dayText(answer.dueDate) : say("deferralSomeday") });
      toast(text, answer.action);
      announce(answer.deferral && answer.deferral.importanceEased ? text + " " + say("eased") : text);
      if (answer.deferral && answer.deferral.suggestRemoval) suggestion = task.id;
      if (answer.deferral && answer.deferral.importanceEased) eased = task.id;
      sheetReturn = null;
      sheet().close();
    } catch (error) {
      $("defer-problem").textContent = error.message;
      return;
    }
    // From Region focus, the fifth deferral's suggestion opens in the task's detail.
    if (suggestion === task.id && !/^#task\//.test(location.hash)) { pendingFocus = "detail-suggestion"; location.hash = "#task/" + task.id; return; }
    await refresh();
    const target = suggestion === task.id ? $("detail-suggestion") : $("detail-defer") || $("focus-task-defer-" + task.id);
    if (target) target.focus();
  }

  // Effort: 15, 30, 60 or 120 minutes, "Other…" for any 15-minute step up to 8 h (task.md), or none. A
  // value that is not one of the four (`~45m`, `~2h` is 120) shows on "Other…", pressed.
  function effortChoices(task) {
    const current = task.effortMinutes;
    const other = current !== null && !effortSteps.includes(current);
    const group = choices("effort", "effort",
      effortSteps.map((minutes) => [minutes, durationText(minutes)]).concat([["none", say("effortNone")]]),
      current === null ? "none" : current, (value) => { otherEffort = false; edit(task, "effort", { effort: value === "none" ? null : value }); });
    const otherButton = el("button", {
      type: "button", class: "choice", id: "detail-effort-other", "aria-pressed": String(other), "aria-expanded": String(otherEffort),
      "aria-controls": "detail-effort-other-form",
      text: other ? say("effortOther") + " " + durationText(current) : say("effortOther"),
      onclick: () => { otherEffort = !otherEffort; refresh().then(() => { const next = $(otherEffort ? "detail-effort-other-input" : "detail-effort-other"); if (next) next.focus(); }); },
    });
    group.insertBefore(otherButton, group.querySelector("#detail-effort-none"));
    if (!otherEffort) return group;
    const steps = [];
    for (let minutes = 15; minutes <= 480; minutes += 15) steps.push(minutes);
    const select = el("select", { id: "detail-effort-other-input" },
      ...steps.map((minutes) => el("option", { value: String(minutes), text: durationText(minutes), selected: minutes === (current || 45) })));
    const form = el("form", { id: "detail-effort-other-form", class: "effort-other" },
      el("label", { for: "detail-effort-other-input", text: say("effortOtherLabel") }),
      el("div", { class: "quick-row" }, select, el("button", { type: "submit", id: "detail-effort-other-save", text: say("effortOtherSave") })));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      otherEffort = false;
      await edit(task, "effort", { effort: Number(select.value) });
      const back = $("detail-effort-other");
      if (back) back.focus();
    });
    form.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      event.stopPropagation();
      otherEffort = false;
      refresh().then(() => { const back = $("detail-effort-other"); if (back) back.focus(); });
    });
    return el("div", {}, group, form);
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
    if (eased === task.id) view.push(el("p", { class: "eased", id: "detail-eased", text: say("eased") }));
    if (suggestion === task.id) view.push(suggestionBox(task));
    view.push(el("div", { class: "actions" },
      el("button", { type: "button", id: "detail-defer", text: say("deferOpen"), "aria-label": say("deferNamed", { title: task.title }),
                     "aria-haspopup": "dialog", onclick: () => openSheet(task) }),
      el("button", { type: "button", class: "ghost", id: "detail-begin", text: say("beginFocus"),
                     "aria-label": say("beginFocusNamed", { title: task.title }), onclick: () => beginFocus(task) }),
      el("button", { type: "button", class: "ghost", id: "detail-delete", text: say("deleteTask"),
                     "aria-label": say("deleteNamed", { title: task.title }), onclick: () => remove(task) })));

    const titleInput = el("input", { id: "detail-title-input", type: "text", value: task.title });
    const titleForm = el("form", { class: "quick-row", id: "detail-title-form" },
      titleInput, el("button", { type: "submit", text: say("save"), "aria-label": say("saveTitle") }));
    titleForm.addEventListener("submit", (event) => {
      event.preventDefault();
      if (titleInput.value.trim() && titleInput.value !== task.title) edit(task, "title", { title: titleInput.value });
    });
    view.push(el("section", { class: "panel", "aria-labelledby": "detail-title-label" },
      el("h2", {}, el("label", { id: "detail-title-label", for: "detail-title-input", text: say("detailTitleLabel") })), titleForm));

    const notes = el("section", { class: "panel", "aria-labelledby": "detail-notes-title" },
      el("h2", { id: "detail-notes-title", text: say("notes") }));
    if (editingNotes) {
      const area = el("textarea", { id: "detail-notes-input", rows: "8" });
      area.value = task.notes || "";
      const form = el("form", { id: "detail-notes-form" },
        el("label", { for: "detail-notes-input", text: say("notesLabel") }), area,
        el("div", { class: "actions" }, el("button", { type: "submit", id: "detail-notes-save", text: say("saveNotes") }),
          el("button", { type: "button", class: "ghost", text: say("cancel"), onclick: () => {
            editingNotes = false; refresh().then(() => $("detail-notes-edit").focus());
          } })));
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        editingNotes = false;
        await edit(task, "notes", { notes: area.value });
        const again = $("detail-notes-edit");
        if (again) again.focus();
      });
      notes.append(form);
    } else {
      notes.append(renderNotes(task),
        el("button", { type: "button", class: "ghost", id: "detail-notes-edit", text: say("editNotes"), onclick: () => {
          editingNotes = true; refresh().then(() => $("detail-notes-input").focus());
        } }));
    }
    view.push(notes);

    const fields = el("section", { class: "panel fields", "aria-labelledby": "detail-fields-title" },
      el("h2", { id: "detail-fields-title", text: say("detailFields") }));
    fields.append(choices("importance", "importance", ["low", "medium", "high"].map((v) => [v, say("importance." + v)]),
      task.importance, (value) => edit(task, "importance", { importance: value })));
    fields.append(effortChoices(task));
    fields.append(choices("due", "quickDates",
      quickDates.filter((word) => !(word === "someday" && hidesSomeday(task)) && (word === "today" || quickDateOffered(word))).map((w) => [w, say("date." + w)]),
      undefined, (value) => edit(task, "due", { due: value })));
    fields.append(choices("repeat", "repeat", ["none", "daily", "weekly", "monthly"].map((v) => [v, say("repeat." + v)]),
      task.repeatKind || "none", (value) => edit(task, "repeat", { repeat: value })));
    const active = categories.filter((c) => !c.isArchived);
    const categoryGroup = choices("category", "category",
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

  screen({
    name: "task",
    match: (hash) => /^#task\/([0-9A-Za-z-]{4,})$/.exec(hash),
    title: () => (shown ? shown.title : say("detailScreen")),
    render: async (match) => {
      const id = match[1];
      const focused = document.activeElement && document.activeElement.id;
      const target = $("view-task");
      let body = $("detail-body");
      if (!body) { body = el("div", { id: "detail-body" }); target.prepend(body); }
      if (sheet().open) return;
      try {
        const [task, list] = await Promise.all([api("/api/tasks/" + encodeURIComponent(id)), api("/api/categories?all=1")]);
        if (!shown || shown.id !== task.id) {
          editingNotes = false;
          otherEffort = false;
          if (suggestion !== task.id) suggestion = null;
          if (eased !== task.id) eased = null;
        }
        // What the person is typing survives a redraw (a change elsewhere redraws the screen).
        const sameTask = shown && shown.id === task.id;
        const typedTitle = sameTask && $("detail-title-input") && document.activeElement === $("detail-title-input") ? $("detail-title-input").value : null;
        const typedNotes = sameTask && editingNotes && $("detail-notes-input") ? $("detail-notes-input").value : null;
        shown = task;
        categories = list.categories;
        document.title = "Charflow · " + task.title;
        body.replaceChildren(...renderTask(task));
        if (typedTitle !== null) $("detail-title-input").value = typedTitle;
        if (typedNotes !== null && $("detail-notes-input")) $("detail-notes-input").value = typedNotes;
      } catch (error) {
        shown = null;
        body.replaceChildren(el("h1", { id: "detail-heading", tabindex: "-1", text: say("detailMissing") }),
                             el("p", { class: "refused", text: error.message }),
                             el("p", {}, el("a", { href: "#today", text: say("detailBack") })));
      }
      if (pendingFocus && $(pendingFocus)) { $(pendingFocus).focus(); pendingFocus = null; return; }
      if (focused && document.activeElement && document.activeElement.id !== focused) {
        const again = document.getElementById(focused);
        if (again) again.focus();
      }
    },
  });

  // Region focus's "More…" opens this sheet for a third or later deferral (T-20).
  window.charflow.openDeferSheet = openSheet;
})();
