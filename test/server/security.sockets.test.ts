// Sockets an address holds without finishing anything: one address held 3,000 connections
// that never sent a request, never completed a WebSocket upgrade or never joined a room. Past
// HALF_OPEN_PER_ADDRESS (here 5) a new connection from that address is closed at once, counted
// and logged once per interval, while another address (127.0.0.2) still loads the page and
// joins a room; once the address lets go of its half-open sockets, it connects again. And a
// WebSocket on a bogus URL (no room there, a garbage path) is answered with an error and
// closed, logged as one short line without a stack (and counted), never an error with a trace.

import { expect } from "chai";
import http from "node:http";
import net from "node:net";
import { Protocol } from "@colyseus/core";
import WebSocket from "ws";
import { DEFAULTS, NO_ADDRESS_LIMITS, settingsFromEnv } from "../../server/settings.js";
import { bootHub, sleep, until, type TestHub } from "../helpers/hub.js";
import { captureLogs, type LogLine } from "../helpers/logLines.js";
import { metricValue, scrape } from "../helpers/metrics.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2862);
const TOKEN = "scrape-me-please-0123456789";
const CAP = 5;
const OTHER = "127.0.0.2";

/** A TCP connection that sends nothing; `closed` settles when the server ends it. */
function idleSocket(localAddress = "127.0.0.1"): Promise<{ socket: net.Socket; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port: PORT, localAddress });
    const closed = new Promise<void>((r) => socket.once("close", () => r()));
    socket.on("error", () => undefined);
    socket.once("connect", () => resolve({ socket, closed }));
    socket.once("error", reject);
  });
}

/** GET `path` from `localAddress`: the status, or how the connection ended. */
function get(path: string, localAddress = "127.0.0.1"): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port: PORT, path, localAddress, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

