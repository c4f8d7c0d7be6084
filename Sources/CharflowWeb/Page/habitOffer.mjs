// The offer of a detected habit as a small card: the server's sentence, and Make it a habit, Not now
// and Never. Which titles are offered, and when, is the server's (`habitOffers` of `GET /api/today` and of
// `GET /api/plan/review`); the page derives nothing. An offer is made once: the page records it as shown
// (`POST /api/seen`, `habitOffer:ID`) when it first draws it, and it stands for that day until answered.
// Not now puts the card away on this page; the offer is not made again on a later day.
import { $, el } from "./dom.mjs";
import { say, key } from "./words.mjs";
import { api } from "./api.mjs";
import { toast } from "./toast.mjs";
import { refresh } from "./router.mjs";

// Offers put away with Not now on this page, and those this page already recorded as shown.
const later = new Set();
const recorded = new Set();

/** The section of `offers` (ids prefixed `prefix`), or null when none is left to show. `after` takes the
 * element to focus once a card goes. */
export function habitOfferSection(offers, prefix, after) {
  const shown = (offers || []).filter((offer) => !later.has(offer.id));
  const fresh = shown.filter((offer) => !offer.shown && !recorded.has(offer.id)).map((offer) => offer.id);
  if (fresh.length) {
    fresh.forEach((id) => recorded.add(id));
    api("/api/seen", { shown: fresh.map((id) => "habitOffer:" + id) }).catch(() => {});
  }
  if (!shown.length) return null;
  const titleID = prefix + "-title";
  return el("section", { id: prefix, class: "panel habit-offers", "aria-labelledby": titleID },
    el("h2", { id: titleID, text: say("habitOffer.title") }),
    el("ul", {}, ...shown.map((offer) => card(offer, prefix, after))));
}

function card(offer, prefix, after) {
  const id = prefix + "-" + offer.id.slice(0, 8);
  const names = { title: offer.title };
  const settle = async (path, words) => {
    try {
      const answer = await api(path, {});
      toast(say(words, names), answer.action);
    } catch (error) { toast(error.message); }
    await refresh();
    focusAfter(prefix, after);
  };
  return el("li", { class: "habit-offer", id },
    el("p", { id: id + "-text", text: offer.message }),
    el("div", { class: "offer-actions", role: "group", "aria-labelledby": id + "-text" },
      el("button", { type: "button", id: id + "-adopt", text: say("habitOffer.adopt"), "aria-label": say("habitOffer.adoptNamed", names),
                     onclick: () => settle("/api/habits/offers/" + offer.id + "/adopt", key("habitOffer.adopted")) }),
      el("button", { type: "button", class: "ghost", id: id + "-later", text: say("habitOffer.later"),
                     "aria-label": say("habitOffer.laterNamed", names),
                     onclick: async () => { later.add(offer.id); await refresh(); focusAfter(prefix, after); } }),
      el("button", { type: "button", class: "ghost", id: id + "-decline", text: say("habitOffer.decline"),
                     "aria-label": say("habitOffer.declineNamed", names),
                     onclick: () => settle("/api/habits/offers/" + offer.id + "/decline", key("habitOffer.declined")) })));
}

// Once a card goes, focus moves to the next offer's first button, or to what `after` gives.
function focusAfter(prefix, after) {
  const next = document.querySelector("#" + prefix + " .habit-offer button") || (after && after());
  if (!next) return;
  if (!next.matches("button, a, input, select, textarea")) next.setAttribute("tabindex", "-1");
  next.focus();
}

/** Puts the section of `offers` in place of the one with id `prefix`, or before `anchor` when there is none. */
export function renderHabitOffers(offers, prefix, anchor, after) {
  const section = habitOfferSection(offers, prefix, after);
  const held = $(prefix);
  if (held && section) held.replaceWith(section);
  else if (held) held.remove();
  else if (section && anchor) anchor.before(section);
}
