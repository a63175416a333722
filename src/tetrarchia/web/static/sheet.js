// The game's panel as a bottom sheet on a phone (≤ 600 px wide, issue 23 item 9): fixed under the
// map, at three heights (collapsed: the status and the first buttons; half; full), changed by its
// handle — a tap steps through them, a drag sets one — or by keyboard (the handle is a button with
// aria-expanded; opened by keyboard, Tab stays inside the sheet until Escape collapses it).  On a
// wider screen the style shows no handle and the panel is the side column it always was.
import { el, t } from "./main.js";

const STATES = ["collapsed", "half", "full"];
const PHONE = "(max-width: 600px)";

export class BottomSheet {
  constructor(panel) {
    this.panel = panel;
    this.state = "collapsed";
    this.trapped = false;
    panel.classList.add("sheet");
    if (!panel.id) panel.id = "sheet";
    this.handle = el("button", { type: "button", class: "sheet-handle", id: "sheet-handle",
                                 "aria-controls": panel.id, "aria-expanded": "false",
                                 "aria-label": t("Show more of the panel") },
                     el("span", { class: "grip", "aria-hidden": "true" }));
    panel.prepend(this.handle);
    this.handle.addEventListener("click", (e) => {
      if (this.dragged) { this.dragged = false; return; }
      const next = STATES[(STATES.indexOf(this.state) + 1) % STATES.length];
      // a click without a pointer (detail 0) is Enter or Space: the keyboard keeps its focus inside
      this.set(next, e.detail === 0);
    });
    this.handle.addEventListener("pointerdown", (e) => this.grab(e));
    panel.addEventListener("keydown", (e) => this.key(e));
    this.set("collapsed", false);
  }

  phone() {
    return window.matchMedia(PHONE).matches;
  }

  set(state, byKeyboard) {
    this.state = state;
    this.panel.dataset.sheet = state;
    this.panel.style.removeProperty("height");
    const open = state !== "collapsed";
    this.handle.setAttribute("aria-expanded", String(open));
    this.handle.setAttribute("aria-label", state === "full" ? t("Show less of the panel") : t("Show more of the panel"));
    this.trapped = open && byKeyboard;
    if (!open) this.panel.scrollTop = 0;
  }

  // A drag of the handle: the sheet follows the finger, and settles at the nearest height.
  grab(e) {
    if (!this.phone()) return;
    const startY = e.clientY, startH = this.panel.getBoundingClientRect().height;
    this.dragged = false;
    let h = startH;
    const move = (m) => {
      if (Math.abs(m.clientY - startY) < 6 && !this.dragged) return;
      this.dragged = true;
      this.panel.classList.add("dragging");  // it follows the finger at once, no transition
      h = Math.min(Math.max(startH + startY - m.clientY, 60), window.innerHeight);
      this.panel.style.height = `${h}px`;
    };
    const up = () => {
      this.handle.removeEventListener("pointermove", move);
      this.handle.removeEventListener("pointerup", up);
      this.handle.removeEventListener("pointercancel", up);
      this.panel.classList.remove("dragging");
      if (!this.dragged) return;
      const share = h / window.innerHeight;
      this.set(share < 0.45 ? "collapsed" : share < 0.75 ? "half" : "full", false);
    };
    try { this.handle.setPointerCapture(e.pointerId); } catch { /* already released */ }
    this.handle.addEventListener("pointermove", move);
    this.handle.addEventListener("pointerup", up);
    this.handle.addEventListener("pointercancel", up);
  }

  // Opened by keyboard, Tab cycles through the sheet; Escape collapses it and returns to the handle.
  key(e) {
    if (!this.phone() || !this.trapped) return;
    if (e.key === "Escape") {
      e.preventDefault();
      this.set("collapsed", false);
      this.handle.focus();
      return;
    }
    if (e.key !== "Tab") return;
    const inside = [...this.panel.querySelectorAll("button, a[href], input, select, textarea, summary, [tabindex='0']")]
      .filter((n) => !n.disabled && n.getClientRects().length && !n.closest("[hidden]"));
    if (!inside.length) return;
    const first = inside[0], last = inside[inside.length - 1];
    if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
  }

  // Something to act on appeared (a province's actions, a decision): at least half the sheet.
  reveal(node) {
    if (!this.phone()) return;
    if (this.state === "collapsed") this.set("half", false);
    node.scrollIntoView({ block: "nearest" });
  }
}
