// Learn to play (/learn, issue 23): the lessons of web/tutorial.py on a real stored game (hot
// seat, seeded dice).  The page points at what each step names and sends only the action the
// step asks for; the server checks it like any action.  A wrong click is explained: the engine's
// reason when the click stands for an action the rules refuse, else why it is not this step's.
import { api, el, t, announce, keepSeat, seatFor, currentLanguage } from "./main.js";
import { BoardView, eventPlaces } from "./board.js";
import { showLegend } from "./legend.js";
import { PanZoom } from "./panzoom.js";

const KEY = "tetrarchia.tutorial";  // {id, step}: the tutorial's game and the step reached
const SVG = "http://www.w3.org/2000/svg";

export async function tutorialPage(main) {
  // the address names the page's language (?lang=, the start page's link): keep it current
  const url = new URL(location.href);
  if (url.searchParams.get("lang") !== currentLanguage()) {
    url.searchParams.set("lang", currentLanguage());
    history.replaceState(null, "", url);
  }
  await styled();
  const [lessons, board, asset] = await Promise.all([
    api("/api/tutorial"), api("/api/board"), fetch("/static/map.json").then((r) => r.json())]);
  const page = new Tutorial(main, lessons, board, asset);
  await page.open();
}

// The tutorial's own stylesheet, loaded once before the page is drawn.
function styled() {
  if (document.getElementById("tutorial-css")) return Promise.resolve();
  return new Promise((resolve) => {
    const link = el("link", { rel: "stylesheet", href: "/static/tutorial.css", id: "tutorial-css" });
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
    document.head.append(link);
  });
}

// Where a legal action is aimed on the map (the server's item: its destination, its target, or
// the province it acts in), and on the seas.
const aim = (item) => item.to ?? item.target ?? item.at;
const aimZones = (item) => [item.to_zone, item.zone].filter((z) => z !== undefined);

class Tutorial {
  constructor(main, data, board, asset) {
    this.data = data;
    this.steps = data.steps;
    this.board = board;
    this.events = [];
    this.busy = false;
    // the map in its frame: enlarged inside it by "Zoom the map" on a wide screen, scrolled to
    // what the step points at; pinched and panned by touch (panzoom.js, as on the game page: a
    // phone shows the whole map's width and no Zoom button), moved to what the step points at
    this.mapArea = el("div", { class: "map-area" });
    const mapBox = el("section", { class: "board-wrap", "aria-label": t("Map") });
    const zoom = el("button", { type: "button", id: "zoom", class: "zoom", "aria-pressed": "false",
                                text: t("Zoom the map"), on: { click: () => {
                                  const on = mapBox.classList.toggle("zoomed");
                                  zoom.setAttribute("aria-pressed", String(on));
                                  this.centre();
                                } } });
    // the legend names the map's markers, as on the game page (legend.js)
    const legend = el("button", { type: "button", id: "legend", text: t("Legend"), "aria-haspopup": "dialog",
                                  on: { click: () => showLegend() } });
    const fit = el("button", { type: "button", id: "fit", class: "fit", text: t("Fit the map"), disabled: "",
                               on: { click: () => this.panZoom.fit() } });
    mapBox.append(this.mapArea, el("div", { class: "map-tools" }, zoom, fit, legend));
    this.view = new BoardView(this.mapArea, board, asset, (i) => this.clickProvince(i), (z) => this.clickZone(z));
    this.panZoom = new PanZoom(this.view.svg, board.map.width, board.map.height, (z) => { fit.disabled = z <= 1; });
    this.pointer = document.createElementNS(SVG, "g");
    this.pointer.setAttribute("class", "tutor-pointer");
    // under the provinces' circles and names: the ring shows around them, never over a name
    this.view.svg.insertBefore(this.pointer, this.view.svg.querySelector(".spots"));
    this.progress = el("div", { class: "tutor-progress" });
    this.title = el("h2", { id: "tutor-lesson" });
    this.text = el("p", { id: "tutor-text", class: "tutor-text", "aria-live": "polite" });
    this.status = el("div", { class: "tutor-status", id: "tutor-status" });
    this.message = el("div", { class: "tutor-message", id: "tutor-message", role: "alert" });
    this.happened = el("div", { class: "tutor-happened", id: "tutor-happened" });
    this.buttons = el("div", { class: "buttons tutor-buttons" });
    this.lessonList = el("ol", { class: "tutor-lessons", "aria-label": t("Lessons") });
    const again = el("button", { type: "button", class: "tutor-again", id: "tutor-again",
                                 text: t("Start the tutorial again"), on: { click: () => this.restart() } });
    const panel = el("aside", { class: "tutor-panel", "aria-label": t("Learn to play") },
      el("h1", { class: "tutor-name", text: t("Learn to play") }),
      this.progress, this.title, this.text, this.message, this.buttons, this.status,
      // the lessons' names stay in view beside a wide map, folded under a phone's
      this.happened, el("details", { class: "tutor-all", open: window.matchMedia("(min-width: 901px)").matches ? "" : null },
        el("summary", { text: t("Lessons") }), this.lessonList), again);
    main.replaceChildren(el("section", { class: "tutorial", "data-ready": "no" },
                            mapBox, panel));
    this.root = main.firstChild;
  }

