// Hearts' Pixi canvas (the live game and the replay share it): the felt, the three other seats
// with their card backs, counts and points, the trick in the middle (the last one, dimmed, until
// the next card), the passing direction, hearts broken, and the viewer's hand as a fan whose
// playable cards stand out. No render loop: a change asks for one frame (../stage.ts). Each
// hand card's box is kept for taps, the keyboard cursor and the tests.
import { Application, Container, Graphics, Sprite, Text } from "pixi.js";
import { cardName, type HeartsView, type PassDirection } from "../../../common/hearts/index";
import { FrameRequests, initStillStage } from "../stage.js";
import { CardArt, FONT } from "./cardArt";
import { labelSize, layoutTable, sideOf, type Rect, type Side, type TableLayout } from "./layout";

/** What the canvas shows: the view and who is who. */
export interface HeartsPicture {
  view: HeartsView;
  /** The game seat drawn at the bottom (the viewer, or seat 0 for a spectator and the replay). */
  bottom: number;
  /** Each game seat's name. */
  names: string[];
  /** Game seats the room waits for. */
  acting: number[];
  /** Cards chosen in the hand (to pass, or the one about to be played). */
  selected: ReadonlySet<number>;
  /** The keyboard cursor's hand index (null: not shown). */
  cursor: number | null;
  /** The bottom hand face up (the viewer's own, or a replay's). */
  hand: number[];
}

const FELT = 0x1d5b3c;
const GOLD = 0xffc43d;
const ARROWS: Record<PassDirection, string> = { left: "←", right: "→", across: "↑", hold: "" };

export class HeartsTable {
  readonly app = new Application();
  private art!: CardArt;
  private readonly frames = new FrameRequests(() => this.app.render());
  private readonly layer = new Container();
  private ready = false;
  private destroyed = false;
  private last: HeartsPicture | null = null;
  private resizeObserver: ResizeObserver | null = null;
  layout: TableLayout | null = null;
  /** The hand cards as drawn (canvas px). */
  spots: { card: number; rect: Rect }[] = [];

  constructor(private readonly onCard: (card: number) => void = () => {}) {}

  async init(host: HTMLElement, label: string): Promise<boolean> {
    await initStillStage(this.app, host, { antialias: true, canvas: { className: "hearts-canvas", label } });
    if (this.destroyed) {
      this.app.destroy(true, { children: true });
      return false;
    }
    this.art = new CardArt(this.app.renderer);
    this.app.stage.addChild(this.layer);
    // Taps are hit-tested on the stage against the drawn boxes: a redraw between a press and its
    // release (a focus, a patch) replaces the sprites but loses no tap.
    this.app.stage.eventMode = "static";
    this.app.stage.hitArea = this.app.screen;
    this.app.stage.on("pointertap", (e) => {
      const card = this.cardAt(e.global.x, e.global.y);
      if (card !== null) this.onCard(card);
    });
    this.ready = true;
    this.resizeObserver = new ResizeObserver(() => {
      this.app.resize();
      if (this.last) this.draw(this.last);
    });
    this.resizeObserver.observe(host);
    return true;
  }

  get canvas(): HTMLCanvasElement | null {
    return this.ready ? this.app.canvas : null;
  }

  /** The hand card drawn on top at a canvas point (null: none). */
  cardAt(x: number, y: number): number | null {
    for (let i = this.spots.length - 1; i >= 0; i--) {
      const r = this.spots[i].rect;
      if (x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h) return this.spots[i].card;
    }
    return null;
  }

  /** Viewport coordinates of a hand card's centre (tests tap there). */
  cardCenter(card: number): { x: number; y: number } | null {
    const spot = this.spots.find((s) => s.card === card);
    const canvas = this.canvas;
    if (!spot || !canvas) return null;
    const box = canvas.getBoundingClientRect();
    // the visible strip of an overlapped card: its left part, or all of the last one
    const i = this.spots.indexOf(spot);
    const next = this.spots[i + 1];
    const right = next ? Math.min(next.rect.x, spot.rect.x + spot.rect.w) : spot.rect.x + spot.rect.w;
    return { x: box.left + (spot.rect.x + right) / 2, y: box.top + spot.rect.y + spot.rect.h * 0.55 };
  }

