// A player back from a drop sees exactly what its seat may see now, through real sockets.
//
// Colyseus hands a reconnection the StateView of the connection that dropped. That view missed
// every change of audience while nobody was connected with it: an object its seat could see
// before the drop and may no longer see (AudienceMap, server/rooms/game/audience.ts) stayed in
// it, and the reconnected player decoded it again (hidden information leaking back). The room
// base now builds a fresh view for every connection that shows a seat (SeatBook.freshView).
// No game of the registry narrows an object's audience today, so a small room here does: one
// note shown to seat 0, then to seat 1 only while seat 0 is away.

import { expect } from "chai";
import { boot, type ColyseusTestServer } from "@colyseus/testing";
import { MapSchema, Schema, StateView, type, view } from "@colyseus/schema";
import type { Client } from "@colyseus/core";
import { SeatedRoom, type GameSetup } from "../../server/rooms/base/SeatedRoom.js";
import { HubState } from "../../server/rooms/base/HubState.js";
import { badPayload, objectWith, ok } from "../../server/rooms/base/validate.js";
import { AudienceMap, type Wanted } from "../../server/rooms/game/audience.js";
import { dropConnection, Probe, seated, until } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2824);

class Note extends Schema {
  @type("string") text = "";
}
class NotesState extends HubState {
  @view() @type({ map: Note }) notes = new MapSchema<Note>();
}

/** Two seats and one note, shown to the seat a `show {to}` names. */
class NotesRoom extends SeatedRoom<NotesState> {
  protected readonly gameId = "notes";
  private audience!: AudienceMap<Note, { text: string }>;
  private readonly wanted: Wanted<{ text: string }>[] = [{ id: "note", audience: [0], fields: { text: "for your eyes only" } }];

  protected createGame(): GameSetup<NotesState> {
    this.settings = { ...this.settings, reconnectSeconds: 20 };
    const state = new NotesState();
    this.audience = new AudienceMap<Note, { text: string }>(state.notes, () => new Note(), (t, f) => void (t.text !== f.text && (t.text = f.text)));
    this.defineMessage<{ to: number }>("show", {
      parse: (p) => {
        const o = objectWith(p, ["to"]);
        if (!o.ok) return o;
        return o.value.to === 0 || o.value.to === 1 ? ok({ to: o.value.to }) : badPayload("to is 0 or 1");
      },
      run: (_ctx, { to }) => {
        this.wanted[0] = { ...this.wanted[0], audience: [to] };
        this.showNotes();
      },
    });
    return { state, mode: "test", seats: 2 };
  }
  protected override onCreated(): void {
    this.showNotes();
  }
  protected override onViewer(client: Client, seat: number): void {
    client.view ??= new StateView();
    this.audience.attach({ view: client.view, seat: seat < 0 ? null : seat });
  }
  private showNotes(): void {
    const viewers = [...this.clients].filter((c) => c.view).map((c) => ({ view: c.view!, seat: this.seatOf(c) < 0 ? null : this.seatOf(c) }));
    this.audience.sync(this.wanted, viewers);
  }
}

const notesOf = (probe: Probe) => {
  const out: Record<string, string> = {};
  probe.state?.notes?.forEach((n: Note, id: string) => (out[id] = n.text));
  return out;
};

describe("seats: a reconnection's view is built afresh", function () {
  this.timeout(20_000);
  let server: ColyseusTestServer;
  before(async () => {
    server = await boot({ initializeGameServer: (gs) => void gs.define("notes", NotesRoom) }, PORT);
  });
  after(async () => {
    await server.shutdown();
  });

  it("an object whose audience left the seat while its player was away is not decoded again after the reconnection", async () => {
    const ann = await seated(server.sdk.create("notes", { name: "Ann" }));
    const bob = await seated(server.sdk.joinById(ann.room.roomId, { name: "Bob" }));
    await ann.probe.until(() => notesOf(ann.probe).note === "for your eyes only" || undefined, 4000, "Ann sees the note");
    expect(notesOf(bob.probe)).to.deep.equal({});

    const token = ann.room.reconnectionToken;
    dropConnection(ann.room);
    const room = server.getRoomById(ann.room.roomId) as unknown as NotesRoom;
    await until(() => room.seatStatus(0) === "reconnecting", 4000, "Ann away");
    bob.room.send("show", { to: 1 });
    await bob.probe.until(() => notesOf(bob.probe).note === "for your eyes only" || undefined, 4000, "the note now Bob's");

    const back = new Probe(await server.sdk.reconnect(token));
    await back.next("seat", 0);
    await back.sync();
    expect(notesOf(back), "Ann, back, sees what seat 0 may see now").to.deep.equal({});
    // ...and what it is shown again reaches it.
    bob.room.send("show", { to: 0 });
    await back.until(() => notesOf(back).note === "for your eyes only" || undefined, 4000, "the note Ann's again");
  });
});
