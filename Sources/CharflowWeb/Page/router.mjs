// The page's screens and their redraw: which screen the address names, the header's links, a change of
// screen with its focus (W-21), and one redraw at a time from the server's answers, also when a change
// made elsewhere moved the change version (W-7: `GET /api/changes`, asked every second).
//
// A screen is `{ name, nav, match, title, load, render, fromToday }`: `name` its view (`#view-NAME`),
// `nav` the key of its link's words in the header (none for a screen reached another way), `match(hash)`
// the address's match or null, `title(match)` its name in the window's title, `load(match)` its answers
// into `state`, `render(match)` its view from `state`, and `fromToday` when it draws from Today's answer
// alone (Region focus). Today is the home screen: drawn on every redraw (its counts and the header's
// chip show on every screen) and shown when no other screen matches.
import { $, el, focusHeading, problem } from "./dom.mjs";
import { api, fromServer } from "./api.mjs";
import { say } from "./words.mjs";
import { state } from "./state.mjs";
import { showingKeptCopy } from "./offline.mjs";

const screens = [];
let home = null;

/** Adds a screen; the home screen last, as it matches every address. */
export function register(definition, { isHome = false } = {}) {
  let view = $("view-" + definition.name);
  if (!view) {
    view = el("div", { id: "view-" + definition.name, hidden: true });
    $("main").insertBefore(view, $("main").querySelector("noscript"));
  }
  if (definition.nav) {
    $("nav-list").append(el("li", {}, el("a", { href: "#" + definition.name, id: "nav-" + definition.name, text: say(definition.nav) })));
  }
  screens.push(definition);
  if (isHome) home = definition;
}

function activeScreen() {
  for (const definition of screens) {
    const match = definition.match(location.hash);
    if (match) return { definition, match };
  }
  return { definition: home, match: {} };
}

// One redraw at a time: a redraw started while another runs waits for it, so an action's own redraw and
// the poll's never interleave (one would take focus back from what the other focused). A redraw that
// fails for a fault of the page rejects for its caller and does not stop the next.
let drawn = Promise.resolve();

/** Reads the answers again and draws Today and the screen shown. */
export function refresh() {
  const next = drawn.then(redraw);
  drawn = next.catch(() => {});
  return next;
}

// The poll's redraw waits its turn and is skipped when a redraw before it already drew `seen`: an
// action's own redraw and the poll that noticed the same change draw the board once.
function refreshUnlessDrawn(seen) {
  const next = drawn.then(() => (state.version === seen ? undefined : redraw()));
  drawn = next.catch(() => {});
  return next;
}

// While a redraw runs, `main` is marked busy (`aria-busy`): what it shows is being replaced.
async function redraw() {
  $("main").setAttribute("aria-busy", "true");
  try {
    // The version read first: what follows is at least that new, so the poll need not draw it again.
    const changes = await api("/api/changes");
    const [today, dates, categories] = await Promise.all([api("/api/today"), api("/api/dates"), api("/api/categories?all=1")]);
    state.dates = dates;
    state.categories = categories.categories;
    state.today = today;
    home.render({});
    state.version = changes.version;
    const { definition, match } = activeScreen();
    if (definition === home) return;
    if (definition.load) await definition.load(match);
    definition.render(match);
  } catch (error) {
    if (!fromServer(error)) throw error;
    problem(error.code !== "http" ? error.message : say("offline"));
  } finally {
    $("main").removeAttribute("aria-busy");
  }
}

// An address no screen takes (`#task/x`, a link typed wrong) shows Today and says so at the top, calmly;
// the words go once another screen is shown.
let unknownAddress = null;

/** Shows the screen the address names: its view, its link marked, its title, and focus on its heading. */
function showView() {
  const { definition, match } = activeScreen();
  if (unknownAddress && $("problem").textContent === unknownAddress) problem("");
  unknownAddress = null;
  if (definition === home && location.hash.length > 1 && !home.match(location.hash)) {
    unknownAddress = say("addressUnknown", { address: location.hash });
    problem(unknownAddress);
  }
  for (const screen of screens) $("view-" + screen.name).hidden = screen !== definition;
  for (const link of document.querySelectorAll("#nav-list a, .thumb-bar a")) link.removeAttribute("aria-current");
  const current = $("nav-" + definition.name);
  if (current) current.setAttribute("aria-current", "page");
  const thumb = document.querySelector(`.thumb-bar a[data-screen="${definition.name}"]`);
  if (thumb) thumb.setAttribute("aria-current", "page");
  toggleScreens(false);
  document.title = say("pageTitle", { screen: definition.title(match) });
  if (definition.fromToday && state.today) definition.render(match);
  // After a change of screen focus goes to the new screen's heading (W-21), unless the screen put it
  // somewhere on purpose: it is still where it was (the link followed), on the body, or out of sight.
  const from = document.activeElement;
  const settle = () => {
    const now = document.activeElement;
    if (!state.changingScreen) return;
    state.changingScreen = false;
    if (!now || now === document.body || now === from || now.offsetParent === null) focusHeading();
  };
  if (definition !== home) refresh().then(settle);
  else settle();
}

// The button that opened the screens' menu: the header's "Screens", or on a phone the bar's "More",
// which opens it as a sheet above the bar.
let opener = null;

/** The screens' menu of a narrow window; a link followed or Esc closes it, focus back on its button. */
export function toggleScreens(show, returnFocus, from) {
  const open = show === undefined ? !screensOpen() : show;
  if (open) opener = from || $("screens-button");
  for (const button of [$("screens-button"), $("thumb-more")]) {
    button.setAttribute("aria-expanded", open && button === opener ? "true" : "false");
  }
  const header = $("screens-button").closest("header");
  header.classList.toggle("menu-open", open);
  header.classList.toggle("from-thumb", open && opener === $("thumb-more"));
  if (open) {
    const link = $("nav-list").querySelector("a[aria-current]") || $("nav-list").querySelector("a");
    if (link) link.focus();
  } else if (returnFocus && opener) opener.focus();
}

/** Whether the screens' menu is open. */
export function screensOpen() {
  return $("screens-button").closest("header").classList.contains("menu-open");
}

// Changes made elsewhere (the CLI, another tab) show within two seconds. The words that Charflow is not
// answering go once Charflow itself answers: the kept copy's answer (M-5) is not Charflow back, and
// would take a change's refusal away within a second of its showing.
async function poll() {
  try {
    const answer = await api("/api/changes");
    if ($("problem").textContent === say("offline") && !showingKeptCopy()) problem("");
    if (state.version !== null && answer.version !== state.version) await refreshUnlessDrawn(answer.version);
    else state.version = answer.version;
  } catch (error) {
    if (!fromServer(error)) throw error;
    problem(error.code === "signedOut" ? error.message : say("offline"));
  }
}

/** Shows the screen the address names, follows the address from now on, and starts asking for changes. */
export function start() {
  window.addEventListener("hashchange", () => { state.changingScreen = true; showView(); });
  $("screens-button").addEventListener("click", (event) => toggleScreens(undefined, false, event.currentTarget));
  $("thumb-more").addEventListener("click", (event) => toggleScreens(undefined, false, event.currentTarget));
  showView();
  // Today's first paint came with the page; what it could not know (the quick dates, the
  // categories' colours) comes with the first redraw, which another screen's change of screen starts.
  if (activeScreen().definition === home) refresh();
  poll();
  window.setInterval(poll, 1000);
}
