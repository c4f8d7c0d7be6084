// The Backlog at `#backlog` (W-10): its groups with their counts, each task with its menu ("Move to…"
// places it with a region and bucket picker, a single-pointer way for every move, W-16), and a search
// that filters as you type.
import { $, el, announce, focusedID, keepFocus } from "./dom.mjs";
import { say } from "./words.mjs";
import { api } from "./api.mjs";
import { state } from "./state.mjs";
import { taskMenu, moveForm, effortTag, categoryTag } from "./tasks.mjs";

let searchTimer = null;

// The Backlog's tasks whose title holds the search text, ignoring case, group by group.
function matches(backlog, query) {
  const needle = query.toLocaleLowerCase();
  const groups = backlog.groups.map((group) => ({
    group, tasks: needle ? group.tasks.filter((task) => task.title.toLocaleLowerCase().includes(needle)) : group.tasks,
  }));
  return { groups, count: groups.reduce((sum, g) => sum + g.tasks.length, 0) };
}

function render() {
  const backlog = state.backlog;
  if (!backlog) return;
  const focused = focusedID();
  $("backlog-total").textContent = backlog.count === 1 ? say("waitingOne") : say("waitingMany", { count: backlog.count });
  const groups = $("backlog-groups");
  groups.replaceChildren();
  if (!backlog.count) { groups.append(el("p", { class: "empty", text: say("backlogEmpty") })); return; }
  const query = $("backlog-search").value.trim();
  const matching = matches(backlog, query);
  if (query && !matching.count) groups.append(el("p", { class: "empty", text: say("searchMatchesNone", { query }) }));
  matching.groups.forEach(({ group, tasks }, index) => {
    if (!tasks.length) return;
    const headingID = "backlog-group-" + index;
    const list = el("ul", { class: "tasks" });
    for (const task of tasks) {
      const item = el("li", { class: "backlog-task", "data-task": task.id, "data-title": task.title, "data-region": "backlog", draggable: "true" },
        el("span", { class: "name" }, el("a", { href: "#task/" + task.id, class: "title-link", id: "backlog-task-" + task.id, "data-rove": "", text: task.title })),
        effortTag(task), taskMenu(task, ""));
      if (task.category) item.querySelector(".name").append(categoryTag(task.category));
      if (state.move.open === "move-" + task.id) item.append(moveForm(task, "move-", null));
      list.append(item);
    }
    const heading = query ? say("groupMatches", { name: group.name, count: tasks.length, total: group.count })
                          : say("group", { name: group.name, count: group.count });
    groups.append(el("section", { class: "panel", "aria-labelledby": headingID }, el("h2", { id: headingID, text: heading }), list));
  });
  keepFocus(focused);
}

// Searching filters as you type; the count of matches is said politely once typing pauses.
function search() {
  if (!state.backlog) return;
  render();
  window.clearTimeout(searchTimer);
  const query = $("backlog-search").value.trim();
  if (!query) return;
  searchTimer = window.setTimeout(() => {
    const count = matches(state.backlog, query).count;
    announce(count === 0 ? say("searchMatchesNone", { query })
      : count === 1 ? say("searchMatchesOne", { query }) : say("searchMatchesMany", { count, query }));
  }, 400);
}

export const backlogScreen = {
  name: "backlog",
  match: (hash) => (hash === "#backlog" ? {} : null),
  title: () => say("navBacklog"),
  load: async () => { state.backlog = await api("/api/backlog"); },
  render,
};

export function start() {
  $("backlog-search").addEventListener("input", search);
}
