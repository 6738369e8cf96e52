// The card table on the generic game room: how each viewer's view is written into its schema (TableRoomState.ts).
//
// Projection: every viewer's view (common/table/visibility.ts) is cut into small JSON parts
// (common/table/wire.ts: a player, a zone's id list or count, a card, a log line). The
// spectator's version of a part goes to everyone; a seat whose version differs gets its own
// `key#seat` object, shown to that seat's connections only through a StateView (AudienceMap).
// So hidden zones are a count in the schema for everyone else, a card travels only to whom
// may see it, and an action re-sends only the parts it changed (a tap: one card).
// Why not one schema field per card attribute: CardView has ~20 optional fields, counters
// and labels as maps and lists; the JSON part keeps the schema flat and the bytes close to
// the engine's own view patches (docs/table.md "Bench"), and one function decides visibility.

import { checkDeckName, checkNotFrozen } from "../../../common/table/admit.js";
import type { ResolvedCards } from "../../../common/table/cards.js";
import { MAX_PLAYERS } from "../../../common/table/types.js";
import { CARD_LOOKUPS, type LookupTask } from "../../cards/lookups.js";
import { deckQueries } from "../../../common/table/deck.js";
import { cardStore } from "../../cards/store.js";
import { tableDef, type TableGameView, type TableMove, type TableOut, type TableRoomConfig, type TableState } from "../../../common/table/game.js";
import { lineJson, splitView } from "../../../common/table/wire.js";
import { sizeNextEncoder } from "../base/encodeBuffer.js";
import { jsonAudience, type JsonFields, type Wanted } from "../game/audience.js";
import type { GameServerParts } from "../game/GameRoom.js";
import { TableRoomState, ViewPart } from "./TableRoomState.js";

/** Time a decklist's lookups may take on their thread (ms): a 500-line list takes tens of ms. */
export const LOOKUP_BUDGET_MS = 5_000;

/** What a player reads when their deck's cards could not be looked up (nothing was taken: the list is imported again). */
export const LOOKUP_REFUSALS = {
  failed: "The card data cannot be read right now, so your deck was not taken: import it again in a moment.",
  slow: "Looking up your deck's cards took too long (the server is busy), so your deck was not taken: import it again in a moment.",
  busy: "The server is busy looking up cards, so your deck was not taken: import it again in a few seconds.",
};

/** Every part object the room holds: public ones and each seat's differing versions (room seats). */
export function wantedParts(views: { seat: number | null; view: TableGameView }[]): Wanted<JsonFields>[] {
  const pub = splitView(views.find((v) => v.seat === null)!.view);
  const out: Wanted<JsonFields>[] = Object.entries(pub).map(([id, json]) => ({ id, audience: "all", fields: { json } }));
  for (const { seat, view: v } of views) {
    if (seat === null) continue;
    const own = splitView(v);
    for (const [k, json] of Object.entries(own)) if (pub[k] !== json) out.push({ id: `${k}#${seat}`, audience: [seat], fields: { json } });
    for (const k of Object.keys(pub)) if (!(k in own)) out.push({ id: `${k}#${seat}`, audience: [seat], fields: { json: "" } });
  }
  return out;
}

/**
 * A table's full state is far above schema's 8 KB encode buffer, and schema 3.0.76 grows it
 * wrongly for StateView encodes (the grown buffer is not kept as the shared one, so the per-view
 * part is written over a stale buffer: clients decode torn strings; test/server/table.leak
 * caught it). A table room's encoder gets a buffer big enough for the largest table instead.
 */
export const TABLE_ENCODE_BUFFER = 1024 * 1024;

/**
 * The log lines' parts, apart from the views': a table keeps up to 500 lines for each of up to
 * eleven viewers, and cutting them out of every view after every action cost milliseconds. An
 * event's lines never change, so its parts are made once per event (and seating) and reused:
 * `l:<seq>` with the spectator's line for everyone, `l:<seq>#<seat>` where a seat's differs.
 * The same parts wantedParts made from the views' lines (test/server/table.parts.test.ts).
 */
