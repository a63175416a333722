// The danger overlay (issue 23, item 4): the exact forecast of the coming Barbarian phase, asked
// of the server (GET /api/games/<id>/forecast: tetrarchia.analysis.forecast) after every change
// of the game, and drawn on the map when switched on: each territory tinted by its chance of
// revolt, hatched by its chance of unrest, outlined in dashed red by its chance of an uprising (the
// activity falling on its revolt, R7.2), each army's step with its chance to advance (and to
// reach Roma), the chance that the Empire falls in this phase.  The figures come as the server
// sends them; the numbers are in the tooltips (maptips.js).
import { api, el, t } from "./main.js";
import { fill, percent } from "./maptips.js";
import { placeLabels } from "./labels.js";

const SVG = "http://www.w3.org/2000/svg";
// A sequential scale, light to dark (YlOrBr): read by its lightness, so under any colour
// blindness too.  A chance of 0 leaves the territory as it is.
const STOPS = [[0, [255, 247, 188]], [0.25, [254, 196, 79]], [0.5, [236, 112, 20]], [0.75, [184, 62, 6]], [1, [102, 37, 6]]];

export function dangerColour(p) {
  for (let k = 1; k < STOPS.length; k++) {
    const [to, high] = STOPS[k], [from, low] = STOPS[k - 1];
    if (p <= to) {
      const f = (p - from) / (to - from);
      return `rgb(${low.map((c, j) => Math.round(c + (high[j] - c) * f)).join(",")})`;
    }
  }
  return "rgb(102,37,6)";
}

function node(tag, attributes = {}, text) {
  const n = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) n.setAttribute(key, value);
  if (text !== undefined) n.textContent = text;
  return n;
}

// An uprising's outline: thicker as its chance grows (a chance of 10 % is already a thick line).
export function uprisingWidth(p) {
  return Math.min(6, 1.5 + 40 * p);
}

// The scale as a strip: 0 %, 50 %, 100 %, the hatching of unrest and the outline of an uprising.
export function dangerScale() {
  const svg = node("svg", { viewBox: "0 0 270 34", width: "270", height: "34", class: "danger-scale", "aria-hidden": "true" });
  const gradient = node("linearGradient", { id: `danger-gradient-${Math.random().toString(36).slice(2)}` });
  for (const [at] of STOPS) gradient.append(node("stop", { offset: at, "stop-color": dangerColour(at) }));
  const defs = node("defs");
  defs.append(gradient);
  svg.append(defs, node("rect", { x: 4, y: 2, width: 150, height: 14, fill: `url(#${gradient.id})`, stroke: "#555" }));
  for (const [x, text] of [[4, "0"], [79, "50"], [154, "100 %"]]) {
    svg.append(node("text", { x, y: 30, class: "scale-text", "text-anchor": x === 4 ? "start" : "middle" }, text));
  }
  svg.append(node("rect", { x: 170, y: 2, width: 40, height: 14, fill: "url(#unrest-hatch)", stroke: "#555" }));
  svg.append(node("rect", { x: 222, y: 3, width: 40, height: 12, fill: "none", class: "danger-uprising",
                            "stroke-width": uprisingWidth(0.05) }));
  return svg;
}

export class DangerOverlay {
  constructor(view, gameId) {
    this.view = view;
    this.id = gameId;
    this.on = localStorage.getItem("tetrarchia.danger") === "on";
    this.asked = -1;
    this.button = el("button", { type: "button", id: "danger", class: "danger-toggle", "aria-pressed": String(this.on),
                                 text: t("Danger"), title: t("The exact forecast of the coming Barbarian phase"),
                                 on: { click: () => this.toggle() } });
    this.summary = el("div", { class: "danger-summary", "aria-live": "polite", hidden: "" });
  }

  toggle() {
    this.on = !this.on;
    localStorage.setItem("tetrarchia.danger", this.on ? "on" : "off");
    this.button.setAttribute("aria-pressed", String(this.on));
    if (this.on && this.state && (!this.view.forecast || this.view.forecast.version !== this.state.version)) {
      this.update(this.state);
    }
    this.draw();
    if (this.onToggle) this.onToggle();
  }

  // After every change of the game (its version): the forecast of the position now, asked for
  // only while the overlay is on (a page that does not show it costs the server nothing).
  async update(state) {
    this.view.emperorNames = state.emperor_names;
    this.state = state;
    if (!this.on) {
      this.view.forecast = null;
      return;
    }
    const version = state.version;
    this.asked = version;
    let data = await api(`/api/games/${this.id}/forecast`);
    if (this.asked !== version || data.error) return;  // a newer position was asked for since
    if (data.computing) {
      // the engine follows every die (an option the fast model does not cover): the board stays
      // usable, the summary says so, and the second request waits for the figures
      this.view.forecast = data;
      this.draw();
      this.view.svg.dataset.forecastComputing = String(version);
      data = await api(`/api/games/${this.id}/forecast?wait=1`);
      if (this.asked !== version || data.error) return;
    }
    this.view.forecast = data;
    this.draw();
    delete this.view.svg.dataset.forecastComputing;
    this.view.svg.dataset.forecastVersion = String(data.version);
  }

