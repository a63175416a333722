// The hint button (issues 10 and 24): the best few actions for the seat deciding, each with the
// plan it begins, the chance of winning after it with its 95% interval, and why; or, when every
// action leads to the same chance, the sentence that says so (then no figure per action).  The
// server thinks on a copy of the position (it never changes the game) for the time asked
// (?seconds=, capped by the server) and answers when that time is spent: the bar shows the time
// used of that budget, which is how far the thinking has gone.
import { api, el, t, announce } from "./main.js";

const SECONDS = 2;  // the time asked (the server's default; players.advice.DEFAULT_SECONDS)

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
    this.element = el("section", { class: "hint-box", "aria-label": t("Hint") },
                      this.button, this.bar, this.status, this.verdict, this.list);
  }

  // the position changed: the hints shown were for another one
  clear() {
    this.list.replaceChildren();
    this.status.textContent = "";
    this.verdict.hidden = true;
  }

  // the bar and the seconds shown while the server thinks: the time used of the time asked
  // (a busy server may think a little longer for a narrower interval: the bar stays full then)
  progress(started) {
    const used = (performance.now() - started) / 1000;
    this.bar.value = Math.min(Math.round((used / SECONDS) * 100), 100);
    this.status.textContent = `${t("Thinking…")} ${used.toFixed(1)} / ${SECONDS} s`;
  }

  async ask() {
    this.button.disabled = true;
    this.button.setAttribute("aria-busy", "true");
    this.clear();
    this.bar.hidden = false;
    const started = performance.now();
    this.progress(started);
    const timer = setInterval(() => this.progress(started), 100);
    try {
      const answer = await api(`/api/games/${this.page.id}/hint?seconds=${SECONDS}`);
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
    } finally {
      clearInterval(timer);
      this.bar.hidden = true;
      this.button.disabled = false;
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
