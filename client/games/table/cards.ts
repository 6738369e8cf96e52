// Cards as DOM cards (name, mana symbols, type, P/T with its changes, counters, labels, the frame's colour) for the
// dialogs and the replay's zone lists (the table itself draws on its canvas: art.ts), and the
// context menu of a card, built from the action catalogue's own words.
import { CATALOGUE, type Action, type ActionOf } from "../../../common/table/catalogue";
import type { CardView } from "../../../common/table/visibility";
import { h } from "../../ui/dom";
import { faceUp, frameColour, otherCounters, powerToughness } from "./faces";
import { describeCard, manaEl } from "./preview";

export interface MenuItem {
  do: string;
  label: string;
  run(): void;
}

export function cardEl(c: CardView): HTMLElement {
  const f = faceUp(c);
  if (!f || !c.card) return h("div", { class: `tt-card tt-back${c.tapped ? " tt-tapped" : ""}`, "data-card": c.id, "aria-label": "A face-down card" }, h("span", {}, "◆"));
  const d = c.card;
  const pt = powerToughness(c, f);
  const counters = otherCounters(c, f).map(([k, n]) => h("span", { class: "tt-counter", "data-counter": k }, `${k} ×${n}`));
  const col = frameColour(f);
  return h(
    "div",
    {
      class: `tt-card${c.tapped ? " tt-tapped" : ""}${c.faceDown ? " tt-facedown" : ""}${c.looking ? " tt-looking" : ""}`,
      style: `border-color: ${col.css}; box-shadow: inset 0 0 0 2px ${col.css}`,
      "data-card": c.id,
      "data-name": d.name,
      "data-token": c.token ? "" : null,
      "aria-label": `${describeCard(c)}${c.tapped ? ", tapped" : ""}`,
      tabindex: 0,
    },
    h("div", { class: "tt-card-top" }, h("span", { class: "tt-name" }, f.name), f.cost ? manaEl(f.cost) : null),
    f.type ? h("div", { class: "tt-type" }, f.type) : null,
    ...(c.labels ?? []).map((l) => h("div", { class: "tt-label" }, l)),
    c.keywords?.length ? h("div", { class: "tt-keywords" }, c.keywords.join(", ")) : null,
    counters.length ? h("div", { class: "tt-counters" }, ...counters) : null,
    c.quantity ? h("div", { class: "tt-quantity" }, `×${c.quantity}`) : null,
    pt ? h("div", { class: `tt-pt${pt.change > 0 ? " tt-up" : pt.change < 0 ? " tt-down" : ""}` }, pt.text) : null,
  );
}

const says = (k: keyof typeof CATALOGUE) => CATALOGUE[k].says;

/** What the menu's items may ask the table for. */
export interface MenuOps {
  act(a: Action): void;
  /** Waits for the player to tap a card (or a player's name), then runs `then` with it. */
  pick(prompt: string, then: (target: { card?: number; player?: number }) => void): void;
  /** The counters dialog of a card. */
  counters(c: CardView): void;
  /** A free place on the player's own battlefield for a card played without a drop. */
  spot(): { x: number; y: number };
}

/** What a player may ask of a card where it is (the server judges; the menu only offers). */
export function menuFor(c: CardView, zone: string, ops: MenuOps): MenuItem[] {
  const act = ops.act;
  const id = c.id;
  const move = (label: string, to: ActionOf<"move">["zone"], place: ActionOf<"move">["place"] = "top", extra: Partial<ActionOf<"move">> = {}): MenuItem => ({ do: "move", label, run: () => act({ do: "move", card: id, zone: to, place, ...extra }) });
  const items: MenuItem[] = [];
  if (zone === "battlefield") {
    items.push(
      { do: "tap", label: c.tapped ? "Untap" : "Tap", run: () => act({ do: "tap", card: id, on: !c.tapped }) },
      { do: "counter", label: "+1/+1 counter", run: () => act({ do: "counter", card: id, name: "+1/+1", delta: 1 }) },
      { do: "counter", label: "−1 counter (+1/+1)", run: () => act({ do: "counter", card: id, name: "+1/+1", delta: -1 }) },
      { do: "counter", label: "Counters…", run: () => ops.counters(c) },
      {
        do: "attach",
        label: "Attach to…",
        run: () => ops.pick("Tap the card to attach it to", (t) => t.card !== undefined && t.card !== id && act({ do: "attach", card: id, to: t.card })),
      },
      ...(c.attachedTo !== undefined ? [{ do: "attach", label: "Detach", run: () => act({ do: "attach", card: id }) }] : []),
      {
        do: "arrow",
        label: "Arrow to…",
        run: () => ops.pick("Tap the card or the player the arrow points at", (t) => act({ do: "arrow", from: id, ...(t.card !== undefined ? { toCard: t.card } : { toPlayer: t.player }) })),
      },
      {
        do: "labels",
        label: `${says("labels")[0].toUpperCase()}${says("labels").slice(1)}…`,
        run: () => {
          const text = window.prompt("Label (up to 20 characters; empty clears)", c.labels?.[0] ?? "");
          if (text !== null) act({ do: "labels", card: id, labels: text ? [text.slice(0, 20)] : [] });
        },
      },
      { do: "faceDown", label: c.faceDown ? "Turn face up" : "Turn face down", run: () => act({ do: "faceDown", card: id, on: !c.faceDown }) },
      { do: "flip", label: "Flip (other face)", run: () => act({ do: "flip", card: id }) },
      { do: "copy", label: "Token copy", run: () => act({ do: "copy", card: id }) },
      move("To hand", "hand"),
    );
  }
  // Everyone may point a card out to the table (cleared when the turn passes).
  if (zone !== "hand" && zone !== "library") items.push({ do: "highlight", label: c.highlight ? "Stop highlighting" : "Highlight for everyone", run: () => act({ do: "highlight", card: id, on: !c.highlight }) });
  if (zone !== "stack") items.push({ do: "stackAfter", label: "On the stack under the top", run: () => act({ do: "stackAfter", card: id }) });
  if (zone === "hand") items.push(move("Play to the battlefield", "battlefield", "battlefield", { pos: ops.spot() }), move("Play face down", "battlefield", "battlefield", { faceDown: true, pos: ops.spot() }), { do: "show", label: "Reveal to everyone", run: () => act({ do: "show", card: id, to: "all" }) });
  if (zone !== "hand" && zone !== "battlefield") items.push(move("To hand", "hand"), move("To the battlefield", "battlefield", "battlefield", { pos: ops.spot() }));
  items.push(move("To graveyard", "graveyard"), move("To exile", "exile"), move("On top of the library", "library", "top"), move("On the bottom of the library", "library", "bottom"), move("Shuffle into the library", "library", "shuffle"));
  return items;
}
