// Two machines, one PostgreSQL: two real hub processes (as PM2 runs them), each with its own
// DATA_DIR (its own room log) and the same DATABASE_URL, and a real PostgreSQL server the test
// starts. A player who plays one rated game through each sees one history, one rating, one
// leaderboard and every replay through either process.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { PgStore } from "../../server/store/PgStore.js";
import { freePort, startHubProcess, type HubProcess } from "../helpers/cluster.js";
import { Probe } from "../helpers/hub.js";
import { testPostgres, type PostgresServer } from "../helpers/postgres.js";

async function call(hub: HubProcess, p: string, init: RequestInit & { key?: string } = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  const res = await fetch(`${hub.http}/api${p}`, { ...init, headers });
  return { status: res.status, body: await res.json() };
}

async function profile(hub: HubProcess, name: string): Promise<{ key: string; id: string }> {
  const made = await call(hub, "/profiles", { method: "POST", body: JSON.stringify({ name }) });
  expect(made.status, JSON.stringify(made.body)).to.equal(201);
  return { key: made.body.key, id: made.body.profile.id };
}

/** Both players queue for rated Connect Four through `hub`, play it (`winner` takes column 0) and see it rated. */
async function ratedGame(hub: HubProcess, keys: string[], winner: number): Promise<any> {
  const rooms: { room: Room<any>; probe: Probe; seat: number }[] = await Promise.all(
    keys.map(async (profileKey) => {
      const client = new Client(hub.http.replace("http", "ws"));
      const queue = await client.joinOrCreate("rated", { pool: "connect4", profileKey });
      const qp = new Probe(queue);
      const matched = await qp.next("event", 0, (e) => e.kind === "matched", 15_000);
      const room = await client.consumeSeatReservation(matched.reservation);
      const probe = new Probe(room);
      await queue.leave();
      const { seat } = await probe.next("seat", 0);
      return { room, probe, seat };
    }),
  );
  const first = rooms[0];
  // The winner stacks column 0; the loser plays 1, 2, 3, 5 along the bottom row, so the winner
  // wins whoever moves first (the rated queue picks the order).
  const loserCols = [1, 2, 3, 5];
  await first.probe.until(() => first.room.state.phase === "playing" || undefined, 5000, "the game");
  for (let turn = 0; turn < 8 && first.room.state.phase !== "finished"; turn++) {
    const acting = await first.probe.until(() => first.room.state.acting?.[0] ?? (first.room.state.phase === "finished" ? -1 : undefined), 5000, "a turn");
    if (acting < 0) break;
    const mover = rooms.find((r) => r.seat === acting)!;
    mover.room.send("drop", { col: mover === rooms[winner] ? 0 : loserCols.shift()! });
    await first.probe.until(() => first.room.state.phase === "finished" || first.room.state.acting?.[0] !== acting || undefined, 5000, "the move");
  }
  const rated = await first.probe.next("event", 0, (e) => e.kind === "rated", 10_000);
  await Promise.all(rooms.map((r) => r.room.leave()));
  return rated;
}

describe("two hub processes, separate DATA_DIRs, one PostgreSQL", function () {
  this.timeout(120_000);
  let pg: PostgresServer | null = null;
  let url = "";
  let a: HubProcess | undefined;
  let b: HubProcess | undefined;
  const dirs: string[] = [];

  before(async function () {
    pg = await testPostgres();
    if (!pg) return this.skip();
    url = await pg.createDatabase("shared");
    const start = async (name: string) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hub-${name}-`));
      dirs.push(dir);
      return startHubProcess(name, { PORT: String(await freePort()), DATABASE_URL: url, DATA_DIR: dir, HUB_DB: "", BOT_THREADS: "0" });
    };
    [a, b] = await Promise.all([start("A"), start("B")]);
  });

  after(async () => {
    await Promise.all([a?.stop("SIGTERM"), b?.stop("SIGTERM")]);
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("one history, one rating, one leaderboard and every replay, through either process", async () => {
    const ann = await profile(a!, "Ann");
    const bob = await profile(b!, "Bob");
    // a profile made through B works through A, and the other way round
    expect((await call(a!, "/profile", { key: bob.key })).body.profile.id).to.equal(bob.id);
    const first = await ratedGame(a!, [ann.key, bob.key], 0);
    const second = await ratedGame(b!, [ann.key, bob.key], 0);
    const annSeat = (ev: any) => ev.changes.find((c: any) => c.delta > 0);
    expect(annSeat(first).games).to.equal(1);
    // the game played through B started from the rating the game through A left
    expect(annSeat(second).before).to.equal(annSeat(first).after);
    expect(annSeat(second).games).to.equal(2);

    const viaA = (await call(a!, "/profile/games", { key: ann.key })).body.games;
    const viaB = (await call(b!, "/profile/games", { key: ann.key })).body.games;
    expect(viaA).to.have.length(2);
    expect(viaB).to.deep.equal(viaA);
    const boardA = (await call(a!, "/ratings/connect4")).body.entries;
    // two games against one opponent: not established, so not listed (docs/ratings.md); the same list through either process
    expect(boardA.map((e: any) => e.name)).to.deep.equal([]);
    expect((await call(b!, "/ratings/connect4")).body.entries).to.deep.equal(boardA);
    const pageB = (await call(b!, `/profiles/${ann.id}`)).body.figures;
    expect(pageB.ratings[0]).to.deep.include({ pool: "connect4", games: 2, wins: 2 });
    expect(pageB.history.map((h: any) => h.gameId)).to.deep.equal(viaA.map((g: any) => g.id).reverse());
    // each replay through the process that did not host it
    for (const g of viaA) {
      const [ra, rb] = await Promise.all([call(a!, `/replays/${g.id}`), call(b!, `/replays/${g.id}`)]);
      expect(ra.status).to.equal(200);
      expect(rb.body).to.deep.equal(ra.body);
    }
  });

  it("the Minesweeper leaderboard is one list on every process", async () => {
    // A ranked record written by a third machine on the same database (a ranked win needs the
    // mines, which no client sees): both processes list it.
    const store = await PgStore.open(url);
    try {
      const t = Date.now() - 1000;
      await store.recordGame({
        game: "minesweeper",
        roomId: "ELSEWHERE",
        seed: 9,
        config: { level: "beginner", rows: 9, cols: 9, mines: 10 },
        seats: ["Third"],
        log: [{ seat: 0, move: { type: "reveal", r: 4, c: 4 }, t }],
        result: "won",
        startedAt: t - 9000,
        endedAt: t,
        mode: "solo",
        level: "beginner",
        timeMs: 9000,
        stats: { threeBV: 20, threeBVPerSecond: 2.2, clicks: 25, efficiency: 0.8 },
        ranked: true,
      });
    } finally {
      await store.close();
    }
    const la = (await call(a!, "/leaderboard/minesweeper?level=beginner&window=all")).body.entries;
    const lb = (await call(b!, "/leaderboard/minesweeper?level=beginner&window=all")).body.entries;
    expect(la.map((e: any) => e.name)).to.include("Third");
    expect(lb).to.deep.equal(la);
  });
});
