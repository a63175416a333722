// The analysis of a game (issue 24), as chess players know it: the chance of winning over the
// game with the Barbarian phases' dice marked (inline SVG), the decisions that cost the most
// (click one: the board at that step, the action played and the better one lit), and why the game
// ended.  The server computes it in a worker process and keeps it with the game; this page asks
// for it, shows the progress while it runs, and draws what it is sent: it holds no rule.
import { api, el, t, N_, announce, currentLanguage } from "./main.js";
import { BoardView } from "./board.js";
import { PanZoom } from "./panzoom.js";

const EMPERORS = ["Diocletian", "Galerius", "Constantius", "Maximian"];
const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 500;  // the progress is read this often while the analysis runs
const WORST = 3;  // the decisions told first

function svg(tag, attributes = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== null) node.textContent = text;
  return node;
}

const percent = (x) => (x === null || x === undefined ? "–" : `${Math.round(100 * x)}%`);
const fill = (text, args) => Object.entries(args).reduce((s, [k, v]) => s.split(`{${k}}`).join(v), t(text));

// A button that opens the analysis page of a game (the game page's tools, the replay, the end
// screen's element #end-analyse).
export function analyseLink(id, attributes = {}) {
  return el("a", { href: `/analysis/${id}`, class: "analyse-link", text: t("Analyse"), ...attributes });
}

// Put the Analyse button into the end screen's place for it, when the end screen has drawn it.
export function fillEndAnalyse(id) {
  const spot = document.getElementById("end-analyse");
  if (spot && !spot.querySelector(".analyse-link")) spot.append(analyseLink(id, { id: "end-analyse-link" }));
}

export async function analysisPage(main, id) {
  const board = await api(`/api/games/${id}/board`);
  if (board.error) {
    main.replaceChildren(el("p", { class: "error", role: "alert", text: board.error.reason }));
    return;
  }
  const page = new AnalysisPage(main, id, board, await (await fetch("/static/map.json")).json());
  await page.load();
}

class AnalysisPage {
  constructor(main, id, board, asset) {
    this.id = id;
    this.board = board;
    this.names = {};
    this.status = el("div", { class: "status analysis-status", id: "analysis-status", "aria-live": "polite" });
    this.progress = el("progress", { id: "analysis-progress", max: "1", value: "0", hidden: "" });
    this.start = el("button", { type: "button", id: "analysis-start", text: t("Analyse"),
                                on: { click: () => this.run() } });
    this.chart = el("figure", { class: "analysis-chart", id: "analysis-chart" });
    this.detail = el("div", { class: "analysis-detail", id: "analysis-detail", "aria-live": "polite" });
    this.mistakes = el("ol", { class: "analysis-mistakes", id: "analysis-mistakes" });
    this.ending = el("div", { class: "analysis-ending", id: "analysis-ending" });
    this.where = el("div", { class: "status", id: "analysis-where" });
    const mapBox = el("section", { class: "board-wrap", "aria-label": t("Map") });
    const panel = el("aside", { class: "panel analysis-panel" },
      el("h2", { text: t("Analysis") }), this.status, this.progress, el("div", { class: "buttons" }, this.start),
      this.chart,
      el("h3", { text: t("The decisions that cost the most") }), this.mistakes, this.detail,
      el("h3", { text: t("Why it ended") }), this.ending,
      el("div", { class: "tools" }, el("a", { href: `/game/${id}`, text: t("Back to the game") }),
         el("a", { href: `/replay/${id}`, text: t("Replay") })));
    const mapArea = el("div", { class: "map-area" });
    // pinched and panned by touch, as on the game and replay pages (panzoom.js)
    const fit = el("button", { type: "button", id: "fit", class: "fit", text: t("Fit the map"), disabled: "",
                               on: { click: () => this.panZoom.fit() } });
    mapBox.append(this.where, mapArea, el("div", { class: "map-tools" }, fit));
    main.replaceChildren(el("div", { class: "game analysis-page" }, mapBox, panel));
    this.view = new BoardView(mapArea, board, asset, () => {}, () => {});
    this.panZoom = new PanZoom(this.view.svg, board.map.width, board.map.height, (z) => { fit.disabled = z <= 1; });
    if (window.matchMedia("(max-width: 600px)").matches) this.panZoom.cover();
  }

