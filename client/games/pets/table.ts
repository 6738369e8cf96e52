// The Auto Pets card table on a Pixi canvas: the trade picks, the shop row (price, a dimmed
// look when you cannot buy), your hand (selected cards lifted with a red ring) and, in the
// secret arrange, your deck order with each food's pet, each pet's power and perk after its
// foods, and wasted foods marked. Cards are dragged in the order by mouse or touch with a
// drop marker (a bar in the gap where the card will land). A long press (touch) or hover /
// right click (mouse) shows a card's whole ability text in the DOM tooltip.
//
// Input is pointer events on the canvas (input.ts), hit-tested against the layout
// (layout.ts), as Cubestacc does; the keyboard goes through keyboard.ts. Rendering is on demand (stage.ts): a
// change draws one frame. Nothing here decides a rule: the scene sends, the server judges.
import { Application, Container, Graphics, Sprite, type TextStyleOptions } from "pixi.js";
import { BUY_PRICE, cardDef, isCardKey } from "../../../common/pets/index";
import { KeyedLayer } from "../keyedLayer";
import { FrameRequests, initStillStage } from "../stage.js";
import { describe, nameOf } from "./cards";
import { CardFaces } from "./faces";
import { CardKeys, type KeyCard } from "./keyboard";
import { cardAt, insertionAt, layoutTable, LIFT, markerRect, type CardSlot, type Rect, type TableLayout, type Zone } from "./layout";
import { moveCard, preview, type OrderCard, type OrderNote } from "./order";
import { listenTable, type PointerHost } from "./input";

export interface TableModel {
  picks: string[];
  /** The shop row (null slots sold out), or null when the shop is not shown. */
  shop: (string | null)[] | null;
  shopTitle: string;
  /** Why buying is not possible now ("" when it is). */
  buyWhy: string;
  hand: OrderCard[] | null;
  handTitle: string;
  selected: ReadonlySet<number>;
  /** Selecting is possible (your shop turn). */
  handOk: boolean;
  order: OrderCard[] | null;
  orderOk: boolean;
}

export interface TableActions {
  buy(slot: number): void;
  pick(index: number): void;
  toggle(id: number): void;
  reorder(order: OrderCard[], said: string): void;
  /** Something the player should hear (screen readers). */
  say(text: string): void;
}

const FONT = "DejaVu Sans";
const BLUE = 0x2f6fe4;
const RED = 0xe0453a;

/** A Graphics' signature: what its shape depends on. */
const sig = (...parts: unknown[]) => parts.join(",");

export class PetsTable {
  readonly el: HTMLElement;
  readonly app = new Application();
  private faces = new CardFaces();
  private keys: CardKeys;
  private frames = new FrameRequests(() => this.renderFrame());
  private layer = new Container();
  /** The cards, their marks and labels, kept by card (hand and order: its id; else its slot). */
  private pool = new KeyedLayer(this.layer);
  private over = new Container(); // the drop marker and the dragged card
  private model: TableModel | null = null;
  private layout: TableLayout = layoutTable(320, []);
  private sprites = new Map<string, Sprite>();
  private ready = false;
  private destroyed = false;
  private offs: (() => void)[] = [];
  private drag: { from: number; at: number; ghost: Sprite; marker: Graphics } | null = null;
  private hover: CardSlot | null = null;
  /** The order card picked up by the keyboard (its id), and where it started. */
  private heldId: number | null = null;
  private heldFrom: OrderCard[] | null = null;

  constructor(private tip: HTMLElement, private act: TableActions) {
    this.el = document.createElement("div");
    this.el.className = "pets-table";
    this.el.id = "pets-table";
    this.keys = new CardKeys({
      activate: (slot) => this.activate(slot, true),
      nudge: (slot, step) => this.nudge(slot, step),
      hold: (slot, putBack) => this.hold(slot, putBack),
      held: () => this.heldId,
      focused: (slot) => (slot ? this.showTip(slot) : this.hideTip()),
    });
    this.el.append(this.keys.el);
  }

