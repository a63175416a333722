// Pinch, pan and double-tap zoom of the map by touch (issue 23, item 9): Pointer Events on the
// SVG move its viewBox.  The viewBox keeps the element's own shape, so the map is never stretched
// and a point under the fingers stays under them; it never leaves the smallest box of that shape
// holding the whole map ("fit").  A finger that moves less than TAP_SLOP px is a tap: the
// province under it is clicked as before, and the tooltip's long press still works (tooltip.js).
// A mouse or pen is left to the page as before.

const TAP_SLOP = 8;  // px a finger may move and still tap
const DOUBLE_TAP = 300;  // ms between the two taps of a double tap
const MAX_ZOOM = 6;  // the closest view shows a sixth of the map's width

export class PanZoom {
  // svg: the map's <svg>; width, height: the map's units (its full viewBox)
  constructor(svg, width, height, onChange = () => {}) {
    this.svg = svg;
    this.width = width;
    this.height = height;
    this.onChange = onChange;
    this.zoom = 1;  // 1: the whole map
    this.cx = width / 2;  // the view's centre in map units
    this.cy = height / 2;
    this.pointers = new Map();  // pointerId -> {x, y} (client px), touches only
    this.gesture = null;
    this.lastTap = null;
    this.swallow = false;  // the click ending a pan, a pinch or a double tap selects nothing
    svg.classList.add("pannable");
    svg.addEventListener("pointerdown", (e) => this.down(e));
    svg.addEventListener("pointermove", (e) => this.move(e));
    for (const kind of ["pointerup", "pointercancel"]) svg.addEventListener(kind, (e) => this.up(e));
    svg.addEventListener("click", (e) => {
      if (this.swallow) { this.swallow = false; e.stopPropagation(); e.preventDefault(); }
    }, true);
    // a place focused by keyboard (the arrow keys) out of the view: the view goes to it
    svg.addEventListener("focusin", (e) => { if (e.target !== svg) this.reveal(e.target); });
    // the element's shape changes with the screen (rotation, the sheet): the view follows
    if (window.ResizeObserver) new ResizeObserver(() => this.apply()).observe(svg);
    this.apply();
  }

  // The smallest box of the element's shape that holds the whole map, in map units.
  fitBox() {
    const r = this.svg.getBoundingClientRect(), own = this.height / this.width;
    // an element sized by its viewBox (height: auto, the desktop) has the map's own shape: a
    // rounding off it must not feed back into the viewBox and the element's size, again and again
    const measured = r.width > 0 && r.height > 0 ? r.height / r.width : own;
    const aspect = Math.abs(measured / own - 1) < 0.01 ? own : measured;
    return this.height / this.width > aspect ? { w: this.height / aspect, h: this.height }
      : { w: this.width, h: this.width * aspect };
  }

  // The view now: x, y, w, h in map units, its centre kept where the whole map can be seen.
  view() {
    const fit = this.fitBox();
    const w = fit.w / this.zoom, h = fit.h / this.zoom;
    const [minX, maxX] = [this.width / 2 - fit.w / 2 + w / 2, this.width / 2 + fit.w / 2 - w / 2];
    const [minY, maxY] = [this.height / 2 - fit.h / 2 + h / 2, this.height / 2 + fit.h / 2 - h / 2];
    this.cx = Math.min(Math.max(this.cx, minX), maxX);
    this.cy = Math.min(Math.max(this.cy, minY), maxY);
    return { x: this.cx - w / 2, y: this.cy - h / 2, w, h };
  }

  apply() {
    const v = this.view();
    const box = [v.x, v.y, v.w, v.h].map((n) => n.toFixed(2)).join(" ");
    if (this.svg.getAttribute("viewBox") !== box) this.svg.setAttribute("viewBox", box);
    this.svg.dataset.zoom = this.zoom.toFixed(3);
    this.onChange(this.zoom);
  }

  // A point of the screen (client px) in map units.
  toMap(clientX, clientY) {
    const r = this.svg.getBoundingClientRect(), v = this.view();
    return [v.x + ((clientX - r.left) / r.width) * v.w, v.y + ((clientY - r.top) / r.height) * v.h];
  }

