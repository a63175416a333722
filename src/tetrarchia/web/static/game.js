// A game being played: the map, whose turn, the actions (by click, from the list, or typed),
// the Barbarian phase die by die, the log.  Every action goes to the server, which alone
// checks it; a refusal shows the engine's reason.
import { api, el, t, N_, announce, showDialog, closeDialog, seatFor, currentLanguage, working } from "./main.js";
import { BoardView, EMPERORS, eventPlaces, optionRecords } from "./board.js";
import { HintBox } from "./hint.js";
import { EndScreen } from "./ending.js";
import { spectatorButton } from "./share.js";
import { Scene } from "./scene.js";
import { DangerOverlay } from "./danger.js";
import { Against } from "./against.js";
import { Sounds } from "./sounds.js";
import { showLegend } from "./legend.js";
import { analyseLink, fillEndAnalyse } from "./analysis.js";
import { PanZoom } from "./panzoom.js";
import { BottomSheet } from "./sheet.js";
import { Notices } from "./notify.js";
import { TableBox } from "./table.js";
import { fill } from "./levels.js";

const SPEEDS = { slow: 1400, normal: 700, fast: 250 };
const SPEED_NAMES = { slow: N_("slow"), normal: N_("normal"), fast: N_("fast") };

export async function gamePage(main, id) {
  if (!seatFor(id)) {
    main.replaceChildren(el("p", { class: "error", role: "alert",
                                   text: t("This game opens with the link of one of its seats: ask its host for yours.") }),
                         el("a", { href: "/", text: t("New game") }));
    return;
  }
  const first = await api(`/api/games/${id}`);
  if (first.error) {
    main.replaceChildren(el("p", { class: "error", role: "alert", text: first.error.reason }),
                         el("a", { href: "/", text: t("New game") }));
    return;
  }
  const board = await api(`/api/games/${id}/board`);
  const asset = await (await fetch("/static/map.json")).json();
  const page = new GamePage(main, id, board, asset, first);
  page.adopt(first);
  await page.table.refresh();  // the table: names, chat, who played (issue 27)
  // the map drawn with its pieces: bench/web.py reads this mark beside first-contentful-paint
  performance.mark("tetrarchia-map-drawn");
  page.connect();
}

const TITLE = "TETRARCHIA";

