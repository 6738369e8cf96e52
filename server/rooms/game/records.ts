// What the generic room writes about each game: who sat where at the start, whether its first
// move was a ranked start (rankedStarts.ts), the record in the store once (seed, config,
// names, log, result, and the game's own fields), and what the game announces at its end —
// again later if the store could only queue the record (`saved`).

import type { IncomingHttpHeaders } from "node:http";
import type { Client } from "@colyseus/core";
import type { Configured, TypedMove } from "../../../common/core/game.js";
import type { Rejection } from "../../../common/core/rules.js";
import type { GameSession } from "../../../common/core/session.js";
import type { FinishedGame } from "../../store/GameStore.js";
import type { HubState } from "../base/HubState.js";
import type { HubEvent, MoveContext } from "../base/messages.js";
import type { GameServerParts, RecordInfo } from "./parts.js";
import { playerAddress, takeRankedStart } from "./rankedStarts.js";

export interface RecordsRoom<S, M extends TypedMove, E, C, V, St extends HubState> {
  parts(): GameServerParts<S, M, E, C, V, St>;
  configured(): Configured<C>;
  state(): St;
  settings(): object & { trustProxy?: number };
  /** SeatedRoom.recordGame: the id, 0 (queued: `onSaved` later) or null. */
  write(game: Omit<FinishedGame, "game" | "roomId">, onSaved?: (id: number) => void): number | null;
  disposing(): boolean;
  serverMove(seat: number, run: (ctx: MoveContext) => Rejection | void | false, what: string): void;
}

export class GameRecords<S, M extends TypedMove, E, C, V, St extends HubState> {
  private game: GameSession<S, M, E, C, V> | null = null;
  private order: readonly number[] = [];
  private names: string[] = [];
  private people: boolean[] = [];
  private startedAt = 0;
  private recorded = false;
  /** The current game's first move was past its address's ranked starts. */
  private overBudget = false;
  /** Each joined client's address, for ranked starts. */
  private readonly addresses = new WeakMap<Client, string>();

  constructor(private readonly room: RecordsRoom<S, M, E, C, V, St>) {}

  /** A joining client's address (as the matchmaker counts it). */
  joined(client: Client, headers: IncomingHttpHeaders | undefined): void {
    this.addresses.set(client, playerAddress(client, headers, this.room.settings().trustProxy ?? 0));
  }

  /** A new game: its seats (room seat per game seat) as they are now. */
  begin(game: GameSession<S, M, E, C, V>, order: readonly number[], now: number): void {
    this.game = game;
    this.order = order;
    this.names = order.map((room) => this.room.state().seats[room].name);
    this.people = order.map((room) => !this.room.state().seats[room].bot);
    this.startedAt = now;
    this.recorded = false;
    this.overBudget = false;
  }

  /** The game's first move was made (by `client`): a game that may be ranked spends a ranked start. */
  firstMove(client: Client | null): void {
    if (!client || !this.room.parts().ranked?.(this.room.configured())) return;
    const address = this.addresses.get(client) ?? playerAddress(client, undefined, 0);
    this.overBudget = !takeRankedStart(this.room.settings(), address);
  }

  private info(game: GameSession<S, M, E, C, V>, now: number, result: string): RecordInfo<S, M, C> {
    return { state: game.state, log: game.log, configured: this.room.configured(), order: this.order, names: this.names, people: this.people, startedAt: this.startedAt, now, result, overBudget: this.overBudget };
  }

  /** Writes the current game to the store once (if anything was played): its id, 0 (queued) or null. */
  record(now: number, result: string): number | null {
    const game = this.game;
    if (!game || this.recorded || game.log.length === 0) return null;
    this.recorded = true;
    const room = this.room;
    const saved = room.parts().saved;
    // A record the store could only queue is written later: tell the room then, if this game is still its last.
    const onSaved = saved
      ? (id: number) => {
          if (room.disposing()) return;
          const run = (ctx: MoveContext) => {
            if (this.game !== game) return false;
            const event = saved(room.state(), id);
            if (event) ctx.emit(event);
          };
          room.serverMove(Math.max(0, room.state().owner), run, "saved result");
        }
      : undefined;
    const seats = room.state().seats;
    return room.write(
      {
        seed: game.seed,
        config: game.config,
        seats: this.order.map((s) => seats[s].name),
        log: game.log.map((m) => ({ seat: m.seat, move: m.move, t: m.t })),
        result,
        mode: room.configured().mode,
        startedAt: this.startedAt,
        endedAt: now,
        ...room.parts().record?.(this.info(game, now, result)),
      },
      onSaved,
    );
  }

  /** The game ended: its record, and the event the game announces it with (null: none). */
  end(now: number, result: string): HubEvent | null {
    const game = this.game!;
    const id = this.record(now, result);
    return this.room.parts().ended?.(this.room.state(), { ...this.info(game, now, result), replayId: id ?? -1 }) ?? null;
  }
}
