// The last Today kept for a phone away from home (rule M-5): the page served on the network registers the
// service worker (worker.mjs), and whenever an answer is the worker's copy rather than Charflow's, the
// banner says so and how old the copy is. Nothing is queued: a change tried meanwhile is refused as on
// any page whose server does not answer.
import { $ } from "./dom.mjs";
import { say } from "./words.mjs";

/** Registers the worker when the server asked for it and this browser trusts the connection. */
export function start() {
  const wanted = document.querySelector('meta[name="charflow-offline-copy"]');
  if (!wanted || wanted.content !== "keep" || !("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("/worker.mjs", { type: "module", scope: "/" }).catch(() => {});
  navigator.serviceWorker.ready.then((registration) => {
    const files = [...document.querySelectorAll('link[href^="/v/"], script[src^="/v/"]')]
      .map((node) => node.getAttribute("href") || node.getAttribute("src"));
    if (registration.active) registration.active.postMessage({ files });
  });
  // The age moves on while Charflow stays away, though no answer comes to say so.
  window.setInterval(() => { if (keptAt !== null) show(); }, 30000);
}

let keptAt = null;

/** Notes whether `response` is the kept copy (its `Charflow-Copy-Of` header) and says so at the top. */
export function noteAnswer(response) {
  const copyOf = response.headers.get("Charflow-Copy-Of");
  keptAt = copyOf === null ? null : Number(copyOf);
  show();
}

/** Whether the last answer was the kept copy: Charflow itself has not answered since it went away. */
export function showingKeptCopy() {
  return keptAt !== null;
}

function show() {
  const banner = $("offline-copy");
  const text = keptAt === null ? "" : say("offlineCopy", { age: ageText(Date.now() - keptAt) });
  if (banner.textContent !== text) banner.textContent = text;
  banner.hidden = keptAt === null;
}

/** How long ago, in the page's words: a moment, minutes, hours, days. */
function ageText(milliseconds) {
  const minutes = Math.floor(Math.max(0, milliseconds) / 60000);
  if (minutes < 1) return say("ageMoment");
  if (minutes < 60) return minutes === 1 ? say("ageMinute") : say("ageMinutes", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? say("ageHour") : say("ageHours", { count: hours });
  const days = Math.floor(hours / 24);
  return days === 1 ? say("ageDay") : say("ageDays", { count: days });
}
