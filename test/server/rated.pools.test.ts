// Rated quick play for every rated game besides Connect Four (rated.test.ts): two profiles wait
// in the Cubestacc, Auto Pets and Minesweeper race (Beginner) queues (four in Hearts'), are paired once the
// queue's fill wait is over, play their game to its end through real colyseus.js clients, and
// both read their rating change; the game is in each one's My games as rated, in its pool.

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { createRng } from "../../common/core/rng.js";
import { HIDDEN, type MinesweeperState as Board } from "../../common/minesweeper/index.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import type { RaceRoom } from "../../server/rooms/minesweeper/index.js";
import { RatedQueueRoom } from "../../server/ratings/queue.js";
import { chooseClientMove as cubestaccMove } from "../helpers/cubestacc.js";
import { chooseClientMove as petsMove } from "../helpers/pets.js";
import { heartsMove } from "../helpers/hearts.js";
import { bootHub, Probe, sleep, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2803);

interface Me {
  key: string;
  id: string;
}
interface Seated {
  room: Room<any>;
  probe: Probe;
  seat: number;
}

async function api(path: string, init: RequestInit & { key?: string } = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  const res = await fetch(`http://127.0.0.1:${PORT}/api${path}`, { ...init, headers });
  return { status: res.status, body: await res.json() };
}

async function profile(name: string): Promise<Me> {
  const made = await api("/profiles", { method: "POST", body: JSON.stringify({ name }) });
  expect(made.status, JSON.stringify(made.body)).to.equal(201);
  return { key: made.body.key, id: made.body.profile.id };
}

async function ratedMatch(me: Me, pool: string): Promise<Seated> {
  const client = new Client(`ws://127.0.0.1:${PORT}`);
  const q = await client.joinOrCreate("rated", { pool, profileKey: me.key });
  const matched = await new Probe(q).next("event", 0, (e) => e.kind === "matched", 20_000);
  const room = await client.consumeSeatReservation(matched.reservation);
  const probe = new Probe(room);
  await q.leave();
  const { seat } = await probe.next("seat", 0);
  return { room, probe, seat };
}

/** Hidden safe cells of a racer's board (the test reads the server's truth to race well). */
function safeCells(board: Board): { r: number; c: number }[] {
  const cols = board.config.cols;
  const out: { r: number; c: number }[] = [];
  for (let i = 0; i < board.status.length; i++) if (board.status[i] === HIDDEN && board.mines![i] !== 1) out.push({ r: Math.floor(i / cols), c: i % cols });
  return out;
}

describe("rated quick play: Cubestacc, Hearts, Auto Pets and the Minesweeper race", function () {
  this.timeout(120_000);
  let hub: TestHub;
  let scale = 1;
  const clock = RatedQueueRoom.now;
  before(async () => {
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0.05;
    hub = await bootHub(PORT, { raceCountdownMs: 60, messageRate: { burst: 100_000, perSecond: 100_000 } } as never);
    // Two players are a table once the oldest has waited the fill time (15 s): the queue's clock
    // runs 100× faster, so that wait takes 0.15 s. (A fixed shift would not do: a player's wait is
    // measured on the same clock from the moment it joined.)
    const t0 = Date.now();
    RatedQueueRoom.now = () => t0 + (Date.now() - t0) * 100;
  });
  after(async () => {
    RatedQueueRoom.now = clock;
    SeatedRoom.botDelayScale = scale;
    await hub?.shutdown();
  });

  /** Pairs `people` new profiles in `pool`, plays with `move` until the end, checks every rating moved. */
  async function ratedGame(pool: string, game: string, move: (p: Seated, rng: ReturnType<typeof createRng>) => Promise<void>, people = 2): Promise<void> {
    const profiles: Me[] = [];
    for (let i = 0; i < people; i++) profiles.push(await profile(`${"ABCD"[i]} ${game}`));
    const players = await Promise.all(profiles.map((me) => ratedMatch(me, pool)));
    for (const p of players) expect(p.room.roomId).to.equal(players[0].room.roomId);
    expect(players[0].room.name).to.equal(game);
    for (const p of players) p.room.send("ready", { ready: true });
    const rng = createRng(0x7a7e, pool.length);
    const over = () => ["finished", "over"].includes(players[0].room.state.phase);
    for (let i = 0; i < 6000 && !over(); i++) {
      for (const p of players) await move(p, rng);
      if (i % 20 === 19) await sleep(10);
    }
    expect(over(), `${pool}: the game ends`).to.equal(true);
    const rated = await players[0].probe.next("event", 0, (e) => e.kind === "rated", 15_000);
    expect(rated.pool).to.equal(pool);
    expect(rated.changes).to.have.length(people);
    expect(rated.changes.some((c: any) => c.delta !== 0), "someone's rating moved").to.equal(true);
    for (const me of profiles) {
      const [g] = (await api("/profile/games", { key: me.key })).body.games;
      expect(g, `${pool} in My games`).to.deep.include({ game, rated: pool });
    }
    for (const p of players) await p.room.leave();
  }

  async function send(p: Seated, m: { type: string; payload: Record<string, unknown> } | null): Promise<void> {
    if (!m) return void (await p.probe.sync());
    p.room.send(m.type, m.payload);
    await p.probe.sync();
  }

  it("Cubestacc: two profiles paired, a game to the end, both rated", async () => {
    await ratedGame("cubestacc", "cubestacc", (p, rng) => send(p, cubestaccMove(p.room.state, p.seat, rng)));
  });

  it("Hearts: four profiles at one table, a game to the end, all four rated", async () => {
    await ratedGame("hearts", "hearts", (p, rng) => send(p, heartsMove(p.room.state, p.seat, rng, true)), 4);
  });

  it("Auto Pets: two profiles paired, a game to the end, both rated", async () => {
    await ratedGame("pets", "pets", (p, rng) => send(p, petsMove(p.room.state, p.seat, rng)));
  });

  it("Minesweeper race (Beginner): two profiles paired, a race to the end, both rated", async () => {
    await ratedGame("minesweeper-race:beginner", "minesweeper", async (p, rng) => {
      const server = hub.room<RaceRoom>(p.room.roomId);
      if (!server?.session || server.state.phase !== "racing") return void (await p.probe.sync());
      const board = server.session.state.boards[server.seatOrder.indexOf(p.seat)];
      const left = safeCells(board);
      // The first racer clears the board; the other opens a cell now and then.
      if (left.length && (p.seat === server.seatOrder[0] || rng.float() < 0.05)) p.room.send("reveal", left[0]);
      await p.probe.sync();
    });
  });
});
