// The battle player (the live table's and the replay page's): one battle's compact event list
// (common/pets/README.md) played beat by beat on a Pixi canvas — reveal, food, rocks with
// the die they rolled, clash, shield bubbles, Scorpion's knock-out, Garlic, faint, summons,
// heal — then the result banner, at 1×, 2× or 4×, or skipped to the end. The controls
// (speed, Skip) and the line under the canvas are DOM; that line is a live region, so a
// screen reader hears every beat. The canvas runs frames on a Pixi ticker only while a battle
// plays (client/games/stage.ts keeps it still otherwise); with prefers-reduced-motion the
// beats are shorter and nothing flies. Pieces: battleModel.ts (beats, lines, words),
// battleLayout.ts, battleView.ts (stage), battleCard.ts, battleFx.ts (motion), battleTextures.ts.
import { Ticker } from "pixi.js";
import type { BattleEvent, BattleRecord } from "../../../common/pets/index";
import { opponentLabel } from "../../../common/pets/arena";
import { h } from "../../ui/dom";
import type { Ending } from "./battleFx";
import { playBeat } from "./battleFx";
import { applyBeat, BEAT_LENGTH, beatLine, beatMarks, beatsOf, isTemporary, newLine, type Beat, type Line } from "./battleModel";
import { BattleView } from "./battleView";
import "./battle.css";

export interface BattleShow {
  round: number;
  names: [string, string];
  lineups: [string[], string[]];
  events: BattleEvent[];
  /** Result line, e.g. "Ann wins 1 trophy". */
  outcome: string;
  /**
   * An arena battle's title for side 1 ("Ann's round-3 team, 2 days ago"); on the canvas and
   * in the beat lines side 1 is the short `names[1]` ("Ann's team"), which fits a phone.
   */
  against?: string;
}

/** A battle as the player names it: seats as `name` reads them, the winner −1 a draw, −2 a ghost (or an arena opponent). */
export type BattleWire = Omit<BattleRecord, "winner"> & { winner: number };

/** A rules' battle record (winner null a draw, negative a ghost) as the player takes it. */
export const battleWire = (b: BattleRecord): BattleWire => ({ ...b, winner: b.winner === null ? -1 : b.winner < 0 ? -2 : b.winner });

/**
 * What the player shows of a battle; `name(seat)` says "You" for `me`; `now` (server ms)
 * dates an arena opponent's team ("Ann's round-3 team, 2 days ago").
 */
export function battleShow(b: BattleWire, name: (seat: number) => string, me: number | null, now = Date.now()): BattleShow {
  const side1 = b.opponent ? `${b.opponent.name}'s team` : b.ghost ? `${name(b.seats[1])}'s ghost` : name(b.seats[1]);
  const names: [string, string] = [name(b.seats[0]), side1];
  const loser = b.opponent ? `${b.opponent.name}'s team wins: no trophy.` : "The ghost wins: no trophy.";
  const outcome =
    b.winner === -1 ? "A draw: no trophy." : b.winner === -2 ? loser : `${name(b.winner)} ${b.winner === me ? "win" : "wins"} ${b.trophies} ${b.trophies > 1 ? "trophies" : "trophy"}.`;
  return { round: b.round, names, lineups: b.lineups, events: b.events, outcome, ...(b.opponent ? { against: opponentLabel(b.opponent, now) } : {}) };
}

/** One beat at 1× (ms); the banner stays this many steps more. */
const STEP_MS = 650;
const BANNER_STEPS = 2.2;
/** A frame gap longer than this (a background tab) does not fast-forward the battle. */
const MAX_FRAME_MS = 100;

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/** The banner's words, from the viewer's side ("You" in the names) or a spectator's. */
function endingOf(show: BattleShow, end: Beat | undefined): Ending {
  const w = end && end.k === "end" ? end.winner : null;
  const mine = show.names.indexOf("You");
  if (w === null) return { head: "Draw", sub: show.outcome, tone: "draw" };
  if (mine >= 0) return mine === w ? { head: "Victory!", sub: show.outcome, tone: "win" } : { head: "Defeat", sub: show.outcome, tone: "loss" };
  // A spectator's banner: who won, and what it earned.
  const n = /(\d+) troph/.exec(show.outcome)?.[1];
  return { head: `${show.names[w]} wins`, sub: n ? `+${n} troph${n === "1" ? "y" : "ies"}` : show.outcome, tone: "win" };
}

