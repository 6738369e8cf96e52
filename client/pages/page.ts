// The frame of a page that is not a room (offline solo, replays): back to the
// lobby, a title and subtitle, a body; the same look as the room frame.
import type { GameHandle } from "../games/handle";
import { h } from "../ui/dom";
import "./pages.css";

/** What main.ts / the test hook need from such a page. */
export interface PageHandle extends GameHandle {
  readonly el: HTMLElement;
}

export class PageFrame {
  readonly el: HTMLElement;
  readonly body: HTMLElement;
  readonly live: HTMLElement;
  private subtitle: HTMLElement;
  readonly barExtra: HTMLElement;

  constructor(title: string, toLobby: () => void, opts: { id?: string; note?: string } = {}) {
    const back = h("button", { type: "button", class: "back", id: "back-to-lobby" }, "← Lobby");
    back.addEventListener("click", toLobby);
    this.subtitle = h("span", { class: "room-sub" });
    this.barExtra = h("div", { class: "page-bar-extra" }, opts.note ? h("span", { class: "page-note" }, opts.note) : null);
    this.live = h("p", { class: "sr-only", "aria-live": "polite" });
    this.body = h("div", { class: "room-body" });
    this.el = h(
      "section",
      { class: "room page", id: opts.id, "aria-label": title },
      h("header", { class: "room-bar" }, back, h("div", { class: "room-title" }, h("h1", {}, title), this.subtitle), this.barExtra),
      this.body,
      this.live,
    );
  }

  setSubtitle(text: string): void {
    if (this.subtitle.textContent !== text) this.subtitle.textContent = text;
  }

  announce(text: string): void {
    this.live.textContent = text;
  }
}
