// The map: coastline (Natural Earth, pre-built), provinces as territories tinted by region,
// their circles with coordinates and names, links (broken ones dashed), the Barbarian arrows,
// the sea zones, capitals; and the pieces of a position (their look: pieces.js), the names placed
// clear of them (labels.js), tooltips on everything (maptips.js).  It draws and reports clicks only.
import { t } from "./main.js";
import { EMPEROR_COLOUR, discKind, symbol } from "./pieces.js";
import { placeLabels } from "./labels.js";
import { Tooltip } from "./tooltip.js";
import { describe } from "./maptips.js";

const SVG = "http://www.w3.org/2000/svg";
export const EMPERORS = ["Diocletian", "Galerius", "Constantius", "Maximian"];
export { EMPEROR_COLOUR };
const REGION_COLOUR = ["#efd9a0", "#cfe3b6", "#f4cfae", "#c3dbec", "#e3cbe6", "#f1e3a8", "#f3c0b8"];
const SITE = 9;  // radius of a province's circle; a disc piece stands inside it
const RING = 13;  // the room a name keeps from its circle (a capital's ring is drawn at 11.5-13)
// where a province's figures stand around its circle: right, left, below, above, then corners
const SLOTS = [[19, 0], [-19, 0], [0, 19], [0, -19], [16, 16], [-16, 16], [16, -16], [-16, -16]];

let current = null;  // the map on the page, for pointAt

function node(tag, attributes = {}, text) {
  const n = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) n.setAttribute(key, value);
  if (text !== undefined) n.textContent = text;
  return n;
}

// The map drawn on the page (the last BoardView made), or null.
export function currentMap() {
  return current;
}

// Point at a province (its id, its coordinates or its index): it pulses and its tooltip shows;
// for the tutorial and anyone who wants to show the player a place.  False when no map is drawn
// or no such province.
export function pointAt(province) {
  if (!current) return false;
  const i = typeof province === "number" ? province : current.where(province);
  const spot = current.spots[i];
  if (!spot) return false;
  for (const other of current.spots) other.g.classList.remove("pointed");
  spot.g.classList.add("pointed");
  spot.g.scrollIntoView({ block: "nearest", inline: "nearest" });
  current.tip.show(spot.g);
  return true;
}

