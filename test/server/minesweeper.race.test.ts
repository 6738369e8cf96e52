// Minesweeper versus race, driven by real colyseus.js clients: ready / start /
// countdown, the go signal, private boards, fairness, ranking, leaving, play again,
// recording and replay. (What each racer and a spectator receive: test/server/wire.test.ts.)

import { expect } from "chai";
import { replay } from "../../common/core/session.js";
import { CELL, HIDDEN, raceRules, solveFrom, viewRace, type MinesweeperState as Board } from "../../common/minesweeper/index.js";
import type { RaceRoom } from "../../server/rooms/minesweeper/index.js";
import { dropConnection, Probe, rejection, until, type TestHub, seated, type SeatedClient } from "../helpers/hub.js";
import { bootMinesweeperHub } from "../helpers/minesweeper.js";
import { testPort } from "../helpers/ports.js";
import { cellsOf } from "../helpers/boardRows.js";

const PORT = testPort(2641);
const HOLD_PORT = testPort(2642);
const COUNTDOWN_MS = 60;

type Player = SeatedClient;


/** Server truth of a room seat's board in the current race. */
function boardOf(server: RaceRoom, seat: number): Board {
  const raceSeat = server.seatOrder.indexOf(seat);
  if (raceSeat < 0 || !server.session) throw new Error(`seat ${seat} is not racing`);
  return server.session.state.boards[raceSeat];
}

function cellOf(board: Board, want: "safe" | "mine"): { r: number; c: number } {
  const cols = board.config.cols;
  for (let i = 0; i < board.status.length; i++) {
    if (board.status[i] === HIDDEN && (want === "mine") === (board.mines![i] === 1)) return { r: Math.floor(i / cols), c: i % cols };
  }
  throw new Error(`no hidden ${want} cell`);
}

