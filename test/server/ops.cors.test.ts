// Cross-origin requests (server/net/cors.ts): the matchmaker and the API used to reflect any
// Origin with credentials, so any site could drive the hub from its visitors' browsers and
// read the answers. Now only the hub's own origin and ALLOWED_ORIGINS get CORS headers; any
// other origin is answered 403 `origin-not-allowed` with none, and changes nothing.

import { expect } from "chai";
import { matchMaker } from "@colyseus/core";
import { useHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2811);
const HUB = `http://127.0.0.1:${PORT}`;
const EVIL = "https://evil.example";
const FRIEND = "https://friends.example";

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(`${HUB}${path}`, {
    method,
    headers: { ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

const liveRooms = async (): Promise<number> => (await matchMaker.query({})).length;

describe("ops: cross-origin requests only from the hub's own pages and ALLOWED_ORIGINS", function () {
  this.timeout(30_000);
  useHub(PORT, { allowedOrigins: [FRIEND], metricsToken: "a-scrape-token-of-some-length" });

  it("a foreign page cannot matchmake: 403 origin-not-allowed, no CORS headers, no room made", async () => {
    const before = await liveRooms();
    const res = await call("POST", "/matchmake/joinOrCreate/connect4", { origin: EVIL }, { name: "Mallory" });
    expect(res.status).to.equal(403);
    expect(res.headers.get("access-control-allow-origin"), "the origin is not reflected").to.equal(null);
    expect(res.headers.get("access-control-allow-credentials")).to.equal(null);
    expect(res.body).to.include({ code: "origin-not-allowed" });
    expect(res.body.error).to.match(/ALLOWED_ORIGINS/);
    expect(await liveRooms(), "rooms").to.equal(before);
    const preflight = await call("OPTIONS", "/matchmake/joinOrCreate/connect4", {
      origin: EVIL,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    });
    expect(preflight.headers.get("access-control-allow-origin"), "preflight").to.equal(null);
  });

  it("a foreign page cannot read /api: no CORS headers on the room list, the seat check or a claim", async () => {
    for (const [method, path, body] of [
      ["GET", "/api/rooms", undefined],
      ["POST", "/api/seats/check", { seats: [] }],
      ["POST", "/api/claims", { roomId: "ABCDE", seatToken: "x".repeat(20) }],
      ["GET", "/api/leaderboard/minesweeper", undefined],
    ] as const) {
      const res = await call(method, path, { origin: EVIL }, body);
      expect(res.headers.get("access-control-allow-origin"), `${method} ${path}`).to.equal(null);
      expect(res.status, `${method} ${path}`).to.equal(403);
      expect(res.body.code).to.equal("origin-not-allowed");
    }
    const preflight = await call("OPTIONS", "/api/seats/check", { origin: EVIL, "access-control-request-method": "POST" });
    expect(preflight.headers.get("access-control-allow-origin")).to.equal(null);
    // "null" (a sandboxed frame, a file: page) is nobody we know either
    expect((await call("GET", "/api/rooms", { origin: "null" })).status).to.equal(403);
  });

  it("the hub's own page and a listed origin are answered, with credentials; calls without Origin need none", async () => {
    const own = await call("POST", "/matchmake/create/connect4", { origin: HUB }, { name: "Own" });
    expect(own.status).to.equal(200);
    expect(own.body.sessionId, JSON.stringify(own.body)).to.be.a("string");
    expect(own.headers.get("access-control-allow-origin")).to.equal(HUB);

    const friend = await call("GET", "/api/rooms", { origin: FRIEND });
    expect(friend.status).to.equal(200);
    expect(friend.headers.get("access-control-allow-origin")).to.equal(FRIEND);
    expect(friend.headers.get("access-control-allow-credentials")).to.equal("true");
    expect(friend.headers.get("vary")).to.match(/origin/i);
    const preflight = await call("OPTIONS", "/matchmake/joinOrCreate/connect4", { origin: FRIEND, "access-control-request-method": "POST" });
    expect(preflight.status).to.equal(204);
    expect(preflight.headers.get("access-control-allow-origin")).to.equal(FRIEND);
    expect(preflight.headers.get("access-control-allow-methods")).to.include("POST");

    const plain = await call("GET", "/api/rooms", {});
    expect(plain.status).to.equal(200);
    expect(plain.headers.get("access-control-allow-origin"), "no Origin: not a cross-origin call").to.equal(null);
  });

  it("the monitor and the metrics never answer cross-origin, not even a listed origin", async () => {
    const metrics = await call("GET", "/metrics", { origin: FRIEND, authorization: "Bearer a-scrape-token-of-some-length" });
    expect(metrics.headers.get("access-control-allow-origin")).to.equal(null);
    const monitor = await call("GET", "/colyseus/api", { origin: FRIEND });
    expect(monitor.headers.get("access-control-allow-origin")).to.equal(null);
  });
});
