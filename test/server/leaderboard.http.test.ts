// The Minesweeper HTTP API on a real hub: the leaderboard (injected clock), the
// result of a finished board (replay id + stats), offline submissions (a real
// winning log is accepted; every kind of tampering is refused with its code), and
// replays that play back to the same result.

import { expect } from "chai";
import { replay } from "../../common/core/session.js";
import { gameStats, minesweeperRules, type MinesweeperConfig, type MinesweeperMove } from "../../common/minesweeper/index.js";
import type { MinesweeperRoom, MinesweeperState } from "../../server/rooms/minesweeper/index.js";
import { hiddenMine, Probe, rc, safeHiddenCell, type TestHub } from "../helpers/hub.js";
import { bootMinesweeperHub, FakeClock, http, playSoloWin, winningSoloLog } from "../helpers/minesweeper.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2644);
const LIMITED_PORT = testPort(2645);
const DAY = 24 * 60 * 60 * 1000;

function recordAt(hub: TestHub, name: string, finishedAt: number, timeMs: number, level = "beginner") {
  return hub.store.recordGame({
    game: "minesweeper",
    roomId: "T",
    seed: 1,
    config: { level, rows: 9, cols: 9, mines: 10 },
    seats: [name],
    log: [],
    result: "won",
    startedAt: finishedAt - timeMs,
    endedAt: finishedAt,
    mode: "solo",
    level,
    timeMs,
    stats: { threeBV: 17, threeBVSolved: 17, threeBVPerSecond: 17000 / timeMs, clicks: 20, efficiency: 0.85 },
    ranked: true,
    source: "server",
    finishedAt,
  });
}

