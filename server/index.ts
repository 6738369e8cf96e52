// Entry point: `npm start` (tsx server/index.ts), and each PM2 process of ecosystem.config.js.
// With REDIS_URL set, Redis must answer before anything starts (server/scale.ts).
// Everything it logs is one JSON object per line (server/ops/log.ts).
import "./productionByDefault.js";
import { listen } from "@colyseus/tools";
import { log } from "./ops/log.js";
import { checkRedis, maskRedisUrl, redisUnreachableMessage } from "./scale.js";
import { basePort, listenPort } from "./settings.js";
import { checkStore } from "./store/index.js";
import { warmUp, warmUpWanted } from "./warmUp.js";

const store = await checkStore();
if (store.fatal) {
  log.fatal({ event: "config" }, store.fatal);
  process.exit(1);
}
if (store.warning) log.warn({ event: "config" }, store.warning);

const redisUrl = process.env.REDIS_URL?.trim();
if (redisUrl) {
  const check = await checkRedis(redisUrl);
  if (!check.ok) {
    log.fatal({ event: "redis.down", redis: maskRedisUrl(redisUrl), reason: check.reason }, redisUnreachableMessage(redisUrl, check.reason));
    process.exit(1);
  }
}

// Imported only now: the config connects to Redis as it is built.
const { default: config } = await import("../arena.config.js");
// Tests only: a hub the tests start (NODE_ENV=test, test/helpers/cluster.ts) may run the
// spectator delay at a share of real time (TEST_DELAY_SCALE=0.1: "15 s" lasts 1.5); production never reads it.
const delayScale = process.env.NODE_ENV === "test" ? Number(process.env.TEST_DELAY_SCALE) : NaN;
if (delayScale > 0 && delayScale <= 1) {
  const { DelayRecorder } = await import("./rooms/game/spectatorDelay.js");
  DelayRecorder.timeScale = delayScale;
}
await listen(config, basePort());
log.info({ event: "hub.listening", port: listenPort() }, `Listening on http://localhost:${listenPort()}`);
// The games' hot code warmed by small games nobody sees, a move per turn of the loop (server/warmUp.ts).
if (warmUpWanted()) void warmUp();