  draw(p: HeartsPicture): void {
    this.last = p;
    if (!this.ready) return;
    const W = this.app.screen.width;
    const H = this.app.screen.height;
    if (W < 10 || H < 10) return;
    const L = layoutTable(W, H, p.hand.length || p.view.counts[p.bottom] || 0);
    this.layout = L;
    this.art.resize(L.card.w, L.card.h);
    for (const c of this.layer.removeChildren()) c.destroy({ children: true });
    this.layer.addChild(new Graphics().roundRect(0, 0, W, H, 14).fill(FELT));
    for (let seat = 0; seat < 4; seat++) this.drawSeat(p, L, seat);
    this.drawTrick(p, L);
    this.drawCentre(p, L);
    this.drawHand(p, L);
    this.frames.request();
  }

  private text(t: string, size: number, colour = 0xffffff, bold = false): Text {
    return new Text({ text: t, style: { fontFamily: FONT, fontSize: size, fill: colour, fontWeight: bold ? "bold" : "normal" } });
  }

  /** A seat's name, its points, and (for the others) its backs and count. */
  private drawSeat(p: HeartsPicture, L: TableLayout, seat: number): void {
    const v = p.view;
    const side = sideOf(seat, p.bottom);
    const at = L.seats[side];
    const turn = p.acting.includes(seat) && v.phase !== "over";
    const c = new Container();
    const count = v.counts[seat] ?? 0;
    const shown = side === "bottom" ? 0 : Math.min(count, 5);
    const gap = Math.round(L.back.w * 0.28);
    const fanW = shown ? L.back.w + gap * (shown - 1) : 0;
    for (let i = 0; i < shown; i++) {
      const s = new Sprite(this.art.backTexture());
      s.width = L.back.w;
      s.height = L.back.h;
      s.position.set(i * gap, 0);
      c.addChild(s);
    }
    const name = p.names[seat] || `Seat ${seat + 1}`;
    const taken = v.taken[seat] ?? 0;
    const small = labelSize(L.card.w);
    const label = this.text(name.length > 14 ? `${name.slice(0, 13)}…` : name, small + 1, turn ? GOLD : 0xffffff, true);
    const passedMark = v.phase === "passing" && v.pass !== "hold" && v.passed[seat] ? " · passed ✓" : "";
    const points = this.text(`${v.scores[seat] ?? 0} pts${taken ? ` (+${taken} this hand)` : ""}`, small, 0xd7efe0);
    const cards = side === "bottom" ? null : this.text(`${count} card${count === 1 ? "" : "s"}${passedMark}`, small, 0xd7efe0);
    // The three other seats share a phone's top band: each one's words keep to a third of it.
    const maxW = side === "bottom" ? Infinity : (this.app.screen.width - 16) / 3 - 10;
    for (const t of [label, points, cards]) if (t && t.width > maxW) t.scale.set(maxW / t.width);
    const textY = shown ? L.back.h + 3 : 0;
    label.position.set(0, textY);
    points.position.set(0, textY + small + 4);
    cards?.position.set(0, textY + small * 2 + 7);
    c.addChild(label, points);
    if (cards) c.addChild(cards);
    const detail = { width: Math.max(points.width, cards?.width ?? 0) };
    const lines = cards ? 3 : 2;
    const boxW = Math.max(fanW, label.width, detail.width);
    if (turn) {
      const ring = new Graphics().roundRect(-5, -5, boxW + 10, textY + small * lines + 6 + lines * 4, 8).stroke({ color: GOLD, width: 3 });
      c.addChildAt(ring, 0);
    }
    const x = at.anchor === "left" ? at.x + 4 : at.anchor === "right" ? at.x - boxW - 4 : at.x - boxW / 2;
    let y = at.y + (at.anchor === "centre" && side === "top" ? 4 : 0);
    if (side === "bottom") y = L.hand.length ? L.hand[0].y - L.lift - small * 2 - 14 : at.y;
    if (side === "bottom" && !p.hand.length) y = this.app.screen.height - L.back.h - small * 2 - 24;
    c.position.set(Math.round(x), Math.round(y));
    this.layer.addChild(c);
  }