  /** Starts the stage; false when the table went away meanwhile. */
  async init(): Promise<boolean> {
    await initStillStage(this.app, this.el, { antialias: true });
    if (this.destroyed) return false;
    const canvas = this.app.canvas;
    canvas.classList.add("pets-canvas");
    canvas.setAttribute("aria-hidden", "true"); // the buttons of keyboard.ts speak for it
    this.el.prepend(canvas);
    this.app.stage.addChild(this.layer, this.over);
    this.ready = true;
    const ro = new ResizeObserver(() => {
      if (Math.round(this.el.clientWidth) !== Math.round(this.layout.width)) this.draw();
    });
    ro.observe(this.el);
    this.offs.push(() => ro.disconnect(), listenTable(canvas, this.pointerHost()));
    this.draw();
    return true;
  }

  set(model: TableModel): void {
    this.model = model;
    if (this.heldId !== null && !model.order?.some((c) => c.id === this.heldId)) this.heldId = this.heldFrom = null;
    if (this.drag && !model.orderOk) this.endDrag(false);
    this.draw();
  }

  // ---- drawing --------------------------------------------------------------------------

  private zones(m: TableModel): { zone: Zone; title: string; n: number }[] {
    const z: { zone: Zone; title: string; n: number }[] = [];
    if (m.picks.length) z.push({ zone: "pick", title: "Traded in: keep one", n: m.picks.length });
    if (m.shop) z.push({ zone: "shop", title: m.shopTitle, n: m.shop.length });
    if (m.hand) z.push({ zone: "hand", title: m.handTitle, n: m.hand.length });
    if (m.order) z.push({ zone: "order", title: m.orderOk ? "Your deck, top first: drag to reorder" : "Your deck, top first (locked in)", n: m.order.length });
    return z;
  }

  private keyOf(slot: CardSlot): string {
    const m = this.model!;
    if (slot.zone === "hand") return `hand:${m.hand![slot.index].id}`;
    if (slot.zone === "order") return `order:${m.order![slot.index].id}`;
    return `${slot.zone}:${slot.index}`;
  }

  private cardKey(slot: CardSlot): string | null {
    const m = this.model!;
    if (slot.zone === "pick") return m.picks[slot.index];
    if (slot.zone === "shop") return m.shop![slot.index];
    if (slot.zone === "hand") return m.hand![slot.index].key;
    return m.order![slot.index].key;
  }

  private enabled(slot: CardSlot): boolean {
    const m = this.model!;
    if (slot.zone === "pick") return true;
    if (slot.zone === "shop") return !m.buyWhy && m.shop![slot.index] !== null;
    if (slot.zone === "hand") return m.handOk;
    return m.orderOk;
  }

  private draw(): void {
    const m = this.model;
    if (!m || !this.ready || this.destroyed) return;
    const zones = this.zones(m);
    this.el.hidden = zones.length === 0;
    // a finger on the deck order drags cards; elsewhere it may still scroll the page
    this.el.classList.toggle("pets-arranging", !!m.order && m.orderOk);
    const width = Math.max(200, Math.round(this.el.clientWidth || 320));
    this.layout = layoutTable(width, zones);
    if (this.el.style.height !== `${this.layout.height}px`) this.el.style.height = `${this.layout.height}px`;
    this.app.renderer.resize(width, this.layout.height);
    this.pool.begin();
    this.sprites.clear();
    const notes = m.order ? preview(m.order) : [];
    const keyCards: KeyCard[] = [];
    for (const z of this.layout.zones) {
      this.label(`title:${z.zone}`, z.title, z.x, z.y + 2, { fontSize: 15, fontWeight: "bold", fill: 0xf4f5f8 }, 0, 0);
      if (!z.cards.length) this.label(`empty:${z.zone}`, z.zone === "hand" ? "Empty: buy pets in the shop." : "None.", z.x, z.y + 36, { fontSize: 13, fill: 0xaab2c0 }, 0);
      for (const slot of z.cards) {
        const key = this.cardKey(slot);
        const ok = this.enabled(slot);
        if (key === null) {
          const k = this.keyOf(slot);
          this.pool.shape(`${k}:empty`, sig(slot.x, slot.y, slot.w, slot.h), (g) => g.roundRect(slot.x, slot.y, slot.w, slot.h, 10).stroke({ width: 2, color: 0xaab2c0, alpha: 0.6 }));
          this.label(`${k}:sold`, "sold out", slot.x + slot.w / 2, slot.y + slot.h / 2, { fontSize: 12, fill: 0xaab2c0 }, 0.5);
          keyCards.push({ slot, key: this.keyOf(slot), id: `pets-${slot.zone}-${slot.index}`, label: "Sold out", enabled: false });
          continue;
        }
        this.drawCard(slot, key, ok, m, notes[slot.index]);
        keyCards.push(this.keyCard(slot, key, ok, m, notes));
      }
    }
    this.pool.end();
    this.keys.set(keyCards);
    if (this.drag) this.placeMarker();
    this.requestRender();
  }

