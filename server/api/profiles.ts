// Profiles without accounts, histories and ratings over HTTP (docs/protocol.md "Profiles").
//
// POST /api/profiles makes a profile and answers its device key once; the browser keeps the
// key and sends it as `Authorization: Bearer <key>`; the store keeps only its hash. Another
// device gets its own key through a device link (claims.ts). Creating profiles is bounded per
// address (a day's window, counted in the store, so every machine shares the count), with bounds
// a classroom behind one address never reaches; a refusal says what, why and what to do, and is
// counted and logged (profilesRefused.ts). Every route has a per-address rate.

import { createHash } from "node:crypto";
import express from "express";
import { RATED_POOLS, ratedPool } from "../../common/rated.js";
import { gameDef, ROOM_NAMES } from "../../common/games.js";
import { cleanText } from "../rooms/base/validate.js";
import type { HomeStore, Profile } from "../store/HomeStore.js";
import { hashKey, newProfileId, newProfileKey, PROFILE_ID, profileOr401, requestKey, requestProfile } from "./profileAuth.js";
import { ipLimit } from "./ipLimit.js";
import { profileRefusals } from "./profilesRefused.js";
import { isOffensive, OFFENSIVE_NAME } from "../safety/chatFilter.js";

export const PROFILE_NAME_MAX = 16;
const DAY_MS = 24 * 3600_000;

export interface ProfileApiSettings {
  /** Profiles one address may make per day (default 1,000). */
  profilesPerDay?: number;
  /** Reads and writes per address (default: a burst of 200, then 20 a second: a classroom's pages at once). */
  rate?: { burst: number; perSecond: number };
  /** Profile creations per address, before the daily bound (default: 60 at once, then one every 3 s). */
  createRate?: { burst: number; perSecond: number };
  now?: () => number;
}

function fail(res: express.Response, status: number, code: string, message: string): void {
  res.status(status).json({ code, message });
}

/** A profile name: unprintables removed, trimmed, 1–16 characters; null when nothing is left. */
export function profileName(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const name = cleanText(raw.slice(0, 256), PROFILE_NAME_MAX);
  return name.length > 0 ? name : null;
}

/** The words of the burst bound: what, why, and that the wait is short. */
function manyNewProfiles(burst: number, waitSeconds: number): string {
  return `Many new profiles were just made from your network (more than ${burst.toLocaleString("en-US")} at once from one address: a school, a café or a family shares one). This browser gets its own in ${waitSeconds} s: try again then.`;
}

/** The words of the day's bound: what, why, and what to do meanwhile. */
function tooManyToday(perDay: number): string {
  return `This hub makes at most ${perDay.toLocaleString("en-US")} new profiles a day from one network address, and your network (a school, a café or a family shares one address) has made that many today. You can still play every game, but without a profile your games are not kept in My games and rated play is closed. Try again tomorrow, or bring your profile from another device (on its My games, "Another device").`;
}

const BAD_NAME = `Choose a name of 1 to ${PROFILE_NAME_MAX} letters, digits or signs.`;
const UNKNOWN = "This browser's profile is not on this hub any more (it was forgotten, or the hub's data was reset). Make a new one.";
const NO_KEY = "Send this browser's profile key as Authorization: Bearer <key> (make a profile with POST /api/profiles first).";

const games = new Set(ROOM_NAMES);
const GAME_WORDS = `game must be one of ${ROOM_NAMES.join(", ")}.`;

function gameParam(value: unknown): string | undefined | null {
  if (value === undefined || value === "") return undefined;
  return typeof value === "string" && (games.has(value) || !!gameDef(value)) ? value : null;
}

function intParam(value: unknown, min: number, max: number): number | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