class GamePage {
  constructor(main, id, board, asset, first) {
    this.id = id;
    this.board = board;
    this.you = first.you;  // "all" (hot seat), "spectator", or the player's number
    this.seatTable = first.seats;
    this.presence = first.seats.presence;
    this.notes = {};
    this.events = [];
    this.selected = null;
    this.busy = false;
    this.mode = localStorage.getItem("tetrarchia.mode") || "step";
    this.speed = localStorage.getItem("tetrarchia.speed") || "normal";
    this.lastRoll = null;
    const mapBox = el("section", { class: "board-wrap game-map", "aria-label": t("Map") });
    this.status = el("div", { class: "status", "aria-live": "polite" });
    this.decision = el("div", { class: "decision" });
    this.dice = el("div", { class: "dice", "aria-live": "polite" });
    this.battle = el("div", { class: "battle", "aria-live": "polite" });
    this.controls = this.barbarianControls();
    this.message = el("div", { class: "message", role: "alert" });
    this.here = el("div", { class: "here" });
    this.actions = el("div", { class: "actions" });
    const input = el("input", { id: "notation", autocomplete: "off", "aria-label": t("Type an action"),
                                placeholder: t("Type an action, e.g. end") });
    this.notation = el("form", { class: "notation", on: { submit: (e) => {
      e.preventDefault();
      if (input.value.trim()) this.send(input.value.trim()).then((ok) => { if (ok) input.value = ""; });
    } } }, input, el("button", { type: "submit", text: t("Play") }));
    this.undoButton = el("button", { type: "button", id: "undo", text: t("Undo"), on: { click: () => this.undo() } });
    const exportButton = el("button", { type: "button", id: "export", text: t("Export"), on: { click: () => this.exportGame() } });
    // the browser's notifications, a webhook, an e-mail; since when a seat waits (notify.js)
    this.notices = new Notices(this);
    this.ending = new EndScreen(this);
    const tools = el("div", { class: "tools" }, this.undoButton, exportButton, this.notices.button,
      this.ending.reopen, spectatorButton(this),
      el("a", { href: `/replay/${id}`, text: t("Replay") }),
      analyseLink(id, { id: "analyse" }),
      el("a", { href: "/", text: t("All games") }));
    this.log = el("ol", { class: "log", "aria-label": t("Game log") });
    this.seatsBox = el("div", { class: "seats", "aria-live": "polite" });
    this.connection = el("span", { class: "connection" });
    this.hint = new HintBox(this);
    this.table = new TableBox(this);
    // the actions before the hint: the first legal action within a few Tab presses (issue 23)
    this.playArea = el("div", { class: "play-area" }, el("h2", { text: t("Actions") }), this.actions, this.notation, this.hint.element);
    const panel = el("aside", { class: "panel" }, this.seatsBox, this.status, this.decision, this.message, this.dice,
      this.battle, this.controls, this.here, this.playArea, tools, this.table.element,
      el("details", { class: "log-box", open: "" }, el("summary", { text: t("Log") }), this.log));
    const mapArea = el("div", { class: "map-area" });
    const zoom = el("button", { type: "button", id: "zoom", class: "zoom", "aria-pressed": "false",
                                text: t("Zoom the map"), on: { click: () => {
                                  const on = mapBox.classList.toggle("zoomed");
                                  zoom.setAttribute("aria-pressed", String(on));
                                } } });
    mapBox.append(mapArea);
    // the panel first in the Tab order, the map drawn on its left by the style (issue 23)
    main.replaceChildren(el("div", { class: "game game-page" }, this.ending.element, panel, mapBox));
    // on a phone the panel is a sheet under the map (sheet.js): the map takes the screen's width
    this.sheet = new BottomSheet(panel);
    this.view = new BoardView(mapArea, board, asset, (i) => this.clickProvince(i), (z) => this.clickZone(z));
    // pinch, pan and double tap by touch (panzoom.js); "Fit the map" shows it whole again
    const fit = el("button", { type: "button", id: "fit", class: "fit", text: t("Fit the map"), disabled: "",
                               on: { click: () => this.panZoom.fit() } });
    this.panZoom = new PanZoom(this.view.svg, board.map.width, board.map.height,
                               (zoom) => { fit.disabled = zoom <= 1; });
    // a phone held upright opens on the map filling its box; a wider screen shows it whole
    const phone = window.matchMedia("(max-width: 600px)");
    if (phone.matches) this.panZoom.cover();
    phone.addEventListener("change", () => (phone.matches ? this.panZoom.cover() : this.panZoom.fit()));
    this.scene = new Scene(this.view, board);
    // the legend and the danger overlay, beside Zoom (legend.js, danger.js)
    this.danger = new DangerOverlay(this.view, id);
    this.against = new Against(id, this.danger, board);  // the log's events against the forecast
    this.danger.onToggle = () => this.drawLog();
    this.sounds = new Sounds();  // off unless switched on (sounds.js)
    const legend = el("button", { type: "button", id: "legend", text: t("Legend"), "aria-haspopup": "dialog",
                                  on: { click: () => showLegend() } });
    mapBox.append(el("div", { class: "map-tools" }, zoom, fit, legend, this.danger.button, this.sounds.button), this.danger.summary);
  }

  // --- the state from the server ------------------------------------------------------------
  adopt(state) {
    const kept = state.events_total - state.events.length;
    this.events = this.events.slice(0, kept).concat(state.events);
    const from = state.events.length ? state.events[0].n : state.log_length;
    // who played the new entries (a table's names): read again when the log moved
    if (this.table && this.table.data && this.table.data.open && this.state && state.log_length !== this.state.log_length) this.table.refresh();
    for (const n of Object.keys(this.notes)) if (Number(n) >= from) delete this.notes[n];
    Object.assign(this.notes, state.notes || {});
    this.state = state;
    this.selected = null;
    this.view.show(state.position);
    if (this.danger) this.danger.update(state);
    // a decision's choices that name a province light it up on the map, to be clicked
    const choices = {};
    if (state.awaiting === "decision") for (const item of state.legal) for (const p of item.places) choices[p] = "";
    this.view.highlight(choices);
    this.drawStatus();
    this.drawActions();
    this.drawLog();
    if (this.hint) this.hint.clear();
    this.here.replaceChildren();
    const mine = this.mine();
    if (this.sounds) this.sounds.turn(mine);
    const spectator = this.you === "spectator";
    this.undoButton.disabled = !state.can_undo || !mine;
    this.undoButton.hidden = spectator;
    // the dice may be rolled by any seat; a spectator only watches
    this.controls.hidden = spectator || !(state.awaiting === "roll" || state.awaiting === "run");
    this.playArea.hidden = spectator || !mine;
    this.decision.hidden = spectator || !mine;
    this.notices.update(state);
    this.drawSeats();
    this.drawTurn();
    this.clearOldDice();
    // the end screen is drawn once its summary has come: then its #end-analyse gets the button
    this.ending.offer(state).then(() => fillEndAnalyse(this.id));
  }

