// The map's tooltips: on hover, on keyboard focus and on a long press (touch).  One element with
// role "tooltip", named by aria-describedby on the element it describes while shown; placed
// beside that element (above it, else below, else at its side), never over it; Escape closes it.
import { el } from "./main.js";

const LONG_PRESS = 500;  // ms a finger stays down before the tooltip shows (and the tap is not a click)
const MARGIN = 8;

export class Tooltip {
  // root: the element whose descendants carry tips; describe(target) gives the tip's lines
  // ([title, ...lines]) for the nearest element holding data-tip, or null.
  constructor(root, describe) {
    this.root = root;
    this.describe = describe;
    this.target = null;
    this.box = el("div", { id: "map-tip", class: "map-tip", role: "tooltip", hidden: "" });
    document.body.append(this.box);
    const tipped = (node) => (node && node.closest ? node.closest("[data-tip]") : null);
    root.addEventListener("pointerover", (e) => {
      if (e.pointerType === "touch") return;
      const target = tipped(e.target);
      if (target && target !== this.target) this.show(target);
    });
    root.addEventListener("pointerout", (e) => {
      if (e.pointerType === "touch") return;
      const target = tipped(e.target);
      if (target && !target.contains(e.relatedTarget) && this.target === target && !target.matches(":focus")) this.hide();
    });
    root.addEventListener("focusin", (e) => { const target = tipped(e.target); if (target) this.show(target); });
    root.addEventListener("focusout", () => this.hide());
    let timer = null;
    this.pressed = false;
    root.addEventListener("pointerdown", (e) => {
      if (e.pointerType !== "touch") return;
      const target = tipped(e.target);
      this.pressed = false;
      clearTimeout(timer);
      if (target) timer = setTimeout(() => { this.pressed = true; this.show(target); }, LONG_PRESS);
    });
    for (const kind of ["pointerup", "pointercancel", "pointermove"]) {
      root.addEventListener(kind, (e) => {
        if (kind === "pointermove" && Math.hypot(e.movementX || 0, e.movementY || 0) < 6) return;
        clearTimeout(timer);
      });
    }
    // the tap that ended a long press showed a tooltip: it does not also select the province
    root.addEventListener("click", (e) => { if (this.pressed) { this.pressed = false; e.stopPropagation(); } }, true);
    root.addEventListener("contextmenu", (e) => { if (this.pressed) e.preventDefault(); });
    this.onKey = (e) => { if (e.key === "Escape" && this.target) { this.hide(); e.stopPropagation(); } };
    document.addEventListener("keydown", this.onKey, true);
  }

  show(target) {
    const lines = this.describe(target);
    if (!lines || !lines.length) { this.hide(); return; }
    if (this.target && this.target !== target) this.target.removeAttribute("aria-describedby");
    this.target = target;
    const [title, ...rest] = lines;
    this.box.replaceChildren(el("b", { text: title }), ...rest.map((line) => el("div", { text: line })));
    this.box.hidden = false;
    target.setAttribute("aria-describedby", "map-tip");
    this.place(target);
  }

  // Above the element, else below, else beside it: the tooltip never covers what it describes.
  place(target) {
    const r = target.getBoundingClientRect();
    const box = this.box;
    box.style.left = "0px";
    box.style.top = "0px";
    const w = box.offsetWidth, h = box.offsetHeight;
    const vw = document.documentElement.clientWidth, vh = window.innerHeight;
    let left = Math.min(Math.max(MARGIN, r.left + r.width / 2 - w / 2), vw - w - MARGIN);
    let top;
    if (r.top - h - MARGIN >= 0) top = r.top - h - MARGIN;
    else if (r.bottom + h + MARGIN <= vh) top = r.bottom + MARGIN;
    else {
      top = Math.min(Math.max(MARGIN, r.top), vh - h - MARGIN);
      left = r.right + w + MARGIN <= vw ? r.right + MARGIN : Math.max(MARGIN, r.left - w - MARGIN);
    }
    box.style.left = `${left + window.scrollX}px`;
    box.style.top = `${top + window.scrollY}px`;
  }

  hide() {
    if (this.target) this.target.removeAttribute("aria-describedby");
    this.target = null;
    this.box.hidden = true;
  }

  // The tooltip of a page that is left behind goes with it.
  remove() {
    this.hide();
    document.removeEventListener("keydown", this.onKey, true);
    this.box.remove();
  }
}
