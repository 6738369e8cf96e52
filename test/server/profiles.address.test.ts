// Profiles behind one address (issue 37, point 3): a family, a classroom or a café shares one
// public address, and every newcomer there must get a profile (My games, rated play). The hub's
// real per-address bounds (not the lax ones of the other suites) let a classroom's 40 new
// browsers in five minutes all in; a bound that is hit is refused in words that say what was
// refused, why and what to do (never "reload the page"), counted in /metrics
// (hub_refusals_total{where="profile"}) and logged (`profile.refused`, at most once per
// address a minute, with how many were left out).

import { expect } from "chai";
import { DEFAULTS } from "../../server/settings.js";
import { registry } from "../../server/ops/metrics.js";
import { freePort } from "../helpers/cluster.js";
import { bootHub, type TestHub } from "../helpers/hub.js";
import { captureLogs } from "../helpers/logLines.js";
import { metricValue, parseScrape } from "../helpers/metrics.js";

interface Answer {
  status: number;
  body: any;
  retryAfter: string | null;
}

async function call(hub: TestHub, method: string, path: string, body?: unknown, key?: string): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${hub.port}${path}`, {
    method,
    headers: { ...(body ? { "Content-Type": "application/json" } : {}), ...(key ? { Authorization: `Bearer ${key}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null), retryAfter: res.headers.get("retry-after") };
}

const refusals = async (code: string) => metricValue(parseScrape(await registry.metrics()), "hub_refusals_total", { where: "profile", code });

describe("profiles behind one address", function () {
  this.timeout(60_000);

  describe("the hub's own bounds", () => {
    let hub: TestHub;
    let clock = 1_000_000;
    before(async () => {
      // the hub's real per-address limits, and a clock the test moves (five minutes pass)
      hub = await bootHub(await freePort(), { admission: DEFAULTS.admission, profileApi: { now: () => clock } });
    });
    after(async () => hub?.shutdown());

    it("40 new browsers from one address in five minutes all get a profile and My games", async () => {
      const keys: string[] = [];
      // a classroom: half arrive together, the rest over the next five minutes
      for (let i = 0; i < 40; i++) {
        if (i >= 20) clock += 15_000;
        const made = await call(hub, "POST", "/api/profiles", { name: `Pupil ${i + 1}` });
        expect(made.status, `browser ${i + 1}: ${JSON.stringify(made.body)}`).to.equal(201);
        keys.push(made.body.key);
      }
      expect(new Set(keys).size).to.equal(40);
      for (const key of keys) {
        const mine = await call(hub, "GET", "/api/profile/games", undefined, key);
        expect(mine.status).to.equal(200);
        expect(mine.body.games).to.deep.equal([]);
      }
    });
  });

  describe("a bound that is hit", () => {
    let hub: TestHub;
    let clock = 5_000_000;
    before(async () => {
      hub = await bootHub(await freePort(), { admission: DEFAULTS.admission, profileApi: { now: () => clock, profilesPerDay: 3, createRate: { burst: 2, perSecond: 1 / 5 } } });
    });
    after(async () => hub?.shutdown());

    it("is refused in words (what, why, what to do), counted in /metrics and logged once a minute per address", async () => {
      const logs = captureLogs("info");
      try {
        const burstBefore = await refusals("rate-limited");
        const dayBefore = await refusals("too-many-profiles");

        // two at once, then the third waits for the burst to refill: said with the wait
        expect((await call(hub, "POST", "/api/profiles", { name: "A" })).status).to.equal(201);
        expect((await call(hub, "POST", "/api/profiles", { name: "B" })).status).to.equal(201);
        const busy = await call(hub, "POST", "/api/profiles", { name: "C" });
        expect(busy.status).to.equal(429);
        expect(busy.body.code).to.equal("rate-limited");
        expect(busy.retryAfter).to.equal("5");
        expect(busy.body.retryAfterSeconds).to.equal(5);
        expect(busy.body.message).to.match(/new profiles/i).and.to.match(/your network|your address/i).and.to.match(/5 s/);
        expect(busy.body.message).to.not.match(/reload/i);
        expect(await refusals("rate-limited")).to.equal(burstBefore + 1);

        // past the day's bound: said with why and what to do
        clock += 5_000;
        expect((await call(hub, "POST", "/api/profiles", { name: "C" })).status).to.equal(201);
        clock += 60_000;
        const full = await call(hub, "POST", "/api/profiles", { name: "D" });
        expect(full.status).to.equal(429);
        expect(full.body.code).to.equal("too-many-profiles");
        expect(full.body.message).to.match(/3 new profiles a day/).and.to.match(/your network|your address/i).and.to.match(/tomorrow|another device/i);
        expect(full.body.message).to.not.match(/reload/i);
        expect(await refusals("too-many-profiles")).to.equal(dayBefore + 1);

        // many more refusals within the minute: all counted, one more log line at most
        for (let i = 0; i < 10; i++) {
          clock += 5_000;
          expect((await call(hub, "POST", "/api/profiles", { name: "E" })).status).to.equal(429);
        }
        expect(await refusals("too-many-profiles")).to.equal(dayBefore + 11);
        let lines = logs.lines.filter((l) => l.event === "profile.refused");
        expect(lines.map((l) => l.code)).to.deep.equal(["rate-limited", "too-many-profiles"]);
        expect(lines[1]).to.include({ level: "warn", address: "127.0.0.1", perDay: 3 });
        // a minute later the next refusal is logged again, with how many were left out meanwhile
        clock += 61_000;
        expect((await call(hub, "POST", "/api/profiles", { name: "F" })).status).to.equal(429);
        lines = logs.lines.filter((l) => l.event === "profile.refused");
        expect(lines).to.have.length(3);
        expect(lines[2]).to.include({ code: "too-many-profiles", suppressed: 10 });
      } finally {
        logs.restore();
      }
    });
  });
});
