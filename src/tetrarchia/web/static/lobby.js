// The lobby (issue 27): the tables whose host offers free seats, each with its level in words,
// its seats and who sits there.  A player picks a name (kept by this browser: no account), takes
// a free seat and goes to the game with that seat's secret link.  The server checks the name
// and gives each seat to one browser only; its refusal is shown as it says it.
import { api, el, t, N_, keepSeat, withLanguage, working } from "./main.js";
import { fill } from "./levels.js";

export const NAME_KEY = "tetrarchia.name";
const REFRESH_MS = 15000;  // the list is read again while the page is open

export function keptName() {
  return localStorage.getItem(NAME_KEY) || "";
}

export async function lobbyPage(main) {
  const verdict = el("p", { class: "verdict", id: "lobby-verdict", role: "alert" });
  const name = el("input", { id: "lobby-name", type: "text", maxlength: "24", autocomplete: "nickname",
                             value: keptName(), placeholder: t("Your name at the table") });
  name.addEventListener("change", () => localStorage.setItem(NAME_KEY, name.value.trim()));
  const list = el("div", { class: "lobby-tables", id: "lobby-tables", "aria-live": "polite" });
  const take = async (table, seat, button) => {
    button.disabled = true;
    const answer = await working(() => api(`/api/lobby/${table.id}/seats/${seat.player}`, { name: name.value }));
    if (answer.error) {
      verdict.className = "verdict refused";
      verdict.textContent = answer.error.reason;
      button.disabled = false;
      await draw();
      return;
    }
    localStorage.setItem(NAME_KEY, answer.name);
    keepSeat(answer.id, answer.token);
    location.assign(withLanguage(`/game/${answer.id}`));
  };
  const card = (table) => el("article", { class: "lobby-table", "data-game": table.id },
    el("h3", {}, fill(t(table.players === 1 ? N_("{players} seat") : N_("{players} seats")), { players: table.players }),
       " · ", el("span", { class: "level-code", text: table.level })),
    el("p", { class: "level-words", text: table.level_words }),
    table.options.length ? el("p", { class: "lobby-options", text: `${t("Optional rules")}: ${table.options.join(", ")}` }) : null,
    el("ul", { class: "lobby-seats" }, ...table.seats.map((seat) => el("li", { class: seat.free ? "free" : "taken" },
      el("span", { class: "seat-title", text: seat.title }), " ",
      seat.free
        ? el("button", { type: "button", class: "primary take-seat", id: `take-${table.id}-${seat.player}`,
                         text: t("Take this seat"), on: { click: (event) => take(table, seat, event.currentTarget) } })
        : el("span", { class: `seat-name${seat.here ? " here" : ""}`, title: seat.here ? t("connected") : t("not connected"),
                       text: `${seat.here ? "● " : "○ "}${seat.name || t("taken")}` })))));
  const draw = async () => {
    const answer = await working(() => api("/api/lobby"));
    if (answer.error) { verdict.textContent = answer.error.reason; return; }
    list.replaceChildren(...(answer.tables.length ? answer.tables.map(card)
      : [el("p", { class: "lobby-empty", id: "lobby-empty", text: t("No table offers a free seat now. Start a game online and open its table from the game's panel.") })]));
  };
  main.replaceChildren(el("section", { class: "lobby-page", "aria-labelledby": "lobby-title" },
    el("h2", { id: "lobby-title", text: t("Open tables") }),
    el("p", { class: "lead", text: t("Join a game whose host offers a free seat. Your name is kept by this browser; taking a seat gives you its secret link.") }),
    el("label", { class: "lobby-name" }, t("Your name") + " ", name),
    verdict, list,
    el("p", {}, el("a", { href: "/", text: t("Back to the start") }))));
  await draw();
  const timer = setInterval(() => { if (!document.hidden) draw(); }, REFRESH_MS);
  addEventListener("pagehide", () => clearInterval(timer), { once: true });
}
