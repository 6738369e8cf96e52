// The table from the keyboard. Cards live on a canvas, so each drawn card and pile gets a
// transparent focusable stand-in (DOM, over the canvas, letting the pointer through): Tab
// reaches them, Enter is a card's main action (play from the hand, tap on the battlefield,
// draw from your library, open a public pile), and M, the Menu key or Shift+F10 open the
// card's menu with the focus inside it. Hand stand-ins sit in #tt-hand, the rest in #tt-boards.
import { h } from "../../ui/dom";
import type { CardSpot } from "./canvas";
import type { PileZone, Rect } from "./layout";
import { describeCard } from "./preview";

export interface KeyHost {
  /** A card's Enter. */
  main(spot: CardSpot): void;
  /** A pile's Enter (draw, open the list). */
  pile(seat: number, zone: PileZone): void;
  /** Opens the card's menu at (x, y) in the viewport with the focus in it (null: none for this viewer). */
  menu(spot: CardSpot, x: number, y: number, opener: HTMLElement): void;
  pileLabel(seat: number, zone: PileZone): string;
  /** P: the card large (again: closed). */
  preview(spot: CardSpot): void;
}

const isMenuKey = (e: KeyboardEvent) => e.key === "ContextMenu" || (e.key === "F10" && e.shiftKey) || e.key === "m" || e.key === "M";

const place = (el: HTMLElement, r: Rect) => Object.assign(el.style, { left: `${r.x}px`, top: `${r.y}px`, width: `${r.w}px`, height: `${r.h}px` });

export function drawKeys(hand: HTMLElement, boards: HTMLElement, spots: readonly CardSpot[], piles: { seat: number; zone: PileZone; rect: Rect }[], host: KeyHost): void {
  const cardKey = (s: CardSpot) => {
    const c = s.card;
    const name = describeCard(c);
    const where = s.zone === "hand" ? "in your hand" : s.zone === "battlefield" ? "" : `on top of the ${s.zone}`;
    const el = h("div", {
      class: "tt-card tt-key",
      "data-card": c.id,
      "data-zone": s.zone,
      "data-name": c.known && c.card ? c.card.name : null,
      role: "button",
      tabindex: 0,
      "aria-label": [name, c.tapped ? "tapped" : "", where].filter(Boolean).join(", "),
      "aria-describedby": "tt-card-keys",
    });
    place(el, s.rect);
    el.addEventListener("keydown", (e) => {
      if (isMenuKey(e)) {
        e.preventDefault();
        e.stopPropagation();
        const r = el.getBoundingClientRect();
        host.menu(s, r.left + r.width / 2, r.top + r.height / 2, el);
      } else if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        host.main(s);
      } else if (e.key === "p" || e.key === "P") {
        e.preventDefault();
        e.stopPropagation();
        host.preview(s);
      }
    });
    return el;
  };
  const pileKey = (p: { seat: number; zone: PileZone; rect: Rect }) => {
    const el = h("div", { class: "tt-pile tt-key", "data-zone": `${p.seat}.${p.zone}`, role: "button", tabindex: 0, "aria-label": host.pileLabel(p.seat, p.zone) });
    place(el, p.rect);
    el.addEventListener("keydown", (e) => {
      const top = spots.find((s) => s.seat === p.seat && s.zone === p.zone);
      if (isMenuKey(e) && top) {
        e.preventDefault();
        e.stopPropagation();
        const r = el.getBoundingClientRect();
        host.menu(top, r.left + r.width / 2, r.top + r.height / 2, el);
      } else if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        host.pile(p.seat, p.zone);
      }
    });
    return el;
  };
  hand.replaceChildren(...spots.filter((s) => s.zone === "hand").map(cardKey));
  // A pile's top card answers for its pile's box: the pile's own stand-in is enough there.
  boards.replaceChildren(...spots.filter((s) => s.zone === "battlefield").map(cardKey), ...piles.map(pileKey));
}
