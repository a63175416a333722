// The replay of a stored game: step, jump, play; the URL names the step, so it can be shared.
import { api, el, t, N_, announce } from "./main.js";
import { BoardView, eventPlaces } from "./board.js";
import { analyseLink } from "./analysis.js";

export async function replayPage(main, id) {
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
  let total = 0, playing = false;
  const go = async (to) => {
    const frame = await api(`/api/games/${id}/at/${Math.max(0, Math.min(to, total || to))}`);
    if (frame.error) return;
    n = frame.n; total = frame.total;
    slider.max = String(total); slider.value = String(n);
    view.show(frame.position);
    view.highlight({}, -1, eventPlaces(frame.events));
    where.replaceChildren(el("b", { text: `${t("Step")} ${n} / ${total}` }),
      el("div", { text: frame.action || t("The start of the game") }),
      el("div", { text: `${t("Round")} ${frame.position.turn.round} · ${frame.position.turn.emperor} · ${frame.position.turn.ip} ${t("IP")}` }));
    happened.replaceChildren(...frame.events.map((e) => el("li", { class: `event ${e.data.kind}`, text: e.text })));
    history.replaceState(null, "", `/replay/${id}?n=${n}`);
    announce(frame.action || "");
  };
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
  const share = el("button", { type: "button", id: "replay-share", text: t("Copy the link to this step"),
    on: { click: () => navigator.clipboard && navigator.clipboard.writeText(location.href) } });
  const panel = el("aside", { class: "panel" }, el("h2", { text: t("Replay") }), where, controls, slider,
    share, el("a", { href: `/game/${id}`, text: t("Back to the game") }), analyseLink(id, { id: "replay-analyse" }), el("h3", { text: t("What happened") }), happened);
  main.replaceChildren(el("div", { class: "game" }, mapBox, panel));
  const view = new BoardView(mapBox, board, asset, () => {}, () => {});
  await go(n);
}
