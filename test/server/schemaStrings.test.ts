// Two faults of @colyseus/schema 3.0.76 that broke a player's screen in Auto Pets now and
// then (test/server/pets.leak.test.ts saw ~1–2.5% of games garbled or desynced), each
// reproduced on the pets schema through Colyseus' own SchemaSerializer, seats with their
// views and a spectator decoding every byte they are sent:
// - a string of exactly 255 UTF-8 bytes is encoded with length 0 (colyseus/schema#216):
//   a battle's JSON of that size garbled the rest of its patch for everyone;
// - a full state above the 8 KB default buffer reaches a connection with a view cut at
//   8 KB: a seat reclaimed late in a 4-seat game decoded torn battles.
// No server, no port: no lock needed.

import { expect } from "chai";
import { SchemaSerializer } from "@colyseus/core";
import { decode, encode, StateView } from "@colyseus/schema";
import { petsDef } from "../../common/pets/index.js";
import { encodesLength255, libraryStringWriter } from "../../server/rooms/base/schemaStrings.js";
import { PetsTable, petsParts, type PetsBattleWire } from "../../server/rooms/pets/index.js";
import { wireClient, type WiredClient } from "../helpers/schemaWire.js";

/** A 4-seat pets room's schema and serializer, sized as the room sizes them. */
function petsRoom(): { st: PetsTable; serializer: SchemaSerializer<PetsTable>; clients: WiredClient<PetsTable>[]; join(seat: number | null): WiredClient<PetsTable> } {
  const c = petsDef.configure({ mode: "online", seats: 4 });
  if (!c.ok) throw new Error(c.error.message);
  const st = petsParts.createState(c.value);
  // Colyseus builds the serializer when the room assigns its state, in the same step.
  const serializer = new SchemaSerializer<PetsTable>();
  serializer.reset(st);
  // The room's patch clock has run before anyone joins: the initial changes are discarded.
  serializer.applyPatches([]);
  const clients: WiredClient<PetsTable>[] = [];
  const join = (seat: number | null) => {
    let view: StateView | undefined;
    if (seat !== null) {
      view = new StateView();
      view.add(st.players[seat].private);
    }
    const client = wireClient(serializer, () => new PetsTable(), view);
    clients.push(client);
    return client;
  };
  return { st, serializer, clients, join };
}

/** A battle's wire JSON padded to exactly `bytes` bytes. */
function battleOf(round: number, bytes: number): string {
  const wire = (pad: string): PetsBattleWire => ({ round, seats: [0, 1], ghost: false, lineups: [["ant", pad], ["fish"]], events: [], winner: 0, trophies: 1 });
  const bare = JSON.stringify(wire("")).length;
  const json = JSON.stringify(wire("x".repeat(Math.max(0, bytes - bare))));
  expect(json.length).to.equal(bytes);
  return json;
}

function mismatches(st: PetsTable, clients: readonly WiredClient<PetsTable>[]): string[] {
  const truth = JSON.stringify({ battles: Array.from(st.battles), round: st.round, stage: st.stage });
  return clients.flatMap((c, i) => {
    const seen = JSON.stringify({ battles: Array.from(c.decoded.battles ?? []), round: c.decoded.round, stage: c.decoded.stage });
    return [...c.problems.map((p) => `client ${i}: ${p.slice(0, 80)}`), ...(seen === truth ? [] : [`client ${i} decoded a different table`])];
  });
}

describe("schema strings and encode buffers: every client decodes the pets table the server holds", () => {
  it("schema 3.0.76's own string writer announces a 255-byte string as empty (the fault, shown)", function () {
    if (encodesLength255(libraryStringWriter)) this.skip(); // a schema version with the fix
    const bytes = Buffer.alloc(300);
    libraryStringWriter(bytes, "x".repeat(255), { offset: 0 });
    expect([bytes[0], bytes[1]]).to.deep.equal([0xd9, 0]);
  });

  it("the hub's writer (installed by the room state) writes every length right", () => {
    expect(encodesLength255()).to.equal(true);
    for (const n of [0, 1, 31, 32, 200, 254, 255, 256, 65535, 65536]) {
      const value = "é".repeat(Math.floor(n / 2)) + "x".repeat(n % 2);
      const bytes = Buffer.alloc(n + 8);
      const it = { offset: 0 };
      encode.string(bytes, value, it);
      const out = { offset: 0 };
      const decoded = decode.string(bytes, out);
      expect(decoded, `a string of ${n} bytes`).to.equal(value);
      expect(out.offset).to.equal(it.offset);
    }
  });

  it("a battle of any size from 230 to 280 bytes, written into its slot, reaches every seat and a spectator whole", () => {
    const room = petsRoom();
    const seats = [0, 1, 2, 3].map((s) => room.join(s));
    const spectator = room.join(null);
    let slot = 0;
    for (let bytes = 230; bytes <= 280; bytes++) {
      room.st.battles[slot] = battleOf(1 + (slot % 6), bytes);
      room.st.round = 1 + (slot % 6);
      room.serializer.applyPatches(room.clients as never);
      expect(mismatches(room.st, [...seats, spectator]), `a battle of ${bytes} bytes`).to.deep.equal([]);
      slot = (slot + 1) % room.st.battles.length;
      if (slot === 0) for (let i = 0; i < room.st.battles.length; i++) room.st.battles[i] = "";
    }
  });

  it("a seat reclaimed late in a long game (a full state above 8 KB) gets it whole", () => {
    const room = petsRoom();
    room.join(0);
    room.join(null);
    // Twelve battles of 2.5 KB: the largest measured, ~30 KB of state.
    for (let i = 0; i < room.st.battles.length; i++) {
      room.st.battles[i] = battleOf(1 + Math.floor(i / 2), 2500);
      room.st.round = 1 + Math.floor(i / 2);
      room.serializer.applyPatches(room.clients as never);
    }
    room.st.stage = "shop";
    room.serializer.applyPatches(room.clients as never);
    const back = room.join(2);
    const alsoNew = room.join(null);
    expect(mismatches(room.st, room.clients)).to.deep.equal([]);
    expect(back.decoded.players[2]?.private, "the reclaimed seat's own private part").to.not.equal(undefined);
    expect(alsoNew.decoded.battles.length).to.equal(room.st.battles.length);
  });
});