  private drawCard(slot: CardSlot, key: string, ok: boolean, m: TableModel, note: OrderNote | undefined): void {
    const selected = slot.zone === "hand" && m.selected.has(m.hand![slot.index].id);
    const held = slot.zone === "order" && m.order![slot.index].id === this.heldId;
    const lift = selected || held ? LIFT : 0;
    const x = slot.x;
    const y = slot.y - lift;
    const k = this.keyOf(slot);
    const sprite = this.pool.sprite(k, this.faces.get(key, slot.w, slot.h));
    sprite.position.set(x, y);
    sprite.width = slot.w;
    sprite.height = slot.h;
    const dim = (slot.zone === "shop" || slot.zone === "hand") && !ok;
    sprite.alpha = this.drag && slot.zone === "order" && slot.index === this.drag.from ? 0.3 : dim && slot.zone === "shop" ? 0.55 : 1;
    this.sprites.set(k, sprite);
    const shaded = dim && slot.zone === "shop";
    const hovered = !!this.hover && this.hover.zone === slot.zone && this.hover.index === slot.index && ok && !selected;
    this.pool.shape(`${k}:marks`, sig(x, y, slot.w, slot.h, shaded, selected, held, hovered), (g) => {
      if (shaded) g.roundRect(x, y, slot.w, slot.h, 10).fill({ color: 0x1d2433, alpha: 0.25 });
      if (selected) {
        g.roundRect(x - 3, y - 3, slot.w + 6, slot.h + 6, 12).stroke({ width: 4, color: RED });
        g.circle(x + 4, y + 4, 11).fill(RED);
      }
      if (held) g.roundRect(x - 3, y - 3, slot.w + 6, slot.h + 6, 12).stroke({ width: 4, color: BLUE });
      if (hovered) g.roundRect(x - 2, y - 2, slot.w + 4, slot.h + 4, 12).stroke({ width: 3, color: BLUE, alpha: 0.8 });
    });
    if (selected) this.label(`${k}:tick`, "✓", x + 4, y + 4, { fontSize: 14, fontWeight: "bold", fill: 0xffffff }, 0.5);
    if (slot.zone === "shop") {
      // the price tag, under the card (grey when you cannot buy now)
      this.pool.shape(`${k}:tag`, sig(x, y, slot.w, slot.h, ok), (g) => g.roundRect(x + slot.w / 2 - 26, y + slot.h + 4, 52, 18, 9).fill(ok ? 0xf2c230 : 0x6b7280));
      this.label(`${k}:price`, `${BUY_PRICE} gold`, x + slot.w / 2, y + slot.h + 13, { fontSize: 11, fontWeight: "bold", fill: ok ? 0x1b1f27 : 0xe5e7eb }, 0.5);
    }
    if (slot.zone === "order" && note) this.drawNote(slot, k, x, y, note, m.order!);
  }