  // Each army's chance beside its step, clear of the pieces and the names (labels.js).
  placeFigures() {
    const view = this.view;
    const texts = [...view.dangerArmies.querySelectorAll(".danger-figure")];
    if (!texts.length || !view.svg.isConnected) return;
    const obstacles = view.pieceBoxes();
    for (const spot of view.spots) {
      const b = spot.name.getBBox();
      obstacles.push({ x: b.x, y: b.y, w: b.width, h: b.height });
    }
    const sizes = texts.map((text) => {
      text.setAttribute("y", 0);
      text.setAttribute("x", 0);
      const b = text.getBBox();
      return { w: b.width, h: b.height, baseline: -b.y - b.height / 2 };
    });
    const at = placeLabels(texts.map((text, k) => ({ x: Number(text.dataset.x), y: Number(text.dataset.y), r: 0,
                                                     w: sizes[k].w, h: sizes[k].h })), obstacles);
    texts.forEach((text, k) => {
      text.setAttribute("x", at[k].x.toFixed(1));
      text.setAttribute("y", (at[k].y + sizes[k].baseline).toFixed(1));
    });
  }

  draw() {
    const view = this.view, fc = view.forecast;
    view.dangerCells.replaceChildren();
    view.dangerArmies.replaceChildren();
    const shown = this.on && fc && fc.available;
    view.svg.classList.toggle("danger-on", Boolean(shown));
    this.summary.hidden = !this.on;
    if (!this.on) return;
    if (!shown) {
      this.summary.replaceChildren(fc && fc.computing
        ? el("span", { class: "computing", text: t("Computing the forecast… (an optional rule in play is followed die by die)") })
        : el("span", { text: t("No Barbarian phase can be forecast now.") }));
      return;
    }
    const cells = view.board.map.cells;
    view.board.provinces.forEach((p, i) => {
      const revolt = fc.revolt[i], unrest = fc.unrest[i], uprising = fc.uprising[i];
      const g = node("g", { "data-province": i, "data-revolt": revolt, "data-unrest": unrest, "data-uprising": uprising,
                            class: "danger-cell" });
      g.append(node("path", { d: cells[i], fill: revolt > 0 ? dangerColour(revolt) : "none", "fill-opacity": 0.8 }));
      if (unrest >= 0.01) g.append(node("path", { d: cells[i], fill: "url(#unrest-hatch)", "fill-opacity": Math.min(0.9, 0.15 + unrest) }));
      view.dangerCells.append(g);
    });
    // the outlines over every tint, so a neighbour's tint never covers one
    view.board.provinces.forEach((p, i) => {
      const uprising = fc.uprising[i];
      if (uprising >= 0.001) {  // on a light halo: the dashes read on the darkest tint too
        view.dangerCells.append(node("path", { d: cells[i], fill: "none", class: "danger-uprising-halo",
                                               "stroke-width": uprisingWidth(uprising) + 2 }),
                                node("path", { d: cells[i], fill: "none", class: "danger-uprising",
                                               "stroke-width": uprisingWidth(uprising) }));
      }
    });
    for (const army of fc.armies) {
      if (army.next_step < 0) continue;
      const [x1, y1] = view.points[army.province], [x2, y2] = view.points[army.next_step];
      const g = node("g", { class: "danger-army", "data-army": army.province, "data-advances": army.advances,
                            "data-roma": army.roma, "data-tip": `army:${army.province}` });
      g.append(node("line", { x1, y1, x2, y2, stroke: dangerColour(army.advances), "stroke-width": 3 + 6 * army.advances,
                              "stroke-linecap": "round", class: "danger-step" }));
      const mx = x1 + (x2 - x1) * 0.5, my = y1 + (y2 - y1) * 0.5;
      const figure = node("text", { x: mx, y: my, class: "danger-figure" },
                          army.roma > 0 ? `${percent(army.advances)} → Roma` : percent(army.advances));
      figure.dataset.x = mx;
      figure.dataset.y = my;
      g.append(figure);
      view.dangerArmies.append(g);
    }
    this.placeFigures();
    const during = fc.during ? [el("div", { class: "during",
      text: t("The Barbarian phase is under way: the figures forecast at its start, against what the dice do on the map.") })] : [];
    this.summary.replaceChildren(...during,
      el("b", { "data-fall": fc.fall, class: "fall",
                text: fill(t("The Empire falls in this phase: {chance}"), { chance: percent(fc.fall) }) }),
      el("span", { text: ` (${fill(t("an army in Roma {roma}, a reserve run dry {dry}"), { roma: percent(fc.army_in_roma), dry: percent(fc.reserve_empty) })})` }),
      el("div", { class: "danger-key" }, dangerScale(),
         el("small", { text: t("Colour: chance of revolt; hatching: chance of unrest; a dashed red outline: chance of an uprising, thicker as it grows; a thick step: an army likely to advance. Point at a place for its numbers.") })));
  }
}