describe("minesweeper race rooms", function () {
  this.timeout(20_000);
  let hub: TestHub;

  before(async () => {
    hub = await bootMinesweeperHub(PORT, { raceCountdownMs: COUNTDOWN_MS, messageRate: { burst: 5000, perSecond: 5000 } });
  });
  afterEach(async () => {
    await hub.colyseus.cleanup();
  });
  after(async () => {
    await hub.shutdown();
  });

  async function raceRoom(n: number, options: Record<string, unknown> = {}) {
    const host = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "race", seats: 4, name: "P0", ...options }));
    const players = [host];
    for (let k = 1; k < n; k++) players.push(await seated(hub.colyseus.sdk.joinById(host.room.roomId, { name: `P${k}` })));
    const spectatorRoom = await hub.colyseus.sdk.joinById(host.room.roomId, { spectate: true, name: "Watcher" });
    const spectator = new Probe(spectatorRoom);
    await spectator.next("welcome", 0);
    const server = hub.room<RaceRoom>(host.room.roomId);
    return { players, spectator, server, roomId: host.room.roomId };
  }

  async function play(p: Player, type: string, payload: unknown): Promise<void> {
    p.room.send(type, payload);
    await p.probe.sync();
  }

  async function readyAll(players: Player[], timeoutMs = 4000): Promise<void> {
    for (const p of players) p.room.send("ready", { ready: true });
    await Promise.all(players.map((p) => p.probe.until(() => p.probe.state.phase === "racing" || undefined, timeoutMs, "racing")));
  }

  async function settle(...probes: Probe[]): Promise<void> {
    await Promise.all(probes.map((p) => p.sync().catch(() => undefined)));
  }

  describe("options and state", () => {
    it("creates a race room with the race schema; quick play matches on mode and board", async () => {
      const a = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "race", name: "Ann" }));
      const b = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "race", level: "beginner", name: "Bob" }));
      const c = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "coop", name: "Cy" }));
      const d = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "race", level: "expert", name: "Di" }));
      expect(b.room.roomId).to.equal(a.room.roomId);
      expect(c.room.roomId).to.not.equal(a.room.roomId);
      expect(d.room.roomId).to.not.equal(a.room.roomId);
      const st = a.probe.state;
      await a.probe.until(() => st.seats?.[1]?.occupied || undefined);
      expect([st.mode, st.phase, st.maxSeats, st.level, st.rows, st.cols, st.mines]).to.deep.equal(["race", "waiting", 8, "beginner", 9, 9, 10]);
      expect([st.raceNo, st.countdownEndsAt, st.goAt, st.endedAt, st.winner, st.replayId]).to.deep.equal([0, 0, 0, 0, -1, -1]);
      expect(st.players.length).to.equal(8);
      // Own board only: seat 0 holds players[0].board, never players[1].board.
      expect(cellsOf(st.players[0].board).length).to.equal(81);
      expect(st.players[1].board).to.equal(undefined);
      expect(cellsOf(b.probe.state.players[1].board).length).to.equal(81);
      expect(b.probe.state.players[0].board).to.equal(undefined);
      const rooms = (await hub.get("/api/rooms?game=minesweeper")).body as any[];
      expect(rooms.find((r) => r.roomId === a.room.roomId)).to.include({ mode: "race", level: "beginner", players: 2, maxPlayers: 8, phase: "waiting" });
    });

    it("refuses bad race options", async () => {
      for (const [options, message] of [
        [{ mode: "race", seats: 1 }, /seats/],
        [{ mode: "race", seats: 9 }, /seats/],
        [{ mode: "race", level: "hard" }, /level/],
      ] as const) {
        const err = await rejection(hub.colyseus.sdk.create("minesweeper", options));
        expect(err.message).to.match(message);
      }
    });
  });

  describe("ready, start and countdown", () => {
    it("a countdown starts when every seated player is ready, then the go is a logged move at server time", async () => {
      const { players, spectator, server } = await raceRoom(3);
      const [a, b, c] = players;
      a.room.send("ready", { ready: true });
      b.room.send("ready", { ready: true });
      await settle(a.probe, b.probe);
      expect(server.state.phase, "one seat is not ready yet").to.equal("waiting");
      const before = Date.now();
      c.room.send("ready", { ready: true });
      const countdown = await spectator.next("event", 0, (e) => e.kind === "countdown");
      expect(countdown.seats).to.deep.equal([0, 1, 2]);
      expect(countdown.endsAt).to.be.within(before, before + COUNTDOWN_MS + 1000);
      await spectator.until(() => spectator.state.phase === "countdown" || spectator.state.phase === "racing" || undefined);
      const go = await spectator.next("event", 0, (e) => e.kind === "go");
      expect(go).to.deep.include({ raceNo: 1, seats: [0, 1, 2] });
      expect(go.at).to.be.at.least(countdown.endsAt);
      const race = server.session!;
      expect(race.log[0]).to.deep.equal({ seat: 0, move: { type: "go" }, t: go.at });
      expect(race.state.goAt).to.equal(go.at);
      await spectator.until(() => spectator.state.phase === "racing" || undefined);
      expect(spectator.state.goAt).to.equal(go.at);
      expect(spectator.state.countdownEndsAt).to.equal(0);
      // Every start clears `ready`, so the next race needs a new round of ready.
      expect(spectator.state.seats.slice(0, 3).map((s: any) => s.ready)).to.deep.equal([false, false, false]);
      expect(spectator.state.players.slice(0, 4).map((p: any) => p.inRace)).to.deep.equal([true, true, true, false]);
    });

    it("un-ready cancels an all-ready countdown; the owner's start is not cancelled by it", async () => {
      const { players, server } = await raceRoom(2);
      const [a, b] = players;
      // A long countdown so the cancel surely lands inside it.
      (server as any).settings.raceCountdownMs = 5000;
      try {
        a.room.send("ready", { ready: true });
        b.room.send("ready", { ready: true });
        await a.probe.next("event", 0, (e) => e.kind === "countdown");
        await a.probe.until(() => a.probe.state.countdownEndsAt > 0 || undefined);
        b.room.send("ready", { ready: false });
        await a.probe.next("event", 0, (e) => e.kind === "countdown-cancelled");
        await a.probe.until(() => (a.probe.state.phase === "waiting" && a.probe.state.countdownEndsAt === 0) || undefined);

        // Owner's start: not everyone ready, the countdown still runs to the go.
        (server as any).settings.raceCountdownMs = 150;
        b.room.send("start", {});
        expect(await b.probe.next("error", 0, (e) => e.type === "start")).to.include({ code: "not-allowed" });
        const from = a.probe.messages.length;
        a.room.send("start", {});
        await a.probe.next("event", from, (e) => e.kind === "countdown");
        a.room.send("ready", { ready: false });
        await a.probe.next("event", from, (e) => e.kind === "go");
        expect(a.probe.of("event", from).some((e) => e.kind === "countdown-cancelled")).to.equal(false);
        await a.probe.until(() => a.probe.state.phase === "racing" || undefined);
        a.room.send("start", {});
        expect(await a.probe.next("error", from, (e) => e.type === "start")).to.include({ code: "not-allowed" });
      } finally {
        (server as any).settings.raceCountdownMs = COUNTDOWN_MS;
      }
    });

    it("start needs two players; a seat leaving during the countdown below two cancels it", async () => {
      const solo = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "race", seats: 2 }));
      solo.room.send("start", {});
      expect(await solo.probe.next("error", 0, (e) => e.type === "start")).to.include({ code: "too-few-players" });
      solo.room.send("ready", { ready: true });
      await solo.probe.sync();
      expect(solo.probe.state.phase).to.equal("waiting");

      const { players, server } = await raceRoom(2);
      (server as any).settings.raceCountdownMs = 5000;
      try {
        const [a, b] = players;
        a.room.send("start", {});
        await a.probe.next("event", 0, (e) => e.kind === "countdown");
        // No seat is given out during the countdown.
        const err = await rejection(hub.colyseus.sdk.joinById(a.room.roomId, { name: "Late" }));
        expect(err.message).to.match(/seat|full/i);
        await b.room.leave(true);
        await a.probe.next("event", 0, (e) => e.kind === "countdown-cancelled");
        await until(() => server.state.phase === "waiting");
      } finally {
        (server as any).settings.raceCountdownMs = COUNTDOWN_MS;
      }
    });

    it("moves before the go are refused (not-started); restart and cursor are not race messages", async () => {
      const { players } = await raceRoom(2);
      const [a] = players;
      for (const [type, payload, code] of [
        ["reveal", { r: 0, c: 0 }, "not-started"],
        ["flag", { r: 0, c: 0 }, "not-started"],
        ["restart", {}, "not-allowed"],
        ["cursor", { r: 1, c: 1 }, "not-allowed"],
        ["reveal", { r: 9, c: 0 }, "out-of-range"],
      ] as const) {
        a.room.send(type, payload);
        expect(await a.probe.next("error", 0, (e) => e.type === type && e.code === code)).to.include({ code });
      }
    });
  });

  describe("racing", () => {
    it("is fair: every racer has the same mines and the same opening, and sees only its own board", async () => {
      const { players, spectator, server } = await raceRoom(4, { level: "intermediate" });
      await readyAll(players);
      const boards = server.seatOrder.map((seat) => boardOf(server, seat));
      expect(boards).to.have.length(4);
      const mines = Array.from(boards[0].mines!);
      expect(mines.reduce((n, m) => n + m, 0)).to.equal(40);
      for (const b of boards) {
        expect(Array.from(b.mines!)).to.deep.equal(mines);
        expect(Array.from(b.status)).to.deep.equal(Array.from(boards[0].status));
        expect(b.revealedCount).to.be.greaterThan(0);
      }
      const opening = server.session!.state.opening!;
      expect(boards[0].adjacent[opening]).to.equal(0);
      // Every client decodes the same opening on its own board, and nothing of the others.
      await settle(...players.map((p) => p.probe));
      const expected = Array.from(viewRace(server.session!.state, 0).own!.cells);
      for (const p of players) {
        const st = p.probe.state;
        expect(cellsOf(st.players[p.seat].board)).to.deep.equal(expected);
        for (let s = 0; s < st.players.length; s++) if (s !== p.seat) expect(st.players[s].board).to.equal(undefined);
        expect(st.players.every((q: any) => cellsOf(q).length === 0)).to.equal(true);
        const reveal = p.probe.of("event").filter((e) => e.kind === "reveal");
        expect(reveal.map((e) => e.seat)).to.deep.equal([p.seat]);
      }
      expect(spectator.state.players.every((q: any) => q.board === undefined && cellsOf(q).length === 0)).to.equal(true);
      expect(spectator.of("event").filter((e) => e.kind === "reveal")).to.deep.equal([]);
      // A spectator arriving mid-race gets the full state: still no board, no cells.
      const late = new Probe(await hub.colyseus.sdk.joinById(players[0].room.roomId, { spectate: true }));
      await late.until(() => (late.state.phase === "racing" && late.state.players?.length === 4) || undefined);
      expect(late.state.players.every((q: any) => q.board === undefined && cellsOf(q).length === 0)).to.equal(true);
      expect(late.state.players.map((q: any) => q.percent)).to.deep.equal(spectator.state.players.map((q: any) => q.percent));
      // Progress is public.
      expect(spectator.state.players.slice(0, 4).map((q: any) => q.percent)).to.deep.equal(Array(4).fill(Math.floor((boards[0].revealedCount * 1000) / (256 - 40)) / 10));
    });

    it("a no-guess race: every racer's board is proven from the shared opening, and the state says so", async () => {
      const { players, spectator, server } = await raceRoom(2, { level: "expert", noGuess: true });
      expect((server.state as unknown as { noGuess: string }).noGuess).to.equal("on");
      // The board is made on a worker thread after the go signal (preparing.ts): the thread may be starting.
      await readyAll(players, 60_000);
      await settle(spectator, ...players.map((p) => p.probe));
      const race = server.session!.state;
      expect(solveFrom(16, 30, race.boards[0].mines!, race.opening!).cleared).to.equal(true);
      for (const probe of [spectator, ...players.map((p) => p.probe)]) expect(probe.state.noGuess).to.equal("proven");
    });

    it("ranks by finish, then progress; the race ends at the first clear; every board becomes public", async () => {
      const { players, spectator, server, roomId } = await raceRoom(3);
      const [a, b, c] = players;
      await readyAll(players);
      // a hits a mine: out, sees its hit mine only.
      await play(a, "reveal", cellOf(boardOf(server, 0), "mine"));
      const out = await spectator.next("event", 0, (e) => e.kind === "out");
      expect(out).to.include({ seat: 0, reason: "mine" });
      await a.probe.until(() => a.probe.state.players[0].board.phase === "lost" || undefined);
      const own = cellsOf(a.probe.state.players[0].board);
      expect(own.filter((x) => x === CELL.HIT_MINE)).to.have.length(1);
      expect(own.filter((x) => x === CELL.MINE || x === CELL.FLAGGED_MINE || x === CELL.WRONG_FLAG)).to.have.length(0);
      expect(a.probe.state.players[0].board.hit).to.be.at.least(0);
      await spectator.until(() => (spectator.state.players[0].alive === false && spectator.state.players[0].outMs >= 0) || undefined);
      await play(a, "reveal", cellOf(boardOf(server, 0), "safe"));
      expect(a.probe.of("error").pop()).to.include({ code: "eliminated" });
      // b makes some progress; c clears the board.
      await play(b, "reveal", cellOf(boardOf(server, 1), "safe"));
      await play(c, "flag", cellOf(boardOf(server, 2), "mine"));
      while (server.state.phase === "racing") await play(c, "reveal", cellOf(boardOf(server, 2), "safe"));
      const over = await spectator.next("event", 0, (e) => e.kind === "over");
      expect(over).to.include({ winner: 2 });
      expect(over.ranking).to.deep.equal([2, 1, 0]);
      const result = await spectator.next("event", 0, (e) => e.kind === "result");
      expect(result.ranking.map((r: any) => [r.seat, r.name, r.rank, r.finished])).to.deep.equal([
        [2, "P2", 1, true],
        [1, "P1", 2, false],
        [0, "P0", 3, false],
      ]);
      expect(result.ranking[0].finishMs).to.be.at.least(0);
      expect(result.ranking[0].stats).to.include.keys("threeBV", "threeBVPerSecond", "clicks", "efficiency");
      expect(result.replayId).to.be.a("number").and.greaterThan(0);
      await spectator.until(() => spectator.state.phase === "over" || undefined);
      const st = spectator.state;
      expect([st.winner, st.replayId]).to.deep.equal([2, result.replayId]);
      expect(st.players.slice(0, 3).map((p: any) => p.rank)).to.deep.equal([3, 2, 1]);
      expect(st.players[2]).to.include({ finished: true, alive: true, percent: 100 });
      // After the end every board is public, mines included, for everyone.
      const finals = viewRace(server.session!.state, null).boards!;
      await settle(a.probe, b.probe, c.probe);
      for (const probe of [spectator, a.probe, b.probe]) {
        for (let s = 0; s < 3; s++) expect(cellsOf(probe.state.players[s])).to.deep.equal(Array.from(finals[s].cells));
      }
      expect(cellsOf(st.players[1]).filter((x) => x === CELL.MINE)).to.have.length(10);
      // Moves after the end.
      await play(b, "reveal", cellOf(boardOf(server, 1), "safe"));
      expect(b.probe.of("error").pop()).to.include({ code: "race-over" });

      // The record replays to the same race.
      const record = hub.store.getGame(result.replayId)!;
      expect(record).to.include({ game: "minesweeper", mode: "race", roomId, result: "won", ranked: false, source: "server" });
      expect(record.seats).to.deep.equal(["P0", "P1", "P2"]);
      expect(record.summary).to.deep.equal({ winner: 2, ranking: [2, 1, 0], roomSeats: [0, 1, 2] });
      const replayed = replay(raceRules, { game: raceRules.id, seed: record.seed, config: record.config as any, seats: 3, log: record.log as any });
      expect(replayed.valid).to.equal(true);
      expect(replayed.state.winner).to.equal(2);
      expect(replayed.state.endedAt).to.equal(server.session!.state.endedAt);
      expect(record.timeMs).to.equal(server.session!.state.endedAt! - server.session!.state.goAt!);
    });

    it("all out: no winner, ranked by progress; ready pressed during the race counts for the next", async () => {
      const { players, spectator, server } = await raceRoom(2);
      const [a, b] = players;
      await readyAll(players);
      await play(b, "reveal", cellOf(boardOf(server, 1), "safe"));
      await play(b, "reveal", cellOf(boardOf(server, 1), "mine"));
      expect(server.state.phase).to.equal("racing");
      await play(b, "ready", { ready: true });
      await play(a, "ready", { ready: true });
      expect(server.state.phase, "no countdown while racing").to.equal("racing");
      await play(a, "reveal", cellOf(boardOf(server, 0), "mine"));
      const over = await spectator.next("event", 0, (e) => e.kind === "over");
      expect(over).to.deep.include({ winner: -1, ranking: [1, 0] });
      const result = await spectator.next("event", 0, (e) => e.kind === "result");
      expect(hub.store.getGame(result.replayId)).to.include({ result: "lost" });
      // Both were ready already: the next countdown starts right after the result.
      const kinds = spectator.of("event").map((e) => e.kind);
      expect(kinds.slice(kinds.indexOf("over"), kinds.indexOf("over") + 3)).to.deep.equal(["over", "result", "countdown"]);
      await spectator.until(() => spectator.state.raceNo === 2 || undefined);
    });

    it("a racer who leaves is resigned (a logged move) and the race goes on; play again starts a new race", async () => {
      const { players, spectator, server } = await raceRoom(3);
      const [a, b, c] = players;
      await readyAll(players);
      const firstSeed = server.session!.seed;
      await c.room.leave(true);
      const out = await spectator.next("event", 0, (e) => e.kind === "out");
      expect(out).to.include({ seat: 2, reason: "resigned" });
      expect(server.session!.log.map((m) => m.move.type)).to.deep.equal(["go", "resign"]);
      expect(server.session!.log[1].seat).to.equal(2);
      await play(b, "reveal", cellOf(boardOf(server, 1), "mine"));
      while (server.state.phase === "racing") await play(a, "reveal", cellOf(boardOf(server, 0), "safe"));
      await spectator.next("event", 0, (e) => e.kind === "result");
      // A newcomer takes the free seat after the race: it starts clean.
      const d = await seated(hub.colyseus.sdk.joinById(a.room.roomId, { name: "Dee" }));
      expect(d.seat).to.equal(2);
      await d.probe.until(() => cellsOf(d.probe.state.players?.[2]?.board).length === 81 || undefined);
      expect(d.probe.state.players[2].inRace).to.equal(false);
      expect(cellsOf(d.probe.state.players[2]).length).to.equal(0);
      expect(cellsOf(d.probe.state.players[2].board).every((x) => x === CELL.HIDDEN)).to.equal(true);
      // Play again: everyone ready → a new race on a new seed, boards and standings reset.
      const from = spectator.messages.length;
      await readyAll([a, b, d]);
      const go = await spectator.next("event", from, (e) => e.kind === "go");
      expect(go).to.deep.include({ raceNo: 2, seats: [0, 1, 2] });
      expect(server.session!.seed).to.not.equal(firstSeed);
      await spectator.until(() => spectator.state.raceNo === 2 || undefined);
      expect(spectator.state.players.slice(0, 3).map((p: any) => [cellsOf(p).length, p.rank, p.alive, p.finished])).to.deep.equal([
        [0, 0, true, false],
        [0, 0, true, false],
        [0, 0, true, false],
      ]);
      expect([spectator.state.winner, spectator.state.replayId, spectator.state.endedAt]).to.deep.equal([-1, -1, 0]);
      await settle(a.probe);
      expect(cellsOf(a.probe.state.players[0].board)).to.deep.equal(Array.from(viewRace(server.session!.state, 0).own!.cells));
    });

    it("a dropped racer reclaims the seat with its token and gets its own board back", async () => {
      const { players, server, roomId } = await raceRoom(2);
      const [a] = players;
      await readyAll(players);
      await play(a, "reveal", cellOf(boardOf(server, 0), "safe"));
      const mine = Array.from(viewRace(server.session!.state, 0).own!.cells);
      dropConnection(a.room);
      await until(() => server.seatStatus(0) !== "connected", 5000);
      const back = await seated(hub.colyseus.sdk.joinById(roomId, { seatToken: a.seatToken }));
      expect(back.seat).to.equal(0);
      await back.probe.until(() => cellsOf(back.probe.state.players?.[0]?.board).length === 81 || undefined);
      expect(cellsOf(back.probe.state.players[0].board)).to.deep.equal(mine);
      expect(back.probe.state.players[1].board).to.equal(undefined);
      // And the moves after the reclaim reach the new connection cell for cell.
      for (const kind of ["safe", "safe", "safe"] as const) {
        await play(back, "reveal", cellOf(boardOf(server, 0), kind));
        expect(cellsOf(back.probe.state.players[0].board)).to.deep.equal(Array.from(viewRace(server.session!.state, 0).own!.cells));
      }
      expect(back.probe.of("error")).to.deep.equal([]);
    });
  });
});

