// The hand strip: plain DOM buttons (one per card, the cube art as an <img>),
// keyed by card id so a patch never rebuilds it. Scrolls sideways when the
// hand is large (native scrolling: fingers and wheels both work).
//
// Gestures: a click or tap picks a card (tap-tap play on phones); a mouse or
// pen drag carries it to the table (the scene snaps it to the nearest legal
// slot and shows the ghost). Touch never drags: a finger scrolls the strip.
import { h } from "../../ui/dom";

export interface HandCallbacks {
  /** Click / tap on a card (toggle the pick). */
  pick(card: number): void;
  dragStart(card: number): void;
  dragMove(card: number, pageX: number, pageY: number): void;
  /** Dropped at a page point; return true if it was played (the card stays hidden until the patch). */
  dragEnd(card: number, pageX: number, pageY: number): boolean;
  dragCancel(card: number): void;
  /** Hover on desktop: show that card's targets (null when the pointer leaves). */
  hover(card: number | null): void;
}

export interface HandCardState {
  card: number;
  url: string;
  label: string;
  playable: boolean;
}

const DRAG_SLOP = 6;

export class HandStrip {
  readonly el: HTMLElement;
  private strip: HTMLElement;
  private items = new Map<number, HTMLButtonElement>();
  private order: number[] = [];
  private selected: number | null = null;
  private drag: {
    card: number;
    pointerId: number;
    x0: number;
    y0: number;
    started: boolean;
    img: HTMLImageElement | null;
    el: HTMLButtonElement;
    dx: number;
    dy: number;
  } | null = null;
  private suppressClick = false;
  private cleanups: (() => void)[] = [];
  /** Size of the floating drag picture (the table's cube size at its zoom). */
  dragSize = { w: 92, h: 106 };

  constructor(private cb: HandCallbacks) {
    this.strip = h("div", { class: "cs-hand-strip", role: "list" });
    this.el = h("div", { class: "cs-hand", id: "cs-hand", "aria-label": "Your hand" }, this.strip);
    const move = (e: PointerEvent) => this.onMove(e);
    const up = (e: PointerEvent) => this.onUp(e, false);
    const cancel = (e: PointerEvent) => this.onUp(e, true);
    const key = (e: KeyboardEvent) => {
      if (e.key === "Escape" && this.drag?.started) this.abortDrag();
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
    window.addEventListener("keydown", key);
    const ro = new ResizeObserver(() => this.fan());
    ro.observe(this.strip);
    this.cleanups.push(() => ro.disconnect());
    this.cleanups.push(() => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      window.removeEventListener("keydown", key);
    });
  }

  /**
   * Shows these cards in this order. Returns the cards that are new since the
   * last call (the scene animates them in, one at a time).
   */
  render(cards: HandCardState[], selected: number | null, myTurn: boolean): number[] {
    const fresh: number[] = [];
    const keep = new Set(cards.map((c) => c.card));
    for (const [card, el] of this.items) {
      if (!keep.has(card)) {
        el.remove();
        this.items.delete(card);
      }
    }
    let prev: HTMLElement | null = null;
    for (const c of cards) {
      let el = this.items.get(c.card);
      if (!el) {
        el = this.make(c.card);
        this.items.set(c.card, el);
        fresh.push(c.card);
      }
      const img = el.firstElementChild as HTMLImageElement;
      if (img.getAttribute("src") !== c.url) img.src = c.url;
      if (el.getAttribute("aria-label") !== c.label) el.setAttribute("aria-label", c.label);
      el.classList.toggle("cs-playable", myTurn && c.playable);
      el.classList.toggle("cs-dim", myTurn && !c.playable);
      el.classList.toggle("cs-picked", selected === c.card);
      el.setAttribute("aria-pressed", String(selected === c.card));
      // keep DOM order = hand order, moving only what is out of place
      const want: ChildNode | null = prev ? prev.nextSibling : this.strip.firstChild;
      if (want !== el) this.strip.insertBefore(el, want);
      prev = el;
    }
    this.order = cards.map((c) => c.card);
    this.selected = selected;
    this.el.classList.toggle("cs-empty", cards.length === 0);
    this.fan();
    return fresh;
  }

