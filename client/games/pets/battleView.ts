// The battle canvas: a still Pixi stage (client/games/stage.ts) with the two lines — names,
// the cards to come, the front pets, badges for set-aside rocks, auras and team shields —
// and an effects layer on top for a beat's motion (battleFx.ts) and the result banner.
// It draws only when told: the player's ticker runs while a battle plays (it calls
// `advance` each frame), and nothing runs between battles.
import { Application, Container, Graphics, Sprite, type BitmapText } from "pixi.js";
import { KeyedLayer } from "../keyedLayer";
import { initStillStage } from "../stage.js";
import { BattleCard, installBattleFont, label, uninstallBattleFont } from "./battleCard";
import { layout, type Box, type Layout } from "./battleLayout";
import type { Line, Side } from "./battleModel";
import { BattleTextures } from "./battleTextures";

export interface Tween {
  /** ms after the beat starts (already scaled by speed). */
  delay: number;
  dur: number;
  update(t: number): void;
  done?(): void;
}

interface Running extends Tween {
  at: number;
  finished: boolean;
}

export class BattleView {
  readonly app = new Application();
  tx!: BattleTextures;
  lay!: Layout;
  names: [string, string] = ["", ""];
  ready = false;
  private destroyed = false;
  private base = new Container();
  /** The lines' cards and words, kept by side and place: a beat's redraw updates them in place. */
  private pool = new KeyedLayer(this.base);
  readonly fx = new Container();
  private front: [BattleCard | null, BattleCard | null] = [null, null];
  private queues: [BattleCard[], BattleCard[]] = [[], []];
  private tweens: Running[] = [];
  private lines: [Line, Line] | null = null;
  private ro: ResizeObserver | null = null;

  constructor(private readonly host: HTMLElement) {}

  /** Builds the stage; false when the player went away meanwhile (or there is no WebGL). */
  async init(): Promise<boolean> {
    try {
      await initStillStage(this.app, this.host, { antialias: true });
    } catch {
      return false;
    }
    if (this.destroyed) return false;
    const canvas = this.app.canvas;
    canvas.classList.add("pets-battle-canvas");
    canvas.setAttribute("aria-hidden", "true"); // the line under it says every step in words
    this.host.append(canvas);
    installBattleFont();
    this.tx = new BattleTextures();
    this.app.stage.addChild(this.base, this.fx);
    this.lay = layout(this.app.screen.width, this.app.screen.height);
    this.ro = new ResizeObserver(() => this.resize());
    this.ro.observe(this.host);
    this.ready = true;
    return true;
  }

  private resize(): void {
    if (!this.ready || this.destroyed) return;
    this.app.resize();
    const { width, height } = this.app.screen;
    if (width === this.lay.width && height === this.lay.height) return;
    this.lay = layout(width, height);
    if (this.lines) this.draw(this.lines);
    this.render();
  }

  render(): void {
    if (this.ready && !this.destroyed) this.app.render();
  }

  /** The lines as they stand (the start of a beat, or the end of a battle). */
  draw(lines: [Line, Line]): void {
    if (!this.ready) return;
    // Effects hold on to the cards they move: they end before those cards go (a resize mid-beat).
    this.finishAll();
    this.lines = lines;
    const L = this.lay;
    this.pool.begin();
    this.front = [null, null];
    this.queues = [[], []];
    for (const s of [0, 1] as const) {
      const line = lines[s];
      const name = this.keptLabel(`name:${s}`, this.names[s], 17, 0xe8eefc);
      name.anchor.set(L.name[s].anchor, 0);
      name.position.set(L.name[s].x, L.name[s].y);
      const f = L.front[s];
      const slot = this.pool.shape(`slot:${s}`, [f.w, f.h].join(), (g) => g.roundRect(-f.w / 2, -f.h / 2, f.w, f.h, 12).stroke({ width: 2, color: 0x8a96b0, alpha: 0.5 }));
      slot.position.set(f.x, f.y);
      for (let i = 0; i < line.queue.length; i++) {
        const box = L.queue(s, i);
        if (!box) break;
        const c = this.card(`queue:${s}:${i}`, true);
        c.showCard(line.queue[i]);
        this.place(c, box, L.queueScale);
        this.queues[s].push(c);
      }
      const more = line.queue.length - L.fits;
      if (more > 0) {
        const t = this.keptLabel(`more:${s}`, `+${more}`, 16, 0xe8eefc);
        t.anchor.set(0.5);
        t.position.set(L.more[s].x, L.more[s].y);
      }
      if (line.pet) {
        const c = this.card(`front:${s}`, false);
        c.showFighter(line.pet);
        this.place(c, L.front[s], L.frontScale);
        this.front[s] = c;
      }
      const badges = [line.volleys ? `${line.volleys} rock${line.volleys > 1 ? "s" : ""} set aside` : "", line.aura ? `aura +${line.aura}` : "", line.teamShield ? "next pet shielded" : ""].filter(Boolean);
      badges.forEach((text, i) => {
        const b = this.keptLabel(`badge:${s}:${i}`, text, 12, 0xffd23f);
        b.anchor.set(L.wide ? (s === 0 ? 1 : 0) : 0, 0);
        b.position.set(L.badges[s].x, L.badges[s].y + i * 16);
      });
    }
    this.pool.end();
  }

