// The hint button (issues 10 and 24): the best few actions for the seat deciding, each with the
// plan it begins, the chance of winning after it with its 95% interval, and why; or, when every
// action leads to the same chance, the sentence that says so (then no figure per action).  The
// server thinks on a copy of the position (it never changes the game) for the time asked
// (?seconds=, capped by the server) and answers when that time is spent: the bar shows the time
// used of that budget, which is how far the thinking has gone.  Once a hint is shown, "Think
// longer" asks again with the next budget the server allows (GET /api/hint-budgets: 2 s, 10 s,
// 30 s as far as the host permits; web/hints.py): more continuations, narrower intervals.
import { api, el, t, announce } from "./main.js";
import { fill } from "./maptips.js";

const SECONDS = 2;  // the time asked first (the server's default; players.advice.DEFAULT_SECONDS)

export class HintBox {
  constructor(page) {
    this.page = page;
    this.status = el("p", { class: "hint-status", id: "hint-status", "aria-live": "polite" });
    this.bar = el("progress", { class: "hint-progress", max: "100", value: "0", hidden: "",
                                "aria-label": t("Thinking") });
    this.verdict = el("p", { class: "hint-verdict", hidden: "" });
    this.list = el("ol", { class: "hints", "aria-label": t("Hints") });
    this.button = el("button", { type: "button", id: "hint", "aria-describedby": "hint-status",
                                 title: t("The best few actions for the player deciding, with the chance of winning after each"),
                                 text: t("Hint"), on: { click: () => this.ask() } });
    this.longer = el("button", { type: "button", id: "hint-longer", class: "hint-longer", hidden: "",
                                 title: t("Think again for longer: more continuations, narrower intervals"),
                                 on: { click: () => this.ask(this.next) } });
    this.element = el("section", { class: "hint-box", "aria-label": t("Hint") },
                      this.button, this.longer, this.bar, this.status, this.verdict, this.list);
    this.seconds = SECONDS;
    this.next = null;  // the next longer budget the server allows, once known
    this.choices = null;
  }

  // The budgets the server allows (asked once).
  async budgets() {
    if (!this.choices) {
      const answer = await api("/api/hint-budgets");
      this.choices = answer.error ? [SECONDS] : answer.choices;
    }
    return this.choices;
  }

  // "Think longer: 10 s" after a hint thought ``budget`` seconds, while a longer one is allowed.
  offerLonger(budget) {
    const longer = (this.choices || []).find((c) => c > budget + 1e-9);
    this.next = longer === undefined ? null : longer;
    this.longer.hidden = this.next === null;
    if (this.next !== null) this.longer.textContent = fill(t("Think longer: {seconds} s"), { seconds: this.next });
  }

  // the position changed: the hints shown were for another one
  clear() {
    this.list.replaceChildren();
    this.status.textContent = "";
    this.verdict.hidden = true;
    this.longer.hidden = true;
  }

  // the bar and the seconds shown while the server thinks: the time used of the time asked
  // (a busy server may think a little longer for a narrower interval: the bar stays full then)
  progress(started) {
    const used = (performance.now() - started) / 1000;
    this.bar.value = Math.min(Math.round((used / this.seconds) * 100), 100);
    this.status.textContent = `${t("Thinking…")} ${used.toFixed(1)} / ${this.seconds} s`;
  }

  async ask(seconds = SECONDS) {
    await this.budgets();
    this.seconds = seconds;
    this.button.disabled = true;
    this.longer.disabled = true;
    this.button.setAttribute("aria-busy", "true");
    this.clear();
    this.bar.hidden = false;
    const started = performance.now();
    this.progress(started);
    const timer = setInterval(() => this.progress(started), 100);
    try {
      const answer = await api(`/api/games/${this.page.id}/hint?seconds=${seconds}`);
      if (answer.error) {
        this.status.textContent = answer.error.reason;
        return;
      }
      if (answer.version !== this.page.state.version) {
        this.status.textContent = t("The game moved on while the hint was computed: ask again.");
        return;
      }
      if (!answer.hints.length) {
        this.status.textContent = t("Nothing to decide now.");
        return;
      }
      const games = answer.hints[0].games;
      this.status.textContent = `${t("Hint for")} ${answer.seat_title}: ${t("chance of winning after each action, with its 95% interval")} (${games} ${t("continuations each, the same dice")})`;
      this.verdict.textContent = answer.verdict || "";
      this.verdict.hidden = !answer.verdict;
      this.list.replaceChildren(...answer.hints.map((hint) => this.item(hint, !answer.verdict)));
      announce(`${t("Hint")}: ${answer.verdict || answer.hints[0].action}`);
      this.list.querySelector("button").focus();
      this.element.dataset.budget = String(answer.budget);
      this.offerLonger(answer.budget);
    } finally {
      clearInterval(timer);
      this.bar.hidden = true;
      this.button.disabled = false;
      this.longer.disabled = false;
      this.button.removeAttribute("aria-busy");
    }
  }

  // one action: a button that plays it, its chance (when the actions differ) and its reasons
  item(hint, ranked) {
    const play = el("button", { type: "button", class: "play-hint", text: hint.action,
                                "aria-label": `${t("Play")}: ${hint.action}`,
                                on: { click: () => this.page.send(hint.action) } });
    const then = hint.plan.length > 1
      ? el("div", { class: "hint-plan", text: `${t("then")}: ${hint.plan.slice(1).join("; ")}` }) : null;
    const chance = ranked ? el("span", { class: "hint-chance", text: ` ${hint.chance_text}` }) : null;
    const why = hint.reason ? el("span", { class: "hint-reason", text: ` — ${hint.reason}` }) : null;
    return el("li", {}, play, chance, why, then);
  }
}
