// Safe to play with strangers (docs/safety.md), on a real hub with real colyseus.js clients:
// a blocked player is never seated with the blocker (100 quick-play rounds, one after the
// other, and 20 at once), nor in their private room; muted chat never reaches the muter's
// socket (in this room and the next), chat is filtered and can be off; a report carries the
// room's chat and what a spectator or the replay shows, never a hand; at most REPORTS_PER_DAY
// a day; the console refuses every request without a moderator's token or from another site;
// every moderator action is in the audit log, and a ban, a chat mute and upheld reports act.

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { Probe, useHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { apiAt, newProfileAt, ratedMatch, type Me } from "./rated.helpers.js";
import type { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { c4Grid } from "../helpers/connect4.js";

const PORT = testPort(2941);
const TOKEN = "ann-token-0123456789abcdefghij";
const OTHER = "bo-token-0123456789abcdefghijkl";

interface Seated {
  room: Room<any>;
  probe: Probe;
  seat: number;
}

/** Polls an async check until it holds (the store answers asynchronously). */
async function eventually<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function seated(p: Promise<Room<any>>): Promise<Seated> {
  const room = await p;
  const probe = new Probe(room);
  const { seat } = await probe.next("seat", 0);
  return { room, probe, seat };
}

describe("safety: mute, block, report, chat filter, moderators' console", function () {
  this.timeout(120_000);
  const hub = useHub(PORT, {
    reportsPerDay: 2,
    moderators: new Map([
      [TOKEN, "ann"],
      [OTHER, "bo"],
    ]),
  });
  const client = () => new Client(`ws://127.0.0.1:${PORT}`);
  const api = (path: string, init: RequestInit & { key?: string } = {}) => apiAt(PORT, path, init);
  const profile = (name: string) => newProfileAt(PORT, name);
  const mod = (path: string, body?: unknown, token = TOKEN) =>
    apiAt(PORT, `/mod${path}`, { method: body === undefined ? "GET" : "POST", headers: { authorization: `Bearer ${token}` }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  it("never seats a blocked player with the blocker: 100 quick-play rounds one after the other, 20 at once", async () => {
    const [ada, bob, cy] = [await profile("Ada"), await profile("Bob"), await profile("Cy")];
    const blocked = await api(`/profile/safety/blocks/${bob.id}`, { method: "PUT", key: ada.key });
    expect(blocked.status, JSON.stringify(blocked.body)).to.equal(200);
    expect(blocked.body.blocks).to.deep.equal([{ id: bob.id, name: "Bob" }]);
    const sdk = client();
    const quick = (me: Me) => seated(sdk.joinOrCreate("connect4", { mode: "online", name: me.name, profileKey: me.key }));

    // Without a block, the second player of a round sits in the first one's room (the test can fail).
    const [dee, eve] = [await profile("Dee"), await profile("Eve")];
    const d = await quick(dee);
    const e = await quick(eve);
    expect(e.room.roomId, "two strangers meet").to.equal(d.room.roomId);
    await Promise.all([d.room.leave(), e.room.leave()]);

    let cyMetSomeone = 0;
    for (let round = 0; round < 100; round++) {
      const first = round % 2 === 0 ? ada : bob;
      const second = first === ada ? bob : ada;
      const a = await quick(first);
      const b = await quick(second);
      expect(b.room.roomId, `round ${round}: ${second.name} never sits with ${first.name}`).to.not.equal(a.room.roomId);
      const c = await quick(cy);
      if (c.room.roomId === a.room.roomId || c.room.roomId === b.room.roomId) cyMetSomeone++;
      await Promise.all([a.room.leave(), b.room.leave(), c.room.leave()]);
    }
    expect(cyMetSomeone, "quick play still seats others with each of them").to.equal(100);

    for (let round = 0; round < 20; round++) {
      const both = await Promise.allSettled([quick(ada), quick(bob)]);
      const rooms = both.map((r) => (r.status === "fulfilled" ? r.value.room.roomId : `refused ${round}`));
      expect(rooms[0], `at once, round ${round}`).to.not.equal(rooms[1]);
      await Promise.all(both.map((r) => (r.status === "fulfilled" ? r.value.room.leave() : undefined)));
    }

    // A private room of the blocker: the blocked player cannot take a seat, and is told why.
    const mine = await seated(sdk.create("connect4", { mode: "online", private: true, name: "Ada", profileKey: ada.key }));
    const refused = await sdk.joinById(mine.room.roomId, { name: "Bob", profileKey: bob.key }).then(
      () => null,
      (err: Error) => err,
    );
    expect(refused?.message).to.match(/cannot sit at this table: you blocked a player in it, or they blocked you/);
    const watching = await sdk.joinById(mine.room.roomId, { name: "Bob", profileKey: bob.key, spectate: true });
    await watching.leave();
    await mine.room.leave();
  });

  it("muted chat never reaches the muter's socket, in this room and the next; chat is filtered; a private room may turn chat off", async () => {
    const [ann, ben, cat] = [await profile("Ann"), await profile("Ben"), await profile("Cat")];
    const sdk = client();
    const a = await seated(sdk.create("minesweeper", { mode: "coop", seats: 3, private: true, name: "Ann", profileKey: ann.key }));
    const b = await seated(sdk.joinById(a.room.roomId, { name: "Ben", profileKey: ben.key }));
    const c = await seated(sdk.joinById(a.room.roomId, { name: "Cat", profileKey: cat.key }));

    b.room.send("chat", { text: "hello before" });
    await c.probe.next("event", 0, (e) => e.kind === "chat" && e.text === "hello before");
    await a.probe.next("event", 0, (e) => e.kind === "chat" && e.text === "hello before");

    const from = a.probe.messages.length;
    a.room.send("mute", { seat: b.seat, on: true });
    const listed = await a.probe.next("event", from, (e) => e.kind === "listed");
    expect(listed.message).to.match(/Ben is muted/);
    for (let i = 0; i < 5; i++) b.room.send("chat", { text: `muted line ${i}` });
    b.room.send("chat", { text: "well fuck this" });
    const heard = await c.probe.next("event", 0, (e) => e.kind === "chat" && e.text.startsWith("well"));
    expect(heard.text, "filtered").to.equal("well **** this");
    await c.probe.next("event", 0, (e) => e.kind === "chat" && e.text === "muted line 4");
    await a.probe.sync();
    expect(a.probe.of("event", from).filter((e) => e.kind === "chat"), "nothing of Ben's reaches Ann").to.deep.equal([]);
    c.room.send("chat", { text: "Cat still heard" });
    await a.probe.next("event", from, (e) => e.kind === "chat" && e.text === "Cat still heard");
    await Promise.all([a.room.leave(), b.room.leave(), c.room.leave()]);

    // The mute is on Ann's profile: the next room, from another connection, honours it.
    const a2 = await seated(client().create("minesweeper", { mode: "coop", seats: 2, private: true, name: "Ann", profileKey: ann.key }));
    const b2 = await seated(sdk.joinById(a2.room.roomId, { name: "Ben", profileKey: ben.key }));
    b2.room.send("chat", { text: "new room" });
    await b2.probe.next("event", 0, (e) => e.kind === "chat" && e.text === "new room");
    await a2.probe.sync();
    expect(a2.probe.of("event", 0).filter((e) => e.kind === "chat")).to.deep.equal([]);
    expect((await api("/profile/safety", { key: ann.key })).body.mutes).to.deep.equal([{ id: ben.id, name: "Ben" }]);
    await Promise.all([a2.room.leave(), b2.room.leave()]);

    // Chat off in a private room: refused in words, nothing sent.
    const q = await seated(sdk.create("minesweeper", { mode: "coop", seats: 2, private: true, chat: false, name: "Ann", profileKey: ann.key }));
    const r = await seated(sdk.joinById(q.room.roomId, { name: "Ben", profileKey: ben.key }));
    r.room.send("chat", { text: "anyone?" });
    const err = await r.probe.next("error", 0, (e) => e.type === "chat");
    expect(err.code).to.equal("chat-off");
    expect(err.message).to.match(/Chat is off in this room/);
    await q.probe.sync();
    expect(q.probe.of("event").filter((e) => e.kind === "chat")).to.deep.equal([]);
    await Promise.all([q.room.leave(), r.room.leave()]);
  });

  it("spectators of a rated game do not chat; its players do", async () => {
    const [pia, quin] = [await profile("Pia"), await profile("Quin")];
    const [p, q] = await Promise.all([ratedMatch(client(), pia), ratedMatch(client(), quin)]);
    const watcher = new Probe(await client().joinById(p.room.roomId, { spectate: true, name: "Fan" }));
    await watcher.next("welcome", 0);
    watcher.room.send("chat", { text: "go Pia!" });
    const err = await watcher.next("error", 0, (e) => e.type === "chat");
    expect(err.code).to.equal("chat-off");
    expect(err.message).to.match(/Spectators of rated games cannot chat/);
    p.room.send("chat", { text: "good luck" });
    await q.probe.next("event", 0, (e) => e.kind === "chat" && e.text === "good luck");
    await watcher.next("event", 0, (e) => e.kind === "chat" && e.text === "good luck");
    expect(p.probe.of("event").filter((e) => e.kind === "chat" && e.text === "go Pia!")).to.deep.equal([]);
    await Promise.all([p.room.leave(), q.room.leave(), watcher.room.leave()]);
  });

  it("a report carries the room's chat and the public view mid-game (never a hand), the finished game's moves after it; at most REPORTS_PER_DAY", async () => {
    const [kim, lou] = [await profile("Kim"), await profile("Lou")];
    const sdk = client();
    const k = await seated(sdk.create("cubestacc", { mode: "online", seats: 2, timer: 0, private: true, name: "Kim", profileKey: kim.key }));
    const l = await seated(sdk.joinById(k.room.roomId, { name: "Lou", profileKey: lou.key }));
    await k.probe.until(() => k.room.state.phase === "playing" || undefined, 8000, "the start");
    l.room.send("chat", { text: "you are bad" });
    await k.probe.next("event", 0, (e) => e.kind === "chat");
    k.room.send("report", { seat: l.seat, reason: "chat", note: "insults" });
    const done = await k.probe.next("event", 0, (e) => e.kind === "reported");
    expect(done.message).to.match(/reached the moderators/);

    const server = hub.room<GameRoom<any, any, any, any, any, any>>(k.room.roomId);
    const session = server.session!;
    const [report] = await hub.store.safety.reports({ status: "open" });
    expect(report).to.deep.include({ reporterId: kim.id, reportedId: lou.id, reason: "chat", note: "insults", game: "cubestacc" });
    expect(report.evidence.chat.map((c) => [c.name, c.text])).to.deep.equal([["Lou", "you are bad"]]);
    expect(report.evidence.log, "no move log while the game runs").to.equal(null);
    const spectators = JSON.parse(JSON.stringify(session.view(null)));
    expect(report.evidence.publicView, "exactly what a spectator sees").to.deep.equal(spectators);
    for (const seat of [0, 1]) {
      const hand = (session.view(seat) as { hand: number[] | null }).hand;
      expect(hand, "a seat has a hand").to.be.an("array").that.is.not.empty;
      expect(report.evidence.publicView).to.not.deep.equal(JSON.parse(JSON.stringify(session.view(seat))));
    }
    expect((report.evidence.publicView as { hand: unknown }).hand).to.equal(null);
    expect(JSON.stringify(report.evidence)).to.not.include('"hands"');
    await Promise.all([k.room.leave(), l.room.leave()]);

    // A finished Connect Four game: the evidence is its replay's moves.
    const x = await seated(sdk.create("connect4", { mode: "online", private: true, name: "Kim", profileKey: kim.key }));
    const y = await seated(sdk.joinById(x.room.roomId, { name: "Lou", profileKey: lou.key }));
    await x.probe.until(() => x.room.state.phase === "playing" || undefined, 5000, "the start");
    const cols = new Map([
      [x, [0, 0, 0, 0]],
      [y, [1, 2, 1, 2]],
    ]);
    for (let i = 0; x.room.state.phase !== "finished" && i < 10; i++) {
      const p = x.room.state.acting[0] === x.seat ? x : y;
      const before = c4Grid(x.room.state).filter((v) => v >= 0).length;
      p.room.send("drop", { col: cols.get(p)!.shift() });
      await x.probe.until(() => c4Grid(x.room.state).filter((v) => v >= 0).length > before || undefined, 5000, "the disc");
    }
    await x.probe.until(() => (x.room.state.phase === "finished" && x.room.state.replayId > 0) || undefined, 5000, "the end, stored");
    y.room.send("report", { seat: x.seat, reason: "stalling" });
    await y.probe.next("event", 0, (e) => e.kind === "reported");
    const stored = await hub.store.getGame(x.room.state.replayId);
    const finished = (await hub.store.safety.reports({ status: "open" })).find((r) => r.reason === "stalling")!;
    expect(finished.evidence.gameId).to.equal(x.room.state.replayId);
    expect(JSON.parse(JSON.stringify(finished.evidence.log))).to.deep.equal(JSON.parse(JSON.stringify(stored!.log)));
    expect(finished.evidence.publicView).to.equal(null);

    // Kim has sent one report, Lou one; the bound is 2 a day: Kim's third is refused in words.
    x.room.send("report", { seat: y.seat, reason: "name" });
    await x.probe.next("event", 0, (e) => e.kind === "reported");
    x.room.send("report", { seat: y.seat, reason: "name" });
    const over = await x.probe.next("error", 0, (e) => e.type === "report");
    expect(over.code).to.equal("too-many-reports");
    expect(over.message).to.match(/at most 2 reports a day/);
    // A bad payload is refused with words and files nothing.
    x.room.send("report", { seat: y.seat, reason: "because" });
    const bad = await x.probe.next("error", 0, (e) => e.type === "report" && e.code === "bad-payload");
    expect(bad.message).to.match(/reason must be one of/);
    expect(await hub.store.safety.reportsFiledSince(kim.id, 0)).to.equal(2);
    await Promise.all([x.room.leave(), y.room.leave()]);
  });

  it("the console refuses every request without a moderator's token, and every request from another site", async () => {
    const someone = await profile("Sam");
    const routes: [string, string, unknown?][] = [
      ["GET", "/reports"],
      ["GET", "/reports?status=all"],
      ["GET", "/reports/1"],
      ["POST", "/reports/1/resolve", { status: "upheld" }],
      ["POST", "/sanctions", { profileId: someone.id, kind: "ban", hours: 1, reason: "x" }],
      ["GET", "/audit"],
      ["GET", "/nothing"],
    ];
    const bad: (Record<string, string> | undefined)[] = [
      undefined,
      { authorization: "Bearer wrong-token-0123456789abcdefgh" },
      { authorization: `Bearer ${someone.key}` },
      { authorization: `Basic ${Buffer.from(`ann:${TOKEN}`).toString("base64")}` },
      { authorization: TOKEN },
    ];
    for (const [method, path, body] of routes) {
      for (const headers of bad) {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/mod${path}`, { method, headers: { "content-type": "application/json", ...headers }, body: body ? JSON.stringify(body) : undefined });
        expect(res.status, `${method} ${path} with ${JSON.stringify(headers)}`).to.equal(401);
        expect((await res.json()).code).to.equal("not-a-moderator");
      }
      // From another site, even with the token: 403 and no CORS header at all.
      const cross = await fetch(`http://127.0.0.1:${PORT}/api/mod${path}`, {
        method,
        headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}`, origin: "https://evil.example" },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(cross.status, `${method} ${path} cross-origin`).to.equal(403);
      expect(cross.headers.get("access-control-allow-origin")).to.equal(null);
    }
    const preflight = await fetch(`http://127.0.0.1:${PORT}/api/mod/reports`, { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "GET" } });
    expect(preflight.status).to.equal(403);
    expect(preflight.headers.get("access-control-allow-origin")).to.equal(null);
    // Nothing was done: the audit log is as it was, and the profile is not banned.
    expect((await mod("/audit")).body.entries.filter((e: { profileId: string }) => e.profileId === someone.id)).to.deep.equal([]);
    // The page itself loads (it asks for the token), and its own origin is answered.
    const page = await fetch(`http://127.0.0.1:${PORT}/mod`);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.include("Moderators' console");
    const own = await fetch(`http://127.0.0.1:${PORT}/api/mod/reports`, { headers: { authorization: `Bearer ${TOKEN}`, origin: `http://127.0.0.1:${PORT}` } });
    expect(own.status).to.equal(200);
    expect(own.headers.get("access-control-allow-origin")).to.equal(null);
  });

  it("puts every moderator action in the audit log with who did it, and the actions act: a ban, a chat mute, upheld reports", async () => {
    const [rex, sue, tom, uma] = [await profile("Rex"), await profile("Sue"), await profile("Tom"), await profile("Uma")];
    const sdk = client();
    // Sue reports Rex twice and Tom once.
    const a = await seated(sdk.create("connect4", { mode: "online", private: true, name: "Sue", profileKey: sue.key }));
    const b = await seated(sdk.joinById(a.room.roomId, { name: "Rex", profileKey: rex.key }));
    a.room.send("report", { seat: b.seat, reason: "chat" });
    await a.probe.next("event", 0, (e) => e.kind === "reported");
    a.room.send("report", { seat: b.seat, reason: "name" });
    await eventually(async () => (await hub.store.safety.reportsFiledSince(sue.id, 0)) === 2, "two reports");
    await Promise.all([a.room.leave(), b.room.leave()]);
    const open = (await mod("/reports")).body.reports.filter((r: { reportedId: string }) => r.reportedId === rex.id);
    expect(open).to.have.length(2);
    expect(open[0].reporterName).to.equal("Sue");
    const detail = await mod(`/reports/${open[0].id}`);
    expect(detail.body.report.evidence.seats).to.deep.equal(["Sue", "Rex"]);

    const actions = [
      await mod(`/reports/${open[0].id}/resolve`, { status: "upheld" }),
      await mod(`/reports/${open[1].id}/resolve`, { status: "dismissed" }, OTHER),
      await mod("/sanctions", { profileId: rex.id, kind: "warn", reason: "be kind", reportId: open[0].id }),
      await mod("/sanctions", { profileId: rex.id, kind: "mute", hours: 2, reason: "insults in chat" }, OTHER),
      await mod("/sanctions", { profileId: rex.id, kind: "ban", hours: 24, reason: "abuse of strangers" }),
    ];
    for (const r of actions) expect(r.status, JSON.stringify(r.body)).to.be.oneOf([200, 201]);
    // Refused actions change nothing and log nothing.
    expect((await mod(`/reports/${open[0].id}/resolve`, { status: "dismissed" })).status).to.equal(409);
    expect((await mod("/sanctions", { profileId: rex.id, kind: "ban", hours: -1, reason: "x" })).status).to.equal(400);
    expect((await mod("/sanctions", { profileId: rex.id, kind: "ban", hours: 1, reason: "" })).status).to.equal(400);
    const log = (await mod("/audit")).body.entries.filter((e: { profileId: string }) => e.profileId === rex.id);
    expect(log.map((e: { moderator: string; action: string }) => `${e.moderator} ${e.action}`).reverse()).to.deep.equal(["ann uphold", "bo dismiss", "ann warn", "bo mute", "ann ban"]);

    // Rex is told in words, on his profile and when he tries quick play (casual and rated).
    const standing = await api("/profile/safety", { key: rex.key });
    expect(standing.body.sanctions.map((s: { kind: string }) => s.kind).sort()).to.deep.equal(["ban", "mute", "warn"]);
    const banned = await sdk.joinOrCreate("connect4", { mode: "online", name: "Rex", profileKey: rex.key }).then(
      () => null,
      (e: Error) => e,
    );
    expect(banned?.message).to.match(/A moderator banned you from quick play for 24 more hours \(until .+ UTC.+\), because: abuse of strangers/);
    const rated = await sdk.joinOrCreate("rated", { pool: "connect4", profileKey: rex.key }).then(
      () => null,
      (e: Error) => e,
    );
    expect(rated?.message).to.match(/banned you from quick play/);
    // His chat is muted in a room he joins now (a private room: still open to him).
    const p = await seated(sdk.create("connect4", { mode: "online", private: true, name: "Rex", profileKey: rex.key }));
    p.room.send("chat", { text: "hi" });
    const muted = await p.probe.next("error", 0, (e) => e.type === "chat");
    expect(muted.code).to.equal("chat-muted");
    expect(muted.message).to.match(/muted your chat for 2 more hours .*insults in chat/);
    await p.room.leave();

    // Tom has an upheld report (not banned): quick play seats him among his peers, never with Uma.
    const val = await profile("Val"); // Sue has sent her 2 reports of the day
    const t = await seated(sdk.create("connect4", { mode: "online", private: true, name: "Val", profileKey: val.key }));
    const tt = await seated(sdk.joinById(t.room.roomId, { name: "Tom", profileKey: tom.key }));
    t.room.send("report", { seat: tt.seat, reason: "cheating" });
    await eventually(async () => (await hub.store.safety.reports({ status: "open" })).find((r) => r.reportedId === tom.id), "Tom's report");
    await Promise.all([t.room.leave(), tt.room.leave()]);
    const tomReport = (await hub.store.safety.reports({ status: "open" })).find((r) => r.reportedId === tom.id)!;
    expect((await mod(`/reports/${tomReport.id}/resolve`, { status: "upheld" })).status).to.equal(200);
    const u = await seated(sdk.joinOrCreate("connect4", { mode: "online", name: "Uma", profileKey: uma.key }));
    const tq = await seated(sdk.joinOrCreate("connect4", { mode: "online", name: "Tom", profileKey: tom.key }));
    expect(tq.room.roomId, "a reported player waits among his peers").to.not.equal(u.room.roomId);
    const w = await profile("Wes");
    const wq = await seated(sdk.joinOrCreate("connect4", { mode: "online", name: "Wes", profileKey: w.key }));
    expect(wq.room.roomId, "others still meet Uma").to.equal(u.room.roomId);
    await Promise.all([u.room.leave(), tq.room.leave(), wq.room.leave()]);
  });
});
