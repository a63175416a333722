// The map: coastline (Natural Earth, pre-built), provinces as territories tinted by region,
// their circles with coordinates and names, links (broken ones dashed), the Barbarian arrows,
// the sea zones, capitals; and the pieces of a position.  It draws and reports clicks only.
import { t } from "./main.js";

const SVG = "http://www.w3.org/2000/svg";
export const EMPERORS = ["Diocletian", "Galerius", "Constantius", "Maximian"];
// Okabe-Ito colours, each piece also marked by a letter or a shape (colour-blind safe).
export const EMPEROR_COLOUR = { Diocletian: "#7b3294", Galerius: "#1b7837", Constantius: "#e66100", Maximian: "#0072b2" };
const REGION_COLOUR = ["#efd9a0", "#cfe3b6", "#f4cfae", "#c3dbec", "#e3cbe6", "#f1e3a8", "#f3c0b8"];

function node(tag, attributes = {}, text) {
  const n = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) n.setAttribute(key, value);
  if (text !== undefined) n.textContent = text;
  return n;
}

export class BoardView {
  constructor(container, board, asset, onProvince, onZone) {
    this.board = board;
    this.asset = asset;
    this.onProvince = onProvince;
    this.onZone = onZone;
    this.index = {};
    for (const p of board.provinces) {
      this.index[p.id] = p.index;
      if (p.coords) this.index[p.coords] = p.index;
    }
    const map = board.map;
    this.points = map.points;
    const svg = node("svg", { viewBox: `0 0 ${map.width} ${map.height}`, class: "map", role: "group",
                             "aria-label": t("Map of the Roman Empire") });
    this.svg = svg;
    const defs = node("defs");
    const clip = node("clipPath", { id: "land-clip" });
    clip.append(node("path", { d: asset.land }));
    const marker = node("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: "5", refY: "5",
                                    markerWidth: "5", markerHeight: "5", orient: "auto" });
    marker.append(node("path", { d: "M0,0L10,5L0,10z", fill: "#8b1a1a" }));
    defs.append(clip, marker);
    svg.append(defs, node("rect", { width: map.width, height: map.height, class: "sea" }));
    svg.append(node("path", { d: asset.land, class: "land" }));
    const cells = node("g", { "clip-path": "url(#land-clip)" });
    this.cells = [];
    board.provinces.forEach((p, i) => {
      const fill = p.border ? "#d6cfc0" : REGION_COLOUR[p.region];
      const cell = node("path", { d: map.cells[i], fill, class: "cell" });
      this.cells.push(cell);
      cells.append(cell);
    });
    svg.append(cells);
    for (const d of asset.dividers) svg.append(node("path", { d, class: "divider" }));
    const links = node("g", { class: "links" });
    for (const link of board.links) {
      const [x1, y1] = this.points[link.a], [x2, y2] = this.points[link.b];
      links.append(node("line", { x1, y1, x2, y2, class: link.broken ? "link broken" : "link" }));
    }
    for (const arrow of board.arrows) {
      const [x1, y1] = this.points[arrow.from], [x2, y2] = this.points[arrow.to];
      const mx = x1 + (x2 - x1) * 0.55, my = y1 + (y2 - y1) * 0.55;
      links.append(node("line", { x1: x1 + (x2 - x1) * 0.35, y1: y1 + (y2 - y1) * 0.35, x2: mx, y2: my,
                                  class: "arrow", "marker-end": "url(#arrowhead)" }));
    }
    svg.append(links);
    this.zoneGroups = {};
    for (const [zone, [x, y]] of Object.entries(map.zones)) {
      const g = node("g", { class: "zone", tabindex: "0", role: "button",
                            "aria-label": board.zones[zone] });
      g.append(node("text", { x, y, class: "zone-name" }, board.zones[zone]));
      const pieces = node("g", { class: "zone-pieces" });
      g.append(pieces);
      g.addEventListener("click", () => this.onZone(Number(zone)));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.onZone(Number(zone)); } });
      this.zoneGroups[zone] = { g, pieces, x, y };
      svg.append(g);
    }
    this.spots = [];
    const spots = node("g", { class: "spots" });
    // the pieces' letters lie above the spots, outside them: a spot's name is its label, and a
    // glyph inside it would be text its label lacks (axe: label-content-name-mismatch)
    const letters = node("g", { class: "letters", "aria-hidden": "true" });
    board.provinces.forEach((p, i) => {
      const [x, y] = this.points[i];
      const g = node("g", { class: "spot", tabindex: "0", role: "button", "data-index": i,
                            transform: `translate(${x},${y})` });
      const capital = p.capital_of.length ? node("circle", { r: p.id === "roma" ? 13 : 11.5, class: "capital" }) : null;
      if (capital) g.append(capital);
      const disc = node("circle", { r: 8, class: "disc" });
      const glyphs = node("g", { transform: `translate(${x},${y})` });
      const letter = node("text", { class: "disc-letter", y: 3.5 });
      glyphs.append(letter);
      letters.append(glyphs);
      const name = node("text", { class: "name", y: -12 }, p.title + (p.coords ? ` ${p.coords}` : ""));
      const cost = node("text", { class: "cost", y: 22 });
      const figures = node("g", { class: "figures" });
      g.append(disc, name, figures, cost);
      g.addEventListener("click", () => this.onProvince(i));
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.onProvince(i); } });
      this.spots.push({ g, disc, letter, figures, glyphs, cost, p });
      spots.append(g);
    });
    svg.append(spots, letters);
    container.replaceChildren(svg);
  }

  where(key) {
    return key === null || key === undefined ? -1 : (this.index[key] ?? -1);
  }

  // Draw the pieces of a position (the save format's JSON, docs/save-format.md).
  show(position) {
    const discs = new Array(this.board.provinces.length).fill(null);
    for (const [key, disc] of Object.entries(position.discs || {})) {
      if (this.where(key) >= 0) discs[this.where(key)] = disc;
    }
    const figures = this.board.provinces.map(() => []);
    for (const [emperor, key] of Object.entries(position.emperors || {})) {
      if (key && this.where(key) >= 0) figures[this.where(key)].push({ kind: "emperor", name: emperor });
    }
    for (const key of position.armies || []) {
      const at = this.where(key);
      if (at >= 0) figures[at].push({ kind: "army" });
    }
    const expansion = optionRecords(position);
    const place = (key, figure) => {  // a figure in the box or dead is not on the map
      const at = this.where(key);
      if (at >= 0) figures[at].push(figure);
    };
    place(expansion.dux, { kind: "dux" });
    place(expansion.vicarius, { kind: "vicarius" });
    for (const key of expansion.goths) place(key, { kind: "goths" });
    this.spots.forEach((spot, i) => {
      const disc = discs[i];
      let cls = "disc", letter = "", words = "";
      if (disc === "unrest") { cls += " unrest"; letter = "u"; words = t("unrest"); }
      else if (disc === "revolt") { cls += " revolt"; letter = "R"; words = t("revolt"); }
      else if (disc && disc.startsWith("garrison")) {
        const who = disc.split(" ")[1];
        cls += " garrison";
        spot.disc.setAttribute("style", `fill:${EMPEROR_COLOUR[who]}`);
        letter = who[0];
        words = `${t("garrison of")} ${who}${spot.p.border ? ", " + t("border secured") : ""}`;
      }
      if (!disc || !disc.startsWith("garrison")) spot.disc.removeAttribute("style");
      spot.disc.setAttribute("class", cls);
      spot.letter.textContent = letter;
      spot.letter.setAttribute("class", /revolt|garrison/.test(cls) ? "disc-letter light" : "disc-letter");
      spot.figures.replaceChildren();
      spot.glyphs.replaceChildren(spot.letter);
      const said = [];
      figures[i].forEach((f, k) => {
        const x = 10 + 11 * k, y = -4;
        if (f.kind === "emperor") {
          const shield = node("path", { d: `M${x - 6},${y - 7}h12v7l-6,7l-6,-7z`, class: "emperor",
                                        style: `fill:${EMPEROR_COLOUR[f.name]}` });
          spot.figures.append(shield);
          spot.glyphs.append(node("text", { x, y: y + 2, class: "figure-letter" }, f.name[0]));
          said.push(f.name);
        } else if (f.kind === "army" || f.kind === "goths") {
          spot.figures.append(node("path", { d: `M${x - 7},${y + 14}l7,-12l7,12z`, class: "army" }));
          spot.glyphs.append(node("text", { x, y: y + 12, class: "army-letter" }, f.kind === "army" ? "A" : "G"));
          said.push(f.kind === "army" ? t("a Barbarian army") : t("the Goths"));
        } else {
          spot.figures.append(node("path", { d: `M${x},${y - 7}l7,7l-7,7l-7,-7z`, class: "dux" }));
          spot.glyphs.append(node("text", { x, y: y + 3, class: "figure-letter" }, f.kind === "dux" ? "X" : "V"));
          said.push(f.kind === "dux" ? t("the Dux") : t("the Vicarius"));
        }
      });
      const label = [spot.p.title + (spot.p.coords ? ` ${spot.p.coords}` : ""), words, ...said]
        .filter(Boolean).join(", ");
      spot.g.setAttribute("aria-label", label);
    });
    for (const [zone, group] of Object.entries(this.zoneGroups)) {
      group.pieces.replaceChildren();
      let k = 0;
      const item = (cls, letter, words) => {
        const x = group.x - 10 + 22 * k++, y = group.y + 14;
        group.pieces.append(node("path", { d: `M${x - 9},${y}h18l-4,7h-10z M${x},${y - 12}v12`, class: cls }),
                            node("text", { x, y: y - 2, class: "fleet-letter" }, letter));
        return words;
      };
      const said = [];
      if ((position.fleets || []).includes(Number(zone))) said.push(item("fleet", "F", t("a Roman fleet")));
      if (expansion.pirates === Number(zone)) said.push(item("pirates", "P", t("the Pirates")));
      group.g.setAttribute("aria-label", [this.board.zones[zone], ...said].join(", "));
    }
  }

  // Light up provinces (with a text such as a cost) and mark one as selected.
  highlight(marks = {}, selected = -1, pulse = []) {
    this.spots.forEach((spot, i) => {
      const mark = marks[i];
      spot.g.classList.toggle("target", mark !== undefined);
      spot.g.classList.toggle("selected", i === selected);
      spot.g.classList.toggle("pulse", pulse.includes(i));
      spot.cost.textContent = mark === undefined ? "" : mark;
      this.cells[i].classList.toggle("target", mark !== undefined);
      this.cells[i].classList.toggle("pulse", pulse.includes(i));
    });
  }
}

// The optional rules' own state of a position (its "records", docs/save-format.md), with the
// names the page uses; a record at its default is not written.
export function optionRecords(position) {
  const r = position.records || {};
  return {
    dux: r.dux, vicarius: r.vicarius, goths: r.goths || [], pirates: r.pirates || 0,
    glory: r.glory, burned: r.burned, ip_next: r["ip-next"], skip: r.skip || 0,
    barbarian_reserve: r["barbarian-discs"],
  };
}

// Where the events of a step happened, to light them up while the phase is shown.
export function eventPlaces(events) {
  const places = [];
  for (const e of events) {
    for (const key of ["province", "dest", "origin", "army_province", "piece_province", "border", "target"]) {
      const v = e.data[key];
      if (Number.isInteger(v) && v >= 0) places.push(v);
    }
  }
  return places;
}
