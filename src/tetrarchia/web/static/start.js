// The start page: every choice `tetrarchia play` offers, checked by the server as it is made
// (its refusal shown next to the choice), the stored games, and importing a saved game.
import { api, el, t, N_, keepSeat } from "./main.js";

const FAMILIES = [["Dux expansion", N_("Dux expansion (R11)")], ["variant", N_("Variants (R12)")],
                  ["scenario", N_("Historical scenarios (R13)")]];
const RESULTS = { ongoing: N_("ongoing"), roma_victrix: N_("Roma Victrix"), army_in_roma: N_("army in Roma"),
                  reserve_empty: N_("reserve empty") };

export async function startPage(main) {
  const catalogue = await api("/api/options");
  const games = await api("/api/games");
  const verdict = el("div", { class: "verdict", role: "status", "aria-live": "polite", id: "verdict" });
  const level = el("select", { id: "level", name: "level" },
    el("option", { value: "", text: t("4211 (medium), or the scenario's") }),
    ...catalogue.levels.map((l) => el("option", { value: l, text: l })));
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
  const families = FAMILIES.map(([family, heading]) => el("fieldset", { class: "family" },
    el("legend", { text: t(heading) }),
    ...catalogue.options.filter((o) => o.family === family).map((o) => {
      const box = el("input", { type: family === "scenario" ? "checkbox" : "checkbox", value: o.key,
                                id: `opt-${o.key}`, "data-family": family });
      optionBoxes.push(box);
      const params = o.params.map((p) => {
        const select = el("select", { "data-param": `${o.key}.${p.name}`, "aria-label": `${o.title}: ${p.name}`, title: p.help },
          ...p.choices.map((c) => el("option", { value: String(c), selected: c === p.default ? "" : null, text: String(c) })));
        paramSelects.push({ select, option: o.key, def: String(p.default) });
        return el("label", { class: "param" }, `${p.name} `, select);
      });
      return el("div", { class: "option" },
        el("label", { for: `opt-${o.key}` }, box, ` ${o.title} `, el("small", { text: `${o.rule} — ${o.summary}` })),
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
    verdict.textContent = answer.error ? `${t("Cannot be played")}: ${answer.error.reason}` :
      `${t("Ready")}: ${t("level")} ${answer.settings.level}, ${answer.settings.players} ${t("Emperor players")}` +
      (answer.settings.options.length ? `, ${answer.settings.options.join(", ")}` : "");
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
    el("h1", { text: t("A new game") }),
    el("div", { class: "grid" },
      el("label", {}, t("Difficulty level (GFRA)") + " ", level),
      el("label", {}, t("Players") + " ", players),
      el("label", {}, t("Caesar shared by 3 players") + " ", caesar),
      el("label", {}, t("Seed of the dice") + " ", seed),
      el("label", {}, d2, " " + t("New armies advance in their phase (D2)")),
      el("label", {}, d3, " " + t("A broken link is rolled once per spreading (D3)")),
      el("label", {}, t("Support group (D6)") + " ", support),
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
  } } }, el("h2", { text: t("Continue a saved game") }),
    el("p", { text: t("A game saved in the terminal (save FILE) or exported here.") }),
    importFile, el("button", { type: "submit", id: "import", text: t("Import") }), importVerdict);

  const list = el("ul", { class: "games" }, ...games.games.map((g) => el("li", {},
    el("a", { href: `/game/${g.id}`, text: `${g.summary}` }),
    ` · ${g.actions} ${t("actions")} · ${t(RESULTS[g.result] || g.result)} · ${new Date(g.updated * 1000).toLocaleString()} · `,
    el("a", { href: `/replay/${g.id}`, text: t("Replay") }))));
  main.replaceChildren(el("div", { class: "start-page" }, form,
    el("section", {}, el("h2", { text: t("Stored games") }),
       games.hidden ? el("p", { text: t("This server does not list its games: open yours with its link.") })
         : games.games.length ? list : el("p", { text: t("No game yet.") }), importForm)));
  drawAiSeats();
  await check();
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
    el("h1", { text: t("The game's links") }),
    el("p", { text: t("Send each player the link of his seat. Anyone with a link can play that seat: keep them secret. They are shown only now.") }),
    el("ul", { class: "seat-links" }, ...rows),
    el("a", { href: `/game/${answer.id}`, id: "go-to-game", class: "button", text: t("Go to the game") })));
}
