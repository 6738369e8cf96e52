// Cubestacc on the generic game room: its schema and how the rules' view is written
// there. The public table (one packed number per cube, appended in play order), per-seat
// counts and flags, and each seat's private hand and legal plays in its `@view()` child.
// Everything else (seats, moves, events, timer, bots, records) is server/rooms/game/.

import {
  cubestaccDef,
  drawActionToWire,
  isCatchable,
  packCube,
  packPlay,
  seatView,
  type CubestaccConfig,
  type CubestaccEvent,
  type CubestaccMove,
  type CubestaccState as Table,
  type CubestaccView,
} from "../../../common/cubestacc/index.js";
import type { Rejection } from "../../../common/core/rules.js";
import type { HubEvent } from "../base/SeatedRoom.js";
import { syncList } from "../base/numberList.js";
import type { GameRoom, GameServerParts } from "../game/GameRoom.js";
import { CubestaccSeat, CubestaccState, RankEntry, type PrivateSeat } from "./CubestaccState.js";
import { cubestaccDaily } from "./daily.js";

/** Cubestacc's room: the generic game room with these parts (tests read its `session`). */
export type CubestaccRoom = GameRoom<Table, CubestaccMove, CubestaccEvent, CubestaccConfig, CubestaccView, CubestaccState>;

/** Writes `value` only when it differs (no empty change in the patch). */
function put<T extends object, K extends keyof T>(target: T, key: K, value: T[K]): void {
  if (target[key] !== value) target[key] = value;
}

function clearPrivate(priv: PrivateSeat): void {
  if (priv.hand.length) priv.hand.clear();
  if (priv.legal.length) priv.legal.clear();
  put(priv, "drawAction", "");
  put(priv, "canDone", false);
  put(priv, "canUhOh", false);
}

/**
 * An event as sent to one viewer (already redacted by `eventsFor`), room seats for game seats.
 * The patch in front of it already shows the table, so events do not repeat it (they were half
 * of a move's bytes): `play` is not sent (the new cube in `state.cubes` says who played what,
 * where); `draw` goes only to the drawer (with the card; the others see the counts); `turn`
 * is not sent (`state.turn` / `turnNo`); `win` has no ranking (`state.ranking`).
 */
function toWire(e: CubestaccEvent, room: (g: number | null) => number): HubEvent | null {
  if (e.kind === "turn" || e.kind === "play") return null;
  if (e.kind === "draw" && e.card === undefined) return null;
  const out: Record<string, unknown> = { ...e };
  if (typeof out.seat === "number") out.seat = room(out.seat as number);
  if (e.kind === "caught") out.target = room(e.target);
  if (e.kind === "skip") out.by = room(e.by);
  if (e.kind === "win") delete out.ranking; // in `state.ranking` (and `players[s].place`), patched just before
  return out as HubEvent;
}

export const cubestaccParts: GameServerParts<Table, CubestaccMove, CubestaccEvent, CubestaccConfig, CubestaccView, CubestaccState> = {
  def: cubestaccDef,
  daily: cubestaccDaily,
  createState(c) {
    const state = new CubestaccState();
    state.pack = c.config.pack;
    state.wildPivot = c.config.wildPivot;
    state.timer = c.turnSeconds;
    state.botLevel = c.botLevel ?? "normal";
    for (let s = 0; s < c.seats; s++) state.players.push(new CubestaccSeat());
    return state;
  },
  // `caught {target}` names a room seat; the rules speak game seats.
  toGameMove(move, gameSeatOf): CubestaccMove | Rejection {
    if (move.type !== "caught" || move.target === undefined) return move;
    const g = gameSeatOf[move.target];
    return g === undefined || g < 0 ? { code: "not-exposed", message: `Seat ${move.target} is not in this game.` } : { type: "caught", target: g };
  },
  toWire,
  privateState: (st, seat) => st.players[seat]?.private,
  seatTaken(st, seat, reclaimed, playing) {
    // A new person never sees what a previous occupant of the seat held.
    if (!reclaimed && !playing) clearPrivate(st.players[seat].private);
  },
  metadata: (c) => ({ pack: c.config.pack, timer: c.turnSeconds }),
  project(st, p) {
    const s = p.state;
    const playing = s.phase === "playing";
    // Cubes: only appended, and a sent cube never changes (its open faces are the client's
    // to derive, common/cubestacc/wire.ts). A new game, or a table shorter than what was
    // sent, starts the list over.
    if (p.fresh) st.ranking.clear();
    if (p.fresh || st.cubes.length > s.placed.length) st.cubes.clear();
    for (let i = st.cubes.length; i < s.placed.length; i++) {
      const q = s.placed[i];
      st.cubes.push(packCube(q, q.by === null ? -1 : p.room(q.by)));
    }

    put(st, "deckCount", s.deck.length);
    put(st, "turn", playing ? p.room(s.turn) : -1);
    put(st, "turnNo", s.turnNo);
    put(st, "direction", s.direction);
    put(st, "pending", s.pending);
    put(st, "owed", s.owed);
    put(st, "dumpRank", s.dump ? s.dump.rank : "");
    put(st, "pivot", s.pivot ?? -1);
    put(st, "winner", s.winner === null ? -1 : p.room(s.winner));
    put(st, "blocked", s.blocked);
    if (s.ranking && st.ranking.length === 0) {
      for (const r of s.ranking) {
        const e = new RankEntry();
        e.seat = p.room(r.seat);
        e.cards = r.cards;
        e.place = r.place;
        st.ranking.push(e);
      }
    }

    const places = new Map((s.ranking ?? []).map((r) => [r.seat, r.place]));
    st.players.forEach((seat, r) => {
      const g = p.gameSeatOf[r];
      if (g === undefined || g < 0) {
        put(seat, "inGame", false);
        put(seat, "cards", 0);
        put(seat, "calledUhOh", false);
        put(seat, "catchable", false);
        put(seat, "place", 0);
        clearPrivate(seat.private);
        return;
      }
      const view = seatView(s, g);
      put(seat, "inGame", true);
      put(seat, "cards", s.hands[g].length);
      put(seat, "calledUhOh", s.called[g]);
      put(seat, "catchable", isCatchable(s, g));
      put(seat, "place", places.get(g) ?? 0);
      const priv = seat.private;
      syncList(priv.hand, view.hand ?? []);
      syncList(priv.legal, view.legal.map(packPlay));
      put(priv, "drawAction", drawActionToWire(view.drawAction));
      put(priv, "canDone", view.canDone);
      put(priv, "canUhOh", view.canUhOh);
    });
  },
};
