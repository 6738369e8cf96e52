// Following a tournament without playing in it (docs/tournaments.md "Featured game", "Live
// standings"), over real colyseus.js clients: four profiles in a Connect Four arena, two games.
// A page that is not an entrant joins the tournament's room to watch (`watch: true`): it is sent
// the standings live (a game's result as the room scores it) without becoming an entrant; a
// watcher never makes the room, and past the bound one is refused in words. The standings (live
// and over HTTP) name the featured game, the one whose best player ranks highest; its
// spectators are sent to its delayed mirror (the hub's spectator delay), never the live table.

import { expect } from "chai";
import { matchMaker } from "@colyseus/core";
import { Client } from "colyseus.js";
import { mirrorIdOf, TOURNAMENT_SPECTATOR_DELAY } from "../../server/rooms/game/spectatorDelay.js";
import { TournamentDirector, TOURNAMENT_ROOM } from "../../server/tournaments/TournamentDirector.js";
import { bootHub, Probe, rejection, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { newProfileAt, playToWin, type Me } from "./rated.helpers.js";
import { openArena } from "./tournaments.helpers.js";

const PORT = testPort(2976);
const WS = `ws://127.0.0.1:${PORT}`;

describe("tournaments: watching (live standings, the featured game with the spectator delay)", function () {
  this.timeout(60_000);
  let hub: TestHub;
  const saved = { tick: TournamentDirector.tickMs, watchers: TournamentDirector.maxWatchers };

  before(async () => {
    TournamentDirector.tickMs = 100;
    hub = await bootHub(PORT);
  });
  after(async () => {
    Object.assign(TournamentDirector, { tickMs: saved.tick, maxWatchers: saved.watchers });
    await hub?.shutdown();
  });

  it("a watcher follows the standings live, bounded; the featured game is the top-ranked one in play, watched late", async () => {
    const id = "watched-arena";
    await openArena(hub.store.tournaments, id, "Watched arena");
    // Nobody in it yet: a watcher does not make its room (the page polls meanwhile).
    await rejection(new Client(WS).join(TOURNAMENT_ROOM, { tournament: id, watch: true }));
    expect(await matchMaker.query({ name: TOURNAMENT_ROOM }), "no room made for a watcher").to.deep.equal([]);
    expect(await rejection(matchMaker.create(TOURNAMENT_ROOM, { tournament: id, watch: true }).then(() => null))).to.have.property("message").that.matches(/Nobody is in this tournament's room just now/);

    const players: Me[] = [];
    for (let i = 0; i < 4; i++) players.push(await newProfileAt(PORT, `Player ${i}`));
    const entrants: Probe[] = [new Probe(await new Client(WS).joinOrCreate(TOURNAMENT_ROOM, { tournament: id, profileKey: players[0].key }))];
    const watcher = new Probe(await new Client(WS).join(TOURNAMENT_ROOM, { tournament: id, watch: true }));
    expect(watcher.room.roomId, "the tournament's one room").to.equal(entrants[0].room.roomId);
    TournamentDirector.maxWatchers = 1;
    const full = await rejection(new Client(WS).join(TOURNAMENT_ROOM, { tournament: id, watch: true }));
    expect(full.message).to.equal("So many pages follow this tournament live that its page reads the standings every few seconds instead.");
    for (const me of players.slice(1)) entrants.push(new Probe(await new Client(WS).joinOrCreate(TOURNAMENT_ROOM, { tournament: id, profileKey: me.key })));

    // Paired: the watcher is sent standings naming the featured game.
    const withFeatured = await watcher.until(() => watcher.of("event").find((e) => e.kind === "standings" && e.featured && e.rows.length === 4), 15_000, "standings with a featured game");
    const record = (await hub.store.tournaments.load(id))!;
    expect(record.entries.map((e) => e.profileId).sort(), "the watcher is no entrant").to.deep.equal(players.map((p) => p.id).sort());
    expect(record.pairings.length).to.equal(2);
    const top = withFeatured.rows[0].id;
    const featuredPairing = record.pairings.find((p) => p.players.includes(top))!;
    expect(withFeatured.featured).to.deep.equal({
      no: featuredPairing.no,
      roomId: featuredPairing.roomId,
      players: featuredPairing.players.map((p) => ({ id: p, name: players.find((x) => x.id === p)!.name })),
    });
    expect(watcher.of("event").some((e) => e.kind === "matched"), "a watcher is handed no seat").to.equal(false);
    const page = await hub.get(`/api/tournaments/${id}`);
    expect((page.body as any).featured, "the page's answer names the same game").to.deep.equal(withFeatured.featured);

    // Its spectators watch the delayed mirror, never the live table.
    const listing = await matchMaker.getRoomById(featuredPairing.roomId!);
    expect(listing.metadata.spectatorDelay).to.equal(TOURNAMENT_SPECTATOR_DELAY);
    const spectator = await new Client(WS).joinById(featuredPairing.roomId!, { spectate: true });
    expect(spectator.roomId, "sent to the delayed mirror").to.equal(mirrorIdOf(featuredPairing.roomId!));

    // The featured game is played; the watcher is sent its result as the room scores it.
    const matched = await Promise.all(
      featuredPairing.players.map((p) => entrants[players.findIndex((x) => x.id === p)].until(() => entrants[players.findIndex((x) => x.id === p)].of("event").find((e) => e.kind === "matched"), 10_000, "matched")),
    );
    const seated = await Promise.all(
      matched.map(async (m) => {
        const room = await new Client(WS).consumeSeatReservation(m.reservation);
        const probe = new Probe(room);
        await probe.next("seat", 0);
        return { room, probe };
      }),
    );
    await seated[0].probe.until(() => seated[0].room.state.phase === "playing" || undefined, 10_000, "the game starts");
    await playToWin(seated, 0);
    const scored = await watcher.until(() => watcher.of("event").find((e) => e.kind === "standings" && e.rows.some((r: any) => r.games === 1)), 15_000, "the result, live");
    expect(scored.rows.filter((r: any) => r.games === 1).map((r: any) => r.id).sort()).to.deep.equal([...featuredPairing.players].sort());
    for (const s of seated) await s.room.leave();
    await spectator.leave();
    await watcher.room.leave();
    for (const p of entrants) await p.room.leave();
  });
});