export function profilesApi(home: () => HomeStore | undefined, settings: ProfileApiSettings = {}): express.Router {
  const router = express.Router();
  const now = settings.now ?? Date.now;
  const perDay = settings.profilesPerDay ?? 1000;
  const createRate = settings.createRate ?? { burst: 60, perSecond: 1 / 3 };
  const refused = profileRefusals(now);
  const address = (req: express.Request) => req.ip ?? req.socket.remoteAddress ?? "?";
  /** The address as the log shows it ("::ffff:10.0.0.5" is 10.0.0.5). */
  const shown = (a: string) => (a.startsWith("::ffff:") ? a.slice(7) : a);
  const limited = ipLimit(settings.rate ?? { burst: 200, perSecond: 20 }, "Too many requests; wait a few seconds and try again.", now);
  const wait = Math.min(3600, Math.max(1, Math.ceil(1 / createRate.perSecond)));
  const busy = manyNewProfiles(createRate.burst, wait);
  const createLimited = ipLimit(createRate, busy, now, {
    retryAfterSeconds: wait,
    body: (message) => ({ code: "rate-limited", message, retryAfterSeconds: wait }),
    refused: (req) => refused(shown(address(req)), "rate-limited", { burst: createRate.burst, retryAfterSeconds: wait }, busy),
  });
  const body = express.json({ limit: "1kb" });

  const store = (res: express.Response): HomeStore | null => {
    const s = home();
    if (!s) fail(res, 503, "unavailable", "This hub keeps no profiles.");
    return s ?? null;
  };

  /** The caller's profile, or an answer saying why there is none. */
  const me = async (req: express.Request, res: express.Response): Promise<{ store: HomeStore; profile: Profile } | null> => {
    const s = store(res);
    if (!s) return null;
    const profile = await profileOr401(req, res, s, { missing: NO_KEY, unknown: UNKNOWN });
    if (!profile) return null;
    res.setHeader("Cache-Control", "private, no-store");
    return { store: s, profile };
  };

  router.post("/profiles", limited, createLimited, body, async (req, res) => {
    const s = store(res);
    if (!s) return;
    const name = profileName((req.body ?? {}).name);
    if (!name) return fail(res, 400, "bad-name", BAD_NAME);
    if (isOffensive(name)) return fail(res, 400, "bad-name", OFFENSIVE_NAME);
    const key = newProfileKey();
    const from = address(req);
    const addressHash = createHash("sha256").update(from).digest("hex");
    const made = await s.createProfile({ id: newProfileId(), name, keyHash: hashKey(key), addressHash, now: now() }, { perAddress: perDay, windowMs: DAY_MS });
    if (!made) {
      const message = tooManyToday(perDay);
      refused(shown(from), "too-many-profiles", { perDay }, message);
      return fail(res, 429, "too-many-profiles", message);
    }
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json({ key, profile: made });
  });

  // "Who am I?": a key the hub does not know is answered `profile: null` (not an error: the
  // browser then makes a new profile).
  router.get("/profile", limited, async (req, res) => {
    const s = store(res);
    if (!s) return;
    if (!requestKey(req)) return fail(res, 401, "no-profile", NO_KEY);
    res.setHeader("Cache-Control", "private, no-store");
    const profile = await requestProfile(req, s);
    if (!profile) return res.json({ profile: null, ratings: [] });
    const figures = await s.profileFigures(profile.id);
    res.json({ profile, ratings: figures.ratings });
  });

  router.patch("/profile", limited, body, async (req, res) => {
    const m = await me(req, res);
    if (!m) return;
    const name = profileName((req.body ?? {}).name);
    if (!name) return fail(res, 400, "bad-name", BAD_NAME);
    if (isOffensive(name)) return fail(res, 400, "bad-name", OFFENSIVE_NAME);
    res.json({ profile: await m.store.renameProfile(m.profile.id, name) });
  });

  router.delete("/profile", limited, async (req, res) => {
    const m = await me(req, res);
    if (!m) return;
    const gone = await m.store.forgetProfile(m.profile.id);
    res.json({ forgotten: true, ...gone });
  });

  router.get("/profile/games", limited, async (req, res) => {
    const game = gameParam(req.query.game);
    const before = intParam(req.query.before, 1, Number.MAX_SAFE_INTEGER);
    const limit = intParam(req.query.limit, 1, 100);
    if (game === null) return fail(res, 400, "bad-query", GAME_WORDS);
    if (before === null || limit === null) return fail(res, 400, "bad-query", "before and limit must be whole numbers (limit 1 to 100).");
    const m = await me(req, res);
    if (!m) return;
    const want = limit ?? 20;
    const rows = await m.store.gamesOf(m.profile.id, { game, before, limit: want + 1 });
    res.json({ games: rows.slice(0, want), next: rows.length > want ? rows[want - 1].id : null });
  });

  router.get("/profiles/:id", limited, async (req, res) => {
    const s = store(res);
    if (!s) return;
    const id = String(req.params.id);
    if (!PROFILE_ID.test(id)) return fail(res, 400, "bad-id", "A profile id is 12 letters, digits, - or _.");
    const profile = await s.profile(id);
    if (!profile) return fail(res, 404, "not-found", "There is no such profile (it may have been forgotten).");
    res.setHeader("Cache-Control", "no-cache");
    res.json({ profile, figures: await s.profileFigures(profile.id) });
  });

  router.get("/ratings/:pool", limited, async (req, res) => {
    const s = store(res);
    if (!s) return;
    const asked = String(req.params.pool);
    const pool = ratedPool(asked);
    if (!pool) return fail(res, 404, "not-found", `There is no rating pool ${JSON.stringify(asked.slice(0, 40))}: use one of ${RATED_POOLS.map((p) => p.id).join(", ")}.`);
    const limit = intParam(req.query.limit, 1, 100);
    if (limit === null) return fail(res, 400, "bad-query", "limit must be a whole number from 1 to 100.");
    res.setHeader("Cache-Control", "no-cache");
    res.json({ pool: pool.id, title: pool.title, entries: await s.ratingLeaderboard(pool.id, limit ?? 20) });
  });

  router.get("/games/recent", limited, async (req, res) => {
    const s = store(res);
    if (!s) return;
    const game = gameParam(req.query.game);
    const limit = intParam(req.query.limit, 1, 50);
    if (game === null) return fail(res, 400, "bad-query", GAME_WORDS);
    if (limit === null) return fail(res, 400, "bad-query", "limit must be a whole number from 1 to 50.");
    res.setHeader("Cache-Control", "no-cache");
    res.json({ games: await s.recentPublicGames({ game, limit: limit ?? 10 }) });
  });

  router.use(((err, _req, res, next) => {
    if (res.headersSent) return next(err);
    const e = err as { type?: string };
    if (e.type === "entity.too.large") return fail(res, 413, "too-large", "The body must be a small JSON object.");
    if (e.type === "entity.parse.failed") return fail(res, 400, "bad-json", "The body is not valid JSON.");
    return next(err);
  }) as express.ErrorRequestHandler);
  return router;
}
