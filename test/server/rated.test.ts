// Profiles, histories and ratings through a real hub with real colyseus.js clients: rated
// quick play pairs two profiles, their Connect Four game is rated once and the change is
// announced; leaving a rated game past the reconnection window is a loss; casual games land
// in "My games" unrated; private replays are for their players only; a device link carries
// the profile; "Forget me" ends it.

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { PgStore } from "../../server/store/PgStore.js";
import { bootHub, dropConnection, Probe, rejection, sleep, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { testPostgres } from "../helpers/postgres.js";
import { apiAt, newProfileAt, playToWin, ratedMatch, type Me } from "./rated.helpers.js";

let PORT = testPort(2801);

const api = (path: string, init: RequestInit & { key?: string } = {}) => apiAt(PORT, path, init);
const newProfile = (name: string): Promise<Me> => newProfileAt(PORT, name);

for (const backend of ["SQLite", "PostgreSQL"] as const) describe(`profiles, My games and ratings through a hub (${backend})`, function () {
  this.timeout(60_000);
  let hub: TestHub;
  /** The store the hub writes to. */
  let records: { recentGames(o: { roomId: string }): unknown };
  let scale = 1;
  before(async function () {
    PORT = testPort(backend === "SQLite" ? 2801 : 2802);
    let store: PgStore | undefined;
    if (backend === "PostgreSQL") {
      const pg = await testPostgres();
      if (!pg) return this.skip();
      store = await PgStore.open(await pg.createDatabase("rated"));
    }
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0.05;
    hub = await bootHub(PORT, { reconnectSeconds: 1, ...(store ? { store } : {}) } as never);
    records = store ?? hub.store;
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    await hub?.shutdown();
  });

  it("refuses rated quick play without a profile, and tells a lone player what it is doing", async () => {
    const client = new Client(`ws://127.0.0.1:${PORT}`);
    const refused = await rejection(client.joinOrCreate("rated", { pool: "connect4" }));
    expect(refused.message).to.match(/need a profile/);
    const ann = await newProfile("Lone");
    const q = await client.joinOrCreate("rated", { pool: "pets", profileKey: ann.key });
    const probe = new Probe(q);
    const status = await probe.next("event", 0, (e) => e.kind === "status" && e.waitedSeconds >= 1, 5000);
    expect(status).to.deep.include({ pool: "pets", rating: 1500, provisional: true });
    expect(status.window).to.be.greaterThan(100);
    await q.leave();
  });

  it("pairs two profiles, rates their game once and announces +/− to both; both find it in My games", async () => {
    const ann = await newProfile("Ann");
    const bob = await newProfile("Bob");
    const [a, b] = await Promise.all([ratedMatch(new Client(`ws://127.0.0.1:${PORT}`), ann), ratedMatch(new Client(`ws://127.0.0.1:${PORT}`), bob)]);
    expect(a.room.roomId).to.equal(b.room.roomId);
    // a rated room seats only the matched players
    await rejection(new Client(`ws://127.0.0.1:${PORT}`).joinById(a.room.roomId, { name: "Eve" }));
    await a.probe.until(() => a.room.state.phase === "playing" || undefined, 5000, "the game");
    const annSeat = a.probe.of("seat")[0].seat as number;
    await playToWin([a, b], annSeat);
    const ratedA = await a.probe.next("event", 0, (e) => e.kind === "rated", 5000);
    const ratedB = await b.probe.next("event", 0, (e) => e.kind === "rated", 5000);
    expect(ratedA).to.deep.equal(ratedB);
    const mine = ratedA.changes.find((c: any) => c.seat === annSeat);
    const theirs = ratedA.changes.find((c: any) => c.seat !== annSeat);
    expect(mine).to.deep.include({ before: 1500, games: 1, provisional: true });
    expect(mine.delta).to.be.greaterThan(0);
    expect(theirs.delta).to.be.lessThan(0);
    expect(mine.after).to.equal(1500 + mine.delta);

    const history = await api("/profile/games", { key: ann.key });
    expect(history.status).to.equal(200);
    const [game] = history.body.games;
    expect(game).to.deep.include({ game: "connect4", rated: "connect4", seat: 0 === annSeat ? 0 : 1, place: 1, public: true });
    expect(game.seats).to.include("Bob");
    expect(game.rating.after - game.rating.before).to.be.closeTo(mine.delta, 1);
    expect((await api("/profile/games", { key: bob.key })).body.games[0].place).to.equal(2);
    // one game against one opponent: not established, so not on the leaderboard yet (rated.farm.test.ts)
    const board = await api("/ratings/connect4");
    const listed = board.body.entries.map((e: any) => e.name);
    expect(listed).to.not.include("Ann");
    expect(listed).to.not.include("Bob");
    const page = await api(`/profiles/${ann.id}`);
    expect(page.body.figures.ratings[0]).to.deep.include({ pool: "connect4", games: 1, wins: 1 });
    expect(page.body.figures.history).to.have.length(1);
    // a replay of a public game is anyone's
    expect((await api(`/replays/${game.id}`)).status).to.equal(200);
    await Promise.all([a.room.leave(), b.room.leave()]);
  });

  it("leaving a rated game past the reconnection window is a loss, whatever the bot then does", async function () {
    this.timeout(120_000);
    const cy = await newProfile("Cy");
    const di = await newProfile("Di");
    const [c, d] = await Promise.all([ratedMatch(new Client(`ws://127.0.0.1:${PORT}`), cy), ratedMatch(new Client(`ws://127.0.0.1:${PORT}`), di)]);
    await c.probe.until(() => c.room.state.phase === "playing" || undefined, 5000, "the game");
    const dSeat = d.probe.of("seat")[0].seat as number;
    const cSeat = 1 - dSeat;
    dropConnection(d.room);
    await c.probe.until(() => c.room.state.seats[dSeat].bot || undefined, 8000, "a bot playing Di's seat");
    // Cy plays on, badly: the bot wins Di's seat the game, and Di still loses by leaving
    let moves = 0;
    // Bounded by time, not by turns of this loop: a loaded machine's bot may take seconds a move.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && c.room.state.phase !== "finished") {
      if (c.room.state.acting?.[0] === cSeat) {
        c.room.send("drop", { col: 6 - (Math.floor(moves++ / 3) % 7) });
        await c.probe.until(() => c.room.state.acting?.[0] !== cSeat || c.room.state.phase === "finished" || undefined, 5000, "Cy's move");
      }
      await sleep(50);
    }
    expect(c.room.state.phase).to.equal("finished");
    const rated = await c.probe.next("event", 0, (e) => e.kind === "rated", 15_000);
    expect(rated.changes.find((x: any) => x.seat === dSeat).delta).to.be.lessThan(0);
    expect(rated.changes.find((x: any) => x.seat === cSeat).delta).to.be.greaterThan(0);
    const [game] = (await api("/profile/games", { key: di.key })).body.games;
    expect(game).to.deep.include({ forfeited: true, place: 2 });
    await c.room.leave();
  });

  it("casual games land in My games unrated; a private room's replay is for its players only", async () => {
    const ed = await newProfile("Ed");
    const flo = await newProfile("Flo");
    const client = new Client(`ws://127.0.0.1:${PORT}`);
    const e = await client.create("connect4", { private: true, name: "Ed", profileKey: ed.key });
    const ep = new Probe(e);
    await ep.next("seat", 0);
    const f = await new Client(`ws://127.0.0.1:${PORT}`).joinById(e.roomId, { name: "Flo", profileKey: flo.key });
    const fp = new Probe(f);
    await fp.next("seat", 0);
    await ep.until(() => e.state.phase === "playing" || undefined, 5000, "the game");
    await playToWin([{ room: e, probe: ep }, { room: f, probe: fp }], 0);
    let game: any;
    for (let i = 0; i < 100 && !game; i++, await sleep(50)) [game] = (await records.recentGames({ roomId: e.roomId })) as any[];
    expect(game, "the record").to.not.equal(undefined);
    expect(game.public).to.equal(false);
    expect(game.rated).to.equal("");
    await sleep(300);
    expect(ep.of("event").some((x) => x.kind === "rated")).to.equal(false);
    const history = (await api("/profile/games?game=connect4", { key: ed.key })).body.games;
    expect(history.map((g: any) => g.id)).to.deep.equal([game.id]);
    expect(history[0]).to.deep.include({ rated: "", public: false, rating: null });
    // the replay: its players yes; anyone else answered as if it did not exist
    expect((await api(`/replays/${game.id}`, { key: flo.key })).status).to.equal(200);
    const nobody = await api(`/replays/${game.id}`);
    const stranger = await api(`/replays/${game.id}`, { key: (await newProfile("Gus")).key });
    const unknown = await api(`/replays/999999`);
    expect(nobody).to.deep.equal({ status: 404, body: { ...unknown.body, message: unknown.body.message.replace("999999", String(game.id)), error: { ...unknown.body.error, reason: unknown.body.error.reason.replace("999999", String(game.id)) } } });
    expect(stranger.status).to.equal(404);
    expect((await api("/games/recent?game=connect4")).body.games.map((g: any) => g.id)).to.not.include(game.id);
    await Promise.all([e.leave(), f.leave()]);
  });

  it("a device link carries the profile: the other device gets its own key to the same profile and history", async () => {
    const hal = await newProfile("Hal");
    const link = await api("/claims", { method: "POST", key: hal.key, body: "{}" });
    expect(link.status, JSON.stringify(link.body)).to.equal(200);
    expect(link.body.profile).to.equal(true);
    const redeemed = await api("/claims/redeem", { method: "POST", body: JSON.stringify({ claim: link.body.claim }) });
    expect(redeemed.status, JSON.stringify(redeemed.body)).to.equal(200);
    expect(redeemed.body.profile).to.deep.include({ id: hal.id, name: "Hal" });
    expect(redeemed.body.profile.key).to.not.equal(hal.key);
    const there = await api("/profile", { key: redeemed.body.profile.key });
    expect(there.body.profile.id).to.equal(hal.id);
    // single use
    expect((await api("/claims/redeem", { method: "POST", body: JSON.stringify({ claim: link.body.claim }) })).status).to.equal(410);
  });

  it("checks names and keys, and Forget me ends the profile on every device", async () => {
    expect((await api("/profiles", { method: "POST", body: JSON.stringify({ name: "   " }) })).body.code).to.equal("bad-name");
    expect((await api("/profile")).body.code).to.equal("no-profile");
    expect((await api("/profile", { key: "x".repeat(43) })).body).to.deep.equal({ profile: null, ratings: [] });
    expect((await api("/profile/games", { key: "x".repeat(43) })).body.code).to.equal("profile-unknown");
    const ivy = await newProfile("Ivy");
    expect((await api("/profile", { method: "PATCH", key: ivy.key, body: JSON.stringify({ name: "Ivy B." }) })).body.profile.name).to.equal("Ivy B.");
    const gone = await api("/profile", { method: "DELETE", key: ivy.key });
    expect(gone.body).to.deep.include({ forgotten: true });
    expect((await api("/profile", { key: ivy.key })).body.profile).to.equal(null);
    expect((await api("/profile/games", { key: ivy.key })).status).to.equal(401);
    expect((await api(`/profiles/${ivy.id}`)).status).to.equal(404);
  });
});