const lineWanted = new WeakMap<TableOut, { seating: string; wanted: Wanted<JsonFields>[] }>();

export function lineParts(lines: readonly TableOut[], seats: number, room: (g: number) => number): Wanted<JsonFields>[] {
  const rooms = Array.from({ length: seats }, (_, g) => room(g));
  const seating = rooms.join(",");
  const out: Wanted<JsonFields>[] = [];
  for (const o of lines) {
    let kept = lineWanted.get(o);
    if (!kept || kept.seating !== seating) {
      const key = `l:${o.seq}`;
      const pub = lineJson(o.lines[o.lines.length - 1]);
      const wanted: Wanted<JsonFields>[] = [{ id: key, audience: "all", fields: { json: pub } }];
      rooms.forEach((seat, g) => {
        const own = lineJson(o.lines[g]);
        if (own !== pub) wanted.push({ id: `${key}#${seat}`, audience: [seat], fields: { json: own } });
      });
      lineWanted.set(o, (kept = { seating, wanted }));
    }
    for (const w of kept.wanted) out.push(w);
  }
  return out;
}

export const tableParts: GameServerParts<TableState, TableMove, TableOut, TableRoomConfig, TableGameView, TableRoomState> = {
  def: tableDef,
  createState(c) {
    const st = new TableRoomState();
    sizeNextEncoder(TABLE_ENCODE_BUFFER);
    st.format = c.config.format;
    st.tableMode = c.mode;
    return st;
  },
  project(st, p) {
    // The views without their lines (lineParts has those).
    const bare = (view: TableGameView): TableGameView => ({ ...view, lines: [] });
    const views: { seat: number | null; view: TableGameView }[] = [{ seat: null, view: bare(p.view(null)) }];
    for (let g = 0; g < p.state.seats; g++) views.push({ seat: p.room(g), view: bare(p.view(g)) });
    const wanted = wantedParts(views);
    for (const w of lineParts(p.state.lines, p.state.seats, p.room)) wanted.push(w);
    jsonAudience(st.parts, () => new ViewPart()).sync(wanted, p.viewers);
  },
  attach(st, viewer) {
    jsonAudience(st.parts, () => new ViewPart()).attach(viewer);
  },
  // A whole decklist (its last piece) is looked up in the card data on the server, off the
  // event loop (server/cards/lookups.ts: up to 1,500 queries): the move then carries the cards
  // it names, so the rules stay pure and a replay reads the same cards.
  later(move, at) {
    if (move.type !== "deck" || move.more || at.state.game) return null;
    const text = ((move.at ?? 0) === 0 ? "" : (at.state.pieces[at.gameSeat] ?? "")) + move.text;
    const store = cardStore();
    if (!text.trim() || !store.info()) return null;
    const task: LookupTask = { file: store.file, images: store.images, queries: deckQueries(text) };
    return {
      key: CARD_LOOKUPS,
      work: CARD_LOOKUPS,
      task,
      words: "Looking up your deck's cards…",
      budgetMs: LOOKUP_BUDGET_MS,
      // A whole table behind one address (a classroom) imports at once.
      perAddress: MAX_PLAYERS,
      refusals: LOOKUP_REFUSALS,
      complete: (cards) => ({ ...move, cards: cards as ResolvedCards }),
    };
  },
  admit(st, state, gameSeat, move, away) {
    // The deck's name is the seat's own; an action may wait for an away player (common/table/admit.ts).
    if (move.type === "deck") return checkDeckName(move.name, st.seats[st.order[gameSeat]]?.name ?? "") ?? undefined;
    return move.type === "act" ? (checkNotFrozen(state, gameSeat, move.action, away) ?? undefined) : undefined;
  },
  // Only the viewer's own log line travels (eventsFor already chose it), room seats for the actor.
  toWire(e, room) {
    const line = e.lines[0];
    return line ? { kind: "log", ...line, actor: line.actor >= 0 ? room(line.actor) : -1 } : null;
  },
  metadata(c) {
    return { format: c.config.format, seatsWanted: c.seats };
  },
};