export class BoardView {
  constructor(container, board, asset, onProvince, onZone) {
    this.board = board;
    this.asset = asset;
    this.onProvince = onProvince;
    this.onZone = onZone;
    this.position = null;
    this.forecast = null;  // the danger overlay's figures, when known (danger.js)
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
    const hatch = node("pattern", { id: "unrest-hatch", width: "6", height: "6", patternUnits: "userSpaceOnUse",
                                    patternTransform: "rotate(45)" });
    hatch.append(node("rect", { width: "1.6", height: "6", fill: "#2b1d10" }));
    defs.append(clip, marker, hatch);
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
    this.dangerCells = node("g", { class: "danger-cells", "clip-path": "url(#land-clip)" });
    svg.append(this.dangerCells);
    for (const d of asset.dividers) svg.append(node("path", { d, class: "divider" }));
    const links = node("g", { class: "links" });
    board.links.forEach((link, k) => {
      const [x1, y1] = this.points[link.a], [x2, y2] = this.points[link.b];
      const g = node("g", { "data-tip": `link:${k}` });
      g.append(node("line", { x1, y1, x2, y2, class: link.broken ? "link broken" : "link" }),
               node("line", { x1, y1, x2, y2, class: "hit" }));
      links.append(g);
    });
    board.arrows.forEach((arrow, k) => {
      const [x1, y1] = this.points[arrow.from], [x2, y2] = this.points[arrow.to];
      const mx = x1 + (x2 - x1) * 0.55, my = y1 + (y2 - y1) * 0.55;
      const ax = x1 + (x2 - x1) * 0.35, ay = y1 + (y2 - y1) * 0.35;
      const g = node("g", { "data-tip": `arrow:${k}` });
      g.append(node("line", { x1: ax, y1: ay, x2: mx, y2: my, class: "arrow", "marker-end": "url(#arrowhead)" }),
               node("line", { x1: ax, y1: ay, x2: mx, y2: my, class: "hit" }));
      links.append(g);
    });
    svg.append(links);
    this.dangerArmies = node("g", { class: "danger-armies" });
    svg.append(this.dangerArmies);
    this.zoneGroups = {};
    this.stops = [];  // what the arrow keys move between: the provinces and the sea zones
    for (const [zone, [x, y]] of Object.entries(map.zones)) {
      const g = node("g", { class: "zone", tabindex: "-1", role: "button", "data-tip": `zone:${zone}`,
                            "aria-label": board.zones[zone] });
      const name = node("text", { x, y, class: "zone-name" }, board.zones[zone]);
      g.append(name);
      const pieces = node("g", { class: "zone-pieces" });
      g.append(pieces);
      g.addEventListener("click", () => this.onZone(Number(zone)));
      this.zoneGroups[zone] = { g, pieces, x, y, name };
      this.stops.push({ g, x, y, act: () => this.onZone(Number(zone)), title: board.zones[zone] });
      svg.append(g);
    }
    this.spots = [];
    const spots = node("g", { class: "spots" });
    const names = node("g", { class: "names", "aria-hidden": "true" });
    board.provinces.forEach((p, i) => {
      const [x, y] = this.points[i];
      const g = node("g", { class: "spot", tabindex: "-1", role: "button", "data-index": i, "data-tip": `province:${i}`,
                            transform: `translate(${x},${y})` });
      const capital = p.capital_of.length ? node("circle", { r: p.id === "roma" ? 13 : 11.5, class: "capital" }) : null;
      if (capital) g.append(capital);
      const disc = node("circle", { r: SITE, class: "disc" });
      const piece = node("g", { class: "disc-piece" });
      // the name is drawn in a layer of its own above every province (placed by placeNames), so
      // a province's group is its circle and pieces: what a click or a pointer aims at
      const name = node("text", { class: "name", x, y: y - 14 }, p.title + (p.coords ? ` ${p.coords}` : ""));
      names.append(name);
      const hit = node("rect", { class: "spot-hit", x: -SITE, y: -SITE, width: 2 * SITE, height: 2 * SITE });
      const cost = node("text", { class: "cost", y: 24 });
      const figures = node("g", { class: "figures" });
      g.append(hit, disc, piece, figures, cost);
      g.addEventListener("click", () => this.onProvince(i));
      this.stops.push({ g, x, y, act: () => this.onProvince(i), title: p.title });
      this.spots.push({ g, disc, piece, name, figures, cost, hit, reach: [-SITE, -SITE, SITE, SITE], p, x, y });
      spots.append(g);
    });
    svg.append(spots, names);
    this.roving(board.roma);
    container.replaceChildren(svg);
    if (current && current.tip) current.tip.remove();
    this.tip = new Tooltip(svg, (target) => describe(this, target));
    current = this;
  }

