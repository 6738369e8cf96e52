// The deck order during arrange: cards in a row (wrapping on a phone), top of the deck
// first. Drag a card (mouse or touch) to move it; a bar shows where it will land. Each
// card also has ◀ ▶ buttons (keyboard, and a fallback for anyone who cannot drag).
// Foods show which pet they will feed (the next pet after them), or "wasted" at the end.
import { h } from "../../ui/dom";
import { cardFace, emojiOf, isFoodKey, nameOf } from "./cards";

export interface OrderCard {
  id: number;
  key: string;
}

/** What each food in `order` will feed: the next pet's key, or null (wasted). */
export function feeds(order: readonly OrderCard[]): (string | null)[] {
  return order.map((c, i) => {
    if (!isFoodKey(c.key)) return null;
    const next = order.slice(i + 1).find((x) => !isFoodKey(x.key));
    return next ? next.key : null;
  });
}

export class OrderEditor {
  readonly el = h("ol", { class: "pets-order", id: "pets-order", "aria-label": "Your deck order, top first: drag to reorder" });
  private marker = h("li", { class: "pets-drop", "aria-hidden": "true" });
  private cards: OrderCard[] = [];
  private drag: { index: number; startX: number; startY: number; moved: boolean; ghost: HTMLElement | null; pointer: number } | null = null;
  private dropAt = -1;
  private enabled = true;

  constructor(private onChange: (order: OrderCard[]) => void) {
    this.el.addEventListener("pointerdown", (e) => this.down(e));
    window.addEventListener("pointermove", (e) => this.move(e));
    window.addEventListener("pointerup", (e) => this.up(e));
    window.addEventListener("pointercancel", () => this.cancel());
  }

  get order(): OrderCard[] {
    return this.cards.slice();
  }

  set(cards: OrderCard[], enabled: boolean): void {
    this.cards = cards.slice();
    this.enabled = enabled;
    this.render();
  }

  /** Moves the card at `from` so it lands before the card now at `to` (to = length: last). */
  moveCard(from: number, to: number): void {
    if (from < 0 || from >= this.cards.length) return;
    const [c] = this.cards.splice(from, 1);
    this.cards.splice(to > from ? to - 1 : to, 0, c);
    this.render();
    this.onChange(this.order);
  }

  /** A nudge button moved a card: the keyboard focus follows the card (same button, else the other). */
  private nudge(id: number, from: number, to: number, which: 0 | 1): void {
    this.moveCard(from, to);
    const buttons = this.el.querySelectorAll<HTMLButtonElement>(`.pets-slot[data-id="${id}"] .pets-nudge`);
    const b = buttons[which]?.disabled ? buttons[1 - which] : buttons[which];
    b?.focus();
  }

  private render(): void {
    const fed = feeds(this.cards);
    this.el.replaceChildren(
      ...this.cards.map((c, i) => {
        const face = cardFace(c.key, { cls: "pets-in-order" });
        const note = isFoodKey(c.key) ? h("span", { class: `pets-feeds${fed[i] ? "" : " pets-wasted"}` }, fed[i] ? `→ ${emojiOf(fed[i]!)} ${nameOf(fed[i]!)}` : "wasted") : h("span", { class: "pets-feeds" }, `#${this.cards.slice(0, i + 1).filter((x) => !isFoodKey(x.key)).length}`);
        const left = h("button", { type: "button", class: "pets-nudge", "aria-label": `Move ${nameOf(c.key)} up`, disabled: !this.enabled || i === 0 }, "◀");
        const right = h("button", { type: "button", class: "pets-nudge", "aria-label": `Move ${nameOf(c.key)} down`, disabled: !this.enabled || i === this.cards.length - 1 }, "▶");
        left.addEventListener("click", () => this.nudge(c.id, i, i - 1, 0));
        right.addEventListener("click", () => this.nudge(c.id, i, i + 2, 1));
        return h("li", { class: "pets-slot", "data-index": i, "data-id": c.id }, face, note, h("span", { class: "pets-nudges" }, left, right));
      }),
    );
  }

  private down(e: PointerEvent): void {
    if (!this.enabled || (e.target as HTMLElement).closest(".pets-nudge")) return;
    const slot = (e.target as HTMLElement).closest<HTMLElement>(".pets-slot");
    if (!slot) return;
    this.drag = { index: Number(slot.dataset.index), startX: e.clientX, startY: e.clientY, moved: false, ghost: null, pointer: e.pointerId };
    (e.target as HTMLElement).releasePointerCapture?.(e.pointerId);
  }

  private move(e: PointerEvent): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer) return;
    if (!d.moved && Math.hypot(e.clientX - d.startX, e.clientY - d.startY) < 8) return;
    e.preventDefault();
    if (!d.moved) {
      d.moved = true;
      const slot = this.el.children[d.index] as HTMLElement;
      slot.classList.add("pets-dragging");
      d.ghost = h("div", { class: "pets-ghost", "aria-hidden": "true" }, emojiOf(this.cards[d.index].key));
      document.body.append(d.ghost);
    }
    d.ghost!.style.transform = `translate(${e.clientX - 24}px, ${e.clientY - 24}px)`;
    this.showMarker(this.indexAt(e.clientX, e.clientY));
  }

  private up(e: PointerEvent): void {
    const d = this.drag;
    if (!d || e.pointerId !== d.pointer) return;
    const at = this.dropAt;
    this.cancel();
    if (d.moved && at >= 0 && at !== d.index && at !== d.index + 1) this.moveCard(d.index, at);
  }

  private cancel(): void {
    this.drag?.ghost?.remove();
    this.drag = null;
    this.dropAt = -1;
    this.marker.remove();
    for (const c of Array.from(this.el.children)) c.classList.remove("pets-dragging");
  }

  /** Insertion index for a pointer: before the first slot whose centre is after it (row by row). */
  private indexAt(x: number, y: number): number {
    const slots = Array.from(this.el.querySelectorAll<HTMLElement>(".pets-slot"));
    for (let i = 0; i < slots.length; i++) {
      const r = slots[i].getBoundingClientRect();
      if (y < r.top) return i;
      if (y <= r.bottom && x < r.left + r.width / 2) return i;
    }
    return slots.length;
  }

  private showMarker(at: number): void {
    if (at === this.dropAt) return;
    this.dropAt = at;
    const slots = Array.from(this.el.querySelectorAll<HTMLElement>(".pets-slot"));
    if (at >= slots.length) this.el.append(this.marker);
    else this.el.insertBefore(this.marker, slots[at]);
  }
}
