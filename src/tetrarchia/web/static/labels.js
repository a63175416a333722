// Where each province's name goes: never over a piece.  A pure function of boxes (no DOM), so
// that a test can run it in the browser on any positions it supplies.
//
// Each label tries candidate places around its province's circle, nearest first (above, below,
// right, left, the four corners, then the same a step and two steps further out), and takes the
// first one that covers no piece and no label already placed; failing that, the first that covers
// no piece; failing that (a crowded corner), the one covering the least piece area.

const GAP = 1.5;  // user units kept between a label and a piece

function overlap(a, b) {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function grown(box, by) {
  return { x: box.x - by, y: box.y - by, w: box.w + 2 * by, h: box.h + 2 * by };
}

// The candidate centres of a label of size (w, h) around a circle of radius r at (0, 0).
export function candidates(w, h, r) {
  const out = [];
  for (const far of [0, 7, 14, 22, 32]) {
    const up = r + GAP + h / 2 + far, side = r + GAP + w / 2 + far;
    const cornerX = r * 0.7 + w / 2 + far * 0.7, cornerY = r * 0.7 + h / 2 + far * 0.7;
    out.push([0, -up], [0, up], [side, 0], [-side, 0],
             [cornerX, -cornerY], [-cornerX, -cornerY], [cornerX, cornerY], [-cornerX, cornerY]);
  }
  return out;
}

// labels: [{x, y, w, h, r}] (the circle's centre and radius, the label's size); pieces:
// [{x, y, w, h}] boxes in the same units.  Returns, per label, its centre {x, y}.
export function placeLabels(labels, pieces) {
  const placed = [];
  return labels.map((label) => {
    let best = null, bestCost = Infinity, freeOfPieces = null;
    for (const [dx, dy] of candidates(label.w, label.h, label.r)) {
      const box = { x: label.x + dx - label.w / 2, y: label.y + dy - label.h / 2, w: label.w, h: label.h };
      const wide = grown(box, GAP);
      let cost = 0;
      for (const piece of pieces) cost += overlap(wide, piece);
      if (cost === 0) {
        if (!placed.some((other) => overlap(box, other) > 0)) { best = box; bestCost = 0; break; }
        if (!freeOfPieces) freeOfPieces = box;
      } else if (cost < bestCost && !freeOfPieces) {
        best = box;
        bestCost = cost;
      }
    }
    const chosen = bestCost === 0 ? best : (freeOfPieces || best);
    placed.push(chosen);
    return { x: chosen.x + chosen.w / 2, y: chosen.y + chosen.h / 2 };
  });
}
