// Settings, Privacy and Erase at `#settings`: every setting `charflow settings` lists, each changed
// through `POST /api/settings/NAME`; the privacy statement of `charflow privacy`; and Erase, which does
// what `charflow erase --yes` does only after a confirm step that names what is lost.
"use strict";
(() => {
  const { $, el, say, api, problem, announce, toast, refresh, screen } = window.charflow;
  const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
  let confirming = null;   // { tasks, habits } while the erase confirm step is open
  let drawn = {};          // each setting's value as last drawn

  function control(key, value) {
    const id = "setting-" + key;
    if (key === "first-weekday") {
      return el("select", { id }, ...weekdays.map((day) => el("option", { value: day, text: day[0].toUpperCase() + day.slice(1), selected: day === value })));
    }
    if (key === "lock-complementary" || key === "color") {
      return el("select", { id }, el("option", { value: "on", text: say("on"), selected: value === "on" }),
                                  el("option", { value: "off", text: say("off"), selected: value === "off" }));
    }
    return el("input", { id, type: "text", value, inputmode: key === "capacity" ? "numeric" : null, autocomplete: "off" });
  }

  function settingForm(key, value) {
    const name = say("setting." + key);
    const input = control(key, value);
    const hintKey = "settingHint." + key;
    const hint = say(hintKey) !== hintKey ? el("p", { class: "hint", id: "setting-hint-" + key, text: say(hintKey) }) : null;
    if (hint) input.setAttribute("aria-describedby", hint.id);
    const form = el("form", { class: "setting", id: "setting-form-" + key },
      el("label", { for: "setting-" + key, text: name }),
      el("div", { class: "quick-row" }, input,
        el("button", { type: "submit", id: "setting-save-" + key, text: say("save"), "aria-label": say("saveSetting", { name }) })),
      hint,
      el("p", { class: "refused", role: "alert", id: "setting-problem-" + key }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const answer = await api("/api/settings/" + key, { value: input.value });
        drawn[key] = input.value;  // saved: the redraw shows the stored form ("3:30" as "03:30")
        $("setting-problem-" + key).textContent = "";
        problem("");
        const text = say("settingChanged", { name, value: answer[key] });
        toast(text, answer.action);
        announce(text);
      } catch (error) {
        $("setting-problem-" + key).textContent = error.message;
        return;
      }
      await refresh();
      const again = $("setting-" + key);
      if (again) again.focus();
    });
    return form;
  }

  async function openConfirm() {
    const [list, habits] = await Promise.all([api("/api/list?all=1"), api("/api/habits?all=1")]);
    confirming = { tasks: list.tasks.length, habits: habits.habits.length };
    await refresh();
    const box = $("erase-confirm");
    if (box) box.focus();
  }

  async function erase() {
    try {
      await api("/api/erase", { yes: true });
      confirming = null;
      problem("");
      toast(say("erased"));
      announce(say("erased"));
    } catch (error) { problem(error.message); }
    await refresh();
    const heading = $("settings-heading");
    if (heading) heading.focus();
  }

  function eraseSection() {
    const section = el("section", { class: "panel erase", "aria-labelledby": "erase-title" },
      el("h2", { id: "erase-title", text: say("eraseTitle") }), el("p", { text: say("eraseIntro") }));
    if (!confirming) {
      section.append(el("button", { type: "button", class: "ghost", id: "erase-open", text: say("eraseOpen"), onclick: openConfirm }));
      return section;
    }
    section.append(el("div", { id: "erase-confirm", class: "confirm", tabindex: "-1", role: "group", "aria-labelledby": "erase-loses" },
      el("p", { id: "erase-loses", text: say("eraseLoses", confirming) }),
      el("div", { class: "actions" },
        el("button", { type: "button", class: "danger", id: "erase-now", text: say("eraseConfirm"), onclick: erase }),
        el("button", { type: "button", class: "ghost", id: "erase-keep", text: say("eraseKeep"), onclick: () => {
          confirming = null; refresh().then(() => $("erase-open").focus());
        } }))));
    return section;
  }

  screen({
    name: "settings",
    nav: "navSettings",
    match: (hash) => (hash === "#settings" ? {} : null),
    title: () => say("settingsTitle"),
    render: async () => {
      const focused = document.activeElement && document.activeElement.id;
      const [settings, privacy] = await Promise.all([api("/api/settings"), api("/api/privacy")]);
      const view = $("view-settings");
      if (!$("settings-list")) {
        const list = el("section", { class: "panel", id: "settings-list", "aria-labelledby": "settings-list-title" },
          el("h2", { id: "settings-list-title", text: say("settingsChoices") }),
          ...Object.entries(settings).map(([key, value]) => settingForm(key, value)));
        const statement = el("section", { class: "panel", "aria-labelledby": "privacy-title" },
          el("h2", { id: "privacy-title", text: say("privacyTitle") }),
          el("p", { id: "privacy-text" }), el("p", { class: "hint", id: "privacy-store" }));
        view.replaceChildren(el("h1", { id: "settings-heading", tabindex: "-1", text: say("settingsTitle") }),
                             list, statement, el("div", { id: "erase-section" }));
      } else {
        // Drawn again after a change: a field keeps what the person chose but has not saved yet.
        for (const [key, value] of Object.entries(settings)) {
          const input = $("setting-" + key);
          if (input && input.value === drawn[key]) input.value = value;
        }
      }
      drawn = Object.assign({}, settings);
      $("privacy-text").textContent = privacy.message;
      $("privacy-store").textContent = say("privacyStore", { path: privacy.store });
      $("erase-section").replaceChildren(eraseSection());
      if (focused && document.activeElement && document.activeElement.id !== focused) {
        const again = document.getElementById(focused);
        if (again) again.focus();
      }
    },
  });
})();
