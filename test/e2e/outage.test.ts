// The client during a hub outage: a real hub process on a real redis-server that is paused
// (SIGSTOP) while a player starts a game from the lobby. The lobby says "The hub is briefly
// unavailable; try again in a few seconds." and that it is trying again by itself, keeps
// trying, and opens the game once Redis answers again — no click needed, no raw error text.
// Desktop and a phone-sized touch screen; screenshots in test-results/.
import { expect } from "chai";
import type { Browser } from "playwright-core";
import { findRedisServer, freePort, startHubProcess, type HubProcess, type RedisServer, startRedis } from "../helpers/cluster.js";
import { DESKTOP, EXPECTED_PAGE_ERRORS, PHONE, hub, releaseChromium, sharedChromium, OpenedPages, screenshot, waitHub } from "../helpers/e2e.js";

const UNAVAILABLE = "The hub is briefly unavailable; try again in a few seconds.";

describe("e2e: the lobby while the hub is briefly unavailable", function () {
  this.timeout(120_000);
  let redis: RedisServer | undefined;
  let server: HubProcess | undefined;
  let browser: Browser | undefined;
  let pages: OpenedPages;
  let paused = false;

  before(async function () {
    const bin = findRedisServer();
    if (!bin) {
      if (process.env.CI === "true") throw new Error("redis-server is not installed: this test needs it (.ci/run installs it).");
      this.skip();
    }
    redis = await startRedis(bin!);
    const port = await freePort();
    server = await startHubProcess("hub", { PORT: String(port), REDIS_URL: redis.url, PUBLIC_ADDRESS: `127.0.0.1:${port}` });
    browser = await sharedChromium();
    // the browser logs each 503 answer of the outage as a failed resource load: expected here
    pages = new OpenedPages(() => browser!, () => server!.http, new RegExp(`${EXPECTED_PAGE_ERRORS.source}|status of 503`));
  });
  afterEach(async () => {
    if (paused) redis?.proc.kill("SIGCONT");
    paused = false;
    await pages?.closeAll();
  });
  after(async () => {
    await releaseChromium(browser);
    await server?.stop("SIGINT");
    await redis?.stop("SIGTERM");
  });

  for (const [label, options] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    it(`${label}: says so, tries again by itself, and opens the game once the hub answers`, async () => {
      const { page } = await pages.open(options, "#/games/connect4");
      await page.waitForSelector("#connect4-solo-btn");
      await page.fill("input[name=name]", "Pat");
      redis!.proc.kill("SIGSTOP");
      paused = true;
      await page.click("#connect4-solo-btn");
      const status = page.locator(".lobby-status.retrying");
      await status.waitFor({ timeout: 20_000 });
      const text = (await status.textContent()) ?? "";
      expect(text).to.include(UNAVAILABLE);
      expect(text).to.match(/Trying again by itself in \d+ s \(try \d of 8\)/);
      expect(text, "no library words").to.not.match(/socket hang up|ServerError|503|\[object/);
      await status.scrollIntoViewIfNeeded();
      await screenshot(page, `outage-retrying-${label}`);
      // the next try comes by itself: a second notice with a later try number
      await page.waitForFunction(() => /try [3-8] of 8/.test(document.querySelector(".lobby-status")?.textContent ?? ""), undefined, { timeout: 20_000 });

      redis!.proc.kill("SIGCONT");
      paused = false;
      const s = await waitHub(page, (h) => (h as { game?: string }).game === "connect4" && h.phase === "playing", "the game, opened by itself", 40_000);
      expect(s.seat).to.equal(0);
      expect(await page.locator(".lobby-status").textContent().catch(() => "")).to.not.include(UNAVAILABLE);
      await screenshot(page, `outage-recovered-${label}`);
      expect((await hub(page)).phase).to.equal("playing");
    });
  }
});
