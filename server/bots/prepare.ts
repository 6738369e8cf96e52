// Where a move's long work is done before the move (a no-guess board: GameDef.prepare and
// work). A room asks and goes on; the board arrives as a message and the room then applies
// the move with it (server/rooms/game/preparing.ts). `inProcessPreparer` does the work on a
// later turn of the event loop (tests, BOT_THREADS=0); `pool.ts` on a worker thread under a
// time budget, as the bots' decisions.

import { gameDef } from "../../common/games.js";
import { CARD_LOOKUPS, runLookups, type LookupTask } from "../cards/lookups.js";
import { onLaterTurn } from "./thinker.js";

export interface PrepareRequest {
  /** Definition id in common/games.ts (whose `work` runs), or CARD_LOOKUPS (server/cards/lookups.ts). */
  game: string;
  /** The preparation's task (plain data: a structured clone crosses the thread boundary). */
  task: unknown;
  /** Time the work may take (ms); past it (plus the pool's grace) the answer is null. */
  budgetMs: number;
}

/** The work's result and how long it took where it ran; null: cut off at its budget. */
export type PrepareAnswer = { result: unknown; ms: number } | null;

export interface Preparer {
  /** The work of one preparation; `cancel` aborted before it starts: it never runs and answers null. */
  prepare(request: PrepareRequest, cancel?: AbortSignal): Promise<PrepareAnswer>;
  /** Preparations waiting for a thread (none: in process). */
  queued?(): number;
}

/** Runs one preparation's work; shared by the in-process preparer and the worker. */
export function runPreparation(request: PrepareRequest): { result: unknown; ms: number } {
  const started = performance.now();
  // Not a game's pure work: a decklist's card data lookups (server/cards/lookups.ts).
  if (request.game === CARD_LOOKUPS) return { result: runLookups(request.task as LookupTask), ms: performance.now() - started };
  const def = gameDef(request.game);
  if (!def?.work) throw new Error(`no work for game ${request.game}`);
  const result = def.work(request.task);
  return { result, ms: performance.now() - started };
}

/** Does the work on a later turn of the event loop (never inside the move that asked). */
export const inProcessPreparer: Preparer = {
  prepare: (request, cancel) => onLaterTurn<PrepareAnswer>(() => runPreparation(request), null, cancel),
};