interface Playing {
  show: BattleShow;
  beats: Beat[];
  /** Index of the beat on screen; −1 before the first. */
  step: number;
  lines: [Line, Line];
  /** ms (at 1×) into the current beat, and its length. */
  at: number;
  length: number;
  ending: Ending;
  reduced: boolean;
}

/** What the browser tests read and steer (window.__petsBattle): hold on a kind of beat for a screenshot. */
export interface BattleTestHook {
  state(): { playing: boolean; title: string; step: string; index: number; beats: number; seen: string[]; held: boolean; line: string };
  holdAt(kind: string, fraction: number, match?: string): void;
  release(): void;
  /** Any speed (the buttons offer 1, 2, 4): long checks run faster. */
  setSpeed(n: number): void;
}

export class BattlePlayer {
  readonly el: HTMLElement;
  private stageHost = h("div", { class: "pets-battle-stage", id: "pets-arena" });
  private line = h("p", { class: "pets-battle-line", id: "pets-battle-line", "aria-live": "polite" });
  private title = h("h3", { class: "pets-battle-title" });
  private speedButtons: HTMLButtonElement[];
  private speed = 1;
  private queue: BattleShow[] = [];
  private current: Playing | null = null;
  private view: BattleView;
  private viewReady: Promise<boolean> | null = null;
  private ticker = new Ticker();
  private destroyed = false;
  private seen = new Set<string>();
  private hold: { kind: string; fraction: number; match: string } | null = null;
  private held = false;
  private hook: BattleTestHook;

  constructor(private onIdle: () => void) {
    this.speedButtons = [1, 2, 4].map((n) => {
      const b = h("button", { type: "button", class: "small pets-speed", "data-speed": n, "aria-pressed": n === 1 ? "true" : "false" }, `${n}×`);
      b.addEventListener("click", () => this.setSpeed(n));
      return b;
    });
    const skip = h("button", { type: "button", class: "small", id: "pets-skip" }, "Skip");
    skip.addEventListener("click", () => this.skip());
    this.el = h(
      "section",
      { class: "pets-battle", id: "pets-battle", hidden: true, "aria-label": "Battle" },
      h("div", { class: "pets-battle-bar" }, this.title, h("span", { class: "pets-speeds" }, ...this.speedButtons, skip)),
      this.stageHost,
      this.line,
    );
    this.view = new BattleView(this.stageHost);
    this.ticker.autoStart = false;
    this.ticker.add(() => this.tick(Math.min(this.ticker.deltaMS, MAX_FRAME_MS)));
    this.hook = {
      state: () => ({
        playing: this.playing,
        title: this.title.textContent ?? "",
        step: this.current && this.current.step >= 0 ? this.current.beats[this.current.step]?.k ?? "" : "",
        index: this.current?.step ?? -1,
        beats: this.current?.beats.length ?? 0,
        seen: [...this.seen].sort(),
        held: this.held,
        line: this.line.textContent ?? "",
      }),
      holdAt: (kind, fraction, match = "") => void (this.hold = { kind, fraction, match }),
      setSpeed: (n) => this.setSpeed(n),
      release: () => {
        this.hold = null;
        if (!this.held) return;
        this.held = false;
        if (this.current) this.ticker.start();
      },
    };
    (window as unknown as { __petsBattle?: BattleTestHook }).__petsBattle = this.hook;
  }

  get playing(): boolean {
    return this.current !== null || this.queue.length > 0;
  }

  /** The round of the battle on screen (null when none is). */
  get round(): number | null {
    return this.current?.show.round ?? null;
  }

  /** Queues battles; battles of earlier rounds still waiting are dropped (a viewer never lags a round behind). */
  play(shows: BattleShow[]): void {
    if (!shows.length) return;
    const round = Math.min(...shows.map((x) => x.round));
    this.queue = this.queue.filter((q) => q.round >= round);
    this.queue.push(...shows);
    if (!this.current) return this.next();
    // The one on screen is of an older round: gone at once, then the new ones.
    if (this.current.show.round < round) this.next();
  }

  setSpeed(n: number): void {
    this.speed = n;
    this.speedButtons.forEach((b) => b.setAttribute("aria-pressed", String(Number(b.dataset.speed) === n)));
  }

