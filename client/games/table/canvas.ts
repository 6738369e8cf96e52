// The table's Pixi canvas (the live table and the replay share it): the shown battlefields with
// their cards at their positions (tapped cards turned, face-down backs, attachments tucked
// behind their host with their name strip showing), each player's piles with counts and the
// top card where it is public, the viewer's hand fan, the arrows, and while a card is dragged
// its picture under the finger and the drop target lit. No render loop: a change asks for one
// frame (client/games/stage.ts). What is where is kept as screen rectangles for hit tests,
// the keyboard proxies and the tests.
import { Application, Container, Graphics, Sprite, type TextStyleOptions } from "pixi.js";
import type { Arrow, Signal } from "../../../common/table/types";
import type { CardView, ZoneView } from "../../../common/table/visibility";
import { KeyedLayer } from "../keyedLayer";
import { FrameRequests, initStillStage } from "../stage.js";
import { CardArt, cardWords } from "./art";
import { pictureOf } from "./faces";
import { attachmentsOf } from "./field";
import { attachStep, centreOf, fanOf, inside, type BoardBox, type PileZone, type Rect, type TableLayout } from "./layout";

/** A card drawn on the canvas: where (axis-aligned box, canvas px) and what. */
export interface CardSpot {
  card: CardView;
  /** "battlefield", "hand" or a pile's zone. */
  zone: string;
  seat: number;
  rect: Rect;
  centre: { x: number; y: number };
  /** The size its name is drawn at, CSS px (null: a back, or a large picture's own name). */
  nameSize?: number | null;
  /** Drawn with the card's picture (else its drawn frame). */
  picture: boolean;
}

export type Hit =
  | { kind: "card"; spot: CardSpot }
  | { kind: "field"; seat: number; rect: Rect; card: { w: number; h: number } }
  | { kind: "pile"; seat: number; zone: PileZone; rect: Rect }
  | { kind: "hand"; rect: Rect }
  /** A signal on an empty spot of a field (one over a card answers through the card's menu). */
  | { kind: "signal"; signal: Signal; seat: number; rect: Rect; card: { w: number; h: number } }
  | null;

/** A signal drawn on the canvas: its dot's centre and radius (canvas px). */
export interface SignalSpot {
  signal: Signal;
  seat: number;
  x: number;
  y: number;
  r: number;
}

/** How far from a signal's dot a press still means it (a finger's width, 22 px each way). */
const SIGNAL_REACH = 22;

/** What the canvas draws: the view cut for this viewer, already laid out. */
export interface TablePicture {
  layout: TableLayout;
  zone(key: string): ZoneView;
  /** The viewer's hand (empty for a spectator). */
  hand: CardView[];
  arrows: readonly Arrow[];
  /** Signals on the boards (small coloured markers anyone places). */
  signals?: readonly Signal[];
  topRevealed(g: number): boolean;
  /** A card's name where this viewer sees it (a host on another battlefield), else null. */
  cardName(id: number): string | null;
  /** The names of the players' headers, for the arrows that point at a player. */
  active: number;
}

const FONT = '"DejaVu Sans", "Liberation Sans", Arial, sans-serif';
const FIELD = 0x2e5a3a;
const LIGHT = 0xffd45c;
const PILE_STYLE: TextStyleOptions = { fontFamily: FONT, fontSize: 11, fill: 0xffffff, align: "right", fontWeight: "bold", stroke: { color: 0x000000, width: 3 } };
const TAG_STYLE: TextStyleOptions = { fontFamily: FONT, fontSize: 10, fill: 0xffffff };
/** A Graphics' signature: what its shape depends on. */
const sig = (...parts: unknown[]) => JSON.stringify(parts);
const SIGNAL_COLOURS: Record<string, number> = { red: 0xdd3333, blue: 0x3a7bd5, green: 0x2fa84f, yellow: 0xf2c744, white: 0xf5f5f5, black: 0x222222 };