  // The dice and the battle shown belong to the phase they were rolled in: a new phase (or the
  // end of the game) clears them (issue 23).  ``shownPhase`` is the number of phase boundaries
  // before the roll that showed them.
  clearOldDice() {
    const phases = countPhases(this.events);
    if (this.state.over || (this.shownPhase !== undefined && phases > this.shownPhase)) {
      this.dice.replaceChildren();
      this.battle.replaceChildren();
      if (this.scene) this.scene.clear();
      this.shownPhase = undefined;
    }
  }

  // The dice or battle just shown came with ``events``: the phase they belong to is the one
  // before those events (a roll that ends a phase shows its dice until the next phase acts).
  markShown(events) {
    const at = events && events.length ? this.events.indexOf(events[0]) : -1;
    this.shownPhase = countPhases(at < 0 ? this.events : this.events.slice(0, at));
  }

  // Whether the decision now is this browser's seat's (R10: a player acts for his Emperors).
  mine() {
    const s = this.state;
    if (this.you === "spectator" || s.over || s.player === null || s.player === undefined) return false;
    if (this.table && this.table.standIn(this.you)) return false;  // the AI plays this seat now (issue 27)
    return this.you === "all" || String(s.player) === String(this.you);
  }

  // The seats: whom each plays, who is connected, whose decision it is, and which is this one.
  drawSeats() {
    const p = this.presence || { players: [], hotseat: false, spectators: 0 };
    const rows = this.seatTable.players.map((seat) => {
      const here = seat.kind === "ai" || p.hotseat || p.players.includes(seat.player);
      const name = this.table && this.table.nameOf(seat.player);
      const stood = this.table && this.table.standIn(seat.player);
      const deciding = this.state.player === seat.player;
      const you = this.you === "all" || String(seat.player) === String(this.you);
      return el("li", { class: `seat${deciding ? " deciding" : ""}${here ? " here" : ""}`, "data-player": seat.player },
        el("span", { class: "dot", "aria-hidden": "true", text: here ? "●" : "○" }), " ",
        seat.title, name ? el("b", { class: "seat-name", text: ` · ${name}` }) : null,
        stood ? el("small", { class: "stand-in", text: ` · ${name ? fill(t("the AI plays for {name}"), { name }) : t("the AI plays for its player")}` })
          : seat.kind === "ai" ? el("small", { text: ` · ${t("AI")}: ${seat.ai}` }) : null,
        el("small", { text: ` · ${here ? t("connected") : t("not connected")}` }),
        you ? el("b", { text: ` · ${t("you")}` }) : null,
        deciding ? el("b", { class: "deciding-mark", text: ` · ${t("decides now")}` }) : null,
        deciding && this.notices.waiting(seat.player) ? el("small", { class: "waiting", text: ` · ${this.notices.waiting(seat.player)}` }) : null);
    });
    const watching = this.you === "spectator" ? el("p", { class: "spectating", text: t("You are watching: a spectator cannot act.") }) : null;
    this.seatsBox.replaceChildren(el("h2", {}, t("Seats"), " · ", this.connection), el("ul", {}, ...rows),
      ...[el("small", { class: "spectators", text: `${t("Spectators")}: ${p.spectators}` }), watching].filter(Boolean));
  }

  // "Your turn" in the tab's title and a badge on its icon; a notification when the page is
  // hidden and the player allowed it.
  drawTurn() {
    const mine = this.mine();
    document.title = mine ? `(${t("Your turn")}) ${TITLE}` : TITLE;
    setBadge(mine);
    if (mine && !this.wasMine && document.hidden && "Notification" in window && Notification.permission === "granted") {
      const told = new Notification(TITLE, { body: `${t("Your turn")}: ${this.state.seat_title}`, tag: `tetrarchia-${this.id}` });
      told.onclick = () => { window.focus(); told.close(); };  // back to the game's tab
    }
    if (mine && !this.wasMine) announce(t("Your turn"));
    this.wasMine = mine;
  }

