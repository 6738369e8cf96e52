// A whole hub process killed mid-arena (SIGKILL, as a crash or an OOM kill would) and started
// again on the same files: the tournament goes on to its end and loses no pairing and no
// result. Eight bot profiles play a Connect Four arena over real colyseus.js clients; the kill
// comes while a game is being played. Each bot then does what the browser client does: joins
// the tournament again (waiting out the dead process's lease) and takes its game's seat back
// with its seat token (the room comes back from its log), and plays on. Checked from the
// store: every pairing and result written before the kill is there unchanged after it, pairings
// are numbered once each, every one has a result (the game its room stored, or void), the
// restarted process paired new games, and the standings sent equal a computation from the
// results (with the berserk bonus: each winner goes berserk before its first move, and every
// berserk seat a player saw before the kill is shown again by its restored room).

import { expect } from "chai";
import { Client, type Room } from "colyseus.js";
import { SqliteStore, type TournamentRecord } from "../../server/store/index.js";
import { TOURNAMENT_ROOM } from "../../server/tournaments/TournamentDirector.js";
import { freePort } from "../helpers/cluster.js";
import { restartableHub, type Restartable } from "../helpers/durable.js";
import { Probe, sleep } from "../helpers/hub.js";
import { c4Grid } from "../helpers/connect4.js";
import { joinQueue, newProfileAt, type Me } from "./rated.helpers.js";
import { expectedArenaStandings } from "./tournaments.helpers.js";

const PLAYERS = 8;
const LEAD_MS = 4000;
/** Long enough for the dead process's lease (15 s) to run out and pairing to go on after it. */
const WINDOW_MS = 32_000;
/** How long a bot keeps trying to get back while the hub restarts and the lease runs out. */
const BACK_WITHIN_MS = 45_000;
/** The loser's columns: never four in a row; the winner drops in column 0 (rated.helpers.ts). */
const LOSER_COLUMNS = [1, 2, 3, 5];

interface Table {
  room: Room<any>;
  roomId: string;
  seat: number;
  seatToken: string;
  wins: boolean;
  /** The disc count the last drop was sent for (sent again after a reconnection if it did not land). */
  sentAt: number;
  done: boolean;
  /** The winner goes berserk before its first move: asked, then answered (shown, or refused). */
  berserk: "no" | "asked" | "answered";
  /** The room seats berserk as this player last saw them; after a cut, what the restored room must still show. */
  berserkSeen: number[];
  expectBerserk: number[] | null;
}

/** A player as the browser client behaves: back into the tournament and into its seat after any drop. */
class Player {
  tour: Room<any> | null = null;
  standings: any = null;
  games = 0;
  moves = 0;
  crossed = 0;
  /** Seats handed out that the kill kept it from taking. */
  lost = 0;
  /** Restored rooms that showed again the berserk seats this player saw before the kill. */
  berserkKept = 0;
  private stopping = false;
  readonly errors: string[] = [];
  private readonly tables = new Set<Promise<void>>();

  constructor(
    readonly me: Me,
    readonly index: number,
    readonly hub: () => string,
    readonly tournament: string,
    readonly onMove: () => void,
  ) {}

  private client(): Client {
    return new Client(this.hub());
  }

  async enter(): Promise<void> {
    const deadline = Date.now() + BACK_WITHIN_MS;
    for (;;) {
      try {
        this.tour = await this.client().joinOrCreate(TOURNAMENT_ROOM, { tournament: this.tournament, profileKey: this.me.key });
        break;
      } catch (e) {
        // "Another server process is running this tournament just now" (the dead one's lease), or the hub still starting.
        if (Date.now() > deadline) throw e;
        await sleep(250);
      }
    }
    const room = this.tour;
    room.onMessage("event", (e: any) => {
      if (e.kind === "standings") this.standings = e;
      if (e.kind === "matched") this.track(this.play(e));
    });
    room.onLeave(() => {
      if (!this.stopping && this.tour === room) this.track(this.enter());
    });
  }

  private track(p: Promise<void>): void {
    const t = p.catch((err) => void this.errors.push(`${this.me.name}: ${err?.message} (${err?.code ?? ""})`)).finally(() => this.tables.delete(t));
    this.tables.add(t);
  }

