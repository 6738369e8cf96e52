// Entry point: `npm start` (tsx server/index.ts), and each PM2 process of ecosystem.config.js.
// With REDIS_URL set, Redis must answer before anything starts (server/scale.ts).
import "./productionByDefault.js";
import { listen } from "@colyseus/tools";
import { checkRedis, redisUnreachableMessage } from "./scale.js";
import { basePort } from "./settings.js";
import { checkStore } from "./store/index.js";

const store = await checkStore();
if (store.fatal) {
  console.error(store.fatal);
  process.exit(1);
}
if (store.warning) console.warn(store.warning);

const redisUrl = process.env.REDIS_URL?.trim();
if (redisUrl) {
  const check = await checkRedis(redisUrl);
  if (!check.ok) {
    console.error(redisUnreachableMessage(redisUrl, check.reason));
    process.exit(1);
  }
}

// Imported only now: the config connects to Redis as it is built.
const { default: config } = await import("../arena.config.js");
await listen(config, basePort());
