// Safety across processes: two real hub processes (as PM2 runs them) sharing a real
// redis-server (rooms, matchmaking) and a real PostgreSQL (profiles, lists, sanctions). A ban a
// moderator gives through one process's console is enforced by the other at once; a block
// made through one keeps quick play through the other from seating the pair together (the
// room's seated profiles are asked across processes).

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { findRedisServer, freePort, startHubProcess, startRedis, type HubProcess, type RedisServer } from "../helpers/cluster.js";
import { Probe } from "../helpers/hub.js";
import { testPostgres } from "../helpers/postgres.js";

const TOKEN = "cluster-mod-token-0123456789abcdef";

async function call(hub: HubProcess, p: string, init: RequestInit & { key?: string; token?: string } = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${hub.http}/api${p}`, { ...init, headers });
  return { status: res.status, body: await res.json() };
}

async function profile(hub: HubProcess, name: string): Promise<{ key: string; id: string; name: string }> {
  const made = await call(hub, "/profiles", { method: "POST", body: JSON.stringify({ name }) });
  expect(made.status, JSON.stringify(made.body)).to.equal(201);
  return { key: made.body.key, id: made.body.profile.id, name };
}

describe("safety across two hub processes (one redis-server, one PostgreSQL)", function () {
  this.timeout(120_000);
  let redis: RedisServer | undefined;
  let a: HubProcess | undefined;
  let b: HubProcess | undefined;
  const dirs: string[] = [];
  const open: Room<any>[] = [];

  before(async function () {
    const bin = findRedisServer();
    const pg = await testPostgres();
    if (!bin || !pg) {
      if (process.env.CI === "true") throw new Error("redis-server and PostgreSQL are needed for the safety cluster test.");
      return this.skip();
    }
    redis = await startRedis(bin);
    const url = await pg.createDatabase("safety_cluster");
    const start = async (name: string) => {
      const port = await freePort();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hub-${name}-`));
      dirs.push(dir);
      return startHubProcess(name, {
        PORT: String(port),
        REDIS_URL: redis!.url,
        PUBLIC_ADDRESS: `127.0.0.1:${port}`,
        DATABASE_URL: url,
        DATA_DIR: dir,
        HUB_DB: "",
        BOT_THREADS: "0",
        MODERATOR_TOKENS: `ann:${TOKEN}`,
      });
    };
    // One after the other: the first migrates PostgreSQL.
    a = await start("A");
    b = await start("B");
  });

  after(async () => {
    await Promise.allSettled(open.filter((r) => r.connection.isOpen).map((r) => r.leave(true)));
    await Promise.all([a?.stop("SIGTERM"), b?.stop("SIGTERM")]);
    await redis?.stop("SIGTERM");
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  async function quick(hub: HubProcess, me: { key: string; name: string }): Promise<Room<any>> {
    const room = await new Client(hub.http.replace("http", "ws")).joinOrCreate("connect4", { mode: "online", name: me.name, profileKey: me.key });
    open.push(room);
    await new Probe(room).next("seat", 0);
    return room;
  }

  it("a ban given through one process's console is enforced by the other, in words with its end", async () => {
    const rex = await profile(a!, "Rex");
    const before = await quick(b!, rex);
    await before.leave();
    const ban = await call(a!, "/mod/sanctions", { method: "POST", token: TOKEN, body: JSON.stringify({ profileId: rex.id, kind: "ban", hours: 3, reason: "abuse in chat" }) });
    expect(ban.status, JSON.stringify(ban.body)).to.equal(201);
    const refused = await quick(b!, rex).then(
      () => null,
      (e: Error) => e,
    );
    expect(refused?.message).to.match(/A moderator banned you from quick play for 3 more hours \(until \d\d:\d\d UTC, .+\), because: abuse in chat/);
    const rated = await new Client(b!.http.replace("http", "ws")).joinOrCreate("rated", { pool: "connect4", profileKey: rex.key }).then(
      () => null,
      (e: Error) => e,
    );
    expect(rated?.message).to.match(/banned you from quick play/);
    // Rex reads it on his profile through either process; the audit log holds it.
    const standing = await call(b!, "/profile/safety", { key: rex.key });
    expect(standing.body.sanctions[0].message).to.match(/banned you from quick play for 3 more hours/);
    const log = await call(b!, "/mod/audit", { token: TOKEN });
    expect(log.body.entries[0]).to.deep.include({ moderator: "ann", action: "ban", profileId: rex.id });
  });

  it("a block made through one process keeps quick play through the other from seating the pair together", async () => {
    const [ada, bob, cy] = [await profile(a!, "Ada"), await profile(b!, "Bob"), await profile(a!, "Cy")];
    expect((await call(a!, `/profile/safety/blocks/${bob.id}`, { method: "PUT", key: ada.key })).status).to.equal(200);
    for (let round = 0; round < 10; round++) {
      const first = await quick(round % 2 ? a! : b!, ada);
      const second = await quick(round % 2 ? b! : a!, bob);
      expect(second.roomId, `round ${round}`).to.not.equal(first.roomId);
      const third = await quick(a!, cy);
      expect([first.roomId, second.roomId], "others still meet them").to.include(third.roomId);
      await Promise.all([first.leave(), second.leave(), third.leave()]);
    }
  });
});
