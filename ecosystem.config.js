// PM2 process file (fork mode): several hub processes sharing one Redis for
// presence and the room driver, each on its own port (PORT + instance).
// ESM with a named `apps` export: PM2 require()s this file, and Node >= 20.19
// loads an ES module through require() and hands PM2 the namespace.
import os from "node:os";

const instances = Number(process.env.HUB_PROCESSES) || os.cpus().length;
const basePort = Number(process.env.PORT) || 2567;

export const apps = Array.from({ length: instances }, (_, i) => ({
  name: `hub-${i}`,
  script: "server/index.ts",
  interpreter: "node",
  interpreter_args: "--import tsx",
  exec_mode: "fork",
  wait_ready: true,
  listen_timeout: 20000,
  // Rooms need time to save their logs before the process goes.
  kill_timeout: 30000,
  env: {
    NODE_ENV: "production",
    PORT: String(basePort + i),
    PUBLIC_ADDRESS: `${process.env.PUBLIC_HOST || "localhost"}:${basePort + i}`,
    REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379",
  },
}));