  // The tutorial's game: the one this browser began (kept in localStorage), else a new one.
  async open() {
    let kept = null;
    try { kept = JSON.parse(localStorage.getItem(KEY)); } catch (error) { kept = null; }
    let state = null;
    if (kept && kept.id && seatFor(kept.id)) {
      state = await api(`/api/games/${kept.id}`);
      if (state.error) state = null;
    }
    if (!state) {
      kept = null;
      state = await this.create();
      if (!state) return;
    }
    this.id = state.id;
    this.events = state.events || [];
    this.adopt(state);
    this.step = this.resumeAt(kept ? kept.step : 0);
    this.viewing = this.step;
    this.draw();
  }

  async create() {
    const created = await api("/api/games", { position: this.data.start, seed: this.data.seed, hotseat: true });
    if (created.error) {
      this.text.textContent = created.error.reason;
      return null;
    }
    keepSeat(created.id, created.credentials.hotseat);
    seatFor(created.id);
    localStorage.setItem(KEY, JSON.stringify({ id: created.id, step: 0 }));
    return created;
  }

  async restart() {
    localStorage.removeItem(KEY);
    this.root.dataset.ready = "no";
    await this.open();
  }

  // The step to show: the one kept, if the game stands where it begins; else the first step
  // that begins where the game stands (the game moved on in another tab, or the step was not
  // kept before the page closed); past the last step, the last.
  resumeAt(kept) {
    const played = this.state.log_length;
    if (kept >= 0 && kept < this.steps.length && this.steps[kept].before === played) return kept;
    const found = this.steps.findIndex((s) => s.before === played);
    return found >= 0 ? found : this.steps.length - 1;
  }

  adopt(state) {
    this.state = state;
    if (state.events && state.events.length) {  // the answer's new events, each once
      const known = new Set(this.events.map((e) => `${e.n}:${e.text}`));
      this.events.push(...state.events.filter((e) => !known.has(`${e.n}:${e.text}`)));
    }
  }

  keep() {
    localStorage.setItem(KEY, JSON.stringify({ id: this.id, step: this.step }));
  }

  current() {
    return this.steps[this.viewing];
  }

  // The legal actions this step accepts (the server's items, so their cost and label).
  expected() {
    const step = this.current();
    return this.viewing === this.step ? this.state.legal.filter((item) => step.do.includes(item.notation)) : [];
  }

