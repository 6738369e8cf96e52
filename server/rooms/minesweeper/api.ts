// Minesweeper's HTTP API (docs/protocol.md, "HTTP"): the leaderboard and offline
// solo submissions (replayed and verified by common/ before they are stored). The app mounts
// it through Minesweeper's entry in server/games.ts (`api`); stored games of every game are
// served by server/api/replays.ts.
//
// Every error is `{code, message, error: {code, reason, index?}}` with a 4xx status. The
// clock is injected (`now`), so tests control the leaderboard windows.

import express from "express";
import { LEVELS, rankLevel, type VerifyResult } from "../../../common/minesweeper/index.js";
import type { BucketLimits } from "../base/rateLimit.js";
import { ipLimit } from "../../api/ipLimit.js";
import { soloVerifier, VerifierBusy } from "./soloVerifier.js";
import { sanitizeName } from "../base/validate.js";
import {
  isHubStore,
  LEADERBOARD_WINDOWS,
  windowStart,
  type FinishedGame,
  type GameStore,
  type HubStore,
  type LeaderboardWindow,
} from "../../store/GameStore.js";
import { describeStoreError, SaveQueue } from "../../store/SaveQueue.js";
import { log } from "../../ops/log.js";
import { answerStoreDown } from "../../api/storeDown.js";

export interface ApiSettings {
  /** The clock leaderboard windows end at (ms since epoch); default Date.now. */
  clock?: () => number;
  /** Per-IP limit for offline submissions (default: a burst of 10, then one every 6 s). */
  replaySubmitRate?: BucketLimits;
}

export const REPLAY_SUBMIT_RATE: BucketLimits = { burst: 10, perSecond: 1 / 6 };
/** Largest accepted submission body. A 30×16 expert game is ~20 KB; custom boards go bigger. */
export const MAX_SUBMISSION_BYTES = 256 * 1024;

const STANDARD_LEVELS = Object.keys(LEVELS);

interface ApiError {
  code: string;
  reason: string;
  index?: number;
}

/** `{code, message}` like every other error answer of the hub, and the older `{error: {code, reason, index?}}`. */
function fail(res: express.Response, status: number, error: ApiError): void {
  res.status(status).json({ code: error.code, message: error.reason, error });
}

/** A single string query parameter, `fallback` when absent; null when repeated or not a string. */
function queryString(value: unknown, fallback: string): string | null {
  if (value === undefined) return fallback;
  return typeof value === "string" ? value : null;
}

/**
 * The routes, to mount at `/api` BEFORE any app-wide body parser (the submission
 * route parses its own, larger, body). `store` is read at request time.
 */