  private async play(e: any): Promise<void> {
    const others = (e.players as { name: string }[]).map((p) => Number(p.name.split(" ")[1]));
    const t: Table = { room: null!, roomId: e.roomId, seat: -1, seatToken: "", wins: Math.min(...others) === this.index, sentAt: -1, done: false, berserk: "no", berserkSeen: [], expectBerserk: null };
    // The kill can land between the seat handed out and the seat taken: without a seat token
    // there is no way back into that room (the director voids its game; see the rated room's restore).
    const room = await this.client().consumeSeatReservation(e.reservation).catch(() => null);
    if (!room || !(await this.seatIn(t, room))) return void this.lost++;
    let cut = false;
    while (!t.done) {
      await new Promise<number>((resolve) => t.room.onLeave((code) => resolve(code)));
      if (t.done || this.stopping) break;
      // The hub went away mid-game: back into the same seat once the room is restored.
      cut = true;
      const deadline = Date.now() + BACK_WITHIN_MS;
      for (;;) {
        const back = await this.client().joinById(t.roomId, { seatToken: t.seatToken }).catch((err) => {
          if (Date.now() > deadline) throw new Error(`not back in room ${t.roomId}'s seat ${t.seat}: ${err?.message}`);
          return null;
        });
        t.sentAt = -1;
        // What it saw before the cut was durable (sent only once written): the restored room has it. Waiting on a berserk answer ends here.
        t.expectBerserk = t.berserkSeen.slice();
        if (t.berserk === "asked") t.berserk = "answered";
        if (back && (await this.seatIn(t, back))) break;
        await sleep(250);
      }
    }
    if (cut) this.crossed++;
  }

  /** Seated in `room` (first time or back; false: the room closed first): plays whenever it is this seat's turn, leaves at the end. */
  private seatIn(t: Table, room: Room<any>): Promise<boolean> {
    t.room = room;
    return new Promise((resolve) => {
      room.onMessage("seat", (s: { seat: number; seatToken?: string }) => {
        t.seat = s.seat;
        if (s.seatToken) t.seatToken = s.seatToken;
        resolve(true);
        this.turn(t);
      });
      room.onMessage("error", (e: { type?: string }) => {
        if (e?.type === "berserk" && t.berserk === "asked") (t.berserk = "answered"), this.turn(t);
      });
      room.onMessage("*", () => undefined);
      room.onStateChange(() => this.turn(t));
      room.onLeave(() => resolve(false));
    });
  }

  private turn(t: Table): void {
    const s = t.room.state;
    if (t.done || t.seat < 0 || !s) return;
    if (s.phase === "finished") {
      t.done = true;
      this.games++;
      void t.room.leave();
      return;
    }
    // Read only from a synced game (a state still empty after a rejoin has no seats berserk yet).
    if (s.phase !== "playing") return;
    const berserk: number[] = Array.from(s.berserk ?? []);
    if (t.expectBerserk) {
      const lost = t.expectBerserk.filter((seat) => !berserk.includes(seat));
      if (lost.length) this.errors.push(`${this.me.name}: room ${t.roomId} lost berserk seat(s) ${lost.join(", ")} in its restore`);
      else if (t.expectBerserk.length) this.berserkKept++;
      t.expectBerserk = null;
    }
    t.berserkSeen = berserk;
    // The winner goes berserk before its first move, and moves once the room has answered.
    if (t.wins && t.berserk === "no") return void ((t.berserk = "asked"), t.room.send("berserk", {}));
    if (t.berserk === "asked") {
      if (!berserk.includes(t.seat)) return;
      t.berserk = "answered";
    }
    if (s.acting?.[0] !== t.seat) return;
    const grid = c4Grid(s);
    const discs = grid.filter((g) => g >= 0).length;
    if (t.sentAt === discs) return;
    t.sentAt = discs;
    const mine = grid.filter((g) => g === t.seat).length;
    // Against a house bot that took a forfeited seat the plan can run out: then any open column.
    const planned = t.wins ? 0 : LOSER_COLUMNS[mine] ?? 0;
    const open = (c: number) => [0, 1, 2, 3, 4, 5].some((r) => grid[r * 7 + c] < 0);
    const col = [0, 1, 2, 3, 4, 5, 6].map((k) => (planned + k) % 7).find(open);
    t.room.send("drop", { col });
    this.moves++;
    // The kill lands after a winner's move that does not end its game (its fourth disc would):
    // a game that goes on after it, with the winner berserk by then.
    if (t.wins && mine < 3) this.onMove();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.tables]);
    if (this.tour?.connection.isOpen) await this.tour.leave().catch(() => undefined);
  }
}

