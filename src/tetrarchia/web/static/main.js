// The page's entry: the language, the requests to the server, and which view to show.
// The server alone applies the rules; this code draws what it is sent and sends intents.
import { startPage } from "./start.js";
import { gamePage } from "./game.js";
import { replayPage } from "./replay.js";
import { analysisPage } from "./analysis.js";

let words = {};
let current = "en";
let credential = null;  // the seat's secret, sent in a header: never in an address

// The credential this browser holds for a game: from the link's fragment (/game/<id>#<token>,
// which a browser never sends to a server), kept in localStorage, then removed from the address.
export function seatFor(id) {
  const key = `tetrarchia.seat.${id}`;
  const given = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : null;
  if (given) {
    localStorage.setItem(key, given);
    history.replaceState(null, "", location.pathname + location.search);
  }
  credential = localStorage.getItem(key);
  return credential;
}

export function keepSeat(id, token) {
  localStorage.setItem(`tetrarchia.seat.${id}`, token);
}

export function currentLanguage() {
  return current;
}
export const LANGS = ["en", "es", "fr"];

// A sentence of the page in the chosen language (gettext catalogue from the server).
export function t(text) {
  return words[text] || text;
}

// Marks a sentence for the catalogue where it is written, translated later where it is shown.
export function N_(text) {
  return text;
}

export function language() {
  const chosen = localStorage.getItem("tetrarchia.lang");
  if (LANGS.includes(chosen)) return chosen;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const short = wanted.slice(0, 2).toLowerCase();
    if (LANGS.includes(short)) return short;
  }
  return "en";
}

async function loadLanguage(lang) {
  words = lang === "en" ? {} : await (await fetch(`/api/i18n/${lang}`)).json();
  document.documentElement.lang = lang;
  current = lang;
  for (const node of document.querySelectorAll("[data-i18n]")) {
    node.textContent = t(node.dataset.i18n);
  }
  document.getElementById("lang").value = lang;
}

// A request to the server; a refusal comes back as {error: {code, reason}, status}.
export async function api(path, body) {
  const headers = credential ? { Authorization: `Bearer ${credential}` } : {};
  const options = body === undefined ? { headers } : {
    method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  // the server tells the events in the page's language
  const response = await fetch(`${path}${path.includes("?") ? "&" : "?"}lang=${current}`, options);
  let data;
  try { data = await response.json(); } catch (error) {
    data = { error: { code: "http", reason: `${response.status} ${response.statusText}` } };
  }
  if (!response.ok) return { ...data, status: response.status };
  return data;
}

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "on") for (const [name, f] of Object.entries(value)) node.addEventListener(name, f);
    else if (key === "text") node.textContent = value;
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

export function announce(text) {
  const live = document.getElementById("announce");
  live.textContent = "";
  setTimeout(() => { live.textContent = text; }, 20);
}

// The shared dialog: a title, any content, and Close.
export function showDialog(title, ...content) {
  const dialog = document.getElementById("dialog");
  document.getElementById("dialog-title").textContent = title;
  const body = document.getElementById("dialog-body");
  body.replaceChildren(...content);
  if (!dialog.open) dialog.showModal();
  const first = body.querySelector("button, input, select");
  if (first) first.focus();
  return dialog;
}

export function closeDialog() {
  const dialog = document.getElementById("dialog");
  if (dialog.open) dialog.close();
}

function showHelp() {
  const p = (text) => el("p", { text: t(text) });
  showDialog(t("Help"),
    el("h3", { text: t("The game in short") }),
    p("You are the four Emperors of the Tetrarchy. Each turn one Emperor spends his influence points (IP): move, subdue unrest and revolts, place garrisons, secure borders, attack Barbarian armies. Then the Barbarian phase rolls: unrest spreads, new activity appears, armies advance along the arrows towards Roma."),
    p("You win when all six borders are secured. You lose when an army enters Roma or a reserve of discs runs out."),
    el("h3", { text: t("Your first game") }),
    el("ol", {},
      el("li", { text: t("Place the Roman fleets: click a sea zone's button in the list of actions.") }),
      el("li", { text: t("Enter with the Emperor of the turn in Roma or in his capital.") }),
      el("li", { text: t("Click your Emperor on the map: the places he can reach light up with their cost. Click one to move.") }),
      el("li", { text: t("Click a province with an army to see the attack: its cost and both sides' numbers before you decide.") }),
      el("li", { text: t("End the Roman phase, then watch the Barbarian phase die by die: Step, Play, or Skip.") })),
    el("h3", { text: t("Keyboard") }),
    p("Tab reaches every province and button; Enter or Space selects. Every action is also in the list, and you can type its notation, e.g. 'Maximian attacks Narbonensis from Germania Svperior'."));
}

async function route() {
  const main = document.getElementById("main");
  const path = location.pathname;
  let match;
  credential = null;
  if ((match = path.match(/^\/game\/([0-9a-f]+)$/))) { seatFor(match[1]); await gamePage(main, match[1]); }
  else if ((match = path.match(/^\/replay\/([0-9a-f]+)$/))) { seatFor(match[1]); await replayPage(main, match[1]); }
  else if ((match = path.match(/^\/analysis\/([0-9a-f]+)$/))) { seatFor(match[1]); await analysisPage(main, match[1]); }
  else await startPage(main);
}

document.getElementById("lang").addEventListener("change", async (event) => {
  localStorage.setItem("tetrarchia.lang", event.target.value);
  await loadLanguage(event.target.value);
  await route();
});
document.getElementById("help-button").addEventListener("click", showHelp);

await loadLanguage(language());
await route();
