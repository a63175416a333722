// Your turn, wherever you are (issue 27, item 2): since when the seat deciding has waited (the
// server keeps when each decision began: web/notify.py), and a seat's notification settings —
// the browser's notifications (asked only when the player presses the button), a webhook, an
// e-mail when the server's host set up SMTP.  The server checks every address; this page only
// sends what the player typed and shows the server's answer.
import { api, el, t, N_, showDialog, currentLanguage } from "./main.js";

// "2 h 14 min" in the page's language: the units as each language writes them.
export function duration(seconds) {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 1) return t("less than a minute");
  const days = Math.floor(minutes / 1440), hours = Math.floor((minutes % 1440) / 60), rest = minutes % 60;
  if (days > 0) return t("{d} d {h} h").replace("{d}", days).replace("{h}", hours);
  if (hours > 0) return t("{h} h {m} min").replace("{h}", hours).replace("{m}", rest);
  return t("{m} min").replace("{m}", rest);
}

const PERMISSION = {
  granted: N_("Browser notifications are on: this tab tells you when it is your turn while it is hidden."),
  denied: N_("This browser blocks this page's notifications: allow them in its site settings."),
  default: N_("Browser notifications are off."),
};

export class Notices {
  constructor(page) {
    this.page = page;
    this.turn = null;      // {player, since, version}: who decides, since when (the server's clock)
    this.skew = 0;         // the server's clock minus this browser's, in seconds
    this.settings = null;  // this seat's own (null for a spectator)
    this.email = false;    // whether the server sends e-mail
    this.asked = null;
    this.button = el("button", { type: "button", id: "notices", "aria-haspopup": "dialog",
                                 text: t("Notifications"), hidden: page.you === "spectator" ? "" : null,
                                 on: { click: () => this.open() } });
    // the waiting time shown grows by the minute without asking the server again
    this.timer = setInterval(() => { if (this.turn && this.turn.player !== null) this.page.drawSeats(); }, 30000);
  }

  // A new state: ask the server since when its decision waits when the seat deciding changed.
  update(state) {
    const player = state.over ? null : (state.player ?? null);
    if (this.turn && this.asked === player) return;
    this.asked = player;
    this.load();
  }

  async load() {
    const data = await api(`/api/games/${this.page.id}/notify`);
    if (data.error) return;
    this.adopt(data);
    this.page.drawSeats();
  }

  adopt(data) {
    this.turn = data.turn;
    this.skew = data.turn.now - Date.now() / 1000;
    this.settings = data.settings;
    this.email = data.email;
    document.documentElement.dataset.waitingSince = String(this.turn.since);
  }

  // "waiting 2 h 14 min" for the seat deciding, else "".
  waiting(player) {
    if (!this.turn || this.turn.player !== player) return "";
    const now = Date.now() / 1000 + this.skew;
    return t("waiting {time}").replace("{time}", duration(now - this.turn.since));
  }

  // The settings dialog: the browser's notifications, the webhook, the e-mail.
  open() {
    const s = this.settings || { webhook: "", include_link: false, email: "" };
    const status = el("p", { id: "notice-permission" });
    const allow = el("button", { type: "button", id: "notice-allow", text: t("Allow browser notifications"),
                                 on: { click: async () => { await Notification.requestPermission(); permission(); } } });
    const permission = () => {
      const supported = "Notification" in window;
      const now = supported ? Notification.permission : "denied";
      status.textContent = supported ? t(PERMISSION[now] || PERMISSION.default) : t("This browser has no notifications.");
      allow.hidden = !supported || now !== "default";
    };
    permission();
    const webhook = el("input", { type: "url", id: "notice-webhook", value: s.webhook, maxlength: "500",
                                  placeholder: "https://discord.com/api/webhooks/...", autocomplete: "off" });
    const link = el("input", { type: "checkbox", id: "notice-link", checked: s.include_link ? "" : null });
    const email = el("input", { type: "email", id: "notice-email", value: s.email, maxlength: "254", autocomplete: "email" });
    const said = el("p", { id: "notice-said", role: "status" });
    const save = el("button", { type: "button", id: "notice-save", class: "primary", text: t("Save"), on: { click: async () => {
      save.disabled = true;
      const body = { webhook: webhook.value, include_link: link.checked, lang: currentLanguage() };
      if (this.email) body.email = email.value;
      const data = await api(`/api/games/${this.page.id}/notify`, body);
      save.disabled = false;
      said.className = data.error ? "error" : "saved";
      said.textContent = data.error ? data.error.reason : t("Saved.");
      if (!data.error) this.adopt(data);
    } } });
    const field = (label, input, help) => el("label", { class: "notice-field" },
      el("span", { text: label }), input, help ? el("small", { text: help }) : null);
    showDialog(t("Notifications"),
      el("div", { class: "notices" },
        el("h3", { text: t("In this browser") }), status, allow,
        el("h3", { text: t("Wherever you are") }),
        el("p", { text: t("When it becomes your turn, the server tells you, even with this page closed.") }),
        field(t("Webhook (Discord, Slack, Matrix)"), webhook,
              t("A JSON message is posted to this address. Leave it empty for none.")),
        el("label", { class: "notice-check" }, link, " ",
           t("Include my secret link (whoever reads the message can play my seat)")),
        this.email ? field(t("E-mail"), email, t("An e-mail is sent to this address. Leave it empty for none.")) :
          el("p", { class: "notice-none", text: t("This server sends no e-mail (its host has not set up SMTP).") }),
        el("div", { class: "notice-actions" }, save), said));
  }
}
