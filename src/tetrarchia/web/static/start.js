// The start page: every choice `tetrarchia play` offers, checked by the server as it is made
// (its refusal shown next to the choice), the stored games, and importing a saved game.
import { api, el, t, N_ } from "./main.js";

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
  const caesar = el("select", { id: "shared_caesar" }, el("option", { value: "Galerius", text: "Galerius" }),
                    el("option", { value: "Constantius", text: "Constantius" }));
  const seed = el("input", { id: "seed", type: "number", min: "0", placeholder: t("random") });
  const d2 = el("input", { id: "d2", type: "checkbox", checked: "" });
  const d3 = el("input", { id: "d3", type: "checkbox", checked: "" });
  const support = el("select", { id: "support" }, el("option", { value: "largest", text: t("largest group for both sides") }),
                     el("option", { value: "players-choose", text: t("largest Roman, smallest Barbarian") }));
  const boardFile = el("input", { id: "board-file", type: "file", accept: ".toml" });
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
  const form = el("form", { class: "start", on: { change: check, submit: async (e) => {
    e.preventDefault();
    if (!(await check())) return;
    const body = choices();
    if (boardFile.files.length) body.board = await boardFile.files[0].text();
    const answer = await api("/api/games", body);
    if (answer.error) { verdict.className = "verdict refused"; verdict.textContent = answer.error.reason; return; }
    location.href = `/game/${answer.id}`;
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
      el("label", {}, t("Board file (optional)") + " ", boardFile)),
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
    const answer = await api("/api/games/import", body);
    if (answer.error) { importVerdict.textContent = answer.error.reason; return; }
    location.href = `/game/${answer.id}`;
  } } }, el("h2", { text: t("Continue a saved game") }),
    el("p", { text: t("A game saved in the terminal (save FILE) or exported here.") }),
    importFile, el("button", { type: "submit", id: "import", text: t("Import") }), importVerdict);

  const list = el("ul", { class: "games" }, ...games.games.map((g) => el("li", {},
    el("a", { href: `/game/${g.id}`, text: `${g.summary}` }),
    ` · ${g.actions} ${t("actions")} · ${t(RESULTS[g.result] || g.result)} · ${new Date(g.updated * 1000).toLocaleString()} · `,
    el("a", { href: `/replay/${g.id}`, text: t("Replay") }))));
  main.replaceChildren(el("div", { class: "start-page" }, form,
    el("section", {}, el("h2", { text: t("Stored games") }),
       games.games.length ? list : el("p", { text: t("No game yet.") }), importForm)));
  await check();
}