describe("minesweeper HTTP: leaderboard, results, offline submissions, replays", function () {
  this.timeout(30_000);
  let hub: TestHub;
  const clock = new FakeClock(Date.UTC(2030, 0, 1));

  before(async () => {
    hub = await bootMinesweeperHub(PORT, {
      clock: clock.now,
      replaySubmitRate: { burst: 1000, perSecond: 1000 },
      messageRate: { burst: 1000, perSecond: 1000 },
    });
  });
  afterEach(async () => {
    await hub.colyseus.cleanup();
  });
  after(async () => {
    await hub.shutdown();
  });

  describe("GET /api/leaderboard/minesweeper", () => {
    it("refuses bad input with a clear 400", async () => {
      for (const [query, code] of [
        ["?level=custom", "bad-level"],
        ["?level=hard", "bad-level"],
        ["?level=beginner&level=expert", "bad-level"],
        ["?window=year", "bad-window"],
        ["?level=expert&window=", "bad-window"],
      ]) {
        const res = await http(PORT, "GET", `/api/leaderboard/minesweeper${query}`);
        expect(res.status, query).to.equal(400);
        expect(res.body.error.code, query).to.equal(code);
        expect(res.body.error.reason).to.be.a("string").and.not.empty;
      }
    });

    it("answers the windows at the injected clock, best first, with stats and replay ids", async () => {
      const T = Date.UTC(2031, 3, 1);
      clock.t = T;
      const ids = {
        fresh: recordAt(hub, "fresh", T - 1000, 12_000, "intermediate"),
        dayEdge: recordAt(hub, "dayEdge", T - DAY + 1, 11_000, "intermediate"),
        yesterday: recordAt(hub, "yesterday", T - DAY, 10_000, "intermediate"),
        lastWeek: recordAt(hub, "lastWeek", T - 7 * DAY, 9_000, "intermediate"),
        lastMonth: recordAt(hub, "lastMonth", T - 30 * DAY, 8_000, "intermediate"),
      };
      const names = async (window: string) => {
        const res = await http(PORT, "GET", `/api/leaderboard/minesweeper?level=intermediate&window=${window}`);
        expect(res.status).to.equal(200);
        return res.body;
      };
      const today = await names("today");
      expect(today).to.deep.include({ level: "intermediate", window: "today", now: T, since: T - DAY });
      expect(today.entries.map((e: any) => e.name)).to.deep.equal(["dayEdge", "fresh"]);
      expect(today.entries[0]).to.deep.equal({
        rank: 1,
        name: "dayEdge",
        timeMs: 11_000,
        threeBV: 17,
        threeBVPerSecond: 17000 / 11_000,
        efficiency: 0.85,
        clicks: 20,
        finishedAt: T - DAY + 1,
        replayId: ids.dayEdge,
      });
      expect((await names("week")).entries.map((e: any) => e.name)).to.deep.equal(["yesterday", "dayEdge", "fresh"]);
      expect((await names("month")).entries.map((e: any) => e.name)).to.deep.equal(["lastWeek", "yesterday", "dayEdge", "fresh"]);
      const all = await names("all");
      expect(all.since).to.equal(0);
      expect(all.entries.map((e: any) => e.name)).to.deep.equal(["lastMonth", "lastWeek", "yesterday", "dayEdge", "fresh"]);
      // The clock moves on a day: today is empty.
      clock.t = T + DAY;
      expect((await names("today")).entries).to.deep.equal([]);
      // Defaults: beginner, all.
      const def = await http(PORT, "GET", "/api/leaderboard/minesweeper");
      expect(def.body).to.include({ level: "beginner", window: "all" });
    });
  });

  describe("finished boards in rooms", () => {
    it("a solo win is recorded with stats, announced with its replay id, ranked, and replays to the same result", async () => {
      // At a human's pace: bot-speed wins are never ranked.
      const { probe, server, result, flagged } = await playSoloWin(hub, "Solo Sam", { pace: true });
      const won = probe.of("event").findIndex((e) => e.kind === "won");
      expect(won, "won comes before result").to.be.lessThan(probe.of("event").findIndex((e) => e.kind === "result"));
      expect(result).to.include({ result: "won", ranked: true });
      expect(result.timeMs).to.equal((server.state as MinesweeperState).elapsed);
      expect(result.stats).to.include.keys("threeBV", "threeBVSolved", "threeBVPerSecond", "clicks", "efficiency", "leftClicks", "rightClicks", "chords", "timeMs");
      expect(result.stats.threeBV).to.equal(result.stats.threeBVSolved);
      expect(result.stats.rightClicks).to.equal(flagged ? 1 : 0);
      await probe.until(() => probe.state.replayId === result.replayId || undefined);

      // On the leaderboard (its record is timed by the server's own clock).
      clock.t = Date.now() + 1000;
      const board = await http(PORT, "GET", "/api/leaderboard/minesweeper?level=beginner&window=today");
      const entry = board.body.entries.find((e: any) => e.replayId === result.replayId);
      expect(entry).to.deep.include({ name: "Solo Sam", timeMs: result.timeMs, clicks: result.stats.clicks, threeBV: result.stats.threeBV });

      // The replay: everything needed to play it back, and it plays back to the same result.
      const rep = await http(PORT, "GET", `/api/replays/${result.replayId}`);
      expect(rep.status).to.equal(200);
      const r = rep.body;
      expect(r).to.deep.include({ id: result.replayId, game: "minesweeper", mode: "solo", level: "beginner", result: "won", timeMs: result.timeMs, source: "server", ranked: true, seats: ["Solo Sam"] });
      expect(r.seed).to.equal(server.session.seed);
      const played = replay(minesweeperRules, { game: "minesweeper", seed: r.seed, config: r.config as MinesweeperConfig, seats: r.seats.length, log: r.log });
      expect(played.valid).to.equal(true);
      expect(played.state.phase).to.equal("won");
      expect(played.state.endedAt! - played.state.startedAt!).to.equal(r.timeMs);
      expect(Array.from(played.state.mines!)).to.deep.equal(Array.from(server.session.state.mines!));
      expect(JSON.parse(JSON.stringify(gameStats(played.state, r.log)))).to.deep.equal(r.stats);
    });

    it("a no-guess solo win ranks on the no-guess leaderboard only, and its replay rebuilds the same proven board", async () => {
      const { probe, server, result } = await playSoloWin(hub, "Logic Lu", { pace: true, noGuess: true });
      expect(result).to.include({ result: "won", ranked: true });
      expect((server.state as MinesweeperState).noGuess).to.equal("proven");
      expect(probe.state.noGuess).to.equal("proven");
      clock.t = Date.now() + 1000;
      const noGuess = await http(PORT, "GET", "/api/leaderboard/minesweeper?level=beginner&window=today&noGuess=1");
      expect(noGuess.status).to.equal(200);
      expect(noGuess.body.noGuess).to.equal(true);
      expect(noGuess.body.entries.map((e: any) => e.replayId)).to.include(result.replayId);
      const ordinary = await http(PORT, "GET", "/api/leaderboard/minesweeper?level=beginner&window=today");
      expect(ordinary.body.noGuess).to.equal(false);
      expect(ordinary.body.entries.map((e: any) => e.replayId)).to.not.include(result.replayId);
      const bad = await http(PORT, "GET", "/api/leaderboard/minesweeper?level=beginner&noGuess=maybe");
      expect(bad.status).to.equal(400);
      expect(bad.body.code).to.equal("bad-no-guess");

      const rep = (await http(PORT, "GET", `/api/replays/${result.replayId}`)).body;
      expect(rep.config).to.deep.include({ level: "beginner", noGuess: true });
      const played = replay(minesweeperRules, { game: "minesweeper", seed: rep.seed, config: rep.config as MinesweeperConfig, seats: 1, log: rep.log });
      expect(played.valid).to.equal(true);
      expect(played.state.guessFree).to.equal(true);
      expect(Array.from(played.state.mines!)).to.deep.equal(Array.from(server.session.state.mines!));
    });

    it("a lost solo board and a won co-op board are recorded but never ranked", async () => {
      const room = await hub.colyseus.sdk.create("minesweeper", { mode: "solo", level: "beginner", name: "Unlucky" });
      const probe = new Probe(room);
      await probe.next("seat", 0);
      const server = hub.room(room.roomId) as MinesweeperRoom;
      room.send("reveal", { r: 0, c: 0 });
      await probe.sync();
      room.send("reveal", rc(server, hiddenMine(server)));
      const lost = await probe.next("event", 0, (e) => e.kind === "result");
      expect(lost).to.include({ result: "lost", ranked: false });
      expect(hub.store.getGame(lost.replayId)).to.deep.include({ result: "lost", ranked: false, mode: "solo" });

      const a = await hub.colyseus.sdk.create("minesweeper", { mode: "coop", seats: 2, name: "Co" });
      const pa = new Probe(a);
      await pa.next("seat", 0);
      const coop = hub.room(a.roomId) as MinesweeperRoom;
      a.send("reveal", { r: 4, c: 4 });
      await pa.sync();
      while (coop.session.state.phase === "active") {
        a.send("reveal", rc(coop, safeHiddenCell(coop)));
        await pa.sync();
      }
      const won = await pa.next("event", 0, (e) => e.kind === "result");
      expect(won).to.include({ result: "won", ranked: false });
      expect(hub.store.getGame(won.replayId)).to.deep.include({ result: "won", ranked: false, mode: "coop" });
      clock.t = Date.now() + 1000;
      const ids = (await http(PORT, "GET", "/api/leaderboard/minesweeper?window=today")).body.entries.map((e: any) => e.replayId);
      expect(ids).to.not.include(lost.replayId);
      expect(ids).to.not.include(won.replayId);
      // A restart clears the state's replay id.
      room.send("restart", {});
      await probe.until(() => probe.state.replayId === -1 || undefined);
    });
  });

  describe("POST /api/minesweeper/replays", () => {
    const real = winningSoloLog(424242, "beginner");
    const submission = (over: Record<string, unknown> = {}) => ({ seed: real.seed, level: "beginner", log: real.log, ...over });
    const logWith = (f: (log: { move: MinesweeperMove; t: number }[]) => void) => {
      const log = real.log.map((m) => ({ move: { ...m.move }, t: m.t }));
      f(log);
      return log;
    };

    it("accepts a real winning log, stores it unranked-verified, and serves it as a replay", async () => {
      const res = await http(PORT, "POST", "/api/minesweeper/replays", submission({ name: " Off\u0007line  " }));
      expect(res.status).to.equal(201);
      const timeMs = real.board.endedAt! - real.board.startedAt!;
      expect(res.body).to.deep.include({ timeMs, ranked: false, verified: true });
      expect(res.body.id).to.be.a("number");
      expect(res.body.stats).to.deep.equal(JSON.parse(JSON.stringify(gameStats(real.board, real.log))));
      const rep = (await http(PORT, "GET", `/api/replays/${res.body.id}`)).body;
      expect(rep).to.deep.include({ mode: "solo", level: "beginner", source: "offline-verified", ranked: false, result: "won", timeMs, seats: ["Offline"], seed: real.seed });
      const played = replay(minesweeperRules, { game: "minesweeper", seed: rep.seed, config: rep.config, seats: 1, log: rep.log });
      expect(played.valid).to.equal(true);
      expect(played.state.phase).to.equal("won");
      // Never on the leaderboard.
      const all = await http(PORT, "GET", "/api/leaderboard/minesweeper?level=beginner&window=all");
      expect(all.body.entries.map((e: any) => e.replayId)).to.not.include(res.body.id);
      // A custom board works too.
      const custom = winningSoloLog(7, "beginner");
      const ok = await http(PORT, "POST", "/api/minesweeper/replays", { seed: 7, level: "custom", config: { rows: 9, cols: 9, mines: 10 }, log: custom.log, timeMs: custom.board.endedAt! - custom.board.startedAt! });
      expect(ok.status).to.equal(201);
    });

    it("rejects each kind of tampering with its code, a reason and the offending move", async () => {
      const last = real.log.length - 1;
      const firstOpen = real.log[0].move;
      const cases: [string, unknown, string, number | undefined][] = [
        ["times go backwards", submission({ log: logWith((l) => (l[3].t = l[2].t - 1)) }), "time-backwards", 3],
        ["a move after the end", submission({ log: [...real.log, { move: { type: "reveal", r: 0, c: 0 }, t: real.log[last].t + 10 }] }), "after-end", last + 1],
        ["a log that does not win", submission({ log: real.log.slice(0, last) }), "not-won", undefined],
        ["an illegal move", submission({ log: logWith((l) => l.splice(1, 0, { move: { ...firstOpen }, t: l[0].t })) }), "illegal-move", 1],
        ["a claimed time that is not the replayed one", submission({ timeMs: 1 }), "time-mismatch", undefined],
        ["a time that is not a number", submission({ log: logWith((l) => ((l[2] as any).t = "soon")) }), "bad-time", 2],
        ["a move that is not a move", submission({ log: logWith((l) => ((l[1].move as any).type = "nuke")) }), "bad-move", 1],
        ["an empty log", submission({ log: [] }), "empty-log", undefined],
        ["a log longer than the board allows", submission({ log: Array.from({ length: 81 * 3 + 1 }, (_, i) => ({ move: { type: "flag", r: 0, c: 0 }, t: i })) }), "log-too-long", undefined],
        ["an unknown level", submission({ level: "impossible" }), "bad-config", undefined],
        ["a bad seed", submission({ seed: -1 }), "bad-seed", undefined],
        ["a name that is not a string", submission({ name: 5 }), "bad-submission", undefined],
      ];
      for (const [what, body, code, index] of cases) {
        const res = await http(PORT, "POST", "/api/minesweeper/replays", body);
        expect(res.status, what).to.equal(422);
        expect(res.body.error.code, what).to.equal(code);
        expect(res.body.error.reason, what).to.be.a("string").with.length.greaterThan(10);
        expect(res.body.error.index, what).to.equal(index);
      }
      // The same moves on another seed: a different board, so the log no longer fits it.
      const other = await http(PORT, "POST", "/api/minesweeper/replays", submission({ seed: real.seed + 1 }));
      expect(other.status).to.equal(422);
      expect(other.body.error.code).to.be.oneOf(["illegal-move", "not-won", "after-end"]);
      // Nothing of that was stored.
      expect(hub.store.recentGames({ game: "minesweeper" }).filter((g) => g.source === "offline-verified")).to.have.length(2);
    });

    it("refuses what is not a JSON object, and bodies over the limit", async () => {
      const notJson = await http(PORT, "POST", "/api/minesweeper/replays", "{seed: 1", { "content-type": "application/json" });
      expect(notJson.status).to.equal(400);
      expect(notJson.body.error.code).to.equal("bad-json");
      const array = await http(PORT, "POST", "/api/minesweeper/replays", [1, 2]);
      expect(array.status).to.equal(400);
      const text = await http(PORT, "POST", "/api/minesweeper/replays", JSON.stringify(submission()), { "content-type": "text/plain" });
      expect([text.status, text.body.error.code]).to.deep.equal([400, "bad-json"]);
      const huge = await http(PORT, "POST", "/api/minesweeper/replays", submission({ pad: "x".repeat(300 * 1024) }));
      expect(huge.status).to.equal(413);
      expect(huge.body.error.code).to.equal("too-large");
      // The app-wide parser and the other routes are unaffected.
      expect((await http(PORT, "GET", "/api/rooms")).status).to.equal(200);
    });
  });

  describe("GET /api/replays/:id", () => {
    it("serves a finished game of any registered game; 404 for unknown ids and unknown games, 400 for ids that are not ids", async () => {
      expect((await http(PORT, "GET", "/api/replays/999999")).body.error.code).to.equal("not-found");
      const log = [{ seat: 0, move: { type: "draw" }, t: 1 }];
      const cubes = hub.store.recordGame({ game: "cubestacc", roomId: "C", seed: 7, config: { pack: 1 }, seats: ["a", "b"], log, result: "won", startedAt: 1, endedAt: 2, mode: "online" });
      const res = await http(PORT, "GET", `/api/replays/${cubes}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ id: cubes, game: "cubestacc", mode: "online", seed: 7, result: "won", startedAt: 1, endedAt: 2 });
      expect(res.body.config).to.deep.equal({ pack: 1 });
      expect(res.body.seats).to.deep.equal(["a", "b"]);
      expect(res.body.log).to.deep.equal(log);
      const unknown = hub.store.recordGame({ game: "no-such-game", roomId: "X", seed: 1, config: {}, seats: ["a"], log: [], result: "won", startedAt: 1, endedAt: 2 });
      const gone = await http(PORT, "GET", `/api/replays/${unknown}`);
      expect([gone.status, gone.body.error.code]).to.deep.equal([404, "not-found"]);
      // A game that has not ended (no result yet) is never served: its seed would tell what is hidden.
      const live = hub.store.recordGame({ game: "cubestacc", roomId: "L", seed: 3, config: {}, seats: ["a", "b"], log, result: "", startedAt: 1, endedAt: 0 });
      const notYet = await http(PORT, "GET", `/api/replays/${live}`);
      expect([notYet.status, notYet.body.error.code]).to.deep.equal([404, "not-found"]);
      for (const id of ["abc", "0", "-1", "1.5", "01"]) {
        const bad = await http(PORT, "GET", `/api/replays/${id}`);
        expect([bad.status, bad.body.error.code], id).to.deep.equal([400, "bad-id"]);
      }
    });

    // Records stored before rooms kept their mode have none: one seat reads as solo; for several
    // seats the server cannot tell (co-op or a race) and sends "", the replay player decides.
    it("an old record with no mode: one seat is served as solo, several seats with an empty mode and everything else intact", async () => {
      const log = [{ seat: 1, move: { type: "reveal", r: 0, c: 0 }, t: 5 }];
      const several = hub.store.recordGame({ game: "minesweeper", roomId: "OLD3", seed: 11, config: { level: "beginner" }, seats: ["Ann", "Bo", "Cy"], log, result: "won", startedAt: 1, endedAt: 9 });
      const res = await http(PORT, "GET", `/api/replays/${several}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ id: several, game: "minesweeper", mode: "", level: "beginner", seed: 11, result: "won", startedAt: 1, endedAt: 9 });
      expect(res.body.seats).to.deep.equal(["Ann", "Bo", "Cy"]);
      expect(res.body.log).to.deep.equal(log);
      expect(res.body.profiles).to.deep.equal([null, null, null]);
      const one = hub.store.recordGame({ game: "minesweeper", roomId: "OLD1", seed: 12, config: { level: "beginner" }, seats: ["Ann"], log: [], result: "lost", startedAt: 1, endedAt: 9 });
      expect((await http(PORT, "GET", `/api/replays/${one}`)).body).to.include({ id: one, mode: "solo" });
    });
  });
});

describe("minesweeper HTTP: submissions are rate-limited per IP", function () {
  this.timeout(10_000);
  let hub: TestHub;
  before(async () => {
    hub = await bootMinesweeperHub(LIMITED_PORT, { replaySubmitRate: { burst: 3, perSecond: 0.01 } });
  });
  after(async () => {
    await hub.shutdown();
  });

  it("answers 429 with Retry-After past the burst; reads are not limited", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await http(LIMITED_PORT, "POST", "/api/minesweeper/replays", { seed: 1, level: "beginner", log: [] })).status);
    expect(statuses).to.deep.equal([422, 422, 422, 429, 429]);
    const limited = await http(LIMITED_PORT, "POST", "/api/minesweeper/replays", {});
    expect(limited.body.error.code).to.equal("rate-limited");
    expect(Number(limited.headers.get("retry-after"))).to.be.greaterThan(0);
    expect((await http(LIMITED_PORT, "GET", "/api/leaderboard/minesweeper")).status).to.equal(200);
  });
});