  // --- drawing --------------------------------------------------------------------------------
  draw() {
    const step = this.current();
    const lessons = this.data.lessons;
    this.view.show(this.state.position);
    this.progress.replaceChildren(
      el("span", { id: "tutor-count", text: `${t("Tutorial step")} ${this.viewing + 1} / ${this.steps.length}` }),
      el("progress", { max: this.steps.length, value: this.viewing + 1, "aria-hidden": "true" }));
    this.title.textContent = `${step.lesson + 1}. ${lessons[step.lesson]}`;
    this.text.textContent = step.text;
    this.lessonList.replaceChildren(...lessons.map((name, k) => el("li", {
      class: k === step.lesson ? "now" : (k < step.lesson ? "done" : ""), text: name })));
    this.drawStatus();
    this.drawHappened();
    this.drawButtons();
    this.drawPointer();
    this.root.dataset.step = String(this.viewing);
    this.root.dataset.ready = "yes";
  }

  drawStatus() {
    const p = this.state.position;
    const name = (this.state.emperor_names || {})[p.turn.emperor] || p.turn.emperor;
    const secured = this.board.provinces.filter((b) => b.border &&
      String((p.discs || {})[b.id] || "").startsWith("garrison")).length;
    this.status.replaceChildren(
      el("b", { text: `${t("Round")} ${p.turn.round} · ${name}` }),
      ` · ${p.turn.ip} ${t("IP")} · ${t("Borders secured")}: ${secured} / 6`);
  }

  // What the last action or roll made happen, in the server's words (the page's language).
  drawHappened() {
    const last = this.state.log_length - 1;
    const said = this.events.filter((e) => e.n === last && e.data.kind !== "turn");
    this.happened.replaceChildren(...(said.length ? [el("h3", { text: t("What happened") }),
      this.drawDice(last),
      el("ul", {}, ...said.map((e) => el("li", { class: `tutor-event ${e.data.kind}`, text: e.text })))]
      .filter(Boolean) : []));
  }

  // The dice of the last roll, each named (the Roman die, the Barbarian die) as the server named
  // them before the roll; two dice are always the Roman, then the Barbarian (R7.2).
  drawDice(last) {
    const action = this.state.last_action || "";
    if (!action.startsWith("roll ")) return null;
    const dice = action.slice(5).split(" ");
    const names = this.rolled && this.rolled.n === last ? this.rolled.names
      : (dice.length === 2 ? ["roman", "barbarian"] : null);
    if (!names) return null;
    return el("div", { class: "dice tutor-dice" }, ...dice.map((d, i) => {
      const name = names[i] === "roman" ? t("Roman die") : t("Barbarian die");
      return el("span", { class: `die ${names[i]}`, "aria-label": `${name} ${d}` },
                el("b", { text: d }), el("small", { text: name }));
    }));
  }

  drawButtons() {
    const step = this.current();
    const doing = this.viewing === this.step;
    const last = this.viewing === this.steps.length - 1;
    const button = (id, text, click, extra = {}) => el("button", { type: "button", id, text, ...extra,
                                                                  on: { click } });
    const items = [];
    if (this.viewing > 0) items.push(button("tutor-back", t("Previous"), () => this.go(this.viewing - 1)));
    if (!doing) items.push(button("tutor-next", t("Next"), () => this.go(this.viewing + 1), { class: "primary" }));
    else if (step.roll) items.push(button("tutor-roll", t("Roll the dice"), () => this.roll(), { class: "primary" }));
    else if (step.do.length) {
      // an action with no place on the map (ending the phase) is this button
      for (const item of this.expected().filter((i) => aim(i) === undefined && !aimZones(i).length)) {
        items.push(button("tutor-act", item.label, () => this.send(item.notation), { class: "primary" }));
      }
      items.push(button("tutor-show", t("Show me"), () => this.showMe()));
    } else if (!last) items.push(button("tutor-next", t("Next"), () => this.next(), { class: "primary" }));
    if (doing && step.roll) items.push(button("tutor-show", t("Show me"), () => this.roll()));
    if (last && doing) {
      items.push(el("a", { href: `/game/${this.id}`, id: "tutor-continue", class: "button",
                           text: t("Go on with this game") }),
                 el("a", { href: "/", class: "button", text: t("New game") }));
    }
    this.buttons.replaceChildren(...items);
  }

