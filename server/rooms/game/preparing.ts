// A move's long work, off the event loop (issue 36): a no-guess board took 836 ms (Nightmare)
// and 1,156 ms (100 × 100, 2,500 mines) inside the first reveal, and every room of the
// process waited, again at each restart + reveal. The definition names that work
// (`GameDef.prepare`); the room has it done by a `Preparer` (a worker thread: server/bots/
// pool.ts), and meanwhile:
//  - the move's sender gets no answer yet (its context is suspended, as for a group commit),
//    and everyone reads the work's words in `state.preparing` ("Making a board without
//    guesses…");
//  - nothing else may move this game (its RNG must stay where the work started from): its
//    moves and `restart` are refused in words, chat, cursors and seats go on;
//  - the work is bounded: one at a time per room, PREPARE_PER_ADDRESS at a time per address
//    (a client hammering restart + reveal in many rooms), PREPARE_PER_PROCESS in the process,
//    each within PREPARE_BUDGET_MS (the pool cuts a thread off past it).
// Then the move is applied as any move, with the result (`MoveContext.prepared`): rules →
// room log → schema. The result is only what the rules would compute from the same state and
// RNG, so the log keeps the move alone and a replay (a restore, the spectators' mirror, a
// stored game) rebuilds the same board; `preparedCache` spares a replay in this process
// making it again.

import type { GameDef, TypedMove } from "../../../common/core/game.js";
import type { Prepared, Rejection } from "../../../common/core/rules.js";
import type { GameSession } from "../../../common/core/session.js";
import type { PrepareAnswer, Preparer } from "../../bots/prepare.js";
import type { MoveContext } from "../base/messages.js";
import type { GameRoomState } from "./GameRoomState.js";
import type { RoomWork } from "./parts.js";
import type { Play, RoomHost } from "./play.js";

/** Preparations one address may have running at once (over every room of the process). */
export const PREPARE_PER_ADDRESS = 2;
/** Preparations running or waiting for a thread in the process at once. */
export const PREPARE_PER_PROCESS = 16;
/** Time one preparation may take on its thread (ms). */
export const PREPARE_BUDGET_MS = 30_000;

const running = new Map<string, number>();
let total = 0;

/** The results of recent preparations (a restore or the spectators' mirror in this process replays them). */
export const preparedCache = new (class {
  private readonly entries = new Map<string, unknown>();
  constructor(private readonly size: number) {}
  get(key: string): unknown {
    return this.entries.get(key);
  }
  set(key: string, result: unknown): void {
    this.entries.delete(key);
    this.entries.set(key, result);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }
})(32);

/** The result a replay of `move` can take instead of doing the work again (null: none in this process). */
export function cachedPreparation<S, M extends TypedMove, E, C, V>(def: GameDef<S, M, E, C, V>, game: GameSession<S, M, E, C, V>, seat: number, move: M): Prepared | undefined {
  const p = def.prepare?.(game.state, seat, move, game.rng.getState());
  const result = p ? preparedCache.get(p.key) : undefined;
  return p && result !== undefined ? { key: p.key, result } : undefined;
}

const words = (p: { words: string }) => p.words.replace(/…$/, "");

export class Preparations<S, M extends TypedMove, E, C, V> {
  /** The preparation running for this room's game (null: none). */
  private current: { game: GameSession<S, M, E, C, V>; words: string } | null = null;
  /** Game seats waiting for their own work (RoomWork.seat), with its words. */
  private seats = new Map<number, { game: GameSession<S, M, E, C, V>; words: string }>();

  constructor(
    private readonly play: Play<S, M, E, C, V, GameRoomState>,
    private readonly host: Pick<RoomHost, "enqueue" | "disposing" | "logger">,
    /** Where a move's long work is done (a worker thread in production: GameRoom.preparer). */
    private readonly preparer: () => Preparer,
    /** Whose preparation budget a move spends: its sender's address, or the room's. */
    private readonly addressOf: (ctx: MoveContext) => string,
  ) {}

  /** The words on screen while the work runs ("" when none). */
  private show(words: string): void {
    if (this.play.st.preparing !== words) this.play.st.preparing = words;
  }

