// The generic wire over real sockets (server/rooms/game/projection.ts → client join): for every
// game that ships its view as parts, random games are played by real colyseus.js clients (a
// person in every seat and a spectator on each table) and, after every move,
//  - twins: what each client joins from the parts it decoded equals the rules' `view(seat)`
//    (the spectator's: `view(null)`) of the server's game, less what its wire says it leaves
//    out (`carried`: Auto Pets' log);
//  - no leak: a client's decoded parts hold no other seat's own version (`key#g`), and the
//    spectator's none at all.
// WIRE_GAMES sets the games per game kind (default 12).

import { expect } from "chai";
import { matchMaker } from "@colyseus/core";
import { connect4Def, connect4Wire } from "../../common/connect4/index.js";
import { heartsDef, heartsWire } from "../../common/hearts/index.js";
import type { GameDef, TypedMove } from "../../common/core/game.js";
import { createRng } from "../../common/core/rng.js";
import { carriedView, joinState, type ViewWire } from "../../common/core/viewWire.js";
import { petsDef, petsWire } from "../../common/pets/index.js";
import type { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { bootHub, NO_RATE_LIMITS, Probe, seated, until, watcher, type SeatedClient, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2871);
const GAMES = Number(process.env.WIRE_GAMES ?? 12);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDef = GameDef<any, TypedMove, any, any, any>;
interface WireGame {
  name: string;
  def: AnyDef;
  wire: ViewWire<unknown>;
  options: Record<string, unknown>;
  /** People at the table (every seat a person: the definition's fewest seats). */
  seats: number;
  /** Moves played per game at most (a long game is cut short: its first hands are the wire's). */
  steps: number;
  /** Games played (default WIRE_GAMES). */
  games?: number;
}

/** Every game whose view goes over the generic wire (a port adds its line here). */
export const WIRE_GAMES: readonly WireGame[] = [
  { name: "connect4", def: connect4Def as AnyDef, wire: connect4Wire as ViewWire<unknown>, options: { mode: "online", timer: 0 }, seats: 2, steps: 300 },
  // Each hand passes (left, right, across, hold in turn) then plays 52 cards: 130 moves see two hands, and a game to 50 often ends in reach.
  { name: "hearts", def: heartsDef as AnyDef, wire: heartsWire as ViewWire<unknown>, options: { mode: "online", timer: 0, target: 50 }, seats: 4, steps: 130, games: Math.max(1, Math.ceil(GAMES / 2)) },
  { name: "pets", def: petsDef as AnyDef, wire: petsWire as ViewWire<unknown>, options: { mode: "online", seats: 2, timer: 0, arrange: 0, private: true }, seats: 2, steps: 300 },
];

/** JSON with keys sorted (a join's fields come in the order its parts arrived). */
const stable = (v: unknown): string => JSON.stringify(v, (_k, x) => (x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x));

/** The part keys of a decoded state. */
function keysOf(state: any): string[] {
  const out: string[] = [];
  state?.parts?.forEach((_: unknown, k: string) => out.push(k));
  return out;
}

/** Problems in what a connection decoded: another seat's (or, for a spectator, any seat's) own parts. */
function leaks(state: any, gameSeat: number | null): string[] {
  return keysOf(state)
    .filter((k) => k.includes("#") && (gameSeat === null || !k.endsWith(`#${gameSeat}`)))
    .map((k) => `${gameSeat === null ? "the spectator" : `game seat ${gameSeat}`} holds ${k}`);
}

describe("the generic wire: every seat and a spectator join their own view, and only theirs", function () {
  this.timeout(180_000);
  let hub: TestHub;
  let scale = 1;
  before(async () => {
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0.02;
    hub = await bootHub(PORT, { ...NO_RATE_LIMITS });
  });
  after(async () => {
    SeatedRoom.botDelayScale = scale;
    await hub?.shutdown();
  });

  for (const g of WIRE_GAMES) {
    const games = g.games ?? GAMES;
    it(`${g.name}: ${games} random games, twins and no leak after every move`, async () => {
      let checks = 0;
      let moves = 0;
      for (let n = 0; n < games; n++) {
        const a = await seated(hub.colyseus.sdk.create(g.name, { ...g.options, name: "Ann" }));
        const people: SeatedClient[] = [a];
        for (let i = 1; i < g.seats; i++) people.push(await seated(hub.colyseus.sdk.joinById(a.room.roomId, { name: `P${i}` })));
        const spectator = await watcher(hub, a.room.roomId);
        const server = matchMaker.getLocalRoomById(a.room.roomId) as unknown as GameRoom<any, any, any, any, any, any>;
        await until(() => server.session !== null || undefined, 5000, "the start");
        const rng = createRng(1000 + n);
        const viewers: { probe: Probe; roomSeat: number | null }[] = [...people.map((p) => ({ probe: p.probe, roomSeat: p.seat })), { probe: spectator, roomSeat: null }];

        /** Waits until every client joined exactly its view of the server's game now. */
        const allTwins = async (what: string) => {
          const game = server.session!;
          const order = server.seatOrder;
          for (const v of viewers) {
            const gs = v.roomSeat === null ? null : order.indexOf(v.roomSeat);
            const want = carriedView(g.wire, game.view(gs));
            await until(() => stable(joinState(v.probe.state, g.wire, v.roomSeat)) === stable(want) || undefined, 5000, `${what}: ${v.roomSeat === null ? "the spectator" : `seat ${v.roomSeat}`} joins its view`).catch(() => {
              expect(joinState(v.probe.state, g.wire, v.roomSeat), what).to.deep.equal(want);
            });
            expect(leaks(v.probe.state, gs), what).to.deep.equal([]);
            checks++;
          }
        };

        await allTwins(`game ${n}, the start`);
        for (let step = 0; step < g.steps && server.session && g.def.status(server.session.state) !== "finished"; step++) {
          const game = server.session;
          const who = g.def.whoActs(game.state).seats;
          if (!who.length) break;
          const gs = who[rng.int(who.length)];
          const legal = g.def.legalMoves!(game.state, gs);
          if (!legal.length) break;
          const { type, ...payload } = legal[rng.int(legal.length)] as TypedMove & Record<string, unknown>;
          const mover = people.find((p) => p.seat === server.seatOrder[gs])!;
          const before = game.log.length;
          mover.room.send(type, payload);
          await until(() => (server.session?.log.length ?? 0) > before || undefined, 5000, `move ${step} applied`);
          moves++;
          await allTwins(`game ${n}, move ${step}`);
        }
        await Promise.all([...people.map((p) => p.room.leave()), spectator.room.leave()]);
      }
      expect(moves, "moves played").to.be.greaterThan(games * 7);
      expect(checks).to.equal((moves + games) * (g.seats + 1));
    });
  }
});
