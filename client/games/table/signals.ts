// Signals at the table: small coloured markers anyone places anywhere on a battlefield and
// anyone removes (common/table/actMarks.ts; logged, undone like any action, public).
//   right click / long press on an empty spot of a board → Place a signal here (your colour),
//     in another colour…, Remove this signal (one within a finger's reach), Signals on the table…
//   click / tap on a signal                             → its menu: Remove it
//   a card's menu                                       → Place a signal on it / Remove the signal on it
//   More → Signals…                                     → every signal with Remove, and placing one
//     by keyboard (a board, a colour, in its middle)
// The colour a player last chose is kept in this browser.
import { SIGNAL_COLOURS, type Pos, type Signal, type SignalColour } from "../../../common/table/types";
import { h } from "../../ui/dom";
import type { MenuItem } from "./cards";
import type { DialogHost } from "./dialogs";

const COLOUR_KEY = "tt-signal-colour";

/** The colour this browser places signals in (the last one chosen; red at first). */
export function signalColour(): SignalColour {
  try {
    const c = localStorage.getItem(COLOUR_KEY);
    if (c && (SIGNAL_COLOURS as readonly string[]).includes(c)) return c as SignalColour;
  } catch {
    /* storage off: the default */
  }
  return "red";
}

function rememberColour(c: SignalColour): void {
  try {
    localStorage.setItem(COLOUR_KEY, c);
  } catch {
    /* storage off: not remembered */
  }
}

const place = (d: DialogHost, board: number, pos: Pos, colour: SignalColour) => d.act({ do: "signal", player: board, pos: { x: pos.x, y: pos.y }, colour });
const remove = (d: DialogHost, s: Signal) => d.act({ do: "removeSignal", id: s.id });
const whose = (d: DialogHost, s: Signal) => (s.by === d.me() ? "yours" : `placed by ${d.nameOf(s.by)}`);

function show(d: DialogHost, kind: string, ...children: Node[]): void {
  d.dialog.dataset.kind = kind;
  d.dialog.replaceChildren(...children);
  d.dialog.hidden = false;
}

function closeButton(d: DialogHost, label = "Cancel"): HTMLButtonElement {
  const b = h("button", { type: "button", class: "secondary", id: "tt-signal-close" }, label) as HTMLButtonElement;
  b.addEventListener("click", () => (d.dialog.hidden = true));
  return b;
}

/** Six colour buttons; a choice is remembered and placed at once. */
function colourDialog(d: DialogHost, board: number, pos: Pos): void {
  const buttons = SIGNAL_COLOURS.map((c) => {
    const b = h("button", { type: "button", class: `secondary tt-swatch tt-swatch-${c}`, id: `tt-signal-colour-${c}`, "data-colour": c }, c[0].toUpperCase() + c.slice(1));
    b.addEventListener("click", () => {
      rememberColour(c);
      d.dialog.hidden = true;
      place(d, board, pos, c);
    });
    return b;
  });
  show(d, "signal-colour", h("h2", {}, "Signal colour"), h("p", { class: "tt-hint" }, `The signal goes on ${d.nameOf(board)}'s battlefield where you pointed; the colour you pick is used next time too.`), h("div", { class: "tt-swatches" }, ...buttons), h("div", { class: "notice-actions" }, closeButton(d)));
  buttons.find((b) => b.dataset.colour === signalColour())?.focus();
}

/** The menu of an empty spot of `board`'s battlefield at `pos` (`near`: a signal under the pointer). */
export function fieldMenu(d: DialogHost, board: number, pos: Pos, near: Signal | null): MenuItem[] {
  const c = signalColour();
  return [
    { do: "signal", label: `Place a ${c} signal here`, run: () => place(d, board, pos, c) },
    { do: "signal", label: "Place a signal here in another colour…", run: () => colourDialog(d, board, pos) },
    ...(near ? [{ do: "removeSignal", label: `Remove this ${near.colour} signal (${whose(d, near)})`, run: () => remove(d, near) }] : []),
    { do: "signals", label: "Signals on the table…", run: () => signalsDialog(d) },
  ];
}

/** The menu of a signal tapped on an empty spot of a board. */
export function signalMenu(d: DialogHost, s: Signal): MenuItem[] {
  return [
    { do: "removeSignal", label: `Remove this ${s.colour} signal (${whose(d, s)})`, run: () => remove(d, s) },
    { do: "signals", label: "Signals on the table…", run: () => signalsDialog(d) },
  ];
}

/** A card's menu items about signals: one on it (within its box) can be removed; one can be placed on it. */
export function cardSignalItems(d: DialogHost, board: number, pos: Pos, onIt: Signal | null): MenuItem[] {
  const c = signalColour();
  return [{ do: "signal", label: `Place a ${c} signal on it`, run: () => place(d, board, pos, c) }, ...(onIt ? [{ do: "removeSignal", label: `Remove the ${onIt.colour} signal on it`, run: () => remove(d, onIt) }] : [])];
}

/** Every signal on the table with Remove, and placing one by keyboard in the middle of a board. */
export function signalsDialog(d: DialogHost): void {
  const t = d.view()?.table;
  if (!t) return;
  const list = t.signals ?? [];
  const board = h("select", { id: "tt-signal-board", "aria-label": "On whose battlefield" }, ...t.players.map((_, i) => h("option", { value: i, selected: i === Math.max(0, d.me()) }, `${d.nameOf(i)}'s battlefield`))) as HTMLSelectElement;
  const colour = h("select", { id: "tt-signal-colour", "aria-label": "Colour" }, ...SIGNAL_COLOURS.map((c) => h("option", { value: c, selected: c === signalColour() }, c))) as HTMLSelectElement;
  const put = h("button", { type: "button", class: "primary", id: "tt-signal-place" }, "Place in the middle");
  put.addEventListener("click", () => {
    const c = colour.value as SignalColour;
    rememberColour(c);
    d.dialog.hidden = true;
    place(d, Number(board.value), { x: 5000, y: 5000 }, c);
  });
  const rows = list.map((s) => {
    const rm = h("button", { type: "button", class: "small", id: `tt-signal-rm-${s.id}` }, "Remove");
    rm.addEventListener("click", () => {
      remove(d, s);
      d.dialog.hidden = true;
    });
    return h("li", { "data-signal": s.id }, h("span", { class: `tt-dot tt-swatch-${s.colour}`, "aria-hidden": "true" }), ` ${s.colour[0].toUpperCase()}${s.colour.slice(1)} on ${d.nameOf(s.board)}'s battlefield (${whose(d, s)}) `, rm);
  });
  show(
    d,
    "signals",
    h("h2", {}, "Signals"),
    h("p", { class: "tt-hint" }, `${list.length ? `${list.length} on the table; anyone may remove one.` : "No signals on the table."} To place one, right click an empty spot of a battlefield (a long press on a phone), or a card; to remove one, click or tap it.`),
    ...(list.length ? [h("ul", { class: "tt-signals", id: "tt-signal-list" }, ...rows)] : []),
    h("div", { class: "tt-signal-form" }, board, colour, put),
    h("div", { class: "notice-actions" }, closeButton(d, "Close")),
  );
}