  place(i) {
    const p = this.board.provinces[i];
    return p ? p.name : "?";
  }

  emperor(n) {
    const title = EMPERORS[n] || "?";
    return this.names[title] || title;
  }

  async load() {
    const data = await api(`/api/games/${this.id}/analysis`);
    if (data.error) { this.status.textContent = data.error.reason; this.start.disabled = true; return; }
    this.names = data.emperor_names || {};
    const frame = await api(`/api/games/${this.id}/at/${data.current}`);
    if (!frame.error) this.view.show(frame.position);
    this.where.textContent = t("The board at the end of the game analysed");
    await this.adopt(data);
  }

  async run() {
    this.start.disabled = true;
    const data = await api(`/api/games/${this.id}/analysis`, {});
    if (data.error) { this.status.textContent = data.error.reason; this.start.disabled = false; return; }
    await this.adopt(data);
  }

  // The server's answer: the progress while it runs (asked again shortly), the result once done.
  async adopt(data) {
    this.names = data.emperor_names || this.names;
    this.start.disabled = data.status === "running";
    this.progress.hidden = data.status !== "running";
    if (data.status === "none") {
      this.status.textContent = t("This game has not been analysed yet: press Analyse. The server judges every decision of the Emperors with the search (a few seconds each).");
      return;
    }
    if (data.status === "failed") {
      this.status.textContent = t("The analysis stopped before its end: press Analyse to start it again.");
      return;
    }
    if (data.status === "running") {
      this.progress.max = String(Math.max(1, data.total));
      this.progress.value = String(data.done);
      this.status.textContent = data.total
        ? fill(N_("Analysing: decision {done} of {total}…"), { done: data.done, total: data.total })
        : t("Analysing: the worker is starting…");
      setTimeout(async () => {
        const next = await api(`/api/games/${this.id}/analysis`);
        if (!next.error && document.getElementById("analysis-status") === this.status) await this.adopt(next);
      }, POLL_MS);
      return;
    }
    this.draw(data.result, data.current);
    announce(t("The analysis is ready."));
  }

  draw(result, current) {
    const decisions = result.decisions;
    const behind = current > result.log_length;
    this.start.textContent = behind ? t("Analyse again (the game went on)") : t("Analyse");
    this.start.disabled = !behind;
    this.status.replaceChildren(
      el("div", { text: fill(N_("{count} decisions of the Emperors judged: the chance of winning is the search's estimate (its plans over {samples} continuations with the same dice, valued by the learned chance of winning)."), { count: decisions.length, samples: result.samples }) }),
      ...(behind ? [el("div", { class: "note", text: t("The game went on since: this analysis covers the game up to then.") })] : []));
    this.drawChart(result);
    const worst = result.mistakes.map((n) => decisions[n]);
    this.mistakes.replaceChildren(...(worst.length ? worst.map((d, k) => this.mistakeItem(d, k)) :
      [el("li", { class: "none", text: t("No decision lost 5 points of chance against the best alternative.") })]));
    this.ending.replaceChildren(...this.endingLines(result.ending).map((line) => el("p", { text: line })));
    if (worst.length) this.select(worst[0]);
  }

  words(item, key) {
    const lang = currentLanguage();
    return (item[key] && item[key][lang]) || item.played;
  }

  mistakeItem(d, k) {
    const button = el("button", { type: "button", class: "mistake", "data-number": String(d.number),
      on: { click: () => this.select(d) } },
      el("b", { text: `${fill(N_("Round {round}"), { round: d.round })}, ${this.emperor(d.emperor)}: ` }),
      el("span", { text: this.words(d, "played_words") }),
      el("span", { class: "loss", text: ` −${Math.round(100 * d.loss)} ${t("points")}` }));
    return el("li", { class: k < WORST ? "worst" : "" }, button);
  }

