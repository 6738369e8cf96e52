// Minesweeper rooms on the seated-room base, driven by real colyseus.js clients
// against a real server: matchmaking, private codes, spectators, reconnection,
// seat tokens, validation and crash containment (a co-op game itself: minesweeper.coop.test.ts).

import { expect } from "chai";
import { Room as ClientRoom, type Room } from "colyseus.js";
import { CELL } from "../../common/minesweeper/index.js";
import { CODE_PATTERN } from "../../server/rooms/base/privateCodes.js";
import type { MinesweeperRoom } from "../../server/rooms/minesweeper/index.js";
import {
  bootHub,
  dropConnection,
  hiddenMine,
  Probe,
  rejection,
  play,
  rc,
  seated as seatedClient,
  safeHiddenCell,
  snapshot,
  until,
  useHub,
  watcher as watchRoom,
  type SeatedClient,
  type TestHub,
} from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { captureLogs } from "../helpers/logLines.js";
import { cellsOf } from "../helpers/boardRows.js";

const PORT = testPort(2570);


type Player = SeatedClient;

describe("minesweeper rooms (seated-room base)", function () {
  this.timeout(20_000);
  // Generous message limits: these tests pace nothing (the fuzz suite tests the real limit).
  const hub = useHub(PORT, { reconnectSeconds: 1, seatHoldSeconds: 60, messageRate: { burst: 1000, perSecond: 1000 } });
  afterEach(async () => {
    await hub.colyseus.cleanup();
  });

  const seated = (join: Promise<Room<any>>, cellsAtReceipt = false) => seatedClient(join, undefined, { cellsAtReceipt });
  const watcher = (roomId: string) => watchRoom(hub, roomId);

  describe("matchmaking", () => {
    it("quick play puts two co-op players in the same room, each with a private seat token", async () => {
      const ann = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", name: "Ann" }));
      // Defaults are filled in before matching: {mode:"coop"} meets {mode:"coop", level:"beginner"}.
      const bob = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", level: "beginner", name: "Bob" }));
      expect(bob.room.roomId).to.equal(ann.room.roomId);
      expect([ann.seat, bob.seat]).to.deep.equal([0, 1]);
      expect(ann.seatToken).to.match(/^[A-Za-z0-9_-]{22,}$/);
      expect(bob.seatToken).to.not.equal(ann.seatToken);
      // Nobody ever receives another seat's token.
      await bob.probe.until(() => bob.probe.state.seats?.[0]?.name === "Ann" || undefined);
      expect(JSON.stringify(bob.probe.messages)).to.not.include(ann.seatToken);
      expect(JSON.stringify(ann.probe.messages)).to.not.include(bob.seatToken);
      expect(JSON.stringify(snapshot(bob.probe.state))).to.not.include(ann.seatToken);
      const welcome = ann.probe.of("welcome")[0];
      expect(welcome).to.include({ roomId: ann.room.roomId, private: false, spectator: false });
      expect(welcome.serverTime).to.be.a("number");
      const state = bob.probe.state;
      expect(state.game).to.equal("minesweeper");
      expect(state.mode).to.equal("coop");
      expect(state.maxSeats).to.equal(8);
      expect(state.owner).to.equal(0);
      expect(state.seats.map((s: any) => [s.name, s.occupied, s.connected])).to.deep.include.members([
        ["Ann", true, true],
        ["Bob", true, true],
      ]);
    });

    it("solo quick play gives every player their own room", async () => {
      const a = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "solo" }));
      const b = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", {}));
      expect(a.room.roomId).to.not.equal(b.room.roomId);
      expect(a.probe.state.maxSeats).to.equal(1);
    });

    it("different levels never meet; custom boards meet only on the same size", async () => {
      const a = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", level: "expert" }));
      const b = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", level: "beginner" }));
      const c = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", level: "custom", rows: 10, cols: 12, mines: 20 }));
      const d = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", level: "custom", rows: 10, cols: 12, mines: 20 }));
      const e = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", level: "custom", rows: 10, cols: 12, mines: 21 }));
      const f = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", level: "beginner", noGuess: true }));
      const g = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", noGuess: true }));
      expect(new Set([a, b, c, e, f].map((p) => p.room.roomId)).size, "a no-guess board never meets an ordinary one").to.equal(5);
      expect(g.room.roomId).to.equal(f.room.roomId);
      expect(f.probe.state.noGuess).to.equal("on");
      expect(d.room.roomId).to.equal(c.room.roomId);
      expect([c.probe.state.rows, c.probe.state.cols, c.probe.state.mines]).to.deep.equal([10, 12, 20]);
    });

    it("a full room leaves quick play but still takes spectators, and comes back when a seat frees", async () => {
      const a = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", seats: 2, name: "A" }));
      const b = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", name: "B" }));
      const roomId = a.room.roomId;
      expect(b.room.roomId).to.equal(roomId);
      const c = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", name: "C" }));
      expect(c.room.roomId, "quick play must not pick a full room").to.not.equal(roomId);

      const err = await rejection(hub.colyseus.sdk.joinById(roomId, { name: "D" }));
      expect(err.message).to.match(/full/);
      const spectator = await watcher(roomId);
      await until(() => hub.room(roomId).state.spectators === 1);
      expect(spectator.of("seat")).to.have.length(0);

      const list = (await hub.get("/api/rooms")).body as any[];
      const listed = list.find((r) => r.roomId === roomId);
      expect(listed, "a full public room stays listed for spectators").to.deep.equal({
        roomId,
        game: "minesweeper",
        mode: "coop",
        level: "beginner",
        players: 2,
        maxPlayers: 2,
        spectators: 1,
        phase: "fresh",
      });

      await b.room.leave(true);
      await until(() => !hub.room(roomId).state.seats[1].occupied);
      expect(hub.room(roomId).listing.private).to.equal(false);
      const d = await seated(hub.colyseus.sdk.joinById(roomId, { name: "D" }));
      expect(d.seat).to.equal(1);
    });

    it("concurrent quick plays never overfill a room", async () => {
      const joins = await Promise.all(
        Array.from({ length: 12 }, (_, i) => seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", seats: 2, name: `P${i}` }))),
      );
      const byRoom = new Map<string, number[]>();
      for (const p of joins) byRoom.set(p.room.roomId, [...(byRoom.get(p.room.roomId) ?? []), p.seat]);
      for (const [roomId, seats] of byRoom) {
        expect(seats.length, roomId).to.be.at.most(2);
        expect(new Set(seats).size).to.equal(seats.length);
        expect(hub.room(roomId).state.seats.filter((s) => s.occupied).length).to.equal(seats.length);
      }
    });
  });

  describe("private rooms", () => {
    it("get a 5-letter code, stay out of /api/rooms, and are joined by code in any case", async () => {
      const host = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "coop", private: true, name: "Host" }));
      const code = host.room.roomId;
      expect(code).to.match(CODE_PATTERN);
      expect(host.probe.of("welcome")[0]).to.include({ private: true, roomId: code });
      const pub = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop" }));
      expect(pub.room.roomId, "quick play never lands in a private room").to.not.equal(code);

      const all = (await hub.get("/api/rooms")).body as any[];
      expect(all.map((r) => r.roomId)).to.include(pub.room.roomId).and.not.include(code);
      expect(((await hub.get("/api/rooms?game=minesweeper")).body as any[]).map((r) => r.roomId)).to.include(pub.room.roomId);
      expect((await hub.get("/api/rooms?game=cubestacc")).body).to.deep.equal([]);
      expect((await hub.get("/api/rooms?game=%3Cscript%3E")).status).to.equal(400);

      const lower = await seated(hub.colyseus.sdk.joinById(code.toLowerCase(), { name: "Low" }));
      expect(lower.room.roomId).to.equal(code);
      expect(lower.seat).to.equal(1);
      const mixed = await seated(hub.colyseus.sdk.joinById(code[0] + code.slice(1).toLowerCase(), { name: "Mix" }));
      expect(mixed.room.roomId).to.equal(code);
      const spectator = await hub.colyseus.sdk.joinById(code.toLowerCase(), { spectate: true });
      expect(spectator.roomId).to.equal(code);
    });

    it("200 private rooms get 200 distinct valid codes", async () => {
      const rooms = await Promise.all(Array.from({ length: 200 }, () => hub.colyseus.createRoom("minesweeper", { private: true })));
      const codes = rooms.map((r) => r.roomId);
      for (const code of codes) expect(code).to.match(CODE_PATTERN);
      expect(new Set(codes).size).to.equal(200);
      const listed = ((await hub.get("/api/rooms")).body as any[]).map((r) => r.roomId);
      expect(listed.filter((id) => codes.includes(id))).to.deep.equal([]);
      await Promise.all(rooms.map((r) => r.disconnect()));
    });
  });

  describe("spectators", () => {
    it("get no seat and no private data, and every move they send is refused without changing anything", async () => {
      const ann = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", name: "Ann" }));
      const server = hub.room(ann.room.roomId);
      await play(ann, "reveal", { r: 4, c: 4 });
      const spectator = await watcher(ann.room.roomId);
      expect(spectator.of("welcome")[0]).to.include({ spectator: true });
      expect(spectator.of("seat")).to.deep.equal([]);
      await until(() => server.state.spectators === 1);
      await spectator.until(() => spectator.state.spectators === 1 || undefined);
      expect(server.metadata.spectators).to.equal(1);

      const before = snapshot(server.state);
      const logBefore = server.session.log.length;
      const moves: [string, unknown][] = [
        ["reveal", { r: 0, c: 0 }],
        ["flag", { r: 0, c: 0 }],
        ["chord", { r: 4, c: 4 }],
        ["restart", {}],
        ["cursor", { r: 1, c: 1 }],
        ["ready", { ready: true }],
        ["start", {}],
      ];
      for (const [type, payload] of moves) spectator.room.send(type, payload);
      await spectator.until(() => spectator.of("error").length === moves.length || undefined);
      expect(spectator.of("error").map((e) => [e.type, e.code])).to.deep.equal(moves.map(([type]) => [type, "not-seated"]));
      expect(server.session.log.length).to.equal(logBefore);
      expect({ ...snapshot(server.state), serverTime: 0 }).to.deep.equal({ ...before, serverTime: 0 });
      // What a spectator decodes is exactly the public state, with no mine and no token in it.
      expect(cellsOf(snapshot(spectator.state)).every((c: number) => c <= CELL.FLAG)).to.equal(true);
      expect(JSON.stringify(spectator.messages)).to.not.include(ann.seatToken);

      spectator.room.send("chat", { text: "  nice  " });
      const chat = await ann.probe.next("event", 0, (e) => e.kind === "chat");
      expect(chat).to.deep.equal({ kind: "chat", seat: -1, name: "Watcher", text: "nice" });
      await spectator.room.leave(true);
      await until(() => server.state.spectators === 0);
    });
  });

  describe("reconnection and seat tokens", () => {
    it("an abnormal socket close keeps the seat; client.reconnect() resumes the same seat and board", async () => {
      const ann = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "solo", name: "Ann" }));
      const server = hub.room(ann.room.roomId);
      await play(ann, "reveal", { r: 4, c: 4 });
      const mine = hiddenMine(server);
      const flagAt = rc(server, mine);
      await play(ann, "flag", flagAt);
      const board = cellsOf(snapshot(ann.probe.state));
      const token = ann.room.reconnectionToken;

      dropConnection(ann.room);
      await until(() => server.seatStatus(0) === "reconnecting", 4000, "server notices the drop");
      expect(server.state.seats[0].occupied).to.equal(true);
      expect(server.state.seats[0].connected).to.equal(false);

      const back = await seated(hub.colyseus.sdk.reconnect(token));
      expect(back.seat).to.equal(0);
      expect(back.seatToken).to.equal(ann.seatToken);
      await until(() => server.seatStatus(0) === "connected");
      await back.probe.until(() => back.probe.state.seats?.[0]?.connected === true || undefined);
      expect(cellsOf(snapshot(back.probe.state))).to.deep.equal(board);
      expect(back.probe.state.flags).to.equal(1);
      // And the game goes on from where it was.
      const next = safeHiddenCell(server);
      await play(back, "reveal", rc(server, next));
      expect(server.session.log.length).to.equal(3);
      expect(cellsOf(back.probe.state)[next]).to.be.at.most(8);
    });

    it("after the window the seat is held; its token reclaims it from a fresh client, other tokens are refused", async () => {
      const ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "solo", name: "Ann" }));
      const roomId = ann.room.roomId;
      const server = hub.room(roomId);
      await play(ann, "reveal", { r: 4, c: 4 });
      const board = cellsOf(snapshot(ann.probe.state));

      dropConnection(ann.room);
      await until(() => server.seatStatus(0) === "held", 5000, "the reconnection window to pass");
      expect(server.clients.length).to.equal(0);
      expect(server.autoDispose, "a held seat keeps an empty room alive").to.equal(false);
      const stale = await rejection(hub.colyseus.sdk.reconnect(ann.room.reconnectionToken));
      expect(stale.message).to.match(/expired|invalid/);

      const other = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "solo" }));
      for (const seatToken of ["not-a-token", other.seatToken, ann.seatToken.slice(0, -1) + (ann.seatToken.endsWith("A") ? "B" : "A")]) {
        const err = await rejection(hub.colyseus.sdk.joinById(roomId, { seatToken }));
        expect(err.message, seatToken).to.match(/seat token/);
      }
      expect(server.seatStatus(0)).to.equal("held");

      const again = await seated(hub.colyseus.sdk.joinById(roomId, { seatToken: ann.seatToken }));
      expect(again.seat).to.equal(0);
      expect(again.seatToken).to.equal(ann.seatToken);
      expect(again.probe.of("welcome")[0]).to.include({ roomId, spectator: false });
      expect(server.seatStatus(0)).to.equal("connected");
      expect(server.autoDispose).to.equal(true);
      await again.probe.until(() => cellsOf(again.probe.state).length === 81 || undefined);
      expect(cellsOf(snapshot(again.probe.state))).to.deep.equal(board);
      expect(again.probe.state.seats[0].name).to.equal("Ann");
      await play(again, "reveal", rc(server, safeHiddenCell(server)));
      expect(server.session.log.length).to.equal(2);
    });

    it("a room with a held seat and other players still shuts down cleanly", async () => {
      // Regression: Colyseus re-arms its auto-dispose timer when a reconnection window ends; turning
      // autoDispose off for the held seat must not leave a stale timer that blocks disposal forever.
      const ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "coop", seats: 2, private: true }));
      const bob = await seated(hub.colyseus.sdk.joinById(ann.room.roomId, {}));
      const server = hub.room(ann.room.roomId);
      await play(ann, "reveal", { r: 4, c: 4 });
      dropConnection(bob.room);
      await until(() => server.seatStatus(1) === "held", 5000);
      let disposed = false;
      server.disconnect().then(() => (disposed = true));
      await until(() => disposed, 3000, "disconnect() to dispose the room");
      expect(hub.colyseus.getRoomById(ann.room.roomId)).to.equal(undefined);
      expect(hub.store.recentGames({ roomId: ann.room.roomId })[0]).to.include({ result: "abandoned" });
    });

    it("a seat token takes the seat over from a live or reconnecting connection", async () => {
      const ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "coop", seats: 2, name: "Ann" }));
      const roomId = ann.room.roomId;
      const server = hub.room(roomId);
      // Live (e.g. a second tab or a socket not yet known dead): the old one is told and closed.
      const tab2 = await seated(hub.colyseus.sdk.joinById(roomId, { seatToken: ann.seatToken }));
      expect(tab2.seat).to.equal(0);
      const told = await ann.probe.next("error", 0, (e) => e.code === "seat-reclaimed");
      expect(told.type).to.equal("seat");
      await ann.probe.until(() => ann.probe.left !== null || undefined);
      expect(server.state.seats.filter((s) => s.occupied).length).to.equal(1);
      expect(server.seatStatus(0)).to.equal("connected");

      // Reconnecting: the token wins and the old reconnection token stops working.
      const token = tab2.room.reconnectionToken;
      dropConnection(tab2.room);
      await until(() => server.seatStatus(0) === "reconnecting");
      const tab3 = await seated(hub.colyseus.sdk.joinById(roomId, { seatToken: ann.seatToken, name: "Ann2" }));
      expect(tab3.seat).to.equal(0);
      expect(server.seatStatus(0)).to.equal("connected");
      expect(server.state.seats[0].name).to.equal("Ann2");
      await rejection(hub.colyseus.sdk.reconnect(token));
      expect(server.seatStatus(0)).to.equal("connected");
      await play(tab3, "reveal", { r: 0, c: 0 });
      expect(server.session.log.length).to.equal(1);
    });

    it("a connection dropped before its join completed does not hold a seat", async () => {
      const ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "coop", seats: 2, private: true }));
      const server = hub.room(ann.room.roomId);
      const taken: number[] = [];
      const hooks = server as unknown as { onSeatTaken(seat: number, reclaimed: boolean): void };
      const onSeatTaken = hooks.onSeatTaken.bind(server);
      hooks.onSeatTaken = (seat, reclaimed) => {
        taken.push(seat);
        onSeatTaken(seat, reclaimed);
      };
      // Kill the socket the moment the server's JOIN_ROOM arrives, before the client acknowledges it.
      const proto = ClientRoom.prototype as unknown as { onMessageCallback(this: Room<any>, e: MessageEvent): void };
      const original = proto.onMessageCallback;
      proto.onMessageCallback = function (this: Room<any>, event: MessageEvent) {
        if (new Uint8Array(event.data as ArrayBuffer)[0] === 10) return dropConnection(this);
        return original.call(this, event);
      };
      try {
        await rejection(hub.colyseus.sdk.joinById(ann.room.roomId, { name: "Ghost" }));
      } finally {
        proto.onMessageCallback = original;
      }
      await until(() => server.state.seats[1].name === "" && !server.state.seats[1].occupied, 4000, "the ghost's seat to free");
      expect(taken, "the ghost did get seat 1 first").to.deep.equal([1]);
      expect(server.seatStatus(1)).to.equal("free");
      const bob = await seated(hub.colyseus.sdk.joinById(ann.room.roomId, { name: "Bob" }));
      expect(bob.seat).to.equal(1);
    });

    it("a consented leave frees the seat and its token stops working", async () => {
      const ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "coop", seats: 2, name: "Ann" }));
      const bob = await seated(hub.colyseus.sdk.joinById(ann.room.roomId, { name: "Bob" }));
      const server = hub.room(ann.room.roomId);
      await ann.room.leave(true);
      await until(() => server.seatStatus(0) === "free");
      expect(server.state.seats[0].name).to.equal("");
      expect(server.state.owner, "ownership passes on").to.equal(1);
      const err = await rejection(hub.colyseus.sdk.joinById(ann.room.roomId, { seatToken: ann.seatToken }));
      expect(err.message).to.match(/seat token/);
      expect(bob.seat).to.equal(1);
    });

    it("a co-op game's end lets a dropped player's held seat go", async () => {
      const ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "coop", seats: 2, private: true, name: "Ann" }));
      const bob = await seated(hub.colyseus.sdk.joinById(ann.room.roomId, { name: "Bob" }));
      const server = hub.room(ann.room.roomId);
      await play(ann, "reveal", { r: 4, c: 4 });
      dropConnection(bob.room);
      await until(() => server.seatStatus(1) === "held", 5000);
      await play(ann, "reveal", rc(server, hiddenMine(server)));
      expect(server.state.phase).to.equal("lost");
      expect(server.seatStatus(1)).to.equal("free");
      const err = await rejection(hub.colyseus.sdk.joinById(ann.room.roomId, { seatToken: bob.seatToken }));
      expect(err.message).to.match(/seat token/);
    });
  });

  describe("options, messages and robustness", () => {
    it("refuses invalid options with a clear message", async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ mode: "versus" }, /mode/],
        [{ mode: "race", seats: 1 }, /seats/],
        [{ mode: "race", seats: 9 }, /seats/],
        [{ mode: 5 }, /mode/],
        [{ level: "hard" }, /level/],
        [{ level: "custom", rows: 0, cols: 10, mines: 5 }, /rows/],
        [{ level: "custom", rows: 10, cols: 10, mines: 95 }, /mines/],
        [{ mode: "coop", seats: 9 }, /seats/],
        [{ mode: "coop", seats: 1.5 }, /seats/],
        [{ mode: "solo", seats: 3 }, /one seat/],
        [{ private: "yes" }, /private/],
        [{ name: 42 }, /name/],
        [{ spectate: "please" }, /spectate/],
        [{ spectate: true }, /Spectators join an existing room/],
        [{ seatToken: "abc" }, /seat token/],
      ];
      for (const [options, message] of cases) {
        const err = await rejection(hub.colyseus.sdk.create("minesweeper", options));
        expect(err.message, JSON.stringify(options)).to.match(message);
      }
    });

    it("sanitises display names", async () => {
      const p = await seated(hub.colyseus.sdk.create("minesweeper", { name: "  \u0007Zed\u202e the magnificent one \n" }));
      await p.probe.until(() => p.probe.state.seats?.[0]?.occupied || undefined);
      expect(p.probe.state.seats[0].name).to.equal("Zed the magnific");
      const q = await seated(hub.colyseus.sdk.create("minesweeper", { name: " \u0000 " }));
      await q.probe.until(() => q.probe.state.seats?.[0]?.occupied || undefined);
      expect(q.probe.state.seats[0].name).to.equal("Player");
    });

    it("chat and ready from seats; start is not a minesweeper thing", async () => {
      const ann = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "coop", name: "Ann" }));
      const bob = await seated(hub.colyseus.sdk.joinById(ann.room.roomId, { name: "Bob" }));
      ann.room.send("chat", { text: "hello\u0000 there" });
      expect(await bob.probe.next("event", 0, (e) => e.kind === "chat")).to.deep.equal({ kind: "chat", seat: 0, name: "Ann", text: "hello there" });
      bob.room.send("ready", { ready: true });
      await ann.probe.until(() => ann.probe.state.seats[1].ready === true || undefined);
      bob.room.send("start", {});
      expect(await bob.probe.next("error", 0)).to.include({ code: "not-allowed", type: "start" });
      ann.room.send("start", {});
      expect(await ann.probe.next("error", 0)).to.include({ code: "not-allowed", type: "start" });
      ann.room.send("chat", { text: "x".repeat(201) });
      expect(await ann.probe.next("error", 0, (e) => e.type === "chat")).to.include({ code: "bad-payload" });
    });

    it("an exception inside one room is contained: the sender is told, the server and the room go on", async () => {
      const p = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "solo" }));
      const other = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "solo" }));
      const server = hub.room(p.room.roomId) as MinesweeperRoom & { session: { apply: unknown } };
      const logged = captureLogs("error");
      const errors = logged.lines;
      try {
        (server.session as any).apply = () => {
          throw new Error("boom");
        };
        p.room.send("reveal", { r: 1, c: 1 });
        expect(await p.probe.next("error", 0)).to.include({ code: "internal", type: "reveal" });
        expect(errors.length).to.be.greaterThan(0);
        expect(errors[0]).to.include({ event: "room.error", room: p.room.roomId, game: "minesweeper" });
      } finally {
        logged.restore();
        delete (server.session as any).apply;
      }
      await play(p, "reveal", { r: 1, c: 1 });
      expect(server.state.phase).to.equal("active");
      await play(other, "reveal", { r: 1, c: 1 });
      expect(hub.room(other.room.roomId).state.phase).to.equal("active");
      expect((await hub.get("/__healthcheck")).status).to.equal(200);
    });

    it("serves the health check; the monitor is off unless configured (test/server/security.http.test.ts)", async () => {
      expect((await hub.get("/__healthcheck")).status).to.equal(200);
      expect((await hub.get("/colyseus/")).status).to.equal(404);
    });
  });
});

describe("minesweeper rooms: held seats run out", function () {
  this.timeout(20_000);
  let hub: TestHub;
  before(async () => {
    hub = await bootHub(PORT + 1, { reconnectSeconds: 1, seatHoldSeconds: 1 });
  });
  after(async () => {
    await hub.shutdown();
  });

  it("a held seat is freed when its hold ends, and the empty room then goes away", async () => {
    const room = await hub.colyseus.sdk.create("minesweeper", { mode: "solo" });
    const probe = new Probe(room);
    const { seatToken } = await probe.next("seat", 0);
    const server = hub.room(room.roomId);
    room.send("reveal", { r: 0, c: 0 });
    await probe.until(() => probe.state.phase === "active" || undefined);
    dropConnection(room);
    await until(() => server.seatStatus(0) === "held", 5000);
    await until(() => hub.colyseus.getRoomById(room.roomId) === undefined, 8000, "the room to dispose");
    const err = await rejection(hub.colyseus.sdk.joinById(room.roomId, { seatToken }));
    expect(err.message).to.match(/not found|disposed/);
    expect(hub.store.recentGames({ roomId: room.roomId })[0]).to.include({ result: "abandoned" });
  });
});
