// What the load section reports: one row per system and step, and the tables built from the
// rows (figures, ratios against the baseline and boardgame.io, the room log's cost, where each
// system crosses the p99 target, idle RSS), printed and written into load.json as they are.

import { SAMPLED_STEPS, STEPS, SYSTEMS, TARGET_P99_MS, type SystemName } from "./systems.js";

export interface Row {
  system: SystemName;
  target: number;
  clients: number;
  failedJoins: number;
  movesPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  /** Moves sent but never shown within 2 s (counted when the client's next move is due). */
  timeouts: number;
  /** boardgame.io only: moves its server dropped as sent against an older state (logged "invalid stateID"). */
  staleDropped: number;
  serverCpuPercent: number;
  serverRssMb: number;
  generatorCpuPercent: number;
  generatorLagP99Ms: number;
  viewersPerMove: number;
  bytesPerMovePerClient: number;
  /** The state patches' share of bytesPerMovePerClient (the rest: events and other messages). */
  patchBytesPerMovePerClient: number;
  serverBytesPerMovePerClient: number;
  fullStateJsonBytes: number;
  /** 1-minute load average of the machine after the step (other work on the shared cores shows here). */
  loadAvg1: number;
}

const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "—");
/** Server CPU (% of a core) per move a second: what one move costs the server. */
const cpuPerMove = (r: Row) => r.serverCpuPercent / Math.max(1e-9, r.movesPerSec);
const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined && b > 0 && Number.isFinite(a) ? a / b : NaN);

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => "| " + cells.map((c, i) => c.padStart(widths[i]!)).join(" | ") + " |";
  return [line(header), "| " + widths.map((w) => "-".repeat(w - 1) + ":").join(" | ") + " |", ...rows.map(line)].join("\n");
}

function figuresTable(rows: Row[]): string {
  return table(
    ["system", "clients", "moves/s", "p50 ms", "p95 ms", "p99 ms", "lost", "stale", "srv CPU %", "srv RSS MB", "gen CPU %", "gen lag p99 ms", "B/move/client", "of which patch", "srv B/move/client", "full JSON B", "load avg"],
    rows.map((r) => [
      r.system,
      String(r.clients),
      f(r.movesPerSec, 0),
      f(r.p50, 2),
      f(r.p95, 2),
      f(r.p99, 2),
      String(r.timeouts),
      r.system === "bgio" ? String(r.staleDropped) : "—",
      f(r.serverCpuPercent, 0),
      f(r.serverRssMb, 0),
      f(r.generatorCpuPercent, 0),
      f(r.generatorLagP99Ms, 0),
      f(r.bytesPerMovePerClient, 0),
      r.system === "baseline" || r.system === "relay" || r.system === "bgio" ? "—" : f(r.patchBytesPerMovePerClient, 0),
      f(r.serverBytesPerMovePerClient, 0),
      r.system === "baseline" || r.system === "relay" ? "—" : f(r.fullStateJsonBytes, 0),
      f(r.loadAvg1, 1),
    ]),
  );
}

