// HTTP routes next to the matchmaker: the public room list and the built client.

import fs from "node:fs";
import path from "node:path";
import express from "express";
import { matchMaker } from "@colyseus/core";
import type { PublicRoom } from "../common/core/wire.js";
import { GAMES } from "../common/games.js";
import type { HubMetadata } from "./rooms/base/SeatedRoom.js";
import type { OutageSource } from "./net/matchmakeHttp.js";
import { cspOrigins } from "./cards/origins.js";
import { log } from "./ops/log.js";
import { metrics } from "./ops/metrics.js";
import { UNAVAILABLE_MESSAGE } from "./ops/redisWatch.js";
import { answerStoreDown } from "./api/storeDown.js";

/**
 * Public live rooms (full ones too, for spectating); private rooms never appear, nor rooms whose
 * game has ended (nothing is being played there until a new game starts).
 */
export async function listPublicRooms(game?: string): Promise<PublicRoom[]> {
  const rooms = await matchMaker.query(game ? { name: game } : {});
  const out: PublicRoom[] = [];
  for (const room of rooms) {
    const meta = room.metadata as HubMetadata | undefined;
    if (!meta || meta.listed !== true || meta.over === true) continue;
    out.push({
      roomId: room.roomId,
      game: meta.game,
      mode: meta.mode,
      ...(typeof meta.level === "string" ? { level: meta.level } : {}),
      ...(meta.noGuess === true ? { noGuess: true as const } : {}),
      players: meta.players,
      maxPlayers: meta.maxPlayers,
      spectators: meta.spectators,
      phase: meta.phase,
    });
  }
  return out;
}

/** The room names of the registry's games (a variant shares its game's). */
const ROOM_NAMES = [...new Set(GAMES.map((d) => d.room ?? d.id))];

export function roomsRoute(): express.RequestHandler {
  return async (req, res) => {
    const game = req.query.game;
    if (game !== undefined && (typeof game !== "string" || !/^[a-z0-9-]{1,32}$/.test(game))) {
      res.status(400).json({ code: "bad-query", message: `game must be a game's id: ${ROOM_NAMES.join(", ")}.` });
      return;
    }
    try {
      res.json(await listPublicRooms(game));
    } catch (e) {
      log.error({ event: "http.failed", path: "/api/rooms", err: e }, "GET /api/rooms failed");
      res.status(500).json({ code: "internal", message: "Could not list rooms." });
    }
  };
}

/**
 * Routes that need Redis (scale-out) answer 503 `hub-unavailable` at once during an outage
 * instead of waiting on it (server/ops/redisWatch.ts).
 */
export function whileUnavailable(outages: OutageSource | undefined): express.RequestHandler {
  return (_req, res, next) => {
    if (!outages || outages.available()) return next();
    outages.turnedAwayOne();
    metrics.refused("http", "hub-unavailable");
    res.setHeader("Retry-After", "3");
    res.status(503).json({ code: "hub-unavailable", message: UNAVAILABLE_MESSAGE });
  };
}

/** Paths the single-page fallback must never answer. */
const SERVER_PATHS = /^\/(api|colyseus|matchmake|metrics|healthz|readyz|__healthcheck)(\/|$)/;

/** Built files whose names carry no content hash. */
const UNHASHED = /(\.html|[\\/]sw\.js|\.webmanifest|[\\/]icons[\\/][^\\/]+)$/;

/** Serves dist/client (static files + index.html for client-side routes) when it was built. */
export function mountClient(app: express.Express, dir: string): boolean {
  const index = path.join(dir, "index.html");
  if (!fs.existsSync(index)) return false;
  app.use(
    express.static(dir, {
      index: "index.html",
      // Hashed bundles can be cached; index.html, the service worker, the manifest and its
      // icons (fixed names) must not be, or a deploy is not picked up.
      setHeaders: (res, file) => res.setHeader("Cache-Control", UNHASHED.test(file) ? "no-cache" : "public, max-age=31536000, immutable"),
    }),
  );
  app.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || SERVER_PATHS.test(req.path)) return next();
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(index);
  });
  return true;
}

export interface SecurityHeaderOptions {
  /** Extra `connect-src` sources: where room sockets live when they are not this origin (scale-out). */
  connect?: string[];
  /**
   * Where card pictures may come from (asked per answer: an import can change it while the
   * server runs). Empty or absent: pictures only from this origin.
   */
  images?: () => string[];
}

/**
 * The page may load only its own scripts, talk only to this hub, and never be framed.
 * Pixi draws with WebGL and decodes images in blob: workers; the UI sets inline style
 * attributes (seat colours, progress bars), hence 'unsafe-inline' for styles only.
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions = {}, hosts: readonly string[] = options.images?.() ?? []): string {
  // Only plain http(s) origins (server/cards/origins.ts): a host with `;` or `,` would add a
  // directive or a policy of its own.
  const imageHosts = cspOrigins(hosts);
  // The service worker keeps card pictures it fetched (client/pwa/sw.ts): its fetch() needs them in connect-src.
  const connect = ["'self'", ...(options.connect ?? []), ...imageHosts].join(" ");
  const img = ["'self'", "data:", "blob:", ...imageHosts].join(" ");
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img}`,
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Security headers on every answer of the Express app (client, API, monitor). */
export function securityHeaders(options: SecurityHeaderOptions = {}): express.RequestHandler {
  let hosts = "";
  let csp = contentSecurityPolicy(options, []);
  return (_req, res, next) => {
    const now = options.images?.() ?? [];
    if (now.join(" ") !== hosts) {
      hosts = now.join(" ");
      csp = contentSecurityPolicy(options, now);
    }
    res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "no-referrer");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    next();
  };
}

/**
 * `connect-src` sources for a scale-out public address (`host[:port][/path]`, `{port}` = each
 * process's port): the room sockets of other processes may be on other ports of that host.
 */
export function connectSourcesFor(publicAddress: string | undefined): string[] {
  if (!publicAddress) return [];
  const host = publicAddress.split("/")[0].replace(/:(\{port\}|\d+)$/, "");
  if (!/^[A-Za-z0-9.-]+$/.test(host) && !/^\[[0-9a-fA-F:]+\]$/.test(host)) return [];
  return [`ws://${host}:*`, `wss://${host}:*`, `http://${host}:*`, `https://${host}:*`];
}

/**
 * Last handler of the app: whatever failed (a body that is not JSON, a bad URL, a bug, the
 * database down) is answered `{code, message}` with no stack, whatever NODE_ENV says.
 */
export const jsonErrors: express.ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  // The database down for a moment: 503 in words (server/api/storeDown.ts).
  if (answerStoreDown(err, req, res)) return;
  const e = err as { status?: number; statusCode?: number; type?: string; expose?: boolean };
  const status = e.status ?? e.statusCode ?? 500;
  if (status >= 500) log.error({ event: "http.failed", method: req.method, path: req.path, err }, `${req.method} ${req.path} failed`);
  if (e.type === "entity.too.large") return void res.status(413).json({ code: "too-large", message: "The request body is too large." });
  if (e.type === "entity.parse.failed") return void res.status(400).json({ code: "bad-json", message: "The body is not valid JSON." });
  if (status >= 400 && status < 500) return void res.status(status).json({ code: "bad-request", message: "The request could not be read; check the URL and body." });
  res.status(500).json({ code: "internal", message: "The server failed on this request; try again." });
};

/** JSON 404 for server paths nobody answered (the client's pages fall back to index.html). */
export const jsonNotFound: express.RequestHandler = (req, res) => {
  res.status(404).json({ code: "not-found", message: `Nothing is served at ${req.method} ${req.path}.` });
};
