// The card table's context menu: built from the action catalogue's items (cards.ts menuFor),
// opened by right click, long press or the keyboard (the Menu key, Shift+F10 or M). It takes
// the focus: ↑ ↓ move, Escape closes and goes back to the card that opened it; any click
// elsewhere closes it. It stays inside the screen (a long one scrolls).

import { h } from "../../ui/dom";
import type { MenuItem } from "./cards";

export class ContextMenu {
  readonly el = h("div", { class: "tt-menu", id: "tt-menu", hidden: true, role: "menu" });
  private opener: HTMLElement | null = null;
  private readonly onDocClick = () => this.close();

  /** `root`: what the menu is placed in; `onClose`: what goes with it (the card shown large). */
  constructor(private readonly root: HTMLElement, private readonly onClose: () => void) {
    document.addEventListener("click", this.onDocClick);
    this.el.addEventListener("keydown", (e) => {
      const items = Array.from(this.el.querySelectorAll<HTMLButtonElement>("button"));
      const i = items.indexOf(document.activeElement as HTMLButtonElement);
      if (e.key === "Escape") this.close();
      else if (e.key === "ArrowDown") items[(i + 1) % items.length]?.focus();
      else if (e.key === "ArrowUp") items[(i - 1 + items.length) % items.length]?.focus();
      else return;
      e.preventDefault();
    });
  }

  close(): void {
    if (this.el.hidden) return;
    this.el.hidden = true;
    this.onClose();
    if (this.opener && this.el.contains(document.activeElement)) this.opener.focus();
    this.opener = null;
  }

  open(x: number, y: number, items: MenuItem[], opener: HTMLElement | null = null): void {
    const menu = this.el;
    menu.replaceChildren(
      ...items.map((it) => {
        const b = h("button", { type: "button", role: "menuitem", "data-do": it.do }, it.label);
        b.addEventListener("click", (e) => {
          e.stopPropagation();
          const back = this.opener;
          this.close();
          it.run();
          back?.focus();
        });
        return b;
      }),
    );
    menu.hidden = false;
    this.opener = opener;
    if (opener) menu.querySelector("button")?.focus();
    const r = this.root.getBoundingClientRect();
    // Never taller than the screen: a long menu (More on a phone) scrolls, its last items in reach.
    menu.style.maxHeight = `${window.innerHeight - 8}px`;
    const height = menu.offsetHeight || 40 * items.length;
    menu.style.left = `${Math.max(0, Math.min(x - r.left, r.width - 200))}px`;
    // Kept inside the screen: a long menu opened low on a phone goes up.
    const vh = window.innerHeight;
    menu.style.top = `${Math.max(-r.top, Math.min(y, vh - height - 4) - r.top)}px`;
  }

  destroy(): void {
    document.removeEventListener("click", this.onDocClick);
  }
}
