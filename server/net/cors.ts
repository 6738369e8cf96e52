// Who may call the hub from a page served elsewhere. Colyseus (the `/matchmake` handler)
// and @colyseus/tools (every Express route) reflected ANY `Origin` with
// `Access-Control-Allow-Credentials: true`, so any site could drive the hub from its
// visitors' browsers and read the answers. Here a request that carries an `Origin` is
// answered only when that origin is the hub's own (the page's host is the host the
// request went to) or one the operator lists in ALLOWED_ORIGINS; any other origin gets
// 403 `origin-not-allowed` and no CORS header at all. Requests without `Origin` (curl,
// bots, load tools, a same-origin GET) are not cross-origin and pass.
// `/colyseus` (the monitor), `/metrics` and the moderators' console (`/mod`, `/api/mod`) never
// answer cross-origin, listed or not.

import type { IncomingMessage } from "node:http";
import type express from "express";
import { log } from "../ops/log.js";

export interface CorsPolicy {
  /** Extra origins (scheme://host[:port]) the operator allows, besides the hub's own. */
  allowed: ReadonlySet<string>;
  /** Proxies in front of the hub: their X-Forwarded-Host names the host the page asked for. */
  trustProxy: number;
}

export const ORIGIN_REFUSED = {
  code: "origin-not-allowed",
  message: "This hub does not answer pages from other sites. Open the hub's own page, or ask its operator to list your site in ALLOWED_ORIGINS.",
} as const;

/** Paths that never answer a cross-origin request, whatever ALLOWED_ORIGINS says. */
const NEVER_CROSS = /^\/(colyseus|metrics|mod|api\/mod)(\/|$)/i;

/** ALLOWED_ORIGINS: comma- or space-separated origins; malformed entries are named in the log and skipped. */
export function allowedOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): Set<string> {
  const out = new Set<string>();
  for (const raw of (env.ALLOWED_ORIGINS ?? "").split(/[\s,]+/).filter(Boolean)) {
    const origin = normaliseOrigin(raw);
    if (origin) out.add(origin);
    else log.warn({ event: "config", origin: raw }, `ALLOWED_ORIGINS: ${JSON.stringify(raw)} is not an origin like https://example.com; ignored.`);
  }
  return out;
}

/** `https://Example.com:443/` → `https://example.com`; null unless an http(s) origin with nothing after the host. */
export function normaliseOrigin(raw: string): string | null {
  try {
    const u = new URL(raw);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    if ((u.pathname !== "/" && u.pathname !== "") || u.search || u.hash || u.username || u.password) return null;
    return u.origin;
  } catch {
    return null;
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The host the client addressed (X-Forwarded-Host through trusted proxies, else Host), lower-cased. */
function requestedHost(req: IncomingMessage, trustProxy: number): string {
  const forwarded = trustProxy > 0 ? header(req, "x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  return (forwarded || header(req, "host") || "").toLowerCase();
}

export type OriginVerdict = { kind: "none" } | { kind: "allowed"; origin: string } | { kind: "refused"; origin: string };

/** Is this request cross-origin, and if so may it be answered? */
export function judgeOrigin(req: IncomingMessage, policy: CorsPolicy): OriginVerdict {
  const raw = header(req, "origin");
  if (raw === undefined || raw === "") return { kind: "none" };
  const origin = normaliseOrigin(raw);
  // "null" (a sandboxed frame, a file: page) and anything unparsable is nobody we know.
  if (!origin) return { kind: "refused", origin: raw.slice(0, 200) };
  if (policy.allowed.has(origin)) return { kind: "allowed", origin };
  // The hub's own page: same host and port as the request (the scheme may differ behind a TLS proxy).
  if (new URL(origin).host === requestedHost(req, policy.trustProxy)) return { kind: "allowed", origin };
  return { kind: "refused", origin };
}

/** The CORS answer headers for an allowed origin (colyseus.js sends credentials, so no `*`). */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Credentials": "true",
    "Access-Control-Allow-Methods": "OPTIONS, POST, GET",
    "Access-Control-Allow-Headers": "Origin, X-Requested-With, Content-Type, Accept, Authorization",
    "Access-Control-Max-Age": "600",
    Vary: "Origin",
  };
}

/** The Express side: replaces @colyseus/tools' reflect-everything CORS layer (or goes first if it is not found). */
export function installCors(app: express.Express, policy: CorsPolicy): void {
  const guard: express.RequestHandler = (req, res, next) => {
    res.vary("Origin");
    const verdict = judgeOrigin(req, policy);
    if (verdict.kind === "none") return next();
    if (verdict.kind === "refused" || NEVER_CROSS.test(req.path)) {
      // The monitor and metrics: no CORS headers for anyone; the browser keeps the answer from the page.
      if (verdict.kind === "allowed") return next();
      res.status(403).json(ORIGIN_REFUSED);
      return;
    }
    for (const [k, v] of Object.entries(corsHeaders(verdict.origin))) res.setHeader(k, v);
    if (req.method === "OPTIONS") {
      res.status(204).end();
      return;
    }
    next();
  };
  const stack = (app as unknown as { router: { stack: { name?: string; handle: express.RequestHandler }[] } }).router.stack;
  const layer = stack.find((l) => l.name === "corsMiddleware");
  if (layer) layer.handle = guard;
  else {
    log.warn({ event: "config" }, "Could not find @colyseus/tools' CORS layer; the hub's own CORS check runs first instead.");
    app.use(guard);
  }
}
