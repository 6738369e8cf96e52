// A generic-room game played to its end by colyseus.js clients (test/server/gameRoom.test.ts,
// daily.test.ts): random legal moves for the people's seats, chosen from the server's truth,
// while the room's bots play theirs.

import type { Room } from "colyseus.js";
import { moveMessage, type AnyGameDef } from "../../common/core/game.js";
import type { Rng } from "../../common/core/rng.js";
import type { GameSession } from "../../common/core/session.js";
import type { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { Probe, until } from "./hub.js";

export interface Player {
  room: Room<any>;
  probe: Probe;
  seat: number;
}

export async function join(p: Promise<Room<any>>): Promise<Player> {
  const room = await p;
  const probe = new Probe(room);
  const { seat } = await probe.next("seat", 0);
  return { room, probe, seat };
}

type Session = GameSession<unknown, { type: string }, unknown, unknown, unknown>;

/** Plays the people's seats with random legal moves (chosen from the server's truth) until the game ends. */
export async function playToEnd(def: AnyGameDef, server: GameRoom<any, any, any, any, any, any>, people: Player[], rng: Rng): Promise<string[]> {
  const problems: string[] = [];
  for (let guard = 0; ; guard++) {
    if (guard > 3000) throw new Error(`${def.id}: no end`);
    const session = server.session as Session | null;
    if (server.state.phase === "finished") return problems;
    if (!session) {
      await until(() => server.session !== null, 4000, "the start");
      continue;
    }
    const who = def.whoActs(session.state);
    const mine = people.filter((p) => who.seats.includes(server.seatOrder.indexOf(p.seat)));
    if (!mine.length) {
      const length = session.log.length;
      await until(() => session.log.length > length || server.state.phase === "finished" || server.session !== session, 8000, `${def.id}: a bot's move`);
      continue;
    }
    const p = mine[rng.int(mine.length)];
    const legal = def.legalMoves(session.state, server.seatOrder.indexOf(p.seat));
    const { type, payload } = moveMessage(legal[rng.int(legal.length)]);
    const from = p.probe.messages.length;
    p.room.send(type, payload);
    await p.probe.sync();
    for (const e of p.probe.of("error", from)) if (e.code !== "not-your-turn" && e.code !== "game-over") problems.push(`${type} → ${e.code}: ${e.message}`);
  }
}