export class TableCanvas {
  readonly app = new Application();
  art!: CardArt;
  spots: CardSpot[] = [];
  layout: TableLayout | null = null;
  private readonly frames = new FrameRequests(() => this.app.render());
  private readonly under = new Container();
  private readonly cards = new Container();
  private readonly over = new Container();
  /** What a draw shows, kept by what it is (a card by its zone and id, a pile by seat and zone). */
  private readonly underPool = new KeyedLayer(this.under);
  private readonly cardsPool = new KeyedLayer(this.cards);
  private readonly lit = new Graphics();
  private ghost: Sprite | null = null;
  private sprites = new Map<string, Sprite>();
  private destroyed = false;
  private ready = false;
  /** The card ids drawn on the canvas with their names (what a viewer could read there). */
  names: string[] = [];
  /** Arrows drawn (both ends shown). */
  arrowsDrawn = 0;

  /** Draws the stage into `host`; false when the scene went away meanwhile. */
  async init(host: HTMLElement, label: string): Promise<boolean> {
    await initStillStage(this.app, host, { antialias: true, canvas: { className: "tt-canvas", label } });
    if (this.destroyed) {
      this.app.destroy(true, { children: true });
      return false;
    }
    this.art = new CardArt(this.app.renderer, () => this.pictureArrived());
    this.app.stage.addChild(this.under, this.cards, this.over);
    this.over.addChild(this.lit);
    this.ready = true;
    return true;
  }

  /** Display objects made so far and kept now (a redraw reuses them: tests count). */
  get objects(): { made: number; kept: number } {
    return { made: this.underPool.made + this.cardsPool.made, kept: this.underPool.size + this.cardsPool.size };
  }

  get width(): number {
    return this.ready ? this.app.screen.width : 0;
  }
  get height(): number {
    return this.ready ? this.app.screen.height : 0;
  }

  request(): void {
    if (this.ready) this.frames.request();
  }

  /** Now, and no more frames until `thaw` (stable screenshots). */
  freeze(): void {
    if (!this.ready) return;
    this.frames.frozen = true;
    this.app.render();
  }
  thaw(): void {
    this.frames.frozen = false;
  }

  private last: TablePicture | null = null;
  private pictureTimer: ReturnType<typeof setTimeout> | null = null;

  /** A card picture loaded: the table is drawn again (after a drag, never during one). */
  private pictureArrived(): void {
    if (this.pictureTimer || this.destroyed) return;
    this.pictureTimer = setTimeout(() => {
      this.pictureTimer = null;
      if (this.ghost) return this.pictureArrived();
      if (this.last && this.ready) this.draw(this.last);
    }, 40);
  }

  draw(p: TablePicture): void {
    if (!this.ready) return;
    this.last = p;
    this.endDrag();
    this.underPool.begin();
    this.cardsPool.begin();
    this.art.trim();
    this.sprites.clear();
    this.spots = [];
    this.names = [];
    this.layout = p.layout;
    for (const b of p.layout.boards) this.drawBoard(b, p);
    if (p.layout.hand) this.drawHand(p.layout.hand, p.layout.handCard, p.hand);
    this.drawArrows(p.arrows);
    this.underPool.end();
    this.cardsPool.end();
    this.request();
  }

