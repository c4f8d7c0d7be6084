// Drag and drop of tasks (W-16): no screen of its own; it listens on the document for drags of the task
// rows of Today, Region focus and the Backlog (the `data-` attributes `taskItem` writes).
//
// A drop makes the same call as "Move to…" (`/move`, to another region and bucket or to the Backlog) or
// Alt+Up/Down (`/reorder`, within one bucket), announces it in the polite live region and offers the undo
// toast; a refusal (the 1–3–5 limits) is shown in words inside the place it was dropped on.
import { $, el, announce } from "./dom.mjs";
import { say, regionNames, bucketName, bucketValues } from "./words.mjs";
import { api } from "./api.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";
import { refusalText } from "./tasks.mjs";

let dragged = null;
let over = null;

function source(node) { return node && node.closest ? node.closest("li[data-task][draggable=true]") : null; }

// Where a drop on `node` would put the task: the Backlog, a bucket (with a place in it when dropped on a
// task), or a region (its Misc bucket, as quick add). Buckets go by the API's names (`mustDo`).
function targetOf(node) {
  if (!node || !node.closest) return null;
  const backlog = node.closest("#backlog, #nav-backlog, .drop-backlog");
  if (backlog) return { backlog: true, element: backlog };
  const item = node.closest("li[data-task][data-bucket]");
  if (item) {
    return { region: item.dataset.region, bucket: item.dataset.bucket, index: Number(item.dataset.index),
             element: item.closest("section") || item };
  }
  const list = node.closest("[data-region][data-bucket]");
  if (list) return { region: list.dataset.region, bucket: list.dataset.bucket, element: list.closest("section") || list };
  const card = node.closest("section[data-region]");
  if (card && card.dataset.region in regionNames) return { region: card.dataset.region, bucket: "misc", element: card };
  return null;
}

function showRefusal(element, text) {
  let line = element.querySelector(":scope > .drop-refused");
  if (!line) {
    line = el("p", { class: "refused drop-refused", role: "alert" });
    element.append(line);
  }
  line.textContent = text;
}

function clearOver() {
  if (over) over.classList.remove("drop-over");
  over = null;
}

// On the Backlog no region is on screen: while a task is dragged, three places to drop it appear.
function showStrip() {
  const view = $("view-backlog");
  if (!view || view.hidden || $("drop-strip")) return;
  const strip = el("div", { id: "drop-strip", class: "drop-strip" }, ...Object.entries(regionNames).map(([region, name]) =>
    el("section", { class: "drop-zone", "data-region": region, "data-bucket": "misc" }, el("p", { text: say("dropRegion", { region: name }) }))));
  view.insertBefore(strip, view.querySelector("#backlog-groups"));
}

function hideStrip() { const strip = $("drop-strip"); if (strip) strip.remove(); }

async function drop(task, target) {
  let answer;
  let text;
  try {
    if (target.backlog) {
      if (task.region === "backlog") return;
      answer = await api("/api/tasks/" + task.id + "/move", { backlog: true });
      text = say("movedToBacklog", { title: task.title });
    } else if (target.region === task.region && target.bucket === task.bucket) {
      if (!Number.isInteger(target.index) || target.index === task.index) return;
      const count = target.element.querySelectorAll("li[data-task][data-bucket='" + task.bucket + "'][data-region='" + task.region + "']").length;
      const position = target.index + 1;
      answer = await api("/api/tasks/" + task.id + "/reorder", { position });
      text = say("reordered", { title: task.title, position, count, region: regionNames[task.region], bucket: bucketName(task.bucket) });
    } else {
      // The move takes a bucket as the CLI does (`must`).
      const bucket = Object.keys(bucketValues).find((value) => bucketValues[value] === target.bucket) || target.bucket;
      answer = await api("/api/tasks/" + task.id + "/move", { region: target.region, bucket });
      text = say("moved", { title: task.title, region: regionNames[target.region], bucket: bucketName(target.bucket) });
    }
  } catch (error) {
    // A drop on the Backlog's strip says so on the task's own row, since the strip leaves with the drag.
    const strip = target.element.closest("#drop-strip");
    const own = Array.from(document.querySelectorAll("li[data-task]")).find((li) => li.dataset.task === task.id && li.offsetParent !== null);
    const refused = target.backlog ? error.message : refusalText(error, target.region, target.bucket);
    showRefusal(strip && own ? own : target.element, refused);
    announce(refused);
    return;
  }
  toast(text, answer.action);
  await refresh();
  const still = Array.from(document.querySelectorAll("input[type=checkbox]"))
    .find((box) => box.id.endsWith(task.id) && box.offsetParent !== null);
  if (still) still.focus();
}

export function start() {
  document.addEventListener("dragstart", (event) => {
    const item = source(event.target);
    if (!item) return;
    dragged = { id: item.dataset.task, title: item.dataset.title, region: item.dataset.region,
                bucket: item.dataset.bucket, index: item.dataset.index === undefined ? null : Number(item.dataset.index) };
    item.classList.add("dragging");
    if (event.dataTransfer) {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", item.dataset.title);
    }
    for (const line of document.querySelectorAll(".drop-refused")) line.remove();
    showStrip();
  });

  document.addEventListener("dragover", (event) => {
    if (!dragged) return;
    const target = targetOf(event.target);
    if (!target) { clearOver(); return; }
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
    if (over !== target.element) {
      clearOver();
      over = target.element;
      over.classList.add("drop-over");
    }
  });

  document.addEventListener("drop", (event) => {
    if (!dragged) return;
    const target = targetOf(event.target);
    clearOver();
    if (!target) return;
    event.preventDefault();
    const task = dragged;
    dragged = null;
    drop(task, target).then(hideStrip);
  });

  document.addEventListener("dragend", () => {
    for (const item of document.querySelectorAll("li.dragging")) item.classList.remove("dragging");
    clearOver();
    dragged = null;
    hideStrip();
  });
}
