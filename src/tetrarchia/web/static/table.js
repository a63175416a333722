// The game's table (issue 27) in the game page's panel: the chat, the names the seats are played
// under, who played each action, and the host's settings: list the free seats in the lobby,
// free a seat, hand a seat to the AI and back, the AI for an absent seat after N minutes, the
// chat opened to spectators.  The server decides everything (web/lobby.py); this draws what
// it is sent.  A chat message is shown as text (textContent), never as markup.
import { api, el, t, N_, working, keepSeat, withLanguage } from "./main.js";
import { fill } from "./levels.js";
import { NAME_KEY, keptName } from "./lobby.js";

const CHAT_LENGTH = 300;
const AWAY_CHOICES = [null, 1, 2, 5, 10, 30, 60];  // minutes: off, or after this long

export class TableBox {
  constructor(page) {
    this.page = page;
    this.data = null;
    this.messages = el("ol", { class: "chat-log", id: "chat-log", "aria-label": t("Chat"), "aria-live": "polite" });
    this.input = el("input", { id: "chat-text", type: "text", maxlength: String(CHAT_LENGTH), autocomplete: "off",
                               "aria-label": t("Message to the table"), placeholder: t("Message to the table") });
    this.verdict = el("p", { class: "verdict", id: "table-verdict", role: "alert" });
    this.form = el("form", { class: "chat-form", on: { submit: (event) => { event.preventDefault(); this.say(); } } },
      this.input, el("button", { type: "submit", id: "chat-send", text: t("Send") }));
    this.closed = el("p", { class: "chat-closed", hidden: "", text: t("Spectators read the chat: the host has not opened it to them.") });
    this.host = el("div", { class: "table-host", id: "table-host" });
    this.element = el("details", { class: "table-box", id: "table-box", open: "" },
      el("summary", { text: t("Table and chat") }), this.messages, this.closed, this.form, this.verdict, this.host);
  }

  // The table as the server holds it now (after a "table" news, a move, or at the start).
  async refresh() {
    const answer = await working(() => api(`/api/games/${this.page.id}/table`));
    if (answer.error) return;
    this.data = answer;
    this.drawChat(answer.chat);
    const spectator = this.page.you === "spectator";
    this.form.hidden = spectator && !answer.chat_open;
    this.closed.hidden = !this.form.hidden;
    this.drawHost();
    this.page.drawSeats();
    this.page.drawLog();
    this.page.ending.offerRematch(answer.rematch);
    // this browser's name, once, for a seat of a table that has none yet
    const seat = this.page.you;
    if (/^\d+$/.test(seat) && answer.open && !answer.names[seat] && keptName() && !this.named) {
      this.named = true;
      await api(`/api/games/${this.page.id}/table/name`, { name: keptName() });
    }
  }

  // Whom a seat is played by, as the seat list and the log say it.
  nameOf(player) {
    return this.data && this.data.names[String(player)];
  }

  standIn(player) {
    return this.data && this.data.stand_ins[String(player)];
  }

  // Who played log entry n: the player's name, or "the AI for <name>".
  playedBy(n) {
    const by = this.data && this.data.played_by[String(n)];
    if (!by) return null;
    const seat = this.page.seatTable.players.find((s) => String(s.player) === by.seat);
    const name = by.name || (seat ? seat.title : by.seat);  // a seat that gave no name: its title
    return by.ai ? fill(t("The AI for {name} played:"), { name }) : fill(t("{name} played:"), { name });
  }

  // The seat's words in the chat: its name, else the seat's title, else a spectator.
  speaker(message) {
    if (message.name) return message.name;
    if (message.seat === "all") return t("Every seat (hot seat)");
    const seat = this.page.seatTable.players.find((s) => String(s.player) === message.seat);
    return seat ? seat.title : t("Spectator");
  }

  drawChat(messages) {
    this.messages.replaceChildren(...messages.map((m) => this.line(m)));
    this.messages.scrollTop = this.messages.scrollHeight;
  }

  line(message) {
    return el("li", { class: "chat-line", "data-id": message.id },
      el("b", { class: "chat-name", text: `${this.speaker(message)}: ` }), el("span", { class: "chat-text", text: message.text }));
  }

  // A message from the live connection.
  add(message) {
    if (this.messages.querySelector(`[data-id="${message.id}"]`)) return;
    this.messages.append(this.line(message));
    this.messages.scrollTop = this.messages.scrollHeight;
  }

  async say() {
    const text = this.input.value;
    if (!text.trim()) return;
    const answer = await working(() => api(`/api/games/${this.page.id}/chat`, { text }));
    if (answer.error) { this.verdict.textContent = answer.error.reason; return; }
    this.verdict.textContent = "";
    this.input.value = "";
    this.add(answer);
  }