  async select(d) {
    for (const b of this.mistakes.querySelectorAll("button")) b.classList.toggle("chosen", b.dataset.number === String(d.number));
    for (const c of this.chart.querySelectorAll(".mistake-dot")) c.classList.toggle("chosen", c.dataset.number === String(d.number));
    const frame = await api(`/api/games/${this.id}/at/${d.log}`);
    if (!frame.error) {
      this.view.show(frame.position);
      const marks = {};
      for (const p of d.played_places || []) marks[p] = "✗";
      for (const p of d.best_places || []) marks[p] = marks[p] ? "✗★" : "★";
      this.view.highlight(marks, -1, []);
    }
    this.where.textContent = fill(N_("The board before decision {n}: ✗ the action played, ★ the better one"), { n: d.number + 1 });
    const better = d.best_plan_words && d.best_plan_words.length ? d.best_plan_words : null;
    const lang = currentLanguage();
    this.detail.replaceChildren(...[
      el("p", {}, el("b", { text: `${t("Played")}: ` }), el("span", { class: "played", text: this.words(d, "played_words") }),
         el("span", { text: ` ${percent(d.before)} → ${percent(d.after)} (−${Math.round(100 * d.loss)}${d.error >= 0.005 ? ` ± ${Math.round(100 * d.error)}` : ""} ${t("points")})` })),
      better ? el("p", {}, el("b", { text: `${t("Better")}: ` }), el("span", { class: "better", text: better[0][lang] || d.best }),
                  el("span", { text: ` ${percent(d.best_chance)}` })) : null,
      better && better.length > 1 ? el("p", { class: "hint-plan", text: `${t("then")}: ${better.slice(1).map((w) => w[lang]).join("; ")}` }) : null,
    ].filter(Boolean));
    announce(`${t("Played")}: ${this.words(d, "played_words")}`);
  }

