// The pieces of the room and matchmaking limits on their own, with fake sockets and
// requests: the send-buffer bound, strikes, the client address under TRUST_PROXY, admission.

import { expect } from "chai";
import type { Client } from "@colyseus/core";
import { Admission, BUSY_MESSAGE } from "../../server/net/admission.js";
import { clientAddress, limitKey } from "../../server/net/clientAddress.js";
import { CLOSE_FLOODING, FloodGuard } from "../../server/rooms/base/flood.js";
import { DEFAULTS, NO_ADDRESS_LIMITS, settingsFromEnv } from "../../server/settings.js";

function fakeClient() {
  const socket = { readyState: 1, bufferedAmount: 0, closed: null as number | null, terminated: false, paused: false };
  const sent: unknown[] = [];
  const client = {
    ref: {
      get readyState() {
        return socket.readyState;
      },
      get bufferedAmount() {
        return socket.bufferedAmount;
      },
      close: (code: number) => (socket.closed = code),
      terminate: () => (socket.terminated = true),
      pause: () => (socket.paused = true),
    },
    raw: (data: unknown) => sent.push(data),
    leave: () => {},
  };
  return { client: client as unknown as Client, socket, sent };
}

describe("security units: the flood guard", () => {
  it("stops sending to a socket whose unsent output passes the bound, and cuts it", () => {
    const { client, socket, sent } = fakeClient();
    new FloodGuard(client, { burst: 10, perSecond: 1 }, 1000);
    (client as unknown as { raw(d: unknown): void }).raw("a");
    socket.bufferedAmount = 1001;
    (client as unknown as { raw(d: unknown): void }).raw("b");
    (client as unknown as { raw(d: unknown): void }).raw("c");
    expect(sent).to.deep.equal(["a"]);
    expect(socket.terminated).to.equal(true);
  });

  it("keeps its strikes across a reconnection and guards the new socket's sends", () => {
    let now = 0;
    const first = fakeClient();
    const guard = new FloodGuard(first.client, { burst: 2, perSecond: 1 }, 1000, () => now);
    guard.overLimit("main");
    guard.overLimit("main");
    expect(guard.overLimit("main")).to.equal("closed");
    const second = fakeClient();
    guard.rebind(second.client);
    expect(guard.closing).to.equal(false);
    expect(guard.overLimit("main")).to.equal("closed"); // no fresh allowance
    expect(second.socket.closed).to.equal(CLOSE_FLOODING);
    const again = fakeClient();
    guard.rebind(again.client);
    again.socket.bufferedAmount = 5000;
    (again.client as unknown as { raw(d: unknown): void }).raw("x");
    expect(again.sent).to.deep.equal([]);
    expect(again.socket.terminated).to.equal(true);
  });

  it("answers once a second per bucket, and closes after the strikes run out", () => {
    let now = 0;
    const { client, socket } = fakeClient();
    const guard = new FloodGuard(client, { burst: 5, perSecond: 1 }, 1e6, () => now);
    expect(guard.overLimit("main")).to.equal("reply");
    expect(guard.overLimit("main")).to.equal("silent");
    expect(guard.overLimit("cursor")).to.equal("reply");
    now = 1000; // one strike back, and a new second
    expect(guard.overLimit("main")).to.equal("reply");
    expect(guard.overLimit("main")).to.equal("silent");
    expect(guard.overLimit("main")).to.equal("silent");
    expect(guard.overLimit("main")).to.equal("closed");
    expect(socket.closed).to.equal(CLOSE_FLOODING);
    expect(socket.paused).to.equal(true);
    expect(guard.closing).to.equal(true);
  });
});