  async change(path, body) {
    const answer = await working(() => api(`/api/games/${this.page.id}/table${path}`, body));
    this.verdict.textContent = answer.error ? answer.error.reason : "";
    if (!answer.error) await this.refresh();
  }

  // The host's settings: only the host's page shows them.
  drawHost() {
    const d = this.data;
    if (!d || d.host === null || this.page.you !== d.host) { this.host.replaceChildren(); return; }
    const over = this.page.state && this.page.state.over;
    const name = el("input", { id: "host-name", type: "text", maxlength: "24", value: d.names[d.host] || keptName(),
                               "aria-label": t("Your name") });
    const listed = el("input", { type: "checkbox", id: "table-listed", checked: d.listed ? "" : null });
    const chatOpen = el("input", { type: "checkbox", id: "table-chat-open", checked: d.chat_open ? "" : null,
      on: { change: () => this.change("", { chat_open: chatOpen.checked }) } });
    const away = el("select", { id: "table-away", on: { change: () => this.change("", { away_minutes: away.value ? Number(away.value) : null }) } },
      ...AWAY_CHOICES.map((m) => el("option", { value: m === null ? "" : String(m),
        text: m === null ? t("never") : fill(t(m === 1 ? N_("after {minutes} minute") : N_("after {minutes} minutes")), { minutes: m }) })));
    away.value = d.away_minutes === null ? "" : String(d.away_minutes);
    const offers = [];
    // every seat a person plays; the host's own may be handed to the AI too (he steps away)
    const rows = this.page.seatTable.players.map((seat) => {
      const key = String(seat.player);
      const own = key === d.host;
      const stood = d.stand_ins[key];
      const free = d.free.includes(key);
      const offer = el("input", { type: "checkbox", id: `offer-${key}`, value: key, checked: free ? "" : null, disabled: free ? "" : null });
      if (!own && (seat.kind !== "ai" || stood)) offers.push(offer);
      const button = (id, text, body) => el("button", { type: "button", id, text, disabled: over ? "" : null,
                                                        on: { click: () => this.change(`/seats/${key}`, body) } });
      return el("li", { "data-player": key }, seat.title, " · ",
        el("span", { class: "seat-state", text: free ? t("free") : stood ? t("the AI plays it") : own ? t("you") : (d.names[key] || (seat.kind === "ai" ? t("AI") : t("a person"))) }),
        seat.kind === "ai" && !stood ? null : el("span", { class: "seat-buttons" },
          own ? null : el("label", { class: "offer" }, offer, " " + t("offer")),
          free || own ? null : button(`free-${key}`, t("Free this seat"), { do: "free" }),
          free ? null : stood ? button(`back-${key}`, t("Hand back"), { do: "back" }) : button(`ai-${key}`, t("Hand to the AI"), { do: "ai" })));
    });
    const open = el("button", { type: "button", id: "table-open", class: "primary", text: d.listed ? t("Update the lobby") : t("Open the table in the lobby"),
      on: { click: () => this.change("", { listed: listed.checked || !d.listed, name: name.value,
                                            offer: offers.filter((o) => o.checked && !o.disabled).map((o) => Number(o.value)) }) } });
    listed.addEventListener("change", () => this.change("", { listed: listed.checked }));
    name.addEventListener("change", () => { localStorage.setItem(NAME_KEY, name.value.trim()); });
    // folded once the table is open, unless the host has it unfolded: a redraw keeps his choice
    const shown = this.host.querySelector("details");
    const unfolded = shown ? shown.open : !d.open;
    this.host.replaceChildren(el("details", { class: "host-settings", id: "host-settings", open: unfolded ? "" : null },
      el("summary", { text: t("You host this table") }),
      el("label", {}, t("Your name") + " ", name),
      el("ul", { class: "host-seats" }, ...rows),
      el("small", { text: t("A seat offered in the lobby gets a new link: its old link stops working.") }),
      el("p", {}, open, " ", el("a", { href: withLanguage("/lobby"), text: t("See the lobby") })),
      el("label", {}, listed, " " + t("Listed in the lobby")),
      el("label", {}, chatOpen, " " + t("Spectators may write in the chat")),
      el("label", {}, t("The AI plays an absent player's seat") + " ", away)));
  }
}

// The end screen's way to the table's next game: the old link opens it (web/tables.py).
export function joinRematch(id, next) {
  keepSeat(next, localStorage.getItem(`tetrarchia.seat.${id}`));
  location.assign(withLanguage(`/game/${next}`));
}
