// Security of the hub's HTTP side, as an attacker on the network would try it: the Colyseus
// monitor (off unless configured; when on: user + password, failures limited, no cross-origin
// reads, no room method calls, no stacks), and the security headers on the client and the API.
// The production-mode and data-directory checks start the real entry point: security.process.test.ts.

import { expect } from "chai";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../helpers/e2e.js";
import { Probe, type TestHub } from "../helpers/hub.js";
import { bootMinesweeperHub, http } from "../helpers/minesweeper.js";
import { testPort } from "../helpers/ports.js";

const OFF_PORT = testPort(2690);
const ON_PORT = testPort(2691);

const OPS = { user: "ops", password: "correct horse battery staple" };
const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` });
const EVIL = "https://evil.example";

/** No line of a JavaScript stack trace, whatever the body's shape. */
function expectNoStack(body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  expect(text).to.not.match(/\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+|SyntaxError|Error:/);
}

describe("security: the HTTP side (monitor, headers, errors)", function () {
  this.timeout(30_000);

  describe("the Colyseus monitor, not configured", () => {
    let hub: TestHub;
    before(async () => {
      delete process.env.MONITOR_USER;
      delete process.env.MONITOR_PASSWORD;
      hub = await bootMinesweeperHub(OFF_PORT);
    });
    after(async () => hub.shutdown());

    it("is off: every /colyseus path answers 404, with or without credentials", async () => {
      const room = await hub.colyseus.sdk.create("minesweeper", { mode: "solo", name: "Ann" });
      await new Probe(room).next("seat", 0);
      for (const p of ["/colyseus", "/colyseus/", "/colyseus/api", `/colyseus/api/room?roomId=${room.roomId}`, `/colyseus/api/room/call?roomId=${room.roomId}&method=session&args=[]`]) {
        for (const headers of [{}, basic("admin", "admin"), basic("", "")]) {
          const res = await http(OFF_PORT, "GET", p, undefined, headers);
          expect(res.status, p).to.equal(404);
          expect(JSON.stringify(res.body), p).to.not.include(room.roomId);
        }
      }
      await room.leave();
    });
  });

  describe("the Colyseus monitor, configured", () => {
    let hub: TestHub;
    before(async () => {
      hub = await bootMinesweeperHub(ON_PORT, { monitor: { ...OPS, failures: { max: 5, windowMs: 60_000 } } });
    });
    after(async () => hub.shutdown());

    it("lists rooms for the operator's user and password", async () => {
      const room = await hub.colyseus.sdk.create("minesweeper", { mode: "solo", name: "Ann" });
      await new Probe(room).next("seat", 0);
      const res = await http(ON_PORT, "GET", "/colyseus/api", undefined, basic(OPS.user, OPS.password));
      expect(res.status).to.equal(200);
      expect(res.body.rooms.map((r: { roomId: string }) => r.roomId)).to.include(room.roomId);
      const page = await http(ON_PORT, "GET", "/colyseus/", undefined, basic(OPS.user, OPS.password));
      expect(page.status).to.equal(200);
      expect(page.body).to.include("<div id=\"app\">");
      await room.leave();
    });

    it("refuses no credentials, a wrong password and a wrong user with the right password", async () => {
      const none = await http(ON_PORT, "GET", "/colyseus/api");
      expect(none.status).to.equal(401);
      expect(none.headers.get("www-authenticate")).to.match(/^Basic /);
      for (const headers of [basic(OPS.user, "wrong"), basic("root", OPS.password), basic("", OPS.password), { authorization: "Basic !!!" }]) {
        const res = await http(ON_PORT, "GET", "/colyseus/api", undefined, headers);
        expect(res.status, headers.authorization).to.equal(401);
        expect(res.body).to.not.have.property("rooms");
      }
    });

    it("answers no cross-origin request: no CORS headers for a foreign origin, even with the right login", async () => {
      const get = await http(ON_PORT, "GET", "/colyseus/api", undefined, { ...basic(OPS.user, OPS.password), origin: EVIL });
      expect(get.headers.get("access-control-allow-origin")).to.equal(null);
      expect(get.headers.get("access-control-allow-credentials")).to.equal(null);
      const preflight = await fetch(`http://127.0.0.1:${ON_PORT}/colyseus/api`, {
        method: "OPTIONS",
        headers: { origin: EVIL, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
      });
      expect(preflight.headers.get("access-control-allow-origin")).to.equal(null);
      expect(preflight.headers.get("access-control-allow-credentials")).to.equal(null);
      expect(preflight.status).to.not.be.within(200, 299);
    });

    it("cannot call room methods (room/call is gone), and its errors carry no stack", async () => {
      const room = await hub.colyseus.sdk.create("minesweeper", { mode: "solo", name: "Ann" });
      const probe = new Probe(room);
      await probe.next("seat", 0);
      const auth = basic(OPS.user, OPS.password);
      for (const [method, args] of [["seatRecords", "[]"], ["session", "[]"], ["disconnect", "[]"], ["broadcast", '["event",{"kind":"chat","text":"fake"}]'], ["session", "{not json"]]) {
        const res = await http(ON_PORT, "GET", `/colyseus/api/room/call?roomId=${room.roomId}&method=${method}&args=${encodeURIComponent(args)}`, undefined, auth);
        expect(res.status, method).to.equal(404);
        expect(res.body.code).to.equal("not-available");
        expectNoStack(res.body);
        expect(JSON.stringify(res.body)).to.not.match(/token|mines/i);
      }
      // The room is untouched: still open, no fake chat.
      await probe.sync();
      expect(probe.left).to.equal(null);
      expect(probe.of("event").filter((e) => e.kind === "chat")).to.deep.equal([]);
      // A room that is gone answers without a stack too.
      const gone = await http(ON_PORT, "GET", "/colyseus/api/room?roomId=nosuchroom", undefined, auth);
      expectNoStack(gone.body);
      expect(gone.body).to.include.keys("code", "message");
      await room.leave();
    });

    // Last: it uses up this address's failures.
    it("limits failed logins per address: past the limit even the right login waits", async () => {
      let refused = 0;
      let limited: Awaited<ReturnType<typeof http>> | null = null;
      for (let i = 0; i < 20 && !limited; i++) {
        const res = await http(ON_PORT, "GET", "/colyseus/api", undefined, basic(OPS.user, `guess${i}`));
        if (res.status === 429) limited = res;
        else refused++;
      }
      expect(limited, "a 429 within 20 guesses").to.not.equal(null);
      expect(refused).to.be.at.most(5);
      expect(Number(limited!.headers.get("retry-after"))).to.be.greaterThan(0);
      expect(limited!.body.code).to.equal("rate-limited");
      const right = await http(ON_PORT, "GET", "/colyseus/api", undefined, basic(OPS.user, OPS.password));
      expect(right.status).to.equal(429);
    });
  });

  describe("security headers", () => {
    let hub: TestHub;
    before(async function () {
      if (!fs.existsSync(path.join(ROOT, "dist", "client", "index.html"))) {
        throw new Error("dist/client is missing: run `npm run build` first (npm test does it for you).");
      }
      hub = await bootMinesweeperHub(OFF_PORT);
    });
    after(async () => hub.shutdown());

    it("the page, a static asset, the API and an API error all carry CSP, frame protection, nosniff, a referrer policy and no X-Powered-By", async () => {
      const asset = fs.readdirSync(path.join(ROOT, "dist", "client", "assets")).find((f) => f.endsWith(".js"))!;
      for (const p of ["/", "/lobby/minesweeper", `/assets/${asset}`, "/api/rooms", "/api/rooms?game=NOT%20A%20GAME", "/api/leaderboard/minesweeper", "/api/nothing"]) {
        const res = await http(OFF_PORT, "GET", p);
        expect(res.status, p).to.be.below(500);
        const csp = res.headers.get("content-security-policy") ?? "";
        expect(csp, p).to.include("default-src 'self'");
        expect(csp, p).to.include("frame-ancestors 'none'");
        expect(csp, p).to.include("script-src 'self'");
        expect(csp, p).to.not.match(/script-src[^;]*unsafe-inline/);
        expect(res.headers.get("x-frame-options"), p).to.equal("DENY");
        expect(res.headers.get("x-content-type-options"), p).to.equal("nosniff");
        expect(res.headers.get("referrer-policy"), p).to.equal("no-referrer");
        expect(res.headers.get("x-powered-by"), p).to.equal(null);
      }
    });

    it("unknown API paths and unreadable bodies answer {code, message} without a stack", async () => {
      const missing = await http(OFF_PORT, "GET", "/api/nothing");
      expect(missing.status).to.equal(404);
      expect(missing.body).to.include.keys("code", "message");
      const bad = await http(OFF_PORT, "POST", "/api/rooms", "{not json", { "content-type": "application/json" });
      expect(bad.status).to.equal(400);
      expect(bad.body).to.deep.equal({ code: "bad-json", message: "The body is not valid JSON." });
      for (const p of ["/api/leaderboard/minesweeper?level=hard", "/api/replays/0", "/api/replays/999999"]) {
        const res = await http(OFF_PORT, "GET", p);
        expect(res.status, p).to.be.within(400, 499);
        expect(res.body.code, p).to.be.a("string");
        expect(res.body.message, p).to.be.a("string").and.not.empty;
      }
      const badUrl = await http(OFF_PORT, "GET", "/api/replays/%E0%A4%A");
      expect(badUrl.status).to.be.within(400, 499);
      expectNoStack(badUrl.body);
    });
  });
});
