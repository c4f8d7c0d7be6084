// Quick add (W-9): a line read by the core's parser while it is typed (`POST /api/parse`), each token shown
// as recognised, and the add itself (`POST /api/tasks` with the line), on Today, in Region focus and in
// Night planning's new task.
import { $, el, problem, announce } from "./dom.mjs";
import { say, key, dayText, durationText } from "./words.mjs";
import { api } from "./api.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";
import { refusalText } from "./tasks.mjs";

const tokenWords = {
  importance: key("parse.importance"), effort: key("parse.effort"), due: key("parse.due"), category: key("parse.category"),
};

let timer = null;
let serial = 0;
// The preview is said once typing has rested (not on every key), politely, through the page's one live
// region; the place under the line is not live itself.
let sayTimer = null;

// The sign between two tokens, which a screen reader reads as a pause ("Title: Call; Importance: high").
function between() { return el("span", { class: "sr-only", text: "; " }); }

/** Marks the line of `inputID` invalid and described by the message in `target`, or clears the mark. */
function markInvalid(inputID, target, invalid) {
  const input = inputID && $(inputID);
  if (!input) return;
  if (invalid) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
  const ids = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
  if (!ids.includes(target)) input.setAttribute("aria-describedby", [target].concat(ids).join(" "));
}

/** Shows the parser's answer under the line (`target`, the id of the place for it), or clears it; a learned
 *  estimate is offered with a button that writes it into the line of `inputID`, never set unasked. */
function showParse(answer, target, inputID) {
  const shown = $(target);
  shown.replaceChildren();
  window.clearTimeout(sayTimer);
  markInvalid(inputID, target, Boolean(answer && answer.error));
  if (!answer) return;
  if (answer.error) {
    shown.append(el("p", { class: "refused", id: target + "-error", text: answer.error }));
    sayTimer = window.setTimeout(() => announce(answer.error), 700);
    return;
  }
  shown.append(el("span", { class: "token", text: say("parseTitle", { value: answer.title }) }));
  for (const token of answer.tokens) {
    let value = token.value;
    if (token.kind === "due" && answer.dueDate) value = value + " (" + dayText(answer.dueDate) + ")";
    // A category is shown as one only when the API has it (item 7); else the line says so in words.
    const missing = token.kind === "category" && answer.categories
      && !answer.categories.some((c) => !c.isArchived && c.name.toLocaleLowerCase() === token.value.toLocaleLowerCase());
    shown.append(between(), el("span", { class: missing ? "token missing" : "token", "data-kind": token.kind,
                              text: say(missing ? "parse.categoryMissing" : tokenWords[token.kind], { value }) }));
  }
  if (answer.learnedEffort && inputID) {
    const effort = durationText(answer.learnedEffort);
    shown.append(between(), el("span", { class: "learned", id: target + "-learned" },
      el("span", { text: say("learnedEffort", { effort }) }),
      el("button", { type: "button", class: "ghost small", id: target + "-learned-use", text: say("learnedUse", { effort }),
                     "aria-label": say("learnedUseNamed", { effort }),
                     onclick: () => {
                       const input = $(inputID);
                       input.value = input.value.trimEnd() + " ~" + answer.learnedEffort;
                       input.focus();
                       parseSoon(inputID, target);
                     } })));
  }
  const said = Array.from(shown.querySelectorAll(".token, .sr-only, .learned > span")).map((node) => node.textContent).join("");
  sayTimer = window.setTimeout(() => announce(said), 900);
}

/** Reads the line of `inputID` soon after typing pauses and shows its tokens in `target`. */
export function parseSoon(inputID, target) {
  window.clearTimeout(timer);
  window.clearTimeout(sayTimer);
  const line = $(inputID).value;
  if (!line.trim()) { showParse(null, target, inputID); return; }
  timer = window.setTimeout(async () => {
    const mine = ++serial;
    let answer;
    try {
      answer = await api("/api/parse", { parse: line });
      if (answer.category) answer.categories = (await api("/api/categories")).categories;
    } catch (error) {
      if (error.code === "offline") { problem(error.message); if (mine === serial) showParse(null, target); return; }
      // The add would refuse an unknown category: the preview says so, and where one is made.
      answer = { error: error.code === "category_not_found" ? error.message + " " + say("parse.createInSettings") : error.message };
    }
    if (mine === serial) showParse(answer, target, inputID);
  }, 150);
}

/** Adds the line of `inputID` at the place `place()` gives (`{region, bucket}`, or the Backlog). */
export async function quickAdd(event, inputID, target, place) {
  event.preventDefault();
  const input = $(inputID);
  const line = input.value;
  if (!line.trim()) return;
  const body = Object.assign({ parse: line }, place());
  // A preview still on its way would land after the add's answer and hide a refusal: it is dropped.
  window.clearTimeout(timer);
  serial += 1;
  try {
    const task = await api("/api/tasks", body);
    input.value = "";
    showParse(null, target, inputID);
    problem("");
    toast(say("added", { title: task.title }), task.action);
  } catch (error) {
    // Not reaching the server is the banner's to say, in words (W-22, item 11); the line is kept.
    if (error.code === "offline") { showParse(null, target, inputID); problem(error.message); input.focus(); return; }
    showParse({ error: refusalText(error, body.region, body.bucket) }, target, inputID);
  }
  await refresh();
  input.focus();
}