  // Zoom by a factor keeping the map point under (clientX, clientY) where it is.
  zoomAt(factor, clientX, clientY) {
    const [mx, my] = this.toMap(clientX, clientY);
    const before = this.zoom;
    this.zoom = Math.min(Math.max(this.zoom * factor, 1), MAX_ZOOM);
    const k = before / this.zoom;  // the point stays put: centre' = m + (centre - m) * k
    this.cx = mx + (this.cx - mx) * k;
    this.cy = my + (this.cy - my) * k;
    this.apply();
  }

  // Pan so that an element of the map is in view (the zoom kept).
  reveal(node) {
    const r = this.svg.getBoundingClientRect(), b = node.getBoundingClientRect();
    if (b.left >= r.left && b.right <= r.right && b.top >= r.top && b.bottom <= r.bottom) return;
    const [mx, my] = this.toMap(b.left + b.width / 2, b.top + b.height / 2);
    this.cx = mx;
    this.cy = my;
    this.apply();
  }

  // The closest view that still shows the map's whole height (or width): on a phone held upright
  // the map fills its box, no sea band above or below, and a finger pans it sideways.
  cover() {
    const fit = this.fitBox();
    this.zoom = Math.min(Math.max(fit.h / this.height, fit.w / this.width, 1), MAX_ZOOM);
    this.apply();
  }

  fit() {
    this.zoom = 1;
    this.cx = this.width / 2;
    this.cy = this.height / 2;
    this.apply();
  }

  down(e) {
    this.swallow = false;
    if (e.pointerType !== "touch") return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 1) {
      this.gesture = { kind: "tap", x: e.clientX, y: e.clientY, cx: this.cx, cy: this.cy, id: e.pointerId };
    } else if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.gesture = { kind: "pinch", distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, zoom: this.zoom,
                       mid: this.toMap((a.x + b.x) / 2, (a.y + b.y) / 2) };
      this.capture();
    }
  }

  capture() {
    for (const id of this.pointers.keys()) {
      try { this.svg.setPointerCapture(id); } catch { /* a pointer already gone */ }
    }
  }

  move(e) {
    if (!this.pointers.has(e.pointerId) || !this.gesture) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = this.gesture;
    if (g.kind === "tap" && Math.hypot(e.clientX - g.x, e.clientY - g.y) >= TAP_SLOP) {
      g.kind = "pan";  // captured only now: a tap's click still reaches the province it hit
      this.capture();
    }
    if (g.kind === "pan") {
      const r = this.svg.getBoundingClientRect(), v = this.view();
      this.cx = g.cx - ((e.clientX - g.x) / r.width) * v.w;
      this.cy = g.cy - ((e.clientY - g.y) / r.height) * v.h;
      this.apply();
    } else if (g.kind === "pinch" && this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      this.zoom = Math.min(Math.max(g.zoom * (distance / g.distance), 1), MAX_ZOOM);
      // the map point first between the fingers stays between them
      const r = this.svg.getBoundingClientRect(), v = this.view();
      const fx = ((a.x + b.x) / 2 - r.left) / r.width, fy = ((a.y + b.y) / 2 - r.top) / r.height;
      this.cx = g.mid[0] - (fx - 0.5) * v.w;
      this.cy = g.mid[1] - (fy - 0.5) * v.h;
      this.apply();
    }
  }

  up(e) {
    if (!this.pointers.has(e.pointerId)) return;
    this.pointers.delete(e.pointerId);
    const g = this.gesture;
    if (!g) return;
    if (g.kind !== "tap") this.swallow = true;
    if (g.kind === "tap" && e.type === "pointerup") {
      const now = e.timeStamp;
      const last = this.lastTap;
      if (last && now - last.at < DOUBLE_TAP && Math.hypot(e.clientX - last.x, e.clientY - last.y) < 3 * TAP_SLOP) {
        this.lastTap = null;
        this.swallow = true;  // the second tap zooms; the first one already selected
        this.zoomAt(2, e.clientX, e.clientY);
      } else {
        this.lastTap = { at: now, x: e.clientX, y: e.clientY };
      }
    }
    if (this.pointers.size === 1 && g.kind === "pinch") {
      // one finger left of a pinch pans on from where it is
      const [[id, p]] = [...this.pointers.entries()];
      this.gesture = { kind: "pan", x: p.x, y: p.y, cx: this.cx, cy: this.cy, id };
    } else if (this.pointers.size === 0) {
      this.gesture = null;
    }
  }
}
