// "Continue" on the start page (issue 23): the stored games as cards — whose decision it is, the
// level in words, the round, when it was last played (in the page's locale) — and a small map of
// the position.  A game this browser holds a seat of is read with that seat's credential; the
// others are only named (a game is opened with its link).
import { el, t, N_, currentLanguage, formatDate, formatNumber } from "./main.js";
import { fill } from "./levels.js";

const RESULTS = { ongoing: N_("ongoing"), roma_victrix: N_("Roma Victrix"), army_in_roma: N_("army in Roma"),
                  reserve_empty: N_("reserve empty") };
const SHOWN = 8;  // the most recent games get a card; a long list would bury the start page
const SVG = "http://www.w3.org/2000/svg";
const DISC_COLOUR = { unrest: "#f0e442", revolt: "#a50026" };
const EMPEROR_COLOUR = { Diocletian: "#7b3294", Galerius: "#1b7837", Constantius: "#e66100", Maximian: "#0072b2" };

async function read(path, token) {
  const response = await fetch(`${path}?lang=${currentLanguage()}`, { headers: { Authorization: `Bearer ${token}` } });
  return response.ok ? response.json() : null;
}

function svgNode(tag, attributes) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

// The position in miniature: each province's territory tinted by its disc (a revolt red, unrest
// yellow, a garrison its Emperor's colour), the armies as black dots.  Decorative: the card's
// words say what matters.
let thumbs = 0;
function thumbnail(board, position, asset) {
  const map = board.map;
  const svg = svgNode("svg", { viewBox: `0 0 ${map.width} ${map.height}`, class: "thumb", "aria-hidden": "true",
                               focusable: "false" });
  const clip = `thumb-land-${++thumbs}`;
  const defs = svgNode("defs", {});
  const clipPath = svgNode("clipPath", { id: clip });
  clipPath.append(svgNode("path", { d: asset.land }));
  defs.append(clipPath);
  svg.append(defs, svgNode("rect", { width: map.width, height: map.height, fill: "#bcd6e6" }));
  const discs = position.discs || {};
  const armies = new Set((position.armies || []).map(String));
  const cells = svgNode("g", { "clip-path": `url(#${clip})` });
  board.provinces.forEach((p, i) => {
    const disc = String(discs[p.id] || discs[p.coords] || "");
    const [kind, emperor] = disc.split(" ");
    const colour = kind === "garrison" ? EMPEROR_COLOUR[emperor] || "#777" : DISC_COLOUR[kind] || (p.border ? "#d6cfc0" : "#efe6cf");
    cells.append(svgNode("path", { d: map.cells[i], fill: colour, stroke: "#8a7f66", "stroke-width": "1.5" }));
  });
  svg.append(cells);
  board.provinces.forEach((p, i) => {
    if (armies.has(p.id) || armies.has(p.coords)) {
      const [x, y] = map.points[i];
      svg.append(svgNode("path", { d: `M${x - 16},${y + 12}l16,-28l16,28z`, fill: "#111", stroke: "#fff", "stroke-width": "3" }));
    }
  });
  return svg;
}

// One stored game's card, read with the seat this browser holds; ``levels`` (the LevelChooser)
// says a level in words; ``asset`` is the coastline.
// A game known only from this browser's seats (a server that does not list its games) has no
// date: its card says what its state says.
async function card(game, token, levels, asset, boards) {
  const state = await read(`/api/games/${game.id}`, token);
  if (!state) return null;  // deleted by its host, or the seat's link was renewed
  const when = game.updated ? el("span", { class: "when", text: fill(N_("Last played {date}"), { date: formatDate(game.updated) }) }) : null;
  const actions = fill(N_("{count} actions"), { count: formatNumber(game.actions ?? state.log_length) });
  const result = !game.result || game.result === "ongoing" ? null
    : el("b", { class: "result", text: t(RESULTS[game.result] || game.result) });
  const replay = el("a", { href: `/replay/${game.id}`, class: "replay-link", text: t("Replay") });
  // the games of one board file share its map: asked for once (the position names its board)
  const digest = state.position.board;
  if (!boards.has(digest)) boards.set(digest, read(`/api/games/${game.id}/board`, token));
  const board = await boards.get(digest);
  if (!board) return null;
  const p = state.position;
  const level = p.settings.level;
  const turn = (state.emperor_names || {})[p.turn.emperor] || p.turn.emperor;
  const deciding = state.over ? null : fill(N_("To decide: {seat}"), { seat: state.seat_title || t("the dice") });
  const open = el("a", { href: `/game/${game.id}`, class: "card-open",
                         text: state.over ? t("See the end") : t("Continue this game") });
  const chance = levels.chance(level);
  return el("li", { class: "game-card" },
    thumbnail(board, p, asset),
    el("div", { class: "card-body" },
      el("p", { class: "card-title" }, el("b", { text: fill(N_("Round {round}, {emperor}'s turn"), { round: p.turn.round, emperor: turn }) })),
      deciding ? el("p", { class: "card-line deciding", text: deciding }) : result,
      el("p", { class: "card-line", text: `${levels.groupName(level) || ""} · ${levels.words(level)}` +
        (chance ? ` · ${fill(N_("won {rate} by the computer"), { rate: chance })}` : "") }),
      el("p", { class: "card-line" }, ...(when ? [when, ` · ${actions}`] : [actions])),
      el("p", { class: "card-links" }, open, " ", replay)));
}

// The section: the cards of the most recent games, or why there are none.  It is drawn at once;
// each card takes its place when its game has been read.
export function storedGames(listing, levels) {
  const section = el("section", { class: "continue", id: "continue", "aria-labelledby": "continue-title", tabindex: "-1" },
    el("h2", { id: "continue-title", text: t("Continue") }));
  const token = (g) => localStorage.getItem(`tetrarchia.seat.${g.id}`);
  let held;
  if (listing.hidden) {  // a shared server: the games whose seats this browser keeps
    const prefix = "tetrarchia.seat.";
    held = Object.keys(localStorage).filter((k) => k.startsWith(prefix)).map((k) => ({ id: k.slice(prefix.length) }))
      .slice(0, SHOWN);
    section.append(el("p", { class: "more", text: t("This server does not list its games: open yours with its link.") }));
  } else {
    // the games this browser holds a seat of, most recent first; the others open with their links
    held = listing.games.filter(token).sort((a, b) => b.updated - a.updated).slice(0, SHOWN);
  }
  if (held.length) {
    const slots = held.map(() => el("li", { class: "game-card loading", "aria-busy": "true" }));
    section.append(el("ul", { class: "game-cards" }, ...slots));
    const boards = new Map();
    fetch("/static/map.json").then((answer) => answer.json()).then((asset) => held.forEach(async (g, i) => {
      const drawn = await card(g, token(g), levels, asset, boards);
      if (drawn) slots[i].replaceWith(drawn);
      else slots[i].remove();
    }));
  } else section.append(el("p", { class: "empty", text: t("No game of yours yet: your games will wait for you here.") }));
  const others = listing.hidden ? 0 : listing.games.length - held.length;
  if (others === 1) section.append(el("p", { class: "more", text: t("1 other game on this server opens with its link.") }));
  else if (others > 1) {
    section.append(el("p", { class: "more", text: fill(N_("{count} other games on this server open with their links."), {
      count: formatNumber(others) }) }));
  }
  return section;
}