describe("tournaments: a hub process killed mid-arena", function () {
  this.timeout(150_000);
  let hub: Restartable | undefined;
  let store: SqliteStore | undefined;
  let players: Player[] = [];

  after(async () => {
    await Promise.allSettled(players.map((p) => p.stop()));
    store?.close();
    await hub?.stop();
  });

  it("SIGKILL during a game: the arena runs to its end, every pairing and result written before the kill kept, games in flight finished in their restored rooms", async () => {
    const port = await freePort();
    // The game rooms' reconnection window and seat hold short: a seat whose player never got its
    // token (the kill came first) forfeits, and a match that can never fill ends, within the test.
    hub = await restartableHub(port, { RECONNECT_SECONDS: "20", SEAT_HOLD_SECONDS: "5" });
    store = new SqliteStore(hub.env.HUB_DB);
    const ws = () => `ws://127.0.0.1:${port}`;
    let onMove = () => undefined as void;
    for (let i = 0; i < PLAYERS; i++) players.push(new Player(await newProfileAt(port, `Bot ${i}`), i, ws, "restart-arena", () => onMove()));

    const id = "restart-arena";
    const startsAt = Date.now() + LEAD_MS;
    await store.tournaments.create({
      id,
      kind: "timed-arena",
      pool: "connect4",
      title: "Crash arena",
      config: { startsAt, endsAt: startsAt + WINDOW_MS, tableSize: 2 },
      seed: "0f1e2d3c4b5a69788796a5b4c3d2e1f0",
      status: "scheduled",
      createdAt: Date.now(),
    });
    for (const p of players) await p.enter();

    // Some games scored, then the kill right after a move (not a game's last) lands in a game being played.
    const played = () => players.reduce((n, p) => n + p.games, 0);
    while (played() < 2 * PLAYERS) await sleep(100);
    await new Promise<void>((resolve) => (onMove = () => ((onMove = () => undefined), resolve())));
    await sleep(30);
    await hub.kill("SIGKILL");
    const killedAt = Date.now();
    const before = (await store.tournaments.load(id))!;
    const gamesBefore = played();
    await hub.start();
    const restartedAt = Date.now();

    // The end: a bot's standings marked finished (sent by the restarted process's director).
    const deadline = startsAt + WINDOW_MS + 90_000;
    while (!players.every((p) => p.standings?.finished) && Date.now() < deadline) await sleep(200);
    const now = await store.tournaments.load(id);
    const peeks: string[] = [];
    for (const g of now?.pairings.filter((p) => !now.results.some((r) => r.no === p.no)) ?? []) {
      const seen = await new Client(ws()).joinById(g.roomId!, { spectate: true }).then(
        async (r) => (await sleep(300), `${g.roomId}: phase ${r.state.phase}, game ${r.state.gameNo}, seats ${JSON.stringify(r.state.seats?.toJSON?.())}`),
        (e) => `${g.roomId}: ${e?.message}`,
      );
      peeks.push(seen);
    }
    const state = () =>
      `${players.map((p) => `${p.me.name}: in ${p.tour?.connection.isOpen ? "the tournament" : "nothing"}, ${p.games} games, ${p.crossed} crossed, errors ${p.errors.join("; ")}`).join("\n")}\n` +
      `store: ${now?.tournament.status}, ${now?.pairings.length} pairings, ${now?.results.length} results; open: ${JSON.stringify(now?.pairings.filter((p) => !now.results.some((r) => r.no === p.no)))}\n${peeks.join("\n")}\n${hub!.hub.tail(60)}`;
    for (const p of players) expect(p.standings?.finished, `${p.me.name} was sent the final standings\n${state()}`).to.equal(true);
    await Promise.all(players.map((p) => p.stop()));
    expect(players.flatMap((p) => p.errors)).to.deep.equal([]);

    const after = (await store.tournaments.load(id))!;
    expect(after.tournament.status).to.equal("finished");
    // Nothing written before the kill is lost or changed.
    const byNo = new Map(after.pairings.map((p) => [p.no, p]));
    for (const p of before.pairings) expect(byNo.get(p.no), `pairing ${p.no} kept`).to.deep.equal(p);
    const resultByNo = new Map(after.results.map((r) => [r.no, r]));
    for (const r of before.results) expect(resultByNo.get(r.no), `result of game ${r.no} kept`).to.deep.equal(r);
    expect(after.pairings.map((p) => p.no), "pairings numbered once each").to.deep.equal(after.pairings.map((_, i) => i + 1));
    expect(after.results.map((r) => r.endedNo).sort((a, b) => a - b), "results in one order, once each").to.deep.equal(after.results.map((_, i) => i + 1));
    const { voids, forfeits } = await checkResults(store, after, new Map(players.map((p) => [p.me.id, p.index])));
    const crossed = players.reduce((n, p) => n + p.crossed, 0);
    const pairedAfter = after.pairings.filter((p) => p.pairedAt > restartedAt).length;
    expect(crossed, "a player of a game in flight at the kill played it on in its restored room").to.be.at.least(1);
    const berserkKept = players.reduce((n, p) => n + p.berserkKept, 0);
    expect(berserkKept, "a restored room showed the berserk seat its player saw before the kill").to.be.at.least(1);
    expect(pairedAfter, "the restarted process paired new games").to.be.at.least(1);
    expect(players.find((p) => p.index === 0)!.standings.rows.map((r: any) => ({ id: r.id, score: r.score }))).to.deep.equal(expectedArenaStandings(after));
    console.log(
      `      ${before.pairings.length} pairings and ${before.results.length} results at the kill (${gamesBefore} seats' games played), ` +
        `${after.pairings.length} and ${after.results.length} at the end; ${crossed} seat(s) back in their game after the restart (${berserkKept} still seeing their berserk), ${voids} void, ${forfeits} won by the bot meant to lose; ${players.reduce((n, p) => n + p.lost, 0)} seats the kill kept from being taken; ` +
        `back up ${((restartedAt - killedAt) / 1000).toFixed(1)} s after the kill, ${pairedAfter} pairings after it`,
    );
  });
});

