// The page's sounds (issue 23, item 5): off by default, switched on and off by the Sounds button,
// the choice remembered in localStorage ("tetrarchia.sounds").  Small WAV files shipped with the
// package (static/sounds/, made by tools/sounds.py): the dice rolling, a province falling to
// unrest or revolt, an army advancing, a battle won or lost, and a chime when this page's seat
// starts deciding.  Sound is separate from motion: prefers-reduced-motion stills the scene
// (scene.js), not this.  The last sound played is written on <html data-sound> (tests read it).
import { el, t } from "./main.js";

const KEY = "tetrarchia.sounds";
export const SOUND_NAMES = ["dice", "revolt", "advance", "battle-won", "battle-lost", "your-turn"];
const AFTER = 450;  // ms: the chime waits for the sound of what made the turn come (< half a second)
const REVOLTS = ["UnrestPlaced", "UnrestRevolts", "UnrestSpreads", "UprisingStarts", "UprisingSpreads"];

// The one sound for a batch of events, the weightiest first: a battle, an advance, a revolt.
export function soundOf(events) {
  const data = events.map((e) => e.data);
  const battle = data.find((d) => d.event === "Battle" || d.event === "PirateBattle");
  if (battle && battle.outcome) return battle.outcome === 1 ? "battle-won" : "battle-lost";
  if (data.some((d) => d.event === "ArmyAdvances")) return "advance";
  if (data.some((d) => REVOLTS.includes(d.event))) return "revolt";
  return null;
}

export class Sounds {
  constructor() {
    this.on = localStorage.getItem(KEY) === "on";
    this.deciding = null;  // unknown until the first position: opening a page chimes nothing
    this.cache = {};
    this.button = el("button", { type: "button", id: "sounds", class: "sounds-toggle", "aria-pressed": String(this.on),
                                 text: t("Sounds"), title: t("Sounds: the dice, revolts, armies, battles and your turn"),
                                 on: { click: () => this.toggle() } });
  }

  toggle() {
    this.on = !this.on;
    localStorage.setItem(KEY, this.on ? "on" : "off");
    this.button.setAttribute("aria-pressed", String(this.on));
  }

  play(name) {
    if (!this.on || !name) return;
    const audio = this.cache[name] || (this.cache[name] = new Audio(`/static/sounds/${name}.wav`));
    audio.currentTime = 0;
    document.documentElement.dataset.sound = name;
    const playing = audio.play();
    if (playing) playing.catch(() => {});  // a browser that blocks sound before a click: silence
  }

  // What the server's events made happen (one sound for the batch).
  happened(events) {
    if (events && events.length) this.play(soundOf(events));
  }

  // Called with each new position: whether this page's seat decides now; the chime when it
  // starts to.
  turn(deciding) {
    if (deciding && this.deciding === false) setTimeout(() => this.play("your-turn"), AFTER);
    this.deciding = deciding;
  }
}
