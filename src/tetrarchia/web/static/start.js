// The start page (issue 23): a welcome with three large choices — Learn to play (the tutorial at
// /learn), Play (solo, hot seat or online with friends, the level chosen in words with its
// measured chance of winning), Continue (the stored games) — and, folded, the custom game: every
// choice `tetrarchia play` offers, checked by the server as it is made (its refusal shown next to
// the choice), each rule code explained in words; importing a saved game.
import { api, el, t, N_, keepSeat, currentLanguage, withLanguage } from "./main.js";
import { LevelChooser, GFRA, ruleCode, fill } from "./levels.js";
import { storedGames } from "./continue.js";

const FAMILIES = [["Dux expansion", N_("Dux expansion"), "R11", N_("R11 in the rules: the modules of the Dux expansion, each switched on by itself.")],
                  ["variant", N_("Variants"), "R12", N_("R12 in the rules: variants that change how the base game plays.")],
                  ["scenario", N_("Historical scenarios"), "R13", N_("R13 in the rules: historical scenarios, each with its own setup and level.")]];
const SWITCHED = {
  D2: N_("Decision D2: an army placed during a Barbarian phase advances in that same phase. Unticked, it waits for the next phase."),
  D3: N_("Decision D3: a broken link is rolled for once per spreading or uprising, and that roll holds. Unticked, a link that failed is rolled again when it matters again."),
  D6: N_("Decision D6: in a battle only the largest connected group of discs supports each side. The other choice: the largest group of garrisons for the Emperor, the smallest touching group of revolts for the army."),
};
// How a game is played (R10's seating): the settings each way leads to.
const MODES = [
  { key: "solo", name: N_("Solo"), help: N_("You hold the four Emperors."), players: [1], hotseat: true },
  { key: "hotseat", name: N_("Hot seat"), help: N_("2 to 4 players share this screen, each with his Emperors."), players: [2, 3, 4], hotseat: true },
  { key: "online", name: N_("Online with friends"), help: N_("Each player on his own device, with his seat's secret link."), players: [2, 3, 4, 5], hotseat: false },
];

