// The Colyseus app: rooms, HTTP routes, monitor, static client.
// `createHubConfig(overrides)` builds it (tests pass short windows, an in-memory
// store, other limits); the default export reads the environment.

import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import type { ConfigOptions } from "@colyseus/tools";
import { defineHubRoom, installRoomIdNormalisation } from "./server/rooms/base/define.js";
import { ROOMS, type GameSettings } from "./server/games.js";
import { BotPool } from "./server/bots/pool.js";
import { inProcessThinker } from "./server/bots/thinker.js";
import { inProcessPreparer } from "./server/bots/prepare.js";
import { GameRoom } from "./server/rooms/game/GameRoom.js";
import { mirrorNameOf } from "./server/rooms/game/spectatorDelay.js";
import { chooseScaleOut } from "./server/scale.js";
import { settingsFromEnv, type HubSettings } from "./server/settings.js";
import { openHubStore, SaveQueue, type HomeStore, type SaveQueueSettings } from "./server/store/index.js";
import type { RoomLog } from "./server/store/RoomLog.js";
import { openRoomLog } from "./server/store/openRoomLog.js";
import { RoomReviver } from "./server/rooms/game/restore.js";
import { Admission } from "./server/net/admission.js";
import { installMatchmakeHandler } from "./server/net/matchmakeHttp.js";
import { HubTransport, SocketGuard } from "./server/net/sockets.js";
import { connectSourcesFor, jsonErrors, jsonNotFound, mountClient, roomsRoute, securityHeaders, whileUnavailable } from "./server/http.js";
import { monitorSettingsFromEnv, mountMonitor, type MonitorSettings } from "./server/monitor.js";
import { allowedOriginsFromEnv, installCors } from "./server/net/cors.js";
import { colyseusLogger, log } from "./server/ops/log.js";
import { meteredRoomLog, meteredThinker, watchDisk } from "./server/ops/metrics.js";
import { RefusalLog } from "./server/ops/refusalLog.js";
import { metricsTokenFromEnv, mountMetrics } from "./server/ops/metricsRoute.js";
import { Health, mountHealth } from "./server/ops/health.js";
import { drain, drainSettingsFromEnv, listenForHandoffs, selectProcessForNewRoom } from "./server/ops/drain.js";
import { replaysApi } from "./server/api/replays.js";
import { seatsApi } from "./server/api/seats.js";
import { roomCheckApi } from "./server/api/roomCheck.js";
import { claimsApi } from "./server/api/claims.js";
import { cardsApi } from "./server/api/cards.js";
import { profilesApi, type ProfileApiSettings } from "./server/api/profiles.js";
import { ratePending } from "./server/ratings/rated.js";
import { QUEUE_ROOM, RatedQueueRoom } from "./server/ratings/queue.js";
import { TournamentDirector, TOURNAMENT_ROOM } from "./server/tournaments/TournamentDirector.js";
import { tournamentsApi } from "./server/tournaments/api.js";
import { privateTournamentsApi } from "./server/tournaments/create.js";
import { dailyApi } from "./server/daily/api.js";
import { runSchedule } from "./server/tournaments/schedule.js";
import { PresenceClaims } from "./server/api/claimStore.js";
import { cardStore, imageHostsFromEnv } from "./server/cards/store.js";
import { safetyApi } from "./server/safety/api.js";
import { moderatorsFromEnv, mountModeration, type Moderators } from "./server/safety/moderation.js";

/** Largest WebSocket frame accepted at all; payloads over 1 KB are refused per message by the rooms. */
export const MAX_FRAME_BYTES = 16 * 1024;

/** The project folder: the nearest one up with a package.json (this file's own, or the checkout's when it runs built from dist/). */
const ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)));

function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) return from;
  }
}