  // The map is one Tab stop (a composite widget, WAI-ARIA's roving tabindex): one province holds
  // tabindex 0 (Roma at first, then the last one focused); the arrow keys move to the nearest
  // province or sea in their direction, a letter to the next name starting with it, Enter or Space
  // selects, Escape (once its tooltip is closed) leaves the map for the element after it.
  roving(first) {
    const start = (this.spots[first] || this.spots[0]);
    start.g.setAttribute("tabindex", "0");
    // the map itself is no Tab stop (chromium would make it one)
    this.svg.setAttribute("tabindex", "-1");
    this.svg.setAttribute("aria-roledescription", t("map"));
    this.svg.addEventListener("focusin", (e) => {
      const stop = this.stops.find((s) => s.g === e.target);
      if (!stop) return;
      for (const s of this.stops) s.g.setAttribute("tabindex", s === stop ? "0" : "-1");
    });
    this.svg.addEventListener("keydown", (e) => {
      const at = this.stops.findIndex((s) => s.g === e.target);
      if (at < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
      const stop = this.stops[at];
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); stop.act(); return; }
      if (e.key === "Escape") { e.preventDefault(); this.leave(); return; }
      const direction = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[e.key];
      let next = -1;
      if (direction) next = this.nearest(at, direction);
      else if (e.key.length === 1 && /\p{L}/u.test(e.key)) next = this.byLetter(at, e.key);
      if (next < 0) return;
      e.preventDefault();
      this.stops[next].g.focus();
    });
  }

  // The nearest stop in a direction: ahead of this one, its distance along the arrow plus twice
  // its offset across it the least (a place straight ahead wins over a nearer one aside).
  nearest(at, [dx, dy]) {
    const from = this.stops[at];
    let best = -1, score = Infinity;
    this.stops.forEach((s, k) => {
      const ahead = (s.x - from.x) * dx + (s.y - from.y) * dy;
      const aside = Math.abs((s.x - from.x) * dy - (s.y - from.y) * dx);
      if (k === at || ahead <= 0 || aside > 3 * ahead) return;
      const value = ahead + 2 * aside;
      if (value < score) { score = value; best = k; }
    });
    return best;
  }

  byLetter(at, letter) {
    const n = this.stops.length, lower = letter.toLocaleLowerCase();
    for (let step = 1; step <= n; step++) {
      const k = (at + step) % n;
      if (this.stops[k].title.toLocaleLowerCase().startsWith(lower)) return k;
    }
    return -1;
  }

  // Leave the map by keyboard: the focus goes to the first control after it (the map's tools),
  // else to the map itself, from where Tab goes on.
  leave() {
    const after = [...document.querySelectorAll("button, a[href], input, select, summary, [tabindex='0']")]
      .find((n) => !this.svg.contains(n) && !n.disabled && n.getClientRects().length &&
                   this.svg.compareDocumentPosition(n) & Node.DOCUMENT_POSITION_FOLLOWING);
    (after || this.svg).focus();
  }

  where(key) {
    if (Number.isInteger(key)) return key >= 0 && key < this.spots.length ? key : -1;
    return key === null || key === undefined ? -1 : (this.index[key] ?? -1);
  }

  // Draw the pieces of a position (the save format's JSON, docs/save-format.md).
  show(position) {
    this.position = position;
    const discs = new Array(this.board.provinces.length).fill(null);
    for (const [key, disc] of Object.entries(position.discs || {})) {
      if (this.where(key) >= 0) discs[this.where(key)] = disc;
    }
    this.figures = this.board.provinces.map(() => []);
    const figures = this.figures;
    for (const [emperor, key] of Object.entries(position.emperors || {})) {
      if (key && this.where(key) >= 0) figures[this.where(key)].push({ kind: "emperor", who: emperor });
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
    for (const [border] of expansion.rebels) place(border, { kind: "rebel" });
    this.discs = discs;
    this.spots.forEach((spot, i) => {
      const disc = discs[i];
      const kind = discKind(disc, spot.p.border);
      const who = kind === "garrison" || kind === "secured" ? disc.split(" ")[1] : null;
      spot.piece.replaceChildren();
      if (kind) {
        const drawn = symbol(kind, 0, 0, who);
        drawn.setAttribute("data-tip", `disc:${i}`);
        spot.piece.append(drawn);
      }
      spot.disc.setAttribute("class", kind ? `disc ${kind}` : "disc");
      spot.figures.replaceChildren();
      let [left, top, right, bottom] = [-SITE, -SITE, SITE, SITE];
      figures[i].forEach((f, k) => {
        const [x, y] = SLOTS[k % SLOTS.length];
        const drawn = symbol(f.kind, x, y, f.who || null);
        drawn.setAttribute("data-tip", `figure:${i}:${k}`);
        spot.figures.append(drawn);
        [left, top, right, bottom] = [Math.min(left, x - SITE), Math.min(top, y - SITE), Math.max(right, x + SITE), Math.max(bottom, y + SITE)];
      });
      // the province answers a click anywhere between its circle and its pieces (and its cost)
      spot.reach = [left, top, right, bottom];
      this.fitHit(spot);
      spot.g.setAttribute("aria-label", this.spoken(i));
    });
    for (const [zone, group] of Object.entries(this.zoneGroups)) {
      group.pieces.replaceChildren();
      let k = 0;
      const item = (kind) => {
        const drawn = symbol(kind, group.x - 11 + 22 * k++, group.y + 16);
        drawn.setAttribute("data-tip", `${kind}:${zone}`);
        group.pieces.append(drawn);
      };
      const said = [];
      if ((position.fleets || []).includes(Number(zone))) { item("fleet"); said.push(t("a Roman fleet")); }
      if (expansion.pirates === Number(zone)) { item("pirates"); said.push(t("the Pirates")); }
      group.g.setAttribute("aria-label", [this.board.zones[zone], ...said].join(", "));
    }
    this.placeNames();
    if (this.tip.target && this.tip.target.isConnected) this.tip.show(this.tip.target);
    else this.tip.hide();
  }

  // What a screen reader says of a province: its name, its disc, its figures.
  spoken(i) {
    const spot = this.spots[i], disc = this.discs[i];
    let words = "";
    if (disc === "unrest") words = t("unrest");
    else if (disc === "revolt") words = t("revolt");
    else if (disc && disc.startsWith("garrison")) {
      words = `${t("garrison of")} ${disc.split(" ")[1]}${spot.p.border ? ", " + t("border secured") : ""}`;
    }
    const said = this.figures[i].map((f) => ({
      emperor: f.who, army: t("a Barbarian army"), goths: t("the Goths"), dux: t("the Dux"),
      vicarius: t("the Vicarius"), rebel: t("a rebel"),
    })[f.kind]);
    return [spot.p.title + (spot.p.coords ? ` ${spot.p.coords}` : ""), words, ...said].filter(Boolean).join(", ");
  }

  // A province's click area: its circle and pieces, and the cost written under it when lit
  // (highlight), so that no gap between them reaches the territory beneath.
  fitHit(spot) {
    let [left, top, right, bottom] = spot.reach;
    if (spot.cost.textContent && this.svg.isConnected) {
      const b = spot.cost.getBBox();
      [left, top, right, bottom] = [Math.min(left, b.x), Math.min(top, b.y), Math.max(right, b.x + b.width), Math.max(bottom, b.y + b.height)];
    }
    for (const [key, value] of Object.entries({ x: left, y: top, width: right - left, height: bottom - top })) {
      spot.hit.setAttribute(key, value);
    }
  }

  // Every piece's drawn box, and every cost written, in the map's units: what a name must not cover.
  pieceBoxes() {
    const boxes = [];
    for (const spot of this.spots) {
      if (spot.cost.textContent) {
        const b = spot.cost.getBBox();
        boxes.push({ x: spot.x + b.x, y: spot.y + b.y, w: b.width, h: b.height });
      }
      for (const piece of spot.g.querySelectorAll(".piece")) {
        const b = piece.getBBox(), [dx, dy] = pieceOffset(piece);
        boxes.push({ x: spot.x + dx + b.x, y: spot.y + dy + b.y, w: b.width, h: b.height });
      }
      boxes.push({ x: spot.x - SITE, y: spot.y - SITE, w: 2 * SITE, h: 2 * SITE });
    }
    for (const group of Object.values(this.zoneGroups)) {
      for (const piece of group.pieces.querySelectorAll(".piece")) {
        const b = piece.getBBox(), [dx, dy] = pieceOffset(piece);
        boxes.push({ x: dx + b.x, y: dy + b.y, w: b.width, h: b.height });
      }
      const b = group.name.getBBox();
      boxes.push({ x: b.x, y: b.y, w: b.width, h: b.height });
    }
    return boxes;
  }

  // Each province's name where it covers no piece (labels.js).
  placeNames() {
    if (!this.svg.isConnected) return;
    if (!this.nameSizes) {
      this.nameSizes = this.spots.map((spot) => {
        spot.name.setAttribute("y", 0);
        const b = spot.name.getBBox();
        return { w: b.width, h: b.height, baseline: -b.y - b.height / 2 };
      });  // (x stays the circle's: a centred name's box is centred on its x)
    }
    const labels = this.spots.map((spot, i) => ({ x: spot.x, y: spot.y, r: RING, w: this.nameSizes[i].w, h: this.nameSizes[i].h }));
    const at = placeLabels(labels, this.pieceBoxes());
    this.spots.forEach((spot, i) => {
      spot.name.setAttribute("x", at[i].x.toFixed(1));
      spot.name.setAttribute("y", (at[i].y + this.nameSizes[i].baseline).toFixed(1));
    });
  }

  // Light up provinces (with a text such as a cost) and mark one as selected.
  highlight(marks = {}, selected = -1, pulse = []) {
    let written = false;  // a cost written or wiped: the names placed again, clear of the costs
    this.spots.forEach((spot, i) => {
      const mark = marks[i];
      spot.g.classList.toggle("target", mark !== undefined);
      spot.g.classList.toggle("selected", i === selected);
      spot.g.classList.toggle("pulse", pulse.includes(i));
      spot.g.classList.remove("pointed");
      const cost = mark === undefined ? "" : String(mark);
      if (spot.cost.textContent !== cost) {
        spot.cost.textContent = cost;
        this.fitHit(spot);
        written = true;
      }
      this.cells[i].classList.toggle("target", mark !== undefined);
      this.cells[i].classList.toggle("pulse", pulse.includes(i));
    });
    if (written) this.placeNames();
  }
}

// The translation of a piece drawn by symbol() (its transform attribute).
function pieceOffset(piece) {
  const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(piece.getAttribute("transform") || "");
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}

// The optional rules' own state of a position (its "records", docs/save-format.md), with the
// names the page uses; a record at its default is not written.
export function optionRecords(position) {
  const r = position.records || {};
  return {
    dux: r.dux, vicarius: r.vicarius, goths: r.goths || [], pirates: r.pirates || 0, rebels: r.rebels || [],
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