  /** The food-to-pet preview under (and on) an order card. */
  private drawNote(slot: CardSlot, k: string, x: number, y: number, note: OrderNote, order: OrderCard[]): void {
    const cx = x + slot.w / 2;
    const top = y + slot.h + 3;
    if (note.kind === "pet") {
      if (note.power !== note.base) {
        // the power after its apples, over the card's own
        this.pool.shape(`${k}:disc`, sig(x, y, slot.w, slot.h), (g) => g.circle(x + slot.w - 14 * (slot.w / 100), y + slot.h - 14 * (slot.w / 100), 12 * (slot.w / 100)).fill(0x1e7d32));
        this.label(`${k}:power`, String(note.power), x + slot.w - 14 * (slot.w / 100), y + slot.h - 13.5 * (slot.w / 100), { fontSize: 13 * (slot.w / 100), fontWeight: "bold", fill: 0xffffff }, 0.5);
      }
      this.label(`${k}:pet`, `#${note.petNo} · power ${note.power !== note.base ? `${note.base}→${note.power}` : note.base}`, cx, top, { fontSize: 11, fill: note.power !== note.base ? 0x9be59f : 0xdfe3ea, fontWeight: "bold" }, 0.5, 0);
      if (note.perk) this.label(`${k}:perk`, `+ ${nameOf(note.perk)}`, cx, top + 15, { fontSize: 11, fill: 0x9be59f }, 0.5, 0);
      return;
    }
    if (note.onto === null) {
      this.pool.shape(`${k}:wasted`, sig(x, y, slot.w, slot.h), (g) => g.roundRect(x, y, slot.w, slot.h, 10).fill({ color: RED, alpha: 0.18 }).stroke({ width: 3, color: RED }));
      this.label(`${k}:wasted`, "wasted", cx, top, { fontSize: 12, fontWeight: "bold", fill: 0xff7b70 }, 0.5, 0);
      this.label(`${k}:why`, "no pet after it", cx, top + 15, { fontSize: 10, fill: 0xff9b92 }, 0.5, 0);
      return;
    }
    const pet = preview(order)[note.onto];
    const petNo = pet.kind === "pet" ? pet.petNo : 0;
    this.label(`${k}:onto`, `→ #${petNo} ${nameOf(order[note.onto].key)}`, cx, top, { fontSize: 11, fontWeight: "bold", fill: 0x9cc3ff }, 0.5, 0);
    this.label(`${k}:gives`, isCardKey(order[slot.index].key) && cardDef(order[slot.index].key).food === "apple" ? "+1 power" : "its perk", cx, top + 15, { fontSize: 10, fill: 0xc9d6ea }, 0.5, 0);
  }

  /** A text kept under `key` (made once, its string and style set when they change). */
  private label(key: string, s: string, x: number, y: number, style: TextStyleOptions, ax: number, ay = 0.5): void {
    const t = this.pool.text(key, s, { fontFamily: FONT, ...style });
    t.anchor.set(ax, ay);
    t.position.set(x, y);
  }

  private keyCard(slot: CardSlot, key: string, ok: boolean, m: TableModel, notes: OrderNote[]): KeyCard {
    const d = describe(key);
    const k = this.keyOf(slot);
    if (slot.zone === "shop") return { slot, key: k, id: `pets-shop-${slot.index}`, label: `Buy ${d} Price ${BUY_PRICE} gold.${ok ? "" : ` ${m.buyWhy}`}`, enabled: ok };
    if (slot.zone === "pick") return { slot, key: k, id: `pets-pick-${slot.index}`, label: `Keep ${d}`, enabled: true };
    if (slot.zone === "hand") {
      const id = m.hand![slot.index].id;
      const sel = m.selected.has(id);
      return { slot, key: k, id: `pets-card-${id}`, label: `${d} Press to ${sel ? "unselect" : "select"} it for Sell or Trade in.`, enabled: ok, pressed: sel };
    }
    const c = m.order![slot.index];
    const note = notes[slot.index];
    const what = note.kind === "pet" ? `pet ${note.petNo}, power ${note.power}${note.perk ? ` with ${nameOf(note.perk)}` : ""}` : note.onto === null ? "wasted: no pet after it" : `goes onto ${nameOf(m.order![note.onto].key)}`;
    const held = this.heldId === c.id;
    return {
      slot, key: k, id: `pets-order-${c.id}`, enabled: m.orderOk, pressed: held,
      label: `${slot.index + 1} of ${m.order!.length}: ${d} ${what}. ${held ? "Left and right arrows move it; Enter puts it down, Escape puts it back." : "Enter picks it up to move it."}`,
    };
  }

  /** The drop marker and the card under the pointer, during a drag. */
  private placeMarker(): void {
    const d = this.drag!;
    const r = markerRect(this.layout, d.at);
    const useless = d.at === d.from || d.at === d.from + 1;
    d.marker.clear();
    if (r && !useless) {
      d.marker.roundRect(r.x - 4, r.y, r.w + 8, r.h, 6).fill({ color: BLUE, alpha: 0.25 });
      d.marker.roundRect(r.x, r.y, r.w, r.h, 3).fill(BLUE);
      d.marker.circle(r.x + r.w / 2, r.y, 6).fill(BLUE);
      d.marker.circle(r.x + r.w / 2, r.y + r.h, 6).fill(BLUE);
    }
  }

  // ---- input ----------------------------------------------------------------------------