  async refresh() {
    const state = await api(`/api/games/${this.id}?events_from=${this.events.length}`);
    if (!state.error) this.adopt(state);
  }

  // A newer state from the live connection, unless this page is sending its own request.
  offer_state(state) {
    if (this.busy || state.version <= this.state.version) return;
    this.adopt(state);
    this.showHappened(state.events);
  }

  // Live updates (docs/web.md): the WebSocket, presenting the seat in its first message and
  // the version and events held (a reconnect gets what it missed); reconnects with a growing
  // delay; long polling when WebSockets do not get through.
  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.failures = this.failures || 0;
    if (!("WebSocket" in window) || this.failures >= 3) { this.poll(); return; }
    let socket, opened = false;
    try {
      socket = new WebSocket(`${scheme}://${location.host}/api/games/${this.id}/live`);
    } catch (error) { this.poll(); return; }
    socket.onopen = () => {
      opened = true;
      socket.send(JSON.stringify({ type: "hello", token: localStorage.getItem(`tetrarchia.seat.${this.id}`),
                                   version: this.state.version, events: this.events.length, lang: currentLanguage() }));
    };
    socket.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.kind === "welcome") {
        this.failures = 0;
        this.connection.textContent = t("live");
        this.presence = data.presence;
        this.drawSeats();
      } else if (data.kind === "state") this.offer_state(data.state);
      else if (data.kind === "presence") { this.presence = data.presence; this.drawSeats(); }
      else if (data.kind === "table") this.table.refresh();
      else if (data.kind === "chat") this.table.add(data.message);
      else if (data.kind === "error" && data.error) this.refuse(data.error);
    };
    socket.onclose = (event) => {
      this.connection.textContent = t("reconnecting");
      if (event.code === 4403 || event.code === 4404) return;  // no seat here: nothing to retry
      if (!opened) this.failures += 1;
      setTimeout(() => this.connect(), Math.min(10000, 500 * 2 ** Math.min(this.failures, 5)));
    };
  }

  async poll() {
    this.connection.textContent = t("live (polling)");
    for (;;) {
      const answer = await api(`/api/games/${this.id}/poll?since=${this.state.version}&events_from=${this.events.length}&wait=25`);
      if (answer.error) {
        if (answer.status === 403 || answer.status === 404) return;
        await new Promise((resolve) => setTimeout(resolve, 2000));
        continue;
      }
      this.presence = answer.presence;
      if (answer.changed && answer.state) this.offer_state(answer.state);
      else this.drawSeats();
      await this.table.refresh();  // the chat and the table, which no poll answer carries
    }
  }

  async exportGame() {
    const answer = await api(`/api/games/${this.id}/export`);
    if (answer.error) { this.refuse(answer.error); return; }
    const link = el("a", { href: URL.createObjectURL(new Blob([JSON.stringify(answer)], { type: "application/json" })),
                           download: `tetrarchia-${this.id}.json` });
    link.click();
    URL.revokeObjectURL(link.href);
  }

  async request(path, body) {
    this.busy = true;
    try {
      const answer = await api(`/api/games/${this.id}/${path}`, { version: this.state.version, ...body });
      if (answer.error) {
        if (answer.status === 409 && answer.state) this.adopt(answer.state);
        this.refuse(answer.error);
        return null;
      }
      this.message.textContent = "";
      return answer;
    } finally {
      this.busy = false;
    }
  }

  refuse(error) {
    this.message.replaceChildren(el("strong", { text: t("Refused") + ": " }), error.reason,
                                 el("span", { class: "code", text: ` (${error.code})` }));
    announce(t("Refused") + ": " + error.reason);
  }

  // each request the player starts is tracked (data-pending) until what it starts is drawn
  send(notation) { return working(() => this.sendNow(notation)); }
  undo() { return working(() => this.undoNow()); }
  advance(until) { return working(() => this.advanceNow(until)); }
  play(mode) { return working(() => this.playNow(mode)); }

  async sendNow(notation) {
    closeDialog();
    const answer = await this.request("actions", { action: notation });
    if (!answer) return false;
    this.adopt(answer);
    this.showHappened(answer.events);
    await this.afterChange();
    return true;
  }

  async undoNow() {
    const answer = await this.request("undo", {});
    if (answer) {
      this.adopt(answer);
      announce(t("Undone"));
    }
  }

  // A battle the Emperor of the turn started is rolled at once; the Barbarian phase waits for
  // the player's pace (step, play, skip).
  async afterChange() {
    const s = this.state;
    if (s.awaiting === "roll" && s.position.machine && s.position.machine.tasks[0][0] === "roman-phase") {
      await this.advance("roll");
    } else if ((s.awaiting === "roll" || s.awaiting === "run") && this.mode !== "step") {
      await this.play(this.mode);
    }
  }

  async advanceNow(until) {
    this.lastRoll = this.state.roll;
    const answer = await this.request("advance", { until });
    if (!answer) return false;
    this.adopt(answer);
    if (!answer.over) {
      this.showDice(answer.last_action, until === "roll" ? this.lastRoll : null);
      this.markShown(answer.events);
    }
    this.showHappened(answer.events);
    return true;
  }

  async playNow(mode) {
    if (mode === "skip") {
      await this.advance("decision");
      return;
    }
    this.playing = true;
    while (this.playing && (this.state.awaiting === "roll" || this.state.awaiting === "run")) {
      if (!(await this.advance("roll"))) break;
      await new Promise((resolve) => setTimeout(resolve, SPEEDS[this.speed]));
    }
    this.playing = false;
  }

  barbarianControls() {
    const stepButton = el("button", { type: "button", id: "step", text: t("Step"), on: { click: () => this.advance("roll") } });
    const playButton = el("button", { type: "button", id: "play", text: t("Play"), on: { click: () => this.play("play") } });
    const pauseButton = el("button", { type: "button", id: "pause", text: t("Pause"), on: { click: () => { this.playing = false; } } });
    const skipButton = el("button", { type: "button", id: "skip", text: t("Skip to the next decision"), on: { click: () => this.play("skip") } });
    const speed = el("select", { id: "speed", "aria-label": t("Speed"), on: { change: (e) => {
      this.speed = e.target.value; localStorage.setItem("tetrarchia.speed", this.speed); } } },
      ...Object.entries(SPEED_NAMES).map(([s, w]) => el("option", { value: s, selected: s === this.speed ? "" : null, text: t(w) })));
    const mode = el("select", { id: "mode", "aria-label": t("After the Roman phase"), on: { change: (e) => {
      this.mode = e.target.value; localStorage.setItem("tetrarchia.mode", this.mode); } } },
      ...[["step", N_("wait for me")], ["play", N_("play it")], ["skip", N_("skip it")]].map(([v, w]) =>
        el("option", { value: v, selected: v === this.mode ? "" : null, text: t(w) })));
    return el("div", { class: "barbarian", hidden: "" },
      el("h2", { text: t("Barbarian phase: the dice") }),
      el("div", { class: "buttons" }, stepButton, playButton, pauseButton, skipButton),
      el("label", {}, t("Speed") + " ", speed), " ",
      el("label", {}, t("After the Roman phase") + " ", mode));
  }

  // --- what happened ------------------------------------------------------------------------
  showDice(notation, roll) {
    if (!notation || !notation.startsWith("roll ")) return;
    const dice = notation.slice(5).split(" ");
    const kinds = roll ? roll.dice_names : (dice.length === 2 ? ["roman", "barbarian"] : ["barbarian"]);
    const names = kinds.map((k) => (k === "roman" ? t("Roman die") : t("Barbarian die")));
    const purpose = roll ? t(PURPOSES[roll.purpose] || roll.purpose) : "";
    this.dice.replaceChildren(el("span", { class: "purpose", text: purpose }),
      ...dice.map((d, i) => el("span", { class: `die ${kinds[i]}`,
                                          "aria-label": `${names[i]} ${d}` },
                               el("b", { text: d }), el("small", { text: names[i] }))));
    this.scene.roll(this.dice);
    this.sounds.play("dice");
  }

  showHappened(events) {
    if (!events || !events.length) return;
    const places = eventPlaces(events);
    this.view.highlight({}, -1, places);
    if (!this.state.over) this.scene.play(events);
    this.sounds.happened(events);
    const battle = events.find((e) => e.data.event === "Battle" || e.data.event === "PirateBattle");
    if (battle && !this.state.over) {
      this.showBattle(battle);
      this.markShown(events);
    }
    announce(events.map((e) => e.text).join(" "));
  }

  showBattle(event) {
    const d = event.data;
    const other = d.event === "Battle" ? "barbarian" : "pirates";
    const side = (name, prefix) => el("div", { class: "side" },
      el("b", { text: name }),
      ` ${t("die")} ${d[prefix + "_die"]} + ${d[prefix + "_modifier"]} + ${t("support")} ${d[prefix + "_support"]}` +
      ` × ${2 ** d[prefix + "_linked"]} = ${d[prefix + "_value"]}`);
    const outcome = [t("draw"), t("the Romans win"), t("the Barbarians win")][d.outcome];
    this.battle.replaceChildren(el("h3", { text: t("Battle") }), side(t("Romans"), "roman"),
                                side(other === "pirates" ? t("Pirates") : t("Barbarians"), other),
                                el("div", { class: "outcome", text: outcome }));
  }

  // The events, each AI move's one-line explanation before the events its move made happen.
  drawLog() {
    const notes = Object.entries(this.notes).map(([n, text]) => [Number(n), text]).sort((a, b) => a[0] - b[0]);
    const items = [];
    let next = 0;
    const note = ([n, text]) => el("li", { class: "event ai-note", "data-n": n, text });
    let told = -1;  // the log entry whose player was last said (issue 27: who played it)
    this.events.forEach((e, k) => {
      while (next < notes.length && notes[next][0] <= e.n) items.push(note(notes[next++]));
      const by = e.n !== told && this.table ? this.table.playedBy(e.n) : null;
      if (by) items.push(el("li", { class: "event played-by", "data-n": e.n, text: by }));
      told = e.n;
      items.push(el("li", { class: `event ${e.data.kind}`, "data-k": k, text: e.text }));
    });
    while (next < notes.length) items.push(note(notes[next++]));
    this.log.replaceChildren(...items);
    if (this.against) this.against.draw(this.events, this.log);
    this.log.scrollTop = this.log.scrollHeight;
  }

  drawStatus() {
    const s = this.state, p = s.position;
    const secured = this.board.provinces.filter((b) => b.border &&
      String((p.discs || {})[b.id] || "").startsWith("garrison")).length;
    const garrisons = EMPERORS.map((e) => `${e[0]} ${p.reserves.garrisons[e]}`).join(" · ");
    const result = { "roma-victrix": t("Roma Victrix: the six borders are secured. You win."),
                     "army-in-roma": t("A Barbarian army entered Roma. The game is lost."),
                     "reserve-empty": t("A reserve of discs ran out. The game is lost.") }[p.result];
    this.status.replaceChildren(...[
      el("div", { class: "turn" },
        el("b", { text: `${t("Round")} ${p.turn.round} · ${(s.emperor_names || {})[p.turn.emperor] || p.turn.emperor}` }),
        ` · ${p.turn.ip} ${t("IP")}`),
      el("div", { text: s.over ? "" : `${t("To decide")}: ${s.seat_title ? s.seat_title : t("the dice")}` }),
      el("div", { class: "reserves", text: `${t("Reserves")}: ${p.reserves.unrest} ${t("unrest")}, ` +
        `${p.reserves.revolt} ${t("revolts")}, ${t("garrisons")} ${garrisons}` }),
      el("div", { text: `${t("Borders secured")}: ${secured} / 6` }),
      this.optionCounters(optionRecords(p)),
      result ? el("div", { class: "result", role: "status", text: result }) : null].filter(Boolean));
  }

  // The optional rules' counters that are not on the map (glory, burned discs, the Barbarian
  // player's gray and black discs, IP moved to a next turn, turns to skip), when not zero.
  optionCounters(expansion) {
    const parts = [];
    const perEmperor = (key, name) => {
      const values = expansion[key];
      if (values && Object.values(values).some((v) => v)) {
        parts.push(`${t(name)}: ${EMPERORS.map((e) => `${e[0]} ${values[e] || 0}`).join(" · ")}`);
      }
    };
    perEmperor("glory", N_("glory"));
    perEmperor("burned", N_("burned discs"));
    perEmperor("ip_next", N_("IP moved to the next turn"));
    const barbarian = expansion.barbarian_reserve;
    if (barbarian && (barbarian.gray || barbarian.black)) {
      parts.push(`${t("Barbarian player")}: ${barbarian.gray} ${t("gray")}, ${barbarian.black} ${t("black")}`);
    }
    if (expansion.skip) parts.push(`${t("turns to skip")}: ${expansion.skip}`);
    return parts.length ? el("div", { class: "counters", text: parts.join(" — ") }) : null;
  }

  // --- the actions ------------------------------------------------------------------------
  drawActions() {
    const legal = this.state.legal;
    const groups = new Map();
    for (const item of legal) {
      const group = item.group;
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push(item);
    }
    // a decision inside a phase (awaiting "decision"): every choice is the decision's
    const decide = this.state.awaiting === "decision" ? legal : legal.filter((i) => i.group === "Decide");
    // dice rolled and kept for the decision (Galerius's +1 after the roll, a reroll, R12.1, R12.6)
    const kept = this.state.position.machine && this.state.position.machine.dice;
    const decideGroups = new Map();
    for (const item of decide) {
      if (!decideGroups.has(item.group)) decideGroups.set(item.group, []);
      decideGroups.get(item.group).push(item);
    }
    this.decision.replaceChildren(...(decide.length ? [
      el("h2", { text: `${t("Decision")}: ${this.state.seat_title}` }),
      kept ? el("p", { text: `${t("Dice rolled")}: ${kept.length === 2
        ? `${t("Roman die")} ${kept[0]}, ${t("Barbarian die")} ${kept[1]}` : kept.join(" ")}` }) : null,
      ...[...decideGroups.entries()].map(([group, items]) => el("div", { class: "choices" },
        decideGroups.size > 1 || group !== "Decide" ? el("h3", { text: t(GROUP_NAMES[group] || group) }) : null,
        el("div", { class: "buttons" }, ...items.map((item) => this.choice(item)))))].filter(Boolean) : []));
    if (decide.length && this.state.decision_context) {
      this.decision.insertBefore(el("p", { class: "decision-context", text: this.state.decision_context }),
                                 this.decision.children[1] || null);
    }
    this.actions.replaceChildren(...[...groups.entries()]
      .filter(([g]) => g !== "Decide" && this.state.awaiting !== "decision").map(([group, items], index) => {
        const heading = `${t(GROUP_NAMES[group] || group)} (${items.length})`;
        const list = el("div", { class: "list" }, ...items.map((item) => this.actionButton(item)));
        // the first group is never folded: its first action comes first in the Tab order (issue 23)
        if (index === 0) return el("div", { class: "group first-group" }, el("h3", { class: "group-title", text: heading }), list);
        return el("details", { class: "group", open: items.length <= 8 ? "" : null }, el("summary", { text: heading }), list);
      }));
    if (!legal.length && !this.state.over && this.state.awaiting !== "roll" && this.state.awaiting !== "run") {
      this.actions.append(el("p", { text: t("Nothing to decide now.") }));
    }
  }

  // a choice of a decision, with what it does (analysis.decisions, in the page's language)
  choice(item) {
    const button = this.actionButton(item);
    if (!item.effect) return button;
    const id = `effect-${item.i}`;
    button.setAttribute("aria-describedby", id);
    return el("div", { class: "choice" }, button, el("span", { class: "effect", id, text: item.effect }));
  }

  actionButton(item) {
    // every item carries its cost (the server's, core/costs.py); an IP gained (a negative cost)
    // or none is said by the label's own words
    const cost = item.cost > 0 ? ` · ${item.cost} ${t("IP")}` : "";
    return el("button", { type: "button", class: `action ${item.kind}`, title: item.notation,
                          "data-notation": item.notation, on: { click: () => this.choose(item) } },
              item.label + cost);
  }

  choose(item) {
    if (item.preview) this.preview(item);
    else this.send(item.notation);
  }

  // The attack before the dice: its cost and both sides' numbers (R5.5, R6).
  preview(item) {
    const v = item.preview;
    const side = (name, s) => el("p", {},
      el("b", { text: name + ": " }), `(${t("die")} + ${s.modifier + s.support}) × ${s.multiplier}` +
      ` — ${t("support")} ${s.support}${s.modifier ? `, ${t("modifier")} ${s.modifier}` : ""}`);
    showDialog(item.label,
      el("p", { text: `${t("Cost")}: ${item.cost} ${t("IP")}` }),
      side(t("Romans"), v.roman), side(item.kind === "attack" ? t("Barbarians") : t("Pirates"), v.barbarian),
      el("p", { text: `${t("Over the 36 rolls")}: ${t("win")} ${v.odds.win}, ${t("draw")} ${v.odds.draw}, ${t("lose")} ${v.odds.lose}` }),
      el("button", { type: "button", class: "confirm", id: "confirm-attack", text: t("Attack"),
                     on: { click: () => this.send(item.notation) } }));
  }

  clickZone(zone) {
    const items = this.state.legal.filter((i) => i.zone === zone);
    this.offer(items, this.board.zones[zone]);
  }

  clickProvince(index) {
    const legal = this.state.legal;
    const p = this.board.provinces[index];
    if (this.selected) {
      const { piece, origin } = this.selected;
      const reach = legal.filter((i) => i.piece === piece && i.origin === origin &&
                                        (i.to === index || i.target === index));
      if (reach.length) {
        this.selected = null;
        this.view.highlight();
        // by link or by fleet to the same place: the cheaper way, the link when they cost the
        // same (the list still offers both)
        const moves = reach.filter((i) => i.kind === "move")
          .sort((a, b) => a.cost - b.cost || Number(a.by_fleet) - Number(b.by_fleet));
        this.offer(moves.length === reach.length ? [moves[0]] : reach, p.label);
        return;
      }
    }
    const movers = legal.filter((i) => i.origin === index && (i.kind === "move" || i.kind === "attack"));
    const here = legal.filter((i) => i.places.includes(index) && !movers.includes(i) &&
                                     !(i.kind === "move" || i.kind === "attack"));
    if (movers.length) {
      const piece = movers[0].piece;
      this.selected = { piece, origin: index };
      const marks = {};
      for (const item of movers.filter((i) => i.piece === piece)) {
        const dest = item.kind === "attack" ? item.target : item.to;
        const text = `${item.cost} ${t("IP")}${item.kind === "attack" ? " ⚔" : ""}`;
        if (marks[dest] === undefined || parseInt(marks[dest]) > item.cost) marks[dest] = text;
      }
      this.view.highlight(marks, index);
      announce(`${p.label}: ${Object.keys(marks).length} ${t("places to go, highlighted with their cost")}`);
    } else {
      this.view.highlight({}, index);
    }
    this.here.replaceChildren(...(here.length ? [el("h3", { text: p.label }),
      ...here.map((item) => this.actionButton(item))] : []));
    if (!movers.length && here.length === 1 && (here[0].kind === "enter" || here[0].kind === "option")) {
      this.offer(here, p.label);
    } else if (here.length) {
      this.sheet.reveal(this.here);  // on a phone: the province's actions in view in the sheet
    }
  }

  // One action: play it (an attack: preview first); several: choose in a dialog.
  offer(items, title) {
    if (!items.length) return;
    if (items.length === 1) {
      this.choose(items[0]);
      return;
    }
    showDialog(title, el("div", { class: "list" }, ...items.map((item) => this.actionButton(item))));
  }
}