  /** Every queued battle to its end at once. */
  skip(): void {
    if (!this.current) return;
    this.queue = [];
    this.next();
  }

  destroy(): void {
    this.destroyed = true;
    this.ticker.stop();
    this.ticker.destroy();
    this.view.destroy();
    const w = window as unknown as { __petsBattle?: BattleTestHook };
    if (w.__petsBattle === this.hook) delete w.__petsBattle;
  }

  private next(): void {
    this.ticker.stop();
    this.held = false;
    if (this.view.ready) this.view.finishAll();
    const show = this.queue.shift();
    if (!show || this.destroyed) {
      this.current = null;
      this.onIdle();
      return;
    }
    const shownBefore = !this.el.hidden;
    this.el.hidden = false;
    if (!shownBefore) this.bringIntoView();
    const beats = beatsOf(show.events, [newLine(show.lineups[0]), newLine(show.lineups[1])]);
    const reduced = reducedMotion();
    const c: Playing = { show, beats, step: -1, lines: [newLine(show.lineups[0]), newLine(show.lineups[1])], at: 0, length: STEP_MS * (reduced ? 0.5 : 1), ending: endingOf(show, beats[beats.length - 1]), reduced };
    this.current = c;
    this.title.textContent = `Round ${show.round}: ${show.names[0]} vs ${show.against ?? show.names[1]}`;
    this.line.textContent = "The decks are revealed…";
    this.el.dataset.step = "";
    for (const l of show.lineups) for (const k of l) if (isTemporary(k)) this.seen.add("temporary");
    this.viewReady ??= this.view.init();
    void this.viewReady.then(() => {
      if (this.current !== c || this.destroyed) return;
      this.view.names = show.names;
      this.view.draw(c.lines);
      this.view.render();
      this.ticker.start();
    });
  }

  /**
   * A battle starting below the fold (a phone, eight seats' chips above it) is brought whole
   * onto the screen: its title, both sides and the line under it (battle.css caps its height).
   */
  private bringIntoView(): void {
    requestAnimationFrame(() => {
      if (this.el.hidden || !this.el.isConnected) return;
      const r = this.el.getBoundingClientRect();
      if (r.top >= 0 && r.bottom <= window.innerHeight) return;
      this.el.scrollIntoView({ block: r.height > window.innerHeight ? "start" : "nearest" });
    });
  }

  /** One frame: time moves on by `ms` × speed; the next beat starts when this one is over. */
  private tick(ms: number): void {
    const c = this.current;
    if (!c || this.held) return;
    let dt = ms * this.speed;
    // A test's hold stops exactly where it asked, whatever the speed.
    const beat = c.beats[c.step];
    const hold = this.hold;
    let stop = false;
    if (hold && beat && beat.k === hold.kind && JSON.stringify(beat).includes(hold.match) && c.at + dt >= c.length * hold.fraction) {
      dt = Math.max(0, c.length * hold.fraction - c.at);
      stop = true;
    }
    c.at += dt;
    if (this.view.ready) this.view.advance(dt);
    if (stop) {
      this.hold = null;
      this.held = true;
      this.ticker.stop();
    } else if (c.at >= c.length) {
      if (c.step + 1 >= c.beats.length) return this.next();
      this.startBeat(c, c.step + 1);
    }
    this.view.render();
  }

  private startBeat(c: Playing, i: number): void {
    const beat = c.beats[i];
    c.step = i;
    c.at = 0;
    const before: [Line, Line] = [structuredClone(c.lines[0]), structuredClone(c.lines[1])];
    applyBeat(beat, c.lines);
    const scale = c.reduced ? 0.5 : 1;
    const len = STEP_MS * scale * BEAT_LENGTH[beat.k];
    c.length = len + (beat.k === "end" ? STEP_MS * BANNER_STEPS : 0);
    this.line.textContent = beat.k === "end" ? `${beatLine(beat, c.show.names)} ${c.show.outcome}` : beatLine(beat, c.show.names);
    this.el.dataset.step = beat.k;
    for (const m of beatMarks(beat)) this.seen.add(m);
    if (!this.view.ready) return;
    this.view.finishAll();
    this.view.draw(c.lines);
    playBeat(this.view, beat, before, len, c.reduced, c.ending);
  }
}
