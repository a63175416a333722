// The hint button (issue 10): the best few actions for the seat deciding, each with the plan it
// begins, the estimated chance of winning and why, and a button that plays it.  The server
// computes the hint on a copy of the position (it never changes the game) within a bound of
// about two seconds; the box says so while it thinks.
import { api, el, t, announce } from "./main.js";

export class HintBox {
  constructor(page) {
    this.page = page;
    this.status = el("p", { class: "hint-status", id: "hint-status", "aria-live": "polite" });
    this.list = el("ol", { class: "hints", "aria-label": t("Hints") });
    this.button = el("button", { type: "button", id: "hint", "aria-describedby": "hint-status",
                                 title: t("The best few actions for the player deciding, with the chance of winning after each"),
                                 text: t("Hint"), on: { click: () => this.ask() } });
    this.element = el("section", { class: "hint-box", "aria-label": t("Hint") },
                      this.button, this.status, this.list);
  }

  // the position changed: the hints shown were for another one
  clear() {
    this.list.replaceChildren();
    this.status.textContent = "";
  }

  async ask() {
    this.button.disabled = true;
    this.button.setAttribute("aria-busy", "true");
    this.list.replaceChildren();
    this.status.textContent = t("Thinking… (a second or two)");
    try {
      const answer = await api(`/api/games/${this.page.id}/hint`);
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
      this.status.textContent = `${t("Hint for")} ${answer.seat_title}: ${t("chance of winning after each action (games played on by the heuristic player)")}`;
      this.list.replaceChildren(...answer.hints.map((hint) => this.item(hint)));
      announce(`${t("Hint")}: ${answer.hints[0].action}`);
      this.list.querySelector("button").focus();
    } finally {
      this.button.disabled = false;
      this.button.removeAttribute("aria-busy");
    }
  }

  item(hint) {
    const percent = Math.round(hint.chance * 100);
    const play = el("button", { type: "button", class: "play-hint", text: hint.action,
                                "aria-label": `${t("Play")}: ${hint.action}`,
                                on: { click: () => this.page.send(hint.action) } });
    const then = hint.plan.length > 1
      ? el("div", { class: "hint-plan", text: `${t("then")}: ${hint.plan.slice(1).join("; ")}` }) : null;
    return el("li", {}, play,
              el("span", { class: "hint-chance", text: ` ${percent}% (${hint.wins}/${hint.playouts})` }),
              el("span", { class: "hint-reason", text: ` — ${hint.reason}` }), then);
  }
}
