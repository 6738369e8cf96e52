// The moderators' console (docs/safety.md): `/mod` (a page) and `/api/mod/*` behind operator
// tokens (MODERATOR_TOKENS="ann:<token>,bo:<token>", each token 24+ characters; unset: the
// console answers 404). Never anonymous: every request carries `Authorization: Bearer
// <token>`, compared in constant time, and every action is written to the audit log with the
// moderator's name. Never cross-origin: a request with another site's Origin is refused 403
// and no CORS header is ever sent (cors.ts lets these paths through only for the hub's own page).

import crypto from "node:crypto";
import express from "express";
import type { HomeStore } from "../store/HomeStore.js";
import type { Report, SanctionKind } from "../store/SafetyStore.js";
import { PROFILE_ID } from "../api/profileAuth.js";
import { ipLimit } from "../api/ipLimit.js";
import { cleanText } from "../rooms/base/validate.js";
import { CONSOLE_HTML, CONSOLE_JS } from "./consolePage.js";

/** token → moderator name. */
export type Moderators = ReadonlyMap<string, string>;

const MIN_TOKEN = 24;

/** MODERATOR_TOKENS: `name:token` pairs, comma-separated; a token shorter than 24 characters is skipped (and said). */
export function moderatorsFromEnv(env: NodeJS.ProcessEnv = process.env, warn: (m: string) => void = () => undefined): Moderators | null {
  const raw = env.MODERATOR_TOKENS?.trim();
  if (!raw) return null;
  const out = new Map<string, string>();
  for (const entry of raw.split(",")) {
    const at = entry.indexOf(":");
    const name = entry.slice(0, at).trim();
    const token = entry.slice(at + 1).trim();
    if (at < 1 || !/^[A-Za-z0-9_.-]{1,32}$/.test(name) || token.length < MIN_TOKEN) {
      warn(`MODERATOR_TOKENS: an entry is not name:token with a token of ${MIN_TOKEN}+ characters; it is skipped.`);
      continue;
    }
    out.set(token, name);
  }
  return out.size > 0 ? out : null;
}

const digest = (s: string) => crypto.createHash("sha256").update(s).digest();

/** The moderator a bearer token names (every known token compared in constant time), or null. */
export function moderatorOf(header: unknown, moderators: Moderators): string | null {
  if (typeof header !== "string") return null;
  const m = /^Bearer (\S{1,200})$/.exec(header.trim());
  if (!m) return null;
  const given = digest(m[1]);
  let found: string | null = null;
  for (const [token, name] of moderators) if (crypto.timingSafeEqual(given, digest(token))) found = name;
  return found;
}

const HOUR = 3600_000;
const MAX_HOURS = 24 * 365;

function fail(res: express.Response, status: number, code: string, message: string): void {
  res.status(status).json({ code, message });
}

export interface ConsoleSettings {
  moderators: Moderators | null;
  home: () => HomeStore | undefined;
  now?: () => number;
}

