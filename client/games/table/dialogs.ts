// The table's dialogs: looking at the top of the library (scry, surveil) or searching it, the
// London mulligan's cards to the bottom, a zone's list, a card's counters, and ending the game
// (proposed to the others, or conceding).
// One dialog element shows one at a time; the server judges every action they send.
import type { Action } from "../../../common/table/catalogue";
import type { TableGameView, TablePayloads } from "../../../common/table/game";
import type { Send } from "../../net/send";
import { MAX_CARDS } from "../../../common/table/types";
import type { CardView, ZoneView } from "../../../common/table/visibility";
import { h } from "../../ui/dom";
import { cardEl } from "./cards";

export interface DialogHost {
  dialog: HTMLElement;
  act(a: Action): void;
  /** A room message other than an action (proposeEnd). */
  send: Send<TablePayloads>;
  view(): TableGameView | null;
  /** This viewer's game seat (−1: spectator). */
  me(): number;
  zoneOf(key: string): ZoneView;
  nameOf(g: number): string;
  /** A free place on the viewer's battlefield. */
  spot(): { x: number; y: number };
  /** A card with the table's drag, tap and menu. */
  withCard(el: HTMLElement, c: CardView, zone: string): HTMLElement;
}

function show(d: DialogHost, kind: string, ...children: (Node | null)[]): void {
  d.dialog.dataset.kind = kind;
  d.dialog.replaceChildren(...children.filter((c): c is Node => c !== null));
  d.dialog.hidden = false;
}

const closeButton = (d: DialogHost, label = "Cancel") => {
  const b = h("button", { type: "button", class: "secondary" }, label);
  b.addEventListener("click", () => (d.dialog.hidden = true));
  return b;
};

/** The scry / surveil / search dialog while the viewer looks at their library; closed when they stop. */
export function drawLooking(d: DialogHost): void {
  const g = d.me();
  const lib = g >= 0 ? d.zoneOf(`${g}.library`) : null;
  const looked = (lib?.known ?? []).filter(([, c]) => c.looking);
  const sig = JSON.stringify(looked.map(([i, c]) => [i, c.id]));
  if (!looked.length) {
    if (d.dialog.dataset.kind === "look") d.dialog.hidden = true;
    return;
  }
  // The same cards still looked at (a redraw for someone else's action): keep the choices made.
  if (sig === d.dialog.dataset.sig && d.dialog.dataset.kind === "look" && !d.dialog.hidden) return;
  d.dialog.dataset.sig = sig;
  // A search looks at the whole library (MAX_CARDS, one less for each card taken out of it); a
  // scry or surveil at the top few.
  const searching = (d.view()?.table?.players[g]?.looking?.n ?? 0) > MAX_CARDS / 2;
  const top: number[] = [];
  const bottom: number[] = [];
  const rows = looked.map(([i, c]) => {
    const state = h("span", { class: "tt-choice" }, "top");
    top.push(c.id);
    const name = c.card?.name ?? "this card";
    const button = (label: string, run: () => void) => {
      const b = h("button", { type: "button", class: "small", "aria-label": `${name}: ${label.toLowerCase() === "top" ? "on top" : label.toLowerCase() === "bottom" ? "on the bottom" : label.toLowerCase()}` }, label);
      b.addEventListener("click", run);
      return b;
    };
    const set = (where: "top" | "bottom") => {
      for (const list of [top, bottom]) if (list.includes(c.id)) list.splice(list.indexOf(c.id), 1);
      (where === "top" ? top : bottom).push(c.id);
      state.textContent = where;
    };
    const choices = searching
      ? [button("To hand", () => d.act({ do: "move", card: c.id, zone: "hand", place: "top" })), button("To battlefield", () => d.act({ do: "move", card: c.id, zone: "battlefield", place: "battlefield", pos: d.spot() }))]
      : [state, button("Top", () => set("top")), button("Bottom", () => set("bottom"))];
    return h("li", { "data-index": i }, cardEl(c), ...choices);
  });
  const done = h("button", { type: "button", class: "primary", id: "tt-look-done" }, searching ? "Done — shuffle" : "Done");
  done.addEventListener("click", () => (searching ? (d.act({ do: "stopLooking" }), d.act({ do: "shuffle" })) : d.act({ do: "arrange", top, bottom })));
  show(
    d,
    "look",
    h("h2", {}, searching ? "Search your library" : `Looking at the top ${looked.length}`),
    h("p", { class: "tt-hint" }, searching ? "Take what you need to your hand or the battlefield; Done shuffles the library." : "Choose Top or Bottom for each card; the ones on top stay in this order."),
    h("ol", { class: "tt-look" }, ...rows),
    done,
  );
}

/** Keep: with a London mulligan, the cards to put on the bottom first (one per mulligan, less a free one). */
export function keepDialog(d: DialogHost): void {
  const t = d.view()!.table!;
  const g = d.me();
  const p = t.players[g];
  const free = t.options.mulligan === "londonFreeFirst" ? 1 : 0;
  const need = t.options.mulligan === "london" || t.options.mulligan === "londonFreeFirst" ? Math.max(0, p.mulligans - free) : 0;
  if (need === 0) return d.act({ do: "keep", bottom: [] });
  const chosen: number[] = [];
  const rows = (d.zoneOf(`${g}.hand`).cards ?? []).map((c) => {
    const b = h("button", { type: "button", class: "small", "aria-label": `Put ${c.card?.name ?? "this card"} on the bottom` }, "Bottom");
    b.addEventListener("click", () => {
      if (!chosen.includes(c.id)) chosen.push(c.id);
      b.disabled = true;
      if (chosen.length === need) {
        d.act({ do: "keep", bottom: chosen });
        d.dialog.hidden = true;
      }
    });
    return h("li", {}, cardEl(c), b);
  });
  show(d, "keep", h("h2", {}, `Keep: put ${need} card${need === 1 ? "" : "s"} on the bottom`), h("ol", { class: "tt-look" }, ...rows));
}