export async function startPage(main) {
  const [catalogue, games, levels] = await Promise.all([api("/api/options"), api("/api/games"), api("/api/levels")]);
  const chooser = new LevelChooser(levels);
  const verdict = el("div", { class: "verdict", role: "status", "aria-live": "polite", id: "verdict" });
  const level = el("select", { id: "level", name: "level" },
    el("option", { value: "", text: t("4211 (medium), or the scenario's") }),
    ...catalogue.levels.map((l) => el("option", { value: l, title: chooser.words(l),
                                                  text: chooser.chance(l) ? `${l} (${chooser.chance(l)})` : l })));
  const players = el("select", { id: "players", name: "players" },
    ...[1, 2, 3, 4, 5].map((n) => el("option", { value: n, text: n === 5 ? t("5 (with the Barbarian player)") : String(n) })));
  // R10: the value is the save format's name, the text the rulebook's of the page's language
  const caesar = el("select", { id: "shared_caesar" },
                    ...catalogue.shared_caesars.map((c) => el("option", { value: c.value, text: c.text })));
  const seed = el("input", { id: "seed", type: "number", min: "0", placeholder: t("random") });
  const d2 = el("input", { id: "d2", type: "checkbox", checked: "" });
  const d3 = el("input", { id: "d3", type: "checkbox", checked: "" });
  const support = el("select", { id: "support" }, el("option", { value: "largest", text: t("largest group for both sides") }),
                     el("option", { value: "players-choose", text: t("largest Roman, smallest Barbarian") }));
  const boardFile = el("input", { id: "board-file", type: "file", accept: ".toml" });
  // Seats (issue 11): one secret link per player, or every seat in this browser (hot seat);
  // any player's seat may be given to the server's AI (issue 10).
  const hotseat = el("input", { id: "hotseat", type: "checkbox" });
  const aiBox = el("div", { class: "ai-seats", id: "ai-seats" });
  const aiSelects = [];
  const drawAiSeats = () => {
    const count = Number(players.value) + (optionBoxes.some((b) => b.checked && b.value === "barbaria") && Number(players.value) < 5 ? 1 : 0);
    const kept = aiSelects.map((s) => s.value);
    aiSelects.length = 0;
    aiBox.replaceChildren(el("span", { text: t("Seats played by the AI") }), ...Array.from({ length: count }, (_, i) => {
      const select = el("select", { id: `ai-${i + 1}`, "aria-label": `${t("Player")} ${i + 1}` },
        el("option", { value: "", text: t("a person") }),
        ...catalogue.ai_players.map((p) => el("option", { value: p.name, title: p.summary, text: `${t("AI")}: ${p.name}` })));
      select.value = kept[i] || "";
      aiSelects.push(select);
      return el("label", {}, `${t("Player")} ${i + 1} `, select);
    }));
  };
  const optionBoxes = [];
  const paramSelects = [];
  const families = FAMILIES.map(([family, heading, code, meaning]) => el("fieldset", { class: "family" },
    el("legend", {}, t(heading), " ", ruleCode(code, t(meaning))),
    ...catalogue.options.filter((o) => o.family === family).map((o) => {
      const box = el("input", { type: family === "scenario" ? "checkbox" : "checkbox", value: o.key,
                                id: `opt-${o.key}`, "data-family": family });
      optionBoxes.push(box);
      const params = o.params.map((p) => {
        // the value sent is the registry's; the text, the parameter's name and its help are
        // in the page's language (/api/options)
        const select = el("select", { "data-param": `${o.key}.${p.name}`, "aria-label": `${o.title}: ${p.label || p.name}`, title: p.help },
          ...p.choices.map((c, i) => el("option", { value: String(c), selected: c === p.default ? "" : null,
                                                   text: (p.choice_texts || [])[i] || String(c) })));
        paramSelects.push({ select, option: o.key, def: String(p.default) });
        return el("label", { class: "param" }, `${p.label || p.name} `, select, el("small", { text: ` ${p.help}` }));
      });
      return el("div", { class: "option" },
        el("label", { for: `opt-${o.key}` }, box, ` ${o.title} `),
        ruleCode(o.rule, `${t("Section")} ${o.rule}: ${o.summary}`), " ", el("small", { text: o.summary }),
        ...params);
    })));
  const choices = () => {
    const options = optionBoxes.filter((b) => b.checked).map((b) => b.value);
    const params = {};
    for (const { select, option, def } of paramSelects) {
      if (options.includes(option) && select.value !== def) params[select.dataset.param] = select.value;
    }
    const body = { level: level.value || null, players: Number(players.value), shared_caesar: caesar.value,
                   new_armies_advance: d2.checked, broken_link_once: d3.checked, support_group: support.value,
                   options, params };
    if (seed.value !== "") body.seed = Number(seed.value);
    body.hotseat = hotseat.checked;
    body.ai = {};
    aiSelects.forEach((select, i) => { if (select.value) body.ai[String(i + 1)] = select.value; });
    return body;
  };
  const check = async () => {
    const answer = await api("/api/settings/check", choices());
    verdict.className = answer.error ? "verdict refused" : "verdict ok";
    const titles = Object.fromEntries(catalogue.options.map((o) => [o.key, o.title]));
    const ready = { level: answer.settings && answer.settings.level, words: answer.settings && chooser.words(answer.settings.level),
                    players: answer.settings && answer.settings.players };
    verdict.textContent = answer.error ? fill(N_("Cannot be played: {reason}"), { reason: answer.error.reason }) :
      fill(ready.players === 1 ? N_("Ready: level {level} ({words}), 1 Emperor player")
                               : N_("Ready: level {level} ({words}), {players} Emperor players"), ready) +
      (answer.settings.options.length ? `, ${answer.settings.options.map((k) => titles[k] || k).join(", ")}` : "");
    create.disabled = Boolean(answer.error);
    return !answer.error;
  };
  const create = el("button", { type: "submit", id: "create", text: t("Start the game") });
  const form = el("form", { class: "start", on: { change: (e) => {
    if (e.target === players || e.target.value === "barbaria") drawAiSeats();
    check();
  }, submit: async (e) => {
    e.preventDefault();
    if (!(await check())) return;
    const body = choices();
    if (boardFile.files.length) body.board = await boardFile.files[0].text();
    const answer = await api("/api/games", body);
    if (answer.error) { verdict.className = "verdict refused"; verdict.textContent = answer.error.reason; return; }
    showLinks(main, answer);
  } } },
    el("div", { class: "grid" },
      el("span", {}, el("label", {}, t("Difficulty level") + " ", level), " ", ruleCode("GFRA", t(GFRA))),
      el("label", {}, t("Players") + " ", players),
      el("label", {}, t("Caesar shared by 3 players") + " ", caesar),
      el("label", {}, t("Seed of the dice") + " ", seed),
      el("span", {}, el("label", {}, d2, " " + t("New armies advance in their phase")), " ", ruleCode("D2", t(SWITCHED.D2))),
      el("span", {}, el("label", {}, d3, " " + t("A broken link is rolled once per spreading")), " ", ruleCode("D3", t(SWITCHED.D3))),
      el("span", {}, el("label", {}, t("Support group") + " ", support), " ", ruleCode("D6", t(SWITCHED.D6))),
      el("label", {}, t("Board file (optional)") + " ", boardFile),
      el("label", {}, hotseat, " " + t("Hot seat: every seat in this browser"))),
    aiBox,
    ...families, el("div", { class: "go" }, verdict, create));

  const importFile = el("input", { type: "file", id: "import-file", accept: ".json", "aria-label": t("Saved game") });
  const importVerdict = el("div", { class: "verdict", role: "status" });
  const importForm = el("form", { class: "import", on: { submit: async (e) => {
    e.preventDefault();
    if (!importFile.files.length) return;
    let save;
    try { save = JSON.parse(await importFile.files[0].text()); } catch (error) {
      importVerdict.textContent = `${t("Not a saved game")}: ${error.message}`; return;
    }
    const body = { save };
    if (boardFile.files.length) body.board = await boardFile.files[0].text();
    body.hotseat = true;  // an imported game is played at this screen; links can be made by the host
    const answer = await api("/api/games/import", body);
    if (answer.error) { importVerdict.textContent = answer.error.reason; return; }
    showLinks(main, answer);
  } } }, el("h3", { text: t("Continue a saved game") }),
    el("p", { text: t("A game saved in the terminal (save FILE) or exported here.") }),
    importFile, el("button", { type: "submit", id: "import", text: t("Import") }), importVerdict);

  const custom = el("details", { class: "custom", id: "custom-game" },
    el("summary", {}, el("h2", { text: t("Custom game") }),
       el("span", { class: "summary-help", text: t("Every rule, option, variant and scenario; importing a saved game.") })),
    form, importForm);
  main.replaceChildren(el("div", { class: "start-page" },
    welcome(),
    el("div", { class: "start-columns" },
      el("div", { class: "start-left" }, playSection(main, chooser), custom),
      storedGames(games, chooser))));
  drawAiSeats();
  await check();
}