/** The section's tables and the figures behind them (idle: RSS MB by server, in run order). */
export function report(rows: Row[], idle: Record<string, number>) {
  const figures = figuresTable(rows);

  const at = (s: SystemName, n: number) => rows.find((r) => r.system === s && r.target === n);
  const ratios = STEPS.filter((n) => at("hub", n)).map((n) => {
    const h = at("hub", n)!;
    const b = at("baseline", n);
    const relay = at("relay", n);
    const g = at("bgio", n);
    const c = at("cubestacc", n);
    return {
      clients: n,
      p50VsBaseline: ratio(h.p50, b?.p50),
      p99VsBaseline: ratio(h.p99, b?.p99),
      p50VsRelay: ratio(h.p50, relay?.p50),
      p99VsRelay: ratio(h.p99, relay?.p99),
      cpuPerMoveVsRelay: ratio(cpuPerMove(h), relay && cpuPerMove(relay)),
      p50VsBgio: ratio(h.p50, g?.p50),
      p99VsBgio: ratio(h.p99, g?.p99),
      movesPerSecVsBgio: ratio(h.movesPerSec, g?.movesPerSec),
      cpuVsBgio: ratio(h.serverCpuPercent, g?.serverCpuPercent),
      rssVsBgio: ratio(h.serverRssMb, g?.serverRssMb),
      bytesVsBgio: ratio(h.bytesPerMovePerClient, g?.bytesPerMovePerClient),
      bytesVsFullJson: ratio(h.bytesPerMovePerClient, h.fullStateJsonBytes),
      cubestaccP50VsBaseline: ratio(c?.p50, b?.p50),
      cubestaccBytesVsFullJson: ratio(c?.bytesPerMovePerClient, c?.fullStateJsonBytes),
    };
  });
  const ratioTable = table(
    ["clients", "hub/base p50", "hub/base p99", "hub/relay p50", "hub/relay p99", "hub/relay CPU per move", "hub/bgio p50", "hub/bgio p99", "hub/bgio moves/s", "hub/bgio CPU", "hub/bgio RSS", "hub/bgio B/move", "hub B/move ÷ full JSON", "cubestacc/base p50", "cubestacc B/move ÷ full JSON"],
    ratios.map((r) => [
      String(r.clients),
      f(r.p50VsBaseline, 2),
      f(r.p99VsBaseline, 2),
      f(r.p50VsRelay, 2),
      f(r.p99VsRelay, 2),
      f(r.cpuPerMoveVsRelay, 2),
      f(r.p50VsBgio, 2),
      f(r.p99VsBgio, 2),
      f(r.movesPerSecVsBgio, 2),
      f(r.cpuVsBgio, 2),
      f(r.rssVsBgio, 2),
      f(r.bytesVsBgio, 3),
      r.bytesVsFullJson > 0 ? `1/${f(1 / r.bytesVsFullJson, 0)}` : "—",
      f(r.cubestaccP50VsBaseline, 2),
      r.cubestaccBytesVsFullJson > 0 ? `1/${f(1 / r.cubestaccBytesVsFullJson, 1)}` : "—",
    ]),
  );

  // The room log's cost, same run: a group commit, a commit per move, no log.
  const logRows: string[][] = [];
  for (const [group, single, none, steps] of [
    ["hub-sampled", "hub-sampled-1commit", "hub-sampled-nolog", SAMPLED_STEPS],
    ["hub", "hub-1commit", null, STEPS],
  ] as const) {
    for (const n of steps) {
      const cells = [group, single, none].map((s) => (s ? at(s, n) : undefined));
      if (cells.filter(Boolean).length < 2) continue;
      const show = (r: Row | undefined) => (r ? `${f(r.p50, 2)} / ${f(r.p99, 1)} ms, ${f(r.serverCpuPercent, 0)} %` : "—");
      logRows.push([group, String(n), show(cells[0]), show(cells[1]), show(cells[2])]);
    }
  }
  const logTable = logRows.length
    ? table(["system", "clients", "group commit: p50 / p99, srv CPU", "commit per move", "no room log"], logRows)
    : "";

  // Capacity against the floor: the hub with 1 client in SAMPLE decoding, and the relay, at the
  // same client counts in the same run.
  const floorRows = SAMPLED_STEPS.filter((n) => at("hub-sampled", n) && at("relay", n)).map((n) => {
    const h = at("hub-sampled", n)!;
    const r = at("relay", n)!;
    return [String(n), `${f(r.p50, 2)} / ${f(r.p99, 1)} ms, ${f(r.serverCpuPercent, 0)} %`, `${f(h.p50, 2)} / ${f(h.p99, 1)} ms, ${f(h.serverCpuPercent, 0)} %`, f(ratio(h.p99, r.p99), 2), f(ratio(cpuPerMove(h), cpuPerMove(r)), 2)];
  });
  const floorTable = floorRows.length
    ? table(["clients", "relay: p50 / p99, srv CPU", "hub-sampled: p50 / p99, srv CPU", "hub/relay p99", "hub/relay CPU per move"], floorRows)
    : "";

  const crossings: Record<string, string> = {};
  for (const sys of SYSTEMS) {
    const mine = rows.filter((r) => r.system === sys.name);
    if (!mine.length) continue;
    const first = mine.find((r) => !(r.p99 <= TARGET_P99_MS));
    crossings[sys.name] = first
      ? `p99 past ${TARGET_P99_MS} ms at ${first.target} clients (${f(first.p99, 1)} ms)`
      : `p99 under ${TARGET_P99_MS} ms up to ${mine[mine.length - 1]!.clients} clients`;
  }

  const idleTable = table(
    ["server", "idle RSS MB"],
    Object.entries(idle).map(([k, mb]) => [k === "npm start" ? "hub as `npm start` runs it (file store and room log)" : k, f(mb, 0)]),
  );

  return { figures, ratios, ratioTable, logTable, floorTable, crossings, idleTable };
}
