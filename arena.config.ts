// The Colyseus app: rooms, HTTP routes, monitor, static client.
// `createHubConfig(overrides)` builds it (tests pass short windows, an in-memory
// store, other limits); the default export reads the environment.

import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import type { ConfigOptions } from "@colyseus/tools";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { defineHubRoom, installRoomIdNormalisation } from "./server/rooms/base/define.js";
import { ROOMS } from "./server/games.js";
import { BotPool } from "./server/bots/pool.js";
import { inProcessThinker } from "./server/bots/thinker.js";
import { GameRoom } from "./server/rooms/game/GameRoom.js";
import { mirrorNameOf } from "./server/rooms/game/spectatorDelay.js";
import { chooseScaleOut } from "./server/scale.js";
import { settingsFromEnv, type HubSettings } from "./server/settings.js";
import { openStore, SaveQueue, type SaveQueueSettings } from "./server/store/index.js";
import { openRoomLog, type RoomLog } from "./server/store/RoomLog.js";
import { RoomReviver } from "./server/rooms/game/restore.js";
import { Admission } from "./server/net/admission.js";
import { installMatchmakeHandler } from "./server/net/matchmakeHttp.js";
import { connectSourcesFor, jsonErrors, jsonNotFound, mountClient, roomsRoute, securityHeaders } from "./server/http.js";
import { keepCorsOffMonitor, monitorSettingsFromEnv, mountMonitor, type MonitorSettings } from "./server/monitor.js";
import { minesweeperApi, type ApiSettings } from "./server/api/minesweeper.js";
import { replaysApi } from "./server/api/replays.js";
import { seatsApi } from "./server/api/seats.js";
import { roomCheckApi } from "./server/api/roomCheck.js";
import { claimsApi } from "./server/api/claims.js";
import { PresenceClaims } from "./server/api/claimStore.js";
import type { MinesweeperSettings } from "./server/rooms/minesweeper/index.js";

/** Largest WebSocket frame accepted at all; payloads over 1 KB are refused per message by the rooms. */
export const MAX_FRAME_BYTES = 16 * 1024;

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Knobs of single games and routes, next to the hub settings (tests shorten or inject them). */
export type HubExtras = MinesweeperSettings &
  ApiSettings & {
    /** Worker threads bots think on (0: on the event loop). Default BOT_THREADS, else cores − 1. */
    botThreads?: number;
    /** The monitor's login; default from MONITOR_USER/MONITOR_PASSWORD; null or unset there: off. */
    monitor?: MonitorSettings | null;
    /** How failed store writes wait and retry (server/store/SaveQueue.ts). */
    saveQueue?: SaveQueueSettings;
    /**
     * The room log (server/store/RoomLog.ts). Default: from the environment, unless a store is
     * injected (in-process tests), then none: those hubs' rooms are not restored.
     */
    roomLog?: RoomLog | null;
  };

export function createHubConfig(overrides: Partial<HubSettings> & HubExtras = {}): ConfigOptions {
  // The store opens when the server starts, not when this module is imported.
  const { store, monitor, saveQueue, roomLog, ...rest } = overrides;
  const settings = { ...settingsFromEnv(), ...rest } as HubSettings;
  const scale = chooseScaleOut();
  let reviver: RoomReviver | null = null;

  return {
    options: {
      presence: scale.presence,
      driver: scale.driver,
      // Redis mode only: where clients open this process's room WebSockets.
      publicAddress: scale.publicAddress,
    },

    initializeTransport: (options) =>
      new WebSocketTransport({
        ...options,
        maxPayload: MAX_FRAME_BYTES,
        perMessageDeflate: false,
      }),

    initializeGameServer: async (gameServer) => {
      // A write that fails (disk full) waits in a queue and is retried, never dropped silently.
      settings.store = new SaveQueue(store ?? openStore(), saveQueue);
      settings.gate = new Admission(settings.admission);
      settings.roomLog = roomLog === undefined ? (store ? undefined : await openRoomLog()) : (roomLog ?? undefined);
      if (settings.roomLog) {
        const adopt = Number(process.env.ROOM_ADOPT_SECONDS);
        reviver = new RoomReviver(settings.roomLog, {
          shared: scale.kind === "redis",
          abandonedRoomHours: settings.abandonedRoomHours,
          adoptSeconds: Number.isFinite(adopt) && adopt >= 0 ? adopt : 5,
        });
      }
      const wake = reviver ? (roomId: string) => reviver!.wake(roomId) : undefined;
      installMatchmakeHandler(gameServer, { admission: settings.gate, trustProxy: settings.trustProxy, maxBodyBytes: settings.maxMatchmakeBodyBytes, wake });
      installRoomIdNormalisation();
      for (const entry of ROOMS) defineHubRoom(gameServer, entry.name, entry.room, entry.filterKeys, settings);
      // delayed spectators' mirrors (server/rooms/game/spectatorDelay.ts), opened by their live rooms
      for (const entry of ROOMS) if (entry.watch) gameServer.define(mirrorNameOf(entry.name), entry.watch, { hub: settings });
      // Bots of games on the generic room think on worker threads: a room never waits for one.
      const envThreads = process.env.BOT_THREADS ? Number(process.env.BOT_THREADS) : NaN;
      const threads = rest.botThreads ?? (Number.isInteger(envThreads) && envThreads >= 0 ? envThreads : undefined);
      const pool = threads === 0 ? null : new BotPool({ size: threads });
      GameRoom.thinker = pool ?? inProcessThinker;
      gameServer.onShutdown(async () => {
        reviver?.stop();
        settings.gate?.close();
        settings.store.close();
        await settings.roomLog?.flush().catch(() => undefined);
        settings.roomLog?.close();
        if (pool) {
          if (GameRoom.thinker === pool) GameRoom.thinker = inProcessThinker;
          await pool.close();
        }
      });
    },

    // Rooms come back from the log before the first client is let in.
    beforeListen: async () => {
      await reviver?.boot();
    },

    initializeExpress: (app) => {
      app.disable("x-powered-by");
      // req.ip (the monitor's failed logins, the submission rate limit) reads X-Forwarded-For
      // exactly as far as the matchmaker's clientAddress() does: TRUST_PROXY hops.
      if (settings.trustProxy > 0) app.set("trust proxy", settings.trustProxy);
      if (!keepCorsOffMonitor(app)) console.warn("Could not find @colyseus/tools' CORS layer: the monitor strips CORS headers itself.");
      app.use(securityHeaders({ connect: connectSourcesFor(scale.publicAddress) }));
      // Before the app-wide body parser: the submission route parses its own, larger body.
      app.use("/api", minesweeperApi(() => settings.store, { clock: rest.clock, replaySubmitRate: rest.replaySubmitRate }));
      app.use("/api", replaysApi(() => settings.store)); // any finished game of the registry
      app.use("/api", seatsApi()); // parses its own small body, like the route above
      // "continue on another device" links, same; behind several processes they wait in Redis
      app.use("/api", claimsApi(undefined, undefined, scale.kind === "redis" ? new PresenceClaims(scale.presence) : undefined));
      app.use(express.json({ limit: "16kb" }));
      app.get("/api/rooms", roomsRoute());
      app.use("/api", roomCheckApi()); // GET /api/rooms/:id: may an invite link take a seat, or only watch?
      mountMonitor(app, monitor === undefined ? monitorSettingsFromEnv() : monitor);
      app.use("/api", jsonNotFound);
      mountClient(app, path.join(ROOT, "dist", "client"));
      app.use(jsonErrors);
    },
  };
}

export default createHubConfig();
