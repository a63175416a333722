// The daily challenge (issue 27, item 5) at /challenge: today's setup in words, Play (solo, under
// a name this browser keeps), the day's table, and yesterday's with its replays and the seed of
// its dice.  The server deals the setup and the dice, finds the results and ranks the table
// (web/challenge.py): this page draws what it is sent.
import { api, el, t, N_, keepSeat, withLanguage, formatNumber, currentLanguage } from "./main.js";

const NAME_KEY = "tetrarchia.challenge.name";
const BROWSER_KEY = "tetrarchia.challenge.browser";
const RESULTS = { won: N_("Won"), lost: N_("Lost"), unfinished: N_("Unfinished") };

// This browser's random id: its one entry a day.  crypto.getRandomValues works on any address
// (randomUUID only on a secure one: a server on the local network is not).
function browserId() {
  let id = localStorage.getItem(BROWSER_KEY);
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(BROWSER_KEY, id);
  }
  return id;
}

// A UTC date (YYYY-MM-DD) in words, in the page's language.
function dayWords(day) {
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "full", timeZone: "UTC" })
    .format(new Date(`${day}T12:00:00Z`));
}

function closesIn(seconds) {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return t("Closes in {hours} h {minutes} min (at 00:00 UTC)")
    .replace("{hours}", formatNumber(hours)).replace("{minutes}", formatNumber(minutes));
}

function setupWords(setup, id) {
  const options = setup.options.length
    ? el("ul", { class: "challenge-options" }, ...setup.options.map((o) => el("li", {},
        el("b", { text: o.title }), " ", el("span", { class: "rule-ref", text: o.rule }))))
    : el("p", { class: "challenge-options none", text: t("The base game, with no optional rule.") });
  return el("div", { class: "challenge-setup", id },
    el("p", { class: "challenge-level" }, el("span", { class: "level-code", text: setup.level }), " ",
      el("span", { text: setup.level_words })),
    el("p", { class: "challenge-solo", text: t("Solo: you hold the four Emperors.") }),
    options);
}

// A day's table: rank, name, result, R8's score, rounds, turns (and, after the day, the replay).
function table(entries, id, withReplays) {
  if (!entries.length) {
    return el("p", { class: "challenge-empty", id, text: withReplays
      ? t("Nobody played yesterday's challenge.") : t("Nobody has played today's challenge yet: be the first.") });
  }
  const head = ["#", t("Name"), t("Result"), t("Score"), t("Rounds"), t("Turns")];
  if (withReplays) head.push(t("Replay"));
  let rank = 0;
  const rows = entries.map((e) => {
    const finished = e.result === "won" || e.result === "lost";
    if (finished) rank += 1;
    const cells = [
      el("td", { class: "num", text: finished ? formatNumber(rank) : "–" }),
      el("td", { class: "entry-name", text: e.name }),
      el("td", {}, el("span", { class: `result ${e.result || "playing"}`, text: t(RESULTS[e.result] || N_("Playing")) })),
      el("td", { class: "num", text: e.score === null ? "–" : formatNumber(e.score) }),
      el("td", { class: "num", text: e.rounds === null ? "–" : formatNumber(e.rounds) }),
      el("td", { class: "num turns", text: e.turns === null ? "–" : formatNumber(e.turns) }),
    ];
    if (withReplays) {
      cells.push(el("td", {}, e.game ? el("a", { href: withLanguage(`/replay/${e.game}`), class: "replay-link",
                                                 text: t("Watch") }) : "–"));
    }
    return el("tr", { class: e.result === "won" && rank === 1 ? "leader" : null }, ...cells);
  });
  return el("div", { class: "table-wrap" }, el("table", { class: "challenge-table", id },
    el("thead", {}, el("tr", {}, ...head.map((h, i) => el("th", { scope: "col", class: [0, 3, 4, 5].includes(i) ? `num${i === 5 ? " turns" : ""}` : null,
                                                     title: i === 0 ? t("Rank") : null, text: h })))),
    el("tbody", {}, ...rows)));
}

export async function challengePage(main) {
  const view = await api("/api/challenge");
  const name = el("input", { id: "challenge-name", type: "text", maxlength: "24", autocomplete: "nickname",
                             value: localStorage.getItem(NAME_KEY) || "", required: "" });
  const verdict = el("p", { class: "verdict", id: "challenge-verdict", role: "status" });
  const play = el("button", { type: "submit", class: "primary", id: "challenge-play", text: t("Play today's challenge") });
  const form = el("form", { class: "challenge-play", on: { submit: async (event) => {
    event.preventDefault();
    play.disabled = true;
    try {
      const answer = await api("/api/challenge/entries", { name: name.value, browser: browserId() });
      if (answer.error) {
        verdict.className = "verdict refused";
        verdict.replaceChildren(answer.error.reason);
        if (answer.id) {  // played already: its game is this browser's to look at again
          verdict.append(" ", el("a", { href: withLanguage(`/game/${answer.id}`), id: "challenge-mine", text: t("See your game") }));
        }
        return;
      }
      localStorage.setItem(NAME_KEY, name.value.trim());
      if (answer.credentials) keepSeat(answer.id, answer.credentials.hotseat);
      location.assign(withLanguage(`/game/${answer.id}`));
    } finally { play.disabled = false; }
  } } },
    el("label", { for: "challenge-name", text: t("Your name in the table") }),
    el("div", { class: "challenge-go" }, name, play),
    el("small", { text: t("One entry per browser a day: starting again goes back to your game.") }),
    verdict);

  const yesterday = view.yesterday;
  main.replaceChildren(el("div", { class: "challenge-page" },
    el("section", { class: "challenge-head", "aria-labelledby": "challenge-title" },
      el("h2", { id: "challenge-title", text: t("Daily challenge") }),
      el("p", { class: "challenge-day", id: "challenge-day", text: dayWords(view.day) }),
      el("p", { class: "lead", text: t("One setup a day and the same dice for everyone, kept secret by the server until the day ends. Play it once, alone, and see where you stand.") })),
    el("div", { class: "challenge-columns" },
      el("section", { class: "challenge-card today", "aria-labelledby": "today-title" },
        el("h3", { id: "today-title", text: t("Today's setup") }),
        setupWords(view.setup, "challenge-setup"),
        el("p", { class: "challenge-closes", text: closesIn(view.closes_in) }),
        form),
      el("section", { class: "challenge-card", "aria-labelledby": "table-title" },
        el("h3", { id: "table-title", text: t("Today's table") }),
        table(view.entries, "challenge-today", false))),
    el("section", { class: "challenge-card yesterday", "aria-labelledby": "yesterday-title" },
      el("h3", { id: "yesterday-title" }, t("Yesterday's challenge"), " ", el("small", { text: dayWords(yesterday.day) })),
      setupWords(yesterday.setup, "yesterday-setup"),
      el("p", { class: "challenge-seed" }, t("Seed of the dice") + ": ",
        el("code", { id: "yesterday-seed", text: String(yesterday.seed) }), " ",
        el("small", { text: t("With this seed anyone can check every die of yesterday's games.") })),
      table(yesterday.entries, "challenge-yesterday", true))));
}
