// The heaviest messages a player can send, at the largest sizes, through real colyseus.js
// clients: an 8-seat table of 500-card decks (4,000 cards: MAX_CARDS) is dealt, and a draw,
// a shuffle, untapAll, lookTop 50, stopLooking and an undo are each answered with their log
// line to every seat; a 100×100 Minesweeper board opened by one click is won. No times are
// asserted here: bench/messages.ts measures them (docs/benchmarks.md "Messages at the limit").

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { deckMessages } from "../../common/table/game.js";
import { bootHub, NO_RATE_LIMITS, Probe, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { cellsOf } from "../helpers/boardRows.js";
import { CELL } from "../../common/minesweeper/types.js";
import { serverMines } from "../helpers/peek.js";

const PORT = testPort(2877);
const SEATS = 8;
const deck = ["Deck", ...Array.from({ length: 125 }, (_, i) => `4 Practice Card ${i} | Creature — Bear | {1}{G} | 2/2`)].join("\n");

const stage = (p: Probe) => {
  const json = p.state?.parts?.get?.("m")?.json as string | undefined;
  return json ? (JSON.parse(json) as { stage: string }).stage : null;
};

describe("the heaviest messages at the largest sizes are answered", function () {
  this.timeout(120_000);
  let hub: TestHub;
  let sdk: Client;

  before(async () => {
    hub = await bootHub(PORT, { ...NO_RATE_LIMITS });
    sdk = new Client(`ws://127.0.0.1:${PORT}`);
  });
  after(async () => {
    await hub.shutdown();
  });

  it("an 8-seat table of 4,000 cards: the deal, draw, shuffle, untapAll, lookTop, stopLooking and undo", async () => {
    const first = await sdk.create("table", { seats: SEATS });
    const rooms: Room<any>[] = [first];
    const probes = [new Probe(first)];
    for (let i = 1; i < SEATS; i++) {
      rooms.push(await sdk.joinById(first.roomId));
      probes.push(new Probe(rooms[i]));
    }
    await probes[0].until(() => probes[0].state?.phase === "playing", 10_000, "the table's start");
    for (const [s, r] of rooms.entries()) {
      for (const p of deckMessages(deck)) r.send("deck", p);
      await probes[s].sync(30_000);
    }
    await probes[0].until(() => stage(probes[0]) === "table", 30_000, "the deal");
    for (const r of rooms) r.send("act", { action: { do: "keep", bottom: [] } });
    for (const p of probes) await p.sync(30_000);
    for (const action of [{ do: "draw", n: 1 }, { do: "shuffle" }, { do: "untapAll" }, { do: "lookTop", n: 50 }, { do: "stopLooking" }, { do: "undo" }]) {
      const from = probes.map((p) => p.messages.length);
      rooms[0].send("act", { action });
      for (const [s, p] of probes.entries()) {
        const line = await p.next("event", from[s], (e: { kind: string }) => e.kind === "log", 30_000);
        expect(line, `${action.do}: seat ${s} gets its log line`).to.exist;
      }
      expect(probes[0].of("error", from[0]), `${action.do} is not refused`).to.deep.equal([]);
    }
    for (const r of rooms) await r.leave();
  });

  it("a 100×100 Minesweeper board with one mine, opened by one click, is won", async () => {
    const room = await sdk.create("minesweeper", { mode: "solo", level: "custom", rows: 100, cols: 100, mines: 1 });
    const probe = new Probe(room);
    await probe.sync();
    const from = probe.messages.length;
    room.send("reveal", { r: 50, c: 50 });
    const won = () => probe.state?.result === "won" || probe.state?.phase === "won";
    const open = () => cellsOf(probe.state).filter((x) => x !== CELL.HIDDEN).length;
    await probe.until(() => won() || open() >= 9_990 || undefined, 30_000, "the opening on the board");
    // With the mine at a corner's diagonal neighbour or beside a corner (about 12 of 10,000
    // places), the cells it cuts off there are numbers touching no zero: the flood stops short of
    // them and each takes a click of its own (the mine read from the room, as a player who knows).
    if (!won()) {
      const mines = serverMines(room.roomId)!;
      cellsOf(probe.state).forEach((code, i) => {
        if (code === CELL.HIDDEN && !mines[i]) room.send("reveal", { r: Math.floor(i / 100), c: i % 100 });
      });
    }
    await probe.until(() => won() || undefined, 30_000, "the win");
    expect(probe.of("error", from)).to.deep.equal([]);
    await room.leave();
  });
});
