// Reminders as this browser's notifications (rules R-7, R-8). Settings' button asks the browser's
// permission (never on load) and turns them on for this browser (kept in localStorage); while on, the
// page asks the server about once a minute for the reminders due and not yet delivered on this device
// (`POST /api/reminders/deliver`, which records each as delivered by the page) and shows each as a
// `Notification` tagged with its key. Whatever the desktop's notification service showed first is not
// handed out again, so a reminder arrives once per device, whichever shows it.
import { $, el, announce } from "./dom.mjs";
import { say } from "./words.mjs";
import { api } from "./api.mjs";

const choiceKey = "charflow.notifications";
const lookEvery = 60000;
let timer = null;

function supported() {
  return typeof window.Notification === "function";
}

function isOn() {
  return supported() && Notification.permission === "granted" && localStorage.getItem(choiceKey) === "on";
}

// One look: what the server hands over is shown, each once; a failed look is quiet and tried again.
async function look() {
  if (!isOn()) return;
  let answer;
  try { answer = await api("/api/reminders/deliver", {}); } catch (error) { return; }
  for (const reminder of answer.reminders) {
    try { new Notification(reminder.title, { body: reminder.message, tag: reminder.key }); } catch (error) { /* not shown here */ }
  }
}

function schedule() {
  if (timer !== null) window.clearTimeout(timer);
  timer = window.setTimeout(async () => { await look(); schedule(); }, lookEvery);
}

async function turnOn() {
  const answer = await Notification.requestPermission();
  if (answer === "granted") {
    localStorage.setItem(choiceKey, "on");
    announce(say("notificationsOn"));
    await look();
  }
  drawSection();
  const next = $("notifications-stop") || $("notifications-on");
  if (next) next.focus();
}

function turnOff() {
  localStorage.setItem(choiceKey, "off");
  drawSection();
  const next = $("notifications-on");
  if (next) next.focus();
}

function sectionBody() {
  if (!supported()) return [el("p", { id: "notifications-state", text: say("notificationsUnsupported") })];
  if (Notification.permission === "denied") return [el("p", { id: "notifications-state", text: say("notificationsBlocked") })];
  if (isOn()) {
    return [el("p", { id: "notifications-state", text: say("notificationsOn") }),
            el("button", { type: "button", class: "ghost", id: "notifications-stop", text: say("notificationsStop"), onclick: turnOff })];
  }
  return [el("button", { type: "button", id: "notifications-on", text: say("notificationsButton"), onclick: turnOn })];
}

function fill(holder) {
  holder.replaceChildren(el("section", { class: "panel", id: "notifications", "aria-labelledby": "notifications-title" },
    el("h2", { id: "notifications-title", text: say("notificationsTitle") }),
    el("p", { class: "hint", text: say("notificationsIntro") }), ...sectionBody()));
}

function drawSection() {
  const holder = $("notifications-section");
  if (holder) fill(holder);
}

/** Settings' Reminders panel: the button that asks, or what this browser does now. */
export function notificationsSection() {
  const holder = el("div", { id: "notifications-section" });
  fill(holder);
  return holder;
}

/** Starts looking for due reminders; nothing is asked of the browser here. */
export function start() {
  look();
  schedule();
}
