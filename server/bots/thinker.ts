// Where a bot's decision is computed. Rooms ask and never wait: `think` returns a
// promise, and the room plays the answer only if the game has not moved on meanwhile.
// `inProcess` runs the definition's pure `choose` on a later turn of the event loop
// (fine for quick bots); `pool.ts` runs it on worker threads under a time budget.

import { createRng } from "../../common/core/rng.js";
import { gameDef } from "../../common/games.js";

export interface ThinkRequest {
  /** Definition id in common/games.ts. */
  game: string;
  /** The bot seat's own view (plain data; crosses a thread boundary as a structured clone). */
  view: unknown;
  /** Game seat. */
  seat: number;
  level: string;
  /** Seed for this decision's randomness. */
  seed: number;
  /** Time the decision may take (ms). */
  budgetMs: number;
  memory?: unknown;
}

export interface ThinkAnswer {
  move: unknown;
  memory: unknown;
  /** Milliseconds the decision took (where it ran). */
  ms: number;
  /** The pool stopped the decision at its budget (pool.ts): no decision was made, `move` is null. */
  cutOff?: boolean;
}

/** "No move": what a decision answers when it was cancelled before it ran. */
export const NO_MOVE: ThinkAnswer = { move: null, memory: null, ms: 0 };

export interface BotThinker {
  /**
   * A decision. `cancel` aborted before the decision runs (its room went away, or asked again
   * for the same seat): it never runs and answers NO_MOVE. A queued question of a disposed
   * room kept the whole room alive until a worker got to it (bench/soak.ts found 350 of them).
   */
  think(request: ThinkRequest, cancel?: AbortSignal): Promise<ThinkAnswer>;
  close(): Promise<void>;
}

/** Runs `choose` for one request; shared by the in-process thinker and the worker. */
export function decide(request: ThinkRequest): ThinkAnswer {
  const started = performance.now();
  const def = gameDef(request.game);
  if (!def?.bot) throw new Error(`no bot for game ${request.game}`);
  const { move, memory } = def.bot.choose(request.view, request.seat, request.memory ?? null, {
    rng: createRng(request.seed >>> 0, 0xb07),
    ms: request.budgetMs,
    level: request.level,
    elapsed: () => performance.now() - started,
  });
  return { move, memory, ms: performance.now() - started };
}

/** `run` on a later turn of the event loop (never inside the move that asked); `none` if cancelled first. */
export function onLaterTurn<A>(run: () => A, none: A, cancel?: AbortSignal): Promise<A> {
  return new Promise((resolve, reject) =>
    setImmediate(() => {
      if (cancel?.aborted) return resolve(none);
      try {
        resolve(run());
      } catch (e) {
        reject(e);
      }
    }),
  );
}

/** Decides on a later turn of the event loop (never inside the move that asked). */
export const inProcessThinker: BotThinker = {
  think: (request, cancel) => onLaterTurn(() => decide(request), NO_MOVE, cancel),
  close: async () => {},
};
