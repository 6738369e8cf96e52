// The battlefields' box shared by the live table and the replay: the Pixi canvas (canvas.ts)
// sized to its box, the players' header strips (DOM over the canvas: names, life buttons,
// counts), the layout for the box's size, and a redraw when the box is resized or turned.
import type { ZoneView } from "../../../common/table/visibility";
import type { Arrow, Signal } from "../../../common/table/types";
import type { CardView } from "../../../common/table/visibility";
import { h } from "../../ui/dom";
import { cardWords } from "./art";
import { TableCanvas } from "./canvas";
import { layoutTable, type BoardBox, type Rect } from "./layout";

/** The table seats at most ten (an aura's host may be on any battlefield, shown or not). */
const MAX_SEATS = 10;

export interface BoardsFrame {
  seats: number[];
  /** The viewer's hand strip is drawn (a player, not a spectator or the replay). */
  hand: CardView[] | null;
  /** Seats whose hand is a pile here (not the viewer's). */
  othersHand(g: number): boolean;
  zone(key: string): ZoneView;
  arrows: readonly Arrow[];
  /** Signals (small markers) on the boards. */
  signals?: readonly Signal[];
  topRevealed(g: number): boolean;
  active: number;
  header(b: BoardBox): HTMLElement;
  /** A phone (portrait or landscape): one battlefield, the hand at the foot, a lower header strip. */
  compact?: boolean;
}

export class BoardsView {
  readonly el = h("div", { class: "tt-table", id: "tt-table" });
  readonly heads = h("div", { class: "tt-heads", id: "tt-heads" });
  readonly canvas = new TableCanvas();
  private ro: ResizeObserver | null = null;
  private destroyed = false;

  constructor(private readonly relayout: () => void) {
    this.el.append(this.heads);
  }

  async init(label: string): Promise<boolean> {
    const ok = await this.canvas.init(this.el, label);
    if (!ok || this.destroyed) return false;
    this.ro = new ResizeObserver(() => this.canvas.app.queueResize?.());
    this.ro.observe(this.el);
    this.canvas.app.renderer.on("resize", () => this.relayout());
    this.canvas.app.resize();
    return true;
  }

  get ready(): boolean {
    return this.canvas.width > 0;
  }

  render(f: BoardsFrame): void {
    if (!this.ready) return;
    const layout = layoutTable(this.canvas.width, this.canvas.height, f.seats, { hand: f.hand !== null, others: f.othersHand, compact: f.compact });
    const cardName = (id: number) => {
      for (let g = 0; g < MAX_SEATS; g++) for (const c of f.zone(`${g}.battlefield`).cards ?? []) if (c.id === id) return c.card?.name ?? null;
      return null;
    };
    this.canvas.draw({ layout, zone: f.zone, hand: f.hand ?? [], arrows: f.arrows, signals: f.signals ?? [], topRevealed: f.topRevealed, cardName, active: f.active });
    this.heads.replaceChildren(
      ...layout.boards.map((b) => {
        const el = f.header(b);
        Object.assign(el.style, { left: `${b.header.x}px`, top: `${b.header.y}px`, width: `${b.header.w}px`, height: `${b.header.h}px` });
        return el;
      }),
    );
  }

  /** A canvas rectangle in the page's viewport (what a test clicks, where a menu opens). */
  client(r: Rect): Rect {
    const c = this.canvas.app.canvas?.getBoundingClientRect();
    return c ? { x: Math.round(c.left + r.x), y: Math.round(c.top + r.y), w: Math.round(r.w), h: Math.round(r.h) } : r;
  }

  /** Where everything is on screen, for the tests. */
  snapshot(): Record<string, unknown> {
    const l = this.canvas.layout;
    return {
      cards: this.canvas.spots.map((s) => ({ id: s.card.id, zone: s.zone, seat: s.seat, name: s.card.card?.name ?? null, shows: cardWords(s.card)?.name ?? null, cost: s.card.card?.cost ?? null, picture: s.picture, nameSize: s.nameSize ?? null, tapped: !!s.card.tapped, ...this.client(s.rect) })),
      fields: l?.boards.map((b) => ({ seat: b.seat, ...this.client(b.field) })) ?? [],
      piles: l?.boards.flatMap((b) => b.piles.map((p) => ({ seat: b.seat, zone: p.zone, ...this.client(p.rect) }))) ?? [],
      handStrip: l?.hand ? this.client(l.hand) : null,
      pictures: { loaded: this.canvas.art.images.loaded, failed: this.canvas.art.images.failed },
      drawn: [...this.canvas.names],
      arrowsDrawn: this.canvas.arrowsDrawn,
      signalsDrawn: this.canvas.signalsDrawn,
      objects: this.canvas.objects,
      signals: this.canvas.signalSpots.map((s) => {
        const c = this.client({ x: s.x, y: s.y, w: 0, h: 0 });
        return { id: s.signal.id, seat: s.seat, colour: s.signal.colour, pos: s.signal.pos, x: c.x, y: c.y, r: s.r };
      }),
    };
  }

  destroy(): void {
    this.destroyed = true;
    this.ro?.disconnect();
    this.canvas.destroy();
    this.el.remove();
  }
}
