// The operator's kit in ops/: the Grafana dashboard and the Prometheus alert rules. The rules
// pass `promtool check rules` (Debian's `prometheus` package), and every metric a panel or a
// rule names is one this hub exports (a renamed metric would leave a panel empty and an alert
// silent forever).

import { expect } from "chai";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inProcessThinker } from "../../server/bots/thinker.js";
import { metrics, meteredThinker, registry, watchDisk } from "../../server/ops/metrics.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const RULES = path.join(ROOT, "ops", "alerts.yml");
const DASHBOARD = path.join(ROOT, "ops", "grafana-dashboard.json");

/** Series Prometheus itself makes, not the hub. */
const PROMETHEUS_OWN = new Set(["up"]);
/** PromQL words that look like metric names. */
const PROMQL = new Set(["sum", "min", "max", "avg", "count", "by", "on", "and", "or", "unless", "without", "rate", "increase", "irate", "histogram_quantile", "predict_linear", "le", "job", "instance", "game", "path", "where", "code", "reason", "event", "result", "humanize", "humanize1024", "humanizeDuration", "bool", "ignoring", "group_left", "group_right"]);

/** Metric names an expression reads: identifiers before `{`, `[`, `)` or a comparison, minus PromQL's own words and label names. */
function metricNames(expr: string): string[] {
  const noStrings = expr.replace(/"[^"]*"/g, '""');
  const names = new Set<string>();
  for (const m of noStrings.matchAll(/\b([a-zA-Z_:][a-zA-Z0-9_:]*)\b(?!\s*(=~|!=|!~|=(?!=)))/g)) {
    const word = m[1];
    if (PROMQL.has(word) || /^\d/.test(word)) continue;
    // A word followed by "(" is a function; inside by (...) it is a label.
    const after = noStrings.slice((m.index ?? 0) + word.length).trimStart();
    if (after.startsWith("(")) continue;
    const before = noStrings.slice(0, m.index).trimEnd();
    if (/\b(by|without|on|ignoring)\s*\([^)]*$/.test(before)) continue;
    names.add(word);
  }
  return [...names];
}

/** What the hub exports, histogram series included (every lazily made metric made first). */
async function exported(): Promise<Set<string>> {
  watchDisk(os.tmpdir());
  meteredThinker(inProcessThinker);
  metrics.redis(true);
  const out = new Set<string>();
  for (const m of await registry.getMetricsAsJSON()) {
    out.add(m.name);
    if (m.type === ("histogram" as unknown)) for (const s of ["_bucket", "_sum", "_count"]) out.add(m.name + s);
  }
  // prom-client's event-loop lag family (collectDefaultMetrics).
  return out;
}

function dashboardExprs(): { where: string; expr: string }[] {
  const dash = JSON.parse(fs.readFileSync(DASHBOARD, "utf8")) as { panels: { title: string; targets?: { expr: string }[]; panels?: unknown[] }[]; templating: { list: { name: string; query?: unknown }[] } };
  const out: { where: string; expr: string }[] = [];
  for (const p of dash.panels) for (const t of p.targets ?? []) out.push({ where: `panel "${p.title}"`, expr: t.expr.replaceAll("$job", "hub") });
  for (const v of dash.templating.list) if (typeof v.query === "string" && v.query.startsWith("label_values(")) out.push({ where: `variable ${v.name}`, expr: v.query.replace(/^label_values\(([^,]+),.*$/, "$1") });
  return out;
}

function ruleExprs(): { where: string; expr: string }[] {
  const text = fs.readFileSync(RULES, "utf8");
  const out: { where: string; expr: string }[] = [];
  let alert = "";
  for (const line of text.split("\n")) {
    const a = /^\s*- alert: (\S+)/.exec(line);
    if (a) alert = a[1];
    const e = /^\s*expr: (.+)$/.exec(line);
    if (e) out.push({ where: `alert ${alert}`, expr: e[1] });
  }
  return out;
}

describe("ops/: the Grafana dashboard and the Prometheus alert rules", () => {
  it("promtool check rules passes on ops/alerts.yml", function () {
    const promtool = spawnSync("promtool", ["--version"], { encoding: "utf8" });
    if (promtool.error) {
      if (process.env.CI === "true") throw new Error("promtool is not installed (apt-get install prometheus; .ci/run does it).");
      this.skip();
    }
    const check = spawnSync("promtool", ["check", "rules", RULES], { encoding: "utf8" });
    expect(check.status, `${check.stdout}\n${check.stderr}`).to.equal(0);
    expect(check.stdout).to.match(/SUCCESS: \d+ rules found/);
  });

  it("the rules cover what an operator must hear about", () => {
    const text = fs.readFileSync(RULES, "utf8");
    for (const alert of ["HubDiskFilling", "HubRoomLogFailing", "HubRedisDown", "HubMoveLatencyHigh", "HubProcessNotReady"]) expect(text, alert).to.include(`alert: ${alert}`);
    // Each points at its runbook.
    expect(text.match(/docs\/operations\.md/g)?.length).to.be.at.least(ruleExprs().length);
  });

  it("every metric a panel or a rule names is one the hub exports", async () => {
    const have = await exported();
    const exprs = [...dashboardExprs(), ...ruleExprs()];
    expect(exprs.length).to.be.greaterThan(20);
    const missing: string[] = [];
    const named = new Set<string>();
    for (const { where, expr } of exprs) {
      for (const name of metricNames(expr)) {
        named.add(name);
        if (!have.has(name) && !PROMETHEUS_OWN.has(name)) missing.push(`${where}: ${name}  (in ${expr})`);
      }
    }
    expect(missing, "metrics the hub does not export").to.deep.equal([]);
    // The list: players, rooms per game, move latency, refusals, room-log writes and
    // failures, disk, Redis, event-loop lag, bot queue, deploy hand-offs.
    for (const name of ["hub_clients", "hub_rooms", "hub_move_latency_seconds_bucket", "hub_refusals_total", "hub_room_log_bytes_total", "hub_room_log_write_failures_total", "hub_disk_free_bytes", "hub_redis_up", "nodejs_eventloop_lag_p99_seconds", "hub_bot_queue", "hub_handoffs_total", "hub_ready"]) {
      expect([...named], `the dashboard or the rules show ${name}`).to.include(name);
    }
  });

  it("the name check itself catches a metric the hub does not export", async () => {
    const have = await exported();
    expect(metricNames('sum by (game) (rate(hub_movez_total{job=~"hub"}[5m]))')).to.deep.equal(["hub_movez_total"]);
    expect(have.has("hub_movez_total")).to.equal(false);
    expect(metricNames('histogram_quantile(0.99, sum by (le, game) (rate(hub_move_latency_seconds_bucket[5m]))) > 0.1')).to.deep.equal(["hub_move_latency_seconds_bucket"]);
  });
});
