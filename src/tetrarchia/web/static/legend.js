// The map's legend: every marker drawn by the very function the map draws it with (pieces.js),
// each with its words; the map's lines and rings; the danger overlay's scale.  In the page's
// shared dialog (a modal <dialog>, named by its title, closed by Escape or Close).
import { el, t, showDialog } from "./main.js";
import { EMPERORS, EMPEROR_COLOUR } from "./board.js";
import { KINDS, pieceWords, swatch } from "./pieces.js";
import { dangerScale } from "./danger.js";

const SVG = "http://www.w3.org/2000/svg";

function node(tag, attributes = {}) {
  const n = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) n.setAttribute(key, value);
  return n;
}

// A small drawing of one of the map's lines or rings, with the map's own classes.
function mapSwatch(kind) {
  const svg = node("svg", { viewBox: "-11 -11 22 22", width: "26", height: "26", class: "swatch", "aria-hidden": "true" });
  if (kind === "province") svg.append(node("circle", { r: 8, class: "legend-site" }));
  else if (kind === "capital") svg.append(node("circle", { r: 9, class: "legend-capital" }), node("circle", { r: 6, class: "legend-site" }));
  else if (kind === "arrow") svg.append(node("line", { x1: -9, y1: 0, x2: 5, y2: 0, class: "arrow", "marker-end": "url(#arrowhead)" }));
  else svg.append(node("line", { x1: -10, y1: 0, x2: 10, y2: 0, class: kind === "broken" ? "link broken" : kind === "divider" ? "divider" : "link" }));
  return svg;
}

function entry(picture, words, kind) {
  return el("li", { class: "legend-entry", "data-kind": kind }, picture, el("span", { text: words }));
}

export function showLegend() {
  const pieces = KINDS.map((kind) => {
    const who = kind === "emperor" || kind === "garrison" || kind === "secured" ? "Maximian" : null;
    return entry(swatch(kind, who), pieceWords(kind), kind);
  });
  const colours = el("li", { class: "legend-entry legend-colours" },
    ...EMPERORS.map((who) => swatch("emperor", who)),
    el("span", { text: t("Each Emperor's colour; his initial is on his shield and his garrisons") }));
  colours.dataset.colours = EMPERORS.map((who) => EMPEROR_COLOUR[who]).join(" ");
  const lines = [
    entry(mapSwatch("province"), t("Province (its circle; a disc stands in it)"), "province"),
    entry(mapSwatch("capital"), t("Capital (gold ring)"), "capital"),
    entry(mapSwatch("link"), t("Link"), "link"),
    entry(mapSwatch("broken"), t("Broken link (dashed)"), "broken"),
    entry(mapSwatch("arrow"), t("Barbarian arrow: where an army advances"), "arrow"),
    entry(mapSwatch("divider"), t("Border between sea zones"), "divider"),
  ];
  showDialog(t("Legend"),
    el("h3", { text: t("Pieces") }), el("ul", { class: "legend" }, ...pieces, colours),
    el("h3", { text: t("The map") }), el("ul", { class: "legend" }, ...lines),
    el("h3", { text: t("Danger overlay") }),
    el("div", { class: "danger-key" }, dangerScale(),
       el("p", { text: t("Colour: chance of revolt in the coming Barbarian phase (light: low, dark: high); hatching: chance of unrest; a thick step: an army likely to advance.") })),
    el("p", { text: t("Point at, focus or long-press anything on the map for its tooltip; Escape closes it.") }));
}