export function minesweeperApi(store: () => GameStore, settings: ApiSettings = {}): express.Router {
  const router = express.Router();
  const now = settings.clock ?? (() => Date.now());
  const hubStore = (): HubStore => {
    const s = store();
    if (!isHubStore(s)) throw new Error("the configured store cannot answer leaderboard or replay queries");
    return s;
  };

  router.get("/leaderboard/minesweeper", async (req, res) => {
    const level = queryString(req.query.level, "beginner");
    const window = queryString(req.query.window, "all");
    const noGuessParam = queryString(req.query.noGuess, "0");
    if (noGuessParam === null || !["0", "1", "true", "false"].includes(noGuessParam)) {
      return fail(res, 400, { code: "bad-no-guess", reason: "noGuess must be 1 (the no-guess leaderboard) or 0 (ordinary boards)." });
    }
    const noGuess = noGuessParam === "1" || noGuessParam === "true";
    if (level === null || !STANDARD_LEVELS.includes(level)) {
      return fail(res, 400, { code: "bad-level", reason: `level must be one of ${STANDARD_LEVELS.join(", ")} (custom boards have no leaderboard).` });
    }
    if (window === null || !(LEADERBOARD_WINDOWS as readonly string[]).includes(window)) {
      return fail(res, 400, { code: "bad-window", reason: `window must be one of ${LEADERBOARD_WINDOWS.join(", ")}.` });
    }
    const at = now();
    const key = rankLevel({ level: level as keyof typeof LEVELS, rows: 0, cols: 0, mines: 0, ...(noGuess ? { noGuess: true as const } : {}) });
    const rows = await hubStore().leaderboard({ game: "minesweeper", level: key, window: window as LeaderboardWindow, now: at });
    const since = windowStart(window as LeaderboardWindow, at);
    res.json({
      level,
      noGuess,
      window,
      now: at,
      since: Number.isFinite(since) ? since : 0,
      entries: rows.map((row) => {
        const stats = (row.stats ?? {}) as Record<string, unknown>;
        const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
        return {
          rank: row.rank,
          name: row.name,
          timeMs: row.timeMs,
          threeBV: num(stats.threeBV),
          threeBVPerSecond: num(stats.threeBVPerSecond),
          efficiency: num(stats.efficiency),
          clicks: num(stats.clicks),
          finishedAt: row.finishedAt,
          replayId: row.id,
        };
      }),
    });
  });

  // Light per-IP rate limit on submissions (checked before the body is even parsed).
  const limits = settings.replaySubmitRate ?? REPLAY_SUBMIT_RATE;
  const reason = "Too many submissions; try again in a few seconds.";
  const rateLimit = ipLimit(limits, reason, Date.now, { body: () => ({ code: "rate-limited", message: reason, error: { code: "rate-limited", reason } }) });

  router.post("/minesweeper/replays", rateLimit, express.json({ limit: MAX_SUBMISSION_BYTES }), async (req, res) => {
    const body: unknown = req.body;
    if (body === null || typeof body !== "object" || Array.isArray(body)) {
      return fail(res, 400, { code: "bad-json", reason: "Send a JSON object {seed, level, log} with Content-Type: application/json." });
    }
    const { name } = body as { name?: unknown };
    if (name !== undefined && typeof name !== "string") {
      return fail(res, 422, { code: "bad-submission", reason: "name must be a string." });
    }
    // Replayed on a worker thread (soloVerifier.ts): a long log on a big board is tens of ms.
    let verified: VerifyResult;
    try {
      verified = await soloVerifier().verify(body);
    } catch (e) {
      const reason = e instanceof VerifierBusy ? e.message : "Your game could not be checked right now; send it again in a minute.";
      res.setHeader("Retry-After", "60");
      return fail(res, 503, { code: "busy", reason });
    }
    if (!verified.ok) {
      const error: ApiError = { code: verified.code, reason: verified.reason };
      if (verified.index !== undefined) error.index = verified.index;
      return fail(res, 422, error);
    }
    const received = now();
    const { record, stats, timeMs, config } = verified;
    const game: FinishedGame = {
      game: "minesweeper",
      roomId: "",
      seed: record.seed,
      config,
      seats: [sanitizeName(name)],
      log: record.log.map((m) => ({ seat: m.seat, move: m.move, t: m.t })),
      result: "won",
      // The client's clock is not ours: the record is placed at the time we received it.
      startedAt: received - timeMs,
      endedAt: received,
      mode: "solo",
      level: rankLevel(config),
      timeMs,
      stats,
      ranked: false,
      source: "offline-verified",
      finishedAt: received,
    };
    // The player still holds the game: a store that cannot write says so now (no queue here).
    let id: number;
    try {
      const s = hubStore();
      id = await (s instanceof SaveQueue ? s.recordGameNow(game) : s.recordGame(game));
    } catch (e) {
      // The database down: "briefly unavailable", in words; the player keeps the game and sends it again.
      const words = (code: string, message: string) => ({ code, message: `${message.replace(/; try again in a minute\.$/, ".")} Your game is still here: try again in a minute.`, error: { code, reason: message } });
      if (answerStoreDown(e, req, res, words)) return;
      log.error({ event: "store.write-failed", game: "minesweeper", reason: describeStoreError(e) }, `[store] could not save an offline submission: ${describeStoreError(e)}`);
      res.setHeader("Retry-After", "60");
      return fail(res, 503, { code: "not-saved", reason: "The server could not save your game right now (its storage is failing). Your game is still here: try again in a minute." });
    }
    res.status(201).json({ id, timeMs, stats, ranked: false, verified: true });
  });

  // Body-parser failures (bad JSON, too large) and anything else, as JSON errors.
  router.use(((err, _req, res, next) => {
    if (res.headersSent) return next(err);
    const e = err as { type?: string; status?: number };
    if (e.type === "entity.too.large") return fail(res, 413, { code: "too-large", reason: `Submissions are limited to ${MAX_SUBMISSION_BYTES / 1024} KB.` });
    if (e.type === "entity.parse.failed") return fail(res, 400, { code: "bad-json", reason: "The body is not valid JSON." });
    if (typeof e.status === "number" && e.status >= 400 && e.status < 500) return fail(res, e.status, { code: "bad-request", reason: "The request could not be read." });
    if (answerStoreDown(err, _req, res, (code, reason) => ({ code, message: reason, error: { code, reason } }))) return;
    log.error({ event: "http.failed", path: _req.path, err }, "minesweeper api failed");
    fail(res, 500, { code: "internal", reason: "The server failed on this request." });
  }) as express.ErrorRequestHandler);

  return router;
}