describe("minesweeper race: players who are gone hold nobody up", function () {
  this.timeout(20_000);
  let hub: TestHub;
  before(async () => {
    hub = await bootMinesweeperHub(testPort(2647), { raceCountdownMs: COUNTDOWN_MS, reconnectSeconds: 30, seatHoldSeconds: 60 });
  });
  afterEach(async () => {
    await hub.colyseus.cleanup();
  });
  after(async () => {
    await hub.shutdown();
  });

  it("quick play opens a fresh race rather than one whose only racers are away", async () => {
    const a = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "race", name: "Ann" }));
    const b = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "race", name: "Bob" }));
    expect(b.room.roomId).to.equal(a.room.roomId);
    const server = hub.room<RaceRoom>(a.room.roomId);
    const quick = () => (server as unknown as { listing: { private: boolean } }).listing.private === false;
    dropConnection(b.room);
    await until(() => (server.state.seats[b.seat].connected ? undefined : true), 5000, "Bob away");
    await until(() => quick() || undefined, 3000, "Ann still here: the room stays in quick play");
    dropConnection(a.room);
    await until(() => (server.state.seats[a.seat].connected ? undefined : true), 5000, "Ann away");
    await until(() => !quick() || undefined, 3000, "nobody here: out of quick play");
    const c = await seated(hub.colyseus.sdk.joinOrCreate("minesweeper", { mode: "race", name: "Cy" }));
    expect(c.room.roomId, "a fresh race, not one of absent names").to.not.equal(a.room.roomId);
    // Ann's room stays joinable by its id, and is back in quick play once someone is here
    const back = await seated(hub.colyseus.sdk.joinById(a.room.roomId, { seatToken: b.seatToken }));
    expect(back.seat).to.equal(b.seat);
    await until(() => quick() || undefined, 3000, "Bob back: in quick play again");
  });

  it("an away racer counts neither toward ready nor in the race; the others start without waiting", async () => {
    const a = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "race", seats: 4, name: "Ann" }));
    const b = await seated(hub.colyseus.sdk.joinById(a.room.roomId, { name: "Bob" }));
    const c = await seated(hub.colyseus.sdk.joinById(a.room.roomId, { name: "Cy" }));
    const server = hub.room<RaceRoom>(a.room.roomId);
    dropConnection(c.room);
    await until(() => (server.state.seats[c.seat].connected ? undefined : true), 5000, "Cy away");
    for (const p of [a, b]) p.room.send("ready", { ready: true });
    await a.probe.until(() => a.probe.state.phase === "racing" || undefined, 4000, "the race on, without Cy");
    expect(server.seatOrder).to.deep.equal([a.seat, b.seat]);
    expect(a.probe.state.players[c.seat].inRace).to.equal(false);
    // Cy is back: watches this race from the seat, races in the next
    const cy = await seated(hub.colyseus.sdk.joinById(a.room.roomId, { seatToken: c.seatToken }));
    cy.room.send("reveal", { r: 0, c: 0 });
    const err = await cy.probe.next("error", 0, undefined, 3000);
    expect(err.code).to.equal("not-in-race");
  });

  it("the owner away: a racer who is here may start", async () => {
    const a = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "race", seats: 4, name: "Ann" }));
    const b = await seated(hub.colyseus.sdk.joinById(a.room.roomId, { name: "Bob" }));
    const c = await seated(hub.colyseus.sdk.joinById(a.room.roomId, { name: "Cy" }));
    const server = hub.room<RaceRoom>(a.room.roomId);
    b.room.send("start", {});
    expect((await b.probe.next("error", 0, undefined, 3000)).code, "not while the owner is here").to.equal("not-allowed");
    dropConnection(a.room);
    await until(() => (server.state.seats[a.seat].connected ? undefined : true), 5000, "Ann away");
    b.room.send("start", {});
    await b.probe.until(() => b.probe.state.phase === "racing" || undefined, 4000, "Bob's start");
    expect(server.seatOrder).to.deep.equal([b.seat, c.seat]);
  });
});

