// The Colyseus app: rooms, HTTP routes, monitor, static client.
// `createHubConfig(overrides)` builds it (tests pass short windows, an in-memory
// store, other limits); the default export reads the environment.

import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import type { ConfigOptions } from "@colyseus/tools";
import { monitor } from "@colyseus/monitor";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { defineHubRoom, installRoomIdNormalisation } from "./server/rooms/base/define.js";
import { ROOMS } from "./server/games.js";
import { BotPool } from "./server/bots/pool.js";
import { inProcessThinker } from "./server/bots/thinker.js";
import { GameRoom } from "./server/rooms/game/GameRoom.js";
import { chooseScaleOut } from "./server/scale.js";
import { settingsFromEnv, type HubSettings } from "./server/settings.js";
import { openStore } from "./server/store/index.js";
import { Admission } from "./server/net/admission.js";
import { installMatchmakeHandler } from "./server/net/matchmakeHttp.js";
import { monitorGuard, mountClient, roomsRoute } from "./server/http.js";
import { minesweeperApi, type ApiSettings } from "./server/api/minesweeper.js";
import type { MinesweeperSettings } from "./server/rooms/minesweeper/index.js";

/** Largest WebSocket frame accepted at all; payloads over 1 KB are refused per message by the rooms. */
export const MAX_FRAME_BYTES = 16 * 1024;

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** Knobs of single games and routes, next to the hub settings (tests shorten or inject them). */
export type HubExtras = MinesweeperSettings &
  ApiSettings & {
    /** Worker threads bots think on (0: on the event loop). Default BOT_THREADS, else cores − 1. */
    botThreads?: number;
  };

export function createHubConfig(overrides: Partial<HubSettings> & HubExtras = {}): ConfigOptions {
  // The store opens when the server starts, not when this module is imported.
  const { store, ...rest } = overrides;
  const settings = { ...settingsFromEnv(), ...rest } as HubSettings;
  const scale = chooseScaleOut();

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

    initializeGameServer: (gameServer) => {
      settings.store = store ?? openStore();
      settings.gate = new Admission(settings.admission);
      installMatchmakeHandler(gameServer, { admission: settings.gate, trustProxy: settings.trustProxy, maxBodyBytes: settings.maxMatchmakeBodyBytes });
      installRoomIdNormalisation();
      for (const entry of ROOMS) defineHubRoom(gameServer, entry.name, entry.room, entry.filterKeys, settings);
      // Bots of games on the generic room think on worker threads: a room never waits for one.
      const envThreads = process.env.BOT_THREADS ? Number(process.env.BOT_THREADS) : NaN;
      const threads = rest.botThreads ?? (Number.isInteger(envThreads) && envThreads >= 0 ? envThreads : undefined);
      const pool = threads === 0 ? null : new BotPool({ size: threads });
      GameRoom.thinker = pool ?? inProcessThinker;
      gameServer.onShutdown(async () => {
        settings.gate?.close();
        settings.store.close();
        if (pool) {
          if (GameRoom.thinker === pool) GameRoom.thinker = inProcessThinker;
          await pool.close();
        }
      });
    },

    initializeExpress: (app) => {
      // Before the app-wide body parser: the submission route parses its own, larger body.
      app.use("/api", minesweeperApi(() => settings.store, { clock: rest.clock, replaySubmitRate: rest.replaySubmitRate }));
      app.use(express.json({ limit: "16kb" }));
      app.get("/api/rooms", roomsRoute());
      app.use("/colyseus", monitorGuard(process.env.MONITOR_PASSWORD), monitor());
      mountClient(app, path.join(ROOT, "dist", "client"));
    },
  };
}

export default createHubConfig();
