// Settings' "Pair a phone" panel (spec D24, rule M-2): on this machine's page only, a button makes the
// one-time pairing link `charflow pair` prints (`POST /api/pairing`) and shows it with its code, the
// certificate's fingerprint and its QR code, drawn as an SVG path. A phone's page (HTTPS) has no panel:
// a paired phone does not pair others.
import { $, el, announce } from "./dom.mjs";
import { say } from "./words.mjs";
import { api } from "./api.mjs";

const svgSpace = "http://www.w3.org/2000/svg";

function qrDrawing(qr) {
  const svg = document.createElementNS(svgSpace, "svg");
  svg.setAttribute("viewBox", `0 0 ${qr.size} ${qr.size}`);
  svg.setAttribute("width", String(qr.size * 5));
  svg.setAttribute("height", String(qr.size * 5));
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", say("pairQR"));
  svg.setAttribute("id", "pairing-qr");
  svg.setAttribute("shape-rendering", "crispEdges");
  const ground = document.createElementNS(svgSpace, "rect");
  for (const [name, value] of [["width", qr.size], ["height", qr.size], ["fill", "#FFFFFF"]]) ground.setAttribute(name, String(value));
  const modules = document.createElementNS(svgSpace, "path");
  modules.setAttribute("d", qr.path);
  modules.setAttribute("fill", "#000000");
  svg.append(ground, modules);
  return svg;
}

async function makeLink() {
  const shown = $("pairing-shown");
  let answer;
  try {
    answer = await api("/api/pairing", {});
  } catch (error) {
    shown.replaceChildren(el("p", { id: "pairing-problem", role: "alert", text: error.message }));
    return;
  }
  shown.replaceChildren(
    el("p", { text: say("pairMade") }),
    el("p", {}, el("a", { id: "pairing-link", href: answer.url, text: answer.url })),
    answer.qr ? el("p", {}, qrDrawing(answer.qr)) : null,
    el("p", { id: "pairing-code", text: say("pairCode", { code: answer.code }) }),
    el("p", { class: "hint", id: "pairing-fingerprint", text: say("pairFingerprint", { fingerprint: answer.fingerprint }) }));
  announce(say("pairMade"));
}

/** The panel, or nothing on a phone's page. */
export function pairingSection() {
  if (location.protocol === "https:") return null;
  return el("section", { class: "panel", id: "pairing", "aria-labelledby": "pairing-title" },
    el("h2", { id: "pairing-title", text: say("pairTitle") }),
    el("p", { class: "hint", text: say("pairIntro") }),
    el("button", { type: "button", id: "pairing-make", text: say("pairMake"), onclick: makeLink }),
    el("div", { id: "pairing-shown", "aria-live": "polite" }));
}