// The phase boundaries among the events: a Roman phase's end, a turn's start, the game's end.
function countPhases(events) {
  return events.filter((e) => ["PhaseEnded", "TurnBegins", "GameEnds"].includes(e.data.event)).length;
}

// The tab's icon, with a red badge when it is this browser's turn.
function setBadge(on) {
  const link = document.getElementById("icon");
  const wanted = on ? "/static/icon-turn.svg" : "/static/icon.svg";
  if (link && link.getAttribute("href") !== wanted) link.setAttribute("href", wanted);
  if (link) link.dataset.badge = on ? "on" : "off";
}

export const GROUP_NAMES = {
  placefleet: N_("Place a fleet"), enter: N_("Enter"), move: N_("Move"), sail: N_("Sail a fleet"),
  secure: N_("Secure"), subdue: N_("Subdue"), attack: N_("Attack"), endphase: N_("End"), option: N_("Other"),
  // the optional rules' groups (their actions' ``group``); a rule's own name (Imperivm, Via
  // Romana, Patres Patriae) is the same in every rulebook
  "Deploy Dux": N_("Deploy Dux"), "Place Vicarius": N_("Place Vicarius"), Pirates: N_("Pirates"),
  "Revolt (black disc)": N_("Revolt (black disc)"), "Army (black disc)": N_("Army (black disc)"),
};
// What a roll is for (the engine's Purpose), in words.
const PURPOSES = {
  initial_revolt: N_("initial revolt"), additional_revolt: N_("additional revolt"),
  initial_army: N_("initial army"), activity: N_("Barbarian activity"), uprising_region: N_("uprising: region"),
  uprising_province: N_("uprising: province"), broken_link: N_("broken link"), battle: N_("battle"),
  pirates: N_("the Pirates' zone"), usurper: N_("usurper"),
};