  // The pointer: a pulsing ring and an arrow on each province or sea zone the step names; the
  // places an expected move or attack reaches are lit with their cost, as on the game page.
  drawPointer() {
    const step = this.current();
    this.pointer.replaceChildren();
    const zones = this.board.map.zones;
    for (const target of step.point) {
      const [x, y] = target.zone !== undefined ? zones[target.zone] : this.view.points[target.province];
      const g = document.createElementNS(SVG, "g");
      g.setAttribute("transform", `translate(${x},${y})`);
      g.setAttribute("class", "tutor-target");
      g.setAttribute("data-target", target.zone !== undefined ? `zone-${target.zone}` : String(target.province));
      const ring = document.createElementNS(SVG, "circle");
      ring.setAttribute("r", "17");
      ring.setAttribute("class", "tutor-ring");
      const arrow = document.createElementNS(SVG, "path");
      arrow.setAttribute("d", "M0,-23 l-8,-13 h5 v-12 h6 v12 h5 z");  // its tip above the name
      arrow.setAttribute("class", "tutor-arrow");
      const sized = document.createElementNS(SVG, "g");  // larger on a phone (tutorial.css)
      sized.setAttribute("class", "tutor-size");
      sized.append(ring, arrow);
      g.append(sized);
      this.pointer.append(g);
    }
    const marks = {};
    for (const item of this.expected()) {
      if (aim(item) !== undefined && item.cost !== null) marks[aim(item)] = `${item.cost} ${t("IP")}`;
    }
    const last = this.state.log_length - 1;
    const lit = step.roll || step.do.length ? [] : eventPlaces(this.events.filter((e) => e.n === last));
    this.view.highlight(marks, -1, lit);
    this.centre();
  }

  // Scroll an enlarged map so that the first place pointed at stands in the middle of its frame.
  centre() {
    const first = this.pointer.querySelector(".tutor-target");
    if (first && this.panZoom && this.panZoom.zoom > 1) {  // pinched closer: the view goes to it
      this.panZoom.reveal(first);
      return;
    }
    if (!first || this.mapArea.scrollWidth <= this.mapArea.clientWidth) return;
    const frame = this.mapArea.getBoundingClientRect(), spot = first.getBoundingClientRect();
    this.mapArea.scrollLeft += spot.left + spot.width / 2 - (frame.left + frame.width / 2);
    this.mapArea.scrollTop += spot.top + spot.height / 2 - (frame.top + frame.height / 2);
  }

  say(text, kind = "wrong") {
    this.message.className = `tutor-message ${kind}`;
    this.message.textContent = text;
    if (text) announce(text);
  }

  go(k) {
    this.viewing = Math.max(0, Math.min(k, this.step));
    this.say("", "");
    this.draw();
  }

  // A step read: the next one.
  next() {
    if (this.step < this.steps.length - 1) this.step += 1;
    this.viewing = this.step;
    this.keep();
    this.say("", "");
    this.draw();
  }

  // --- acting ---------------------------------------------------------------------------------
  clickProvince(index) {
    if (this.busy) return;
    const step = this.current();
    if (this.viewing !== this.step) { this.say(t("You are looking at an earlier step: press Next to come back.")); return; }
    if (step.roll) { this.say(t("This step is a roll of the dice: press “Roll the dice”.")); return; }
    if (!step.do.length) { this.say(t("Nothing to do on the map in this step: read it, then press Next.")); return; }
    const hit = this.expected().find((item) => aim(item) === index);
    if (hit) this.perform(hit);
    else this.wrong(index, null);
  }

  clickZone(zone) {
    if (this.busy) return;
    const step = this.current();
    if (this.viewing !== this.step || step.roll || !step.do.length) { this.clickProvince(-1); return; }
    const hit = this.expected().find((item) => aimZones(item).includes(zone));
    if (hit) this.perform(hit);
    else this.wrong(null, zone);
  }

