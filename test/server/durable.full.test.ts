// A room log that cannot take writes, in-process: its file on a small tmpfs this suite mounts
// and fills (as root; its WAL cut first, so the very next commit needs space), or without
// root SQLite's max_page_count capping the real file with the page of the room's next move
// filled, so the write fails with SQLITE_FULL as on a full disk (durable.disk.test.ts runs a
// hub process on a full tmpfs and SIGKILLs it). Checked from the server's side too: a refused
// move leaves the game, its log, its RNG, the turn timer and the bots as they were; a bot's
// or a timer's move waits and is played once space returns; a change that is not a move is
// held back from every client until it is saved. Also the log's bounds: recorded games and
// closed rooms leave it, and a game's moves are capped.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import type Database from "better-sqlite3";
import { Client } from "colyseus.js";
import { SqliteRoomLog } from "../../server/store/RoomLog.js";
import { fillRoomLog, freeRoomLog, mountSmallDisk, truncateWal } from "../helpers/fullDisk.js";
import { seated, sleep, useHub, type SeatedClient } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { comparable, play } from "../helpers/durable.js";
import { TurnTimer } from "../../server/rooms/game/turnTimer.js";

const PORT = testPort(2731);
const WORDS = "The server could not save your move because its disk is full. Nothing changed; try again in a moment.";

const disk = mountSmallDisk(16);
const dir = disk?.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "hub-full-log-"));
const log = new SqliteRoomLog(path.join(dir, "rooms.sqlite"));
const db = (log as unknown as { db: Database.Database }).db;

/** The disk is full: the room's next move cannot be written (nor anything else, on a real disk). */
function fill(roomId: string, gameNo = 1): void {
  if (disk) {
    truncateWal(log);
    disk.fill();
  } else fillRoomLog(log, roomId, gameNo);
}
function free(): void {
  if (disk) disk.free();
  else freeRoomLog(log);
}

/** The server-side truth of a game room: its game's log, RNG and deadline. */
function truth(room: any): unknown {
  return { moves: room.session?.log.length, rng: room.session?.rng.getState(), deadline: room.state.deadline, state: JSON.stringify(room.state.toJSON()) };
}

/** The first error `p` got after message index `mark` (sync answers left out). */
function errorSince(p: SeatedClient, mark: number): any {
  return p.probe.of("error", mark)[0];
}

