// What a gesture or a key on the table means: a tap plays a card from the hand or opens a
// pile, a double tap taps a battlefield card, a right click or long press opens the card's
// menu (with its signals) or a field's, a drop moves the card, a resting mouse previews it.
// The scene owns the parts (menu, preview, canvas); this turns input into actions on them.
import type { Action } from "../../../common/table/catalogue";
import type { CardView, ZoneView } from "../../../common/table/visibility";
import type { BoardsView } from "./boards";
import type { CardSpot, Hit } from "./canvas";
import { menuFor, type MenuItem, type MenuOps } from "./cards";
import type { DialogHost } from "./dialogs";
import { listDialog } from "./dialogs";
import type { GestureTarget } from "./input";
import { posAt, type PileZone } from "./layout";
import type { TargetPick } from "./pick";
import type { CardPreview } from "./preview";
import { cardSignalItems, fieldMenu, signalMenu } from "./signals";

/** Rests this long over a card before the preview shows (desktop). */
const HOVER_MS = 350;

export interface IntentHost {
  act(a: Action): void;
  pick: TargetPick;
  /** The viewer plays (a seat at a table in play). */
  playing(): boolean;
  me(): number;
  nameOf(g: number): string;
  zoneOf(key: string): ZoneView;
  dialogs(): DialogHost;
  menuOps(): MenuOps;
  openMenu(x: number, y: number, items: MenuItem[], opener?: HTMLElement | null): void;
  closeMenu(): void;
  boards: BoardsView;
  preview: CardPreview;
  /** The table's root and its menu element (a phone places the menu under the preview). */
  root: HTMLElement;
  menu: HTMLElement;
  /** A phone-sized stage. */
  narrow(): boolean;
  /** A free place on the viewer's battlefield. */
  spot(): { x: number; y: number };
}

export class CardIntents {
  private hoverTimer: ReturnType<typeof setTimeout> | null = null;
  private hovered: number | null = null;

  constructor(private readonly host: IntentHost) {}

  tapCard(c: CardView): void {
    this.host.act({ do: "tap", card: c.id, on: !c.tapped });
  }

  play(c: CardView): void {
    this.host.act({ do: "move", card: c.id, zone: "battlefield", place: "battlefield", pos: this.host.spot() });
  }

  /** Your library draws a card; any other pile with cards in sight lists them. */
  openPile(g: number, z: PileZone): void {
    const { host } = this;
    const zv = host.zoneOf(`${g}.${z}`);
    if (z === "library" && g === host.me()) host.act({ do: "draw", n: 1 });
    else if (zv.cards?.length) listDialog(host.dialogs(), `${host.nameOf(g)}'s ${z}`, zv.cards, z);
  }

  cardMenu(s: CardSpot, x: number, y: number, opener: HTMLElement | null): void {
    const { host } = this;
    if (!host.playing() || !s.card.known) return;
    const items = menuFor(s.card, s.zone, host.menuOps());
    if (s.zone === "battlefield") {
      // Signals on this card: placed at its position; one drawn within its box can be removed.
      const onIt = host.boards.canvas.signalSpots.find((x) => x.seat === s.seat && x.x >= s.rect.x && x.x <= s.rect.x + s.rect.w && x.y >= s.rect.y && x.y <= s.rect.y + s.rect.h)?.signal ?? null;
      const at = items.findIndex((it) => it.do === "copy") + 1;
      items.splice(at > 0 ? at : items.length, 0, ...cardSignalItems(host.dialogs(), s.seat, s.card.pos ?? { x: 5000, y: 5000 }, onIt));
    }
    host.openMenu(x, y, items, opener);
    // On a phone the card shows large at the top: the menu goes under it and scrolls.
    if (!host.preview.el.hidden && host.narrow()) {
      const below = Math.round(host.preview.el.getBoundingClientRect().bottom + 6);
      const r = host.root.getBoundingClientRect();
      Object.assign(host.menu.style, { top: `${below - r.top}px`, left: `${Math.max(4, Math.min(x - r.left - 100, r.width - 204))}px`, maxHeight: `${Math.max(160, window.innerHeight - below - 6)}px` });
    }
  }

  showPreview(s: CardSpot): void {
    if (!s.card.known || !s.card.card) return;
    this.host.preview.show(s.card, this.host.boards.client(s.rect));
  }