describe("security units: the client address", () => {
  const req = (remote: string, forwarded?: string) => ({ socket: { remoteAddress: remote }, headers: forwarded ? { "x-forwarded-for": forwarded } : {} }) as never;

  it("is the socket's unless TRUST_PROXY says how many proxies to believe", () => {
    expect(clientAddress(req("::ffff:10.0.0.5", "1.2.3.4"), 0)).to.equal("10.0.0.5");
    expect(clientAddress(req("10.0.0.5", "6.6.6.6, 1.2.3.4"), 1)).to.equal("1.2.3.4");
    expect(clientAddress(req("10.0.0.5", "6.6.6.6, 1.2.3.4, 10.0.0.9"), 2)).to.equal("1.2.3.4");
    expect(clientAddress(req("10.0.0.5"), 1)).to.equal("10.0.0.5");
  });

  it("counts an IPv6 address by its /64, an IPv4 one as it is", () => {
    expect(limitKey("2001:db8:1:2:aaaa::1")).to.equal("2001:db8:1:2::/64");
    expect(limitKey("2001:db8:1:2:ffff:1:2:3")).to.equal("2001:db8:1:2::/64");
    expect(limitKey("2001:db8::1")).to.equal("2001:db8:0:0::/64");
    expect(limitKey("::1")).to.equal("0:0:0:0::/64");
    expect(limitKey("203.0.113.9")).to.equal("203.0.113.9");
  });
});

describe("security units: admission", () => {
  it("counts rooms and cells per process and per address, and gives them back", () => {
    const gate = new Admission({ ...DEFAULTS.admission, maxRooms: 2, maxCells: 100, roomsPerAddress: 1 });
    const a = {};
    const b = {};
    gate.admitRoom(a, "1.1.1.1", 60);
    expect(() => gate.admitRoom(b, "1.1.1.1", 10)).to.throw(/open rooms/);
    expect(() => gate.admitRoom(b, "2.2.2.2", 50)).to.throw(BUSY_MESSAGE);
    gate.admitRoom(b, null, 40);
    expect(gate.usage).to.deep.equal({ rooms: 2, cells: 100 });
    expect(() => gate.admitRoom({}, null, 0)).to.throw(BUSY_MESSAGE);
    gate.roomGone(a);
    gate.roomGone(a);
    expect(gate.usage).to.deep.equal({ rooms: 1, cells: 40 });
    gate.admitRoom({}, "1.1.1.1", 10);
    gate.close();
  });

  it("caps pending reservations per address; a used one frees its place", () => {
    const gate = new Admission({ ...DEFAULTS.admission, pendingPerAddress: 2 });
    gate.checkReserve("3.3.3.3");
    gate.reserved("3.3.3.3", "s1", 15);
    gate.checkReserve("3.3.3.3");
    gate.reserved("3.3.3.3", "s2", 15);
    expect(() => gate.checkReserve("3.3.3.3")).to.throw(/joins in progress/);
    gate.consumed("s1");
    gate.checkReserve("3.3.3.3");
    gate.close();
  });
});

describe("security units: settings", () => {
  it("every limit is on by default and read from the environment", () => {
    const d = settingsFromEnv({});
    expect(d.admission).to.deep.equal(DEFAULTS.admission);
    expect([d.trustProxy, d.joinTimeoutSeconds, d.abandonedHoldSeconds, d.maxMatchmakeBodyBytes, d.maxSendBufferBytes]).to.deep.equal([0, 10, 120, 8192, 2 * 1024 * 1024]);
    const e = settingsFromEnv({ TRUST_PROXY: "1", CREATE_BURST: "3", CREATE_PER_MINUTE: "6", MAX_ROOMS: "50", JOIN_TIMEOUT_SECONDS: "5", SEND_BUFFER_KB: "512", FLOOD_STRIKES: "100" });
    expect(e.trustProxy).to.equal(1);
    expect(e.admission.createRate).to.deep.equal({ burst: 3, perSecond: 0.1 });
    expect(e.admission.maxRooms).to.equal(50);
    expect([e.joinTimeoutSeconds, e.maxSendBufferBytes, e.floodStrikes.burst]).to.deep.equal([5, 512 * 1024, 100]);
    expect(settingsFromEnv({ TRUST_PROXY: "lots" }).trustProxy).to.equal(0); // nonsense keeps the safe default
  });

  it("ADDRESS_LIMITS=off lifts the per-address limits only", () => {
    const off = settingsFromEnv({ ADDRESS_LIMITS: "off" }).admission;
    expect(off).to.deep.include(NO_ADDRESS_LIMITS);
    expect([off.maxRooms, off.maxCells]).to.deep.equal([DEFAULTS.admission.maxRooms, DEFAULTS.admission.maxCells]);
  });
});
