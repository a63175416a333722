// The end of a game (issue 23): a panel over the board that says how the game ended, R8's score
// and the game's statistics as the server computed them (GET /api/games/<id>/summary: the
// engine's records, nothing re-derived here), a chart of the unrest and revolts after each
// turn, and Rematch, New game, Share the replay.  The element #end-analyse is left empty for
// the game analysis to fill.
import { api, el, t, N_, announce, working } from "./main.js";
import { joinRematch } from "./table.js";

// A sentence of the page with its {fields} filled in after translation.
export function fill(text, fields) {
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in fields ? String(fields[key]) : whole));
}

const HOW = {
  "roma-victrix": N_("The six borders are secured in round {round}, in {emperor}'s turn."),
  "army-in-roma": N_("An army from {province} entered Roma in round {round}, in {emperor}'s turn."),
  "reserve-empty": N_("The reserve of {disc} ran dry in round {round}, in {emperor}'s turn: a disc had to go on {province}."),
};
const DISCS = { unrest: N_("unrest discs"), revolt: N_("revolt discs") };

// The replay's public address: a finished game's replay opens in any browser (docs/web.md).
export function replayLink(id, n) {
  return `${location.origin}/replay/${id}${n === undefined ? "" : `?n=${n}`}`;
}

// How the game ended, in the page's language (``names``: the Emperors' names in it).
export function howItEnded(summary, turn, names = {}) {
  const when = summary.ended || { round: turn.round, emperor: turn.emperor };
  return fill(t(HOW[summary.result] || ""), { round: when.round, emperor: names[when.emperor] || when.emperor,
    province: summary.end_province || "", disc: t(DISCS[summary.end_disc] || "") });
}

// The replay's last step of a finished game: the end in a few words, and the score.
export function endingNote(summary, frame) {
  const victory = summary.result === "roma-victrix";
  return el("div", { class: `replay-ending ${victory ? "victory" : "defeat"}`, id: "replay-ending" },
    el("b", { text: victory ? t("Roma Victrix") : t("The Empire has fallen") }), " ",
    howItEnded(summary, frame.position.turn, frame.emperor_names), " ",
    el("b", { text: `${t("Score (R8)")}: ${summary.score.total}` }));
}

export class EndScreen {
  constructor(page) {
    this.page = page;
    this.element = el("section", { class: "ending", id: "ending", role: "region", "aria-labelledby": "ending-title", hidden: "" });
    this.reopen = el("button", { type: "button", id: "show-ending", hidden: "", text: t("The end of the game"),
                                 on: { click: () => this.open() } });
    this.summary = null;
  }

  // Called with every state the page adopts: the first state that is over opens the panel.
  async offer(state) {
    if (!state.over) {
      this.element.hidden = true;
      this.reopen.hidden = true;
      return;
    }
    // the state may come twice (the answer, then the live update): one summary is asked for
    if (this.asking || (this.summary && this.summary.actions === state.log_length)) return;
    this.asking = true;
    const summary = await api(`/api/games/${this.page.id}/summary`);
    this.asking = false;
    if (summary.error) {
      this.element.replaceChildren(el("p", { class: "error", role: "alert", text: summary.error.reason }));
      this.element.hidden = false;
      return;
    }
    this.summary = summary;
    this.draw(state);
    this.open();
    announce(this.element.querySelector("h2").textContent);
  }

  open() {
    this.element.hidden = false;
    this.reopen.hidden = true;
    const title = this.element.querySelector("h2");  // a reader starts with how the game ended
    if (title) title.focus({ preventScroll: true });
  }

  close() {
    this.element.hidden = true;
    this.reopen.hidden = false;
    this.reopen.focus();
  }

  emperor(name) {
    return (this.page.state.emperor_names || {})[name] || name;
  }