  private drawBoard(b: BoardBox, p: TablePicture): void {
    const active = b.seat === p.active;
    this.underPool.shape(`board:${b.seat}`, sig(b.header, b.field, active), (g) =>
      g
        .roundRect(b.header.x, b.header.y, b.header.w, b.header.h + b.field.h, 8)
        .stroke({ color: active ? LIGHT : 0x888888, width: active ? 2 : 1, alpha: active ? 0.8 : 0.35 })
        .roundRect(b.field.x, b.field.y, b.field.w, b.field.h, 6)
        .fill({ color: FIELD, alpha: 0.35 }),
    );
    const cards = p.zone(`${b.seat}.battlefield`).cards ?? [];
    const attached = attachmentsOf(cards);
    const tucked = new Set<number>();
    for (const list of attached.values()) for (const c of list) tucked.add(c.id);
    const step = attachStep(b.card.h);
    const order = [...cards].filter((c) => !tucked.has(c.id)).sort((a, z) => a.z - z.z);
    for (const host of order) {
      const under = attached.get(host.id) ?? [];
      const pos = host.pos ?? { x: 0, y: 0 };
      const drop = under.length * step;
      const at = centreOf(b.field, b.card, pos, drop);
      // Attachments behind, each a step higher, the host last and lowest: every name strip shows.
      under.forEach((c, k) => this.putCard(c, "battlefield", b.seat, { x: at.x, y: at.y - drop + k * step }, b.card, 0));
      this.putCard(host, "battlefield", b.seat, at, b.card, 0);
      // Its host is on another battlefield: say which, on the card's top edge.
      if (host.attachedTo !== undefined) this.tag(`tag:${host.id}`, `on ${p.cardName(host.attachedTo) ?? "a card"}`, at.x, at.y - (host.tapped ? b.card.w : b.card.h) / 2, b.card.h);
    }
    for (const { zone, rect } of b.piles) this.drawPile(b.seat, zone, rect, p);
    this.drawSignals(b, p.signals ?? []);
  }

  signalsDrawn = 0;
  /** Where each drawn signal is (hit tests, the tests). */
  signalSpots: SignalSpot[] = [];

  /**
   * Signals: a coloured dot with a light ring where it was placed, over the cards. A signal's
   * position maps as a card's centre does, so one placed on a card sits on it on every screen.
   */
  private drawSignals(b: BoardBox, signals: readonly Signal[]): void {
    const mine = signals.filter((s) => s.board === b.seat);
    if (b === this.layout?.boards[0]) {
      this.signalsDrawn = 0;
      this.signalSpots = [];
    }
    if (!mine.length) return;
    const r = Math.max(7, Math.round(b.card.h / 9));
    const dots = mine.map((s) => ({ at: centreOf(b.field, b.card, s.pos), colour: SIGNAL_COLOURS[s.colour] ?? 0xdd3333 }));
    this.cardsPool.shape(`signals:${b.seat}`, sig(r, dots), (g) => {
      for (const { at, colour } of dots) {
        // A dark halo first: a white or yellow dot still reads on a white card.
        g.circle(at.x, at.y, r + 2).fill({ color: 0x000000, alpha: 0.45 });
        g.circle(at.x, at.y, r).fill({ color: colour }).stroke({ color: 0xffffff, width: 2, alpha: 0.9 });
      }
    });
    mine.forEach((s, i) => {
      this.signalsDrawn++;
      this.signalSpots.push({ signal: s, seat: b.seat, x: dots[i].at.x, y: dots[i].at.y, r });
    });
  }

  /** The signal nearest (x, y) within a finger's reach on `seat`'s field (any field: seat undefined), or null. */
  signalAt(x: number, y: number, seat?: number): SignalSpot | null {
    let best: SignalSpot | null = null;
    let bestD = Infinity;
    for (const s of this.signalSpots) {
      if (seat !== undefined && s.seat !== seat) continue;
      const d = Math.hypot(s.x - x, s.y - y);
      if (d <= Math.max(SIGNAL_REACH, s.r + 6) && d < bestD) [best, bestD] = [s, d];
    }
    return best;
  }

  private drawPile(g: number, zone: PileZone, r: Rect, p: TablePicture): void {
    const zv = p.zone(`${g}.${zone}`);
    this.underPool.shape(`pile:${g}.${zone}`, sig(r), (box) => box.roundRect(r.x, r.y, r.w, r.h, 6).fill({ color: 0x000000, alpha: 0.18 }).stroke({ color: 0x999999, width: 1, alpha: 0.6 }));
    // Public piles show their top card; a library its back (its top card when played revealed).
    // (A library's cards, where all are shown — a finished game's replay — are listed top first.)
    const top = zv.cards?.length ? zv.cards[zone === "library" ? 0 : zv.cards.length - 1] : zone === "library" && p.topRevealed(g) ? zv.known?.find(([i]) => i === 0)?.[1] : undefined;
    const cw = Math.min(r.w - 8, Math.round((r.h - 4) * 0.72));
    const size = { w: cw, h: Math.round(cw / 0.72) };
    if (top) this.putCard(top, zone, g, { x: r.x + 4 + cw / 2, y: r.y + 2 + size.h / 2 }, size, 0, r);
    else if (zv.count > 0 && (zone === "library" || zone === "hand")) {
      const back = this.underPool.sprite(`back:${g}.${zone}`, this.art.back(size.w, size.h));
      back.position.set(r.x + 4, r.y + 2);
    }
    const label = this.cardsPool.text(`count:${g}.${zone}`, `${zone}\n${zv.count}`, PILE_STYLE, this.app.renderer.resolution);
    label.anchor.set(1, 1);
    label.position.set(r.x + r.w - 3, r.y + r.h - 2);
    // Over the top card (the cards layer): the count always reads.
  }

