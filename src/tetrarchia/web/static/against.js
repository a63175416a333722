// What happened against the forecast (issue 23, item 4): while the danger overlay is on, each
// event of the last Barbarian phase in the log carries the chance the forecast made before that
// phase gave it ("Uprising in Moesia! — forecast 12 %"), and once the phase is over a short line
// sets the likeliest revolts and each army's step against what the dice did.  The figures are the
// server's (GET /api/games/<id>/forecast?last: the forecast kept for that phase); nothing here
// computes a rule, it only matches the events' provinces to the forecast's figures.
import { api, el, t } from "./main.js";
import { fill, percent } from "./maptips.js";

const LIKELIEST = 5;  // the end line counts the revolts of this many likeliest provinces
const CERTAIN = 0.999;  // a revolt as good as certain (already on the board) says nothing
const REVOLTS = ["UnrestSpreads", "UnrestRevolts", "UprisingSpreads"];  // a province turns to revolt

// The events of the last Barbarian phase: after the last Roman phase's end, up to the next turn.
export function lastPhase(events) {
  let start = -1;
  for (let k = events.length - 1; k >= 0; k--) {
    if (events[k].data.event === "PhaseEnded") { start = k; break; }
  }
  if (start < 0) return null;
  let end = events.length, over = false;
  for (let k = start + 1; k < events.length; k++) {
    if (["TurnBegins", "GameEnds"].includes(events[k].data.event)) { end = k; over = true; break; }
  }
  return { start, end, over };
}

// The forecast's chance of what ``d`` (an event's data) tells, or null.
export function chanceOf(d, fc) {
  if (REVOLTS.includes(d.event)) return fc.revolt[d.province];
  if (d.event === "UnrestPlaced") return fc.unrest[d.province];
  if (d.event === "UprisingStarts") return fc.uprising[d.province];
  if (d.event === "ArmyAdvances") {
    const army = fc.armies.find((a) => a.province === d.origin);
    return army ? army.advances : null;
  }
  return null;
}

export class Against {
  constructor(gameId, danger, board) {
    this.id = gameId;
    this.danger = danger;
    this.board = board;
    this.start = -1;  // the log index of the phase whose forecast is known (or asked for)
    this.forecast = null;
  }

  // Called after the log is drawn: its items carry data-k, their index in ``events``.
  draw(events, log) {
    this.latest = [events, log];  // the forecast, once come, is set against the newest log
    for (const old of log.querySelectorAll(".forecast-note, .forecast-against")) old.remove();
    const phase = this.danger.on ? lastPhase(events) : null;
    if (!phase) return;
    if (phase.start !== this.start) {
      this.start = phase.start;
      this.forecast = null;
      this.ask(phase.start);
      return;
    }
    const fc = this.forecast;
    if (!fc || !fc.available) return;
    const happened = new Set();
    const advanced = new Set();
    for (let k = phase.start + 1; k < phase.end; k++) {
      const d = events[k].data;
      if (REVOLTS.includes(d.event)) happened.add(d.province);
      if (d.event === "ArmyAdvances") advanced.add(d.origin);
      const chance = chanceOf(d, fc);
      const item = log.querySelector(`li[data-k="${k}"]`);
      if (chance === null || chance === undefined || !item) continue;
      item.append(el("span", { class: "forecast-note", "data-chance": chance,
                               text: ` — ${fill(t("forecast {chance}"), { chance: percent(chance) })}` }));
    }
    if (!phase.over) return;
    const last = log.querySelector(`li[data-k="${phase.end - 1}"]`);
    if (last) last.after(this.line(fc, happened, advanced));
  }

  // The forecast kept for the phase that began at ``start`` (asked once per phase).
  async ask(start) {
    const data = await api(`/api/games/${this.id}/forecast?last=1&wait=1`);
    if (this.start !== start || data.error) return;
    this.forecast = data;
    const [events, log] = this.latest;
    this.draw(events, log);
    log.dataset.against = String(start);
  }

  // "3 of the 5 likeliest revolts happened; the army in Dacia advanced (forecast 64 %)."
  line(fc, happened, advanced) {
    const likely = fc.revolt.map((p, i) => [p, i]).filter(([p]) => p > 0 && p < CERTAIN)
      .sort((a, b) => b[0] - a[0]).slice(0, LIKELIEST);
    const parts = [];
    if (likely.length) {
      parts.push(fill(t("{happened} of the {count} likeliest revolts happened"),
                      { happened: likely.filter(([, i]) => happened.has(i)).length, count: likely.length }));
    }
    for (const army of fc.armies) {
      if (army.next_step < 0) continue;
      const place = this.board.provinces[army.province].title;
      const said = advanced.has(army.province) ? t("the army in {place} advanced (forecast {chance})")
        : t("the army in {place} did not advance (forecast of its advance {chance})");
      parts.push(fill(said, { place, chance: percent(army.advances) }));
    }
    return el("li", { class: "forecast-against", "data-revolts": likely.filter(([, i]) => happened.has(i)).length,
                      "data-likeliest": likely.length,
                      text: `${t("Against the forecast:")} ${parts.join("; ")}.` });
  }
}