  // Not this step's click: the engine's reason when the click stands for an action of the same
  // kind that the rules refuse (the expected action aimed at the place clicked instead), or
  // that it is allowed but not asked for; then what the step asks.
  async wrong(index, zone) {
    const step = this.current();
    const expected = this.expected()[0];
    let reason = "";
    const legal = this.state.legal.filter((item) => (index !== null && aim(item) === index) ||
                                                    (zone !== null && aimZones(item).includes(zone)));
    if (legal.length) {
      reason = `${legal[0].label}: ${t("the rules allow it, but it is not what this step asks.")}`;
    } else if (expected) {
      const notation = this.aimedAt(expected, index, zone);
      if (notation && !this.state.legal.some((item) => item.notation === notation)) {
        this.busy = true;
        let answer;
        try {
          answer = await api(`/api/games/${this.id}/actions`, { version: this.state.version, action: notation });
        } catch (error) {
          answer = { error: { reason: t("The server could not be reached: try again.") } };
        } finally {
          this.busy = false;
        }
        if (answer.error) reason = answer.error.reason;
        else { this.adopt(answer); this.step = this.resumeAt(this.step); this.viewing = this.step; this.keep(); this.draw(); return; }
      }
    }
    // the engine's reason begins in lower case (it follows a quoted action elsewhere): a sentence here
    if (reason) reason = reason[0].toUpperCase() + reason.slice(1);
    this.say([reason, step.wrong].filter(Boolean).join(" — "));
    this.root.dataset.wrong = String(Number(this.root.dataset.wrong || 0) + 1);
  }

  // The expected action with the place clicked in place of its own (same notation otherwise).
  aimedAt(item, index, zone) {
    if (index !== null && index >= 0 && aim(item) !== undefined) {
      const own = this.board.provinces[aim(item)].title;
      return item.notation.replace(own, this.board.provinces[index].title);
    }
    if (zone !== null && item.to_zone !== undefined) {
      return item.notation.replace(this.board.zones[item.to_zone], this.board.zones[zone]);
    }
    return null;
  }

  // An attack shows its numbers first (the server's preview: support, multiplier, the odds over
  // the 36 rolls); any other action is sent at once.
  perform(item) {
    if (!item.preview) { this.send(item.notation); return; }
    const v = item.preview;
    const side = (name, s) => el("p", {}, el("b", { text: `${name}: ` }),
      `(${t("die")} + ${s.modifier + s.support}) × ${s.multiplier} — ${t("support")} ${s.support}`);
    this.say("", "");
    this.message.className = "tutor-message preview";
    this.message.replaceChildren(el("b", { text: `${item.label} · ${item.cost} ${t("IP")}` }),
      side(t("Romans"), v.roman), side(t("Barbarians"), v.barbarian),
      el("p", { text: `${t("Over the 36 rolls")}: ${t("win")} ${v.odds.win}, ${t("draw")} ${v.odds.draw}, ${t("lose")} ${v.odds.lose}` }),
      el("button", { type: "button", id: "tutor-confirm", class: "primary", text: t("Attack"),
                     on: { click: () => this.send(item.notation) } }));
  }

  showMe() {
    const item = this.expected()[0];
    if (item) this.send(item.notation);
  }

  async send(notation) {
    await this.change("actions", { action: notation });
  }

  async roll() {
    const names = this.state.roll ? this.state.roll.dice_names : null;
    const before = this.state.log_length;
    await this.change("advance", { until: "roll" });
    if (names && this.state.log_length === before + 1) {
      this.rolled = { n: before, names };
      this.drawHappened();
    }
  }

  async change(kind, body) {
    if (this.busy) return;
    this.busy = true;
    this.root.dataset.ready = "no";
    let answer;
    try {
      answer = await api(`/api/games/${this.id}/${kind}`, { version: this.state.version, ...body });
    } catch (error) {  // the server unreachable: nothing was done, the step waits to be retried
      answer = { error: { reason: t("The server could not be reached: try again.") } };
    } finally {
      this.busy = false;
    }
    if (answer.error) {
      if (answer.state) { this.adopt(answer.state); this.step = this.resumeAt(this.step); this.viewing = this.step; }
      this.draw();
      this.say(answer.error.reason);
      return;
    }
    this.adopt(answer);
    this.say("", "");
    this.next();
  }
}
