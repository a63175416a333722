// The replay of a stored game: step, jump, play; the URL names the step, so it can be shared.
import { api, el, t, N_, announce, withLanguage, working } from "./main.js";
import { BoardView, eventPlaces } from "./board.js";
import { spectatorToken } from "./share.js";
import { endingNote } from "./ending.js";
import { analyseLink } from "./analysis.js";
import { PanZoom } from "./panzoom.js";

// ``held``: the credential this browser holds for the game (none: a finished game's public replay)
export async function replayPage(main, id, held) {
  const board = await api(`/api/games/${id}/board`);
  if (board.error) {
    main.replaceChildren(el("p", { class: "error", role: "alert", text: board.error.reason }));
    return;
  }
  const asset = await (await fetch("/static/map.json")).json();
  const mapBox = el("section", { class: "board-wrap", "aria-label": t("Map") });
  const where = el("div", { class: "status", "aria-live": "polite" });
  const happened = el("ol", { class: "log" });
  const slider = el("input", { type: "range", min: "0", max: "0", value: "0", id: "replay-slider",
                               "aria-label": t("Step of the replay") });
  let n = Number(new URLSearchParams(location.search).get("n") || 0);
  let total = 0, playing = false, over = false, summary = null;
  const ending = el("div", { class: "replay-end" });
  const go = (to) => working(async () => {
    const frame = await api(`/api/games/${id}/at/${Math.max(0, Math.min(to, total || to))}`);
    if (frame.error) return;
    n = frame.n; total = frame.total; over = frame.game_over;
    slider.max = String(total); slider.value = String(n);
    view.show(frame.position);
    view.highlight({}, -1, eventPlaces(frame.events));
    where.replaceChildren(el("b", { text: `${t("Step")} ${n} / ${total}` }),
      el("div", { text: frame.action || t("The start of the game") }),
      el("div", { text: `${t("Round")} ${frame.position.turn.round} · ${(frame.emperor_names || {})[frame.position.turn.emperor] || frame.position.turn.emperor} · ${frame.position.turn.ip} ${t("IP")}` }));
    happened.replaceChildren(...frame.events.map((e) => el("li", { class: `event ${e.data.kind}`, text: e.text })));
    // the last step of a finished game says how it ended (its summary: GET .../summary)
    if (over && n === total && !summary) summary = await api(`/api/games/${id}/summary`);
    ending.replaceChildren(...(over && n === total && summary && !summary.error ? [endingNote(summary, frame)] : []));
    history.replaceState(null, "", withLanguage(`/replay/${id}?n=${n}`));  // ?lang= kept (issue 23)
    announce(frame.action || "");
  });
  const button = (text, f, id_) => el("button", { type: "button", id: id_, text: t(text), on: { click: f } });
  const controls = el("div", { class: "buttons" },
    button(N_("First"), () => go(0), "replay-first"), button(N_("Back"), () => go(n - 1), "replay-back"),
    button(N_("Forward"), () => go(n + 1), "replay-forward"), button(N_("Last"), () => go(total), "replay-last"),
    button(N_("Play"), async () => {
      playing = !playing;
      while (playing && n < total) { await go(n + 1); await new Promise((r) => setTimeout(r, 400)); }
      playing = false;
    }, "replay-play"));
  slider.addEventListener("change", () => go(Number(slider.value)));
  // the link to this step that opens in anyone's browser: a finished game's replay is public; a
  // running game's carries a spectator's credential in its fragment (share.js)
  const shared = el("div", { class: "replay-shared", hidden: "" });
  const share = el("button", { type: "button", id: "replay-share", text: t("Copy the link to this step"),
    on: { click: async () => {
      let link = `${location.origin}/replay/${id}?n=${n}`;
      if (!over) {
        const token = await spectatorToken(id, null);
        if (!token || token.error) {
          shared.replaceChildren(el("p", { class: "error", role: "alert", text: token ? token.error.reason : "" }));
          shared.hidden = false;
          return;
        }
        link += `#${encodeURIComponent(token)}`;
      }
      const box = el("input", { type: "text", readonly: "", id: "replay-link", value: link, size: "36",
                                "aria-label": t("The link to this step") });
      shared.replaceChildren(box, el("small", { text: over ? t("Anyone can open it: the game is over.")
        : t("It lets its holder watch the game, never play it.") }));
      shared.hidden = false;
      box.select();
      try { await navigator.clipboard.writeText(link); share.textContent = t("Copied"); } catch (error) { /* shown to copy by hand */ }
    } } });
  // the slider in a box of its own: an <input> is :empty, which the panel's rule for empty
  // boxes takes out of the flow (style.css)
  const panel = el("aside", { class: "panel" }, el("h2", { text: t("Replay") }), where, ending, controls,
    el("div", { class: "replay-slider" }, slider),
    share, shared, held ? el("a", { href: `/game/${id}`, text: t("Back to the game") }) : null,
    analyseLink(id, { id: "replay-analyse" }),
    el("h3", { text: t("What happened") }), happened);
  const mapArea = el("div", { class: "map-area" });
  mapBox.append(mapArea);
  main.replaceChildren(el("div", { class: "game replay-page" }, mapBox, panel));
  const view = new BoardView(mapArea, board, asset, () => {}, () => {});
  // on a phone, as on the game page: the map fills its box, pinched and panned (panzoom.js)
  const fit = el("button", { type: "button", id: "fit", class: "fit", text: t("Fit the map"), disabled: "",
                             on: { click: () => panZoom.fit() } });
  mapBox.append(el("div", { class: "map-tools" }, fit));
  const panZoom = new PanZoom(view.svg, board.map.width, board.map.height, (z) => { fit.disabled = z <= 1; });
  if (window.matchMedia("(max-width: 600px)").matches) panZoom.cover();
  await go(n);
}