  /** The gestures' view of this table (input.ts). */
  private pointerHost(): PointerHost {
    return {
      cardAt: (x, y) => {
        const slot = cardAt(this.layout, x, y);
        return slot && this.cardKey(slot) !== null ? slot : null;
      },
      canDrag: (slot) => slot.zone === "order" && !!this.model?.orderOk,
      dragging: () => this.drag !== null,
      startDrag: (slot) => this.startDrag(slot),
      dragTo: (x, y) => this.dragTo(x, y),
      endDrag: (drop) => this.endDrag(drop),
      tap: (slot) => this.activate(slot, false),
      hover: (slot) => this.hoverAt(slot),
      showTip: (slot) => this.showTip(slot),
      hideTip: () => this.hideTip(),
    };
  }

  /** The dragged card rides above the pointer (a finger would hide it and the marker), inside the canvas. */
  private dragTo(x: number, y: number): void {
    const d = this.drag;
    if (!d) return;
    d.ghost.position.set(Math.max(0, Math.min(this.layout.width - d.ghost.width, x - d.ghost.width / 2)), Math.max(0, y - d.ghost.height * 0.8));
    const at = insertionAt(this.layout, x, y);
    if (at !== d.at) {
      d.at = at;
      this.placeMarker();
    }
    this.requestRender();
  }

  private hoverAt(slot: CardSlot | null): void {
    const same = slot && this.hover && slot.zone === this.hover.zone && slot.index === this.hover.index;
    if (same || (!slot && !this.hover)) return;
    this.hover = slot && this.cardKey(slot) ? slot : null;
    this.app.canvas.style.cursor = this.hover && this.enabled(this.hover) ? (this.hover.zone === "order" ? "grab" : "pointer") : "";
    if (this.hover) this.showTip(this.hover);
    else this.hideTip();
    this.draw();
  }

  private startDrag(slot: CardSlot): void {
    this.hideTip();
    const ghost = new Sprite(this.faces.get(this.cardKey(slot)!, slot.w, slot.h));
    ghost.width = slot.w * 1.06;
    ghost.height = slot.h * 1.06;
    ghost.alpha = 0.9;
    const marker = new Graphics();
    this.over.addChild(ghost, marker); // the marker over the card: it must show where the card lands
    this.drag = { from: slot.index, at: slot.index, ghost, marker };
    this.el.classList.add("pets-dragging");
    this.draw();
  }

  private endDrag(drop: boolean): void {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    this.el.classList.remove("pets-dragging");
    for (const c of this.over.removeChildren()) c.destroy();
    const m = this.model;
    if (drop && m?.order && m.orderOk && d.at >= 0 && d.at !== d.from && d.at !== d.from + 1) {
      const next = moveCard(m.order, d.from, d.at);
      const c = m.order[d.from];
      this.act.reorder(next, `${nameOf(c.key)} moved to place ${next.indexOf(c) + 1} of ${next.length}.`);
    } else this.draw();
  }

  // ---- actions --------------------------------------------------------------------------

  private activate(slot: CardSlot, byKey: boolean): void {
    const m = this.model;
    if (!m) return;
    const key = this.cardKey(slot);
    if (key === null) return;
    if (slot.zone === "shop") {
      if (m.buyWhy) return this.act.say(m.buyWhy);
      return this.act.buy(slot.index);
    }
    if (slot.zone === "pick") return this.act.pick(slot.index);
    if (slot.zone === "hand") {
      if (!m.handOk) return this.act.say("You can select cards to sell or trade in on your shop turn.");
      return this.act.toggle(m.hand![slot.index].id);
    }
    if (!m.orderOk) return this.act.say("Your deck is locked in for this battle.");
    if (!byKey) return this.act.say("Drag a card to move it in your deck (or use the keyboard: Enter, then the arrow keys).");
    this.hold(this.heldId === m.order![slot.index].id ? null : slot, false);
  }

  private hold(slot: CardSlot | null, putBack: boolean): void {
    const m = this.model;
    if (!m?.order) return;
    if (slot) {
      const c = m.order[slot.index];
      this.heldId = c.id;
      this.heldFrom = m.order.slice();
      this.act.say(`Picked up ${nameOf(c.key)}, place ${slot.index + 1} of ${m.order.length}. Left and right arrows move it, Enter puts it down, Escape puts it back.`);
      return this.draw();
    }
    const back = this.heldFrom;
    const id = this.heldId;
    this.heldId = this.heldFrom = null;
    if (putBack && back) this.act.reorder(back, "Put back where it was.");
    else {
      const at = m.order.findIndex((c) => c.id === id);
      if (at >= 0) this.act.say(`Put down at place ${at + 1} of ${m.order.length}.`);
      this.draw();
    }
  }