  /** Desktop: a card under a resting mouse for a moment shows large beside it. */
  hover(hit: Hit): void {
    const id = hit?.kind === "card" && hit.spot.card.known ? hit.spot.card.id : null;
    if (id === this.hovered) return;
    this.hovered = id;
    if (this.hoverTimer) clearTimeout(this.hoverTimer);
    this.hoverTimer = null;
    if (id === null) return this.host.preview.hide();
    const spot = (hit as { spot: CardSpot }).spot;
    if (this.host.preview.shown !== null) return this.showPreview(spot);
    this.hoverTimer = setTimeout(() => {
      this.hoverTimer = null;
      if (this.hovered === spot.card.id) this.showPreview(spot);
    }, HOVER_MS);
  }

  /** A card in a dialog's list (a graveyard): its menu by right click or keys. */
  withCard(el: HTMLElement, c: CardView, zone: string): HTMLElement {
    const { host } = this;
    if (host.me() < 0) return el;
    el.addEventListener("contextmenu", (e) => {
      e.preventDefault();
      e.stopPropagation();
      host.openMenu(e.clientX, e.clientY, menuFor(c, zone, host.menuOps()));
    });
    el.addEventListener("keydown", (e) => {
      if (e.key === "ContextMenu" || (e.key === "F10" && e.shiftKey) || e.key === "m" || e.key === "M") {
        e.preventDefault();
        e.stopPropagation();
        const r = el.getBoundingClientRect();
        host.openMenu(r.left + r.width / 2, r.top + r.height / 2, menuFor(c, zone, host.menuOps()), el);
      }
    });
    return el;
  }

  /** The canvas's gestures (input.ts) as actions. */
  readonly gestures: GestureTarget = {
    tap: (hit, x, y) => {
      const { host } = this;
      host.closeMenu();
      if (host.pick.active) {
        if (hit?.kind === "card" && hit.spot.zone === "battlefield") host.pick.answer({ card: hit.spot.card.id });
        return;
      }
      if (!host.playing() || !hit) return;
      if (hit.kind === "card" && hit.spot.zone === "hand") this.play(hit.spot.card);
      else if (hit.kind === "card" && hit.spot.zone !== "battlefield") this.openPile(hit.spot.seat, hit.spot.zone as PileZone);
      else if (hit.kind === "pile") this.openPile(hit.seat, hit.zone);
      // A signal's menu (Remove it), after the click that would close it has passed.
      else if (hit.kind === "signal") setTimeout(() => host.openMenu(x, y, signalMenu(host.dialogs(), hit.signal)), 0);
    },
    doubleTap: (s) => {
      if (!this.host.pick.active && this.host.playing() && s.zone === "battlefield") this.tapCard(s.card);
    },
    menu: (hit, x, y, touch) => {
      const { host } = this;
      if (host.pick.active) return;
      // An empty spot of a battlefield (or a signal on one): place a signal there, or remove it.
      if ((hit?.kind === "field" || hit?.kind === "signal") && host.playing()) {
        const c = host.boards.canvas.app.canvas.getBoundingClientRect();
        const at = posAt(hit.rect, hit.card, x - c.left, y - c.top);
        const near = hit.kind === "signal" ? hit.signal : (host.boards.canvas.signalAt(x - c.left, y - c.top, hit.seat)?.signal ?? null);
        host.openMenu(x, y, fieldMenu(host.dialogs(), hit.seat, at, near));
        return;
      }
      if (hit?.kind !== "card") return;
      // A long press: the card large (both faces of a double-faced card) with its menu.
      if (touch) this.showPreview(hit.spot);
      this.cardMenu(hit.spot, x, y, null);
    },
    hover: (hit) => this.hover(hit),
    canDrag: (s) => {
      const ok = this.host.playing() && !this.host.pick.active && s.card.known !== false;
      if (ok) this.host.preview.hide();
      return ok;
    },
    drop: (s, target, x, y) => {
      const { host } = this;
      if (!target || target.kind === "card" || target.kind === "signal") return;
      const card = s.card.id;
      if (target.kind === "field") {
        // The card's centre lands where the pointer let go (clamped inside the field).
        host.act({ do: "move", card, zone: "battlefield", player: target.seat, place: "battlefield", pos: posAt(target.rect, target.card, x, y) });
      } else if (target.kind === "hand") {
        if (s.zone !== "hand") host.act({ do: "move", card, zone: "hand", player: host.me(), place: "top" });
      } else if (!(s.zone === target.zone && s.seat === target.seat)) host.act({ do: "move", card, zone: target.zone, player: target.seat, place: "top" });
    },
  };

  destroy(): void {
    if (this.hoverTimer) clearTimeout(this.hoverTimer);
  }
}
