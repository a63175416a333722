// What each tooltip of the map says: a province (name, coordinates, region, what stands there, its
// links and their state, its danger), a piece, a disc, a fleet, a link, a Barbarian arrow.  Every
// figure is read from what the server sent (the position, the board, the forecast): nothing here
// computes a rule.
import { t, currentLanguage } from "./main.js";
import { pieceWords } from "./pieces.js";

// A sentence (already through t(), so the catalogue finds it) with its {names} filled in.
export function fill(text, args) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

// A chance as the page's language writes a percentage (0.1 % steps under 10 %).
export function percent(p) {
  const digits = p > 0 && p < 0.1 ? 1 : 0;
  return new Intl.NumberFormat(currentLanguage(), { style: "percent", maximumFractionDigits: digits,
                                                    minimumFractionDigits: digits }).format(p);
}

// An Emperor as the page's language names him (the server's emperor_names), the Dux as is.
function ruler(view, who) {
  return (view.emperorNames && view.emperorNames[who]) || who;
}

function provinceName(view, i) {
  const p = view.board.provinces[i];
  return p.title + (p.coords ? ` ${p.coords}` : "");
}

function discLine(view, i) {
  const disc = view.discs ? view.discs[i] : null;
  if (!disc) return null;
  if (disc === "unrest") return pieceWords("unrest");
  if (disc === "revolt") return pieceWords("revolt");
  const who = disc.split(" ")[1];
  return view.board.provinces[i].border ? fill(t("Secured border: a garrison of {emperor}"), { emperor: ruler(view, who) })
    : fill(t("Garrison of {emperor}"), { emperor: ruler(view, who) });
}

function figureLine(view, figure) {
  return figure.kind === "emperor" ? fill(t("Emperor {emperor}"), { emperor: ruler(view, figure.who) }) : pieceWords(figure.kind);
}

function dangerLines(view, i) {
  const fc = view.forecast;
  if (!fc || !fc.available) return [];
  // under way, the figures are those forecast at the phase's start: the map shows what happened
  const said = fc.during ? t("Forecast at this phase's start: unrest {unrest}, revolt {revolt}, uprising {uprising}")
    : t("Coming Barbarian phase: unrest {unrest}, revolt {revolt}, uprising {uprising}");
  const lines = [fill(said, { unrest: percent(fc.unrest[i]), revolt: percent(fc.revolt[i]),
                              uprising: percent(fc.uprising[i]) })];
  for (const e of fc.emperors) {
    if (e.province === i && (e.in_revolt > 0 || e.removed > 0)) {
      lines.push(fill(t("{emperor}: his province in revolt {revolt}, off the board by the phase's end {removed}"),
                      { emperor: ruler(view, e.emperor), revolt: percent(e.in_revolt), removed: percent(e.removed) }));
    }
  }
  return lines;
}

function armyLines(view, i) {
  const fc = view.forecast;
  if (!fc || !fc.available) return [];
  const army = fc.armies.find((a) => a.province === i);
  if (!army) return [];
  if (army.next_step < 0) return [t("This army has no step to take.")];
  const lines = [fill(t("Advances to {place} {advances}, stays {stays}, destroyed {destroyed}"),
                      { place: provinceName(view, army.next_step), advances: percent(army.advances),
                        stays: percent(army.stays), destroyed: percent(army.destroyed) })];
  if (army.roma > 0) lines.push(fill(t("Reaches Roma: {chance}"), { chance: percent(army.roma) }));
  if (army.battle) {
    lines.push(fill(t("Against {emperor} as the board stands: Roman win {win}, draw {draw}, army wins {lose}"),
                    { emperor: ruler(view, army.battle.against), win: percent(army.battle.roman_wins),
                      draw: percent(army.battle.draw), lose: percent(army.battle.barbarian_wins) }));
  }
  return lines;
}

function provinceLines(view, i) {
  const p = view.board.provinces[i];
  const lines = [provinceName(view, i)];
  const region = p.coords ? fill(t("Region {region}"), { region: p.coords.split(":")[0] }) : "Italia";
  const kinds = [region];
  if (p.border) kinds.push(t("border province"));
  if (i === view.board.roma) kinds.push(t("Roma: an army entering it ends the game"));
  if (p.capital_of.length) kinds.push(fill(t("capital of {emperor}"), { emperor: p.capital_of.map((who) => ruler(view, who)).join(", ") }));
  lines.push(kinds.join(" · "));
  const disc = discLine(view, i);
  const stands = [disc, ...(view.figures ? view.figures[i] : []).map((f) => figureLine(view, f))].filter(Boolean);
  lines.push(stands.length ? fill(t("Here: {pieces}"), { pieces: stands.join(", ") }) : t("Nothing stands here."));
  const links = [];
  for (const link of view.board.links) {
    const other = link.a === i ? link.b : link.b === i ? link.a : -1;
    if (other >= 0) links.push(link.broken ? fill(t("{place} (broken link)"), { place: view.board.provinces[other].title })
      : view.board.provinces[other].title);
  }
  if (links.length) lines.push(fill(t("Links: {places}"), { places: links.join(", ") }));
  const arrow = view.board.arrows.find((a) => a.from === i);
  if (arrow) lines.push(fill(t("Its Barbarian arrow points to {place}"), { place: provinceName(view, arrow.to) }));
  return [...lines, ...dangerLines(view, i), ...armyLines(view, i)];
}

// The tooltip's lines for an element of the map holding data-tip ("province:3", "figure:3:0",
// "disc:3", "fleet:2", "pirates:2", "zone:2", "link:7", "arrow:4"), title first.
export function describe(view, target) {
  const [kind, a, b] = target.dataset.tip.split(":");
  const n = Number(a);
  if (kind === "province") return provinceLines(view, n);
  if (kind === "disc") {
    return [discLine(view, n), fill(t("in {place}"), { place: provinceName(view, n) }), ...dangerLines(view, n)];
  }
  if (kind === "figure") {
    const figure = view.figures[n][Number(b)];
    const lines = [figureLine(view, figure), fill(t("in {place}"), { place: provinceName(view, n) })];
    if (figure.kind === "army" || figure.kind === "goths") lines.push(...armyLines(view, n));
    return lines;
  }
  if (kind === "army") return [fill(t("The army in {place}"), { place: provinceName(view, n) }), ...armyLines(view, n)];
  if (kind === "fleet" || kind === "pirates") return [pieceWords(kind), view.board.zones[a]];
  if (kind === "zone") {
    const here = [];
    if ((view.position?.fleets || []).includes(n)) here.push(pieceWords("fleet"));
    if ((view.position?.records?.pirates || 0) === n) here.push(pieceWords("pirates"));
    return [view.board.zones[a], t("Sea zone"), here.length ? fill(t("Here: {pieces}"), { pieces: here.join(", ") }) : t("Nothing stands here.")];
  }
  if (kind === "link") {
    const link = view.board.links[n];
    return [`${provinceName(view, link.a)} — ${provinceName(view, link.b)}`,
            link.broken ? t("Broken link: unrest and revolts cross it only when a die lets them (R7.4)") : t("Link")];
  }
  if (kind === "arrow") {
    const arrow = view.board.arrows[n];
    return [t("Barbarian arrow"),
            fill(t("An army in {from} advances to {to}"), { from: provinceName(view, arrow.from), to: provinceName(view, arrow.to) }),
            ...armyLines(view, arrow.from)];
  }
  return null;
}