  /** The trick being played, or the last one (dimmed) with who took it. */
  private drawTrick(p: HeartsPicture, L: TableLayout): void {
    const v = p.view;
    const plays = v.trick.length ? v.trick : v.lastTrick ? v.lastTrick.plays : [];
    const dim = !v.trick.length;
    for (const play of plays) {
      const r = L.trick[sideOf(play.seat, p.bottom)];
      const s = new Sprite(this.art.face(play.card));
      s.width = r.w;
      s.height = r.h;
      s.position.set(r.x, r.y);
      s.alpha = dim ? 0.55 : 1;
      this.layer.addChild(s);
    }
    if (dim && plays.length && v.lastTrick) {
      const who = v.lastTrick.winner === p.bottom && p.hand.length ? "You" : p.names[v.lastTrick.winner] || `Seat ${v.lastTrick.winner + 1}`;
      const t = this.text(`${who} took the last trick`, Math.max(12, Math.round(L.card.w * 0.18)), 0xffffff, true);
      t.anchor.set(0.5);
      t.position.set(L.centre.x, L.trick.bottom.y + L.card.h + 12);
      this.layer.addChild(t);
    }
  }

  /** Passing direction, hearts broken, and the hand number. */
  private drawCentre(p: HeartsPicture, L: TableLayout): void {
    const v = p.view;
    const size = Math.max(13, Math.round(L.card.w * 0.2));
    if (v.phase === "passing") {
      const words = v.pass === "hold" ? "No passing this hand" : `${p.hand.length ? "Pass" : "Passing"} 3 cards\n${v.pass === "across" ? "across" : `to the ${v.pass}`} ${ARROWS[v.pass]}`;
      const t = this.text(words, size + 2, GOLD, true);
      t.style.align = "center";
      t.anchor.set(0.5);
      t.position.set(L.centre.x, L.centre.y);
      this.layer.addChild(t);
    }
    const badge = this.text(v.heartsBroken ? "♥ Hearts broken" : "♡ Hearts not broken", size - 1, v.heartsBroken ? 0xff8a9a : 0xcfe3d6, v.heartsBroken);
    const hand = this.text(`Hand ${v.hand + 1} · to ${v.target}`, size - 2, 0xcfe3d6);
    // bottom left, above the raised hand: clear of every seat
    const y0 = (L.hand[0]?.y ?? this.app.screen.height - L.card.h - 8) - L.lift - size * 2 - 14;
    badge.position.set(10, y0);
    hand.position.set(10, y0 + size + 4);
    this.layer.addChild(badge, hand);
  }

  /** The bottom hand: face up, playable cards bright, the chosen ones raised, the cursor ringed. */
  private drawHand(p: HeartsPicture, L: TableLayout): void {
    const v = p.view;
    const legal = new Set(v.legal);
    const playing = v.phase === "playing" && v.legal.length > 0;
    this.spots = [];
    p.hand.forEach((card, i) => {
      const base = L.hand[i];
      if (!base) return;
      const up = p.selected.has(card);
      const r = { ...base, y: base.y - (up ? L.lift : 0) };
      const s = new Sprite(this.art.face(card));
      s.width = r.w;
      s.height = r.h;
      s.position.set(r.x, r.y);
      if (playing && !legal.has(card)) s.tint = 0xa0a0a0;
      s.label = cardName(card);
      this.layer.addChild(s);
      if (up) this.layer.addChild(new Graphics().roundRect(r.x, r.y, r.w, r.h, Math.max(4, r.w * 0.08)).stroke({ color: GOLD, width: 3 }));
      if (p.cursor === i) this.layer.addChild(new Graphics().roundRect(r.x - 3, r.y - 3, r.w + 6, r.h + 6, 8).stroke({ color: 0x4fc3ff, width: 3 }));
      this.spots.push({ card, rect: r });
    });
    // a spectator (or a hand not shown) sees the bottom seat's backs
    if (!p.hand.length && (v.counts[p.bottom] ?? 0) > 0) {
      const n = v.counts[p.bottom];
      const gap = Math.min(L.back.w * 0.5, 18);
      const x0 = L.centre.x - (L.back.w + gap * (n - 1)) / 2;
      for (let i = 0; i < n; i++) {
        const s = new Sprite(this.art.backTexture());
        s.width = L.back.w;
        s.height = L.back.h;
        s.position.set(x0 + i * gap, this.app.screen.height - L.back.h - 10);
        this.layer.addChild(s);
      }
    }
  }

  renderNow(): void {
    this.frames.frozen = false;
    if (this.ready) this.app.render();
    this.frames.frozen = true;
  }

  resume(): void {
    this.frames.frozen = false;
    this.frames.request();
  }

  destroy(): void {
    this.destroyed = true;
    this.frames.stop();
    this.resizeObserver?.disconnect();
    if (this.ready) {
      this.art.clear();
      this.app.destroy(true, { children: true });
    }
  }
}