// The three large choices.
function welcome() {
  const lang = currentLanguage();
  const big = (attributes, title, help, mark) => el("a", { class: "big-choice", ...attributes },
    el("span", { class: "big-mark", "aria-hidden": "true", text: mark }),
    el("span", { class: "big-title", text: title }), el("span", { class: "big-help", text: help }));
  const jump = (id) => (event) => {
    event.preventDefault();
    const target = document.getElementById(id);
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  };
  return el("section", { class: "welcome", "aria-labelledby": "welcome-title" },
    el("h2", { id: "welcome-title", text: t("Hold the Empire together") }),
    el("p", { class: "lead", text: t("A cooperative game for 1 to 4 players: you share the four Emperors of Diocletian's Tetrarchy and fight revolts and Barbarian armies until the six borders are secured, or Roma falls.") }),
    el("div", { class: "big-choices" },
      big({ href: `/learn?lang=${lang}`, id: "choice-learn" }, t("Learn to play"), t("A guided first game, one step at a time."), "I"),
      big({ href: "#play", id: "choice-play", on: { click: jump("play") } }, t("Play"), t("Alone, at one screen, or with friends online."), "II"),
      big({ href: "#continue", id: "choice-continue", on: { click: jump("continue") } }, t("Continue"), t("Your games wait where you left them."), "III")),
    el("p", { class: "challenge-teaser" }, el("a", { href: "/challenge", id: "choice-challenge", text: t("Daily challenge") }),
      " — ", t("one setup a day, the same dice for everyone.")));
}

