// The Barbarian phase as a scene (issue 23, item 5): the dice roll before they show the server's
// faces, and what a roll made happen is drawn over the map one beat after another — the unrest
// turning to revolt along its links (R7.1), an uprising spreading (R7.2), each broken link
// holding or failing on its die (R7.4), armies placed, attacking and moving along their arrows
// (R7.3).  It reads only the events the server sent (their places and links); the map's pieces
// are already where the server says.  With prefers-reduced-motion nothing moves: the same marks
// are drawn at once, and the dice show their faces straight away.
import { t } from "./main.js";

const SVG = "http://www.w3.org/2000/svg";
const BEAT = 420;  // ms between two beats of a roll's story
const ALL_BEATS = 2400;  // a long story (Skip) is told faster, within this time
const ROLL = 520;  // ms the dice tumble before they show the server's faces

function node(tag, attributes = {}, text) {
  const n = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) n.setAttribute(key, value);
  if (text !== undefined) n.textContent = text;
  return n;
}

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export class Scene {
  constructor(view, board) {
    this.view = view;
    this.board = board;
    this.layer = node("g", { class: "scene", "aria-hidden": "true" });
    view.svg.append(this.layer);
    this.waiting = [];  // the figures hidden until an army's move reaches them
  }

  clear() {
    this.layer.replaceChildren();
    for (const figures of this.waiting) figures.style.animation = "";
    this.waiting = [];
  }

  // The dice of ``box`` (each .die with its <b> face) tumble, then show the server's faces.
  roll(box) {
    const dice = [...box.querySelectorAll(".die")];
    if (!dice.length || reducedMotion()) return;
    const finals = dice.map((die) => die.querySelector("b").textContent);
    dice.forEach((die) => die.classList.add("rolling"));
    const started = performance.now();
    const tumble = () => {
      if (performance.now() - started >= ROLL) {
        dice.forEach((die, i) => { die.querySelector("b").textContent = finals[i]; die.classList.remove("rolling"); });
        return;
      }
      for (const die of dice) die.querySelector("b").textContent = String(1 + Math.floor(Math.random() * 6));
      setTimeout(tumble, 70);
    };
    tumble();
  }

  // What ``events`` made happen, beat by beat (all at once with reduced motion).
  play(events) {
    this.clear();
    const beats = events.map((e) => this.beat(e.data)).filter((marks) => marks.length);
    if (!beats.length) return;
    const still = reducedMotion();
    const step = Math.min(BEAT, ALL_BEATS / beats.length);
    beats.forEach((marks, i) => {
      for (const mark of marks) {
        if (still) mark.classList.add("still");
        else mark.style.animationDelay = `${Math.round(i * step)}ms`;
        if (!still && mark.dataset.arrives !== undefined) this.arrive(Number(mark.dataset.arrives), i * step);
        this.layer.append(mark);
      }
    });
  }

  // The figures of a province are hidden until the army moving there arrives.
  arrive(province, delay) {
    const figures = this.view.spots[province].figures;
    figures.style.animation = `scene-arrive 1ms linear ${Math.round(delay + BEAT)}ms both`;
    this.waiting.push(figures);
  }

  at(province) {
    return this.view.points[province];
  }

  // The marks of one event: lines between provinces, rings on them, a moving army.
  beat(d) {
    const valid = (p) => Number.isInteger(p) && p >= 0 && p < this.board.provinces.length;
    switch (d.event) {
      case "UnrestSpreads":
        return valid(d.source) && valid(d.province) ? [this.line(d.source, d.province, "spread"), this.ring(d.province, "revolt")] : [];
      case "UprisingSpreads":
        return valid(d.origin) && valid(d.province) ? [this.line(d.origin, d.province, "spread"), this.ring(d.province, "revolt")] : [];
      case "LinkRolled": {
        const link = this.board.links[d.link];
        if (!link) return [];
        const sign = d.holds ? "✓" : "✕";
        return [this.line(link.a, link.b, d.holds ? "link-holds" : "link-fails", `${d.die}${d.bonus ? "+" + d.bonus : ""} ${sign}`,
                          d.holds ? t("the broken link holds") : t("the broken link fails"))];
      }
      case "ArmyStopped":
        return valid(d.province) && valid(d.dest) ? [this.line(d.province, d.dest, "link-fails", "✕", t("the army is stopped"))] : [];
      case "ArmyAdvances":
        return valid(d.origin) && valid(d.dest) ? [this.line(d.origin, d.dest, "advance"), this.army(d.origin, d.dest)] : [];
      case "ArmyAttacks":
        return valid(d.province) && valid(d.dest) ? [this.line(d.province, d.dest, "attack", "⚔")] : [];
      case "Battle": {  // R6: both sides' values on the map, the winner's first-coloured
        if (!(valid(d.army_province) && valid(d.piece_province))) return [];
        const won = ["draw", "roman", "barbarian"][d.outcome] || "draw";
        return [this.ring(d.army_province, "battle"), this.ring(d.piece_province, "battle"),
                this.line(d.piece_province, d.army_province, `battle won-${won}`, `${d.roman_value}:${d.barbarian_value}`,
                          `${t("Romans")} ${d.roman_value}, ${t("Barbarians")} ${d.barbarian_value}`)];
      }
      case "ArmyPlaced":
        return valid(d.border) ? [this.ring(d.border, "army")] : [];
      case "UnrestPlaced": case "UnrestRevolts": case "UprisingStarts": case "ActivityRolled": case "ActivityProtected":
        return valid(d.province) ? [this.ring(d.province, d.event === "ActivityProtected" ? "protected" : "activity")] : [];
      default:
        return [];
    }
  }

  line(a, b, kind, label, words) {
    const [x1, y1] = this.at(a), [x2, y2] = this.at(b);
    const g = node("g", { class: `beat ${kind}` });
    g.append(node("line", { x1, y1, x2, y2, pathLength: "1" }));
    if (label) {
      const mx = (x1 + x2) / 2, my = (y1 + y2) / 2;
      const w = Math.max(30, 7 * label.length + 6);
      g.append(node("rect", { x: mx - w / 2, y: my - 9, width: w, height: 15, rx: 4 }),
               node("text", { x: mx, y: my + 3 }, label));
      if (words) g.append(node("title", {}, words));
    }
    return g;
  }

  ring(province, kind) {
    const [x, y] = this.at(province);
    return node("circle", { class: `beat ring ${kind}`, cx: x, cy: y, r: 15 });
  }

  // An army's figure sliding from its province to the next along its arrow (R7.3).
  army(from, to) {
    const [x1, y1] = this.at(from), [x2, y2] = this.at(to);
    const g = node("g", { class: "beat ghost-army", style: `--dx:${x2 - x1}px;--dy:${y2 - y1}px`,
                          "data-arrives": String(to) });
    g.append(node("path", { d: `M${x1 + 3},${y1 + 10}l7,-12l7,12z` }),
             node("text", { x: x1 + 10, y: y1 + 8 }, "A"));
    return g;
  }
}
