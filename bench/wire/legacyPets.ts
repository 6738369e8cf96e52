// Auto Pets' hand-written schema as it was before the generic projection (server/rooms/pets/
// PetsTable.ts and parts.ts `project`, issue 38), kept here only so the `wire` bench measures
// before and after in one run (docs/benchmarks.md "wire"). Nothing else imports it.

import { ArraySchema, Schema, type, view } from "@colyseus/schema";
import { MAX_SEATS, ROUNDS, ROW_SIZE, type PetsView } from "../../common/pets/index.js";
import { syncList } from "../../server/rooms/base/numberList.js";
import { GameRoomState } from "../../server/rooms/game/GameRoomState.js";

export class LegacyPetsPrivate extends Schema {
  @type(["uint16"]) handIds = new ArraySchema<number>();
  @type(["string"]) handKeys = new ArraySchema<string>();
  @type(["string"]) picks = new ArraySchema<string>();
  @type(["uint16"]) order = new ArraySchema<number>();
}

export class LegacyPetsPlayer extends Schema {
  @type("boolean") inGame = false;
  @type("uint8") gold = 0;
  @type("uint8") trophies = 0;
  @type("uint8") wins = 0;
  @type("uint8") losses = 0;
  @type("boolean") passed = false;
  @type("boolean") arranged = false;
  @type("uint8") cards = 0;
  @type("uint8") pets = 0;
  @view() @type(LegacyPetsPrivate) private = new LegacyPetsPrivate();
}

export class LegacyPetsTable extends GameRoomState {
  @type("uint8") round = 0;
  @type("string") stage = "";
  @type("int8") turn = -1;
  @type(["string"]) row = new ArraySchema<string>();
  @type("uint8") deckCount = 0;
  @type([LegacyPetsPlayer]) players = new ArraySchema<LegacyPetsPlayer>();
  @type(["string"]) battles = new ArraySchema<string>();
  @type(["uint8"]) winners = new ArraySchema<number>();
  @type("uint16") timer = 0;
  @type("uint16") arrangeTimer = 0;
  @type("string") botLevel = "";
}

export function legacyPets(seats: number): LegacyPetsTable {
  const st = new LegacyPetsTable();
  st.botLevel = "medium";
  for (let s = 0; s < seats; s++) st.players.push(new LegacyPetsPlayer());
  for (let i = 0; i < ROW_SIZE; i++) st.row.push("");
  for (let i = 0; i < ROUNDS * Math.ceil(Math.min(seats, MAX_SEATS) / 2); i++) st.battles.push("");
  return st;
}

function put<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  if (target[key] !== value) target[key] = value;
}

/** Its projection as it was (room seat = game seat here). */
export function projectLegacyPets(st: LegacyPetsTable, view: (g: number | null) => PetsView): void {
  const v = view(null);
  put(st, "round", v.round);
  put(st, "stage", v.phase);
  put(st, "turn", v.phase === "shop" ? v.turn : -1);
  v.row.forEach((c, i) => put(st.row, i, c ? c.card : ""));
  put(st, "deckCount", v.deckCounts[v.round - 1] ?? 0);
  st.players.forEach((pl, g) => {
    put(pl, "inGame", true);
    put(pl, "gold", v.gold[g]);
    put(pl, "trophies", v.trophies[g]);
    put(pl, "wins", v.wins[g]);
    put(pl, "losses", v.losses[g]);
    put(pl, "passed", v.passed[g]);
    put(pl, "arranged", v.arranged[g]);
    put(pl, "cards", v.handCounts[g]);
    put(pl, "pets", v.petCounts[g]);
    const own = view(g);
    syncList(pl.private.handIds, (own.hand ?? []).map((c) => c.id));
    syncList(pl.private.handKeys, (own.hand ?? []).map((c) => c.card));
    syncList(pl.private.picks, (own.picks ?? []).map((c) => c.card));
    syncList(pl.private.order, own.order ?? []);
  });
  v.battles.forEach((b, i) => {
    if (i >= st.battles.length || st.battles[i] !== "") return;
    const wire: Record<string, unknown> = { round: b.round, seats: b.seats, ghost: b.ghost, lineups: b.lineups, events: b.events, winner: b.winner === null ? -1 : b.winner < 0 ? -2 : b.winner, trophies: b.trophies };
    if (b.opponent) wire.opponent = { name: b.opponent.name, round: b.opponent.round, trophies: b.opponent.trophies, at: b.opponent.at, bot: b.opponent.bot };
    st.battles[i] = JSON.stringify(wire);
  });
  syncList(st.winners, v.winners ?? []);
}
