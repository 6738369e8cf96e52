// PM2 process file: several hub processes in fork mode sharing one Redis for presence and
// the matchmaking driver (server/scale.ts), each on its own port with its own publicAddress.
// `npm run start:cluster` checks Redis, builds the client and runs `pm2 start` on this file;
// `npm run stop:cluster` stops and removes the processes.
//
// Environment (read when PM2 loads this file):
//   HUB_PROCESSES   how many processes (default: one per core)
//   PORT            first port (default 2567); process i listens on PORT + i
//   REDIS_URL       default redis://127.0.0.1:6379
//   PUBLIC_ADDRESS  where clients reach a process's room WebSockets, `{port}` = its port
//                   (default localhost:{port}; behind nginx e.g. game.example.com/a{port})
//   DRAIN_UNREADY_SECONDS, DRAIN_HANDOFF  how a reloaded process drains (defaults 5 and 2 here)
//
// Health: each process answers GET /healthz (it serves) and GET /readyz (send it players) on its
// port; `npm run deploy` (scripts/deploy.mjs) reloads one process at a time and waits for its
// /readyz before the next, and a load balancer in front should probe /readyz too.
//
// The package is ESM, and so is this file: PM2 7 require()s it, and Node >= 20.19 loads an
// ES module through require() (no top-level await here, or that breaks) and hands PM2 the
// namespace, whose `apps` is all PM2 reads.
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** @param {string | undefined} value */
function positiveInt(value) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

const processes = positiveInt(process.env.HUB_PROCESSES) ?? os.availableParallelism();
const basePort = positiveInt(process.env.PORT) ?? 2567;
const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const publicAddress = process.env.PUBLIC_ADDRESS || "localhost:{port}";
// A reload first turns the process unready (/readyz 503) this long, so a load balancer stops
// sending it players, then it hands its rooms over (server/ops/drain.ts).
const drainUnready = process.env.DRAIN_UNREADY_SECONDS || "5";
const drainHandoff = process.env.DRAIN_HANDOFF || "2";

export const apps = Array.from({ length: processes }, (_, i) => {
  const port = basePort + i;
  return {
    name: `hub-${i}`,
    cwd: ROOT,
    // The built server (`npm run build` writes dist/server, as `npm start` runs it), spawned
    // by node directly (interpreter "none": PM2 adds no wrapper of its own).
    script: process.execPath,
    interpreter: "none",
    args: ["dist/server/server/index.js"],
    exec_mode: "fork", // not "cluster": each room lives in one process, clients reach it by its own port
    // @colyseus/tools listen() adds NODE_APP_INSTANCE to the port; the port is explicit here.
    instance_var: "HUB_PM2_INSTANCE",
    // listen() sends "ready" once the port is open; PM2 waits for it.
    wait_ready: true,
    listen_timeout: 30000,
    // On stop/reload PM2 sends SIGINT: the process turns unready, hands its live rooms to the
    // other processes (their logs are in Redis; players follow by seat token, no page reload),
    // then Colyseus stops; whatever was not handed over keeps its log and is adopted by the
    // survivors (server/rooms/game/restore.ts). SIGKILL only after this long.
    kill_timeout: 30000,
    // A process that exits at once (Redis unreachable) is restarted with growing delays.
    exp_backoff_restart_delay: 500,
    time: true,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_ADDRESS: publicAddress.replaceAll("{port}", String(port)),
      REDIS_URL: redisUrl,
      DRAIN_UNREADY_SECONDS: drainUnready,
      DRAIN_HANDOFF: drainHandoff,
    },
  };
});
