// Two faults of @colyseus/schema 3.0.76 that broke a player's screen in Auto Pets now and
// then (its old socket leak suite saw ~1–2.5% of games garbled or desynced), each reproduced
// on the pets room's state (the generic view parts, server/rooms/game/ViewRoomState.ts)
// through Colyseus' own SchemaSerializer, seats with their views and a spectator decoding
// every byte they are sent:
// - a string of exactly 255 UTF-8 bytes is encoded with length 0 (colyseus/schema#216):
//   a battle's part of that size garbled the rest of its patch for everyone;
// - a full state above the 8 KB default buffer reaches a connection with a view cut at
//   8 KB: a seat reclaimed late in a 4-seat game decoded torn battles.
// No server, no port: no lock needed.

import { expect } from "chai";
import { SchemaSerializer } from "@colyseus/core";
import { decode, encode, StateView } from "@colyseus/schema";
import { petsDef } from "../../common/pets/index.js";
import { encodesLength255, libraryStringWriter } from "../../server/rooms/base/schemaStrings.js";
import { ViewPart, ViewRoomState } from "../../server/rooms/game/ViewRoomState.js";
import { petsParts } from "../../server/rooms/pets/index.js";
import { wireClient, type WiredClient } from "../helpers/schemaWire.js";

/** A 4-seat pets room's state and serializer, sized as the room sizes them. */
function petsRoom(): { st: ViewRoomState; serializer: SchemaSerializer<ViewRoomState>; clients: WiredClient<ViewRoomState>[]; join(seat: number | null): WiredClient<ViewRoomState>; put(key: string, json: string): ViewPart } {
  const c = petsDef.configure({ mode: "online", seats: 4 });
  if (!c.ok) throw new Error(c.error.message);
  const st = petsParts.createState(c.value);
  // Colyseus builds the serializer when the room assigns its state, in the same step.
  const serializer = new SchemaSerializer<ViewRoomState>();
  serializer.reset(st);
  // The room's patch clock has run before anyone joins: the initial changes are discarded.
  serializer.applyPatches([]);
  const clients: WiredClient<ViewRoomState>[] = [];
  const views = new Map<WiredClient<ViewRoomState>, number | null>();
  /** A part for everyone, or (`key#seat`) for that seat's views only. */
  const put = (key: string, json: string) => {
    let part = st.parts.get(key);
    if (!part) {
      part = new ViewPart();
      st.parts.set(key, part);
    }
    part.json = json;
    const own = /#(\d+)$/.exec(key);
    for (const [client, seat] of views) if (!own || Number(own[1]) === seat) client.view?.add(part);
    return part;
  };
  const join = (seat: number | null) => {
    const view = new StateView();
    st.parts.forEach((part, key) => {
      const own = /#(\d+)$/.exec(key);
      if (!own || Number(own[1]) === seat) view.add(part);
    });
    const client = wireClient(serializer, () => new ViewRoomState(), view);
    clients.push(client);
    views.set(client, seat);
    return client;
  };
  return { st, serializer, clients, join, put };
}

/** A battle's part padded to exactly `bytes` bytes. */
function battleOf(round: number, bytes: number): string {
  const wire = (pad: string) => [round, [0, 1], false, [["ant", pad], ["fish"]], [], [], 0, 1];
  const bare = JSON.stringify(wire("")).length;
  const json = JSON.stringify(wire("x".repeat(Math.max(0, bytes - bare))));
  expect(json.length).to.equal(bytes);
  return json;
}

/** What a client decoded that differs from the server's parts it may see. */
function mismatches(st: ViewRoomState, clients: readonly WiredClient<ViewRoomState>[], seats: readonly (number | null)[]): string[] {
  return clients.flatMap((c, i) => {
    const truth: Record<string, string> = {};
    st.parts.forEach((p, k) => {
      const own = /#(\d+)$/.exec(k);
      if (!own || Number(own[1]) === seats[i]) truth[k] = p.json;
    });
    const seen: Record<string, string> = {};
    c.decoded.parts?.forEach((p, k) => (seen[k] = p.json));
    return [...c.problems.map((p) => `client ${i}: ${p.slice(0, 80)}`), ...(JSON.stringify(seen, Object.keys(truth).sort()) === JSON.stringify(truth, Object.keys(truth).sort()) && Object.keys(seen).length === Object.keys(truth).length ? [] : [`client ${i} decoded different parts`])];
  });
}

describe("schema strings and encode buffers: every client decodes the pets parts the server holds", () => {
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

  it("a battle of any size from 230 to 280 bytes, written into its part, reaches every seat and a spectator whole", () => {
    const room = petsRoom();
    const order = [0, 1, 2, 3, null];
    order.forEach((s) => room.join(s));
    room.put("h.5#1", JSON.stringify([-1, "ant"]));
    for (let bytes = 230; bytes <= 280; bytes++) {
      room.put(`b.${bytes - 230}`, battleOf(1 + (bytes % 6), bytes));
      room.put("round", String(1 + (bytes % 6)));
      room.serializer.applyPatches(room.clients as never);
      expect(mismatches(room.st, room.clients, order), `a battle of ${bytes} bytes`).to.deep.equal([]);
    }
  });

  it("a seat reclaimed late in a long game (a full state above 8 KB) gets it whole", () => {
    const room = petsRoom();
    const order: (number | null)[] = [0, null];
    room.join(0);
    room.join(null);
    // Twelve battles of 2.5 KB: beyond the largest measured, ~30 KB of state.
    for (let i = 0; i < 12; i++) {
      room.put(`b.${i}`, battleOf(1 + Math.floor(i / 2), 2500));
      room.put("round", String(1 + Math.floor(i / 2)));
      room.put(`h.${i}#2`, JSON.stringify([i - 1, "ant"]));
      room.serializer.applyPatches(room.clients as never);
    }
    room.put("phase", '"shop"');
    room.serializer.applyPatches(room.clients as never);
    const back = room.join(2);
    const alsoNew = room.join(null);
    order.push(2, null);
    expect(mismatches(room.st, room.clients, order)).to.deep.equal([]);
    expect(back.decoded.parts.get("h.11#2")?.json, "the reclaimed seat's own part").to.equal(JSON.stringify([10, "ant"]));
    let battles = 0;
    alsoNew.decoded.parts.forEach((_p, k) => (battles += k.startsWith("b.") ? 1 : 0));
    expect(battles).to.equal(12);
  });
});
