// The look of every marker of the map, in one table: its shape, its letter, its colour class and
// its words.  The map and the legend draw a marker with the same function (symbol), so the
// legend shows exactly what the map shows.  Every kind differs from every other by its SHAPE
// (never by colour alone, so the map reads the same under any colour blindness); the Emperors'
// own pieces (a shield, a garrison) differ by colour AND by his initial.
//
// The optional rules' pieces (the Dux, the Vicarius, the Goths, the rebels, the Pirates) are
// drawn from the records the server sends with the position (docs/save-format.md).
import { N_, t } from "./main.js";

const SVG = "http://www.w3.org/2000/svg";
// The Emperors' colours, chosen so that each pair stays far apart (CIELAB distance at least 30)
// under simulated deuteranopia, protanopia and tritanopia (Machado 2009), as
// tests/web/test_web_map_markers.py checks; each with the ink its initial is written in.
export const EMPEROR_COLOUR = { Diocletian: "#5e2a84", Galerius: "#005a32", Constantius: "#e66100", Maximian: "#56b4e9" };
export const EMPEROR_INK = { Diocletian: "#fff", Galerius: "#fff", Constantius: "#000", Maximian: "#000" };

// Outlines centred on (0, 0), about 16 units across.
const SHAPES = {
  circle: "M-7,0a7,7 0 1,0 14,0a7,7 0 1,0 -14,0z",
  star: "M0,-9L2.6,-4.2L8,-4.6L5,0L8,4.6L2.6,4.2L0,9L-2.6,4.2L-8,4.6L-5,0L-8,-4.6L-2.6,-4.2z",
  square: "M-6.5,-6.5h13v13h-13z",
  tower: "M-7,-8h3.5v3h3.5v-3h3.5v3h3.5v-3h3.5v15h-17z",
  triangle: "M-8,7L0,-8L8,7z",
  wedge: "M-8,-7L8,-7L0,8z",
  cross: "M-2.8,-8h5.6v5.2h5.2v5.6h-5.2v5.2h-5.6v-5.2h-5.2v-5.6h5.2z",
  shield: "M-6.5,-8h13v8l-6.5,8l-6.5,-8z",
  diamond: "M0,-8.5L8.5,0L0,8.5L-8.5,0z",
  hexagon: "M-4,-7.5h8l4.5,7.5l-4.5,7.5h-8l-4.5,-7.5z",
  boat: "M-9,2h18l-4,6h-10z M-0.8,-9h1.6v11h-1.6z M0.8,-8l6,6h-6z",
  pirate: "M-9,2h18l-4,6h-10z M-0.8,-9h1.6v11h-1.6z M-0.8,-8l-7,3.5l7,3.5z",
};

// kind -> shape, letter (a function of the piece for an Emperor's), class, words
export const PIECES = {
  unrest: { shape: "circle", letter: "u", cls: "unrest", words: N_("Unrest") },
  revolt: { shape: "star", letter: "R", cls: "revolt", words: N_("Revolt") },
  garrison: { shape: "square", cls: "garrison", words: N_("Garrison (an Emperor's disc)") },
  secured: { shape: "tower", cls: "garrison secured", words: N_("Secured border (a garrison on a border)") },
  army: { shape: "triangle", letter: "A", cls: "army", words: N_("Barbarian army") },
  goths: { shape: "wedge", letter: "G", cls: "goths", words: N_("The Goths") },
  rebel: { shape: "cross", letter: "r", cls: "rebel", words: N_("Rebel (on a border)") },
  emperor: { shape: "shield", cls: "emperor", words: N_("Emperor (his initial, his colour)") },
  dux: { shape: "diamond", letter: "X", cls: "dux", words: N_("The Dux") },
  vicarius: { shape: "hexagon", letter: "V", cls: "vicarius", words: N_("The Vicarius") },
  fleet: { shape: "boat", letter: "", cls: "fleet", words: N_("Roman fleet") },
  pirates: { shape: "pirate", letter: "", cls: "pirates", words: N_("The Pirates") },
};

export const KINDS = Object.keys(PIECES);

function node(tag, attributes = {}, text) {
  const n = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) n.setAttribute(key, value);
  if (text !== undefined) n.textContent = text;
  return n;
}

// One marker at (x, y): a group holding its outline and its letter.  ``who``: the Emperor whose
// piece it is (a shield, a garrison): his colour and his initial.
export function symbol(kind, x = 0, y = 0, who = null) {
  const piece = PIECES[kind];
  const g = node("g", { class: `piece piece-${kind}`, transform: `translate(${x},${y})`, "data-kind": kind });
  const outline = node("path", { d: SHAPES[piece.shape], class: `piece-shape ${piece.cls}` });
  if (who) {
    outline.setAttribute("style", `fill:${EMPEROR_COLOUR[who]}`);
    g.dataset.who = who;
  }
  g.append(outline);
  const letter = who ? who[0] : piece.letter;
  if (letter) {
    const text = node("text", { class: `piece-letter letter-${kind}`, y: kind === "army" ? 5 : 3.2 }, letter);
    if (who) text.setAttribute("style", `fill:${EMPEROR_INK[who]}`);
    g.append(text);
  }
  return g;
}

// The marker alone in a small SVG of its own, for the legend.
export function swatch(kind, who = null) {
  const svg = node("svg", { viewBox: "-11 -11 22 22", width: "26", height: "26", class: "swatch", "aria-hidden": "true" });
  svg.append(symbol(kind, 0, 0, who));
  return svg;
}

// The words of a marker in the page's language.
export function pieceWords(kind) {
  return t(PIECES[kind].words);
}

// The disc of a province (save format: "unrest", "revolt", "garrison <Emperor>") as a kind.
export function discKind(disc, border) {
  if (disc === "unrest" || disc === "revolt") return disc;
  if (disc && disc.startsWith("garrison")) return border ? "secured" : "garrison";
  return null;
}