describe("minesweeper race: a dropped racer's hold runs out", function () {
  this.timeout(20_000);
  let hub: TestHub;
  before(async () => {
    hub = await bootMinesweeperHub(HOLD_PORT, { raceCountdownMs: 30, reconnectSeconds: 0.3, seatHoldSeconds: 0.5 });
  });
  after(async () => {
    await hub.shutdown();
  });

  it("resigns when the hold ends; the others race on", async () => {
    const a = await hub.colyseus.sdk.create("minesweeper", { mode: "race", seats: 3, name: "A" });
    const pa = new Probe(a);
    const b = await hub.colyseus.sdk.joinById(a.roomId, { name: "B" });
    const pb = new Probe(b);
    const c = await hub.colyseus.sdk.joinById(a.roomId, { name: "C" });
    await Promise.all([pa, pb].map((p) => p.next("seat", 0)));
    for (const r of [a, b, c]) r.send("ready", { ready: true });
    await pa.until(() => pa.state.phase === "racing" || undefined);
    const server = hub.room<RaceRoom>(a.roomId);
    dropConnection(c);
    await until(() => server.seatStatus(2) === "held", 5000, "held");
    expect(server.session!.log.map((m) => m.move.type)).to.deep.equal(["go"]);
    const out = await pa.next("event", 0, (e) => e.kind === "out", 5000);
    expect(out).to.include({ seat: 2, reason: "resigned" });
    expect(server.seatStatus(2)).to.equal("free");
    expect(server.state.phase).to.equal("racing");
  });
});

