// The keyboard (and screen reader) side of the Pixi table: one transparent button laid over
// each card the canvas draws, in reading order, so Tab reaches every card and the browser
// draws the focus ring where the card is. The buttons let pointer events through to the
// canvas (mouse and touch are the canvas's). Keys on a card:
//   ← →  Home End   the previous / next / first / last card of the same row of zones
//   ↑ ↓             the zone above / below
//   Enter, Space    buy / keep / select / pick up (in the deck order; then ← → move the
//                   card, Enter / Space put it down there, Escape puts it back)
import type { CardSlot, Zone } from "./layout";

export interface KeyCard {
  slot: CardSlot;
  /** Stable per card (hand and order: the card id; shop and picks: the slot). */
  key: string;
  id: string;
  label: string;
  enabled: boolean;
  pressed?: boolean;
}

export interface KeysHost {
  activate(slot: CardSlot): void;
  /** Moves the held order card by `step` (−1 up, +1 down); false at an end. */
  nudge(slot: CardSlot, step: -1 | 1): boolean;
  hold(slot: CardSlot | null, putBack: boolean): void;
  held(): number | null;
  focused(slot: CardSlot | null): void;
}

const ZONES: Zone[] = ["pick", "shop", "hand", "order"];

export class CardKeys {
  readonly el: HTMLElement;
  private buttons = new Map<string, HTMLButtonElement>();
  private cards: KeyCard[] = [];

  constructor(private host: KeysHost) {
    this.el = document.createElement("div");
    this.el.className = "pets-keys";
    this.el.addEventListener("keydown", (e) => this.onKey(e));
    // Space presses a button on key up: the card already acted on key down
    this.el.addEventListener("keyup", (e) => e.key === " " && this.cardOf(e.target) && e.preventDefault());
    this.el.addEventListener("focusin", (e) => this.host.focused(this.cardOf(e.target)?.slot ?? null));
    this.el.addEventListener("focusout", () => this.host.focused(null));
    // a keyboard "click" (Enter on a button) is handled on keydown; this is for screen readers' own activation
    this.el.addEventListener("click", (e) => {
      const c = this.cardOf(e.target);
      if (c && e.detail === 0) this.host.activate(c.slot);
    });
  }

  /** Lays the buttons over the cards (reusing each card's button, so focus stays put). */
  set(cards: KeyCard[]): void {
    this.cards = cards;
    const had = document.activeElement;
    const keep = new Set<string>();
    let prev: HTMLButtonElement | null = null;
    for (const c of cards) {
      keep.add(c.key);
      let b = this.buttons.get(c.key);
      if (!b) {
        b = document.createElement("button");
        b.type = "button";
        b.className = "pets-key";
        this.buttons.set(c.key, b);
      }
      b.id = c.id;
      b.dataset.zone = c.slot.zone;
      b.dataset.index = String(c.slot.index);
      b.setAttribute("aria-label", c.label);
      b.setAttribute("aria-disabled", String(!c.enabled));
      if (c.pressed === undefined) b.removeAttribute("aria-pressed");
      else b.setAttribute("aria-pressed", String(c.pressed));
      Object.assign(b.style, { left: `${c.slot.x}px`, top: `${c.slot.y}px`, width: `${c.slot.w}px`, height: `${c.slot.h}px` });
      // reading order = drawing order (insert only when out of place: moving a focused button blurs it)
      const want: ChildNode | null = prev ? prev.nextSibling : this.el.firstChild;
      if (want !== b) this.el.insertBefore(b, want);
      prev = b;
    }
    for (const [key, b] of this.buttons) {
      if (keep.has(key)) continue;
      b.remove();
      this.buttons.delete(key);
    }
    // a moved button loses the focus: give it back (a held card being nudged)
    if (had instanceof HTMLButtonElement && had.isConnected && this.el.contains(had) && document.activeElement !== had) had.focus({ preventScroll: true });
  }

  /** The button over a card, for scrolling it into view. */
  button(zone: Zone, index: number): HTMLButtonElement | null {
    const c = this.cards.find((x) => x.slot.zone === zone && x.slot.index === index);
    return c ? (this.buttons.get(c.key) ?? null) : null;
  }

  private cardOf(t: EventTarget | null): KeyCard | undefined {
    if (!(t instanceof HTMLButtonElement)) return undefined;
    return this.cards.find((c) => this.buttons.get(c.key) === t);
  }

  private focus(c: KeyCard | undefined): void {
    if (c) this.buttons.get(c.key)?.focus();
  }

  private onKey(e: KeyboardEvent): void {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const c = this.cardOf(e.target);
    if (!c) return;
    const z = c.slot.zone;
    const same = this.cards.filter((x) => x.slot.zone === z);
    const at = same.indexOf(c);
    const holding = this.host.held() !== null && z === "order";
    let handled = true;
    if (e.key === "Enter" || e.key === " ") this.host.activate(c.slot);
    else if (e.key === "Escape" && holding) this.host.hold(null, true);
    else if ((e.key === "ArrowLeft" || e.key === "ArrowRight") && holding) this.host.nudge(c.slot, e.key === "ArrowLeft" ? -1 : 1);
    else if (e.key === "ArrowLeft") this.focus(same[Math.max(0, at - 1)]);
    else if (e.key === "ArrowRight") this.focus(same[Math.min(same.length - 1, at + 1)]);
    else if (e.key === "Home") this.focus(same[0]);
    else if (e.key === "End") this.focus(same[same.length - 1]);
    else if ((e.key === "ArrowUp" || e.key === "ArrowDown") && !holding) {
      const step = e.key === "ArrowUp" ? -1 : 1;
      const zones = ZONES.filter((zz) => this.cards.some((x) => x.slot.zone === zz));
      const next = zones[zones.indexOf(z) + step];
      if (next) {
        const row = this.cards.filter((x) => x.slot.zone === next);
        // the card nearest below / above this one
        this.focus(row.reduce((best, x) => (Math.abs(x.slot.x - c.slot.x) < Math.abs(best.slot.x - c.slot.x) ? x : best), row[0]));
      } else handled = false; // let the page scroll
    } else handled = false;
    if (handled) e.preventDefault();
  }
}
