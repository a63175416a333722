// Links to give out (issue 23): a spectator link of a running game, and the link to a step of a
// replay that opens in anyone's browser.  A finished game's replay is public; a running game's
// needs a credential, so its link carries a spectator's in the fragment (which browsers never
// send to a server), never a seat's.
import { api, el, t, showDialog } from "./main.js";

let given = {};  // game id -> a spectator token this page was given (one request per page)

// A spectator credential of a running game: this browser's own when it watches, else a new one
// the server adds for this seat to pass on (POST /api/games/<id>/spectators).
export async function spectatorToken(id, you) {
  if (you === "spectator") return localStorage.getItem(`tetrarchia.seat.${id}`);
  if (given[id]) return given[id];
  const answer = await api(`/api/games/${id}/spectators`, {});
  // a spectator's credential may not add one: it is itself the link to give
  if (answer.error && answer.error.code === "spectator") return localStorage.getItem(`tetrarchia.seat.${id}`);
  if (answer.error) return { error: answer.error };
  given[id] = answer.spectator;
  return answer.spectator;
}

// A link in a text box with Copy, in the shared dialog.
export function showLink(title, link, explanation) {
  const box = el("input", { type: "text", readonly: "", value: link, id: "shared-link", class: "seat-link",
                            "aria-label": title, size: "40" });
  const copy = el("button", { type: "button", class: "copy", id: "shared-link-copy", text: t("Copy"), on: { click: async () => {
    box.select();
    try { await navigator.clipboard.writeText(box.value); copy.textContent = t("Copied"); } catch (error) { document.execCommand("copy"); }
  } } });
  showDialog(title, el("p", { text: explanation }), el("p", {}, box, " ", copy));
}

// The game page's button: the spectator link of this game, for any seat to give out.
export function spectatorButton(page) {
  return el("button", { type: "button", id: "spectator-link", text: t("Spectator link"), on: { click: async () => {
    const token = await spectatorToken(page.id, page.you);
    if (token && token.error) { page.refuse(token.error); return; }
    showLink(t("Spectator link"), `${location.origin}/game/${page.id}#${encodeURIComponent(token)}`,
             t("Whoever opens this link watches the game live and can do nothing in it."));
  } } });
}