  draw(state) {
    const s = this.summary;
    const victory = s.result === "roma-victrix";
    const how = howItEnded(s, state.position.turn, this.page.state.emperor_names);
    const close = el("button", { type: "button", class: "ending-close", id: "ending-close",
                                 "aria-label": t("Close"), text: "×", on: { click: () => this.close() } });
    this.element.className = `ending ${victory ? "victory" : "defeat"}`;
    this.element.dataset.result = s.result;
    this.element.replaceChildren(
      close,
      el("h2", { id: "ending-title", tabindex: "-1", text: victory ? t("Roma Victrix") : t("The Empire has fallen") }),
      el("p", { class: "ending-how", id: "ending-how", text: how }),
      this.score(s.score),
      this.buttons(),
      // a game of the daily challenge: its table is where the game ends up
      s.sealed ? el("p", { class: "ending-challenge" }, el("a", { href: "/challenge", id: "end-challenge",
                                                                 text: t("See the daily challenge's table") })) : null,
      el("div", { class: "ending-columns" }, this.statistics(s), this.chart(s.samples)),
      el("div", { id: "end-analyse" }));
  }

  // R8's score as the engine computed it, with its parts.
  score(score) {
    const part = (sign, n, text) => el("li", { text: `${sign}${n} ${t(text)}` });
    return el("div", { class: "ending-score", id: "ending-score" },
      el("b", { text: `${t("Score (R8)")}: ${score.total}` }),
      el("ul", {},
        part("+", score.secured_borders, N_("secured borders")),
        part("+", score.italia_free ? 4 : 0, score.italia_free ? N_("Italia free of revolt") : N_("Italia holds a revolt")),
        part("−", score.unsecured_borders, N_("unsecured borders")),
        part("−", score.armies, N_("armies on the board")),
        part("−", score.regions_in_revolt, N_("regions in revolt"))));
  }

  buttons() {
    const shareBox = el("div", { class: "ending-share", hidden: "" });
    const share = el("button", { type: "button", id: "end-share", text: t("Share the replay"), on: { click: async () => {
      const link = el("input", { type: "text", readonly: "", id: "end-replay-link", value: replayLink(this.page.id),
                                 "aria-label": t("The replay's link"), size: "36" });
      shareBox.replaceChildren(link, el("small", { text: this.summary.sealed
        ? t("Anyone can open it once the day's challenge is over (00:00 UTC); until then, only you.")
        : t("Anyone can open it: the game is over.") }));
      shareBox.hidden = false;
      link.select();
      try { await navigator.clipboard.writeText(link.value); share.textContent = t("Copied"); } catch (error) { /* the link is shown to copy by hand */ }
    } } });
    const seated = this.page.you !== "spectator";
    // issue 27: the same dice or new ones; every seat's link opens the rematch (no link to pass on)
    const rematch = el("button", { type: "button", id: "end-rematch", hidden: seated ? null : "", text: t("Rematch"),
                                   title: t("A new game with the same settings, seed and seats"),
                                   on: { click: () => this.rematch(rematch, "same") } });
    const fresh = el("button", { type: "button", id: "end-rematch-new", hidden: seated ? null : "", text: t("Rematch with new dice"),
                                 title: t("A new game with the same settings and seats, and a new seed"),
                                 on: { click: () => this.rematch(fresh, "new") } });
    this.rematchButtons = [rematch, fresh];
    this.join = el("button", { type: "button", id: "end-join", class: "primary", hidden: "", text: t("Join the rematch"),
                               on: { click: () => joinRematch(this.page.id, this.next) } });
    if (this.next) this.offerRematch(this.next);
    return el("div", {},
      el("div", { class: "buttons ending-buttons" }, this.join, rematch, fresh,
        el("a", { href: "/", class: "button", id: "end-new", text: t("New game") }), share,
        el("a", { href: `/replay/${this.page.id}`, class: "button", id: "end-replay", text: t("Replay") })),
      shareBox);
  }

  async rematch(button, seed) {
    button.disabled = true;
    const answer = await working(() => api(`/api/games/${this.page.id}/rematch`, { seed }));
    button.disabled = false;
    if (answer.error) {
      this.element.append(el("p", { class: "error", role: "alert", text: answer.error.reason }));
      return;
    }
    joinRematch(this.page.id, answer.id);  // this seat's link opens it, as every other seat's
  }

