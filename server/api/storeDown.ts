// The store (PostgreSQL, or SQLite) down or out of reach for a moment: every route that needs
// it answers 503 `store-unavailable` in words, with Retry-After, never a bare 500 or the
// database library's own text (`connect ECONNREFUSED 127.0.0.1:5432`). One log line per
// outage-ish stretch (at most one every 10 s), not one per request.

import type express from "express";
import { log } from "../ops/log.js";
import { metrics } from "../ops/metrics.js";
import { storeUnreachable } from "../ops/storeCondition.js";

export const STORE_UNAVAILABLE = "store-unavailable";
export const STORE_UNAVAILABLE_MESSAGE = "Saved games, profiles and ratings are briefly unavailable (the hub cannot reach its database); try again in a minute.";
/** Seconds a client is asked to wait (Retry-After). */
const RETRY_AFTER_SECONDS = 30;
const LOG_EVERY_MS = 10_000;
let loggedAt = 0;

/** Counts (and now and then logs) a request the store could not answer. */
export function noteStoreDown(where: string, error: unknown): void {
  metrics.refused("http", STORE_UNAVAILABLE);
  const now = Date.now();
  if (now - loggedAt < LOG_EVERY_MS) return;
  loggedAt = now;
  const e = error as { code?: string; message?: string };
  log.warn({ event: "store.unavailable", path: where, code: e?.code, reason: e?.message }, `the database does not answer (${e?.code ?? e?.message ?? "?"}): requests that need it are answered "briefly unavailable"`);
}

/**
 * Answers `res` 503 in words when `error` is the store being down; false otherwise (the
 * caller answers as it would). `body` shapes the answer for routes with their own error shape (a game's own routes).
 */
export function answerStoreDown(
  error: unknown,
  req: express.Request,
  res: express.Response,
  body: (code: string, message: string) => Record<string, unknown> = (code, message) => ({ code, message }),
): boolean {
  if (!storeUnreachable(error) || res.headersSent) return false;
  noteStoreDown(req.path, error);
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.status(503).json(body(STORE_UNAVAILABLE, STORE_UNAVAILABLE_MESSAGE));
  return true;
}