/** Knobs of single games and routes, next to the hub settings (tests shorten or inject them). */
export type HubExtras = GameSettings & {
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
  /** The `/metrics` bearer token; default METRICS_TOKEN; null or unset there: off (404). */
  metricsToken?: string | null;
  /** Origins besides the hub's own whose pages may call it; default ALLOWED_ORIGINS. */
  allowedOrigins?: string[];
  /** Profile API limits (server/api/profiles.ts); tests lift them. */
  profileApi?: ProfileApiSettings;
  /** Moderators' tokens (server/safety/moderation.ts); default MODERATOR_TOKENS; null or unset there: no console. */
  moderators?: Moderators | null;
};

function isHomeStore(store: unknown): store is HomeStore {
  return typeof (store as Partial<HomeStore> | null)?.profileByKey === "function" && typeof (store as Partial<HomeStore>).rateGame === "function";
}

export function createHubConfig(overrides: Partial<HubSettings> & HubExtras = {}): ConfigOptions {
  // The store opens when the server starts, not when this module is imported.
  const { store, monitor, saveQueue, roomLog, metricsToken, allowedOrigins, profileApi, moderators, ...rest } = overrides;
  const settings = { ...settingsFromEnv(), ...rest } as HubSettings;
  const scale = chooseScaleOut();
  const outages = scale.kind === "redis" ? scale.watch : undefined;
  const cors = { allowed: allowedOrigins ? new Set(allowedOrigins) : allowedOriginsFromEnv(), trustProxy: settings.trustProxy };
  let reviver: RoomReviver | null = null;
  // Refused matchmaking requests: each counted, logged once per address per interval.
  const joinRefusals = new RefusalLog("join.refused", settings.refusalLogSeconds * 1000);
  const socketRefusals = new RefusalLog("socket.refused", settings.refusalLogSeconds * 1000);
  const sockets = { halfOpenPerAddress: settings.admission.halfOpenPerAddress, trustProxy: settings.trustProxy };
  // GET /healthz, /readyz (server/ops/health.ts); a stop drains first (server/ops/drain.ts).
  const health = new Health({
    storeFailingSince: () => (settings.store instanceof SaveQueue ? settings.store.failingSince : null),
    roomLog: () => settings.roomLog,
    redis: outages,
  });
  const drainSettings = drainSettingsFromEnv();

  return {
    options: {
      presence: scale.presence,
      driver: scale.driver,
      // Redis mode only: where clients open this process's room WebSockets.
      publicAddress: scale.publicAddress,
      // New rooms never go to a process that is draining for a deploy.
      ...(scale.kind === "redis" ? { selectProcessIdToCreateRoom: selectProcessForNewRoom } : {}),
      // Colyseus' own lines in the hub's JSON log (server/ops/log.ts); no banner.
      logger: colyseusLogger(),
      greet: false,
    },
    // server/index.ts logs `hub.listening` itself.
    displayLogs: false,

    // Colyseus' WebSocket transport with the hub's connection handler: half-open sockets
    // capped per address, bogus URLs refused quietly (server/net/sockets.ts).
    initializeTransport: (options) =>
      new HubTransport(
        {
          ...options,
          maxPayload: MAX_FRAME_BYTES,
          perMessageDeflate: false,
        },
        new SocketGuard(sockets, socketRefusals),
        sockets,
        socketRefusals,
      ),

    initializeGameServer: async (gameServer) => {
      // A write that fails (disk full) waits in a queue and is retried, never dropped silently.
      const inner = store ?? (await openHubStore());
      settings.store = new SaveQueue(inner, saveQueue);
      // Profiles, histories and ratings live in the same database as the finished games.
      settings.home = isHomeStore(inner) ? inner : undefined;
      settings.gate = new Admission(settings.admission);
      const opened = roomLog === undefined ? (store ? undefined : await openRoomLog()) : (roomLog ?? undefined);
      // Bytes and failed writes counted for /metrics (server/ops/metrics.ts).
      settings.roomLog = opened && meteredRoomLog(opened);
      watchDisk(process.env.DATA_DIR || "./data");
      outages?.start();
      if (settings.roomLog) {
        const adopt = Number(process.env.ROOM_ADOPT_SECONDS);
        reviver = new RoomReviver(settings.roomLog, {
          shared: scale.kind === "redis",
          abandonedRoomHours: settings.abandonedRoomHours,
          adoptSeconds: Number.isFinite(adopt) && adopt >= 0 ? adopt : 5,
          // Finished games a dead process left waiting in the log: stored (and rated) now.
          records: (game, saved) => {
            const stored = (id: number) => {
              saved(id);
              if (game.rated && settings.home) void settings.home.rateGame(id, Date.now()).catch((e) => log.error({ event: "rating.failed", gameId: id, err: e }, "could not rate a finished game (it stays pending; the next start rates it)"));
            };
            const id = settings.store.recordGame(game, stored);
            if (typeof id === "number" && id > 0) stored(id);
          },
        });
      }
      const wake = reviver ? (roomId: string) => reviver!.wake(roomId) : undefined;
      installMatchmakeHandler(gameServer, { admission: settings.gate, trustProxy: settings.trustProxy, maxBodyBytes: settings.maxMatchmakeBodyBytes, wake, cors, outages, refusals: joinRefusals, home: () => settings.home });
      installRoomIdNormalisation();
      for (const entry of ROOMS) defineHubRoom(gameServer, entry.name, entry.room, entry.filterKeys, settings);
      // rated quick play: one queue per rating pool (server/ratings/queue.ts)
      gameServer.define(QUEUE_ROOM, RatedQueueRoom, { hub: settings }).filterBy(["pool"]);
      // tournaments: one room per running tournament, holding the store's lease (server/tournaments/)
      gameServer.define(TOURNAMENT_ROOM, TournamentDirector, { hub: settings }).filterBy(["tournament"]);
      // the operator's recurring arenas and Swiss events (TOURNAMENTS), each one's current and next slot written as rows, and unplayed ones pruned, swept every minute (server/tournaments/schedule.ts)
      const stopSchedule = settings.home ? runSchedule(settings.home.tournaments, settings.tournaments ?? []) : undefined;
      // delayed spectators' mirrors (server/rooms/game/spectatorDelay.ts), opened by their live rooms
      for (const entry of ROOMS) if (entry.watch) gameServer.define(mirrorNameOf(entry.name), entry.watch, { hub: settings });
      // Bots of games on the generic room think on worker threads: a room never waits for one.
      const envThreads = process.env.BOT_THREADS ? Number(process.env.BOT_THREADS) : NaN;
      const threads = rest.botThreads ?? (Number.isInteger(envThreads) && envThreads >= 0 ? envThreads : undefined);
      const pool = threads === 0 ? null : new BotPool({ size: threads });
      const thinker = meteredThinker(pool ?? inProcessThinker);
      GameRoom.thinker = thinker;
      // No-guess boards are made on a thread of their own (one; it stops when idle), so a burst
      // of boards never delays the bots' decisions, nor a bot's a board (preparing.ts).
      const boards = threads === 0 ? null : new BotPool({ size: 1 });
      const preparer = boards ?? inProcessPreparer;
      GameRoom.preparer = preparer;
      health.start();
      // The stop signal (pm2 reload): unready, no new rooms, live rooms handed to the others.
      gameServer.onBeforeShutdown(async () => {
        await drain({ health, presence: scale.presence, sharedLog: scale.kind === "redis" ? settings.roomLog : undefined, settings: drainSettings }).catch((e) => log.error({ event: "room.error", what: "drain", err: e }, "draining failed; rooms keep their logs and are adopted by the others"));
      });
      gameServer.onShutdown(async () => {
        log.info({ event: "hub.stopping" }, "stopping: rooms close and keep their logs");
        outages?.stop();
        stopSchedule?.();
        reviver?.stop();
        health.stop();
        settings.gate?.close();
        joinRefusals.close();
        socketRefusals.close();
        await settings.store.close();
        await settings.roomLog?.flush().catch(() => undefined);
        settings.roomLog?.close();
        if (GameRoom.thinker === thinker) GameRoom.thinker = inProcessThinker;
        if (GameRoom.preparer === preparer) GameRoom.preparer = inProcessPreparer;
        if (pool) await pool.close();
        if (boards) await boards.close();
      });
    },

    // Rooms come back from the log before the first client is let in.
    beforeListen: async () => {
      await reviver?.boot();
      // Rooms a draining process hands to this one (server/ops/drain.ts).
      if (reviver && scale.kind === "redis") await listenForHandoffs(scale.presence, reviver, drainSettings.graceMs);
      // Rated games a stopped process recorded but did not rate yet (any process may finish them).
      if (settings.home) void ratePending(settings.home).catch((e) => console.error("[ratings] could not rate the waiting games", e));
    },

    initializeExpress: (app) => {
      app.disable("x-powered-by");
      // Probes first: no limit, CORS rule or body parser of the hub stands before them.
      mountHealth(app, health);
      // req.ip (the monitor's failed logins, the submission rate limit) reads X-Forwarded-For
      // exactly as far as the matchmaker's clientAddress() does: TRUST_PROXY hops.
      if (settings.trustProxy > 0) app.set("trust proxy", settings.trustProxy);
      // Cross-origin requests only from the hub's own pages and ALLOWED_ORIGINS (server/net/cors.ts).
      installCors(app, cors);
      // Card pictures (CARD_IMAGES=on): exactly the imported data's hosts, or CARD_IMAGE_HOSTS.
      const imageHosts = imageHostsFromEnv();
      app.use(securityHeaders({ connect: connectSourcesFor(scale.publicAddress), images: () => cardStore().imageHosts(imageHosts) }));
      mountMetrics(app, metricsToken === undefined ? metricsTokenFromEnv() : metricsToken);
      // What needs Redis answers "briefly unavailable" during an outage instead of hanging.
      app.use(["/api/rooms", "/api/seats", "/api/claims"], whileUnavailable(outages));
      // A game's own routes (server/games.ts `api`), before the app-wide body parser: they parse their own, larger bodies.
      for (const entry of ROOMS) if (entry.api) app.use("/api", entry.api({ store: () => settings.store, settings: rest }));
      app.use("/api", replaysApi(() => settings.store, () => settings.home)); // any finished game of the registry
      app.use("/api", seatsApi()); // parses its own small body, like the route above
      // "continue on another device" links, same; behind several processes they wait in Redis
      app.use("/api", claimsApi(undefined, undefined, scale.kind === "redis" ? new PresenceClaims(scale.presence) : undefined, () => settings.home));
      // profiles, My games, ratings (docs/protocol.md "Profiles")
      app.use("/api", profilesApi(() => settings.home, { profilesPerDay: settings.admission.profilesPerDay, createRate: settings.admission.profileRate, ...profileApi }));
      // mute and block lists, a moderator's sanctions in words (docs/safety.md); the moderators' console
      app.use("/api", safetyApi(() => settings.home));
      app.use("/api", privateTournamentsApi(() => settings.home)); // POST /api/tournaments, GET /api/tournaments/mine, DELETE /api/tournaments/:id: players' private tournaments (before /:id)
      app.use("/api", tournamentsApi(() => settings.home)); // GET /api/tournaments/:id: what it is, its standings
      // daily challenges (the registry's `daily` parts) and the month's season table
      app.use("/api", dailyApi(() => settings.home, ROOMS.flatMap((e) => (e.daily ? [{ game: e.name, options: e.daily.options }] : []))));
      mountModeration(app, {
        moderators: moderators === undefined ? moderatorsFromEnv(process.env, (m) => log.warn({ event: "config" }, m)) : moderators,
        home: () => settings.home,
      });
      app.use(express.json({ limit: "16kb" }));
      app.get("/api/rooms", roomsRoute());
      app.use("/api", roomCheckApi()); // GET /api/rooms/:id: may an invite link take a seat, or only watch?
      app.use("/api", cardsApi()); // what card data this server holds
      mountMonitor(app, monitor === undefined ? monitorSettingsFromEnv() : monitor);
      app.use("/api", jsonNotFound);
      mountClient(app, path.join(ROOT, "dist", "client"));
      app.use(jsonErrors);
    },
  };
}

export default createHubConfig();