  private nudge(slot: CardSlot, step: -1 | 1): boolean {
    const m = this.model;
    if (!m?.order || !m.orderOk) return false;
    const i = slot.index;
    if (i + step < 0 || i + step >= m.order.length) {
      this.act.say(step < 0 ? "Already on top of the deck." : "Already at the bottom of the deck.");
      return false;
    }
    const next = moveCard(m.order, i, step < 0 ? i - 1 : i + 2);
    this.act.reorder(next, `${nameOf(m.order[i].key)}: place ${i + step + 1} of ${next.length}.`);
    return true;
  }

  // ---- the tooltip -----------------------------------------------------------------------

  private showTip(slot: CardSlot): void {
    const key = this.model ? this.cardKey(slot) : null;
    if (!key) return this.hideTip();
    this.tip.textContent = describe(key);
    this.tip.hidden = false;
    // over the card (under it when there is no room above), inside the window
    const r = this.app.canvas.getBoundingClientRect();
    const tw = this.tip.offsetWidth;
    const th = this.tip.offsetHeight;
    const left = Math.max(8, Math.min(window.innerWidth - tw - 8, r.left + slot.x + slot.w / 2 - tw / 2));
    const above = r.top + slot.y - th - 10;
    const top = above >= 8 ? above : Math.min(window.innerHeight - th - 8, r.top + slot.y + slot.h + 10);
    Object.assign(this.tip.style, { left: `${left}px`, top: `${top}px` });
  }

  private hideTip(): void {
    this.tip.hidden = true;
  }

  // ---- tests and frames -------------------------------------------------------------------

  /** Every card on the canvas with its viewport rectangle (what a test taps or drags). */
  cards(): { zone: Zone; index: number; key: string; active: boolean; cut: boolean; x: number; y: number; w: number; h: number }[] {
    if (!this.model || this.el.hidden || !this.ready) return [];
    const r = this.app.canvas.getBoundingClientRect();
    return this.layout.zones.flatMap((z) =>
      z.cards.map((c) => {
        const key = this.cardKey(c) ?? "";
        return { zone: c.zone, index: c.index, key, active: key !== "" && this.enabled(c), cut: key !== "" && this.faces.cut(key, c.w, c.h), ...this.page(c, r) };
      }),
    );
  }

  /** The drop marker in viewport pixels and its insertion index, while a card is dragged. */
  marker(): (Rect & { at: number }) | null {
    const d = this.drag;
    if (!d || d.at === d.from || d.at === d.from + 1) return null;
    const m = markerRect(this.layout, d.at);
    return m ? { at: d.at, ...this.page(m, this.app.canvas.getBoundingClientRect()) } : null;
  }

  get dragging(): boolean {
    return this.drag !== null;
  }

  /** Display objects made so far and kept now (a redraw reuses them: tests count). */
  get drawn(): { made: number; kept: number } {
    return { made: this.pool.made, kept: this.pool.size };
  }

  get held(): number | null {
    return this.heldId;
  }

  /** Scrolls a card into view (a finger can only press what is on screen). */
  reveal(zone: Zone, index: number): void {
    this.keys.button(zone, index)?.scrollIntoView({ block: "center", inline: "nearest" });
  }

  private page(c: Rect, r: DOMRect): Rect {
    const round = (n: number) => Math.round(n * 10) / 10;
    return { x: round(r.left + c.x), y: round(r.top + c.y), w: c.w, h: c.h };
  }

  requestRender(): void {
    this.frames.request();
  }

  renderFrame(): void {
    if (!this.destroyed && this.ready) this.app.render();
  }

  freeze(): void {
    this.frames.frozen = true;
  }

  thaw(): void {
    this.frames.frozen = false;
    this.requestRender();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.frames.stop();
    for (const off of this.offs) off();
    try {
      this.app.destroy({ removeView: true }, { children: true });
    } catch {
      /* init may not have finished */
    }
    this.faces.destroy();
    this.el.remove();
  }
}