/** POST /matchmake from `localAddress`; the JSON answer. */
function matchmakeFrom(localAddress: string, method: string, room: string, options: unknown): Promise<any> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(options);
    const req = http.request({ host: "127.0.0.1", port: PORT, path: `/matchmake/${method}/${room}`, method: "POST", localAddress, agent: false, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve(JSON.parse(text)));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** A WebSocket to `path`: the first message's protocol byte (JOIN_ROOM, ERROR…) and the close code. */
function socketTo(path: string, localAddress = "127.0.0.1"): Promise<{ first: number | null; error: string | null; code: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${PORT}${path}`, { localAddress });
    let first: number | null = null;
    let error: string | null = null;
    ws.on("message", (data: Buffer) => {
      if (first === null) first = data[0];
      if (data[0] === Protocol.ERROR) error = data.subarray(1).toString("utf8");
      if (data[0] === Protocol.JOIN_ROOM) ws.close();
    });
    ws.on("error", () => undefined);
    ws.on("close", (code) => resolve({ first, error, code }));
  });
}

describe("security: half-open sockets per address, and bogus WebSocket URLs", function () {
  this.timeout(60_000);
  let hub: TestHub;
  let logs: ReturnType<typeof captureLogs>;
  const base = `http://127.0.0.1:${PORT}`;
  before(async () => {
    hub = await bootHub(PORT, { metricsToken: TOKEN, admission: { ...DEFAULTS.admission, ...NO_ADDRESS_LIMITS, halfOpenPerAddress: CAP } });
    logs = captureLogs("debug");
  });
  after(async () => {
    logs?.restore();
    await hub?.shutdown();
  });

  const socketLines = (): LogLine[] => logs.lines.filter((l) => l.event === "socket.refused");

  it("closes an address's connections past the cap at once; another address still connects and joins", async () => {
    const before = await scrape(base, TOKEN);
    const held = await Promise.all(Array.from({ length: CAP + 7 }, () => idleSocket()));
    // the excess is closed by the server, and only the excess
    let closed = 0;
    for (const h of held) void h.closed.then(() => closed++);
    await until(() => closed === 7 || undefined, 10_000, "the excess closed");
    await sleep(300);
    expect(closed, "the first five stay open").to.equal(7);
    // while they are held, this address gets no new connection…
    expect(await get("/__healthcheck")).to.not.equal(200);
    // …and another address loads pages and joins a room as usual
    expect(await get("/__healthcheck", OTHER)).to.equal(200);
    const reservation = await matchmakeFrom(OTHER, "create", "connect4", { mode: "online", name: "Other" });
    expect(reservation.sessionId, JSON.stringify(reservation)).to.be.a("string");
    const joined = await socketTo(`/${reservation.room.processId}/${reservation.room.roomId}?sessionId=${reservation.sessionId}`, OTHER);
    expect(joined.first).to.equal(Protocol.JOIN_ROOM);

    const after = await scrape(base, TOKEN);
    expect(metricValue(after, "hub_refusals_total", { where: "socket", code: "too-many-sockets" }) - metricValue(before, "hub_refusals_total", { where: "socket", code: "too-many-sockets" })).to.equal(8);
    const lines = socketLines().filter((l) => l.code === "too-many-sockets");
    expect(lines.length, "logged once per address per interval").to.equal(1);
    expect(lines[0]).to.include({ level: "info", address: "127.0.0.1" });
    expect(lines[0].err).to.equal(undefined);

    // once it lets go, the address connects again
    for (const h of held) h.socket.destroy();
    expect(await untilStatus("/__healthcheck")).to.equal(200);
  });

  it("a socket that was answered (or joined) no longer counts: an address may keep many ordinary connections", async () => {
    const sockets: net.Socket[] = [];
    for (let i = 0; i < CAP * 3; i++) {
      const { socket } = await idleSocket();
      sockets.push(socket);
      // a page, or a matchmaking request (which Colyseus answers before Express sees it)
      const body = JSON.stringify({ name: "Keep" });
      const request =
        i % 2 === 0
          ? `GET /__healthcheck HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`
          : `POST /matchmake/joinById/NOROOM HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
      await new Promise<void>((resolve) => {
        socket.write(request);
        socket.once("data", () => resolve());
        socket.once("close", () => resolve());
      });
    }
    expect(sockets.every((s) => !s.destroyed)).to.equal(true);
    expect(await get("/__healthcheck")).to.equal(200);
    for (const s of sockets) s.destroy();
  });

  it("a WebSocket on a bogus URL is answered with an error and closed: one short line, no stack, counted", async () => {
    const before = await scrape(base, TOKEN);
    const mark = logs.lines.length;
    const paths = ["/not-a-room/xyz", "/", "/a/b/c/d?sessionId=zzz", "/%E0%A4%A/%%%", `/${"x".repeat(2000)}/y`, "/abc/def?sessionId=&reconnectionToken=nope", "/////"];
    for (const p of paths) {
      const r = await socketTo(p);
      expect(r.first, p).to.equal(Protocol.ERROR);
      expect(r.error, p).to.match(/lobby/);
      expect(r.code, p).to.be.oneOf([4002, 1000, 1005, 1006]);
    }
    const after = await scrape(base, TOKEN);
    const refusedNow = ["no-room", "bad-url"].reduce((n, code) => n + metricValue(after, "hub_refusals_total", { where: "socket", code }) - metricValue(before, "hub_refusals_total", { where: "socket", code }), 0);
    expect(refusedNow).to.equal(paths.length);
    const newLines = logs.lines.slice(mark);
    const loud = newLines.filter((l) => l.level === "error" || l.level === "fatal" || l.level === "warn" || l.err !== undefined || /\n\s+at /.test(String(l.msg)));
    expect(loud, JSON.stringify(loud.slice(0, 2))).to.deep.equal([]);
    const refusals = newLines.filter((l) => l.event === "socket.refused");
    expect(refusals.length, "once per address per interval").to.be.at.most(1);
    for (const l of refusals) {
      expect(l.level).to.equal("info");
      expect(JSON.stringify(l).length).to.be.lessThan(600);
    }
  });
});

describe("security: the socket settings", () => {
  it("HALF_OPEN_PER_ADDRESS and REFUSAL_LOG_SECONDS are on by default, read from the environment, and lifted by ADDRESS_LIMITS=off", () => {
    const d = settingsFromEnv({});
    expect([d.admission.halfOpenPerAddress, d.refusalLogSeconds]).to.deep.equal([128, 10]);
    const e = settingsFromEnv({ HALF_OPEN_PER_ADDRESS: "7", REFUSAL_LOG_SECONDS: "30" });
    expect([e.admission.halfOpenPerAddress, e.refusalLogSeconds]).to.deep.equal([7, 30]);
    expect(settingsFromEnv({ HALF_OPEN_PER_ADDRESS: "none" }).admission.halfOpenPerAddress).to.equal(128);
    expect(settingsFromEnv({ ADDRESS_LIMITS: "off" }).admission.halfOpenPerAddress).to.equal(NO_ADDRESS_LIMITS.halfOpenPerAddress);
  });
});

/** GET until it answers 200 (the server may take a moment to see the closes); the last answer. */
async function untilStatus(path: string): Promise<number | string> {
  let last: number | string = 0;
  for (let i = 0; i < 100; i++) {
    last = await get(path);
    if (last === 200) return last;
    await sleep(20);
  }
  return last;
}
