// Browser test: the hub is an installable web app whose offline solo survives a reload with
// no network. The page is loaded once online, the service worker takes control and stores
// the build; then the network is cut (context.setOffline, and the hub itself is shut down,
// because Chromium's offline emulation does not reach a service worker's own fetches) and a
// reload still opens offline solo, which is played.
import { expect } from "chai";
import { LAX_ADDRESS_LIMITS } from "../helpers/hub.js";
import { DESKTOP, PHONE, clickCell, screenshot, useBrowserHub, waitHub } from "../helpers/e2e.js";

describe("e2e: installable hub, offline solo after a reload", function () {
  this.timeout(90_000);
  // a fresh hub per test: each one shuts its hub down to cut the network; a reload with the
  // hub gone logs the failed checks for a newer service worker
  const suite = useBrowserHub({
    config: () => LAX_ADDRESS_LIMITS,
    hubPerTest: true,
    tolerated: /WebSocket|ERR_|net::|Failed to fetch|service worker|sw\.js|offline copy/i,
  });

  for (const [label, device] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    it(`${label}: installable; offline solo reloads and plays with the network off`, async () => {
      const { page, context } = await suite.open({ ...device, serviceWorkers: "allow" }, "#/offline/beginner");
      await waitHub(page, (x) => x.page === "offline" && x.ready === true, "the offline board");
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });

      // the browser's own verdict: installable, with the manifest's icons
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
      // every test context is an incognito one, which Chromium never installs from; nothing else may be missing
      expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito"), "installability errors").to.deep.equal([]);
      const { errors } = (await cdp.send("Page.getAppManifest")) as { errors: { message: string }[] };
      expect(errors.map((e) => e.message), "manifest errors").to.deep.equal([]);
      const manifest = await page.evaluate(async () => (await fetch("./manifest.webmanifest")).json());
      expect(manifest).to.include({ name: "Game Hub", display: "standalone" });
      expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).to.include.members(["192x192", "512x512"]);

      // one cache, this build's, holding index.html and every chunk offline solo needs
      const cached = await page.evaluate(async () => {
        const names = (await caches.keys()).filter((n) => n.startsWith("hub-"));
        const keys = (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname);
        return { names, keys };
      });
      expect(cached.names).to.have.length(1);
      expect(cached.keys).to.include.members(["/index.html", "/manifest.webmanifest", "/icons/icon-192.png"]);
      expect(cached.keys.some((k) => /^\/assets\/offline-.*\.js$/.test(k))).to.equal(true);

      // the network goes away: the browser is offline and the hub is down
      await context.setOffline(true);
      await suite.stopHub();
      expect(await page.evaluate(() => fetch("/api/rooms").then(() => "reached", () => "unreachable"))).to.equal("unreachable");

      const answer = await page.reload();
      expect(answer?.fromServiceWorker(), "the page came from the service worker").to.equal(true);
      let s = await waitHub(page, (x) => x.page === "offline" && x.ready === true && x.rows === 9, "the offline board after an offline reload");
      expect(s).to.include({ route: "#/offline/beginner", mode: "offline", phase: "fresh" });
      await clickCell(page, 4, 4);
      s = await waitHub(page, (x) => x.phase === "active", "the first reveal, offline");
      expect(s.cells![4 * 9 + 4]).to.equal(0);
      await screenshot(page, `offline-pwa-reloaded-${label}`);
    });
  }
});