  /** While the game's work runs nothing else moves it (or starts another game): this refusal, else null. */
  refusal(): Rejection | null {
    const c = this.current;
    if (!c) return null;
    return { code: "preparing", message: `${words(c)}: wait a moment, then try again.` };
  }

  /** Is a preparation running for `game`? */
  busy(game: GameSession<S, M, E, C, V>): boolean {
    return this.current?.game === game;
  }

  /** Game seat `seat`'s refusal while its own work runs (null: none runs). */
  seatRefusal(game: GameSession<S, M, E, C, V>, seat: number): Rejection | null {
    const w = this.seats.get(seat);
    return w && w.game === game ? { code: "preparing", message: `${words(w)}: wait a moment, then try again.` } : null;
  }

  /**
   * Has `p`'s work done, then applies the move with it (`apply`, called as the room's next job
   * with a context whose `suspend` hands the answer back to the move's own caller). Refused
   * in words, changing nothing, when a bound is reached.
   */
  start(ctx: MoveContext, game: GameSession<S, M, E, C, V>, p: RoomWork, apply: (ctx: MoveContext, prepared: Prepared) => Rejection | void): Rejection | void {
    const address = this.addressOf(ctx);
    const own = p.seat !== undefined;
    if ((running.get(address) ?? 0) >= (p.perAddress ?? PREPARE_PER_ADDRESS)) {
      return { code: "busy", message: p.refusals?.busy ?? `You are already waiting for ${PREPARE_PER_ADDRESS} boards to be made: wait for one, then try again.` };
    }
    if (total >= PREPARE_PER_PROCESS) return { code: "busy", message: p.refusals?.busy ?? "The server is busy making boards: try again in a few seconds." };
    // The move's caller (a message's answer, a room move's patch) waits for the board.
    const answer = ctx.suspend?.() ?? null;
    running.set(address, (running.get(address) ?? 0) + 1);
    total++;
    // A seat's own work holds that seat only (the others play on; the rules check the move
    // against the game as it is when the work is done); a game's work holds the whole game.
    if (own) this.seats.set(p.seat!, { game, words: p.words });
    else {
      this.current = { game, words: p.words };
      this.show(p.words);
    }
    const index = game.log.length;
    const def = this.play.def;
    const done = (got: PrepareAnswer, failed: unknown) => {
      const left = (running.get(address) ?? 1) - 1;
      if (left > 0) running.set(address, left);
      else running.delete(address);
      total--;
      if (this.host.disposing()) return;
      this.host.enqueue(() => {
        if (own) {
          if (this.seats.get(p.seat!)?.game === game) this.seats.delete(p.seat!);
        } else {
          if (this.current?.game === game) this.current = null;
          this.show("");
        }
        if (failed !== undefined) this.host.logger().error({ event: "room.error", what: "preparation", work: p.work ?? def.id, err: failed }, "a move's preparation failed");
        let refusal: Rejection | null = null;
        if (failed !== undefined) refusal = { code: own ? "unavailable" : "internal", message: p.refusals?.failed ?? "Something went wrong making that: try again." };
        else if (!got) refusal = { code: "too-slow", message: p.refusals?.slow ?? "That could not be made in time (the server is busy): try again in a moment." };
        else if (this.play.game !== game || (!own && game.log.length !== index)) refusal = { code: "moved-on", message: "The game moved on meanwhile: try again." };
        if (refusal || !got) return answer?.(refusal);
        if (!own) preparedCache.set(p.key, got.result);
        let waits = false;
        const then: MoveContext = { ...ctx, now: Date.now(), suspend: answer ? () => ((waits = true), answer) : undefined };
        const result = apply(then, { key: p.key, result: got.result });
        if (!waits) answer?.(result ?? null);
      });
    };
    this
      .preparer()
      .prepare({ game: p.work ?? def.id, task: p.task, budgetMs: p.budgetMs ?? PREPARE_BUDGET_MS })
      .then(
        (got) => done(got, undefined),
        (e) => done(null, e ?? new Error("preparation failed")),
      );
  }
}