// Play: how (solo, hot seat, online), how many, and the level in words; then the game.
function playSection(main, chooser) {
  const verdict = el("p", { class: "verdict", id: "play-verdict", role: "status" });
  const players = el("select", { id: "play-players" });
  const playersLabel = el("label", { class: "play-players" }, t("Players") + " ", players);
  let mode = MODES[0];
  const setMode = (key) => {
    mode = MODES.find((m) => m.key === key);
    const kept = Number(players.value) || 2;
    players.replaceChildren(...mode.players.map((n) => el("option", { value: n,
      text: n === 5 ? t("5 (with the Barbarian player)") : String(n) })));
    players.value = String(mode.players.includes(kept) ? kept : mode.players[0]);
    playersLabel.hidden = mode.players.length === 1;
  };
  const modes = el("fieldset", { class: "modes" }, el("legend", { text: t("How do you play?") }),
    el("div", { class: "mode-cards" }, ...MODES.map((m, i) => el("label", { class: "mode-card", for: `mode-${m.key}` },
      el("input", { type: "radio", name: "mode", id: `mode-${m.key}`, value: m.key, checked: i === 0 ? "" : null,
                    on: { change: () => setMode(m.key) } }),
      el("b", { text: t(m.name) }), el("small", { text: t(m.help) })))),
    playersLabel);
  const start = el("button", { type: "submit", id: "play-start", class: "primary", text: t("Start the game") });
  const form = el("form", { class: "play", on: { submit: async (event) => {
    event.preventDefault();
    start.disabled = true;
    try {
      const answer = await api("/api/games", { level: chooser.value(), players: Number(players.value), hotseat: mode.hotseat });
      if (answer.error) { verdict.className = "verdict refused"; verdict.textContent = answer.error.reason; return; }
      if (mode.hotseat) {  // this screen holds every seat: straight to the map
        keepSeat(answer.id, answer.credentials.hotseat);
        location.assign(withLanguage(`/game/${answer.id}`));
      } else showLinks(main, answer);
    } finally { start.disabled = false; }
  } } }, modes, chooser.element, el("div", { class: "play-go" }, start, verdict));
  setMode("solo");
  return el("section", { class: "play-section", id: "play", "aria-labelledby": "play-title", tabindex: "-1" },
    el("h2", { id: "play-title", text: t("Play") }), form,
    // the open tables (issue 27): a free seat of someone else's game
    el("p", { class: "lobby-link" }, el("a", { href: "/lobby", id: "to-lobby", text: t("Open tables: join a game that has a free seat") })));
}

// After creation: each seat's secret link with a Copy button, shown once (the server keeps only
// their hashes).  This browser keeps the first person's seat (or the hot seat) and goes on.
export function showLinks(main, answer) {
  const given = answer.credentials;
  const absolute = (token) => `${location.origin}/game/${answer.id}#${encodeURIComponent(token)}`;
  const mine = given.hotseat || (given.seats.find((s) => s.token) || {}).token || given.spectator;
  keepSeat(answer.id, mine);
  const row = (title, token, id) => {
    const link = el("input", { type: "text", readonly: "", value: absolute(token), id, class: "seat-link",
                               "aria-label": title, size: "40" });
    const copy = el("button", { type: "button", class: "copy", text: t("Copy"), on: { click: async () => {
      link.select();
      try { await navigator.clipboard.writeText(link.value); } catch (error) { document.execCommand("copy"); }
      copy.textContent = t("Copied");
    } } });
    return el("li", {}, el("b", { text: title }), " ", link, " ", copy);
  };
  const rows = [];
  if (given.hotseat) rows.push(row(t("Every seat (hot seat)"), given.hotseat, "link-all"));
  for (const seat of given.seats) {
    if (seat.kind === "ai") rows.push(el("li", { text: `${seat.title} — ${t("AI")}: ${seat.ai}` }));
    else if (!given.hotseat) rows.push(row(seat.title, seat.token, `link-${seat.player}`));
  }
  rows.push(row(t("Spectators (can watch, cannot act)"), given.spectator, "link-spectator"));
  main.replaceChildren(el("section", { class: "links" },
    el("h2", { text: t("The game's links") }),
    el("p", { text: t("Send each player the link of his seat. Anyone with a link can play that seat: keep them secret. They are shown only now.") }),
    el("ul", { class: "seat-links" }, ...rows),
    el("a", { href: `/game/${answer.id}`, id: "go-to-game", class: "button", text: t("Go to the game") })));
}