/** Mounts `/mod` and `/api/mod` (404 for everything when no moderator is configured). */
export function mountModeration(app: express.Express, settings: ConsoleSettings): void {
  const now = settings.now ?? Date.now;
  const router = express.Router();
  const limited = ipLimit({ burst: 60, perSecond: 5 }, "Too many requests; wait a few seconds and try again.", now);
  // Never cross-origin: a request that carries an Origin must come from the hub's own page
  // (cors.ts lists these paths as never cross-origin, so no CORS header is ever added).
  const sameOrigin: express.RequestHandler = (req, res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && !sameHost(origin, req.headers.host)) return fail(res, 403, "origin-not-allowed", "The moderators' console answers only its own page.");
    next();
  };

  app.get("/mod", (req, res) => {
    if (!settings.moderators) return fail(res, 404, "not-found", "There is no moderators' console on this hub (MODERATOR_TOKENS is not set).");
    res.setHeader("Cache-Control", "no-store");
    res.type("html").send(CONSOLE_HTML);
  });
  app.get("/mod/console.js", (_req, res) => {
    if (!settings.moderators) return fail(res, 404, "not-found", "There is no moderators' console on this hub.");
    res.type("application/javascript").send(CONSOLE_JS);
  });

  router.use(sameOrigin, limited, (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    if (!settings.moderators) return fail(res, 404, "not-found", "There is no moderators' console on this hub (MODERATOR_TOKENS is not set).");
    const who = moderatorOf(req.headers.authorization, settings.moderators);
    if (!who) return fail(res, 401, "not-a-moderator", "Send a moderator's token as Authorization: Bearer <token> (the operator gives each moderator one in MODERATOR_TOKENS).");
    if (!settings.home()) return fail(res, 503, "unavailable", "This hub keeps no profiles, so there is nothing to moderate.");
    res.locals.moderator = who;
    next();
  });
  router.use(express.json({ limit: "4kb" }));

  const home = () => settings.home()!;
  const who = (res: express.Response) => res.locals.moderator as string;

  router.get("/reports", async (req, res) => {
    const status = req.query.status === undefined ? "open" : String(req.query.status);
    if (status !== "open" && status !== "upheld" && status !== "dismissed" && status !== "all") return fail(res, 400, "bad-query", "status must be open, upheld, dismissed or all.");
    const reports = await home().safety.reports({ status: status === "all" ? undefined : status, limit: 100 });
    res.json({ reports: await Promise.all(reports.map((r) => named(home(), r, false))) });
  });

  router.get("/reports/:id", async (req, res) => {
    const report = await home().safety.report(Number(req.params.id));
    if (!report) return fail(res, 404, "not-found", "There is no such report.");
    const h = home();
    const [upheld, sanctions] = await Promise.all([h.safety.upheldAgainst(report.reportedId), h.safety.sanctionsOf(report.reportedId, now())]);
    res.json({ report: await named(h, report, true), upheldAgainst: upheld, sanctions });
  });

  router.post("/reports/:id/resolve", async (req, res) => {
    const status = req.body?.status;
    if (status !== "upheld" && status !== "dismissed") return fail(res, 400, "bad-body", "status must be upheld or dismissed.");
    const id = Number(req.params.id);
    const report = await home().safety.report(id);
    if (!report) return fail(res, 404, "not-found", "There is no such report.");
    const at = now();
    if (!(await home().safety.resolveReport(id, status, who(res), at))) return fail(res, 409, "not-open", `This report was ${report.status} already (by ${report.resolvedBy ?? "someone"}).`);
    await home().safety.logAction({ at, moderator: who(res), action: status === "upheld" ? "uphold" : "dismiss", profileId: report.reportedId, reportId: id, detail: report.reason });
    res.json({ report: await home().safety.report(id) });
  });

  router.post("/sanctions", async (req, res) => {
    const b = req.body ?? {};
    const kind = b.kind as SanctionKind;
    if (kind !== "warn" && kind !== "mute" && kind !== "ban") return fail(res, 400, "bad-body", "kind must be warn, mute (from chat) or ban (from quick play).");
    if (typeof b.profileId !== "string" || !PROFILE_ID.test(b.profileId)) return fail(res, 400, "bad-body", "profileId must be a profile's id.");
    const hours = kind === "warn" ? 0 : Number(b.hours);
    if (kind !== "warn" && !(Number.isFinite(hours) && hours > 0 && hours <= MAX_HOURS)) return fail(res, 400, "bad-body", `hours must be a number from 0 to ${MAX_HOURS} (a year).`);
    const reason = typeof b.reason === "string" ? cleanText(b.reason, 200) : "";
    if (!reason) return fail(res, 400, "bad-body", "Give a reason: the player reads it.");
    const reportId = b.reportId === undefined || b.reportId === null ? null : Number(b.reportId);
    if (reportId !== null && !Number.isSafeInteger(reportId)) return fail(res, 400, "bad-body", "reportId must be a report's number.");
    const h = home();
    if (!(await h.profile(b.profileId))) return fail(res, 404, "not-found", "There is no such profile (it may have been forgotten).");
    const at = now();
    const sanction = await h.safety.addSanction({ profileId: b.profileId, kind, reason, createdAt: at, until: at + hours * HOUR, moderator: who(res) });
    await h.safety.logAction({ at, moderator: who(res), action: kind, profileId: b.profileId, reportId, detail: kind === "warn" ? reason : `${hours} h: ${reason}` });
    res.status(201).json({ sanction });
  });

  router.get("/audit", async (_req, res) => {
    res.json({ entries: await home().safety.auditLog(200) });
  });

  router.use((_req, res) => fail(res, 404, "not-found", "No such console route."));
  router.use(((err, _req, res, next) => {
    if (res.headersSent) return next(err);
    const e = err as { type?: string };
    if (e.type === "entity.parse.failed") return fail(res, 400, "bad-json", "The body is not valid JSON.");
    if (e.type === "entity.too.large") return fail(res, 413, "too-large", "The body must be a small JSON object.");
    return next(err);
  }) as express.ErrorRequestHandler);
  app.use("/api/mod", router);
}

function sameHost(origin: string, host: string | undefined): boolean {
  try {
    return !!host && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** A report with its two profiles' names (the console shows names; ids link the actions). */
async function named(home: HomeStore, r: Report, withEvidence: boolean): Promise<Record<string, unknown>> {
  const [reporter, reported] = await Promise.all([home.profile(r.reporterId), home.profile(r.reportedId)]);
  const { evidence, ...rest } = r;
  return { ...rest, reporterName: reporter?.name ?? "(forgotten)", reportedName: reported?.name ?? evidence.reportedName, ...(withEvidence ? { evidence } : {}) };
}
