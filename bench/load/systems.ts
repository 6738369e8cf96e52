// The systems the load section compares (bench/load.ts documents each) and the client counts
// they step through. Only data: the orchestrator, the server start and the report all read it.

import { quick } from "../lib/section.js";

const steps = (list: string) => list.split(",").map(Number).filter((n) => n > 0);
// Quick mode (BENCH_QUICK=1): one tiny step per system, a short window.
export const STEPS = steps(process.env.LOAD_STEPS ?? quick("50,200,500,1000,2000", "8"));
/** hub-sampled starts where the fully decoding generators run out of CPU. */
export const SAMPLED_STEPS = steps(process.env.LOAD_SAMPLED_STEPS ?? quick("1000,2000,3000", "16"));
/** hub-sampled: one client in SAMPLE decodes its state and measures latency. */
export const SAMPLE = Number(process.env.LOAD_SAMPLE ?? 8);
/** The p99 each system is judged against (and stepping stops past it with a full core). */
export const TARGET_P99_MS = 50;

export type SystemName = "baseline" | "relay" | "hub" | "hub-tsx" | "hub-1commit" | "hub-sampled" | "hub-sampled-1commit" | "hub-sampled-nolog" | "cubestacc" | "bgio" | "bgio-tsx";
/** `env`: the generators'; `serverEnv`: the server's, over the defaults of startServer. */
/** `tsx`: run the TypeScript through tsx instead of the built JavaScript (the hub before issue 23). */
export interface System {
  name: SystemName;
  mode: "echo" | "relay" | "hub" | "cubestacc" | "bgio";
  script: string;
  label: string;
  env?: NodeJS.ProcessEnv;
  serverEnv?: NodeJS.ProcessEnv;
  tsx?: true;
}
// In the order they run and are reported.
export const SYSTEMS: System[] = [
  { name: "baseline", mode: "echo", script: "bench/load/echoServer.ts", label: "raw ws echo" },
  { name: "relay", mode: "relay", script: "bench/load/relayServer.ts", label: "raw ws relay: rooms of 8 by arrival, each frame to the whole room (the fair floor)" },
  { name: "hub", mode: "hub", script: "server/index.ts", label: "hub (Colyseus 0.16), co-op Minesweeper" },
  { name: "hub-tsx", mode: "hub", script: "server/index.ts", label: "hub run through tsx (not built), co-op Minesweeper", tsx: true },
  {
    name: "hub-sampled",
    mode: "hub",
    script: "server/index.ts",
    label: `hub, co-op Minesweeper, 1 client in ${SAMPLE} decoding and measuring (the others quiet)`,
    env: { SAMPLE: String(SAMPLE) },
  },
  {
    name: "hub-sampled-1commit",
    mode: "hub",
    script: "server/index.ts",
    label: `hub-sampled with a room-log commit per move (ROOM_LOG_GROUP_COMMIT=off)`,
    env: { SAMPLE: String(SAMPLE) },
    serverEnv: { ROOM_LOG_GROUP_COMMIT: "off" },
  },
  {
    name: "hub-sampled-nolog",
    mode: "hub",
    script: "server/index.ts",
    label: `hub-sampled without a room log (ROOM_LOG=off)`,
    env: { SAMPLE: String(SAMPLE) },
    serverEnv: { ROOM_LOG: "off" },
  },
  {
    name: "hub-1commit",
    mode: "hub",
    script: "server/index.ts",
    label: "hub with a room-log commit per move (ROOM_LOG_GROUP_COMMIT=off)",
    serverEnv: { ROOM_LOG_GROUP_COMMIT: "off" },
  },
  { name: "cubestacc", mode: "cubestacc", script: "server/index.ts", label: "hub (Colyseus 0.16), Cubestacc 4-seat tables" },
  { name: "bgio", mode: "bgio", script: "bench/load/bgioServer.ts", label: "boardgame.io 0.50" },
  { name: "bgio-tsx", mode: "bgio", script: "bench/load/bgioServer.ts", label: "boardgame.io 0.50 run through tsx", tsx: true },
];
export const wantedSystems = (process.env.LOAD_SYSTEMS ?? "baseline,relay,hub,hub-sampled,cubestacc,bgio").split(",");

const sampled = (s: SystemName) => s.startsWith("hub-sampled");
/** The relay steps through both lists: its p99 at 3,000 clients is the capacity row's floor. */
const RELAY_STEPS = [...new Set([...STEPS, ...SAMPLED_STEPS])].sort((a, b) => a - b);
/** The client counts a system steps through. */
export const stepsOf = (s: SystemName) => (s === "relay" ? RELAY_STEPS : sampled(s) ? SAMPLED_STEPS : STEPS);