  // The chart: the chance after each decision; the Barbarian phases as bands with their dice;
  // the mistakes as red dots that open the decision.
  drawChart(result) {
    const decisions = result.decisions;
    const W = 420, H = 190, left = 30, right = 6, top = 8, bottom = 18;
    const n = Math.max(decisions.length, 2);
    // the scale's top: the quarter above the highest chance (a lost game's chances are small:
    // at full scale its line would lie flat on the floor), said by the axis
    const highest = Math.max(0, ...decisions.map((d) => Math.max(d.before, d.after)));
    const scale = Math.min(1, Math.max(0.2, Math.ceil(highest * 5) / 5));
    const x = (i) => left + (W - left - right) * (i / (n - 1));
    const y = (c) => top + (H - top - bottom) * (1 - Math.min(c, scale) / scale);
    const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chance-chart", role: "img",
                              "aria-label": t("The chance of winning over the game") });
    for (const k of [0, 1, 2, 3, 4]) {
      const c = (scale * k) / 4;
      root.append(svg("line", { x1: left, x2: W - right, y1: y(c), y2: y(c), class: k === 2 ? "grid mid" : "grid" }),
                  svg("text", { x: left - 3, y: y(c) + 3, class: "axis", "text-anchor": "end" }, `${Math.round(c * 100)}%`));
    }
    let round = null;
    decisions.forEach((d, i) => {
      if (d.round !== round) {
        round = d.round;
        root.append(svg("line", { x1: x(i), x2: x(i), y1: H - bottom, y2: H - bottom + 3, class: "grid" }),
                    svg("text", { x: x(i), y: H - 4, class: "axis", "text-anchor": "middle" }, String(round)));
      }
    });
    for (const m of result.barbarian) {
      const at = x(Math.max(0, m.after_decision) + 0.5);
      const worse = m.chance_before !== null && m.chance_after !== null && m.chance_after < m.chance_before - 0.05;
      const dice = m.dice.map((roll) => roll.join("-")).join(" ");
      const band = svg("line", { x1: at, x2: at, y1: top, y2: H - bottom, class: worse ? "barbarian-phase worse" : "barbarian-phase" });
      band.append(svg("title", {}, `${t("Barbarian phase")}: ${dice} (${percent(m.chance_before)} → ${percent(m.chance_after)})`));
      root.append(band);
    }
    const points = decisions.map((d, i) => `${x(i)},${y(d.after)}`).join(" ");
    root.append(svg("polyline", { points, class: "chance-line" }));
    for (const d of decisions) {
      const dot = svg("circle", { cx: x(d.number), cy: y(d.after), r: d.mistake ? 4 : 1.5,
                                  class: d.mistake ? "mistake-dot" : "dot", "data-number": String(d.number) });
      if (d.mistake) {
        dot.addEventListener("click", () => this.select(d));
        dot.append(svg("title", {}, `${this.words(d, "played_words")}: −${Math.round(100 * d.loss)} ${t("points")}`));
      }
      root.append(dot);
    }
    const legend = el("figcaption", { class: "chart-legend" },
      el("span", { class: "key line", text: t("chance of winning after each decision") }),
      el("span", { class: "key phase", text: t("a Barbarian phase (its dice on hover)") }),
      el("span", { class: "key mistake", text: t("a decision that cost 5 points or more") }),
      el("span", { class: "key rounds", text: t("rounds below") }));
    this.chart.replaceChildren(root, legend);
  }

  moment(m) {
    return m ? fill(N_("round {round}, {emperor}'s Roman phase"), { round: m.round, emperor: this.emperor(m.emperor) }) : t("never");
  }

  endingLines(end) {
    if (end.result === "ongoing") return [t("The game goes on: analysed up to now.")];
    if (end.result === "roma-victrix") {
      return [fill(N_("Roma Victrix: {emperor} secured the sixth border (round {round})."),
                   { emperor: end.secured_by >= 0 ? this.emperor(end.secured_by) : "?", round: end.when ? end.when.round : "?" })];
    }
    if (end.result === "army-in-roma" && end.army) {
      const a = end.army;
      const lines = [fill(N_("Lost: an army entered Roma from {place} (round {round})."), { place: this.place(end.province), round: end.when ? end.when.round : "?" })];
      lines.push(a.border >= 0 && a.appeared
        ? fill(N_("It appeared on the border of {place} in round {round}; its road: {road}."), { place: this.place(a.border), round: a.appeared.round, road: a.road.map((p) => this.place(p)).join(" → ") })
        : fill(N_("It stood on the board from the start; its road: {road}."), { road: a.road.map((p) => this.place(p)).join(" → ") }));
      const rolls = [];  // repeats in a row counted
      for (const l of a.links) {
        const last = rolls[rolls.length - 1];
        if (last && last.link === l.link && last.crossed === l.crossed) last.times += 1;
        else rolls.push({ ...l, times: 1 });
      }
      for (const l of rolls) {
        const link = this.board.links[l.link];
        const names = { a: this.place(link.a), b: this.place(link.b), times: l.times };
        lines.push(l.crossed ? fill(N_("It crossed the broken link {a}–{b}."), names)
          : l.times > 1 ? fill(N_("The broken link {a}–{b} stopped it for {times} turns."), names)
            : fill(N_("The broken link {a}–{b} stopped it for a turn."), names));
      }
      for (const b of a.battles) {
        const who = b.piece < 4 ? this.emperor(b.piece) : t("the Dux");
        const how = [t("a draw"), t("the Romans won"), t("the army won")][b.outcome] || "?";
        lines.push(fill(b.roman_attacked ? N_("{who} attacked it in round {round}: {how}.") : N_("It attacked {who} in round {round}: {how}."),
                        { who, round: b.when.round, how }));
      }
      lines.push(fill(N_("It could have been attacked in {count} Roman phases; the last: {when}."), { count: a.phases_attackable, when: this.moment(a.last_attack) }));
      lines.push(fill(N_("An Emperor could have stood on its next step in {count} Roman phases; the last: {when}."), { count: a.phases_blockable, when: this.moment(a.last_block) }));
      return lines;
    }
    if (end.result === "reserve-empty" && end.reserve) {
      const r = end.reserve;
      const name = r.reserve === "revolt" ? t("revolt") : t("unrest");
      const causes = { spread: t("the dominoes"), activity: t("the Barbarian activity"), uprising: t("uprisings"), army: t("armies devastating provinces") };
      const drawn = Object.entries(r.drawn).sort((p, q) => q[1] - p[1]).map(([k, v]) => `${causes[k] || k} ${v}`).join(", ");
      return [fill(N_("Lost: the {reserve} reserve ran dry when a disc had to go on {place}."), { reserve: name, place: this.place(end.province) }),
              fill(N_("Discs left at each round's start: {levels}."), { levels: r.levels.map((l) => `${l.round}: ${l.left}`).join(", ") }),
              fill(N_("Drawn by: {drawn}; taken back by Subdue: {returned}."), { drawn: drawn || "–", returned: r.returned }),
              fill(N_("A Subdue was possible in {count} Roman phases; the last: {when}."), { count: r.phases_subduable, when: this.moment(r.last_subdue) })];
    }
    return [t("The game is lost.")];
  }
}
