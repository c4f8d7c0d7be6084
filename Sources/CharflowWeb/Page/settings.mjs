// Settings, Privacy, Export and Erase at `#settings`: every setting `charflow settings` lists but the
// terminal's colour, in one form with one Save, each changed through `POST /api/settings/NAME`; the
// categories (create, rename, archive, restore); the Reminders panel (notifications.mjs: reminders as this
// browser's notifications, R-7); the privacy statement of `charflow privacy`; Export, the
// backup `charflow export` writes, as a download (`GET /api/export`); and Erase, which does what
// `charflow erase --yes` does only after a confirm step that names what is lost.
import { $, el, announce, problem, focusedID, keepFocus } from "./dom.mjs";
import { say, key } from "./words.mjs";
import { api } from "./api.mjs";
import { state } from "./state.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";
import { notificationsSection } from "./notifications.mjs";
import { pairingSection } from "./pairing.mjs";

const settings = state.settings;
const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
// The terminal's colour is the CLI's own setting: a web page has no use for it.
const terminalOnly = ["color"];
// Each setting's name, and the hint of those that need one.
const names = {
  "rollover-time": key("setting.rollover-time"), "end-of-day": key("setting.end-of-day"), "first-weekday": key("setting.first-weekday"),
  "lock-complementary": key("setting.lock-complementary"), "review-time": key("setting.review-time"),
  color: key("setting.color"),
  morning: key("setting.morning"), afternoon: key("setting.afternoon"), evening: key("setting.evening"),
  location: key("setting.location"), "prayer-method": key("setting.prayer-method"), asr: key("setting.asr"),
  "high-latitude": key("setting.high-latitude"), "prayer-adjust": key("setting.prayer-adjust"),
};
const hints = {
  "rollover-time": key("settingHint.rollover-time"), "end-of-day": key("settingHint.end-of-day"),
  "review-time": key("settingHint.review-time"),
  morning: key("settingHint.morning"), afternoon: key("settingHint.afternoon"), evening: key("settingHint.evening"),
  location: key("settingHint.location"), "prayer-method": key("settingHint.prayer-method"), asr: key("settingHint.asr"),
  "high-latitude": key("settingHint.high-latitude"), "prayer-adjust": key("settingHint.prayer-adjust"),
};

function control(name, value) {
  const id = "setting-" + name;
  if (name === "first-weekday") {
    return el("select", { id }, ...weekdays.map((day) => el("option", { value: day, text: day[0].toUpperCase() + day.slice(1), selected: day === value })));
  }
  if (name === "lock-complementary") {
    return el("select", { id }, el("option", { value: "on", text: say("on"), selected: value === "on" }),
                                el("option", { value: "off", text: say("off"), selected: value === "off" }));
  }
  return el("input", { id, type: "text", value, autocomplete: "off" });
}

// A setting's field with its label, hint and the line that shows its refusal.
function settingField(name, value) {
  const input = control(name, value);
  const hint = hints[name] ? el("p", { class: "hint", id: "setting-hint-" + name, text: say(hints[name]) }) : null;
  input.setAttribute("aria-describedby", [hint ? hint.id : null, "setting-problem-" + name].filter(Boolean).join(" "));
  return el("div", { class: "setting", id: "setting-row-" + name },
    el("label", { for: "setting-" + name, text: say(names[name]) }), input, hint,
    el("p", { class: "refused", id: "setting-problem-" + name }));
}

