// The Colyseus monitor (`/colyseus`): off unless an operator sets MONITOR_USER and
// MONITOR_PASSWORD. When on, it sits behind HTTP basic auth (user and password both
// checked, in constant time), failed attempts are limited per address, it answers no
// cross-origin request (server/net/cors.ts), and its method-call endpoint is gone: `room/call` runs any room
// method (seat tokens, the mine map, fake records), which no operator view needs.

import crypto from "node:crypto";
import express from "express";
import { monitor } from "@colyseus/monitor";
import { log } from "./ops/log.js";

export interface MonitorSettings {
  user: string;
  password: string;
  /** Failed logins allowed per address in each window (default 10 per 60 s). */
  failures?: { max: number; windowMs: number };
}

export const MONITOR_FAILURES = { max: 10, windowMs: 60_000 };
/** Shorter passwords are refused at start: basic auth over a network is only as good as the password. */
export const MONITOR_MIN_PASSWORD = 12;

/** The monitor settings in the environment; null (monitor off) unless both are set. */
export function monitorSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): MonitorSettings | null {
  const user = env.MONITOR_USER ?? "";
  const password = env.MONITOR_PASSWORD ?? "";
  if (!user && !password) return null;
  if (!user || !password) {
    log.warn({ event: "config" }, 'Monitor off: set both MONITOR_USER and MONITOR_PASSWORD to turn /colyseus on (README, "The monitor").');
    return null;
  }
  if (password.length < MONITOR_MIN_PASSWORD) {
    log.warn({ event: "config" }, `Monitor off: MONITOR_PASSWORD must be at least ${MONITOR_MIN_PASSWORD} characters.`);
    return null;
  }
  return { user, password };
}

/** Mounts `/colyseus`: the guarded monitor, or a plain 404 when it is off. */
export function mountMonitor(app: express.Express, settings: MonitorSettings | null | undefined): void {
  if (!settings) {
    app.use("/colyseus", (_req, res) => {
      res.status(404).json({ code: "not-found", message: "There is nothing here." });
    });
    return;
  }
  const router = express.Router();
  router.use(monitorPageHeaders);
  router.use(monitorGuard(settings));
  router.use(codedErrors);
  router.all("/api/room/call", (_req, res) => {
    res.status(404).json({
      code: "not-available",
      message: "Calling room methods from the monitor is turned off on this hub; inspect rooms with /colyseus/api/room instead.",
    });
  });
  router.use(monitor());
  router.use(((err, _req, res, next) => {
    if (res.headersSent) return next(err);
    log.error({ event: "http.failed", path: "/colyseus", err }, "monitor request failed");
    res.status(500).json({ code: "internal", message: "The monitor failed on this request." });
  }) as express.ErrorRequestHandler);
  app.use("/colyseus", router);
}

/** The monitor's own error answers are `{message}`: give them a `code` like every other error of the hub. */
const codedErrors: express.RequestHandler = (_req, res, next) => {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (res.statusCode >= 400 && body && typeof body === "object" && !("code" in body)) {
      return json({ code: res.statusCode >= 500 ? "monitor-failed" : "bad-request", ...(body as object) });
    }
    return json(body);
  };
  next();
};

/** The monitor page loads Google's icon font and a bundle that needs eval: its own, looser policy. */
const monitorPageHeaders: express.RequestHandler = (_req, res, next) => {
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'self'; script-src 'self' 'unsafe-eval'; style-src 'self' 'unsafe-inline' https://fonts.googleapis.com; " +
      "font-src 'self' https://fonts.gstatic.com; img-src 'self' data:; connect-src 'self'; object-src 'none'; frame-ancestors 'none'",
  );
  res.setHeader("Cache-Control", "no-store");
  // Never answered cross-origin (server/net/cors.ts sets no CORS header here either).
  res.removeHeader("Access-Control-Allow-Origin");
  res.removeHeader("Access-Control-Allow-Credentials");
  next();
};

/** HTTP basic auth for the monitor: user AND password, compared in constant time, failures limited per address. */
export function monitorGuard(settings: MonitorSettings): express.RequestHandler {
  const limit = settings.failures ?? MONITOR_FAILURES;
  const wantUser = digest(settings.user);
  const wantPassword = digest(settings.password);
  const failures = new Map<string, { count: number; since: number }>();

  return (req, res, next) => {
    const address = req.ip ?? req.socket.remoteAddress ?? "?";
    const now = Date.now();
    if (failures.size > 10_000) {
      for (const [key, entry] of failures) if (now - entry.since >= limit.windowMs) failures.delete(key);
    }
    let entry = failures.get(address);
    if (entry && now - entry.since >= limit.windowMs) {
      failures.delete(address);
      entry = undefined;
    }
    if (entry && entry.count >= limit.max) {
      const wait = Math.max(1, Math.ceil((entry.since + limit.windowMs - now) / 1000));
      res.setHeader("Retry-After", String(wait));
      res.status(429).json({ code: "rate-limited", message: `Too many failed logins from this address; try again in ${wait} s.` });
      return;
    }
    const given = basicCredentials(req.headers.authorization);
    // Both comparisons always run: the answer's timing says nothing about which part was wrong.
    const userOk = crypto.timingSafeEqual(digest(given?.user ?? ""), wantUser);
    const passwordOk = crypto.timingSafeEqual(digest(given?.password ?? ""), wantPassword);
    if (given && userOk && passwordOk) return next();
    if (given) {
      if (!entry) failures.set(address, (entry = { count: 0, since: now }));
      entry.count++;
    }
    res.setHeader("WWW-Authenticate", 'Basic realm="colyseus monitor", charset="UTF-8"');
    res.status(401).json({ code: "unauthorized", message: "The monitor needs the operator's user name and password." });
  };
}

function digest(text: string): Buffer {
  return crypto.createHash("sha256").update(text, "utf8").digest();
}

/** {user, password} of an `Authorization: Basic …` header; null when there is none or it is malformed. */
export function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]{1,1024})$/i.exec(header?.trim() ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
