// The level chooser (issue 23): the 81 levels in words, from easiest to hardest, in four groups,
// each with the chance of winning measured by the computer players.  The server sends the groups,
// the words and the figures (GET /api/levels: docs/difficulty.csv and docs/ai.md's strength
// table as package data); this module only lays them out.
import { el, t, N_, formatNumber } from "./main.js";

// A sentence of the page with its {fields} filled in (numbers already in the page's locale).
export function fill(template, values) {
  return t(template).replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

// A win rate: whole points, one decimal under 10% (or always with ``precise``).
export function percent(rate, precise = false) {
  return formatNumber(rate, { style: "percent", maximumFractionDigits: precise || rate < 0.1 ? 1 : 0 });
}

// A rule code (GFRA, D2, R11.3 ...) with its meaning in words: a button (so the keyboard reaches
// it) described by a tooltip shown on hover and focus, and read by a screen reader with it.
let tips = 0;
export function ruleCode(code, meaning) {
  const id = `tip-${++tips}`;
  return el("span", { class: "rule-code" },
    el("button", { type: "button", class: "code", "aria-describedby": id, title: meaning, text: code,
                   on: { click: (event) => event.preventDefault() } }),
    el("span", { role: "tooltip", id, class: "tip", text: meaning }));
}

// The groups the server cuts the levels into (web/difficulty.py), in words.
const GROUP_NAMES = { gentle: N_("Gentle"), standard: N_("Standard"), hard: N_("Hard"), brutal: N_("Brutal") };
const GROUP_HELP = {
  gentle: N_("For a first game: the Empire holds if you play sensibly."),
  standard: N_("The rulebook's usual war: plan every turn."),
  hard: N_("Barbarians at the gates from the first round."),
  brutal: N_("For veterans: most games are lost."),
};

export const GFRA = N_("GFRA, the level's four digits (R3): G garrisons per Emperor (5, 4 or 3), F Roman fleets (3, 2 or 1), R additional revolts at the start (0, 1 or 2), A Barbarian armies at the start (0, 1 or 2).");

// What the measurement is, said once beside the figures.
function measuredText(level) {
  const h = level.heuristic;
  let text = fill(N_("The computer player won {rate} of {games} games ({low} to {high} with 95% confidence)."), {
    rate: percent(h.rate, true), games: formatNumber(h.games), low: percent(h.low, true), high: percent(h.high, true) });
  if (level.search) {
    text += " " + fill(N_("The stronger search player won {rate} of {games} games."), {
      rate: percent(level.search.rate, true), games: formatNumber(level.search.games) });
  }
  return text;
}

export class LevelChooser {
  constructor(data) {
    this.data = data;
    this.byLevel = {};
    for (const group of data.groups) for (const level of group.levels) this.byLevel[level.level] = { ...level, group: group.key };
    this.select = el("select", { id: "level-choice", "aria-describedby": "level-about" });
    this.about = el("p", { id: "level-about", class: "level-about", "aria-live": "polite" });
    this.radios = data.groups.map((group) => {
      const rates = group.levels.map((l) => l.heuristic.rate);
      const radio = el("input", { type: "radio", name: "level-group", value: group.key, id: `group-${group.key}`,
                                  on: { change: () => this.showGroup(group.key) } });
      const card = el("label", { class: `level-group ${group.key}`, for: `group-${group.key}` }, radio,
        el("b", { class: "group-name", text: t(GROUP_NAMES[group.key]) }),
        el("span", { class: "group-chance", text: fill(N_("won {low} to {high}"),
          { low: percent(Math.min(...rates)), high: percent(Math.max(...rates)) }) }),
        el("small", { text: t(GROUP_HELP[group.key]) }));
      return { radio, card, group };
    });
    this.select.addEventListener("change", () => this.describe());
    this.element = el("fieldset", { class: "levels" },
      el("legend", {}, t("Difficulty, from easiest to hardest"), " ", ruleCode("GFRA", t(GFRA))),
      el("p", { class: "hint-text", text: t("Beside each level: how often the computer player wins it, measured over a thousand games.") }),
      el("div", { class: "level-groups" }, ...this.radios.map((r) => r.card)),
      el("label", { class: "level-pick" }, t("Level") + " ", this.select),
      this.about);
    this.choose(data.default);
  }

  // Select ``level`` (its group first); an unknown level falls back to the default.
  choose(level) {
    const found = this.byLevel[level] || this.byLevel[this.data.default];
    this.showGroup(found.group, found.level);
  }

  showGroup(key, level) {
    const group = this.data.groups.find((g) => g.key === key);
    for (const r of this.radios) r.radio.checked = r.group.key === key;
    this.select.replaceChildren(...group.levels.map((l) => el("option", { value: l.level,
      text: `${percent(l.heuristic.rate)} · ${l.words} (${l.level})` })));
    this.select.value = level || group.levels[Math.floor(group.levels.length / 2)].level;
    this.describe();
  }

  describe() {
    const level = this.byLevel[this.select.value];
    this.about.replaceChildren(el("b", { text: `${t("Level")} ${level.level}: ` }), level.words + ". ",
                               el("span", { class: "measured", text: measuredText(level) }));
  }

  value() {
    return this.select.value;
  }

  // the level's words and measured chance, for a stored game's card or the custom form
  words(level) {
    const found = this.byLevel[level];
    return found ? found.words : level;
  }

  chance(level) {
    const found = this.byLevel[level];
    return found ? percent(found.heuristic.rate) : null;
  }

  groupName(level) {
    const found = this.byLevel[level];
    return found ? t(GROUP_NAMES[found.group]) : null;
  }
}