  // The table plays again (a seat asked for the rematch): this seat joins it with its link.
  offerRematch(next) {
    this.next = next || this.next;
    if (!this.join || !this.next) return;
    this.join.hidden = false;
    // the table plays again already: one rematch, which every seat joins (no second one)
    for (const button of this.rematchButtons) button.hidden = true;
  }

  statistics(s) {
    const row = (name, value) => el("tr", {}, el("th", { scope: "row", text: name }), el("td", { text: String(value) }));
    const spent = Object.entries(s.ip_spent).map(([e, n]) => `${this.emperor(e)} ${n}`).join(" · ");
    const b = s.battles;
    const borders = s.borders.map((x) => el("li", { text: x.at
      ? fill(t("{border}: {emperor}, round {round}"), { border: x.border, emperor: this.emperor(x.emperor), round: x.at.round })
      : fill(t("{border}: at the start"), { border: x.border }) }));
    return el("div", { class: "ending-stats" },
      el("h3", { text: t("Statistics") }),
      el("table", { id: "ending-stats" },
        row(t("Rounds"), s.rounds), row(t("Turns"), s.turns), row(t("Actions"), s.actions),
        row(t("IP spent"), spent),
        row(t("Battles"), fill(t("{won} won, {lost} lost, {drawn} drawn"), b)),
        // the seed once the server tells it (D2): with it anyone can check the replay's dice
        s.seed === null || s.seed === undefined ? null : row(t("Seed of the dice"), s.seed)),
      el("h4", { text: `${t("Borders secured")}: ${s.score.secured_borders} / 6` }),
      borders.length ? el("ul", { class: "ending-borders" }, ...borders) : el("p", { text: t("No border secured.") }));
  }

  // The unrest and revolts on the board after each turn, a small inline SVG.
  chart(samples) {
    const box = el("figure", { class: "ending-chart" });
    const W = 300, H = 130, L = 46, B = 18, T = 8;
    const top = Math.max(4, ...samples.map((x) => Math.max(x.unrest, x.revolts)));
    const x = (i) => L + (samples.length > 1 ? (i * (W - L - 6)) / (samples.length - 1) : (W - L) / 2);
    const y = (v) => T + (H - T - B) * (1 - v / top);
    const ns = "http://www.w3.org/2000/svg";
    const svg = (tag, attributes, ...children) => {
      const node = document.createElementNS(ns, tag);
      for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
      for (const child of children) node.append(child);
      return node;
    };
    const line = (key, cls) => svg("polyline", { class: cls, points: samples.map((p, i) => `${x(i)},${y(p[key])}`).join(" ") });
    const label = t("Unrest and revolts on the board after each turn");
    const ticks = [0, Math.round(top / 2), top].map((v) => svg("g", {},
      svg("line", { class: "grid", x1: L, x2: W - 4, y1: y(v), y2: y(v) }),
      svg("text", { class: "tick", x: L - 4, y: y(v) + 3, "text-anchor": "end" }, String(v))));
    const rounds = [];
    samples.forEach((p, i) => {
      if (i === 0 || p.at.round !== samples[i - 1].at.round) {
        rounds.push(svg("text", { class: "tick", x: x(i), y: H - 4, "text-anchor": "middle" }, String(p.at.round)));
      }
    });
    const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label, id: "ending-chart" },
      svg("title", {}, label), ...ticks, ...rounds,
      svg("text", { class: "tick axis", x: L - 10, y: H - 4, "text-anchor": "end" }, t("Round")),
      line("unrest", "unrest"), line("revolts", "revolts"));
    box.append(el("figcaption", { text: label }), chart,
      el("div", { class: "ending-legend" },
        el("span", { class: "key unrest", text: t("unrest") }), " ",
        el("span", { class: "key revolts", text: t("revolts") })));
    return box;
  }
}
