// HTTP routes next to the matchmaker: the public room list and the built client.

import fs from "node:fs";
import path from "node:path";
import express from "express";
import { matchMaker } from "@colyseus/core";
import type { PublicRoom } from "../common/core/wire.js";
import type { HubMetadata } from "./rooms/base/SeatedRoom.js";

/** Public live rooms (full ones too, for spectating); private rooms never appear. */
export async function listPublicRooms(game?: string): Promise<PublicRoom[]> {
  const rooms = await matchMaker.query(game ? { name: game } : {});
  const out: PublicRoom[] = [];
  for (const room of rooms) {
    const meta = room.metadata as HubMetadata | undefined;
    if (!meta || meta.listed !== true) continue;
    out.push({
      roomId: room.roomId,
      game: meta.game,
      mode: meta.mode,
      ...(typeof meta.level === "string" ? { level: meta.level } : {}),
      players: meta.players,
      maxPlayers: meta.maxPlayers,
      spectators: meta.spectators,
      phase: meta.phase,
    });
  }
  return out;
}

export function roomsRoute(): express.RequestHandler {
  return async (req, res) => {
    const game = req.query.game;
    if (game !== undefined && (typeof game !== "string" || !/^[a-z0-9-]{1,32}$/.test(game))) {
      res.status(400).json({ code: "bad-query", message: "game must be a game id such as minesweeper." });
      return;
    }
    try {
      res.json(await listPublicRooms(game));
    } catch (e) {
      console.error("GET /api/rooms failed", e);
      res.status(500).json({ code: "internal", message: "Could not list rooms." });
    }
  };
}

/** Paths the single-page fallback must never answer. */
const SERVER_PATHS = /^\/(api|colyseus|matchmake|__healthcheck)(\/|$)/;

/** Serves dist/client (static files + index.html for client-side routes) when it was built. */
export function mountClient(app: express.Express, dir: string): boolean {
  const index = path.join(dir, "index.html");
  if (!fs.existsSync(index)) return false;
  app.use(
    express.static(dir, {
      index: "index.html",
      // Hashed bundles can be cached; index.html must not be, or a deploy is not picked up.
      setHeaders: (res, file) => res.setHeader("Cache-Control", file.endsWith(".html") ? "no-cache" : "public, max-age=31536000, immutable"),
    }),
  );
  app.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || SERVER_PATHS.test(req.path)) return next();
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(index);
  });
  return true;
}

/** Optional HTTP basic auth (MONITOR_PASSWORD) in front of the Colyseus monitor. */
export function monitorGuard(password: string | undefined): express.RequestHandler {
  return (req, res, next) => {
    if (!password) return next();
    const header = req.headers.authorization ?? "";
    const [scheme, encoded] = header.split(" ");
    const given = scheme === "Basic" && encoded ? Buffer.from(encoded, "base64").toString().split(":").slice(1).join(":") : "";
    if (given === password) return next();
    res.setHeader("WWW-Authenticate", 'Basic realm="colyseus monitor"');
    res.status(401).end();
  };
}
