// The Prometheus scrape (server/ops/metrics.ts, metricsRoute.ts): off (404) without a token,
// 401 without the right bearer token, and after real games (real colyseus.js clients) its
// figures move: rooms and clients per game, moves, move latency, refusals by code, room-log
// bytes, bot think time, free disk, event-loop delay.

import { expect } from "chai";
import { Client } from "colyseus.js";
import { SqliteRoomLog } from "../../server/store/RoomLog.js";
import { bootHub, seated, type SeatedClient, type TestHub } from "../helpers/hub.js";
import { hasMetric, metricValue, scrape, type Sample } from "../helpers/metrics.js";
import { testPort } from "../helpers/ports.js";
import { c4Grid } from "../helpers/connect4.js";

const OFF_PORT = testPort(2812);
const ON_PORT = testPort(2813);
const TOKEN = "scrape-me-please-0123456789";

/** The seat on turn moves in `col`; resolves once both clients saw the move. */
async function drop(players: SeatedClient[], col: number): Promise<void> {
  const state = players[0].room.state;
  const mover = players.find((p) => state.acting?.[0] === p.seat)!;
  const filled = (s: any) => c4Grid(s).filter((v) => v >= 0).length;
  const before = filled(state);
  mover.room.send("drop", { col });
  for (const p of players) await p.probe.until(() => filled(p.room.state) === before + 1 || undefined, 5000, "the drop");
}

describe("ops: Prometheus metrics at /metrics", function () {
  this.timeout(60_000);

  describe("without METRICS_TOKEN", () => {
    let hub: TestHub;
    before(async () => (hub = await bootHub(OFF_PORT, { metricsToken: null })));
    after(async () => hub?.shutdown());

    it("is off: 404, with or without a token, as if nothing were there", async () => {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
        const res = await fetch(`http://127.0.0.1:${OFF_PORT}/metrics`, { headers });
        expect(res.status).to.equal(404);
        expect(await res.text()).to.not.include("hub_");
      }
    });
  });

  describe("with METRICS_TOKEN", () => {
    let hub: TestHub;
    const base = `http://127.0.0.1:${ON_PORT}`;
    const open: SeatedClient[] = [];
    before(async () => (hub = await bootHub(ON_PORT, { metricsToken: TOKEN, roomLog: new SqliteRoomLog(":memory:"), botThreads: 1 })));
    after(async () => {
      await Promise.allSettled(open.map((p) => p.room.leave(true)));
      await hub?.shutdown();
    });

    it("answers only the operator's bearer token (401 otherwise)", async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${Buffer.from(`ops:${TOKEN}`).toString("base64")}`, TOKEN]) {
        const res = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
        expect(res.status, String(authorization)).to.equal(401);
        expect(res.headers.get("www-authenticate")).to.match(/^Bearer/);
        expect(await res.text()).to.not.include("hub_");
      }
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).to.equal(200);
      expect(ok.headers.get("content-type")).to.match(/^text\/plain/);
    });

    it("after real games the figures move: rooms, clients, moves, latency, refusals, room log, bots", async () => {
      const client = new Client(base);
      const before = await scrape(base, TOKEN);
      const v = (s: Sample[], name: string, labels: Record<string, string> = {}) => metricValue(s, name, labels);

      // a two-player game of Connect Four: 6 drops and one out of turn
      const ann = await seated(client.create("connect4", { mode: "online", name: "Ann" }));
      const bob = await seated(client.joinById(ann.room.roomId, { name: "Bob" }));
      open.push(ann, bob);
      await ann.probe.until(() => ann.room.state.acting?.length === 1 || undefined, 5000, "the game to start");
      for (const col of [0, 1, 0, 1, 0, 1]) await drop([ann, bob], col);
      const waiting = [ann, bob].find((p) => ann.room.state.acting?.[0] !== p.seat)!;
      const from = waiting.probe.messages.length;
      waiting.room.send("drop", { col: 3 });
      const refusal = await waiting.probe.next("error", from);
      // a solo game: the bot answers
      const solo = await seated(client.create("connect4", { mode: "solo", name: "Solo" }));
      open.push(solo);
      await solo.probe.until(() => solo.room.state.acting?.length === 1 || undefined, 5000, "the solo game to start");
      if (solo.room.state.acting[0] !== solo.seat) await solo.probe.until(() => solo.room.state.acting[0] === solo.seat || undefined, 10_000, "my turn");
      await drop([solo], 3);
      await solo.probe.until(() => solo.room.state.acting[0] === solo.seat || undefined, 10_000, "the bot's answer");

      const during = await scrape(base, TOKEN);
      expect(v(during, "hub_rooms", { game: "connect4" }), "live Connect Four rooms").to.equal(v(before, "hub_rooms", { game: "connect4" }) + 2);
      expect(v(during, "hub_clients", { game: "connect4" }), "connections").to.equal(v(before, "hub_clients", { game: "connect4" }) + 3);
      expect(v(during, "hub_moves_total", { game: "connect4", by: "player" }) - v(before, "hub_moves_total", { game: "connect4", by: "player" }), "player moves").to.equal(7);
      expect(v(during, "hub_moves_total", { game: "connect4", by: "server" }) - v(before, "hub_moves_total", { game: "connect4", by: "server" }), "bot and start moves").to.be.greaterThan(0);
      expect(v(during, "hub_move_latency_seconds_count", { game: "connect4" }) - v(before, "hub_move_latency_seconds_count", { game: "connect4" }), "latency samples").to.equal(7);
      expect(v(during, "hub_move_latency_seconds_sum", { game: "connect4" })).to.be.greaterThan(0);
      expect(v(during, "hub_refusals_total", { where: "message", code: refusal.code }) - v(before, "hub_refusals_total", { where: "message", code: refusal.code }), `refusals ${refusal.code}`).to.equal(1);
      expect(v(during, "hub_room_log_bytes_total") - v(before, "hub_room_log_bytes_total"), "room-log bytes").to.be.greaterThan(500);
      expect(v(during, "hub_room_log_write_failures_total") - v(before, "hub_room_log_write_failures_total"), "room-log failures").to.equal(0);
      expect(v(during, "hub_bot_think_seconds_count", { game: "connect4" }) - v(before, "hub_bot_think_seconds_count", { game: "connect4" }), "bot decisions").to.be.greaterThan(0);
      expect(hasMetric(during, "hub_bot_queue")).to.equal(true);
      expect(v(during, "hub_disk_free_bytes"), "free disk").to.be.greaterThan(0);
      expect(hasMetric(during, "nodejs_eventloop_lag_p99_seconds"), "event-loop delay").to.equal(true);
      expect(hasMetric(during, "process_resident_memory_bytes")).to.equal(true);

      // everyone leaves: the rooms go, the gauges follow
      await Promise.all(open.splice(0).map((p) => p.room.leave(true)));
      let after: Sample[] = [];
      for (let i = 0; i < 50; i++) {
        after = await scrape(base, TOKEN);
        if (v(after, "hub_rooms", { game: "connect4" }) === v(before, "hub_rooms", { game: "connect4" })) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(v(after, "hub_rooms", { game: "connect4" }), "rooms after everyone left").to.equal(v(before, "hub_rooms", { game: "connect4" }));
      expect(v(after, "hub_clients", { game: "connect4" })).to.equal(v(before, "hub_clients", { game: "connect4" }));
    });
  });
});
