// The page's entry: the language, the requests to the server, and which view to show.
// The server alone applies the rules; this code draws what it is sent and sends intents.
import { startPage } from "./start.js";
import { gamePage } from "./game.js";
import { replayPage } from "./replay.js";
import { tutorialPage } from "./tutorial.js";
import { analysisPage } from "./analysis.js";
import { challengePage } from "./challenge.js";
import { lobbyPage } from "./lobby.js";

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

// The language the address names (?lang=es), if any: it wins over the stored choice and the
// browser's, and the links the page makes carry it (issue 23).
function addressLanguage() {
  const named = new URLSearchParams(location.search).get("lang");
  return LANGS.includes(named) ? named : null;
}

// An address of this server for the page's links: with ?lang= when the page's own address
// names its language, so that a shared link opens in the same language.
export function withLanguage(path) {
  if (!addressLanguage() || !path.startsWith("/") || path.startsWith("/static/")) return path;
  const url = new URL(path, location.origin);
  url.searchParams.set("lang", current);
  return url.pathname + url.search + url.hash;
}

// Every link the page draws (any module, any time) carries the address's language.
function carryLanguage(root) {
  const links = root.matches && root.matches("a[href^='/']") ? [root] : [];
  if (root.querySelectorAll) links.push(...root.querySelectorAll("a[href^='/']"));
  for (const link of links) {
    const href = link.getAttribute("href");
    const wanted = withLanguage(href);
    if (wanted !== href) link.setAttribute("href", wanted);
  }
}

export function language() {
  const named = addressLanguage();
  if (named) return named;
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
  if (addressLanguage() && addressLanguage() !== lang) {  // the address names the page's language
    const url = new URL(location.href);
    url.searchParams.set("lang", lang);
    history.replaceState(null, "", url.pathname + url.search + url.hash);
  }
  carryLanguage(document.body);
}

// Dates and numbers in the page's language (issue 23).
export function formatDate(seconds) {
  return new Intl.DateTimeFormat(current, { dateStyle: "medium", timeStyle: "short" }).format(new Date(seconds * 1000));
}
export function formatNumber(value, options = {}) {
  return Number(value).toLocaleString(current, options);
}

// A request to the server; a refusal comes back as {error: {code, reason}, status}.
// The page's work in flight (a request and what it starts; the page being drawn) as
// data-pending on <html>: "0" once the page is at rest. The tests wait for it, never a fixed time.
let pending = 0;
export async function working(task) {
  document.documentElement.dataset.pending = String(++pending);
  try {
    return await task();
  } finally {
    document.documentElement.dataset.pending = String(--pending);
  }
}

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
    el("p", {}, el("a", { href: `/learn?lang=${current}`, id: "help-learn", text: t("Learn to play: the interactive tutorial") })),
    el("h3", { text: t("Keyboard") }),
    p("Tab reaches every province and button; Enter or Space selects. Every action is also in the list, and you can type its notation, e.g. 'Maximian attacks Narbonensis from Germania Svperior'."));
}

async function route() {
  const main = document.getElementById("main");
  const path = location.pathname;
  let match;
  credential = null;
  const skip = /^\/game\//.test(path) ? SKIP_TO_ACTIONS : SKIP_TO_MAIN;
  skipLink.textContent = t(skip);
  skipLink.dataset.i18n = skip;
  if ((match = path.match(/^\/game\/([0-9a-f]+)$/))) { seatFor(match[1]); await gamePage(main, match[1]); }
  else if (path === "/learn") await tutorialPage(main);
  else if (path === "/challenge") await challengePage(main);
  else if (path === "/lobby") await lobbyPage(main);  // the open tables (issue 27)
  else if ((match = path.match(/^\/replay\/([0-9a-f]+)$/))) { await replayPage(main, match[1], seatFor(match[1])); }
  else if ((match = path.match(/^\/analysis\/([0-9a-f]+)$/))) { seatFor(match[1]); await analysisPage(main, match[1]); }
  else await startPage(main);
  document.body.dataset.ready = path;  // the tests wait for this: the page is drawn
}

// The skip link (first in the Tab order): on a game, to the first action the player can take
// (a decision's choice, the dice, the list); elsewhere to the main content.
const skipLink = document.getElementById("skip-link");
const SKIP_TO_ACTIONS = N_("Skip to the actions");
const SKIP_TO_MAIN = N_("Skip to main content");
skipLink.addEventListener("click", (event) => {
  event.preventDefault();
  const main = document.getElementById("main");
  const first = [...main.querySelectorAll(".decision button, .barbarian button, .actions button, .actions summary, #notation")]
    .find((node) => node.offsetParent !== null && !node.disabled);
  (first || main).focus();
});
new MutationObserver((changes) => {
  if (!addressLanguage()) return;
  for (const change of changes) for (const added of change.addedNodes) if (added.nodeType === 1) carryLanguage(added);
}).observe(document.body, { childList: true, subtree: true });

document.getElementById("lang").addEventListener("change", async (event) => {
  localStorage.setItem("tetrarchia.lang", event.target.value);
  if (addressLanguage()) {  // the address keeps naming the language chosen
    const url = new URL(location.href);
    url.searchParams.set("lang", event.target.value);
    history.replaceState(null, "", url.pathname + url.search + url.hash);
  }
  await working(async () => {
    await loadLanguage(event.target.value);
    await route();
  });
});
document.getElementById("help-button").addEventListener("click", showHelp);

await working(async () => {
  await loadLanguage(language());
  await route();
});
