// The live table's page, top to bottom: the status bar, the table (the canvas under its
// overlays: view controls, event log, waiting panel, end screen, suit picker, the bar after
// a game, the penalty notice), the seat list, the action buttons and the hand; the how-to
// and the guide's line ride above it all.
import { h } from "../../ui/dom";
import type { HandStrip } from "./hand";
import type { Hud } from "./hud";

export function tablePage(hud: Hud, hand: HandStrip, penalty: HTMLElement, above: HTMLElement[]): { root: HTMLElement; tableHost: HTMLElement } {
  const tableHost = h(
    "div",
    { class: "cs-table", id: "cs-table" },
    hud.viewControls,
    hud.log,
    hud.waiting,
    hud.endScreen,
    hud.suitPicker,
    hud.afterBar,
    penalty,
  );
  const root = h("div", { class: "cs" }, hud.status, tableHost, hud.seatsBox, hud.actions, hand.el);
  root.append(...above);
  return { root, tableHost };
}