describe("a rated match the kill caught before its game began", function () {
  this.timeout(60_000);
  let hub: Restartable | undefined;
  after(async () => hub?.stop());

  it("ends when it comes back from its log (its other player's ticket died with the process) instead of holding its seat", async () => {
    const port = await freePort();
    hub = await restartableHub(port);
    const sdk = new Client(`ws://127.0.0.1:${port}`);
    const [a, b] = [await newProfileAt(port, "Early"), await newProfileAt(port, "Late")];
    const queued = [await joinQueue(sdk, a), await joinQueue(sdk, b)];
    const [ma] = await Promise.all(queued.map(({ queue }) => queue.next("event", 0, (e) => e.kind === "matched", 10_000)));
    const room = await sdk.consumeSeatReservation(ma.reservation);
    const probe = new Probe(room);
    const { seatToken } = await probe.next("seat", 0);
    expect(room.state.phase, "the match waits for its second player").to.not.equal("playing");
    await hub.restart("SIGKILL");
    const back = await sdk.joinById(ma.roomId, { seatToken }).then(
      () => "seated",
      (e) => String(e?.message),
    );
    const watch = await sdk.joinById(ma.roomId, { spectate: true }).then(
      () => "watching",
      (e) => String(e?.message),
    );
    expect([back, watch], "the room is gone: nothing to wait for").to.not.include.members(["seated", "watching"]);
  });
});

/** Every pairing has a result: its room's stored game (the lower-numbered bot won), or void (a loss each, no game). */
async function checkResults(store: SqliteStore, record: TournamentRecord, index: Map<string, number>): Promise<{ voids: number; forfeits: number }> {
  const results = new Map(record.results.map((r) => [r.no, r]));
  let voids = 0;
  let forfeits = 0;
  for (const p of record.pairings) {
    const r = results.get(p.no);
    expect(r, `game ${p.no} has a result`).to.not.equal(undefined);
    const [a, b] = [...p.players].sort((x, y) => index.get(x)! - index.get(y)!);
    if (r!.gameId === null) {
      voids++;
      expect(r!.results).to.deep.equal({ [a]: "loss", [b]: "loss" });
      continue;
    }
    const stored = (await store.tournaments.finishedIn(p.roomId!, p.pairedAt))!;
    expect(r!.gameId, `game ${p.no}: the game its room stored`).to.equal(stored.gameId);
    // Played through, the lower-numbered bot won; a seat left empty past the window forfeits.
    const places = new Map(stored.places.map((x) => [x.profileId, x.place]));
    expect(r!.results, `game ${p.no}: the results of its stored game`).to.deep.equal(Object.fromEntries(p.players.map((id) => [id, places.get(id) === 1 ? "win" : "loss"])));
    if (places.get(a) !== 1) forfeits++;
  }
  return { voids, forfeits };
}