  private tag(key: string, text: string, x: number, y: number, max: number): void {
    // the pill behind the text is sized by the text: drawn once it is measured, when either changed
    let redraw: Graphics | null = null;
    this.cardsPool.shape(`${key}:bg`, sig(text, x, y, max), (g) => (redraw = g));
    const t = this.cardsPool.text(key, text, TAG_STYLE, this.app.renderer.resolution);
    t.anchor.set(0.5, 0);
    t.scale.set(1); // a kept text's width is measured at its own size
    t.scale.set(Math.min(1, (max - 6) / Math.max(1, t.width)));
    (redraw as Graphics | null)?.roundRect(x - t.width / 2 - 3, y, t.width + 6, t.height + 2, 3).fill(0x35507a);
    t.position.set(x, y + 1);
  }

  private drawHand(strip: Rect, size: { w: number; h: number }, hand: CardView[]): void {
    this.underPool.shape("hand", sig(strip), (g) => g.rect(strip.x, strip.y, strip.w, strip.h).fill({ color: 0x000000, alpha: 0.2 }).moveTo(strip.x, strip.y).lineTo(strip.x + strip.w, strip.y).stroke({ color: 0x888888, width: 1, alpha: 0.5 }));
    fanOf(strip, size, hand.length).forEach((f, i) => this.putCard(hand[i], "hand", -1, f, size, f.angle));
  }

  /** `box`: the card answers for this whole rectangle (a pile's top card stands for its pile). */
  private putCard(c: CardView, zone: string, seat: number, at: { x: number; y: number }, size: { w: number; h: number }, angle: number, box?: Rect): void {
    const key = `${zone}:${seat}:${c.id}`;
    const turned = (c.tapped && zone === "battlefield" ? 90 : angle) === 90;
    const w = turned ? size.h : size.w;
    const h = turned ? size.w : size.h;
    // Highlighted for everyone: a bright frame behind the card.
    if (c.highlight) this.cardsPool.shape(`${key}:lit`, sig(at, w, h), (g) => g.roundRect(at.x - w / 2 - 4, at.y - h / 2 - 4, w + 8, h + 8, 6).fill({ color: LIGHT, alpha: 0.35 }).stroke({ color: LIGHT, width: 3 }));
    const face = this.art.face(c, size.w, size.h);
    const s = this.cardsPool.sprite(key, face);
    s.anchor.set(0.5);
    s.position.set(at.x, at.y);
    s.angle = c.tapped && zone === "battlefield" ? 90 : angle;
    const rect = box ?? { x: at.x - w / 2, y: at.y - h / 2, w, h };
    this.spots.push({ card: c, zone, seat, rect, centre: { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 }, picture: !!this.art.images.get(pictureOf(c)), nameSize: this.art.nameSize(face) });
    this.sprites.set(`${zone}:${c.id}`, s);
    const words = cardWords(c);
    if (words) this.names.push(words.name);
  }

