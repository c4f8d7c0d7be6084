// Search at `#search` (W-20): every task, done and dropped ones too (`GET /api/list?all=1`, the CLI's
// `list --all`), whose title or notes hold the typed text, ignoring case, each with where it is or that it
// is done or dropped. `/` opens it with the cursor in its field.
import { $, el, announce } from "./dom.mjs";
import { say, key, regionNames, bucketName, dayText } from "./words.mjs";
import { api } from "./api.mjs";
import { state } from "./state.mjs";

const search = state.search;
let timer = null;

// Where a task is, in words: its region and bucket, the Backlog (the server says since when: `backlogSince`),
// or the day it is due.
function where(task) {
  if (task.droppedAt) return say("searchWhereDropped");
  if (task.isCompleted) return say("searchWhereDone");
  if (task.region) return say("searchWhereBoard", { region: regionNames[task.region], bucket: bucketName(task.bucket) });
  if (task.backlogSince || !task.dueDate) return say("searchWhereBacklog");
  return say("searchWhereDue", { day: dayText(task.dueDate) });
}

function matches(list, query) {
  const needle = query.toLocaleLowerCase();
  return list.tasks.filter((task) => task.title.toLocaleLowerCase().includes(needle)
    || (task.notes || "").toLocaleLowerCase().includes(needle));
}

function drawResults() {
  const query = $("search-line").value.trim();
  const results = $("search-results");
  if (!query || !search.list) { results.replaceChildren(el("p", { class: "empty", text: say("searchPrompt") })); return; }
  const found = matches(search.list, query);
  if (!found.length) { results.replaceChildren(el("p", { class: "empty", text: say("searchAllNone", { query }) })); return; }
  results.replaceChildren(el("ul", { class: "tasks", id: "search-list" }, ...found.map((task) => el("li", { class: "backlog-task" + (task.droppedAt ? " dropped" : task.isCompleted ? " done" : "") },
    el("span", { class: "name" }, el("a", { href: "#task/" + task.id, class: "title-link", text: task.title }),
      task.category ? el("span", { class: "cat", text: task.category }) : null),
    el("span", { class: "where", text: where(task) })))));
}

// The search field is drawn once, so what is typed survives every redraw.
function shell() {
  if ($("search-line")) return;
  const input = el("input", { id: "search-line", type: "search", autocomplete: "off", enterkeyhint: "search" });
  input.addEventListener("input", () => {
    drawResults();
    window.clearTimeout(timer);
    const query = input.value.trim();
    if (!query || !search.list) return;
    timer = window.setTimeout(() => {
      const count = matches(search.list, query).length;
      announce(count === 0 ? say("searchAllNone", { query })
        : count === 1 ? say("searchMatchesOne", { query }) : say("searchMatchesMany", { count, query }));
    }, 400);
  });
  $("view-search").replaceChildren(el("h1", { id: "search-heading", tabindex: "-1", text: say("searchHeading") }),
    el("div", { class: "search-row", role: "search" }, el("label", { for: "search-line", text: say("searchLabel") }), input),
    el("div", { id: "search-results", "aria-live": "off" }));
}

function render() {
  shell();
  drawResults();
  if (search.focusField) { search.focusField = false; $("search-line").focus(); }
}

export const searchScreen = {
  name: "search",
  nav: key("navSearch"),
  match: (hash) => (hash === "#search" ? {} : null),
  title: () => say("searchHeading"),
  load: async () => { search.list = await api("/api/list?all=1"); },
  render,
};

/** Opens Search with the cursor in its field. */
export function openSearch() {
  if (location.hash === "#search") { $("search-line").focus(); return; }
  search.focusField = true;
  location.hash = "#search";
}