/** A public zone's cards (a graveyard, an exile), each with its menu. */
export function listDialog(d: DialogHost, title: string, cards: CardView[], zone: string): void {
  show(d, "list", h("h2", {}, title), h("div", { class: "tt-list" }, ...cards.map((c) => d.withCard(cardEl(c), c, zone))), closeButton(d, "Close"));
}

/** Counters of a card: a name (common ones offered) and an amount to add or remove. */
export function counterDialog(d: DialogHost, c: CardView): void {
  const name = h("input", { id: "tt-counter-name", list: "tt-counter-names", value: Object.keys(c.counters ?? {})[0] ?? "+1/+1", maxlength: 20, "aria-label": "Counter" }) as HTMLInputElement;
  const names = h("datalist", { id: "tt-counter-names" }, ...["+1/+1", "-1/-1", "loyalty", "charge", "time", "shield", "stun", "oil", "lore"].map((n) => h("option", { value: n })));
  const amount = h("input", { id: "tt-counter-n", type: "number", min: 1, max: 99, value: 1, "aria-label": "How many" }) as HTMLInputElement;
  const send = (sign: number) => {
    const n = Math.max(1, Math.min(99, Math.round(Number(amount.value) || 1)));
    if (name.value.trim()) d.act({ do: "counter", card: c.id, name: name.value.trim().slice(0, 20), delta: sign * n });
    d.dialog.hidden = true;
  };
  const add = h("button", { type: "button", class: "primary", id: "tt-counter-add" }, "Add");
  add.addEventListener("click", () => send(1));
  const remove = h("button", { type: "button", class: "secondary", id: "tt-counter-remove" }, "Remove");
  remove.addEventListener("click", () => send(-1));
  const now = Object.entries(c.counters ?? {}).map(([k, n]) => `${k} ×${n}`).join(", ");
  show(d, "counters", h("h2", {}, `Counters on ${c.card?.name ?? "the card"}`), h("p", {}, now ? `Now: ${now}.` : "No counters yet."), h("div", { class: "tt-form" }, name, names, amount), h("div", { class: "notice-actions" }, add, remove, closeButton(d)));
  name.focus();
}

/**
 * Ending the game: who won (none: nobody). The table is not a judge, so the players say so, all
 * of them: with others still playing this proposes the end and they are asked to agree (the bar
 * above the table, endVote.ts); alone, it ends the game. Conceding is here too: you leave the
 * game, and when nobody else is left in it the others win.
 */
export function endDialog(d: DialogHost): void {
  const t = d.view()!.table!;
  const g = d.me();
  if (g < 0) return;
  if (t.players[g]?.eliminated) {
    show(d, "end", h("h2", {}, "End the game"), h("p", {}, "You conceded: the players still in the game decide when it ends."), h("div", { class: "notice-actions" }, closeButton(d, "Close")));
    return;
  }
  const others = t.players.flatMap((p, i) => (i !== g && !p.eliminated ? [d.nameOf(i)] : []));
  const boxes = t.players.map((_, i) => h("input", { type: "checkbox", value: i, id: `tt-winner-${i}` }) as HTMLInputElement);
  const alone = others.length === 0;
  const confirm = h("button", { type: "button", class: "primary", id: "tt-end-confirm" }, alone ? "End the game" : "Ask the others to end it");
  confirm.addEventListener("click", () => {
    d.send("proposeEnd", { winners: boxes.filter((b) => b.checked).map((b) => Number(b.value)) });
    d.dialog.hidden = true;
  });
  const concede = h("button", { type: "button", class: "secondary", id: "tt-concede" }, "Concede");
  concede.addEventListener("click", () => {
    d.act({ do: "concede" });
    d.dialog.hidden = true;
  });
  const list = others.length > 1 ? `${others.slice(0, -1).join(", ")} and ${others[others.length - 1]}` : others[0];
  show(
    d,
    "end",
    h("h2", {}, "End the game"),
    h("p", { class: "tt-hint" }, alone ? "Tick who won (none: nobody). Everyone then sees the end screen and the replay." : `Tick who won (none: nobody). ${list} ${others.length === 1 ? "is" : "are"} asked to agree; the game ends when everyone still playing does.`),
    ...t.players.map((_, i) => h("label", { class: "tt-winner" }, boxes[i], ` ${d.nameOf(i)}`)),
    h("div", { class: "notice-actions" }, confirm, closeButton(d)),
    alone ? null : h("p", { class: "tt-hint tt-concede" }, others.length === 1 ? `Or concede: you leave the game at once and ${others[0]} wins.` : "Or concede: you leave the game at once (you can still chat) and the others play on; when only one is left in it, they win."),
    alone ? null : h("div", { class: "notice-actions" }, concede),
  );
}