  private drawArrows(arrows: readonly Arrow[]): void {
    const lines: { from: { x: number; y: number }; to: { x: number; y: number } }[] = [];
    this.arrowsDrawn = 0;
    for (const a of arrows) {
      const from = this.spots.find((s) => s.zone === "battlefield" && s.card.id === a.from)?.centre;
      const b = "card" in a.to ? undefined : this.layout?.boards.find((x) => x.seat === (a.to as { player: number }).player);
      const to = "card" in a.to ? this.spots.find((s) => s.zone === "battlefield" && s.card.id === (a.to as { card: number }).card)?.centre : b ? { x: b.header.x + 24, y: b.header.y + b.header.h / 2 } : undefined;
      if (!from || !to) continue;
      this.arrowsDrawn++;
      lines.push({ from, to });
    }
    this.cardsPool.shape("arrows", sig(lines), (g) => {
      for (const { from, to } of lines) {
        const ang = Math.atan2(to.y - from.y, to.x - from.x);
        g.moveTo(from.x, from.y).lineTo(to.x, to.y).stroke({ color: 0xdd3333, width: 3, alpha: 0.85 });
        g.poly([to.x, to.y, to.x - 12 * Math.cos(ang - 0.4), to.y - 12 * Math.sin(ang - 0.4), to.x - 12 * Math.cos(ang + 0.4), to.y - 12 * Math.sin(ang + 0.4)]).fill(0xdd3333);
      }
    });
  }

  /** What is under (x, y) in canvas px: a card first (the topmost), else a zone. */
  hitAt(x: number, y: number): Hit {
    for (let i = this.spots.length - 1; i >= 0; i--) if (inside(this.spots[i].rect, x, y)) return { kind: "card", spot: this.spots[i] };
    const zone = this.zoneAt(x, y);
    const sig = zone?.kind === "field" ? this.signalAt(x, y, zone.seat) : null;
    return sig && zone?.kind === "field" ? { kind: "signal", signal: sig.signal, seat: sig.seat, rect: zone.rect, card: zone.card } : zone;
  }

  /** The zone under (x, y), cards ignored (where a dragged card would land). */
  zoneAt(x: number, y: number): Hit {
    const l = this.layout;
    if (!l) return null;
    if (l.hand && inside(l.hand, x, y)) return { kind: "hand", rect: l.hand };
    for (const b of l.boards) {
      if (inside(b.field, x, y)) return { kind: "field", seat: b.seat, rect: b.field, card: b.card };
      for (const p of b.piles) if (inside(p.rect, x, y)) return { kind: "pile", seat: b.seat, zone: p.zone, rect: p.rect };
    }
    return null;
  }

  /** A card follows the pointer; `target` is lit (a field also shows where the card lands). */
  dragTo(spot: CardSpot, x: number, y: number, target: Hit): void {
    const s = this.sprites.get(`${spot.zone}:${spot.card.id}`);
    if (!this.ghost && s) {
      s.alpha = 0.35;
      this.ghost = new Sprite(s.texture);
      this.ghost.anchor.set(0.5);
      this.ghost.alpha = 0.9;
      this.over.addChild(this.ghost);
    }
    this.ghost?.position.set(x, y);
    this.lit.clear();
    if (target && target.kind !== "card") {
      const r = target.rect;
      this.lit.roundRect(r.x + 1, r.y + 1, r.w - 2, r.h - 2, 6).stroke({ color: LIGHT, width: 3 });
      if (target.kind === "field") {
        const c = target.card;
        const cx = Math.max(r.x + c.h / 2, Math.min(r.x + r.w - c.h / 2, x));
        const cy = Math.max(r.y + c.h / 2, Math.min(r.y + r.h - c.h / 2, y));
        this.lit.roundRect(cx - c.w / 2, cy - c.h / 2, c.w, c.h, 6).fill({ color: LIGHT, alpha: 0.25 }).stroke({ color: LIGHT, width: 2 });
      }
    }
    this.request();
  }

  endDrag(): void {
    if (this.ghost) {
      this.ghost.destroy();
      this.ghost = null;
    }
    for (const s of this.sprites.values()) s.alpha = 1;
    this.lit.clear();
    this.request();
  }

  destroy(): void {
    this.destroyed = true;
    if (this.pictureTimer) clearTimeout(this.pictureTimer);
    this.frames.stop();
    if (!this.ready) return;
    this.ready = false;
    this.art.destroy();
    this.app.destroy(true, { children: true });
  }
}