function showFieldProblem(name, text) {
  const line = $("setting-problem-" + name);
  const input = $("setting-" + name);
  if (line) line.textContent = text || "";
  if (input) { if (text) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid"); }
}

// One Save for every setting (item 12): each field changed since it was drawn, or still refused, is sent
// through its own route in turn; a saved one loses its old refusal, a refused one shows why under itself
// and takes focus. The toast names what changed and its undo takes back all of it.
async function saveSettings(event) {
  event.preventDefault();
  const drawn = settings.drawn;
  const changed = Object.keys(drawn).filter((name) => $("setting-" + name)
    && ($("setting-" + name).value !== drawn[name] || $("setting-problem-" + name).textContent));
  const saved = [];
  const actions = [];
  let firstRefused = null;
  for (const name of changed) {
    const input = $("setting-" + name);
    try {
      const answer = await api("/api/settings/" + name, { value: input.value });
      drawn[name] = input.value;  // saved: the redraw shows the stored form ("3:30" as "03:30")
      showFieldProblem(name, "");
      saved.push(say("settingChanged", { name: say(names[name]), value: answer[name] }));
      if (answer.action) actions.push(answer.action);
    } catch (error) {
      if (error.code === "offline") { problem(error.message); break; }
      showFieldProblem(name, error.message);
      if (!firstRefused) firstRefused = name;
    }
  }
  if (saved.length) {
    problem("");
    const text = saved.join(" ");
    toast(text, actions.length ? actions : null);
  } else if (!changed.length) {
    announce(say("settingsUnchanged"));
  }
  await refresh();
  const next = firstRefused ? $("setting-" + firstRefused) : $("settings-save");
  if (next) next.focus();
}

// The privacy statement: what is written between backticks is a command, shown as code.
function privacyText(message) {
  return message.split("`").map((part, index) => (index % 2 ? el("code", { text: part }) : document.createTextNode(part)));
}

function exportSection() {
  return el("section", { class: "panel", id: "export", "aria-labelledby": "export-title" },
    el("h2", { id: "export-title", text: say("exportTitle") }),
    el("p", { text: say("exportIntro") }),
    el("p", { class: "actions" },
      el("a", { class: "button", id: "export-backup", href: "/api/export", download: "", text: say("exportButton") })));
}

async function openConfirm() {
  const [list, habits] = await Promise.all([api("/api/list?all=1"), api("/api/habits?all=1")]);
  settings.confirming = { tasks: list.tasks.length, habits: habits.habits.length };
  await refresh();
  const box = $("erase-confirm");
  if (box) box.focus();
}

async function erase() {
  try {
    await api("/api/erase", { yes: true });
    settings.confirming = null;
    problem("");
    toast(say("erased"));
    announce(say("erased"));
  } catch (error) { problem(error.message); }
  await refresh();
  const heading = $("settings-heading");
  if (heading) heading.focus();
}

// The five colour tokens of task.md, in its order, each with its name in words.
const categoryColors = [["accent", key("color.accent")], ["blue", key("color.blue")], ["ochre", key("color.ochre")],
  ["plum", key("color.plum")], ["slate", key("color.slate")]];

// Categories (item 7): create, rename, recolour, archive and restore, each through its `/api/categories` route.
async function categoryStep(path, body, text, focusID) {
  try {
    const answer = await api(path, body);
    $("category-problem").textContent = "";
    problem("");
    toast(text, answer.action);
  } catch (error) {
    $("category-problem").textContent = error.message;
    return false;
  }
  await refresh();
  const again = $(focusID);
  if (again) again.focus();
  return true;
}

function slug(name) { return String(name).replace(/[^A-Za-z0-9_-]/g, (c) => "_" + c.charCodeAt(0).toString(16)); }

function categoriesSection(categories) {
  const newInput = el("input", { id: "category-new", type: "text", autocomplete: "off" });
  const create = el("form", { id: "category-new-form" },
    el("label", { for: "category-new", text: say("categoryNewLabel") }),
    el("div", { class: "quick-row" }, newInput, el("button", { type: "submit", id: "category-create", text: say("categoryCreate") })));
  create.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = newInput.value.trim();
    if (!name) { newInput.focus(); return; }
    if (await categoryStep("/api/categories/new", { name }, say("categoryCreated", { name }), "category-new")) $("category-new").value = "";
  });
  const list = el("ul", { class: "category-list", id: "category-list" });
  for (const category of categories) {
    const name = category.name;
    const id = slug(name);
    const path = "/api/categories/" + encodeURIComponent(name);
    const rename = el("input", { id: "category-rename-" + id, type: "text", autocomplete: "off", value: name,
                                 "aria-label": say("categoryRenameLabel", { name }) });
    const form = el("form", { class: "quick-row" }, rename,
      el("button", { type: "submit", class: "ghost", id: "category-rename-button-" + id, text: say("categoryRename"),
                     "aria-label": say("categoryRenameNamed", { name }) }),
      category.isArchived
        ? el("button", { type: "button", class: "ghost", id: "category-restore-" + id, text: say("categoryRestore"), "aria-label": say("categoryRestoreNamed", { name }),
                         onclick: () => categoryStep(path + "/restore", {}, say("categoryRestored", { name }), "category-archive-" + id) })
        : el("button", { type: "button", class: "ghost", id: "category-archive-" + id, text: say("categoryArchive"), "aria-label": say("categoryArchiveNamed", { name }),
                         onclick: () => categoryStep(path + "/archive", {}, say("categoryArchived", { name }), "category-restore-" + id) }));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const to = rename.value.trim();
      if (!to || to === name) return;
      categoryStep(path + "/rename", { to }, say("categoryRenamed", { old: name, name: to }), "category-rename-" + slug(to));
    });
    // Its colour: one of task.md's five tokens, never a free colour (T-6), through `/color`.
    const colour = el("select", { id: "category-color-" + id, "aria-label": say("categoryColorLabel", { name }) },
      ...categoryColors.map(([value, word]) => el("option", { value, text: say(word), selected: value === (category.colorKey || "slate") })));
    colour.addEventListener("change", () => categoryStep(path + "/color", { color: colour.value },
      say("categoryRecolored", { name, color: say(categoryColors.find(([value]) => value === colour.value)[1]) }), "category-color-" + id));
    // The rename field shows the name; only an archived category says more than its name beside it.
    list.append(el("li", { class: "cat-" + (category.colorKey || "slate") },
      el("span", { class: "swatch", "aria-hidden": "true" }),
      category.isArchived ? el("span", { class: "category-name", text: say("categoryIsArchived", { name }) }) : null, colour, form));
  }
  return el("section", { class: "panel", id: "categories", "aria-labelledby": "categories-title" },
    el("h2", { id: "categories-title", text: say("categoriesTitle") }),
    categories.length ? list : el("p", { class: "empty", text: say("categoriesEmpty") }),
    create, el("p", { class: "refused", role: "alert", id: "category-problem" }));
}