describe(`a room log that cannot take writes (${disk ? "a full tmpfs" : "max_page_count"}): nothing refused changes anything`, function () {
  this.timeout(60_000);
  const hub = useHub(PORT, { roomLog: log, gameLogMaxKb: 16, diskReserveMb: 0, messageRate: { burst: 1000, perSecond: 1000 } } as never, { botDelayScale: 1 });
  const sdk = () => new Client(`ws://127.0.0.1:${PORT}`);

  afterEach(async () => {
    TurnTimer.timeScale = 1;
    free();
    await sleep(300); // a failing log is probed again at most every quarter second
  });
  after(() => {
    log.close();
    if (disk) disk.unmount();
    else fs.rmSync(dir, { recursive: true, force: true });
  });
  /** Where only a real full disk fails every write (not just those that need a page). */
  function realDiskOnly(ctx: Mocha.Context): void {
    if (!disk) ctx.skip();
  }

  async function connect4(options: Record<string, unknown> = {}): Promise<{ a: SeatedClient; b?: SeatedClient; room: any }> {
    const c = sdk();
    const a = await seated(c.create("connect4", { mode: "online", timer: 0, name: "A", ...options }));
    const b = options.mode === "solo" ? undefined : await seated(c.joinById(a.room.roomId, { name: "B" }));
    await a.probe.until(() => a.room.state.phase === "playing" || undefined);
    return { a, b, room: hub.room(a.room.roomId) };
  }

  it("a player's move: refused not-saved in words; the game, its log, RNG and timer are as they were; saved once space returns", async () => {
    const { a, b, room } = await connect4({ timer: 30 });
    expect(await play(a, { type: "drop", payload: { col: 3 } })).to.equal(true);
    await b!.probe.sync();
    const server = truth(room);
    const seen = [comparable(a.room.state), comparable(b!.room.state)];

    fill(a.room.roomId);
    const mark = b!.probe.messages.length;
    expect(await play(b!, { type: "drop", payload: { col: 4 } })).to.equal(false);
    const e = errorSince(b!, mark);
    expect(e).to.deep.equal({ code: "not-saved", message: WORDS, type: "drop" });
    // Again, refused before it reaches the rules (the log says it is failing).
    expect(await play(b!, { type: "drop", payload: { col: 5 } })).to.equal(false);
    await a.probe.sync();
    expect(truth(room), "the server's game, log, RNG and deadline").to.deep.equal(server);
    expect([comparable(a.room.state), comparable(b!.room.state)], "what both players decode").to.deep.equal(seen);
    expect((await log.load(a.room.roomId))!.moves.length).to.equal(1);

    free();
    await sleep(300); // the failing log is probed at most every quarter second
    expect(await play(b!, { type: "drop", payload: { col: 4 } }), "saved once space is back").to.equal(true);
    // Written with its move: the turn timer's deadline the players see.
    expect((await log.load(a.room.roomId))!.deadlines.deadline).to.equal(b!.room.state.deadline).and.to.be.greaterThan(Date.now());
    expect((await log.load(a.room.roomId))!.moves.map((m) => m.move)).to.deep.equal([
      { type: "drop", col: 3 },
      { type: "drop", col: 4 },
    ]);
    await a.room.leave();
    await b!.room.leave();
  });

  it("a bot's move waits while the log cannot take it, and is played once space returns", async () => {
    const { a, room } = await connect4({ mode: "solo" });
    const botSeat = 1 - a.seat;
    expect(await play(a, { type: "drop", payload: { col: 3 } })).to.equal(true);
    fill(a.room.roomId); // the bot thinks for 400–800 ms: its move meets the full log
    await sleep(2500);
    expect(a.room.state.acting[0], "still the bot's turn").to.equal(botSeat);
    expect(room.session.log.length, "the bot's move is not in the game").to.equal(1);
    free();
    await a.probe.until(() => a.room.state.acting[0] === a.seat || undefined, 5000, "the bot's move once space is back");
    expect(room.session.log.length).to.equal(2);
    expect((await log.load(a.room.roomId))!.moves.length).to.equal(2);
    await a.room.leave();
  });

  it("a turn timer that runs out while the log is full plays its timeout once space returns", async function () {
    this.timeout(30_000);
    // The 5 s timer runs at a fifth of real time (1 s; afterEach puts it back): the wait below outlasts it by half a second.
    TurnTimer.timeScale = 0.2;
    const { a, b, room } = await connect4({ timer: 5 });
    const first = a.room.state.acting[0];
    fill(a.room.roomId);
    await sleep(5000 * 0.2 + 500);
    expect(a.room.state.acting[0], "the turn has not passed: its timeout could not be saved").to.equal(first);
    expect(room.session.log.length).to.equal(0);
    free();
    await a.probe.until(() => a.room.state.acting[0] !== first || undefined, 4000, "the timeout once space is back");
    expect(room.session.log.length).to.equal(1);
    expect((await log.load(a.room.roomId))!.moves[0].move).to.deep.equal({ type: "timeout" });
    await a.room.leave();
    await b!.room.leave();
  });

  it("a change that is not a move (ready) is held back from every client until it is saved; meanwhile moves are refused", async function () {
    realDiskOnly(this);
    const { a, b, room } = await connect4();
    const seen = [comparable(a.room.state), comparable(b!.room.state)];
    fill(a.room.roomId); // no write has failed yet: `ready` passes the gate, and its save fails
    a.room.send("ready", { ready: true });
    await sleep(400);
    expect([comparable(a.room.state), comparable(b!.room.state)], "nobody sees the unsaved change").to.deep.equal(seen);
    const mover = a.room.state.acting[0] === a.seat ? a : b!;
    const mark = mover.probe.messages.length;
    expect(await play(mover, { type: "drop", payload: { col: 0 } })).to.equal(false);
    expect(errorSince(mover, mark)).to.deep.equal({ code: "not-saved", message: WORDS, type: "drop" });
    expect(room.session.log.length).to.equal(0);

    free();
    await a.probe.until(() => a.room.state.seats[a.seat].ready === true || undefined, 3000, "the held change once saved");
    await b!.probe.until(() => b!.room.state.seats[a.seat].ready === true || undefined, 3000, "the held change, for the other player");
    expect((await log.load(a.room.roomId))!.header.seats[a.seat].ready).to.equal(true);
    expect(await play(mover, { type: "drop", payload: { col: 0 } })).to.equal(true);
    await a.room.leave();
    await b!.room.leave();
  });

  it("no room is created when the log cannot take its first write, in words", async function () {
    realDiskOnly(this);
    fill("");
    const refused = await sdk()
      .create("connect4", { mode: "online", timer: 0, name: "A" })
      .then(() => "")
      .catch((e: Error) => e.message);
    expect(refused).to.equal("The server's disk is full, so no new game can start right now. Games already running go on; try again in a few minutes.");
    // ...and a seat is not given out either, once the log is known to fail.
    free();
    await sleep(300);
    const { a, b } = await connect4();
    const waiting = await seated(sdk().create("connect4", { mode: "online", timer: 0, name: "W" }));
    fill(a.room.roomId);
    expect(await play(a.room.state.acting[0] === a.seat ? a : b!, { type: "drop", payload: { col: 2 } })).to.equal(false);
    const join = await sdk()
      .joinById(waiting.room.roomId, { name: "C" })
      .then(() => "")
      .catch((e: Error) => e.message);
    expect(join).to.equal("The server's disk is full, so it cannot save your seat right now. Nothing changed; try again in a moment.");
    for (const p of [a, b!, waiting]) await p.room.leave();
  });

  it("the log keeps only what a restore needs: a recorded game's moves go once the next game starts, a closed room's rows go", async () => {
    const { a, b } = await connect4();
    const roomId = a.room.roomId;
    const first = a.room.state.acting[0] === a.seat ? a : b!;
    const second = first === a ? b! : a;
    for (let i = 0; i < 7; i++) expect(await play(i % 2 ? second : first, { type: "drop", payload: { col: i % 2 } })).to.equal(true);
    expect(a.room.state.phase).to.equal("finished");
    const games = () => (db.prepare(`SELECT game_no AS g, COUNT(*) AS n FROM room_moves WHERE room_id = ? GROUP BY game_no`).all(roomId) as { g: number; n: number }[]).map((r) => [r.g, r.n]);
    expect(games(), "the finished game stays while it is on the table").to.deep.equal([[1, 7]]);
    a.room.send("ready", { ready: true });
    b!.room.send("ready", { ready: true });
    await a.probe.until(() => (a.room.state.gameNo === 2 && a.room.state.phase === "playing") || undefined);
    const next = a.room.state.acting[0] === a.seat ? a : b!;
    expect(await play(next, { type: "drop", payload: { col: 6 } })).to.equal(true);
    expect(games(), "game 1 is in the store: only game 2 is left").to.deep.equal([[2, 1]]);
    await a.room.leave();
    await b!.room.leave();
    for (let i = 0; i < 40 && (await log.load(roomId)); i++) await sleep(100);
    expect(await log.load(roomId), "a closed room whose games are recorded leaves the log").to.equal(null);
    expect(games()).to.deep.equal([]);
  });

  it("a game's moves are capped (GAME_LOG_MAX_KB): past it a move is refused in words and changes nothing", async () => {
    const c = sdk();
    const a = await seated(c.create("table", { seats: 2, name: "A" }));
    const b = await seated(c.joinById(a.room.roomId, { name: "B" }));
    await a.probe.until(() => a.room.state.phase === "playing" || undefined);
    const room = hub.room(a.room.roomId) as any;
    for (const p of [a, b]) expect(await play(p, { type: "deck", payload: { text: "" } }), "the standard deck").to.equal(true);
    await a.probe.until(() => a.room.state.dealt || room.session.state.game || undefined, 4000, "the deal");
    const text = "x".repeat(480);
    let refusal: any = null;
    for (let i = 0; i < 60 && !refusal; i++) {
      const mark = a.probe.messages.length;
      if (!(await play(a, { type: "act", payload: { action: { do: "chat", text: `${i} ${text}` } } }))) refusal = errorSince(a, mark);
    }
    expect(refusal?.code).to.equal("game-too-long");
    expect(refusal.message).to.equal("This game has reached the length limit of its log (16 KB of moves), so no more moves can be saved. Leave it and start a new game from the lobby.");
    const moves = room.session.log.length;
    const logged = (await log.load(a.room.roomId))!.moves.length;
    expect(logged).to.equal(moves);
    expect(JSON.stringify((await log.load(a.room.roomId))!.moves.map((m) => m.move)).length).to.be.below(16 * 1024 + 600);
    await a.room.leave();
    await b.room.leave();
  });
});