  /** A kept line label (an atlas text: made once, its string set when it changes). */
  private keptLabel(key: string, text: string, size: number, fill: number): BitmapText {
    const t = this.pool.keep(`${key}:${size}:${fill}`, () => label(text, size, fill));
    if (t.text !== text) t.text = text;
    return t;
  }

  /** A kept card of the lines, back to rest (an effect may have faded, tinted or moved it). */
  private card(key: string, compact: boolean): BattleCard {
    const c = this.pool.keep(key, () => new BattleCard(this.tx, compact));
    c.alpha = 1;
    c.tintLife(0xffffff);
    return c;
  }

  place(c: Container, box: Box, scale: number): void {
    c.position.set(box.x, box.y);
    c.scale.set(scale);
  }

  frontCard(s: Side): BattleCard | null {
    return this.front[s];
  }

  queueCard(s: Side, i: number): BattleCard | null {
    return this.queues[s][i] ?? null;
  }

  /** A card of its own on the effects layer (one that leaves: a fainted pet, a milled card). */
  ghost(key: string, box: Box, scale: number, compact: boolean): BattleCard {
    const c = new BattleCard(this.tx, compact);
    c.showCard(key);
    this.place(c, box, scale);
    this.fx.addChild(c);
    return c;
  }

  /**
   * A floating word over a point (Blocked!, Garlic −1, KO!), on a dark pill so it reads over
   * any card, kept whole on the canvas; `onCanvas` false: a word inside a panel, at the
   * panel's coordinates (the result banner).
   */
  word(text: string, x: number, y: number, colour: number, size = 20, pill = true, onCanvas = true): Container {
    const c = new Container();
    const t: BitmapText = label(text, size, colour);
    t.anchor.set(0.5);
    if (pill) {
      const w = t.width + size * 0.8, h = size * 1.35;
      c.addChild(new Graphics().roundRect(-w / 2, -h / 2, w, h, h / 2).fill({ color: 0x101624, alpha: 0.78 }));
    }
    c.addChild(t);
    // Kept whole on the canvas: a word over an edge card ("Summoned") would be cut off.
    const hw = c.width / 2 + 4, hh = c.height / 2 + 4;
    if (onCanvas) c.position.set(Math.min(Math.max(x, hw), this.lay.width - hw), Math.min(Math.max(y, hh), this.lay.height - hh));
    else c.position.set(x, y);
    this.fx.addChild(c);
    return c;
  }

  /** A damage count on a red disc (the markers a hit adds). */
  damage(n: number, x: number, y: number): Container {
    const c = new Container();
    const disc = new Sprite(this.tx.marker());
    disc.anchor.set(0.5);
    disc.scale.set(3.4);
    const t = label(`−${n}`, 20, 0xffffff);
    t.anchor.set(0.5);
    c.addChild(disc, t);
    c.position.set(x, y);
    this.fx.addChild(c);
    return c;
  }

  /** A rounded panel centred on its position, on the effects layer (the result banner). */
  panel(w: number, h: number, colour: number): Container {
    const c = new Container();
    c.addChild(new Graphics().roundRect(-w / 2, -h / 2, w, h, 16).fill({ color: colour, alpha: 0.95 }).stroke({ width: 3, color: 0xffffff, alpha: 0.8 }));
    this.fx.addChild(c);
    return c;
  }

  add(t: Tween): void {
    this.tweens.push({ ...t, at: 0, finished: false });
  }

  /** Moves every tween on by `ms`; true while some still run. */
  advance(ms: number): boolean {
    for (const t of this.tweens) {
      t.at += ms;
      if (t.finished || t.at < t.delay) continue;
      const p = t.dur <= 0 ? 1 : Math.min(1, (t.at - t.delay) / t.dur);
      t.update(p);
      if (p >= 1) {
        t.finished = true;
        t.done?.();
      }
    }
    this.tweens = this.tweens.filter((t) => !t.finished);
    return this.tweens.length > 0;
  }

  /** Every tween to its end, and the effects layer cleared. */
  finishAll(): void {
    const left = this.tweens;
    this.tweens = [];
    for (const t of left) {
      t.update(1);
      t.done?.();
    }
    for (const c of this.fx.removeChildren()) c.destroy({ children: true });
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.ro?.disconnect();
    this.tweens = [];
    if (this.ready) {
      this.tx.destroy();
      uninstallBattleFont();
    }
    try {
      this.app.destroy({ removeView: true }, { children: true });
    } catch {
      /* init may not have finished */
    }
  }
}