  /**
   * Overlaps the cards just enough to fit the strip (up to 40% of a card, the
   * art's transparent margins take the first 10%); past that the strip scrolls.
   */
  fan(): void {
    const first = this.strip.firstElementChild as HTMLElement | null;
    const n = this.order.length;
    if (!first || n < 2) {
      this.strip.style.setProperty("--overlap", "0px");
      return;
    }
    const cs = getComputedStyle(this.strip);
    const avail = this.strip.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const w = first.offsetWidth;
    const gap = parseFloat(cs.columnGap) || 0;
    const natural = n * w + (n - 1) * gap;
    const overlap = natural > avail ? Math.min(w * 0.4, (natural - avail) / (n - 1) + 1) : 0;
    this.strip.style.setProperty("--overlap", `${overlap.toFixed(1)}px`);
  }

  private make(card: number): HTMLButtonElement {
    const img = h("img", { alt: "", draggable: "false", class: "cs-card-img" });
    const el = h("button", { type: "button", class: "cs-card", role: "listitem", "data-card": card }, img);
    el.addEventListener("click", (e) => {
      e.preventDefault();
      if (this.suppressClick) {
        this.suppressClick = false;
        return;
      }
      this.cb.pick(card);
    });
    el.addEventListener("pointerdown", (e) => {
      if (e.pointerType === "touch" || e.button !== 0) return;
      const rect = el.getBoundingClientRect();
      this.drag = { card, pointerId: e.pointerId, x0: e.clientX, y0: e.clientY, started: false, img: null, el, dx: e.clientX - rect.left, dy: e.clientY - rect.top };
    });
    el.addEventListener("pointerenter", (e) => {
      if (e.pointerType !== "touch" && !this.drag) this.cb.hover(card);
    });
    el.addEventListener("pointerleave", (e) => {
      if (e.pointerType !== "touch" && !this.drag) this.cb.hover(null);
    });
    return el;
  }

  private onMove(e: PointerEvent): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    if (!d.started) {
      if (Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < DRAG_SLOP) return;
      d.started = true;
      const img = h("img", { class: "cs-drag", alt: "", src: (d.el.firstElementChild as HTMLImageElement).src, draggable: "false" });
      img.style.width = `${this.dragSize.w}px`;
      img.style.height = `${this.dragSize.h}px`;
      document.body.append(img);
      d.img = img;
      d.el.classList.add("cs-dragging");
      document.body.classList.add("cs-is-dragging");
      this.cb.dragStart(d.card);
    }
    if (d.img) {
      d.img.style.transform = `translate(${e.clientX - this.dragSize.w / 2}px, ${e.clientY - this.dragSize.h * 0.55}px)`;
    }
    this.cb.dragMove(d.card, e.clientX, e.clientY);
  }

  private onUp(e: PointerEvent, cancelled: boolean): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointerId) return;
    this.drag = null;
    if (!d.started) return; // a click: the click handler picks the card
    this.suppressClick = true;
    setTimeout(() => (this.suppressClick = false), 0);
    d.img?.remove();
    document.body.classList.remove("cs-is-dragging");
    const played = !cancelled && this.cb.dragEnd(d.card, e.clientX, e.clientY);
    if (played) d.el.classList.add("cs-sent");
    else {
      d.el.classList.remove("cs-dragging");
      if (cancelled) this.cb.dragCancel(d.card);
    }
  }

  private abortDrag(): void {
    const d = this.drag;
    if (!d) return;
    this.drag = null;
    d.img?.remove();
    d.el.classList.remove("cs-dragging");
    document.body.classList.remove("cs-is-dragging");
    this.cb.dragCancel(d.card);
  }

  /** A card's button (for animations and tests). */
  element(card: number): HTMLButtonElement | null {
    return this.items.get(card) ?? null;
  }

  /** Scrolls a card into view; its page-px centre. */
  centreOf(card: number): { x: number; y: number } | null {
    const el = this.items.get(card);
    if (!el) return null;
    const strip = this.strip;
    const sr = strip.getBoundingClientRect();
    const er = el.getBoundingClientRect();
    if (er.left < sr.left || er.right > sr.right) {
      strip.scrollLeft += er.left - sr.left - (sr.width - er.width) / 2;
    }
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  /** Un-hides a card that was sent (its play was refused). */
  restore(card: number): void {
    this.items.get(card)?.classList.remove("cs-sent", "cs-dragging");
  }

  get cards(): readonly number[] {
    return this.order;
  }

  get picked(): number | null {
    return this.selected;
  }

  destroy(): void {
    this.abortDrag();
    for (const off of this.cleanups) off();
    this.el.remove();
  }
}
