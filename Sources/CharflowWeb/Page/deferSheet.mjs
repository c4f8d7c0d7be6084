// The defer sheet (W-11, T-20): a modal `<dialog>` that takes focus and gives it back to what opened it.
// Opened from the task detail's "Defer…" and, for a task whose deferral asks for a day, from a row's menu.
//
// What it offers is the task's answer: when `deferAsksForDay`, a later day only (later this week, next
// week, Someday, or a day in the date field) with the reason chips and "This one keeps slipping"; else
// tomorrow and the other quick dates. Someday shows when `somedayAllowed` (T-25, and T-13's easing),
// and a quick date only when the server offers it today.
import { $, el, problem, focusHeading, focusedID } from "./dom.mjs";
import { say, key, dayText } from "./words.mjs";
import { api } from "./api.mjs";
import { state, dateOffered } from "./state.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";

const reasons = [
  { value: "too-much", word: key("chip.too-much") },
  { value: "not-ready", word: key("chip.not-ready") },
  { value: "no-longer", word: key("chip.no-longer") },
];
const dates = [
  { word: "tomorrow", text: key("date.tomorrow") },
  { word: "later-this-week", text: key("date.later-this-week") },
  { word: "next-week", text: key("date.next-week") },
  { word: "someday", text: key("date.someday") },
];

// The task's menu button on the screen shown, or the detail's "Defer…".
function opener(task) {
  const button = task && Array.from(document.querySelectorAll(".menu-button"))
    .find((b) => b.closest("li[data-task]")?.dataset.task === task.id && b.offsetParent !== null);
  return $("detail-defer") || button;
}

function sheet() {
  let dialog = $("defer-sheet");
  if (!dialog) {
    dialog = el("dialog", { id: "defer-sheet", class: "sheet", "aria-labelledby": "defer-sheet-title" });
    dialog.addEventListener("close", () => {
      // By id: a redraw while the sheet was open replaced what opened it with another of the same id.
      const back = state.sheet.back && $(state.sheet.back);
      if (back && back.offsetParent !== null) { back.focus(); return; }
      const target = opener(state.sheet.task);
      if (target) target.focus(); else focusHeading();
    });
    // In the body, not the detail's view, so Region focus can open it too.
    document.body.append(dialog);
  }
  return dialog;
}

/** Whether the sheet is open (a redraw of the detail waits while it is). */
export function sheetOpen() {
  const dialog = $("defer-sheet");
  return Boolean(dialog && dialog.open);
}

/** Opens the sheet for `task`, as its answer describes it. */
export function openSheet(task) {
  const dialog = sheet();
  Object.assign(state.sheet, { task, reason: null, back: focusedID() });
  const slipping = task.deferAsksForDay;
  const count = task.deferralCount;
  const body = [el("h2", { id: "defer-sheet-title", tabindex: "-1", text: say("deferSheet", { title: task.title }) }),
                el("p", { class: "hint", text: count === 0 ? say("noDeferrals") : count === 1 ? say("deferOnce") : say("deferCount", { count }) })];
  if (slipping) {
    body.push(el("p", { id: "defer-slipping", text: say(task.somedayAllowed ? "slipping" : "slippingNotSomeday") }));
    body.push(el("fieldset", { class: "choices", id: "defer-reasons" },
      el("legend", { text: say("deferReason") }),
      ...reasons.map((reason) => el("button", {
        type: "button", class: "choice", id: "defer-reason-" + reason.value, text: say(reason.word), "aria-pressed": "false",
        onclick: (event) => {
          state.sheet.reason = state.sheet.reason === reason.value ? null : reason.value;
          for (const chip of dialog.querySelectorAll("#defer-reasons button")) {
            chip.setAttribute("aria-pressed", String(chip === event.target && state.sheet.reason !== null));
          }
        },
      }))));
  }
  const offered = dates.filter(({ word }) => !(slipping && word === "tomorrow") && !(word === "someday" && !task.somedayAllowed)
    && dateOffered(word));
  body.push(el("fieldset", { class: "choices", id: "defer-dates" }, el("legend", { text: say("deferTo") }),
    ...offered.map(({ word, text }) => el("button", { type: "button", class: "choice", id: "defer-to-" + word, text: say(text),
                                                      onclick: () => deferTo(task, word) }))));
  if (slipping) {
    const field = el("input", { type: "date", id: "defer-date", "aria-describedby": "defer-date-said" });
    // The browser's field says the day in its own format; the page says it beside, as everywhere else ("Sun 6 Dec").
    const said = el("span", { class: "said-day", id: "defer-date-said" });
    field.addEventListener("input", () => { said.textContent = field.value ? say("chosenDay", { day: dayText(field.value) }) : ""; });
    body.push(el("div", { class: "defer-date" },
      el("label", { for: "defer-date", text: say("deferDate") }),
      el("div", { class: "quick-row" }, field,
        el("button", { type: "button", id: "defer-to-date", text: say("deferDateButton"),
                       onclick: () => { if (field.value) deferTo(task, field.value); else field.focus(); } }), said)));
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
  if (state.sheet.reason) body.reason = state.sheet.reason;
  const detail = state.detail;
  try {
    const answer = await api("/api/tasks/" + task.id + "/defer", body);
    problem("");
    const text = say("deferred", { title: task.title, to: answer.dueDate ? dayText(answer.dueDate) : say("deferralSomeday") });
    // Easing an important task's importance is said where everyone sees it, in the one toast (T-13).
    toast(answer.deferral && answer.deferral.importanceEased ? text + " " + say("eased") : text, answer.action);
    if (answer.deferral && answer.deferral.suggestRemoval) detail.suggestion = task.id;
    if (answer.deferral && answer.deferral.importanceEased) detail.eased = task.id;
    state.sheet.back = null;
    sheet().close();
  } catch (error) {
    $("defer-problem").textContent = error.message;
    return;
  }
  // The fifth deferral's suggestion takes focus in the first redraw that shows it, whichever that is
  // (the poll's may come first); from Region focus it opens in the task's detail.
  if (detail.suggestion === task.id) {
    detail.pendingFocus = "detail-suggestion";
    if (!/^#task\//.test(location.hash)) {
      location.hash = "#task/" + task.id;
      return;
    }
  }
  await refresh();
  if (detail.pendingFocus === "detail-suggestion") detail.pendingFocus = null;
  const target = detail.suggestion === task.id ? $("detail-suggestion") : $("detail-defer");
  if (target) target.focus();
  else if (!document.activeElement || document.activeElement === document.body) focusHeading();
}
