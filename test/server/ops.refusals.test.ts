// A flood of refused matchmaking requests from one address (92,905 of them in 35 s were as
// many log lines, 23 MB) is counted in /metrics by reason, and logged at most once per address
// per REFUSAL_LOG_SECONDS, the next line saying how many were held back (and a summary line
// when the flood stops). Through a real hub over HTTP, and the limiter alone on a test clock.

import { expect } from "chai";
import { RefusalLog } from "../../server/ops/refusalLog.js";
import { bootHub, until, type TestHub } from "../helpers/hub.js";
import { captureLogs, type LogLine } from "../helpers/logLines.js";
import { metricValue, scrape } from "../helpers/metrics.js";
import { testPort } from "../helpers/ports.js";
import { matchmake } from "../helpers/rawClient.js";

const PORT = testPort(2861);
const TOKEN = "scrape-me-please-0123456789";
const FLOOD = 400;

describe("ops: a flood of refused matchmaking requests", function () {
  this.timeout(60_000);
  let hub: TestHub;
  let logs: ReturnType<typeof captureLogs>;
  const base = `http://127.0.0.1:${PORT}`;
  before(async () => {
    hub = await bootHub(PORT, { metricsToken: TOKEN, refusalLogSeconds: 1 });
    logs = captureLogs("info");
  });
  after(async () => {
    logs?.restore();
    await hub?.shutdown();
  });

  const refusedLines = (): LogLine[] => logs.lines.filter((l) => l.event === "join.refused");

  it("counts every refusal by reason, and logs one line per address per interval with the count it held back", async () => {
    const before = await scrape(base, TOKEN);
    const answers: { body: any }[] = [];
    for (let i = 0; i < FLOOD; i += 50) {
      answers.push(...(await Promise.all(Array.from({ length: 50 }, (_, k) => matchmake(PORT, "joinById", `NOROOM${(i + k) % 7}`, { name: "Flood" })))));
    }
    expect(answers.every((a) => typeof a.body.error === "string" && !a.body.sessionId), "every request refused").to.equal(true);
    const after = await scrape(base, TOKEN);
    const codes = new Set(refusedLines().flatMap((l) => (l.code ? [l.code] : Object.keys(l.codes ?? {}))));
    expect(codes.size, `one refusal code: ${[...codes]}`).to.equal(1);
    const code = [...codes][0] as string;
    expect(metricValue(after, "hub_refusals_total", { where: "join", code }) - metricValue(before, "hub_refusals_total", { where: "join", code })).to.equal(FLOOD);

    // lines of a refusal (with its code), and summaries of what was held back (without)
    const lines = refusedLines();
    const written = lines.filter((l) => l.code !== undefined);
    // the flood took a few seconds: a line per address per interval at most, never one per request
    expect(lines.length, JSON.stringify(lines.slice(0, 3))).to.be.at.least(1).and.at.most(12);
    expect(written[0]).to.include({ level: "info", method: "joinById", address: "127.0.0.1" });
    const heldBack = metricValue(after, "hub_log_lines_suppressed_total", { event: "join.refused" }) - metricValue(before, "hub_log_lines_suppressed_total", { event: "join.refused" });
    expect(heldBack).to.equal(FLOOD - written.length);

    // once the flood stops, a summary line says how many were held back since the last line
    const accounted = () => refusedLines().reduce((n, l) => n + (l.code !== undefined ? 1 : 0) + (l.suppressed ?? 0), 0);
    await until(() => accounted() === FLOOD || undefined, 10_000, "every refusal accounted for in the log");
    const summary = refusedLines().at(-1)!;
    expect(summary.suppressed).to.be.greaterThan(0);
    expect(summary.codes).to.deep.equal({ [code]: summary.suppressed });
    expect(summary.msg).to.match(/more .*refus/);
  });
});

describe("ops: RefusalLog (one line per address per interval)", () => {
  it("writes the first refusal of an address, holds back the rest of the interval, and says how many on the next line", () => {
    let now = 0;
    const logs = captureLogs("info");
    try {
      const r = new RefusalLog("join.refused", 10_000, () => now);
      for (let i = 0; i < 1000; i++) r.note("10.0.0.1", i % 3 === 0 ? "too-many-joins" : "not-found", { method: "join" }, "refused");
      r.note("10.0.0.2", "not-found", {}, "refused");
      expect(logs.lines.map((l) => l.address)).to.deep.equal(["10.0.0.1", "10.0.0.2"]);
      now = 9_999;
      r.note("10.0.0.1", "not-found", {}, "refused");
      expect(logs.lines).to.have.length(2);
      now = 10_000;
      r.note("10.0.0.1", "not-found", { method: "join" }, "refused");
      expect(logs.lines).to.have.length(3);
      expect(logs.lines[2]).to.include({ address: "10.0.0.1", code: "not-found", suppressed: 1000, method: "join" });
      expect(logs.lines[2].codes).to.deep.equal({ "too-many-joins": 333, "not-found": 667 });
      // held back, then the flood stops: the sweep says so once, and forgets the address
      r.note("10.0.0.1", "not-found", {}, "refused");
      now = 15_000;
      r.sweep();
      expect(logs.lines).to.have.length(3, "not before the interval is over");
      now = 20_000;
      r.sweep();
      expect(logs.lines).to.have.length(4);
      expect(logs.lines[3]).to.include({ address: "10.0.0.1", suppressed: 1 });
      now = 40_000;
      r.sweep();
      r.sweep();
      expect(logs.lines).to.have.length(4);
      expect(r.size()).to.equal(0);
      r.close();
    } finally {
      logs.restore();
    }
  });
});