describe("minesweeper race: a countdown a drop cut short", function () {
  this.timeout(20_000);
  let hub: TestHub;
  before(async () => {
    hub = await bootMinesweeperHub(testPort(2822), { raceCountdownMs: 800, reconnectSeconds: 30, seatHoldSeconds: 60 });
  });
  after(async () => {
    await hub.shutdown();
  });

  it("starts again by itself once the dropped racer is back, every seat connected and ready (no second ready)", async () => {
    const a = await seated(hub.colyseus.sdk.create("minesweeper", { mode: "race", seats: 2, name: "Ann" }));
    const b = await seated(hub.colyseus.sdk.joinById(a.room.roomId, { name: "Bob" }));
    const server = hub.room<RaceRoom>(a.room.roomId);
    for (const p of [a, b]) p.room.send("ready", { ready: true });
    await until(() => server.state.phase === "countdown" || undefined, 4000, "the countdown");
    const token = a.room.reconnectionToken;
    dropConnection(a.room);
    await b.probe.next("event", 0, (e) => e.kind === "countdown-cancelled", 5000);
    expect(server.state.phase, "no race with one racer here").to.equal("waiting");
    const back = new Probe(await hub.colyseus.sdk.reconnect(token));
    await back.next("seat", 0);
    expect(server.state.seats.map((s) => [s.connected, s.ready])).to.deep.equal([[true, true], [true, true]]);
    await until(() => server.state.phase === "racing" || undefined, 5000, "the race on, with nobody pressing ready again");
    expect(server.seatOrder).to.deep.equal([a.seat, b.seat]);
    expect(back.of("error")).to.deep.equal([]);
  });
});
