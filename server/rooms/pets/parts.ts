// Auto Pets on the generic game room: how the rules' views are written into PetsTable and
// how events name room seats. Seats, moves, timers, bots and records are server/rooms/game/.

import { MAX_SEATS, petsDef, ROUNDS, ROW_SIZE, type PetsEvent, type PetsMove, type PetsRoomConfig, type PetsState, type PetsView } from "../../../common/pets/index.js";
import { sizeNextEncoder } from "../base/encodeBuffer.js";
import { syncList } from "../base/numberList.js";
import type { GameServerParts } from "../game/GameRoom.js";
import { PetsPlayer, PetsTable, type PetsBattleWire, type PetsEventWire, type PetsPrivate } from "./PetsTable.js";
import { arenaRoomMove, arenaTeamsOf } from "./arena.js";

/** Battles a game of `seats` can have: a battle per pair (and one for the odd player out; an arena run's one) each round. */
const battleSlots = (seats: number) => ROUNDS * Math.ceil(Math.min(seats, MAX_SEATS) / 2);

/**
 * A pets room's encode buffers. A 4-seat game's full state passes the default 8 KB by round
 * 5 (battles are 0.1–2.5 KB of JSON each, 12 of them; measured up to 15 KB in 600 random
 * games), and past 8 KB a reclaimed seat's full state arrived cut (server/rooms/base/
 * encodeBuffer.ts). 64 KB holds 12 battles of twice the largest measured.
 */
export const PETS_ENCODE_BUFFER = 64 * 1024;
/** The buffer for a room of `seats`: 64 KB per four seats (8 seats: 24 battles). */
export const petsEncodeBuffer = (seats: number) => PETS_ENCODE_BUFFER * Math.max(1, Math.ceil(seats / 4));

function put<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  if (target[key] !== value) target[key] = value;
}

function clearPrivate(p: PetsPrivate): void {
  syncList(p.handIds, []);
  syncList(p.handKeys, []);
  syncList(p.picks, []);
  syncList(p.order, []);
}

function writePrivate(p: PetsPrivate, v: PetsView): void {
  syncList(p.handIds, (v.hand ?? []).map((c) => c.id));
  syncList(p.handKeys, (v.hand ?? []).map((c) => c.card));
  syncList(p.picks, (v.picks ?? []).map((c) => c.card));
  syncList(p.order, v.order ?? []);
}

/** Events name room seats; a battle names its sides and winner (−1 draw, −2 a ghost). */
function toWire(e: PetsEvent, room: (g: number | null) => number): PetsEventWire {
  switch (e.type) {
    case "battle":
      return { kind: "battle", index: e.index, seats: [room(e.seats[0]), room(e.seats[1])], winner: e.winner === null ? -1 : e.winner < 0 ? -2 : room(e.winner) };
    case "finished":
      return { kind: "finished", winners: e.winners.map(room) };
    default: {
      const { type, ...rest } = e;
      const out = { kind: type, ...rest } as Exclude<PetsEventWire, { kind: "battle" | "finished" }>;
      if ("seat" in out) out.seat = room(out.seat);
      return out;
    }
  }
}

export const petsParts: GameServerParts<PetsState, PetsMove, PetsEvent, PetsRoomConfig, PetsView, PetsTable> = {
  def: petsDef,
  createState(c) {
    sizeNextEncoder(petsEncodeBuffer(c.seats));
    const st = new PetsTable();
    st.timer = c.turnSeconds;
    st.arrangeTimer = c.togetherSeconds ?? 0;
    st.botLevel = c.botLevel ?? "medium";
    for (let s = 0; s < c.seats; s++) st.players.push(new PetsPlayer());
    for (let i = 0; i < ROW_SIZE; i++) st.row.push("");
    for (let i = 0; i < battleSlots(c.seats); i++) st.battles.push("");
    return st;
  },
  toWire,
  roomMove: arenaRoomMove,
  // Every game leaves its people's decks for the arena (a finished one's; an abandoned game's battles so far).
  record: (info) => ({ teams: info.state.phase === "finished" ? arenaTeamsOf(info) : [] }),
  privateState: (st, seat) => st.players[seat]?.private,
  seatTaken(st, seat, reclaimed, playing) {
    if (!reclaimed && !playing) clearPrivate(st.players[seat].private);
  },
  metadata: (c) => ({ seats: c.seats, timer: c.turnSeconds, arrange: c.togetherSeconds ?? 0 }),
  project(st, p) {
    const v = p.view(null);
    if (p.fresh) st.winners.clear();
    put(st, "round", v.round);
    put(st, "stage", v.phase);
    put(st, "turn", v.phase === "shop" ? p.room(v.turn) : -1);
    // The row is 4 slots: written in place.
    v.row.forEach((c, i) => put(st.row, i, c ? c.card : ""));
    put(st, "deckCount", v.deckCounts[v.round - 1] ?? 0);
    st.players.forEach((pl, r) => {
      const g = p.gameSeatOf[r];
      if (g === undefined || g < 0) {
        put(pl, "inGame", false);
        clearPrivate(pl.private);
        return;
      }
      put(pl, "inGame", true);
      put(pl, "gold", v.gold[g]);
      put(pl, "trophies", v.trophies[g]);
      put(pl, "wins", v.wins[g]);
      put(pl, "losses", v.losses[g]);
      put(pl, "passed", v.passed[g]);
      put(pl, "arranged", v.arranged[g]);
      put(pl, "cards", v.handCounts[g]);
      put(pl, "pets", v.petCounts[g]);
      writePrivate(pl.private, p.view(g));
    });
    // A fixed list of BATTLE_SLOTS strings written in place ("" = not fought yet): no list
    // growth or clearing on the wire (see `sync`).
    if (p.fresh) for (let i = 0; i < st.battles.length; i++) put(st.battles, i, "");
    v.battles.forEach((b, i) => {
      if (i >= st.battles.length || st.battles[i] !== "") return;
      const wire: PetsBattleWire = {
        round: b.round,
        seats: [p.room(b.seats[0]), p.room(b.seats[1])],
        ghost: b.ghost,
        lineups: b.lineups,
        events: b.events,
        winner: b.winner === null ? -1 : b.winner < 0 ? -2 : p.room(b.winner),
        trophies: b.trophies,
      };
      if (b.opponent) wire.opponent = { name: b.opponent.name, round: b.opponent.round, trophies: b.opponent.trophies, at: b.opponent.at, bot: b.opponent.bot };
      st.battles[i] = JSON.stringify(wire);
    });
    syncList(st.winners, (v.winners ?? []).map((g) => p.room(g)));
  },
};