function eraseSection() {
  const section = el("section", { class: "panel erase", "aria-labelledby": "erase-title" },
    el("h2", { id: "erase-title", text: say("eraseTitle") }),
    el("p", {}, say("eraseIntro") + " ", el("a", { href: "/api/export", download: "", id: "erase-export", text: say("eraseExportFirst") })));
  if (!settings.confirming) {
    section.append(el("button", { type: "button", class: "ghost", id: "erase-open", text: say("eraseOpen"), onclick: openConfirm }));
    return section;
  }
  section.append(el("div", { id: "erase-confirm", class: "confirm", tabindex: "-1", role: "group", "aria-labelledby": "erase-loses" },
    el("p", { id: "erase-loses", text: say("eraseLoses", settings.confirming) }),
    el("div", { class: "actions" },
      el("button", { type: "button", class: "danger", id: "erase-now", text: say("eraseConfirm"), onclick: erase }),
      el("button", { type: "button", class: "ghost", id: "erase-keep", text: say("eraseKeep"), onclick: () => {
        settings.confirming = null; refresh().then(() => $("erase-open").focus());
      } }))));
  return section;
}

async function load() {
  const [values, privacy] = await Promise.all([api("/api/settings"), api("/api/privacy")]);
  settings.values = values;
  settings.privacy = privacy;
}

function render() {
  const { values, privacy } = settings;
  if (!values) return;
  const focused = focusedID();
  const view = $("view-settings");
  const shown = Object.entries(values).filter(([name]) => !terminalOnly.includes(name));
  if (!$("settings-list")) {
    const form = el("form", { id: "settings-form", novalidate: true },
      ...shown.map(([name, value]) => settingField(name, value)),
      el("div", { class: "actions" }, el("button", { type: "submit", id: "settings-save", text: say("saveSettings") })));
    form.addEventListener("submit", saveSettings);
    const list = el("section", { class: "panel", id: "settings-list", "aria-labelledby": "settings-list-title" },
      el("h2", { id: "settings-list-title", text: say("settingsChoices") }), form);
    const statement = el("section", { class: "panel", "aria-labelledby": "privacy-title" },
      el("h2", { id: "privacy-title", text: say("privacyTitle") }),
      el("p", { id: "privacy-text" }), el("p", { class: "hint", id: "privacy-store" }));
    view.replaceChildren(el("h1", { id: "settings-heading", tabindex: "-1", text: say("settingsTitle") }),
                         list, el("div", { id: "categories-section" }), notificationsSection(), pairingSection(), statement, exportSection(),
                         el("div", { id: "erase-section" }));
  } else {
    // Drawn again after a change: a field keeps what the person chose but has not saved yet.
    for (const [name, value] of Object.entries(values)) {
      const input = $("setting-" + name);
      if (input && input.value === settings.drawn[name]) input.value = value;
    }
  }
  settings.drawn = Object.fromEntries(shown);
  $("privacy-text").replaceChildren(...privacyText(privacy.message));
  $("privacy-store").textContent = say("privacyStore", { path: privacy.store });
  // What is typed in the category fields survives a redraw (a change from elsewhere).
  const typed = Array.from(document.querySelectorAll("#categories input")).filter((input) => input.value !== input.defaultValue)
    .map((input) => [input.id, input.value]);
  $("categories-section").replaceChildren(categoriesSection(state.categories));
  for (const [id, value] of typed) { const input = $(id); if (input) input.value = value; }
  $("erase-section").replaceChildren(eraseSection());
  keepFocus(focused);
}

export const settingsScreen = {
  name: "settings",
  nav: key("navSettings"),
  match: (hash) => (hash === "#settings" ? {} : null),
  title: () => say("settingsTitle"),
  load,
  render,
};
